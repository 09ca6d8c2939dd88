"""Help and usage errors speak Japanese to a Japanese user (issue: "a user with a Japanese
locale sees no English in any command's normal output").

Every help text is said from the catalogue by its id, in both languages (the command or
option is defined with the id: ``adjudicator.cli.help_text``). These tests walk the whole
command tree: a command or option whose help is not in the catalogue fails here; every
command's ``--help`` under ``LANG=ja_JP.UTF-8`` is read for English words left over.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Annotated

import pytest
import typer
from rich.cells import cell_len
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.cli.help_lang import command_line_lang
from adjudicator.cli.help_text import commands, help_texts
from adjudicator.cli.usage_ja import japanese_message
from adjudicator.core.i18n import LANGS, say
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.line_breaks import break_offsets, narrowest

REGISTRY = Registry(installed_games())
ROOT = typer.main.get_command(build_app(REGISTRY))
PATHS = [path for path, _ in commands(ROOT)]
RUNNER = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"


def run(*args: str, lang: str = "ja_JP.UTF-8", columns: int = 200) -> typer.testing.Result:
    """``adjudicator ARGS`` in this process, under the locale ``lang``."""
    env = {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": str(columns)}
    return RUNNER.invoke(build_app(REGISTRY), list(args), env=env)


def test_the_walk_sees_every_command_and_parameter() -> None:
    """The tree walked is the real one: the root, the record commands, the suite's and
    each game's sub-commands, their arguments and the help option."""
    assert {"", "validate", "conformance run", "orbit-dominion solve", "astro-stra draw"} <= set(
        PATHS
    )
    keys = {text.key for text in help_texts(ROOT)}
    assert {"validate --jobs", "schemas directory", "dark-nebula commit --help"} <= keys


def without_catalogue_help(root: object) -> list[str]:
    """The commands and parameters of a tree whose help is not an id of the catalogue
    said in both languages: one defined with no help, or with words written in place."""
    return [
        text.key
        for text in help_texts(root)
        if text.id is None or not all(say(text.id, lang, games="") for lang in LANGS)
    ]


def test_every_command_and_option_has_its_help_in_the_catalogue() -> None:
    """docs/design.md, "Messages": every command's and parameter's help (typer's and the
    help option's included) is said from the catalogue by id, in both languages, so that
    no option can be added in English only."""
    assert without_catalogue_help(ROOT) == []


def test_the_check_sees_help_written_in_place_or_missing() -> None:
    """The check above fails on what it is for: help written as words where it is defined,
    and a parameter with no help at all."""
    app = typer.Typer(help="cli.help.root")

    @app.command(help="Words written in place.")
    def spoken(
        count: Annotated[int, typer.Option("--count")] = 1,
        lang: Annotated[str, typer.Option("--lang", help="cli.help.option.lang")] = "en",
    ) -> None:
        """Only here to be walked."""

    @app.command(help="cli.help.games")
    def listed() -> None:
        """Only here to be walked."""

    missing = without_catalogue_help(typer.main.get_command(app))
    assert missing == ["spoken", "spoken --count"]


def test_a_games_commands_are_headed_by_its_title() -> None:
    """A game's group of commands is headed by its title as the rulebook prints it, with
    the English title beside it in English help (the titles the registry lists)."""
    for game in REGISTRY.games:
        group = f"{game.cli_module.split('.')[1]}.help"
        assert say(group, "en") == f"{game.title_ja} — {game.title_en}"
        assert say(group, "ja") == game.title_ja


#: A half-width parenthesis with no space before it, or after its closing one (a word
#: of Japanese set against it).
_UNSPACED = re.compile(r"[^\s(「]\(|\)[^\s、。):」,.]")


@pytest.mark.parametrize("key", sorted({t.id for t in help_texts(ROOT) if t.id}))
def test_japanese_help_sets_parentheses_off_by_a_space(key: str) -> None:
    """Half-width parentheses in Japanese help hold English: a space sets them off, as in
    English (``テキスト表記 (*.txt) のみ``); full-width text needs none to break a line."""
    assert not _UNSPACED.search(say(key, "ja", games="")), key


