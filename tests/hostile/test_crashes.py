"""Careless and hostile input never crashes a batch or the engine: odd characters in
records and file names, and JSON that Python's decoder accepts but RFC 8259 does not."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from rich.console import Console

from adjudicator.core.batch.files import Options, find_records, validate_file, validate_paths
from adjudicator.core.protocol.serve import Server, read_lines
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.display import path_text, printable
from adjudicator.core.write.output import Output
from adjudicator.core.write.report import VerdictPrinter

REGISTRY = Registry(installed_games())
VALID = Path(__file__).resolve().parents[2] / "records" / "orbit-dominion" / "valid"
HELLO = b'{"cmd":"hello","protocol":1,"id":%s}'


def serve(*lines: bytes) -> list[dict]:
    out = io.StringIO()
    Server(REGISTRY).serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), out)
    answers = out.getvalue().splitlines()
    assert len(answers) == len(lines), "one answer per line"
    return [json.loads(a) for a in answers]


@pytest.mark.parametrize(
    "request_id",
    [b'"\\ud800"', b"NaN", b"Infinity", b"1.5", b"true", b"[1]", b"1" * 5000],
    ids=["lone-surrogate", "nan", "infinity", "float", "bool", "list", "huge-int"],
)
def test_engine_refuses_an_id_that_is_not_a_string_or_integer(request_id: bytes) -> None:
    """Protocol envelope: ``id`` is a string, an integer or null; anything else is refused
    with ``id`` null, and the engine answers the next line."""
    answer, after = serve(HELLO % request_id, HELLO % b"7")
    assert answer["id"] is None
    assert answer["error"]["code"] in ("bad_request", "bad_json")
    assert after["id"] == 7 and "error" not in after


def test_engine_answers_are_strict_json_whatever_the_request() -> None:
    out = io.StringIO()
    lines = [HELLO % b'"\\ud800"', HELLO % b"NaN", b'{"cmd":"evaluate","moves":["\\udc00"]}']
    Server(REGISTRY).serve(io.BytesIO(b"\n".join(lines) + b"\n"), out)
    for text in out.getvalue().splitlines():
        json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} in an answer"))
        text.encode("utf-8")  # no lone surrogate survives into the output


def test_engine_locates_a_lone_surrogate_in_a_field() -> None:
    (answer,) = serve(b'{"cmd":"evaluate","game":"orbit-dominion/4.2","moves":["\\udc00"],"id":3}')
    assert answer["id"] == 3
    assert answer["error"]["field"] == "moves[0]"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"[" * 100_000, "deeper than"),
        (b'{"cmd":"hello","protocol":' + b"9" * 5000 + b"}", "out of range"),
        (b'{"cmd":"hello","protocol":1e400}', "out of range"),
        (b'{"cmd":"hello","protocol":Infinity}', "Infinity"),
        (b'{"cmd":"hello","cmd":"hello"}', "twice"),
    ],
    ids=["deep", "5000-digits", "float-overflow", "infinity", "duplicate-key"],
)
def test_engine_refuses_json_beyond_rfc_8259_as_bad_json(line: bytes, message: str) -> None:
    (answer,) = serve(line)
    assert answer["error"]["code"] == "bad_json"
    assert message in answer["error"]["message"]


def test_engine_skips_an_oversize_line_without_holding_it() -> None:
    """A 4 MiB line is read in bounded pieces and answered ``request_too_large``; the line
    after it is served."""
    stream = io.BytesIO(b"x" * (4 << 20) + b"\n" + HELLO % b"2" + b"\n")
    pieces = list(read_lines(stream, limit=1 << 20))
    assert pieces[0] is None and pieces[1] == HELLO % b"2" + b"\n"
    first, second = serve(b"x" * (2 << 20), HELLO % b"2")
    assert first["error"]["code"] == "request_too_large"
    assert second["id"] == 2


@pytest.mark.parametrize("terminator", [b"\n", b"\r\n"], ids=["lf", "crlf"])
def test_the_line_limit_counts_the_content_not_its_terminator(terminator: bytes) -> None:
    """docs/protocol.md: a request of exactly 1 MiB (1,048,576 bytes) is served, whether the
    client ends its lines with LF or CR LF; one byte more is ``request_too_large``. The
    limit counted the line feed (and a CR LF client lost one more byte)."""
    limit = 1 << 20
    hello = b'{"cmd":"hello","protocol":1,"id":1}'
    exact = hello + b" " * (limit - len(hello))
    over = hello.replace(b":1}", b":2}") + b" " * (limit + 1 - len(hello))
    out = io.StringIO()
    Server(REGISTRY).serve(io.BytesIO(exact + terminator + over + terminator), out)
    first, second = (json.loads(a) for a in out.getvalue().splitlines())
    assert first["id"] == 1 and "error" not in first
    assert second["error"]["code"] == "request_too_large"


def test_a_lone_surrogate_in_a_record_is_that_files_verdict(tmp_path: Path) -> None:
    """One record with ``"\\ud800"`` in a move is unreadable (bad_json at the move); the
    files after it are validated, and every output mode can print the verdict."""
    bad = tmp_path / "a.json"
    bad.write_text('{"format":"orbit-dominion-record/1","moves":["\\ud800"]}')
    files = [bad, *sorted(VALID.glob("*.json"))[:2]]
    verdicts = list(validate_paths(REGISTRY, files, Options()))
    assert [v.status for v in verdicts] == ["unreadable", "valid", "valid"]
    assert verdicts[0].unreadable.code == "bad_json"
    assert verdicts[0].unreadable.location == "moves[0]"
    verdicts[0].model_dump_json().encode("utf-8")


def test_an_undecodable_file_name_is_printed_escaped(tmp_path: Path) -> None:
    """A file name with a byte that is not UTF-8 is validated like any other; its source
    shows the byte escaped, in JSON and for a person, under a strict UTF-8 output."""
    name = os.fsdecode(b"x\xff.json")
    (tmp_path / name).write_bytes((VALID / "annihilation.json").read_bytes())
    (path,) = find_records([tmp_path])
    verdict = validate_file(REGISTRY, path, Options())
    assert verdict.status == "valid"
    assert verdict.source.endswith("x\\xff.json")
    verdict.model_dump_json().encode("utf-8", "strict")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    VerdictPrinter(Output(Console(file=out, width=200)), "en")(verdict)


@pytest.mark.parametrize(
    "name", ["a\n✓ valid.json", "b\x1b]0;owned\x07.json", "c\x1b[2J.json", "d\u202e.json"]
)
def test_control_characters_cannot_forge_a_line_or_drive_the_terminal(
    tmp_path: Path, name: str
) -> None:
    """A file name or a move holding a newline, ESC/OSC sequences or a bidirectional
    override is shown escaped: the report holds one line per verdict and no ESC."""
    path = tmp_path / name
    record = json.loads((VALID / "annihilation.json").read_text(encoding="utf-8"))
    record["moves"][3] = "O3-O4\n✓ forged.json — valid\x1b[2J"
    path.write_text(json.dumps(record), encoding="utf-8")
    verdict = validate_file(REGISTRY, path, Options())
    assert verdict.status == "invalid"
    out = io.StringIO()
    VerdictPrinter(Output(Console(file=out, width=500, color_system=None)), "en")(verdict)
    text = out.getvalue()
    assert "\x1b" not in text and "\u202e" not in text
    head, *rest = text.splitlines()
    assert head.startswith("✗ ") and all(line.startswith("    ") for line in rest), text


def test_printable_escapes_controls_and_keeps_japanese() -> None:
    assert printable("a\nb\x1b[0m\u202e\ud800日本") == "a\\nb\\x1b[0m\\u202e\\ud800日本"
    assert path_text(os.fsdecode(b"x\xff")) == "x\\xff"


# Characters that lenient reading strips as white space around an action, but that a
# terminal takes as a line break (NEL, LINE SEPARATOR) or a control (FS).
ODD = ("\x1c", "\x85", "\u2028")


def _invoke(*args: str) -> str:
    from typer.testing import CliRunner

    from adjudicator.cli.app import build_app

    result = CliRunner().invoke(build_app(REGISTRY), list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("odd", ODD, ids=["fs", "nel", "line-separator"])
def test_replay_shows_a_move_with_control_characters_escaped(tmp_path: Path, odd: str) -> None:
    """A move that ``--lenient`` accepts around odd white space is quoted by ``replay``
    with that character escaped: no terminal line break or control in the output."""
    record = json.loads((VALID / "annihilation.json").read_text(encoding="utf-8"))
    record["moves"][3] += odd
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = _invoke("replay", str(path), "--to", "4", "--lenient")
    assert odd not in out and printable(odd) in out, out


@pytest.mark.parametrize("odd", ODD, ids=["fs", "nel", "line-separator"])
def test_adjudicate_shows_an_action_with_control_characters_escaped(odd: str) -> None:
    """The same for the disputed action quoted by ``adjudicate``."""
    record = str(VALID / "annihilation.json")
    out = _invoke(
        "adjudicate", "--record", record, "--at", "4", "--action", "I6-I7" + odd, "--lenient"
    )
    assert odd not in out and printable(odd) in out, out


@pytest.mark.parametrize("odd", ["\x85", "\u2028", "\u2029"], ids=["nel", "ls", "ps"])
def test_engine_answers_one_line_whatever_line_breaks_a_string_holds(odd: str) -> None:
    """Protocol envelope: NEL and the Unicode line and paragraph separators may stand raw in
    a JSON string, and an echoed id or a quoted field carries them into the answer; they
    are escaped there, so that every line reader (``str.splitlines`` included) sees one
    answer to one request."""
    hello = f'{{"cmd":"hello","protocol":1,"id":"{odd}"}}'.encode()
    evaluate = (
        f'{{"cmd":"evaluate","id":7,"game":"orbit-dominion/4.2","{odd}moves":["I11-I10"]}}'
    ).encode()
    first, second = serve(hello, evaluate)  # serve() asserts one answer per line
    assert first["id"] == odd
    assert second["id"] == 7


@pytest.mark.parametrize("odd", ["\x85", "\u2028"], ids=["nel", "ls"])
def test_jsonl_prints_one_line_per_verdict_whatever_a_move_holds(tmp_path: Path, odd: str) -> None:
    """``validate --jsonl``: a move that ``--lenient`` reads around a NEL or a line
    separator is quoted in the verdict's warning, escaped, so a verdict stays one line."""
    from typer.testing import CliRunner

    from adjudicator.cli.app import build_app

    record = json.loads((VALID / "annihilation.json").read_text(encoding="utf-8"))
    record["moves"][3] += odd
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    args = ["validate", "--jsonl", "--lenient", str(path), str(VALID / "annihilation.json")]
    out = CliRunner().invoke(build_app(REGISTRY), args).stdout
    lines = out.splitlines()
    assert len(lines) == 2, out
    assert odd in json.loads(lines[0])["warnings"][0]["message"]
