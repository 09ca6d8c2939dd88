#!/usr/bin/env node
// A minimal Orbit Dominion 4.2 engine in JavaScript (Node, no dependencies), speaking the
// adjudicator engine protocol. It is written from the docs alone, to show that the protocol
// and the suite do not depend on Python: it answers `evaluate` and `perft` (with `divide`),
// takes `history` and names the violation code of a rejected action. It declares no lenient
// notation and no error handling beyond the basics, so a conformance run skips those cases.
//
// Written from these sections of the docs (a test checks that each exists):
//   docs/protocol.md: A session | Envelope | `hello` | Orbit Dominion: `evaluate` | Orbit Dominion: `perft` | Errors
//   docs/conformance.md: Running it against your engine | Implementing the protocol | The case format
//   docs/engines/orbit-dominion.md: Positions | The claim | perft | Violation codes | Outcome reasons | Features and what each obliges
//
// Run it through the suite:
//   adjudicator conformance run --engine "node examples/minimal_engine.js"
"use strict";

const readline = require("node:readline");

const GAME = "orbit-dominion/4.2";
const START = "r....bb....r/rr....bb..../R....bB....r r 0 -";
const ORBITS = "OMI"; // outer, middle, inner: cell = orbit * 12 + sector
const GATES = { r: ["I6", "M6"], b: ["I0", "M0"] }; // the enemy gates each side must hold
const MOVE_LIMIT = 120;
const SIDE_NAMES = { r: "red", b: "blue" };

const cellName = (cell) => ORBITS[Math.floor(cell / 12)] + (cell % 12);
const orbitOf = (cell) => Math.floor(cell / 12);
const along = (cell, step) => orbitOf(cell) * 12 + ((((cell % 12) + step) % 12) + 12) % 12;
const enemyOf = (side) => (side === "r" ? "b" : "r");

function parseCell(text) {
  const m = /^([OMI])(0|[1-9]|1[01])$/.exec(text);
  return m ? ORBITS.indexOf(m[1]) * 12 + Number(m[2]) : null;
}

// Sectors adjacent to a cell: both neighbours on its orbit, the same number on the next orbits.
function neighbours(cell) {
  const out = [along(cell, 1), along(cell, -1)];
  if (cell >= 12) out.push(cell - 12);
  if (cell < 24) out.push(cell + 12);
  return out;
}

class Problem extends Error {
  constructor(code, message, field) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

// A position: 36 cells, the side to move, actions made so far, and whether the side to move
// claims the gates (it held both enemy gates right after its own previous action).
class Position {
  constructor(cells, side, ply, claim) {
    Object.assign(this, { cells, side, ply, claim });
  }

  static parse(text, field) {
    const parts = typeof text === "string" ? text.trim().split(" ") : [];
    const bad = (why) => new Problem("malformed_position", `${field}: ${why}`, field);
    if (parts.length !== 4) throw bad("expected '<O>/<M>/<I> <side> <ply> <claim>'");
    const [board, side, ply, claim] = parts;
    const rows = board.split("/");
    if (rows.length !== 3 || rows.some((r) => !/^[.rRbB]{12}$/.test(r))) {
      throw bad("each orbit is 12 cells of . r R b B");
    }
    if (side !== "r" && side !== "b") throw bad("the side to move is r or b");
    if (!/^(0|[1-9]\d*)$/.test(ply) || Number(ply) > MOVE_LIMIT) throw bad("ply is 0-120");
    if (claim !== "-" && claim !== side) throw bad("the claim is - or the side to move");
    return new Position([...rows.join("")], side, Number(ply), claim !== "-");
  }

  text() {
    const c = this.cells.join("");
    const claim = this.claim ? this.side : "-";
    return `${c.slice(0, 12)}/${c.slice(12, 24)}/${c.slice(24)} ${this.side} ${this.ply} ${claim}`;
  }

  // What the threefold ban compares: every ship and the side to move.
  key() {
    return this.cells.join("") + this.side;
  }

  owner(cell) {
    const c = this.cells[cell];
    return c === "." ? null : c.toLowerCase();
  }

