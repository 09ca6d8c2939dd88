"use strict";
// The report's viewer: the table of records (sort, filter), and a record opened from the
// URL fragment (#r=N&ply=K) with its plies stepped through by buttons or the arrow keys.
// Each record's data sits compressed in <script id="rN"> and is read only when opened.
// With a correction (validate --html --repair), its game is stepped through beside the
// written one: the same ply on both boards, drawn by the same code.
(function () {
  const L = JSON.parse(document.getElementById("labels").textContent);
  const INDEX = JSON.parse(document.getElementById("index").textContent);
  const BOARDS = JSON.parse(document.getElementById("boards").textContent);
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const fill = (s, args) => s.replace(/\{(\w+)\}/g, (_, k) => String(args[k]));
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };
  let sortKey = null, sortUp = true;
  const cache = new Map();
  let current = null; // {n, data, ply}
  const REPAIRING = $("table").classList.contains("repairing");

  // --- the table ---------------------------------------------------------------------
  const games = [...new Set(INDEX.map((r) => r[1]))].sort();
  for (const g of games) $("f-game").appendChild(el("option", { value: g }, g));

  function rowsShown() {
    const st = $("f-status").value, g = $("f-game").value;
    const text = $("f-text").value.trim().toLowerCase();
    let rows = INDEX.map((r, n) => [n, r]).filter(([, r]) =>
      (!st || r[2] === st) && (!g || r[1] === g) &&
      (!text || [r[0], r[4], r[8], r[9] || ""].join(" ").toLowerCase().includes(text)));
    if (sortKey !== null) {
      const k = sortKey;
      rows.sort(([, a], [, b]) => {
        const x = a[k], y = b[k];
        const c = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return sortUp ? c : -c;
      });
    }
    return rows;
  }

  function rowElement(n, r) {
    const tr = el("tr", { "data-n": n, "class": "st-" + r[2] });
    const a = el("a", { href: "#r=" + n }, r[0]);
    const td = el("td"); td.appendChild(a); tr.appendChild(td);
    tr.appendChild(el("td", {}, r[1]));
    tr.appendChild(el("td", { "class": "status" }, L["status_" + r[2]]));
    // r[3] and r[5] are the ply and the length as numbers (sorted by), r[6] and r[7] as
    // the game says them (41手目, 6ターン目), as the viewer names them
    tr.appendChild(el("td", { "class": "num" }, r[6] === null ? "" : r[6]));
    // the article (or why the record is unreadable) in words; its code, for programs, on hover
    const article = el("td", { "class": "article", "title": r[4] });
    article.appendChild(el("div", { "class": "clamp" }, r[8]));
    tr.appendChild(article);
    tr.appendChild(el("td", { "class": "num" }, r[7]));
    if (REPAIRING) tr.appendChild(el("td", { "class": "fix" }, r[9]));
    return tr;
  }

  // The first screenful at once, the rest a chunk per frame: a table of thousands of
  // records shows at once and stays responsive while it fills.
  let filling = 0;
  function renderTable() {
    const body = $("rows");
    const rows = rowsShown();
    const run = ++filling;
    let next = 0;
    const chunk = (size) => {
      if (run !== filling) return; // a newer sort or filter took over
      const frag = document.createDocumentFragment();
      for (const end = Math.min(rows.length, next + size); next < end; next++) {
        frag.appendChild(rowElement(rows[next][0], rows[next][1]));
      }
      body.appendChild(frag);
      if (next < rows.length) requestAnimationFrame(() => chunk(1000));
    };
    body.replaceChildren();
    chunk(100);
    if (run === 1) performance.mark("table-shown"); // the first screenful, for measurements
    $("shown").textContent = fill(L.shown, { n: rows.length });
  }

  for (const b of document.querySelectorAll("#table th button")) {
    b.addEventListener("click", () => {
      const k = Number(b.dataset.key);
      sortUp = sortKey === k ? !sortUp : true;
      sortKey = k;
      for (const o of document.querySelectorAll("#table th")) o.removeAttribute("aria-sort");
      b.parentElement.setAttribute("aria-sort", sortUp ? "ascending" : "descending");
      renderTable();
    });
  }
  for (const id of ["f-status", "f-game", "f-text"]) $(id).addEventListener("input", renderTable);

  // --- a record's data ---------------------------------------------------------------
  async function load(n) {
    if (cache.has(n)) return cache.get(n);
    let node = $("r" + n);
    if (!node) {
      await new Promise((ok) => document.readyState === "loading"
        ? document.addEventListener("DOMContentLoaded", ok, { once: true }) : ok());
      node = $("r" + n);
    }
    const bytes = Uint8Array.from(atob(node.textContent), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    const data = JSON.parse(await new Response(stream).text());
    cache.set(n, data);
    return data;
  }

  // A ply as the record's game says it (its data's names), else its number.
  const plyName = (data, ply) => (data.names && data.names[ply]) || String(ply);

  function verdictBlock(v, data) {
    const interp = data.interp;
    const box = el("div", { "class": "verdict st-" + v.status });
    box.appendChild(el("p", { "class": "status" }, L["status_" + v.status]));
    const p = v.problem, u = v.unreadable;
    if (p) {
      // the code is for programs (JSON, CSV): here it is shown on hover
      const head = el("p", { "class": "problem", "title": p.code });
      if (p.ply !== undefined) {
        head.appendChild(el("span", { "class": "at unit" }, fill(L.at_ply, { ply: plyName(data, p.ply) })));
        head.appendChild(document.createTextNode(" "));
      }
      if (p.action) head.appendChild(el("code", { "class": "action" }, p.action));
      box.appendChild(head);
      if (p.citation) box.appendChild(el("p", { "class": "citation" }, p.citation));
      box.appendChild(el("p", { "class": "message" }, p.message));
      if (p.suggestion) box.appendChild(el("p", {}, fill(L.suggestion, { suggestion: p.suggestion })));
    }
    if (u) box.appendChild(el("p", { "class": "message", "title": u.code }, u.message));
    if (v.pending && v.pending.length) {
      box.appendChild(el("h3", {}, L.pending));
      const ul = el("ul", { "class": "pending" });
      for (const c of v.pending) {
        ul.appendChild(el("li", {}, fill(L.at_ply, { ply: plyName(data, c.ply) }) + ": " + c.description + " (" + c.citation + ")"));
      }
      box.appendChild(ul);
    }
    if (v.warnings && v.warnings.length) {
      box.appendChild(el("h3", {}, L.warnings));
      const ul = el("ul");
      for (const w of v.warnings) ul.appendChild(el("li", { "title": w.code }, w.location + ": " + w.message));
      box.appendChild(ul);
    }
    if (interp && interp.length) {
      // each by its title, its id on hover
      const line = el("p", { "class": "interp" }, L.interpretations + ": ");
      interp.forEach(([title, id], i) => {
        if (i) line.appendChild(document.createTextNode(L.list_sep));
        line.appendChild(el("span", { "title": id }, title));
      });
      box.appendChild(line);
    }
    return box;
  }

  // What a record's correction says, as text: the edits, that the corrected record was
  // validated, what was searched (or why nothing was).
  function fixBlock(fix) {
    const box = el("div", { "class": "fix st-" + fix.status });
    if (fix.head) box.appendChild(el("p", { "class": "head" }, fix.head));
    if (fix.edits) {
      const ul = el("ul", { "class": "edits" });
      for (const e of fix.edits) { const li = el("li"); li.appendChild(el("code", {}, e)); ul.appendChild(li); }
      box.appendChild(ul);
    }
    for (const line of fix.lines) box.appendChild(el("p", {}, line));
    return box;
  }

  // The frames stepped through: the written record's, and a correction's when it has one.
  const fixed = (data) => (data.fix && data.fix.frames ? data.fix : null);
  const plyCount = (data) => Math.max(data.n, fixed(data) ? data.fix.frames.n : 0);

  // Frame `ply` of `frames` (a record's columns, parts and size) drawn into `box`.
  function drawFrame(box, frames, ply) {
    const f = { b: frames.b[ply], l: frames.l[ply], t: frames.t[ply], d: frames.d[ply] };
    if (f.l === null) {
      box.replaceChildren(el("p", { "class": "none" }, L.no_picture));
      return;
    }
    // The board and the layer are SVG the package drew (its text escaped there); the
    // title and the description are text, set as text: nothing here escapes anything.
    box.innerHTML =
      `<svg xmlns="${SVG}" viewBox="0 0 ${Number(frames.w)} ${Number(frames.h)}" role="img">` +
      `${BOARDS[f.b]}${f.l.map((i) => frames.parts[i]).join("")}</svg>`;
    const svg = box.firstElementChild;
    svg.setAttribute("aria-label", f.t);
    const title = document.createElementNS(SVG, "title"), desc = document.createElementNS(SVG, "desc");
    title.textContent = f.t;
    desc.textContent = f.d;
    svg.prepend(title, desc);
  }

  // The event that led to a frame (or was refused there), marked when a correction edited it.
  function eventLine(box, e, refused, edited) {
    box.replaceChildren();
    if (e !== null && e !== undefined) {
      box.appendChild(el("code", {}, e));
      if (refused) box.appendChild(el("strong", { "class": "refused" }, " " + L.refused));
      if (edited) box.appendChild(el("strong", { "class": "edited" }, " " + L.edited));
    }
    box.className = "event" + (refused ? " refused" : "") + (edited ? " edited" : "");
  }

  function showPly(ply) {
    const data = current.data, count = plyCount(data), fix = fixed(data);
    $("v-stage").hidden = !count; // an unreadable record has no plies to show
    if (!count) return;
    ply = Math.max(0, Math.min(count - 1, ply));
    current.ply = ply;
    // past its refused ply the written record stays where it stopped
    const wp = Math.min(ply, data.n - 1);
    const writtenEdited = !!fix && wp === ply && fix.wp.includes(ply);
    drawFrame($("v-board"), data, wp);
    eventLine($("v-event"), data.e[wp], data.x[wp], writtenEdited);
    $("v-written").classList.toggle("edited", writtenEdited);
    if (fix) {
      const cp = Math.min(ply, fix.frames.n - 1), edited = cp === ply && fix.cp.includes(ply);
      drawFrame($("v-fixed-board"), fix.frames, cp);
      eventLine($("v-fixed-event"), fix.frames.e[cp], 0, edited);
      $("v-corrected").classList.toggle("edited", edited);
      $("v-written-caption").textContent = wp < ply ? fill(L.written_ends, { ply: wp }) : L.written;
    }
    $("v-ply").textContent = ply === 0 ? L.start : fill(L.ply_of, { ply: plyName(data, ply), n: data.total || count - 1 });
    for (const li of $("v-events").children) {
      const on = Number(li.dataset.ply) === ply;
      li.classList.toggle("current", on);
      if (on) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    }
    const list = $("v-events"), cur = list.querySelector(".current");
    if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
    $("b-first").disabled = $("b-prev").disabled = ply === 0;
    $("b-last").disabled = $("b-next").disabled = ply === count - 1;
  }

  async function openRecord(n, ply) {
    if (!(n in INDEX)) return;
    if (!current || current.n !== n) {
      $("records").hidden = $("summary").hidden = true;
      $("viewer").hidden = false;
      $("v-source").textContent = INDEX[n][0];
      $("v-verdict").replaceChildren(el("p", {}, L.loading));
      const data = await load(n);
      current = { n, data, ply: 0 };
      $("v-verdict").replaceChildren(verdictBlock(data.verdict, data));
      $("v-fix").replaceChildren(...(data.fix ? [fixBlock(data.fix)] : []));
      const fix = fixed(data);
      $("v-corrected").hidden = $("v-written-caption").hidden = !fix;
      $("v-stage").classList.toggle("paired", !!fix);
      const list = $("v-events");
      list.replaceChildren();
      data.e.forEach((e, i) => {
        const edited = fix && fix.wp.includes(i) ? " edited" : "";
        const li = el("li", { "data-ply": i, "class": (data.x[i] ? "refused" : "") + edited });
        // named as the game counts it (開始局面, 13手目, 3ターン目), kept whole; the event
        // as the record writes it (its own numbering, if any, is the record's)
        const a = el("a", { href: "#r=" + n + "&ply=" + i });
        a.appendChild(el("span", { "class": "unit" }, i === 0 ? L.start : plyName(data, i)));
        if (e !== null) { a.appendChild(document.createTextNode(" ")); a.appendChild(el("code", {}, e)); }
        li.appendChild(a);
        list.appendChild(li);
      });
    }
    showPly(ply === null ? current.data.open : ply);
  }

  function go(ply) {
    if (!current) return;
    const n = Math.max(0, Math.min(plyCount(current.data) - 1, ply));
    history.replaceState(null, "", "#r=" + current.n + "&ply=" + n);
    showPly(n);
  }

  function route() {
    const m = /^#r=(\d+)(?:&ply=(\d+))?$/.exec(location.hash);
    if (!m) {
      current = null;
      $("viewer").hidden = true;
      $("records").hidden = $("summary").hidden = false;
      return;
    }
    openRecord(Number(m[1]), m[2] === undefined ? null : Number(m[2]));
  }

  $("b-first").addEventListener("click", () => go(0));
  $("b-prev").addEventListener("click", () => go(current.ply - 1));
  $("b-next").addEventListener("click", () => go(current.ply + 1));
  $("b-last").addEventListener("click", () => go(Infinity));
  document.addEventListener("keydown", (e) => {
    if (!current || $("viewer").hidden || e.target.tagName === "INPUT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) { go(current.ply + moves[e.key]); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(Infinity); e.preventDefault(); }
  });
  window.addEventListener("hashchange", route);
  renderTable();
  route();
})();
