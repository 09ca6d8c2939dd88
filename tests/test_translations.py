"""Every message exists in Japanese and in English.

The rulebooks and most players are Japanese; a message, label, side or reason missing in
one language would leave a director reading codes or the other language. These tests walk
every game's rule data (violations, reasons, sides, references, interpretations) and every
message table of the package (any module-level ``{"ja": …, "en": …}`` table, or a table of
them), so that a message added in one language only fails here.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import string
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import adjudicator
from adjudicator.core.errors import INPUT_ERRORS, InputError
from adjudicator.core.i18n import say
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.judge.references import RuleData
from adjudicator.core.registry import installed_games

GAMES = installed_games()
#: Events a game names rather than counts (Astro-Stra's opening roll and draft), in Japanese.
SETUP_EVENTS = tuple(s.ja for g in GAMES for s in g.rules.counting.setup)
LANGS = {"ja", "en"}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _modules() -> Iterator[Any]:
    for info in pkgutil.walk_packages(adjudicator.__path__, "adjudicator."):
        if not info.name.endswith("__main__"):
            yield importlib.import_module(info.name)


def _is_pair(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == LANGS


def _tables() -> Iterator[tuple[str, dict[str, str]]]:
    """Module-level message tables: ``{"ja": …, "en": …}`` or a dict of such tables."""
    for module in _modules():
        for name, value in vars(module).items():
            if not isinstance(value, dict) or getattr(value, "__module__", None):
                continue
            where = f"{module.__name__}.{name}"
            if _is_pair(value):
                yield where, value
            elif value and all(_is_pair(v) for v in value.values()):
                for key, pair in value.items():
                    yield f"{where}[{key}]", pair


TABLES = dict(_tables())


def test_the_walk_finds_the_message_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk is real: it sees a table in both languages and a table of such tables (the
    core says its messages from the catalogue, so a module of its own stands in)."""
    module = types.ModuleType("adjudicator.tables")
    vars(module).update(
        DRAW={"ja": "引き分け", "en": "draw"}, LABELS={"won": {"ja": "勝ち", "en": "won"}}
    )
    monkeypatch.setitem(globals(), "_modules", lambda: iter([module]))
    assert set(dict(_tables())) == {"adjudicator.tables.DRAW", "adjudicator.tables.LABELS[won]"}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_message_table_in_both_languages(name: str) -> None:
    pair = TABLES[name]
    if isinstance(pair["en"], dict):  # labels: one table per language, same keys
        assert set(pair["ja"]) == set(pair["en"]), name
        for key in pair["en"]:
            assert pair["ja"][key].strip(), f"{name}[ja][{key}] is empty"
            assert _fields(pair["ja"][key]) == _fields(pair["en"][key]), f"{name}[{key}]"
        return
    assert pair["ja"].strip() and pair["en"].strip()
    assert _fields(pair["ja"]) == _fields(pair["en"])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_violation_in_both_languages(game: Any) -> None:
    """A violation's message exists in both languages and uses the same arguments."""
    for spec in game.rules.violations:
        assert spec.ja.strip() and spec.en.strip(), spec.code
        assert _fields(spec.ja) == _fields(spec.en), spec.code


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_side_and_reason_has_names(game: Any) -> None:
    """Sides (赤/青, 帝国軍/反乱軍, 黒/白) and reasons are named in both languages."""
    rules: RuleData = game.rules
    sides = {s.code: s for s in rules.sides}
    assert set(sides) == set(game.sides)
    for side in sides.values():
        assert side.ja.strip() and side.en.strip()
        assert side.ja != side.code, f"{side.code} has no Japanese name"
    reasons = {r.code for r in rules.reasons}
    assert set(game.reasons) <= reasons
    for reason in rules.reasons:
        assert reason.ja.strip() and reason.en.strip()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_reference_and_interpretation_in_both_languages(game: Any) -> None:
    for ref in game.rules.references:
        assert ref.cite_ja.strip() and ref.cite_en.strip(), ref.id
        assert ref.title_ja.strip() and ref.title_en.strip(), ref.id
    for i in game.rules.interpretations:
        assert i.reading_ja.strip() and i.reading_en.strip(), i.id


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_japanese_messages_name_sides_in_japanese(game: Any) -> None:
    """A violation about a side names it 赤 / 帝国軍 / 黒 in Japanese, its code in English."""
    from adjudicator.core.judge.violations import SIDE_ARGS, Violations

    violations = Violations(lambda: game.rules)
    side = game.sides[0]
    for spec in game.rules.violations:
        fields = _fields(spec.en)
        if not fields & SIDE_ARGS:
            continue
        args = {name: side if name in SIDE_ARGS else "X" for name in fields}
        v = violations(spec.code, **args)
        assert game.rules.side_name(side, "ja") in v.message("ja")
        assert side not in v.message("ja").replace("X", "")


