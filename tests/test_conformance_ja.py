"""The conformance commands speak Japanese to a Japanese user (issue: "a user with a
Japanese locale sees no English in any command's normal output"): under
``LANG=ja_JP.UTF-8`` or ``--lang ja``, every line ``conformance run``, ``report``, ``lock``,
``export`` and ``coverage`` print for a person is Japanese; only notation stays in Latin
letters (case, game, topic and reference ids, feature names, requests as sent). What they
write for programs (``--json``, the report's JSON, the exported files) is the same in
either language."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.core.cli import build_app
from adjudicator.core.conformance.cases import case_files
from adjudicator.core.game import FEATURES
from adjudicator.core.registry import Registry, installed_games
from tests.test_help_ja import english_left

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
MINIMAL = f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}"
JAPANESE, ENGLISH = "ja_JP.UTF-8", "C.UTF-8"

REFERENCES = [ref for game in REGISTRY.games for ref in game.rules.references]
#: What is notation, not English: topics, reference ids, the feature vocabulary, and the
#: names a Japanese rulebook itself prints in Latin letters (Trihaira, Artemis).
NOTATION = sorted(
    {f.topic for _, f in case_files(CASES)}
    | {ref.id for ref in REFERENCES}
    | set(FEATURES)
    | {word for ref in REFERENCES for word in re.findall(r"[A-Za-z]+", ref.cite("ja"))},
    key=len,
    reverse=True,
)
NOTATION_WORD = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, NOTATION)) + r")(?![\w-])")


def english_in(output: str) -> list[str]:
    """The lines holding English once notation (ids, features, quoted requests) is set
    aside."""
    return english_left(NOTATION_WORD.sub(" ", output))


def conformance(lang: str, *args: str) -> Result:
    """``adjudicator conformance ARGS`` in this process under the locale ``lang``."""
    env = {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "200"}
    return CliRunner().invoke(build_app(REGISTRY), ["conformance", *args], env=env)


def _suite_copy(tmp: Path) -> str:
    copy = tmp / "cases"
    if not copy.exists():
        shutil.copytree(CASES, copy)
    return str(copy)


SUITE = ["--cases", str(CASES)]
#: Each command as a person runs it: (name, arguments given a scratch folder, exit code).
COMMANDS: list[tuple[str, Callable[[Path], list[str]], int]] = [
    ("run passing", lambda _: ["run", *SUITE, "--only", "as.setup.*", "-v"], 0),
    ("run smoke", lambda _: ["run", *SUITE, "--smoke", "--engine", MINIMAL], 0),
    ("coverage", lambda _: ["coverage", *SUITE], 0),
    ("export", lambda tmp: ["export", *SUITE, str(tmp / "exported")], 0),
    (
        "report",
        lambda tmp: [
            "report",
            *SUITE,
            "--engine",
            "built-in=adjudicator engine",
            "--only",
            "od.board.*",
            "--html",
            str(tmp / "report.html"),
            "--json",
            str(tmp / "report.json"),
        ],
        0,
    ),
    ("lock", lambda tmp: ["lock", "--cases", _suite_copy(tmp)], 0),
]


@pytest.mark.parametrize(("args", "code"), [c[1:] for c in COMMANDS], ids=[c[0] for c in COMMANDS])
def test_a_japanese_locale_reads_no_english(
    args: Callable[[Path], list[str]], code: int, tmp_path: Path
) -> None:
    """Under ``LANG=ja_JP.UTF-8`` nothing printed is English; under an English locale the
    same check finds English, so it is not blind."""
    japanese = conformance(JAPANESE, *args(tmp_path))
    assert japanese.exit_code == code, japanese.output
    assert english_in(japanese.output) == []
    english = conformance(ENGLISH, *args(tmp_path))
    assert english.exit_code == code, english.output
    assert english_in(english.output) != []


def test_lang_option_overrides_the_locale() -> None:
    """``--lang ja`` under an English locale and ``--lang en`` under a Japanese one."""
    args = ["run", *SUITE, "--only", "od.board.*", "--engine", MINIMAL]
    japanese = conformance(ENGLISH, *args, "--lang", "ja")
    assert "合格" in japanese.output and english_in(japanese.output) == []
    english = conformance(JAPANESE, *args, "--lang", "en")
    assert "passed" in english.output and "合格" not in english.output


def test_coverage_names_each_section_as_the_rulebook_does_in_japanese() -> None:
    """Each reference is cited with its Japanese number and title (``title_ja``/``cite_ja``
    of the game's rule data)."""
    output = conformance(JAPANESE, "coverage", *SUITE, "--game", "astro-stra").output
    for ref in REGISTRY.find("astro-stra").rules.references:
        assert ref.cite("ja") in output


def test_what_programs_read_is_the_same_in_either_language() -> None:
    """``--json`` prints the same English values and codes in either language."""
    args = ["run", *SUITE, "--only", "od.board.*", "--engine", MINIMAL, "--json"]
    japanese = json.loads(conformance(JAPANESE, *args).stdout)
    assert japanese == json.loads(conformance(ENGLISH, *args).stdout)
    coverage = ["coverage", *SUITE, "--game", "dark-nebula", "--json"]
    assert conformance(JAPANESE, *coverage).stdout == conformance(ENGLISH, *coverage).stdout