  flagship(side) {
    return this.cells.indexOf(side.toUpperCase());
  }

  normals(side) {
    return this.cells.filter((c) => c === side).length;
  }

  // Ships of `side` stand on at least two sectors adjacent to the enemy flagship.
  pincer(side) {
    const flag = this.flagship(enemyOf(side));
    return flag >= 0 && neighbours(flag).filter((n) => this.owner(n) === side).length >= 2;
  }

  holdsGates(side) {
    return GATES[side].every((g) => this.owner(parseCell(g)) === side);
  }
}

// Why `action` is not allowed by articles 3-7 (before the threefold ban), or null.
function violation(pos, action) {
  const me = pos.side;
  const enemy = enemyOf(me);
  const rotation = /^([OMI])([+-])$/.exec(action);
  if (rotation) {
    const orbit = ORBITS.indexOf(rotation[1]) * 12;
    const own = pos.cells.slice(orbit, orbit + 12).filter((c) => c.toLowerCase() === me).length;
    return own >= 2 ? null : "rotation_needs_two_ships";
  }
  const [src, sep, dst] = splitMove(action);
  if (pos.owner(src) === null) return "no_ship_at_origin";
  if (pos.owner(src) !== me) return "not_own_ship";
  if (src === dst) return "same_sector";
  const target = pos.owner(dst);
  if (orbitOf(src) === orbitOf(dst)) {
    if (sep === "<>") return "swap_along_orbit";
    const forward = (dst - src + 12) % 12;
    const distance = Math.min(forward, 12 - forward);
    if (distance > 2) return "navigation_too_far";
    if (sep === "x") {
      if (target !== enemy) return "nothing_to_capture";
      if (distance === 2) return "capture_two_away";
      if (pos.cells[dst] === enemy.toUpperCase()) {
        const helpers = neighbours(dst).filter((n) => n !== src && pos.owner(n) === me);
        if (helpers.length === 0) return "flagship_capture_unsupported";
      }
      return null;
    }
    if (distance === 2) {
      const passed = along(src, forward === 2 ? 1 : -1);
      if (pos.owner(passed) !== null) return "path_blocked";
      if (target === enemy) return "capture_two_away";
    }
    if (target === me) return "navigation_onto_own";
    if (target === enemy) throw notCanonical(action, `${cellName(src)}x${cellName(dst)}`);
    return null;
  }
  if (dst % 12 !== src % 12) return "sectors_not_connected";
  if (Math.abs(orbitOf(dst) - orbitOf(src)) !== 1) return "jump_across_two_orbits";
  if (target === me) return "jump_onto_own";
  if (sep === "x") return "capture_by_jump";
  if (sep === "<>") return target === enemy ? null : "nothing_to_swap";
  if (target === enemy) throw notCanonical(action, `${cellName(src)}<>${cellName(dst)}`);
  return null;
}

function notCanonical(written, canonical) {
  return new Problem("noncanonical_notation", `'${written}' is written ${canonical}`);
}

function splitMove(action) {
  const m = /^([OMI]\d+)(-|x|<>)([OMI]\d+)$/.exec(action);
  const src = m && parseCell(m[1]);
  const dst = m && parseCell(m[3]);
  if (src === null || dst === null) {
    throw new Problem("malformed_action", `'${action}' is not an action`);
  }
  return [src, m[2], dst];
}

// The position after an allowed action, and what the action wins (article 7, 8; result order).
function play(pos, action) {
  const cells = [...pos.cells];
  const me = pos.side;
  const enemy = enemyOf(me);
  let won = null;
  const rotation = /^([OMI])([+-])$/.exec(action);
  if (rotation) {
    const orbit = ORBITS.indexOf(rotation[1]) * 12;
    const ring = pos.cells.slice(orbit, orbit + 12);
    const turned =
      rotation[2] === "+" ? [ring[11], ...ring.slice(0, 11)] : [...ring.slice(1), ring[0]];
    cells.splice(orbit, 12, ...turned);
  } else {
    const [src, sep, dst] = splitMove(action);
    if (sep === "<>") {
      [cells[src], cells[dst]] = [pos.cells[dst], pos.cells[src]];
    } else {
      const captured = pos.cells[dst];
      cells[dst] = pos.cells[src];
      cells[src] = ".";
      if (captured === enemy.toUpperCase()) won = "flagship_capture";
      else if (captured === enemy && !cells.includes(enemy)) won = "annihilation";
    }
  }
  const after = new Position(cells, enemy, pos.ply + 1, false);
  if (won === null && after.pincer(me) && !pos.pincer(me)) won = "pincer";
  // The claim belongs to the side to move: set when it held both enemy gates right after
  // its own previous action, i.e. when `enemy` (now to move) holds them in `pos`.
  after.claim = pos.holdsGates(enemy);
  return { after, won };
}

// Every action allowed by articles 3-7, in canonical notation.
function candidates(pos) {
  const out = [];
  const me = pos.side;
  for (let cell = 0; cell < 36; cell++) {
    if (pos.owner(cell) !== me) continue;
    for (const step of [1, -1]) {
      for (const dst of [along(cell, step), along(cell, 2 * step)]) {
        for (const sep of ["-", "x"]) {
          const action = cellName(cell) + sep + cellName(dst);
          if (allowed(pos, action)) out.push(action);
        }
      }
    }
    for (const dst of neighbours(cell).slice(2)) {
      const action = cellName(cell) + (pos.owner(dst) === null ? "-" : "<>") + cellName(dst);
      if (allowed(pos, action)) out.push(action);
    }
  }
  for (const orbit of ORBITS) {
    for (const turn of "+-") if (violation(pos, orbit + turn) === null) out.push(orbit + turn);
  }
  return out;
}

function allowed(pos, action) {
  try {
    return violation(pos, action) === null;
  } catch {
    return false;
  }
}

// A game: the position, how often each position stood (threefold ban), and the result.
class Game {
  constructor(start, history) {
    this.pos = start;
    this.seen = new Map();
    for (const p of [...history, start]) this.count(p);
    this.result = null;
  }