# --- input errors -------------------------------------------------------------------------------

PACKAGE = Path(adjudicator.__file__).parent


def _input_error_calls() -> Iterator[tuple[str, ast.Call]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):  # an inner function, walked later, wins
                    _ENCLOSING[id(inner)] = (inner, node)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "InputError":
                    yield str(path.relative_to(PACKAGE)), node


#: Each node of a function, by its id, with its innermost function (the node is held, so
#: that its id is not given to another).
_ENCLOSING: dict[int, tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef]] = {}


def _codes(call: ast.Call) -> set[str]:
    """The codes a call can raise: a literal, or an f-string over a known set of kinds."""
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return {first.value}
    if isinstance(first, ast.JoinedStr):  # f"unsupported_{kind}"
        head = "".join(v.value for v in first.values if isinstance(v, ast.Constant))
        return {code for code in INPUT_ERRORS if code.startswith(head)} or {head}
    return set()


CALLS = list(_input_error_calls())


def test_the_walk_finds_the_input_errors() -> None:
    assert len(CALLS) > 40
    assert any(where == "core/read/loading.py" for where, _ in CALLS)


def test_every_input_error_code_is_in_both_languages() -> None:
    """Every code an input error can carry means something in Japanese and in English."""
    for where, call in CALLS:
        for code in _codes(call):
            assert code in INPUT_ERRORS, f"{where}:{call.lineno}: {code} is not catalogued"
    for code, key in INPUT_ERRORS.items():
        assert key == f"core.error.{code}", code
        assert all(say(key, lang).strip() for lang in LANGS), code
    assert "schema_violation" in INPUT_ERRORS  # raised through pydantic, not a literal


def test_every_input_error_is_written_in_japanese_too() -> None:
    """What a director or an arbiter meets — reading files and records, a game's notation
    and positions, choosing games, options, commitments, the conformance tools — is said in
    full in Japanese: every input error gives ``ja`` (and ``expected_ja`` with
    ``expected``), in the core and in every game, its protocol included, since a game's
    protocol errors reach the command line too (perft's budget). Only the core's engine
    protocol answers programs alone, in English; its errors are headed in Japanese by their
    code (above)."""
    for where, call in CALLS:
        if where.startswith("core/protocol") or where == "core/errors.py":
            continue
        keywords = {k.arg: k.value for k in call.keywords}
        message = call.args[1] if len(call.args) > 1 else keywords.get("message")
        said = "ja" in keywords or _is_said(message, call)
        assert said, f"{where}:{call.lineno} has no Japanese message"
        if "expected" in keywords:
            said = "expected_ja" in keywords or _is_said(keywords["expected"], call)
            assert said, f"{where}:{call.lineno}: expected_ja"


def _is_said(node: ast.expr | None, call: ast.Call | None = None) -> bool:
    """Whether ``node`` is a message of the catalogue, ``said("core.…", …)``: its Japanese
    is the catalogue's. A name passed on is one when the function around ``call`` takes it
    as a parameter typed ``Said`` (whose every caller mypy holds to a bilingual message) or
    gives it nothing but messages of the catalogue."""
    if isinstance(node, ast.IfExp):  # one message of the catalogue or another
        return _is_said(node.body, call) and _is_said(node.orelse, call)
    if isinstance(node, ast.Name) and call is not None:
        return _said_name(node.id, _ENCLOSING.get(id(call), (call, None))[1])
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("said", "in_both")


