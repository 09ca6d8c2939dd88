"""The tournament report as one self-contained HTML file (``validate DIR --html FILE``).

A summary (counts per status and game), a sortable, filterable table of the records, and for
each record its verdict in the chosen language with a step-through viewer: the board at every
ply (the failing one with the offending action drawn), the event text beside it, buttons and
the ←/→ keys, and the ply in the URL fragment (``#r=12&ply=30``) so that a link points at it.

Nothing is fetched: CSS, script and pictures are inline. The report is written as verdicts
come: each record's data (its verdict and the picture layer of every ply, compressed) goes to
a spool file at once, and only a short index row per record stays in memory; the boards,
which every ply of a game shares, are stored once. The browser decompresses a record's data
only when it is opened, so a report of thousands of records opens as fast as its table.
"""

from __future__ import annotations

import base64
import tempfile
import zlib
from collections import Counter, deque
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.core.batch.files import Options
from adjudicator.core.i18n import Lang, templates
from adjudicator.core.judge.plies import count, ply_name
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.registry import Registry
from adjudicator.core.write.display import printable_data
from adjudicator.core.write.files import writing
from adjudicator.core.write.markup import script_json
from adjudicator.core.write.markup import text as escape
from adjudicator.core.write.report import counting_of
from adjudicator.core.write.report import labels as report_labels
from adjudicator.core.write.report_frames import Drawn, drawn_frames, frames_data, judged_record

if TYPE_CHECKING:
    from adjudicator.core.write.report_repair import RepairBudget

STATUSES = ("invalid", "unreadable", "pending", "valid")

#: The report's own words, by key: the id of each in the catalogue; statuses and verdict
#: texts come from the verdict and the report.
REPORT_LABELS: dict[str, str] = {
    "title": "core.report.title",
    "records": "core.report.records",
    "game": "core.report.game",
    "file": "core.report.file",
    "status": "core.report.status",
    "ply": "core.report.ply",
    "article": "core.report.article",
    "plies": "core.report.plies",
    "all": "core.report.all",
    "filter": "core.report.filter",
    "search": "core.report.search",
    "shown": "core.report.shown",
    "total": "core.report.total",
    "first": "core.report.first",
    "prev": "core.report.prev",
    "next": "core.report.next",
    "last": "core.report.last",
    "close": "core.report.close",
    "start": "core.report.start",
    "ply_of": "core.report.ply_of",
    "refused": "core.report.refused",
    "events": "core.report.events",
    "pending": "core.report.pending",
    "warnings": "core.report.warnings",
    "suggestion": "core.report.suggestion",
    "no_picture": "core.report.no_picture",
    "keys": "core.report.keys",
    "interpretations": "core.report.interpretations",
    "list_sep": "core.report.list_sep",
    "loading": "core.report.loading",
    "correction": "core.report.correction",
    "written": "core.report.written",
    "corrected": "core.report.corrected",
    "edited": "core.report.edited",
    "written_ends": "core.report.written_ends",
}


class RecordData(NamedTuple):
    """One record's data for the page, compressed and in base64; the boards its pictures
    use, by key; and, with a repair, what the table's row says of it (else ``None``)."""

    packed: str
    boards: dict[str, str]
    correction: str | None
    #: defects that cost the record (or its correction) its pictures, for the shell to say
    defects: tuple[str, ...] = ()


def record_data(
    registry: Registry,
    verdict: Verdict,
    options: Options,
    repair: RepairBudget | None = None,
) -> RecordData:
    """One record's data for the page; with ``repair``, an invalid record's best correction
    and its frames beside the written ones (:mod:`adjudicator.core.write.report_repair`)."""
    read = judged_record(registry, verdict, options)
    drawn = Drawn([]) if read is None else drawn_frames(*read, options)
    frames = drawn.frames
    defects = [] if drawn.defect is None else [drawn.defect]
    p = verdict.problem
    open_at = len(frames) - 1
    if p is not None and p.ply is not None:
        open_at = min(p.ply, len(frames) - 1)
    boards: dict[str, str] = {}
    rules = _rules_of(registry, verdict)
    counting = counting_of(rules)
    lang = options.lang
    wanted = {*range(len(frames)), *(c.ply for c in verdict.pending)}
    if p is not None and p.ply is not None:
        wanted.add(p.ply)
    data = {
        # the text drawing gives way to the pictures
        "verdict": printable_data(
            verdict.model_dump(mode="json", exclude_none=True, exclude={"problem": {"drawing"}})
        ),
        "open": max(open_at, 0),
        "interp": _interpretations(rules, verdict, options.lang),
        # plies said as every output says them, in the game's unit (core/judge/plies.py)
        "names": {str(ply): ply_name(counting, ply, lang) for ply in sorted(wanted)},
        "total": count(counting, max(len(frames) - 1, 0), lang),
        **frames_data(frames, boards),
    }
    correction = None
    if repair is not None and verdict.status == "invalid":
        from adjudicator.core.write.report_repair import corrected

        fix = corrected(read, repair, verdict.source, options, boards)
        data["fix"] = fix.data
        correction = fix.row
        defects += [] if fix.defect is None else [fix.defect]
        for ply in range(len(frames), fix.data.get("frames", {}).get("n", 0)):
            data["names"][str(ply)] = ply_name(counting, ply, lang)  # the corrected game's
    packed = base64.b64encode(zlib.compress(script_json(data).encode("utf-8"), 9)).decode("ascii")
    return RecordData(packed, boards, correction, tuple(defects))