  count(pos) {
    this.seen.set(pos.key(), (this.seen.get(pos.key()) || 0) + 1);
  }

  legal() {
    const times = (action) => this.seen.get(play(this.pos, action).after.key()) || 0;
    return candidates(this.pos).filter((action) => times(action) < 2);
  }

  // What the turn start decides, in order: gate control, the move limit, no legal action
  // (`legal`, when the caller has the legal actions already).
  turnStart(legal = null) {
    const pos = this.pos;
    const me = pos.side;
    if (pos.claim && pos.holdsGates(me)) return [me, "gate_control"];
    if (pos.ply >= MOVE_LIMIT) {
      const mine = pos.normals(me);
      const theirs = pos.normals(enemyOf(me));
      return [mine === theirs ? "draw" : mine > theirs ? me : enemyOf(me), "move_limit"];
    }
    if ((legal ?? this.legal()).length === 0) return [enemyOf(me), "no_legal_moves"];
    return null;
  }

  decided() {
    if (this.result === null) {
      const start = this.turnStart();
      if (start) this.result = { winner: start[0], reason: start[1], at: this.pos.ply };
    }
    return this.result;
  }

  // Plays `action`, or returns the violation code; a rejected action changes nothing.
  attempt(action) {
    if (this.decided()) return "game_over";
    const code = violation(this.pos, action);
    if (code) return code;
    const { after, won } = play(this.pos, action);
    if ((this.seen.get(after.key()) || 0) >= 2) return "threefold_repetition";
    this.pos = after;
    this.count(after);
    if (won) this.result = { winner: enemyOf(after.side), reason: won, at: after.ply };
    return null;
  }

  // perft as docs/orbit-dominion.md defines it; the history of the line is kept in `seen`
  // and undone after each action.
  perft(depth) {
    if (depth === 0) return 1;
    const legal = this.legal();
    if (this.turnStart(legal)) return 0;
    if (depth === 1) return legal.length;
    let nodes = 0;
    for (const action of legal) nodes += this.under(action, depth);
    return nodes;
  }