def test_the_parenthesis_check_sees_them_unspaced() -> None:
    assert _UNSPACED.search("テキスト表記(*.txt)のみ。")
    assert not _UNSPACED.search("テキスト表記 (*.txt) のみ。")
    assert not _UNSPACED.search("ID=値 (例: a=b)。")


# --- what a Japanese user reads --------------------------------------------------------------

#: What help keeps in Latin letters: options and commands, metavars and types, examples
#: (paths, positions, notation), names of formats and tools, and the games' titles as their
#: rulebooks print them.
KEPT = [
    r"'[^']*'|\"[^\"]*\"|`[^`]*`",  # quoted examples
    r"\S*[/.=:]\S*",  # paths, files, ids, URLs, notation
    r"(?<![\w-])--?[\w-]+",  # options
    r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+",  # codes and ids: orbit-dominion, 2026-11-29-table-3
    r"\[?\b[A-Z][A-Z_]*\b\]?(?:\.\.\.)?",  # metavars, environment variables, ORBIT DOMINION
    r"<[^>]*>",  # types
    r"\{\w+\}(?:\.\.\.)?",  # argument metavars
    r"(?<![A-Za-z])(?:ja|en|csv|json|svg|text|glob|perft|hello|standard|vs|echo)(?![A-Za-z])",
    r"\b(?:JSON|Lines|Schema|Dask|Excel)\b",
    r"\b(?:adjudicator|engine|games|schemas|validate|convert|replay|adjudicate|conformance|repair|new)\b",
    r"\b(?:run|report|lock|export|coverage|playthroughs|draw|commit|redact|board|analyze|solve|distributed)\b",
    r"\b(?:directory|source|position|record|file|paths|game)\b",  # arguments' names, as metavars
]
WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(output: str) -> list[str]:
    """The lines of ``output`` holding a word of English once the kept tokens are gone."""
    lines = []
    for line in output.splitlines():
        rest = line
        for pattern in KEPT:
            rest = re.sub(pattern, " ", rest)
        if WORD.search(rest):
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path or "adjudicator")
def test_help_under_a_japanese_locale_has_no_english(path: str) -> None:
    """``adjudicator … --help`` under ``LANG=ja_JP.UTF-8``: the texts, typer's panel
    titles and markers ("使い方:", オプション, [必須], [既定値: …]) in Japanese; only the
    kept tokens stay in Latin letters."""
    result = run(*path.split(), "--help")
    assert result.exit_code == 0, result.output
    assert "使い方:" in result.output and "オプション" in result.output
    assert english_left(result.output) == []


def test_the_check_sees_english() -> None:
    """The same help in English is caught: the check reads the words."""
    result = run("validate", "--help", lang="C.UTF-8")
    assert "Usage:" in result.output and "Options" in result.output
    assert len(english_left(result.output)) > 10


def test_lang_on_the_command_line_chooses_the_language_of_help() -> None:
    """``--lang ja`` anywhere on the command line puts help in Japanese under an English
    locale, and ``--lang en`` keeps it English under a Japanese one; English comes back
    in the same process after Japanese (typer's words included)."""
    japanese = run("validate", "--lang", "ja", "--help", lang="C.UTF-8").output
    assert "記録ファイル" in japanese and "オプション" in japanese
    english = run("validate", "--help", "--lang=en").output
    assert "Record files" in english and "Options" in english and "オプション" not in english
    assert command_line_lang(["validate", "--lang", "en", "--lang", "ja"]) == "ja"
    assert command_line_lang(["validate", "--", "--lang", "ja"]) in ("ja", "en")


