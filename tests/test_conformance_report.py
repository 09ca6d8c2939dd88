"""``conformance report``: several engines side by side — the bundled engine, the Python
and JavaScript examples, one that misbehaves and one that does not start — as one
self-contained HTML page (valid HTML, nothing fetched) and as JSON."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import html5lib
import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance import report
from adjudicator.core.conformance.cases import Case, CaseFile
from adjudicator.core.conformance.engine import InProcessEngine
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Registry(installed_games())
NODE = shutil.which("node")
ENGINES = {
    "built-in": f"{sys.executable} -m adjudicator engine",
    "python": f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}",
    **({"js": f"{NODE} {ROOT / 'examples' / 'minimal_engine.js'}"} if NODE else {}),
    "unreliable": f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}",
    "absent": "no-such-engine-xyz",
}
ONLY = ["od.perft.start*", "od.art9.*", "od.board.*", "dn.victory.*", "as.setup.*"]


def _valid_html(text: str) -> None:
    """Parses as HTML5 without a single parse error."""
    html5lib.HTMLParser(strict=True).parse(text)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, dict, str]:
    out = tmp_path_factory.mktemp("report")
    args = ["conformance", "report", "--cases", str(ROOT / "conformance")]
    for name, command in ENGINES.items():
        args += ["--engine", f"{name}={command}"]
    for pattern in ONLY:
        args += ["--only", pattern]
    args += ["--html", str(out / "report.html"), "--json", str(out / "report.json")]
    result = CliRunner().invoke(build_app(REGISTRY), args)
    data = json.loads((out / "report.json").read_text("utf-8"))
    return result.exit_code, result.stdout, data, (out / "report.html").read_text("utf-8")


def test_the_report_runs_every_engine_and_counts_engines_by_topics(
    written: tuple[int, str, dict, str],
) -> None:
    code, out, data, _ = written
    assert code == 0, out
    schema = ROOT / "schemas" / "conformance-report.schema.json"
    jsonschema.validate(data, json.loads(schema.read_text("utf-8")))
    runs = {e["name"]: e for e in data["engines"]}
    assert list(runs) == list(ENGINES)
    assert runs["absent"]["run"] is None and "did not start" in runs["absent"]["problem"]
    assert runs["built-in"]["run"]["summary"]["failed"] == 0
    assert runs["built-in"]["run"]["summary"]["passed"] > 0
    assert runs["python"]["run"]["summary"] == {
        "passed": runs["python"]["run"]["summary"]["passed"],
        "failed": 0,
        "skipped": runs["python"]["run"]["summary"]["skipped"],
        "errored": 0,
    }
    if NODE:
        assert runs["js"]["run"]["summary"]["failed"] == 0
        assert runs["js"]["run"]["summary"]["errored"] == 0
        # the JavaScript engine declares perft, the Python example does not
        perft = data["matrix"]["orbit-dominion/4.2"]["perft"]
        assert perft["js"]["passed"] > 0 and perft["python"]["skipped"] > 0
    unreliable = runs["unreliable"]["run"]
    assert unreliable["summary"]["failed"] > 0 and unreliable["summary"]["errored"] > 0
    # the matrix is the per-topic view of the same results
    for name, run in runs.items():
        if run["run"] is None:
            continue
        total = {s: 0 for s in ("passed", "failed", "skipped", "errored")}
        for topics in data["matrix"].values():
            for counts in topics.values():
                for status, n in counts[name].items():
                    total[status] += n
        assert total == run["run"]["summary"]


def test_the_html_report_is_valid_self_contained_and_shows_every_failure(
    written: tuple[int, str, dict, str],
) -> None:
    _, _, data, page = written
    _valid_html(page)
    lowered = page.lower()
    for outside in ("<script", "<link", "src=", "http://", "https://", "@import"):
        assert outside not in lowered
    for name in ENGINES:
        assert f">{name}<br>" in page
    assert 'title="skipped: features not declared: perft"' in page  # the Python example's
    runs = {e["name"]: e["run"] for e in data["engines"]}
    bad = [r for r in runs["unreliable"]["results"] if r["status"] in ("failed", "errored")]
    assert bad
    document = html5lib.parse(page, namespaceHTMLElements=False)
    opened = "\n".join(
        "".join(d.itertext()) for d in document.iter("details")
    )  # what one click on a red cell shows
    for result in bad:
        assert result["id"] in opened
        assert result["request"] in opened
        for line in result.get("diff", []):
            assert line in opened


def _case(case_id: str, moves: list[str], **expect: object) -> Case:
    return Case.model_validate(
        {"id": case_id, "refs": ["3"], "source": "s", "description": "d", "moves": moves}
        | {"expect": expect}
    )


def test_the_html_report_snapshot(snapshot: SnapshotAssertion) -> None:
    """Two in-process engines, one of them answering a wrong count: the page as a reader
    sees it."""

    class Wrong(InProcessEngine):
        def ask(self, request: dict) -> dict:
            answer = super().ask(request)
            return {**answer, "nodes": 21} if request.get("cmd") == "perft" else answer

    files = [
        CaseFile(
            game="orbit-dominion/4.2",
            topic="sample",
            title="sample",
            cases=[
                _case("od.x.perft", [], perft={1: 22}),
                _case("od.x.open", ["O-"], outcome=None),
            ],
        )
    ]
    runs = []
    for name, engine in (("good", InProcessEngine), ("wrong", Wrong)):
        run = Runner(engine(Server(REGISTRY))).run(files, suite="9.9.9")
        runs.append(report.EngineRun(name, f"{name}-engine", run))
    runs.append(report.EngineRun("absent", "absent-engine", None, "the engine did not start"))
    rows = report.topic_rows(runs, [("orbit-dominion/4.2", "sample")])
    page = report.render_html("9.9.9", runs, rows)
    _valid_html(page)
    assert page == snapshot