def _rules_of(registry: Registry, verdict: Verdict) -> RuleData | None:
    """The rule data of the verdict's game, when the game is known."""
    game = registry.get(verdict.game) if verdict.game else None
    return game.rules if game is not None else None


def _interpretations(rules: RuleData | None, verdict: Verdict, lang: Lang) -> list[list[str]]:
    """The interpretations in force as a person reads them, each with its id (shown on
    hover): [title, id]."""
    if rules is None:
        return [[i, i] for i in verdict.interpretations]
    titles: list[list[str]] = printable_data(
        [[rules.interpretation_title(i, lang), i] for i in verdict.interpretations]
    )
    return titles


@cache
def _installed() -> Registry:
    return Registry()


def _record_data_in_worker(
    verdict: Verdict, options: Options, repair: RepairBudget | None
) -> RecordData:
    return record_data(_installed(), verdict, options, repair)


@dataclass
class HtmlReport:
    """Collects verdicts one by one and writes the report on :meth:`close`. With ``jobs``
    above 1 the pictures are drawn in that many worker processes (of the installed games),
    a few records ahead, in order."""

    path: Path
    registry: Registry
    options: Options
    #: the records read, which the report is never written over
    inputs: Iterable[Path]
    jobs: int = 1
    #: with a budget, each invalid record's best correction is looked for and shown
    repair: RepairBudget | None = None
    index: list[list[Any]] = field(default_factory=list)
    boards: dict[str, str] = field(default_factory=dict)
    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: the traceback of each defect that cost a record its pictures: the report is written
    #: without them, and the shell says them
    defects: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # closed by close(): records are spooled between calls of add()
        self._spool = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._pool = ProcessPoolExecutor(self.jobs) if self.jobs > 1 else None
        self._waiting: deque[Future[RecordData]] = deque()
        self._spooled = 0

    def add(self, verdict: Verdict) -> None:
        """Keep the record's index row and spool its data (drawn now, or by a worker)."""
        game = verdict.game or "—"
        self.counts[(game, verdict.status)] += 1
        p = verdict.problem
        code, shown = _code_and_words(verdict)
        # shown as the terminal shows them: a file name's bidirectional controls escaped;
        # the ply and the length as numbers (to sort by) and as the game says them, as the
        # viewer and every other output do (core/judge/plies.py); the code, for programs,
        # is the article's hover text
        counting = counting_of(_rules_of(self.registry, verdict))
        lang = self.options.lang
        ply = p.ply if p else None
        said = None if ply is None else ply_name(counting, ply, lang)
        length = count(counting, verdict.plies, lang)
        row = [verdict.source, game, verdict.status, ply, code, verdict.plies, said, length]
        row = printable_data([*row, shown])
        self.index.append(row)
        if self._pool is None:
            self._spool_record(record_data(self.registry, verdict, self.options, self.repair))
            return
        self._waiting.append(
            self._pool.submit(_record_data_in_worker, verdict, self.options, self.repair)
        )
        while len(self._waiting) > self.jobs * 8:
            self._spool_record(self._waiting.popleft().result())

    def _spool_record(self, done: RecordData) -> None:
        packed, boards, correction, defects = done
        self.boards.update(boards)
        n = self._spooled
        self.defects += defects
        self._spooled += 1
        if self.repair is not None:  # the records are spooled in the order of their rows
            self.index[n].append(correction)
        self._spool.write(f'<script type="application/octet-stream" id="r{n}">{packed}</script>\n')

    def close(self) -> None:
        while self._waiting:
            self._spool_record(self._waiting.popleft().result())
        if self._pool is not None:
            self._pool.shutdown()
        lang = self.options.lang
        labels, verdict_labels = templates(REPORT_LABELS, lang), report_labels(lang)
        statuses = {s: verdict_labels["pending_check" if s == "pending" else s] for s in STATUSES}
        head = _page_head(labels, len(self.index), lang)
        titles = {g.id: g.title_ja if lang == "ja" else g.title_en for g in self.registry.games}
        summary = _summary(self.counts, labels, statuses, titles)
        words = {
            **labels,
            "at_ply": verdict_labels["at_ply"],
            **{f"status_{k}": v for k, v in statuses.items()},
        }
        with writing(self.path, "--html", inputs=self.inputs) as out:
            out.write(head)
            out.write(summary)
            out.write(_body(labels, statuses, repairing=self.repair is not None))
            out.write(
                f'<script type="application/json" id="labels">{script_json(words)}</script>\n'
            )
            out.write(
                f'<script type="application/json" id="index">{script_json(self.index)}</script>\n'
            )
            boards = script_json(self.boards)
            out.write(f'<script type="application/json" id="boards">{boards}</script>\n')
            out.write(f"<script>{_asset('report.js')}</script>\n")
            self._spool.seek(0)
            for line in self._spool:
                out.write(line)
            out.write("</body></html>\n")
        self._spool.close()


