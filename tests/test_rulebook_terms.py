"""The game's words in Japanese are the rulebook's (docs/ja/README.md: 「用語と条文の引用は
ルールブックの表記に合わせ」), as the glossary docs/ja/glossary.md lists them.

Everything the package says in Japanese — its messages and labels (adjudicator/), the
Japanese pages (README.ja.md, docs/ja/) and the suite's ``description_ja`` — and what
``verify-proof --lang ja`` prints are read for the game's terms: every word for a ship or
a piece (…艦, …艇, …船, with 赤/青/敵/自軍/各/全/新型 before it) must be one of the
glossary's rulebook words, and the glossary's words not to use (千日手 for Orbit Dominion's
三度反復の禁止, 巡洋艦 for Dark Nebula's 巡航艇) appear only where a page says they are not
the rulebook's (「巡航艇(巡洋艦ではなく)」). Where the rulebooks themselves are at hand,
the glossary is checked against them."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
SURFACES = ("adjudicator/**/*.py", "adjudicator/**/*.yaml", "docs/ja/*.md", "README.ja.md")
SUITE = "conformance/**/*.yaml"
SHIP = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ff]+(?:艦|艇|船)")
MODIFIERS = ("自軍", "新型", "赤", "青", "敵", "各", "全")
GLOSSARY = ROOT / "docs" / "ja" / "glossary.md"
#: The rulebooks' text, where a checkout keeps them beside the project.
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"


def glossary() -> tuple[set[str], set[str]]:
    """The glossary's rulebook words and its words not to use, from its table's rows."""
    words, wrong = set(), set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("ゲーム", "---"):
            words |= set(cells[1].split("、"))
            wrong |= set(cells[2].split("、"))
    assert words and wrong, "the glossary lists its words"
    return words, wrong


def japanese_texts() -> dict[str, str]:
    texts = {}
    for pattern in (*SURFACES, SUITE):
        for path in sorted(ROOT.glob(pattern)):
            if path == GLOSSARY:
                continue  # it names the words not to use, to say so
            texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    texts["verify-proof --lang ja"] = verify_proof_output()
    return texts


def verify_proof_output() -> str:
    """A solution's proof checked in Japanese, its premises said (docs/ja/arbiters.md)."""
    runner, app = CliRunner(), build_app(Registry(installed_games()))
    gate = "..b........./....r......./R.....r..B.. r 0 -"
    solved = runner.invoke(app, ["orbit-dominion", "solve", gate, "--depth", "3", "--json"])
    with tempfile.TemporaryDirectory() as folder:
        solution = Path(folder) / "solution.json"
        solution.write_text(solved.stdout, encoding="utf-8")
        checked = runner.invoke(
            app, ["orbit-dominion", "verify-proof", str(solution), "--lang", "ja"]
        )
    assert checked.exit_code == 0 and json.loads(solved.stdout)["result"] == "win"
    return checked.stdout


def is_the_rulebooks(word: str, words: set[str]) -> bool:
    """``word`` is a glossary word, or one with a side's or a kind's word before it."""
    return any(word.startswith(m) and word[len(m) :] in words for m in ("", *MODIFIERS))


def test_the_glossary_is_the_rulebooks() -> None:
    """Every rulebook word of the glossary is printed in a rulebook, no word not to use is."""
    if not RULEBOOKS.is_dir():
        return  # a checkout without the rulebooks beside it: the other tests still hold
    books = "".join(p.read_text(encoding="utf-8") for p in sorted(RULEBOOKS.glob("*.txt")))
    words, wrong = glossary()
    assert {w for w in words if w not in books} == set()
    assert {w for w in wrong if w in books} == set()


def test_every_ship_word_in_japanese_is_the_rulebooks() -> None:
    books, _ = glossary()
    strays = {}
    for where, text in japanese_texts().items():
        for match in SHIP.finditer(text):
            for word in match[0].split("・"):
                if not SHIP.fullmatch(word):
                    continue  # 秘密基地・指揮艇: only the ship words of a list
                after = text[match.end() : match.end() + 4]
                if not is_the_rulebooks(word, books) and not after.startswith("ではなく"):
                    strays.setdefault(word, where)
    assert strays == {}


def test_no_everyday_word_stands_for_a_rulebook_term() -> None:
    found = {}
    _, not_to_use = glossary()
    for where, text in japanese_texts().items():
        for wrong in not_to_use:
            for match in re.finditer(wrong, text):
                if not text[match.end() : match.end() + 4].startswith("ではなく"):
                    found.setdefault(wrong, []).append(where)
    assert found == {}


def test_verify_proof_says_the_premises_in_the_rulebooks_words() -> None:
    """「三度反復の禁止」, not 千日手; the premise said as a sentence, not as code."""
    out = verify_proof_output()
    assert "前提: 履歴なし(三度反復の禁止で数える、これより前の局面はない)" in out
    assert "参照しない" not in out and "依存" not in out
