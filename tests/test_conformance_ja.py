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
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli.app import build_app
from adjudicator.core.capabilities import Playthroughs, offered
from adjudicator.core.conformance.cases import EXPECTATIONS, CaseFile, case_files
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.game import FEATURES
from adjudicator.core.i18n import in_lang
from adjudicator.core.registry import Registry, installed_games
from tests.test_conformance import _Skewed
from tests.test_help_ja import english_left

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
REGISTRY = Registry(installed_games())
FILES = [f for _, f in case_files(CASES)]
MINIMAL = f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}"
UNRELIABLE = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}"
BAD_HELLO = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'bad_hello_engine.py'}"
JAPANESE, ENGLISH = "ja_JP.UTF-8", "C.UTF-8"

REFERENCES = [ref for game in REGISTRY.games for ref in game.rules.references]
#: What the golden playthroughs count (``skill:red``, ``refused``): feature names.
MAKERS = [source.playthroughs() for g in REGISTRY.games if (source := offered(g, Playthroughs))]
#: The protocol's fields, named in a difference (``legal_moves: …``).
FIELDS = {*EXPECTATIONS, "legal_moves", "illegal_at", "violation", "code", "field", "nodes"}
#: JSON's literals, as values are written in a difference.
LITERALS = {"null", "true", "false"}
#: What is notation, not English: topics, reference ids, the feature vocabulary, protocol
#: fields, and the names a Japanese rulebook itself prints in Latin letters (Trihaira).
NOTATION = sorted(
    {f.topic for f in FILES}
    | {ref.id for ref in REFERENCES}
    | set(FEATURES)
    | FIELDS
    | LITERALS
    | {word for ref in REFERENCES for word in re.findall(r"[A-Za-z]+", ref.cite("ja"))}
    | {name for maker in MAKERS for name in maker.minimums},
    key=len,
    reverse=True,
)
NOTATION_WORD = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, NOTATION)) + r")(?![\w-])")


#: Lines that quote the engine itself: its stderr and an answer line that was not a
#: response are shown as it wrote them. A case's description (``内容``, with ``-v``) is
#: checked as any line: the case file gives it in Japanese too (``description_ja``).
ENGINE_WORDS = re.compile(r"^ *(?:\| .*|受信: .*|bad-hello: .*)$", re.MULTILINE)


def english_in(output: str) -> list[str]:
    """The lines holding English once notation (ids, features, quoted requests) and what
    the engine itself wrote are set aside."""
    return english_left(NOTATION_WORD.sub(" ", ENGINE_WORDS.sub("", output)))


def conformance(lang: str, *args: str) -> Result:
    """``adjudicator conformance ARGS`` in this process under the locale ``lang``."""
    env = {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "200"}
    return CliRunner().invoke(build_app(REGISTRY), ["conformance", *args], env=env)


def _suite_copy(tmp: Path, without: str = "") -> str:
    """A copy of the suite to lock, with the topic ``without`` removed (its cases then
    differ from the lock)."""
    copy = tmp / "cases"
    if not copy.exists():
        shutil.copytree(CASES, copy)
        for removed in copy.rglob(f"{without}.yaml") if without else []:
            removed.unlink()
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
    (
        "run failing",
        lambda _: [
            "run",
            *SUITE,
            "--engine",
            UNRELIABLE,
            *("--only", "od.perft.start", "--only", "od.board.*", "--only", "od.art9.winning-*"),
            *("--only", "od.turns.pass-is-not-an-action", "-v"),
        ],
        1,
    ),
    ("run stopped", lambda _: ["run", *SUITE, "--engine", UNRELIABLE, "-x"], 1),
    *(
        (
            f"hello {mode}",
            lambda _, mode=mode: ["run", *SUITE, "--engine", f"{BAD_HELLO} {mode}"],
            5,  # docs/conformance.md: an engine that cannot start a run, not a defect (4)
        )
        for mode in ("error", "protocol", "no-games", "silent")
    ),
    ("no engine", lambda _: ["run", *SUITE, "--engine", "no-such-engine-xyz"], 5),
    (
        "report of engines that fail",
        lambda tmp: [
            "report",
            *SUITE,
            *("--engine", f"unreliable={UNRELIABLE}", "--engine", "absent=no-such-engine-xyz"),
            *("--only", "od.board.*", "--json", str(tmp / "report.json")),
        ],
        0,
    ),
    ("lock refused", lambda tmp: ["lock", "--cases", _suite_copy(tmp, without="perft")], 1),
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


#: Every field the built-in engine answers, answered wrongly, so that each kind of
#: difference is said.
WRONG: dict[str, object] = {
    "legal_moves": ["Z9-Z9"],
    "outcome": {"winner": "nobody"},
    "position": "nowhere",
    "pending": [{"code": "none"}],
    "normalized": [{"index": 9}],
    "illegal_at": 99,
    "violation": "none_such",
    "nodes": -1,
    "divide": {"Z9-Z9": 1},
    "error": {"code": "other_code", "field": "elsewhere", "message": "?"},
}


def test_every_kind_of_difference_is_said_in_japanese() -> None:
    """Each failed case's difference (one case for each kind of expectation, the error's
    code and its field, divide and perft counts) reads in Japanese, while its JSON keeps
    the English."""
    first: dict[str, CaseFile] = {}
    for f in FILES:
        for case in f.cases:
            first.setdefault(case.expect.kind, f.model_copy(update={"cases": [case]}))
    assert set(first) == set(EXPECTATIONS)
    report = Runner(_Skewed(WRONG)).run(list(first.values()))
    failed = [r for r in report.results if r.status == "failed"]
    assert len(failed) >= len(EXPECTATIONS) - 1  # what a case needs may be unanswered
    for result in failed:
        said = "\n".join([in_lang(result.detail, "ja"), *(in_lang(d, "ja") for d in result.diff)])
        assert english_in(said) == [], result.id
        assert english_in(result.to_json()["detail"]) != []


class _Visible(HTMLParser):
    """A page's text as a reader sees it, without what it quotes (``<pre>``: the requests
    sent, the engine's own words; ``<code>``: commands) or its style."""

    QUOTED: ClassVar[set[str]] = {"pre", "code", "style"}

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self.inside.pop()

    def handle_data(self, data: str) -> None:
        if not _Visible.QUOTED & set(self.inside):
            self.text.append(data)


def _html_text(page: str) -> str:
    parser = _Visible()
    parser.feed(page.replace("<br>", "\n").replace('<meta charset="utf-8">', ""))
    return "\n".join(parser.text)


def test_the_html_report_reads_in_the_language_of_the_command(tmp_path: Path) -> None:
    """``conformance report --html`` under a Japanese locale writes a Japanese page
    (``lang="ja"``, headings, counts, labels, differences); under an English one, the
    English page."""
    args = [
        *("report", *SUITE, "--engine", f"unreliable-engine={UNRELIABLE}"),
        *("--engine", "absent-engine=no-such-engine-xyz", "--only", "od.board.*"),
        *("--only", "od.perft.start", "--html"),
    ]
    for lang, japanese in ((JAPANESE, True), (ENGLISH, False)):
        page_path = tmp_path / f"{lang}.html"
        assert conformance(lang, *args, str(page_path)).exit_code == 0
        page = page_path.read_text("utf-8")
        assert ('<html lang="ja">' in page) is japanese
        assert (english_in(_html_text(page)) == []) is japanese
