"""One report across engines, like Bowtie's: a table of engines × topics (passed, failed,
skipped, errored), each failure's request and difference one click away, as a single
self-contained HTML page (no script, no network) and as JSON. What an engine sends (its
answers, its standard error) and what a case file holds go into the page through
:mod:`adjudicator.core.write.markup`, as every page's text does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.core.conformance.runner import STATUSES, CaseResult, RunReport
from adjudicator.core.conformance.words import WORDS, joined, status_words, version_text
from adjudicator.core.i18n import Lang, in_lang, templates
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.write.display import printable
from adjudicator.core.write.markup import attribute
from adjudicator.core.write.markup import text as escape


@dataclass
class EngineRun:
    """One engine's part of the report: its run, or why it could not run."""

    name: str
    command: str
    report: RunReport | None
    problem: str = ""  # why the engine did not start or its hello failed

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "command": self.command,
            "problem": self.problem or None,
            "run": self.report.to_json() if self.report else None,
        }


def topic_rows(runs: list[EngineRun], order: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(game, topic) rows in case-file order, keeping only those some engine ran."""
    seen = {(r.game, r.topic) for run in runs if run.report for r in run.report.results}
    return [row for row in order if row in seen]


def _counts(results: list[CaseResult]) -> dict[str, int]:
    return {s: sum(r.status == s for r in results) for s in STATUSES}


def matrix(runs: list[EngineRun], rows: list[tuple[str, str]]) -> dict[str, Any]:
    """game → topic → engine name → status counts."""
    out: dict[str, Any] = {}
    for game, topic in rows:
        cell = out.setdefault(game, {}).setdefault(topic, {})
        for run in runs:
            if run.report is not None:
                results = [r for r in run.report.results if (r.game, r.topic) == (game, topic)]
                cell[run.name] = _counts(results)
    return out


def report_json(suite: str, runs: list[EngineRun], rows: list[tuple[str, str]]) -> dict[str, Any]:
    return {
        "suite": {"version": suite},
        "engines": [run.to_json() for run in runs],
        "matrix": matrix(runs, rows),
    }


_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1d1d1f; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
p.meta { color: #555; margin: 0 0 1em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d0d5; padding: .3em .55em; vertical-align: top; text-align: left; }
thead th { background: #f0f0f3; position: sticky; top: 0; }
th.game { background: #e4e7f0; font-size: 1.05em; }
td.count { white-space: nowrap; min-width: 9em; }
.ok { background: #e7f6e9; } .bad { background: #fde8e8; }
.none { background: #f6f6f6; color: #777; }
.p { color: #1a7f37; } .f, .e { color: #c62828; font-weight: 600; } .s { color: #8a6d00; }
details > summary { cursor: pointer; }
.case { margin: .4em 0 .6em; padding: .3em .5em; background: #fff; border-left: 3px solid #c62828; }
pre { margin: .2em 0; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
.label { color: #555; font-size: 12px; }
"""


#: What the page says besides what the commands say too (:data:`SHARED_WORDS`), by key: the
#: catalogue's id; the statuses are
#: :data:`~adjudicator.core.conformance.words.STATUS_WORDS`.
_PAGE_ONLY: dict[str, str] = {
    "refs": "core.conformance_page.refs",
    "difference": "core.conformance_page.difference",
    "what happened": "core.conformance_page.what_happened",
    "stderr": "core.conformance_page.stderr",
    "did not run": "core.conformance_page.did_not_run",
    "skipped": "core.conformance_page.skipped",
    "restarted": "core.conformance_page.restarted",
    "not run": "core.conformance_page.not_run",
    "title": "core.conformance_page.title",
    "heading": "core.conformance_page.heading",
    "meta": "core.conformance_page.meta",
    "topic": "core.conformance_page.topic",
}


#: The words the page shares with the commands' lines.
SHARED_WORDS = ("count", "and", "description", "request", "expected", "actual", "received")
PAGE_WORDS: dict[str, str] = {**{key: WORDS[key] for key in SHARED_WORDS}, **_PAGE_ONLY}


def _count_text(counts: dict[str, int], lang: Lang) -> str:
    labels = {"passed": "p", "failed": "f", "skipped": "s", "errored": "e"}
    words, names = templates(PAGE_WORDS, lang), status_words(lang)
    parts = [
        f'<span class="{labels[s]}">{words["count"].format(n=counts[s], status=names[s])}</span>'
        for s in STATUSES
        if counts.get(s)
    ]
    return words["and"].join(parts) or "—"


def _text(text: str) -> str:
    """Text from an engine or a case file, for the page: HTML escaped, and its control and
    bidirectional characters shown as escapes (one could reverse the text around it)."""
    return escape(printable(text))


def _lines(text: str) -> str:
    """Text of several lines (stderr, an explanation), for a ``<pre>``: :func:`_text` line
    by line."""
    return "\n".join(_text(line) for line in text.split("\n"))


def _json_text(value: Any) -> str:
    return escape(dumps(value))


def _failure(r: CaseResult, lang: Lang) -> str:
    """One failed or errored case: what was sent and what differs (or what went wrong)."""
    words = templates(PAGE_WORDS, lang)

    def label(name: str) -> str:
        return f'<div class="label">{words[name]}</div>'

    status = status_words(lang)[r.status]
    rows = [
        f'<div class="case"><strong>{_text(r.id)}</strong> '
        f'<span class="label">{status} · {words["refs"]} {_text(", ".join(r.refs))}</span>',
        label("description"),
        f"<p>{_text(in_lang(r.description, lang))}</p>",
        label("request"),
        f"<pre>{_text(r.request or '')}</pre>",
    ]
    if r.status == "failed":
        rows += [
            label("difference"),
            f"<pre>{_lines(in_lang(joined(r.diff, chr(10)), lang))}</pre>",
            label("expected"),
            f"<pre>{_json_text(r.expected)}</pre>",
            label("actual"),
            f"<pre>{_json_text(r.actual)}</pre>",
        ]
    else:
        rows += [label("what happened"), f"<pre>{_text(in_lang(r.detail, lang))}</pre>"]
        if r.received is not None:
            rows += [label("received"), f"<pre>{_text(r.received)}</pre>"]
        if r.stderr:
            rows += [label("stderr"), f"<pre>{_lines(r.stderr)}</pre>"]
    rows.append("</div>")
    return "\n".join(rows)


def _cell(run: EngineRun, game: str, topic: str, lang: Lang) -> str:
    words = templates(PAGE_WORDS, lang)
    if run.report is None:
        return f'<td class="count none">{words["did not run"]}</td>'
    results = [r for r in run.report.results if (r.game, r.topic) == (game, topic)]
    counts = _counts(results)
    skips = sorted({in_lang(r.detail, lang) for r in results if r.status == "skipped"})
    why = f' title="{attribute(words["skipped"] + printable("; ".join(skips)))}"' if skips else ""
    bad = [r for r in results if r.status in ("failed", "errored")]
    if not bad:
        kind = "ok" if counts["passed"] else "none"
        return f'<td class="count {kind}"{why}>{_count_text(counts, lang)}</td>'
    cases = "\n".join(_failure(r, lang) for r in bad)
    return (
        f'<td class="count bad"{why}><details><summary>{_count_text(counts, lang)}</summary>\n'
        f"{cases}\n</details></td>"
    )


def _engine_head(run: EngineRun, lang: Lang) -> str:
    words = templates(PAGE_WORDS, lang)
    if run.report is None or run.report.engine is None:
        return (
            f'<th title="{attribute(printable(run.command))}">{_text(run.name)}<br>'
            f'<span class="label">{words["did not run"]}</span></th>'
        )
    info, c = run.report.engine, run.report.counts()
    restarts = run.report.restarts
    said = words["restarted"].format(n=restarts)
    extra = f'<br><span class="label">{said}</span>' if restarts else ""
    return (
        f'<th title="{attribute(printable(run.command))}">{_text(run.name)}<br>'
        f'<span class="label">{_text(info.name)} {_text(info.version)}</span><br>'
        f"{_count_text({s: c[s] for s in STATUSES}, lang)}{extra}</th>"
    )


def render_html(
    suite: str, runs: list[EngineRun], rows: list[tuple[str, str]], lang: Lang = "en"
) -> str:
    """The report as one HTML page that needs nothing else: inline style, no script, no
    link out; failures open in place (``<details>``). Its words are in ``lang``."""
    words = templates(PAGE_WORDS, lang)
    version = escape(version_text(suite, lang))
    head = "".join(_engine_head(run, lang) for run in runs)
    body: list[str] = []
    current = None
    for game, topic in rows:
        if game != current:
            current = game
            body.append(f'<tr><th class="game" colspan="{len(runs) + 1}">{_text(game)}</th></tr>')
        cells = "".join(_cell(run, game, topic, lang) for run in runs)
        body.append(f"<tr><th>{_text(topic)}</th>{cells}</tr>")
    problems = [
        f"<li><strong>{_text(run.name)}</strong> (<code>{_text(run.command)}</code>): "
        f"<pre>{_lines(in_lang(run.problem, lang))}</pre></li>"
        for run in runs
        if run.problem
    ]
    problem_list = f"<h2>{words['not run']}</h2><ul>{''.join(problems)}</ul>" if problems else ""
    table = "\n".join(body)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{words["title"].format(suite=version)}</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>{words["heading"]}</h1>
<p class="meta">{words["meta"].format(suite=version, n=len(runs))}</p>
<table>
<thead><tr><th>{words["topic"]}</th>{head}</tr></thead>
<tbody>
{table}
</tbody>
</table>
{problem_list}
</body>
</html>
"""