def test_lang_before_the_command_is_taken_by_the_root_command() -> None:
    """docs/ja/README.md: help follows ``--lang``, before the command too. Issue 42:
    ``adjudicator --help --lang ja`` was refused (「--lang というオプションはありません」);
    it shows the root's help in Japanese, and ``--lang`` before a command is the language
    of that command, unless the command is given its own."""
    for args in (["--help", "--lang", "ja"], ["--lang", "ja", "--help"], ["--lang", "ja"]):
        result = run(*args, lang="C.UTF-8")
        assert result.exit_code == 0, (args, result.output)
        assert "使い方: adjudicator" in result.output and "コマンド" in result.output, args
    games = run("--lang", "ja", "games", lang="C.UTF-8")
    assert games.exit_code == 0 and "陣営:" in games.output
    own = run("--lang", "ja", "games", "--lang", "en", lang="C.UTF-8")
    assert "sides:" in own.output and "陣営" not in own.output


def test_no_arguments_shows_the_help_in_japanese() -> None:
    result = run()
    assert "使い方: adjudicator" in result.output and "コマンド" in result.output
    assert "ゲーム: astro-stra (astro-stra/0.9.0)" in result.output


@pytest.mark.parametrize(
    ("args", "japanese"),
    [
        (
            ["validate", "--jobs", "x", "a.json"],
            "'--jobs' / '-j' の値が正しくありません: 'x' は整数ではありません。",
        ),
        (["validate", "--jobs", "0", "a.json"], "0 は範囲 x>=1 の外です。"),
        (["validate", "--jbs", "2"], "--jbs というオプションはありません(候補: --jobs"),
        (["validate"], "引数 'paths' を指定してください。"),
        (["valdate"], "'valdate' というコマンドはありません。'validate' のことですか?"),
        (["replay", "a", "b"], "余分な引数があります: b"),
        (["validate", "a", "--lang"], "オプション '--lang' には値が必要です。"),
        (["replay", "a", "--format", "png"], "'png' は指定できません('text', 'svg' のいずれか)。"),
    ],
)
def test_usage_errors_in_japanese(args: list[str], japanese: str) -> None:
    """A usage error is told in Japanese under the "エラー" panel, with how to get help,
    and still exits 2."""
    result = run(*args)
    assert result.exit_code == 2
    assert japanese in result.output
    assert "エラー" in result.output and "Error" not in result.output
    assert english_left(result.output) == []


def test_a_usage_error_says_how_to_get_help() -> None:
    result = run("validate", "--nope")
    assert "使い方は 'adjudicator validate -h' で表示されます。" in result.output


def test_usage_errors_are_said_from_their_fields_not_their_english() -> None:
    """The Japanese is made from what the error knows (its option, its parameter), by id
    in the catalogue: an error raised with words alone passes through as it is, and a
    value refused for a reason not listed keeps that reason inside the Japanese."""
    from typer._click.exceptions import BadParameter, NoSuchOption, UsageError

    assert japanese_message(UsageError("Something else.")) is None
    refused = BadParameter("a reason not listed", param_hint="'--x'")
    assert japanese_message(refused) == "'--x' の値が正しくありません: a reason not listed"
    unknown = NoSuchOption("--jbs", message="worded otherwise", possibilities=["--jobs"])
    assert japanese_message(unknown) == "--jbs というオプションはありません(候補: --jobs)。"


def _lines(text: str, width: int) -> list[str]:
    cuts = [0, *break_offsets(text, width), len(text)]
    return [text[a:b].rstrip() for a, b in pairwise(cuts)]


def test_japanese_breaks_between_characters_and_english_at_spaces() -> None:
    """Help in Japanese needs no spaces to break: a line breaks between two characters when
    either is full-width, and at spaces in English; each line fits its width in columns."""
    text = "代わりに Dask クラスタのワーカーで検証します (dask://HOST:PORT)。"
    lines = _lines(text, 20)
    assert "".join(lines) == text.replace("検証します (", "検証します(")
    assert all(cell_len(line) <= 20 for line in lines)
    assert "dask://HOST:PORT)。" in lines[-1]  # an English word is not broken inside
    expected = ["--json は判定", "の一覧を出力", "します"]
    assert _lines("--json は判定の一覧を出力します", 13) == expected


