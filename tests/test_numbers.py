"""Numbers read from text (core/read/numbers.py): ASCII digits only, bounded, through one reader
that every parser of the package uses — the text notation of the three games, tags,
positions, engine requests."""

from __future__ import annotations

import ast
import io
import json
import re
from pathlib import Path

import pytest

from adjudicator.core.batch.files import Options, judge_text
from adjudicator.core.errors import InputError
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.protocol.serve import Server
from adjudicator.core.read.numbers import (
    MAX_DIGITS,
    NumberError,
    ascii_spelling,
    decimal_text,
    read_decimal,
    read_int,
)
from adjudicator.core.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "adjudicator"
RECORDS = ROOT / "records"
ASTRO = (RECORDS / "astro-stra" / "valid" / "random-game.txt").read_text()
NEBULA = (RECORDS / "dark-nebula" / "valid" / "worked-game.txt").read_text()
ORBIT = (RECORDS / "orbit-dominion" / "valid" / "comments-clocks-attempts.txt").read_text()
HUGE = "9" * 5000  # over Python's int-string limit (4,300 digits)
POSITION_HUGE = f"r....bb....r/rr....bb..../R....bB....r r {HUGE} -"


# --- the reader ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["٣", "３", "³", "1_000", " 3", "3 ", "", "+3", "0x10", "½"])
def test_an_integer_is_ascii_digits_only(text: str) -> None:
    """Numbers are ASCII digits: what ``\\d``, ``isdigit`` and ``int()`` accept besides
    (other scripts' digits, superscripts, ``_``, spaces, a sign) is refused."""
    with pytest.raises(NumberError):
        read_int(text)


def test_other_digits_are_refused_with_their_ascii_spelling() -> None:
    with pytest.raises(NumberError) as caught:
        read_int("١٢")
    assert caught.value.canonical == "12"
    assert ascii_spelling("１. ⁴ ٤ x") == "1. 4 4 x"


