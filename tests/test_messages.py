"""The catalogue of messages (``messages.yaml`` of the core, the shell and each game): every
message in both languages with the same named parameters, every one said somewhere in the
code, and every id the code says found in it (docs/design.md, "Messages")."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from adjudicator.core.i18n import LANGS, catalogue, fill, said, say
from adjudicator.core.read.yaml_data import PACKAGE

#: Each namespace of the catalogue: a folder of the package holding ``messages.yaml``.
NAMESPACES = sorted(p.parent.name for p in PACKAGE.glob("*/messages.yaml"))

#: An id as code says it: a string that is exactly ``namespace.id``.
SAID = re.compile(rf"""["']((?:{"|".join(NAMESPACES)})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)["']""")


def parameters(template: str) -> set[str]:
    """The names of a template's parameters (``{written!r}`` is ``written``)."""
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


def every_message() -> list[tuple[str, dict[str, str]]]:
    return [
        (f"{namespace}.{name}", texts)
        for namespace in NAMESPACES
        for part in ("messages", "help")
        if (PACKAGE / namespace / f"{part}.json").exists()
        for name, texts in catalogue(namespace, part).items()
    ]


def ids_in_code() -> set[str]:
    """Every id the package's code says, found in its source."""
    return {
        found for path in PACKAGE.rglob("*.py") for found in SAID.findall(path.read_text("utf-8"))
    }


def test_the_catalogue_has_the_core_and_the_shell() -> None:
    assert {"core", "cli"} <= set(NAMESPACES)


@pytest.mark.parametrize(
    ("key", "texts"), every_message(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_message_is_in_both_languages_with_the_same_parameters(
    key: str, texts: dict[str, str]
) -> None:
    assert set(texts) == set(LANGS), f"{key}: {sorted(texts)}"
    assert all(isinstance(t, str) and t.strip() for t in texts.values()), key
    assert parameters(texts["en"]) == parameters(texts["ja"]), key


#: An ASCII space between two Japanese characters (kana, kanji, full-width punctuation).
_SPACED = re.compile(r"[\u3000-\u9fff\uff00-\uffef] +[\u3000-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize(
    ("key", "texts"), every_message(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_japanese_words_are_not_set_apart_by_spaces(key: str, texts: dict[str, str]) -> None:
    """Japanese is written without spaces between words; a space is for English beside it
    (issue 42: 「再生回数 の上限」); a message showing a notation whose parts a space
    separates (「勝者 終局理由」, as the tag is written) keeps it."""
    assert key in SPACED_AS_WRITTEN or not _SPACED.search(texts["ja"]), key


#: Messages that show the shape of a notation whose parts are separated by a space (a tag,
#: a command line: ``--sector 星域`` then the particle), or a title as its rulebook prints
#: it (暗黒星雲 ー帝国軍vs反乱軍ー, heading the game's commands).
SPACED_AS_WRITTEN = frozenset(
    {"core.tagged.bad_result", "dark_nebula.skeleton.commitment", "dark_nebula.help"}
)


def test_every_message_is_said_in_the_code_and_every_id_said_is_in_the_catalogue() -> None:
    defined = {key for key, _ in every_message()}
    said = ids_in_code()
    assert sorted(defined - said) == [], "unused messages"
    assert sorted(said - defined) == [], "ids said in code but missing from the catalogue"


def test_the_checks_see_a_missing_language_a_parameter_mismatch_and_an_unknown_id() -> None:
    """The checks above fail on what they are for."""
    assert parameters("read as {written!r}") == {"written"}
    assert parameters("「{written}」と読みました") != parameters("「{text}」と読みました")
    assert _SPACED.search("再生回数 の上限") and not _SPACED.search("--jobs は判定")
    assert SAID.findall('say("core.note.ignored", lang)') == ["core.note.ignored"]
    assert SAID.findall('"adjudicator.core.read"') == []
    with pytest.raises(KeyError):
        say("core.no.such.message", "en")


def test_a_japanese_word_filled_in_joins_the_japanese_around_it() -> None:
    """A template spaces a parameter for a word in Latin letters (「M3-M2 は不合法」); filled
    with a Japanese word the space goes (「再生回数の上限」, 「記録の勝者は青ですが」), and
    English and numbers keep theirs."""
    template = "記録の勝者は {winner} ですが、{n} 手目"
    assert fill(template, {"winner": "青", "n": 3}, "ja") == "記録の勝者は青ですが、3 手目"
    assert fill(template, {"winner": "blue", "n": 3}, "ja") == "記録の勝者は blue ですが、3 手目"
    assert fill("{a} {b}", {"a": "x", "b": "y"}, "en") == "x y"
    assert fill("「{w}」と {w!r}", {"w": "赤"}, "ja") == "「赤」と '赤'"


def test_an_input_error_said_from_the_catalogue_speaks_both_languages() -> None:
    """An input error whose message and expectation come from the catalogue (a ``Said``)
    reads in Japanese from the catalogue's Japanese, never headed by the code's name over
    the English (docs/design.md, "Messages")."""
    from adjudicator.core.errors import InputError, at_line
    from adjudicator.core.i18n import said

    error = InputError(
        "bad_notation",
        said("core.note.read_as", written="M3-M2"),
        field=at_line(4),
        expected=said("core.note.tag_ignored", tag="Site"),
    )
    assert error.describe("en") == "line 4: read as 'M3-M2'; expected [Site] ignored"
    assert (
        error.describe("ja") == "4行目: 「M3-M2」と読みました; 正しい形: タグ [Site] を無視しました"
    )


def test_a_locator_is_said_from_what_made_it_never_parsed_back_from_english() -> None:
    """docs/design.md, "Messages" (locators): a line, a column or a ply is a ``Place``
    made where the place is known, said in each language's words, and kept as such by a
    reader's warning (whose model stores the string a program reads); a locator given as
    plain text is a name, the same in both languages, never read back out of its English."""
    from adjudicator.core.errors import InputError, at_line, line_col, place
    from adjudicator.core.judge.verdict import Note

    assert place(at_line(4), "ja") == "4行目" and place(at_line(4), "en") == "line 4"
    assert place(line_col("ab\ncd", 4), "ja") == "2行2列"
    assert place("line 4", "ja") == "line 4" and place("moves[2]", "ja") == "moves[2]"
    error = InputError("bad_notation", said("core.note.ignored"), field="ply 8")
    assert error.describe("ja") == "ply 8: 無視しました"
    note = Note.said("normalized", at_line(3), "core.note.read_as", written="1")
    assert note.location == "line 3" and note.location_in("ja") == "3行目"
    assert note.model_copy().location_in("ja") == "3行目"


# --- no message put into two languages by hand ----------------------------------------------

#: The folders of the package whose every message, label and heading is said from the
#: catalogue: no ``ja=``/``expected_ja=`` argument, no ``Said(…)`` made by hand, no
#: ``{"en": …, "ja": …}`` table and no ``…_JA`` table of translations. A package
#: converted to the catalogue is added here.
CATALOGUED = ("core", "cli", "orbit_dominion", "dark_nebula", "astro_stra")

#: Where a Said is made: the catalogue's own module.
_SAYS = frozenset({"core/i18n.py"})


def hand_said(source: str) -> list[int]:
    """The lines of ``source`` that put a message into two languages by hand."""
    import ast

    found: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            found += [node.lineno for k in node.keywords if k.arg in ("ja", "expected_ja")]
            if getattr(node.func, "id", None) == "Said":
                found.append(node.lineno)
            if getattr(node.func, "id", None) == "in_both" and _picks_by_lang(node.args):
                found.append(node.lineno)
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "ja"} <= keys:
                found.append(node.lineno)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            found += [node.lineno for name in names if name.upper().endswith("_JA")]
    return found


def _picks_by_lang(args: list[object]) -> bool:
    """``in_both(lambda lang: ja if lang == "ja" else en)``: a pair written out by hand."""
    import ast

    return any(
        isinstance(a, ast.Lambda)
        and isinstance(a.body, ast.IfExp)
        and "lang" in ast.unparse(a.body.test)
        for a in args
    )


def catalogued_modules() -> list[str]:
    return sorted(
        str(path.relative_to(PACKAGE))
        for folder in CATALOGUED
        for path in (PACKAGE / folder).rglob("*.py")
    )


@pytest.mark.parametrize("module", catalogued_modules())
def test_no_message_is_put_into_two_languages_by_hand(module: str) -> None:
    """Every message of a catalogued folder comes from the catalogue, keyed by id with
    named parameters (docs/design.md, "Messages")."""
    if module in _SAYS:
        return
    found = hand_said((PACKAGE / module).read_text("utf-8"))
    assert not found, f"{module}: lines {found} say a message by hand"


def test_the_hand_said_check_sees_each_way() -> None:
    """The check above fails on what it is for."""
    assert hand_said('InputError("x", "m", ja="メ")') == [1]
    assert hand_said('InputError("x", m, expected_ja="形")') == [1]
    assert hand_said('Said("yes", "はい")') == [1]
    assert hand_said('in_both(lambda lang: "はい" if lang == "ja" else "yes")') == [1]
    assert hand_said("in_both(err.text)") == []
    assert hand_said('WORDS = {"en": "yes", "ja": "はい"}') == [1]
    assert hand_said('_KIND_JA = {"folder": "フォルダ"}') == [1]
    assert hand_said('InputError("x", said("core.note.ignored"))') == []