def test_kinsoku_no_line_starts_with_closing_punctuation_or_ends_opening() -> None:
    """JIS X 4051's line-breaking rules, the simple form: 、。) ー and the small kana never
    begin a line, an opening bracket never ends one."""
    for width in range(10, 40):  # wider than any word: no word is folded
        for line in _lines(
            "終了コード: 0 すべて有効、1 無効あり (Ctrl-C。「済んだ分」は出力します)。", width
        ):
            assert line[:1] not in "、。)」ーゃっ", (width, line)
            assert line[-1:] not in "(「", (width, line)


def test_a_word_wider_than_the_line_is_folded_and_measured() -> None:
    """A token wider than the column (an interpretation's id) folds at the width; the
    narrowest column for a text is its widest unbreakable piece."""
    token = "dark-nebula:nebula-entry=each-step"
    assert all(cell_len(line) <= 10 for line in _lines(token, 10))
    assert narrowest(f"一つのゲームの記録に {token} を適用します") == len(token)


#: rich's mark of a line cut short: "…" ending a line or a table cell (an example's own
#: "--position '…'" is not one).
CUT = re.compile(r"…\s*(?:│|$)", re.MULTILINE)


@pytest.mark.parametrize("lang", ["ja_JP.UTF-8", "C.UTF-8"])
def test_no_help_is_cut_short(lang: str) -> None:
    """Every command's help at the widths of common terminals says all it has: no line is
    cut with "…" (a token wider than its column folds; a line of Japanese whose last word
    fits exactly keeps it)."""
    cut = [
        (path, columns)
        for path in PATHS
        for columns in (80, 100)
        if CUT.search(run(*path.split(), "--help", lang=lang, columns=columns).output)
    ]
    assert cut == []


@pytest.mark.parametrize("lang", ["ja_JP.UTF-8", "C.UTF-8"])
def test_validate_help_snapshot(lang: str, snapshot: SnapshotAssertion) -> None:
    """``adjudicator validate --help`` as a Japanese and an English user read it."""
    result = run("validate", "--help", lang=lang, columns=100)
    assert result.exit_code == 0
    assert result.output == snapshot


def test_validate_json_is_said_to_be_a_list_in_both_languages() -> None:
    """``validate --json`` always prints a list (one object per record, for one record
    too): its help says so in both languages, not the shared "one JSON object"."""
    japanese = run("validate", "--help").output
    english = run("validate", "--help", lang="C.UTF-8").output
    assert "JSON の配列" in japanese and "オブジェクトを一つ出力" not in japanese
    assert "one JSON list" in english and "one JSON object instead" not in english


@pytest.mark.parametrize(
    "args", [["--help", "--lang", "ja"], ["--lang", "ja", "--help"], ["--lang=ja", "-h"]]
)
def test_the_roots_help_follows_lang_wherever_it_stands(args: list[str]) -> None:
    """docs/ja/README.md: help follows the last ``--lang`` on the command line, so
    ``adjudicator --help --lang ja`` prints the root's help in Japanese under an English
    locale (it was refused: 「--lang というオプションはありません」)."""
    result = run(*args, lang="C.UTF-8")
    assert result.exit_code == 0, result.output
    assert "使い方: adjudicator" in result.output and "オプションはありません" not in result.output


def test_lang_before_the_command_is_the_commands_language() -> None:
    """``adjudicator --lang ja validate …`` speaks Japanese; the command's own ``--lang``
    after it still decides."""
    record = str(RECORDS / "orbit-dominion" / "invalid" / "attempt-was-legal.json")
    before = run("--lang", "ja", "validate", record, lang="C.UTF-8")
    assert before.exit_code == 1 and "無効 5手目" in before.output
    both = run("--lang", "ja", "validate", record, "--lang", "en", lang="C.UTF-8")
    assert both.exit_code == 1 and "invalid at ply 5" in both.output
