"""Messages a person can act on: each says what was written, what the rules allow and so
what to write instead, in both languages; one word for one thing (ナンス, as the pages
say); help that says what an option prints."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import adjudicator
from adjudicator import validate
from adjudicator.astro_stra.references import VIOLATIONS as ASTRO
from adjudicator.astro_stra.setup import check_draft
from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry
from adjudicator.dark_nebula.production import Placement, check_production
from adjudicator.dark_nebula.readings import Readings
from adjudicator.dark_nebula.references import VIOLATIONS as NEBULA
from tests.dark_nebula.support import started

ROOT = Path(__file__).resolve().parents[1]
RUNNER = CliRunner()


def test_noncanonical_notation_gives_the_canonical_spelling_once() -> None:
    """Orbit Dominion notation: ``M1 → M2`` is told its canonical spelling ``M1-M2``; the
    expected form is not "the canonical notation" said again."""
    text = '[Ruleset "orbit-dominion/4.2"]\n[Result "*"]\n\n1. M1 → M2 *\n'
    for lang, canonical in (("ja", "正しくは「M1-M2」では?"), ("en", "did you mean 'M1-M2'?")):
        verdict = validate(text, lang=lang)
        assert verdict.problem is not None and verdict.problem.code == "noncanonical_notation"
        assert canonical in verdict.problem.message
        assert "正しい形: 正規の表記" not in verdict.problem.message
        assert "expected canonical notation" not in verdict.problem.message


def test_a_colour_drafted_twice_names_both_picks() -> None:
    """Astro-Stra set-up, the draft: a player takes a colour once; the message names the
    earlier pick and the one to change."""
    code, args = check_draft(["black-red", "clear", "black-red", "yellow", "cyan", "purple"], 1)
    assert code == "draft_twice" and args["first"] == 1 and args["pick"] == 3
    said = ASTRO(code, **args)
    assert said.message("ja").startswith("黒は 1 番目と 3 番目で同じ黒色赤目を選んでいます")
    assert "3 番目は別の色" in said.message("ja")
    assert "picks black-red at picks 1 and 3" in said.message("en")


def test_a_counter_out_of_the_box_says_how_many_are_left() -> None:
    """Dark Nebula 2.3, 6.6: ordering more counters than are left says how many were
    ordered and how many are left, not only how many the box holds."""
    s = started()
    s.remove("zarek", "rebel", "battleship")
    s.place("raigerin", "rebel", "battleship", 1)
    s.place("tyrann", "empire", "battleship")
    assert s.left("battleship") == 1
    builds = [Placement("battleship", "raigerin")] * 2
    problem = check_production(s, "rebel", builds, None, Readings())
    assert problem is not None
    said = NEBULA(problem[0], **problem[1])
    assert said.message("ja") == "戦艦を 2 個求めていますが、残りは 1 個です(全4個)。"
    assert said.message("en") == "battleship: 2 wanted but only 1 left (there are 4)."


def test_a_wrong_removal_says_how_many_to_remove_and_why() -> None:
    """Dark Nebula 9.2, 9.4: a side removes as many counters as the hits it took, at most
    the counters it has; removing one after no hit says to remove none."""
    verdict = validate(ROOT / "records/dark-nebula/invalid/miscounted-combat.json", lang="ja")
    assert verdict.problem is not None and verdict.problem.code == "removal_count"
    assert verdict.problem.message == (
        "反乱軍が除去する駒は 0 個です(受けた命中 0、ただし残っている駒の数まで)が、"
        "1 個除去しています。"
    )


def test_the_nonce_has_one_name_in_japanese() -> None:
    """The pages call the commitment's secret ナンス; so does every message and help."""
    package = Path(adjudicator.__file__).parent
    texts = [p.read_text("utf-8") for p in package.rglob("*.py")]
    texts += [p.read_text("utf-8") for p in package.rglob("*.yaml")]
    texts += [p.read_text("utf-8") for p in (ROOT / "docs").rglob("*.md")]
    assert not [t for t in texts if "ノンス" in t]
    assert any("ナンス" in t for t in texts)


def test_validate_help_says_json_prints_a_list() -> None:
    """``validate --json`` prints a list of verdicts, for one record too; its help says so
    in both languages."""
    app = build_app(Registry(), "validate")
    for lang, words in (("en", "one JSON list"), ("ja", "JSON の配列")):
        result = RUNNER.invoke(app, ["validate", "--help", "--lang", lang], env={"COLUMNS": "300"})
        line = next(x for x in result.output.splitlines() if x.startswith("│ --json "))
        assert words in line, line
        assert "オブジェクトを一つ" not in line and "one JSON object" not in line
    printed = RUNNER.invoke(
        app, ["validate", str(ROOT / "records/orbit-dominion/valid/pincer.json"), "--json"]
    ).output
    assert isinstance(json.loads(printed), list)