def test_an_integer_is_bounded_with_a_clear_refusal() -> None:
    """Over Python's int-string limit ``int()`` raises an error of its own (an internal
    error to a user); the reader refuses long before, saying how many digits."""
    assert read_int("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    with pytest.raises(NumberError, match="5000 digits"):
        read_int(HUGE)


@pytest.mark.parametrize(
    "text", ["inf", "Infinity", "nan", "1e999", "1e3", "1_000", "-1", ".5", "5.", "٣", HUGE]
)
def test_a_decimal_has_no_exponent_infinity_or_underscore(text: str) -> None:
    with pytest.raises(NumberError):
        read_decimal(text)


@pytest.mark.parametrize("value", [0.0, 5e-05, 880.5, 1e16, 1.7976931348623157e308, 5e-324])
def test_every_finite_float_is_written_as_a_decimal_read_back_the_same(value: float) -> None:
    text = decimal_text(value)
    assert read_decimal(text) == value
    assert decimal_text(read_decimal(text)) == text


# --- no parser reads a number by itself ------------------------------------------------------

#: Calls of ``int()``/``float()`` that read no input text, each with why.
ALLOWED_CALLS = {
    ("core/read/numbers.py", "int(text)"): "the reader itself, after its checks",
    ("core/read/numbers.py", "float(text)"): "the reader itself, after its checks",
    ("core/read/numbers.py", "float(value)"): "a float written back, not read",
    (
        "core/read/strict_json.py",
        "float(text)",
    ): "JSON's grammar (RFC 8259) is ASCII; range checked",
    ("core/read/strict_json.py", "int(text)"): "JSON's grammar (RFC 8259) is ASCII; length checked",
    ("core/errors.py", "int(m[1])"): "a ply locator the package wrote (at_ply), not input",
    ("core/conformance/pipes.py", "int(text)"): "a process id or inode the system wrote in /proc",
    ("core/write/report_frames.py", "int(frame.refused)"): "a bool drawn as 0 or 1",
    ("core/write/report_html.py", "int(index)"): "a game's index of a name the batch itself made",
    (
        "core/protocol/requests.py",
        "int(value)",
    ): "a model's bound written as a whole number, not read",
}
_DIGIT_CLASS = re.compile(r"(?<!\\)(?:\\\\)*\\d")
_DIGIT_METHODS = {"isdigit", "isdecimal", "isnumeric"}


def _findings(path: Path) -> list[str]:
    rel = path.relative_to(PACKAGE).as_posix()
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        where = f"{rel}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _DIGIT_CLASS.search(node.value) and rel != "core/read/numbers.py":
                found.append(f"{where}: \\d matches every script's digits")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _DIGIT_METHODS:
                found.append(f"{where}: .{func.attr}() accepts other digits")
            if isinstance(func, ast.Name) and func.id in ("int", "float") and node.args:
                call = ast.get_source_segment(source, node)
                if (rel, call) not in ALLOWED_CALLS:
                    found.append(f"{where}: {call} reads a number without the reader")
    return found


def test_no_parser_reads_a_number_by_itself() -> None:
    """Every number read from text goes through core/read/numbers.py: no ``\\d``, no
    ``isdigit``/``isdecimal``/``isnumeric``, no ``int()``/``float()`` outside the reader
    and a short list of calls that read no input text."""
    found = [f for path in sorted(PACKAGE.rglob("*.py")) for f in _findings(path)]
    assert found == []


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    """Guards the scan above: each pattern it forbids is found."""
    bad = PACKAGE / "_scan_probe.py"
    bad.write_text('import re\nre.compile(r"(\\d+)")\nx = "7".isdigit()\ny = int("7")\n')
    try:
        assert len(_findings(bad)) == 3
    finally:
        bad.unlink()


# --- every game's text, strict and lenient ---------------------------------------------------


def validate(text: str, *, lenient: bool = False) -> Verdict:
    """The verdict ``validate`` gives a text record file holding ``text``."""
    return judge_text(Registry(), "record.txt", text, Options(lenient=lenient))


def _first(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


CASES = {
    "astro-stra turn": (ASTRO, "\n1. black", "\n{}. black", "1"),
    "astro-stra pips": (ASTRO, "T=4 |", "T={} |", "4"),
    "astro-stra opening": (ASTRO, "opening 4-4", "opening {}-4", "4"),
    "astro-stra sets": (ASTRO, '[Sets "1"]', '[Sets "{}"]', "1"),
    "dark-nebula stamp": (NEBULA, "\n1.1 empire", "\n{}.1 empire", "1"),
    "dark-nebula dice": (NEBULA, "e.command_ship=2", "e.command_ship={}", "2"),
    "orbit-dominion move number": (ORBIT, "\n1. I-", "\n{}. I-", "1"),
    "orbit-dominion clock": (ORBIT, "%clock 895.0]", "%clock {}]", "895"),
}


def _spell(digits: str, table: str) -> str:
    return digits.translate(str.maketrans("0123456789", table))


FULL_WIDTH = "０１２３４５６７８９"
ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩"
SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹"


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("table", [FULL_WIDTH, ARABIC_INDIC, SUPERSCRIPT])
def test_other_digits_are_noncanonical_with_the_ascii_spelling_suggested(
    case: str, table: str
) -> None:
    """Numbers are ASCII digits: ``١. black:``, ``１. black:``, ``e.command_ship=٢`` were
    valid strictly, ``[Sets "¹"]`` an internal error. Strictly each is
    noncanonical_notation with the ASCII spelling suggested."""
    text, old, new, digits = CASES[case]
    verdict = validate(_first(text, old, new.format(_spell(digits, table))))
    assert verdict.status == "invalid", verdict
    assert verdict.problem.code == "noncanonical_notation"
    suggestion = verdict.problem.suggestion
    assert digits in suggestion and ascii_spelling(suggestion) == suggestion


@pytest.mark.parametrize("case", CASES)
def test_full_width_digits_are_read_leniently_and_reported(case: str) -> None:
    """Full-width digits, a Japanese typing habit, are read by ``--lenient`` as ASCII
    ones, with a warning naming the line and the canonical spelling."""
    text, old, new, digits = CASES[case]
    verdict = validate(_first(text, old, new.format(_spell(digits, FULL_WIDTH))), lenient=True)
    assert verdict.status == "valid", verdict
    assert any(w.code == "normalized" for w in verdict.warnings)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("table", [ARABIC_INDIC, SUPERSCRIPT])
def test_other_digits_are_refused_leniently_too(case: str, table: str) -> None:
    text, old, new, digits = CASES[case]
    """Only full-width digits are read leniently: other digits stay noncanonical_notation,
    with the ASCII spelling suggested."""
    verdict = validate(_first(text, old, new.format(_spell(digits, table))), lenient=True)
    assert verdict.status == "invalid", verdict
    assert verdict.problem.code == "noncanonical_notation"
    assert digits in verdict.problem.suggestion


@pytest.mark.parametrize(
    "text",
    [
        _first(ASTRO, "\n1. black", f"\n{HUGE}. black"),
        _first(ASTRO, "T=4 |", f"T={HUGE} |"),
        _first(ASTRO, "opening 4-4", f"opening {HUGE}-4"),
        _first(ASTRO, '[Sets "1"]', f'[Sets "{HUGE}"]'),
        _first(ASTRO, "\n1. black", "\n1_0. black"),
        _first(NEBULA, "\n1.1 empire", f"\n{HUGE}.1 empire"),
        _first(NEBULA, "e.command_ship=2", f"e.command_ship={HUGE}"),
        _first(ORBIT, "%clock 895.0]", f"%clock {HUGE}]"),
        _first(ORBIT, "%clock 895.0]", "%clock inf]"),
        _first(ORBIT, "%clock 895.0]", "%clock 1e999]"),
        _first(ORBIT, "%clock 895.0]", "%clock Infinity]"),
        _first(ORBIT, "%clock 895.0]", "%clock 1_000]"),
        _first(ORBIT, "[Ruleset", f'[Start "{POSITION_HUGE}"]\n[Ruleset'),
    ],
    ids=lambda t: "",
)
@pytest.mark.parametrize("lenient", [False, True])
def test_long_numbers_and_spellings_python_accepts_are_clear_refusals(
    text: str, lenient: bool
) -> None:
    """Over 4,300 digits in text notation was an internal error; ``inf``, ``1e999``,
    ``Infinity`` and ``1_000`` in a clock were read as numbers the JSON form cannot hold.
    Each is now a refusal that names the line and what was expected."""
    verdict = validate(text, lenient=lenient)
    assert verdict.status in ("invalid", "unreadable"), verdict
    problem = verdict.unreadable or verdict.problem
    assert problem.code != "internal_error"


def test_a_roll_in_superscript_digits_is_not_an_internal_error() -> None:
    """``roll ⁴`` passed ``isdigit`` and failed ``int()``: an internal error."""
    verdict = validate(_first(NEBULA, "; roll 4", "; roll ⁴"))
    assert verdict.status == "invalid"
    assert verdict.problem.code == "noncanonical_notation"
    assert "; roll 4" in verdict.problem.suggestion


@pytest.mark.parametrize(
    "request_",
    [
        {"cmd": "evaluate", "game": "orbit-dominion/4.2", "start": POSITION_HUGE, "moves": []},
        {"cmd": "evaluate", "game": "astro-stra/0.9.0", "start": f"b:1={HUGE} w:10=2"},
        {"cmd": "evaluate", "game": "astro-stra/0.9.0", "moves": [f"opening {HUGE}-1"]},
        {
            "cmd": "evaluate",
            "game": "dark-nebula/2011",
            "game_id": "g",
            "commitment": "0" * 64,
            "moves": [f"{HUGE}.1 empire production: -"],
        },
        {
            "cmd": "evaluate",
            "game": "astro-stra/0.9.0",
            "moves": ["opening 3-3 5-2", "draft red purple green yellow blue cyan", "١. black:"],
        },
    ],
)
def test_engine_requests_refuse_long_and_other_digits_as_bad_input(request_: dict) -> None:
    """Engine requests: the numbers in their positions and lines are read by the reader,
    so a 5,000-digit number is an error of the request, never ``internal_error``."""
    lines = []

    class Out:
        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    Server(Registry()).serve(io.BytesIO((json.dumps(request_) + "\n").encode()), Out())  # type: ignore[arg-type]
    answer = json.loads("".join(lines).splitlines()[-1])
    assert answer.get("error", {}).get("code") not in (None, "internal_error"), answer


def test_a_position_with_a_huge_ply_is_malformed_not_an_internal_error() -> None:
    from adjudicator.orbit_dominion.position import Position

    with pytest.raises(InputError) as caught:
        Position.from_text(POSITION_HUGE)
    assert caught.value.code == "malformed_position"


@pytest.mark.parametrize("clock", ['"inf"', '"Infinity"', '"1e999"', '"1_000"', '"880.5"'])
def test_a_json_clock_is_a_json_number_not_a_string(clock: str) -> None:
    """The JSON form holds what the text holds, and no more: a clock written as a string
    was read by pydantic's lax mode (``"inf"`` as infinity, ``"1_000"`` as 1000)."""
    text = (
        '{"format": "orbit-dominion-record/1", "ruleset": "orbit-dominion/4.2", '
        f'"moves": [{{"move": "O+", "clock": {clock}}}], '
        '"result": {"winner": null, "reason": null, "resigned": null}}'
    )
    verdict = judge_text(Registry(), "record.json", text, Options())
    assert verdict.status == "unreadable"
    assert verdict.unreadable.location == "moves[0].clock"


def test_repair_weighs_a_number_too_long_to_read_as_a_change() -> None:
    """Record repair compares numbers of a miscopied line: one of 5,000 digits made
    ``int()`` raise (past Python's int-string limit); it is a plain change."""
    from adjudicator.core.repair.transcription import CHANGED, NUMBER_OFF, token_cost

    assert token_cost(HUGE, "3", "") == CHANGED
    assert token_cost("4", "3", "") == NUMBER_OFF