  // The count under one legal action: 1 at depth 1, 0 if it ends the game, else perft below.
  under(action, depth) {
    if (depth === 1) return 1;
    const { after, won } = play(this.pos, action);
    if (won) return 0;
    const saved = this.pos;
    this.pos = after;
    this.count(after);
    const nodes = this.perft(depth - 1);
    this.seen.set(after.key(), this.seen.get(after.key()) - 1);
    this.pos = saved;
    return nodes;
  }
}

function replay(request) {
  const start = (request.start ?? "standard") === "standard" ? START : request.start;
  const history = (request.history || []).map((h, i) => Position.parse(h, `history[${i}]`));
  const game = new Game(Position.parse(start, "start"), history);
  let illegalAt = null;
  let code = null;
  (request.moves || []).forEach((action, i) => {
    let found;
    try {
      found = game.attempt(action);
    } catch (problem) {
      if (problem instanceof Problem) problem.field = `moves[${i}]`;
      throw problem;
    }
    if (found && illegalAt === null) [illegalAt, code] = [i, found];
  });
  return { game, illegalAt, code };
}

function evaluate(request) {
  const { game, illegalAt, code } = replay(request);
  for (const [field, reason] of [["resign", "resignation"], ["forfeit", "forfeit"]]) {
    const who = request[field];
    if (who && !game.decided()) {
      const side = who === "red" ? "r" : who === "blue" ? "b" : "draw";
      const winner = field === "resign" ? enemyOf(side) : side;
      game.result = { winner, reason, at: game.pos.ply };
    }
  }
  const result = game.decided();
  return {
    illegal_at: illegalAt,
    violation: code,
    position: game.pos.text(),
    outcome: result && {
      winner: SIDE_NAMES[result.winner] || "draw",
      reason: result.reason,
      decided_at: result.at,
    },
    legal_moves: result ? [] : game.legal().sort(),
  };
}

function perft(request) {
  const { game, illegalAt } = replay(request);
  if (illegalAt !== null) {
    throw new Problem("illegal_line", `moves[${illegalAt}] is not legal`, `moves[${illegalAt}]`);
  }
  const depth = request.depth;
  if (!Number.isInteger(depth) || depth < 0 || depth > 8) {
    throw new Problem("bad_request", "depth is 0-8", "depth");
  }
  if (!request.divide) return { nodes: game.perft(depth) };
  const divide = {};
  if (depth > 0 && !game.turnStart()) {
    for (const action of game.legal().sort()) divide[action] = game.under(action, depth);
  }
  const nodes = depth === 0 ? 1 : Object.values(divide).reduce((a, b) => a + b, 0);
  return { nodes, divide };
}

function answer(request) {
  if (request.cmd === "hello") {
    return {
      protocol: 1,
      engine: { name: "minimal-engine-js", version: "1" },
      games: [GAME],
      features: { [GAME]: ["history", "perft", "perft_divide", "violation_codes"] },
    };
  }
  if (request.game !== GAME) throw new Problem("unknown_game", `only ${GAME}`, "game");
  if (request.cmd === "evaluate") return evaluate(request);
  if (request.cmd === "perft") return perft(request);
  throw new Problem("unknown_command", "only hello, evaluate and perft", "cmd");
}

// One JSON line in, exactly one JSON line out; the engine never stops on a bad line.
readline.createInterface({ input: process.stdin, terminal: false }).on("line", (line) => {
  let id = null;
  let response;
  try {
    const request = JSON.parse(line);
    if (request === null || typeof request !== "object" || Array.isArray(request)) {
      throw new Problem("bad_request", "a request is a JSON object");
    }
    id = request.id === undefined ? null : request.id;
    response = { id, ...answer(request) };
  } catch (err) {
    let code = "internal_error";
    if (err instanceof Problem) code = err.code;
    else if (err instanceof SyntaxError) code = "bad_json";
    if (code === "internal_error") console.error(err);
    response = { id, error: { code, message: err.message, field: err.field ?? null } };
  }
  process.stdout.write(JSON.stringify(response) + "\n");
});