def _said_name(name: str, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> bool:
    if function is None:
        return False
    arguments = function.args
    for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
        if arg.arg == name:
            return arg.annotation is not None and "Said" in ast.unparse(arg.annotation)
    given = [
        node.value
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    return bool(given) and all(_is_said(value) for value in given)


def test_the_walk_sees_the_games_input_errors() -> None:
    games = {where.split("/")[0] for where, _ in CALLS}
    assert {"astro_stra", "dark_nebula", "orbit_dominion"} <= games


def test_a_japanese_input_error_without_its_own_words_is_headed_in_japanese() -> None:
    err = InputError("malformed_event", "no turn.step stamp", field="line 10")
    assert err.describe("ja") == "10行目: 記録の行の形式の誤り(no turn.step stamp)"
    assert err.describe("en") == "line 10: no turn.step stamp"


# --- no Python in messages ----------------------------------------------------------------------

REPR = re.compile(r"\(\d+,\)|\(\(|\[\(|\bNone\b|\{'")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_python_repr_in_any_verdict_on_the_samples(lang: str) -> None:
    """Messages speak in points, sectors and actions as the notation writes them: never
    ``(2,)``, ``((2, 13),)`` or ``None``."""
    from adjudicator.core.batch.files import Options, find_records, validate_file
    from adjudicator.core.registry import Registry

    registry = Registry(GAMES)
    root = Path(adjudicator.__file__).resolve().parent.parent / "records"
    for path in find_records([root]):
        v = validate_file(registry, path, Options(lang=lang))  # type: ignore[arg-type]
        texts = [
            v.problem.message if v.problem else "",
            v.unreadable.message if v.unreadable else "",
        ]
        texts += [c.description for c in v.pending] + [w.message for w in v.warnings]
        for text in texts:
            assert not REPR.search(text), (path.name, text)


@pytest.mark.parametrize(
    ("sample", "japanese", "english"),
    [
        (
            "dark-nebula/invalid/miscounted-combat.json",
            ["星域", "帝国軍", "秘密基地"],
            ["sector", "base:"],
        ),
        (
            "astro-stra/invalid/die-of-seven.json",
            ["黒の番号", "振り出し", "上がり"],
            ["black's", "home"],
        ),
    ],
)
def test_drawings_speak_the_language_of_the_report(
    sample: str, japanese: list[str], english: list[str]
) -> None:
    """The position drawn under a Japanese verdict labels its rows and counts in Japanese."""
    from adjudicator.core.batch.files import Options, validate_file
    from adjudicator.core.registry import Registry

    path = Path(adjudicator.__file__).resolve().parent.parent / "records" / sample
    drawing = validate_file(Registry(GAMES), path, Options(lang="ja")).problem.drawing
    assert all(word in drawing for word in japanese), drawing
    assert not any(word in drawing for word in english), drawing


def test_warnings_and_the_games_list_speak_japanese() -> None:
    """Lenient readings are reported in Japanese (「M1 → M2」を M1-M2 と読みました), and
    `adjudicator games` names sides and reasons in words of the language."""
    import subprocess
    import sys

    from adjudicator.core.batch.files import Options, validate_file
    from adjudicator.core.registry import Registry

    root = Path(adjudicator.__file__).resolve().parent.parent
    sample = root / "records/orbit-dominion/invalid/lenient-spellings-in-strict-file.json"
    v = validate_file(Registry(GAMES), sample, Options(lang="ja", lenient=True))
    assert v.warnings and all("と読みました" in w.message for w in v.warnings)
    assert v.warnings[0].location == "1手目"
    out = subprocess.run(
        [sys.executable, "-m", "adjudicator", "games"],
        capture_output=True,
        text=True,
        env={"LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin"},
    ).stdout
    assert "陣営: 赤 (red), 青 (blue)" in out and "  終局理由:" in out


# --- the position and turn lines of replay and adjudicate ---------------------------------------

#: What the lines may keep in Latin letters: notation, as records and engines write it.
NOTATION = re.compile(
    r"[a-z0-9-]+\[[^\]]*\]"  # Dark Nebula: a sector id and who stands there, tyrann[e:G,c2 r:b]
    r"|\b[bw]:[\d=,]+"  # Astro-Stra: the pieces on points, b:1=2,2=2
    r"|\b[a-z-]+=\d+"  # Astro-Stra: a held die, colour=pips (green=5)
    r"|[rRbB./]{12,}"  # Orbit Dominion: the position string
    r"|Artemis"  # Astro-Stra: a character the Japanese rulebook itself spells in Latin letters
)
WORD = re.compile(r"[A-Za-z]{2,}")

#: One sample of each game, replayed this far; the adjudicated ply, where there is
#: something to say (Astro-Stra: a held die and a spent skill; Dark Nebula: mid-turn).
POSITION_SAMPLES = [
    ("orbit-dominion/valid/pincer.json", 6, 4),
    ("astro-stra/valid/random-game.json", 12, 12),
    ("dark-nebula/valid/worked-game.json", 12, 9),
]


def _position_lines(game_output: str) -> list[str]:
    """The words of the position and turn lines: a replay line without its ply and event (the
    event is the record's notation), the side-to-move line of a ruling, and what it leads
    to."""
    lines = []
    for line in game_output.splitlines():
        if " · " in line:
            fields = line.split(" · ")
            replayed = re.match(r"\d+(手目|ターン目) ", fields[0]) or fields[0] == "開始時"
            lines += fields[1:] if replayed or fields[0].startswith(SETUP_EVENTS) else fields
        elif line.startswith(("結果の局面:", "leads to:")):
            lines.append(line)
    return lines


def _english(lines: list[str]) -> list[str]:
    return [line for line in lines if WORD.search(NOTATION.sub(" ", line))]


@pytest.mark.parametrize(("sample", "plies", "at"), POSITION_SAMPLES)
def test_position_and_turn_lines_speak_japanese(sample: str, plies: int, at: int) -> None:
    """For a Japanese arbiter, `replay --lang ja` and `adjudicate` under a Japanese locale
    say whose turn it is, what is held and which step comes next (Dark Nebula 5.0) in
    Japanese; only the notation (positions, sector ids, dice) stays as written. The same
    lines in English show that the check sees the words."""
    from typer.testing import CliRunner

    from adjudicator.cli.app import build_app
    from adjudicator.core.registry import Registry

    app, runner = build_app(Registry(GAMES)), CliRunner()
    path = str(Path(adjudicator.__file__).resolve().parent.parent / "records" / sample)
    game = Registry(GAMES).find(sample.split("/")[0])

    def run(*args: str, lang: str) -> str:
        result = runner.invoke(app, list(args), env={"LANG": lang, "COLUMNS": "400"})
        assert result.exit_code in (0, 1), result.output
        return result.stdout

    replayed = run("replay", path, "--to", str(plies), "--lang", "ja", lang="C.UTF-8")
    written = next(
        line.split(" · ")[0].split(" ", 1)[1]
        for line in replayed.splitlines()
        if line.startswith(f"{ply_name(game.rules.counting, at, 'ja')} ")
    )
    ruled = run(
        "adjudicate", "--record", path, "--at", str(at), "--action", written, lang="ja_JP.UTF-8"
    )
    lines = _position_lines(replayed) + _position_lines(ruled)
    assert len(lines) > plies and any(line.startswith("結果の局面:") for line in lines)
    assert _english(lines) == []
    english = run("replay", path, "--to", str(plies), "--lang", "en", lang="C.UTF-8")
    assert _english(_position_lines(english))
