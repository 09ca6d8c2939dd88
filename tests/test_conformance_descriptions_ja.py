"""Every case of the suite says what it checks in both languages (docs/conformance.md,
"Case files": ``description`` and ``description_ja``), and a Japanese reader is shown the
Japanese: ``conformance run -v --lang ja``, the HTML report of ``conformance report`` and
the ``--json`` of both, which carry ``description_ja`` beside ``description``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import html5lib
import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance import report
from adjudicator.core.conformance.cases import Case, CaseFile, case_files
from adjudicator.core.conformance.engine import InProcessEngine
from adjudicator.core.conformance.runner import Runner, described
from adjudicator.core.i18n import in_lang
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
SHIPPED = [(f"{path.parent.name}/{path.name}", c) for path, f in case_files(CASES) for c in f.cases]
#: Kana or a kanji: what any Japanese sentence holds.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
UNRELIABLE = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}"
#: od.perft.start-depth-zero, which the unreliable engine answers 0 instead of 1.
PERFT_ZERO = ["--engine", UNRELIABLE, "--only", "od.perft.start-depth-zero"]


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_case_of_the_suite_has_its_japanese_description() -> None:
    """A case without ``description_ja`` would be shown in English under ``--lang ja``; one
    that copies the English, or holds no Japanese, is no translation."""
    missing = [f"{where}: {c.id}" for where, c in SHIPPED if not (c.description_ja or "").strip()]
    assert not missing, "cases without description_ja:\n" + "\n".join(missing)
    copied = [
        f"{where}: {c.id}"
        for where, c in SHIPPED
        if _words(c.description_ja or "") == _words(c.description)
        or not JAPANESE.search(c.description_ja or "")
    ]
    assert not copied, "description_ja not in Japanese:\n" + "\n".join(copied)


def test_the_japanese_description_follows_the_english_one() -> None:
    """Written directly after ``description``, so that edits by several authors to one case
    file keep each case's two descriptions together."""
    misplaced = []
    for path in sorted(CASES.rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text("utf-8"))["cases"]:
            keys = list(case)
            if keys.index("description_ja") != keys.index("description") + 1:
                misplaced.append(f"{path.name}: {case['id']}")
    assert not misplaced, "description_ja not right after description:\n" + "\n".join(misplaced)


def test_a_folded_japanese_description_reads_as_one_line() -> None:
    """A line break between two Japanese characters is no space in Japanese; one beside a
    code or a number stays a space."""
    case = Case.model_validate(
        {
            "id": "x.folded",
            "refs": ["3"],
            "source": "s",
            "description": "Red moves\nfirst.\n",
            "description_ja": "赤軍が先手なので、開始時に青軍の\n艦 O5 は\n動かせない。\n",
            "expect": {"outcome": None},
        }
    )
    said = described(case)
    assert str(said) == "Red moves first."
    assert in_lang(said, "ja") == "赤軍が先手なので、開始時に青軍の艦 O5 は動かせない。"
    assert in_lang(described(case.model_copy(update={"description_ja": None})), "ja") == str(said)


def _run(*args: str) -> str:
    return CliRunner().invoke(build_app(REGISTRY), ["conformance", "run", *args]).output


def _shipped(case_id: str) -> Case:
    return next(c for _, c in SHIPPED if c.id == case_id)


def test_verbose_in_japanese_shows_the_japanese_description() -> None:
    """``conformance run -v --lang ja``: 内容 is the case's Japanese, the English nowhere."""
    case = _shipped("od.perft.start-depth-zero")
    out = _run(*PERFT_ZERO, "-v", "--lang", "ja")
    lines = [line.strip() for line in out.splitlines()]
    assert f"内容:     {_words(case.description_ja or '')}" in lines, out
    assert _words(case.description) not in out
    english = _run(*PERFT_ZERO, "-v", "--lang", "en")
    assert f"checks:   {_words(case.description)}" in english


def test_json_carries_both_descriptions() -> None:
    data = json.loads(_run(*PERFT_ZERO, "--json"))
    (result,) = data["results"]
    case = _shipped("od.perft.start-depth-zero")
    assert result["description"] == _words(case.description)
    assert result["description_ja"] == _words(case.description_ja or "")


class _NoNodes(InProcessEngine):
    """The built-in engine counting no node: every perft case fails."""

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = super().ask(request)
        return {**answer, "nodes": 0} if request.get("cmd") == "perft" else answer


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_html_report_shows_a_failure_s_description_in_its_language(lang: str) -> None:
    """Under each failure of the page, what the case checks, in the page's language."""
    case = _shipped("od.perft.start-depth-zero")
    files = [CaseFile(game="orbit-dominion/4.2", topic="perft", title="perft", cases=[case])]
    run = Runner(_NoNodes(Server(REGISTRY))).run(files, suite="9.9.9")
    runs = [report.EngineRun("unreliable", "unreliable-engine", run)]
    page = report.render_html("9.9.9", runs, [("orbit-dominion/4.2", "perft")], lang)
    document = html5lib.parse(page, namespaceHTMLElements=False)
    opened = "\n".join("".join(d.itertext()) for d in document.iter("details"))
    wanted = case.description_ja if lang == "ja" else case.description
    assert _words(wanted or "") in opened
    other = case.description if lang == "ja" else case.description_ja
    assert _words(other or "") not in opened