def _code_and_words(verdict: Verdict) -> tuple[str, str]:
    """The code of what a record's row reports and what a person reads for it: the
    article the problem (or the first check waiting) rests on, as the rulebook names it,
    or why the record could not be read."""
    p, u = verdict.problem, verdict.unreadable
    first = verdict.pending[0] if verdict.pending else None
    if p is not None:
        return p.code, p.citation
    if u is not None:
        return u.code, u.message
    if first is not None:
        return first.code, first.citation
    return "", ""


def _asset(name: str) -> str:
    return (resources.files("adjudicator.core.write") / "report_assets" / name).read_text("utf-8")


def _page_head(labels: dict[str, str], n: int, lang: Lang) -> str:
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{escape(labels['title'])}</title>"
        f"<style>{_asset('report.css')}</style></head>\n<body>\n"
        f"<header><h1>{escape(labels['title'])}</h1>"
        f"<p>{escape(labels['records'].format(n=n))}</p></header>\n"
    )


def _summary(
    counts: Counter[tuple[str, str]],
    labels: dict[str, str],
    statuses: dict[str, str],
    titles: dict[str, str],
) -> str:
    games = sorted({g for g, _ in counts})
    head = "".join(f'<th scope="col" class="st-{s}">{escape(statuses[s])}</th>' for s in STATUSES)
    rows = []
    for g in [*games, None]:
        cells = "".join(
            f"<td>{sum(n for (gg, st), n in counts.items() if st == s and (g is None or gg == g))}"
            "</td>"
            for s in STATUSES
        )
        total = sum(n for (gg, _), n in counts.items() if g is None or gg == g)
        if g is None:
            name = escape(labels["total"])
        elif g in titles:
            name = f"{escape(titles[g])} <small>{escape(g)}</small>"
        else:
            name = escape(g)
        rows.append(f'<tr><th scope="row">{name}</th>{cells}<td>{total}</td></tr>')
    return (
        '<section id="summary"><table class="summary"><thead><tr>'
        f'<th scope="col">{escape(labels["game"])}</th>{head}'
        f'<th scope="col">{escape(labels["total"])}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></section>\n"
    )


def _body(labels: dict[str, str], statuses: dict[str, str], *, repairing: bool) -> str:
    options = "".join(f'<option value="{s}">{escape(statuses[s])}</option>' for s in STATUSES)
    e = {k: escape(v) for k, v in labels.items()}
    # with --repair, a column of corrections, and the corrected game's board beside the
    # written one (filled by the script only for a record that has a correction)
    column = (
        f'<th scope="col"><button data-key="9">{e["correction"]}</button></th>\n'
        if repairing
        else ""
    )
    table = ' class="repairing"' if repairing else ""
    return f"""<section id="records">
<div class="filters" role="search">
<label>{e["status"]} <select id="f-status"><option value="">{e["all"]}</option>
{options}</select></label>
<label>{e["game"]} <select id="f-game"><option value="">{e["all"]}</option></select></label>
<label>{e["search"]} <input id="f-text" type="search"></label>
<span id="shown" aria-live="polite"></span>
</div>
<table id="table"{table}><thead><tr>
<th scope="col"><button data-key="0">{e["file"]}</button></th>
<th scope="col"><button data-key="1">{e["game"]}</button></th>
<th scope="col"><button data-key="2">{e["status"]}</button></th>
<th scope="col"><button data-key="3">{e["ply"]}</button></th>
<th scope="col"><button data-key="8">{e["article"]}</button></th>
<th scope="col"><button data-key="5">{e["plies"]}</button></th>
{column}</tr></thead><tbody id="rows"></tbody></table>
</section>
<section id="viewer" hidden>
<p><a id="back" href="#">{e["close"]}</a></p>
<h2 id="v-source"></h2>
<div id="v-verdict"></div>
<div id="v-fix"></div>
<div class="stage" id="v-stage">
<div class="boards">
<figure class="view" id="v-written">
<figcaption id="v-written-caption" hidden></figcaption>
<div id="v-board" class="board"></div>
<p id="v-event" class="event"></p>
</figure>
<figure class="view" id="v-corrected" hidden>
<figcaption>{e["corrected"]}</figcaption>
<div id="v-fixed-board" class="board"></div>
<p id="v-fixed-event" class="event"></p>
</figure>
</div>
<div class="side">
<div class="controls">
<button id="b-first" title="{e["first"]}" aria-label="{e["first"]}">«</button>
<button id="b-prev" title="{e["prev"]}" aria-label="{e["prev"]}">◀</button>
<span id="v-ply"></span>
<button id="b-next" title="{e["next"]}" aria-label="{e["next"]}">▶</button>
<button id="b-last" title="{e["last"]}" aria-label="{e["last"]}">»</button>
</div>
<p class="hint">{e["keys"]}</p>
<h3>{e["events"]}</h3>
<ol id="v-events"></ol>
</div>
</div>
</section>
"""
