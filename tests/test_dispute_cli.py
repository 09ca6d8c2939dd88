"""The shared record commands as a tournament director uses them: ``convert``, ``replay``,
``adjudicate`` and ``validate`` — their output, their exit codes, and input errors reported
as a message with exit code 2, never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.judge.verdict import worst_exit
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "records"
SAMPLES = RECORDS / "orbit-dominion"
VALID, INVALID, UNREADABLE = SAMPLES / "valid", SAMPLES / "invalid", SAMPLES / "unreadable"
PINCER = VALID / "pincer.json"
VERDICT_SCHEMA = json.loads((ROOT / "schemas" / "verdict.schema.json").read_text("utf-8"))

APP = build_app(Registry(installed_games()))
runner = CliRunner()

START = "r....bb....r/rr....bb..../R....bB....r r 0 -"
AFTER_O_MINUS = "....bb....rr/rr....bb..../R....bB....r b 1 -"
#: The same position two actions later (red's O- and O+ again between): the start can
#: have stood before it twice, at plies 0 and 2.
LATER_O_MINUS = "....bb....rr/rr....bb..../R....bB....r b 3 -"
HEADER = re.compile(r"^ +0 +1 +2 +3 ", re.MULTILINE)  # the first line of every drawing


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8", "COLUMNS": "120"})
    assert "Traceback" not in result.stdout + result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def pincer_moves() -> list[str]:
    return json.loads(PINCER.read_text("utf-8"))["moves"]


# --- convert -------------------------------------------------------------------------------


def test_convert_json_to_text_by_default() -> None:
    """`convert` of a JSON record prints its text notation (the other notation)."""
    code, out, _ = run("convert", PINCER)
    assert code == 0
    assert out == (VALID / "pincer.txt").read_text("utf-8")


def test_convert_text_to_json_by_default() -> None:
    """`convert` of a text record prints the canonical JSON record."""
    code, out, _ = run("convert", VALID / "comments-clocks-attempts.txt")
    assert code == 0
    expected = json.loads((VALID / "comments-clocks-attempts.json").read_text("utf-8"))
    assert json.loads(out) == expected
    assert out.endswith("}\n")


@pytest.mark.parametrize(
    ("source", "to", "expected"),
    [
        (VALID / "pincer.json", "json", VALID / "pincer.json"),
        (VALID / "pincer.txt", "text", VALID / "pincer.txt"),
        (VALID / "pincer.txt", "json", VALID / "pincer.json"),
        (VALID / "comments-clocks-attempts.json", "text", VALID / "comments-clocks-attempts.txt"),
    ],
    ids=["json-to-json", "text-to-text", "text-to-json", "json-to-text"],
)
def test_convert_with_to(source: Path, to: str, expected: Path) -> None:
    """`convert --to` forces the target notation, the same one included (canonical form)."""
    code, out, _ = run("convert", source, "--to", to)
    assert code == 0
    assert out == expected.read_text("utf-8")


def test_convert_writes_the_output_file(tmp_path: Path) -> None:
    """`convert -o FILE` writes there (UTF-8) and prints nothing; the result converts back."""
    text_file = tmp_path / "game.txt"
    code, out, _ = run("convert", VALID / "forfeit-on-time.json", "-o", text_file)
    assert code == 0
    assert out == ""
    json_file = tmp_path / "game.json"
    code, _, _ = run("convert", text_file, "--output", json_file)
    assert code == 0
    expected = json.loads((VALID / "forfeit-on-time.json").read_text("utf-8"))
    assert json.loads(json_file.read_text("utf-8")) == expected


def test_convert_keeps_japanese_text(tmp_path: Path) -> None:
    """Records are UTF-8; Japanese names and comments pass through both ways unescaped."""
    source = tmp_path / "ja.txt"
    source.write_text(
        '[Event "秋季大会"]\n[Red "佐藤"]\n[Ruleset "orbit-dominion/4.2"]\n[Result "*"]\n\n'
        "1. O- {定跡} O+ *\n",
        encoding="utf-8",
    )
    code, out, _ = run("convert", source)
    assert code == 0
    data = json.loads(out)
    assert data["meta"] == {"event": "秋季大会", "red": "佐藤"}
    assert data["moves"] == [{"move": "O-", "comment": "定跡"}, "O+"]
    assert "秋季大会" in out
    out_json = tmp_path / "ja.json"
    out_json.write_text(out, encoding="utf-8")
    code, back, _ = run("convert", out_json)
    assert code == 0
    assert back == source.read_text("utf-8")


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("truncated.json", "Unterminated string starting at line 9, column 5"),
        ("bad-move-number.txt", "line 3, column 10: unexpected move number '3.'"),
        ("binary-junk.json", "NUL byte"),
        ("utf16.json", "UTF-16"),
        ("shift-jis.txt", "is not UTF-8"),
        ("yaml-instead-of-json.json", "looks like YAML"),
        ("unknown-field.json", "venue: unknown field"),
        ("unsupported-ruleset.json", "orbit-dominion/4.1"),
        ("unsupported-format.json", "orbit-dominion-record/2"),
        ("schema-violation.json", "result.winner"),
    ],
)
def test_convert_bad_input_is_a_message(name: str, needle: str) -> None:
    """An unreadable file gets exit code 2 and one line naming the file and the fault."""
    code, out, err = run("convert", UNREADABLE / name)
    assert code == 2
    assert out == ""
    assert f"{UNREADABLE / name}: " in err
    assert needle in err


def test_convert_missing_file_is_a_message(tmp_path: Path) -> None:
    code, _, err = run("convert", tmp_path / "nowhere.json")
    assert code == 2
    assert "nowhere.json" in err and "No such file" in err


def test_convert_refuses_a_comment_the_text_cannot_hold(tmp_path: Path) -> None:
    """A comment with '}' has no text notation: exit 2 naming the move, not a lossy file."""
    data = json.loads(PINCER.read_text("utf-8"))
    data["moves"][1] = {"move": data["moves"][1], "comment": "a } b"}
    source = tmp_path / "game.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("convert", source)
    assert code == 2
    assert out == ""
    assert "moves[1].comment" in err


@pytest.mark.parametrize(
    ("sample", "key", "index", "value"),
    [
        (RECORDS / "astro-stra" / "valid" / "random-game.json", "draft", 2, ""),
        (RECORDS / "astro-stra" / "valid" / "random-game.json", "opening", 0, [-1, 4]),
        (PINCER, "moves", 0, ""),
    ],
    ids=["empty-draft-colour", "negative-opening-die", "empty-move"],
)
def test_convert_refuses_a_record_the_other_form_cannot_hold(
    tmp_path: Path, sample: Path, key: str, index: int, value: object
) -> None:
    """records.md: conversion goes both ways without loss. A JSON record holding a value
    the text notation cannot spell (judged invalid by `validate`, not unreadable) is
    refused with the reason, exit 2, instead of being written as a text record that no
    longer reads (an empty draft colour was dropped, a negative die written ``-1-4``)."""
    data = json.loads(sample.read_text("utf-8"))
    data[key][index] = value
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("convert", source, "--to", "text")
    assert (code, out) == (2, "")
    assert "cannot hold this record as it is" in err  # unrepresentable_record, in words


# --- replay --------------------------------------------------------------------------------


def test_replay_threefold_repetition(snapshot: SnapshotAssertion) -> None:
    """第9条: the replay draws plies 0–3, then stops at O+ with its violation and exit 1."""
    code, out, _ = run("replay", INVALID / "threefold-repetition.json", "--codes")
    assert code == 1
    assert len(HEADER.findall(out)) == 4
    assert "ply 4 O+: threefold_repetition" in out
    assert out == snapshot


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_replay_to_draws_n_plus_one_positions(n: int) -> None:
    """`replay --to N` draws the start and the position after each of the first N actions,
    each headed by its ply and action, and stops there."""
    moves = pincer_moves()
    code, out, _ = run("replay", PINCER, "--to", str(n))
    assert code == 0
    assert len(HEADER.findall(out)) == n + 1
    assert out.startswith(f"the start · red · {START}\n")
    for ply in range(1, n + 1):
        assert re.search(rf"^ply {ply} {re.escape(moves[ply - 1])} · ", out, re.MULTILINE)
    assert not re.search(rf"^ply {n + 1} ", out, re.MULTILINE)


def test_replay_marks_the_last_action() -> None:
    """The drawing after an action marks its destination with '*', and a rotated orbit
    with an arrow (I- at ply 1, I4-I2 at ply 2 in pincer.json)."""
    _, out, _ = run("replay", PINCER, "--to", "2")
    drawings = HEADER.split(out)[1:]
    assert "*" not in drawings[0] and "↺" not in drawings[0]
    assert re.search(r"^I ↺", drawings[1], re.MULTILINE)
    assert "*" not in drawings[1]
    inner = next(line for line in drawings[2].splitlines() if line.startswith("I "))
    assert inner.split()[3] == "b*"  # sector I2
    assert "↺" not in drawings[2]


def test_replay_of_a_text_record() -> None:
    """A text record replays like its JSON twin."""
    _, from_json, _ = run("replay", PINCER, "--to", "6")
    code, from_text, _ = run("replay", VALID / "pincer.txt", "--to", "6")
    assert code == 0
    assert from_text == from_json


def test_replay_to_the_end_reports_the_decision() -> None:
    """Past the last action the replay says what the rules decided."""
    code, out, _ = run("replay", PINCER, "--to", "500")
    assert code == 0
    assert len(HEADER.findall(out)) == len(pincer_moves()) + 1
    assert out.rstrip().splitlines()[-1] == "decided after ply 83: red (new two-point pincer)"


def test_replay_stops_at_an_illegal_action() -> None:
    """The replay stops at the first illegal action: exit 1, the ply, the action, the
    violation code and the article."""
    code, out, _ = run("replay", INVALID / "illegal-action-in-the-middle.json", "--codes")
    assert code == 1
    assert len(HEADER.findall(out)) == 41
    assert "ply 41 O0-I0: jump_across_two_orbits" in out
    assert "Art. 5" in out
    assert not re.search(r"^41 ", out, re.MULTILINE)


def test_replay_stops_at_a_move_after_the_end() -> None:
    code, out, _ = run("replay", INVALID / "moves-after-the-end.json")
    assert code == 1
    lines = out.rstrip().splitlines()
    assert "decided after ply 83: red (new two-point pincer)" in lines
    assert lines[-2].startswith("ply 84 ")  # the refused ply shown, then why


def test_replay_noncanonical_spelling_is_a_message_unless_lenient() -> None:
    """Strict replay refuses a lenient spelling with exit 2 and a suggestion; --lenient
    reads it."""
    source = INVALID / "lenient-spellings-in-strict-file.json"
    code, _, err = run("replay", source, "--to", "1")
    assert code == 2
    assert "ply 1" in err and "did you mean 'M1-M2'" in err
    code, out, _ = run("replay", source, "--to", "2", "--lenient")
    assert code == 0
    assert len(HEADER.findall(out)) == 3


def test_replay_bad_input_is_a_message() -> None:
    code, out, err = run("replay", UNREADABLE / "truncated.json")
    assert code == 2
    assert "not valid JSON" in err
    assert out == ""


# --- adjudicate ----------------------------------------------------------------------------


def test_adjudicate_legal_action_on_a_record() -> None:
    """A legal action: whose turn, the position before, 'legal', what it leads to; exit 0."""
    code, out, _ = run("adjudicate", "--record", PINCER, "--at", "3", "--action", "I10-I8")
    assert code == 0
    assert "red to move" in out
    assert "I10-I8: legal" in out
    assert "leads to: r....bb....r/rr....bb..../..b..B..r..R b 3 -" in out
    assert len(HEADER.findall(out)) == 2


def test_adjudicate_illegal_action_on_a_record() -> None:
    """第5条: O0-I0 jumps across two orbits; the ruling gives the code, the articles and the
    message, and exit 1."""
    code, out, _ = run(
        "adjudicate", "--record", PINCER, "--at", "3", "--action", "O0-I0", "--codes"
    )
    assert code == 1
    assert "O0-I0: illegal" in out
    assert "jump_across_two_orbits" in out
    assert "Art. 5 Jumps between orbits and swaps" in out
    assert "leads to" not in out


def test_adjudicate_in_japanese() -> None:
    code, out, _ = run(
        "adjudicate", "--record", PINCER, "--at", "3", "--action", "O0-I0", "--lang", "ja"
    )
    assert code == 1
    assert "第5条" in out


def test_adjudicate_after_the_end() -> None:
    """--at one past the record's last action rules on a decided game: game_over."""
    code, out, _ = run("adjudicate", "--record", PINCER, "--at", "84", "--action", "O+", "--codes")
    assert code == 1
    assert "turn start: decided after ply 83: red (new two-point pincer)" in out
    assert "game_over" in out


@pytest.mark.parametrize(
    ("history", "legal"),
    [([START], True), ([START, "r....bb....r/rr....bb..../R....bB....r r 2 -"], False)],
    ids=["once-before", "twice-before"],
)
def test_adjudicate_position_with_history(history: list[str], legal: bool) -> None:
    """第9条: blue's O+ would restore the start; with the start in the history twice it is a
    third occurrence and banned, with it once it is legal."""
    args = ["--position", LATER_O_MINUS, "--action", "O+"]
    for h in history:
        args += ["--history", h]
    code, out, _ = run("adjudicate", *args, "--codes")
    assert "blue to move" in out
    if legal:
        assert code == 0
        assert "O+: legal" in out
        assert "leads to: r....bb....r/rr....bb..../R....bB....r r 4 -" in out
    else:
        assert code == 1
        assert "threefold_repetition" in out
        assert "Art. 9" in out


def test_adjudicate_json() -> None:
    """--json gives the ruling as one object."""
    args = ["--position", LATER_O_MINUS, "--action", "O+", "--json"]
    _, out, _ = run("adjudicate", *args, "--history", START, "--history", START[:-4] + " 2 -")
    data = json.loads(out)
    assert data["side_to_move"] == "blue"
    assert data["position_before"] == LATER_O_MINUS
    assert data["legal"] is False
    assert data["violation"] == "threefold_repetition"
    assert "9" in data["rules"]
    assert data["position_after"] is None
    code, out, _ = run("adjudicate", *args)
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True
    assert data["position_after"] == START[:-4] + " 4 -"
    assert data["violation"] is None


def test_adjudicate_json_illegal_exits_1() -> None:
    """The exit code says legal (0) or illegal (1) whatever the output format."""
    code, out, _ = run("adjudicate", "--record", PINCER, "--at", "3", "--action", "O0-I0", "--json")
    assert json.loads(out)["legal"] is False
    assert code == 1


def test_adjudicate_position_ply_is_the_positions_ply() -> None:
    """The ply of a ruling is the disputed action's (docs/records.md, 'Plies'): after the 3
    actions the position counts, the action ruled on is ply 4, in JSON and in words."""
    position = "....bb....rr/rr....bb..../R....bB....r b 3 -"
    _, out, _ = run("adjudicate", "--position", position, "--action", "O+", "--json")
    assert json.loads(out)["ply"] == 4
    _, out, _ = run("adjudicate", "--position", position, "--action", "O+", "--lang", "ja")
    assert "青の手番 · 4手目 · " in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--action", "O+"], "give either --record with --at, or --position"),
        (
            ["--record", PINCER, "--at", "1", "--position", START, "--action", "O+"],
            "give either --record with --at, or --position",
        ),
        (["--record", PINCER, "--action", "O+"], "--record needs --at"),
        (["--record", PINCER, "--at", "85", "--action", "O+"], "the record has 83 actions"),
        (["--record", PINCER, "--at", "0", "--action", "O+"], "--at"),
        (["--record", PINCER, "--at", "3"], "--action"),
        (["--record", PINCER, "--at", "3", "--action", "Q7"], "'Q7' is not an Orbit Dominion"),
        (["--position", "r....bb....r r 0 -", "--action", "O+"], "orbit(s), not 3"),
        (["--position", AFTER_O_MINUS, "--history", "x", "--action", "O-"], "history[0]"),
        (["--position", START, "--game", "chess/1", "--action", "O+"], "'chess/1' is not a game"),
        (
            ["--record", INVALID / "illegal-action-in-the-middle.json", "--at", "50", "-a", "O+"],
            "ply 41 (O0-I0) is illegal: jump_across_two_orbits",
        ),
        (["--record", UNREADABLE / "truncated.json", "--at", "1", "-a", "O+"], "not valid JSON"),
    ],
    ids=[
        "neither",
        "both",
        "at-missing",
        "at-beyond-the-record",
        "at-zero",
        "action-missing",
        "bad-action",
        "bad-position",
        "bad-history",
        "unknown-game",
        "illegal-before-at",
        "unreadable-record",
    ],
)
def test_adjudicate_usage_errors(args: list[str | Path], needle: str) -> None:
    """Usage and input errors: exit 2 and a message on stderr, nothing on stdout."""
    code, out, err = run("adjudicate", *args)
    assert code == 2
    assert out == ""
    assert needle in err


# --- validate ------------------------------------------------------------------------------


def validate(*args: str | Path) -> tuple[int, list[dict]]:
    code, out, _ = run("validate", *args, "--jsonl")
    return code, [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(
    ("paths", "expected"),
    [
        ([VALID], 0),
        ([VALID / "pincer.json", VALID / "pincer.txt"], 0),
        ([VALID / "pincer.json", INVALID / "wrong-winner.json"], 1),
        ([INVALID], 1),
        ([VALID / "pincer.json", UNREADABLE / "truncated.json"], 2),
        ([UNREADABLE / "truncated.json", INVALID / "wrong-winner.json", VALID], 2),
        ([INVALID / "wrong-winner.json", UNREADABLE / "utf16.json"], 2),
        ([RECORDS], 2),
    ],
    ids=[
        "all-valid",
        "json-and-text",
        "one-invalid",
        "all-invalid",
        "one-unreadable",
        "all-three",
        "unreadable-beats-invalid",
        "all-samples",
    ],
)
def test_validate_exit_codes(paths: list[Path], expected: int) -> None:
    """Exit code: 0 all valid, 1 some invalid, 2 unreadable present; the worst counts."""
    for output in ([], ["--json"], ["--jsonl"]):
        code, _, _ = run("validate", *paths, *output)
        assert code == expected


def test_worst_exit_order() -> None:
    """Over several records the worst exit code counts, in the order 2, 1, 3, 0 (3, hidden
    checks pending, does not occur for Orbit Dominion)."""
    assert worst_exit([]) == 0
    assert worst_exit([0, 3]) == 3
    assert worst_exit([3, 1, 0]) == 1
    assert worst_exit([1, 2, 3]) == 2
    assert worst_exit([0, 0]) == 0


def test_validate_without_records_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("validate", tmp_path)
    assert code == 2
    assert "no record files" in err


def test_validate_statuses_follow_the_sample_folders() -> None:
    """Each sample folder's name is its files' verdict (valid, invalid, pending,
    unreadable), for every game."""
    _, verdicts = validate(RECORDS)
    files = sorted(p for p in RECORDS.rglob("*") if p.suffix in (".json", ".txt"))
    assert [v["source"] for v in verdicts] == [str(p) for p in files]
    for verdict, path in zip(verdicts, files, strict=True):
        assert verdict["status"] == path.parent.name, verdict["source"]


def test_validate_jsonl_lines_follow_the_verdict_schema() -> None:
    """--jsonl prints one verdict per line, each valid against schemas/verdict.schema.json."""
    code, out, _ = run("validate", RECORDS, "--jsonl")
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == len([p for p in RECORDS.rglob("*") if p.suffix in (".json", ".txt")])
    validator = jsonschema.Draft202012Validator(VERDICT_SCHEMA)
    for line in lines:
        validator.validate(json.loads(line))


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_validate_jsonl_goes_to_stdout_while_a_bar_shows_on_the_terminal() -> None:
    """With a terminal on stderr, a batch shows a progress bar there, which stands in for
    ``sys.stdout`` while it is shown: the JSON lines still go to stdout (a file, a pipe),
    not through the bar to the terminal."""
    import pty

    games = RECORDS / "astro-stra"
    main, terminal = pty.openpty()
    drained = threading.Thread(target=_drain, args=(main,), daemon=True)
    drained.start()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator.cli", "validate", str(games), "--jsonl"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=terminal,
            env={**os.environ, "LANG": "C.UTF-8"},
            timeout=120,
            check=False,
        )
    finally:
        os.close(terminal)
    assert len(done.stdout.splitlines()) == len([p for p in games.rglob("*") if p.is_file()])


def _drain(fd: int) -> None:
    """Read a pseudo-terminal until it closes, so that no write to it waits."""
    try:
        while os.read(fd, 4096):
            pass
    except OSError:  # the other end closed
        pass
    finally:
        os.close(fd)


def test_validate_json_is_always_a_list() -> None:
    """A program reading ``--json`` meets one shape, for one record as for a folder: a
    list of verdicts (schemas/verdicts.schema.json)."""
    code, out, _ = run("validate", PINCER, "--json")
    assert code == 0
    listed = json.loads(out)
    assert isinstance(listed, list) and len(listed) == 1
    one = listed[0]
    assert one["status"] == "valid"
    assert one["computed"] == {"winner": "red", "reason": "pincer", "decided_at": 83}
    jsonschema.validate(one, VERDICT_SCHEMA)
    verdicts_schema = json.loads((ROOT / "schemas" / "verdicts.schema.json").read_text("utf-8"))
    jsonschema.validate(listed, verdicts_schema)
    code, out, _ = run("validate", PINCER, INVALID / "wrong-winner.json", "--json")
    assert code == 1
    several = json.loads(out)
    jsonschema.validate(several, verdicts_schema)
    assert [v["status"] for v in several] == ["valid", "invalid"]
    assert several[1]["problem"]["code"] == "wrong_winner"
    assert several[0] == one


def test_validate_jobs_gives_the_same_verdicts() -> None:
    """--jobs 2 validates in worker processes; the verdicts and their order are those of
    --jobs 1."""
    code1, one = validate(RECORDS, "--jobs", "1")
    code2, two = validate(RECORDS, "--jobs", "2")
    assert code1 == code2 == 2
    assert two == one


def test_validate_lenient_accepts_the_documented_spellings() -> None:
    """--lenient reads 'M1 → M2' and full-width 'Ｍ７－Ｍ９', with a warning for each."""
    source = INVALID / "lenient-spellings-in-strict-file.json"
    code, [strict] = validate(source)
    assert code == 1
    assert strict["problem"]["code"] == "noncanonical_notation"
    assert strict["problem"]["suggestion"] == "M1-M2"
    code, [lenient] = validate(source, "--lenient")
    assert code == 0
    assert lenient["status"] == "valid"
    assert lenient["plies"] == 30
    assert [(w["code"], w["location"]) for w in lenient["warnings"]] == [
        ("normalized", "ply 1"),
        ("normalized", "ply 2"),
    ]
    assert "M1-M2" in lenient["warnings"][0]["message"]
    assert "M7-M9" in lenient["warnings"][1]["message"]


def test_validate_max_bytes_refuses_large_files_and_goes_on(tmp_path: Path) -> None:
    """--max-bytes: a larger file is unreadable (file_too_large); the batch goes on."""
    small = tmp_path / "small.txt"
    small.write_text('[Ruleset "orbit-dominion/4.2"]\n\n1. O- O+ *\n', encoding="utf-8")
    assert small.stat().st_size < 100
    bad_number = UNREADABLE / "bad-move-number.txt"
    assert bad_number.stat().st_size < 100
    code, verdicts = validate(PINCER, small, bad_number, "--max-bytes", "100")
    assert code == 2
    big, tiny, other = verdicts
    assert big["status"] == "unreadable"
    assert big["unreadable"]["code"] == "file_too_large"
    assert "100" in big["unreadable"]["message"]
    assert tiny["status"] == "valid"
    assert tiny["plies"] == 2
    assert other["status"] == "unreadable"
    assert other["unreadable"]["code"] == "bad_notation"  # read, and judged on its own fault
    code, [alone] = validate(small, "--max-bytes", "100")
    assert code == 0
    assert alone["status"] == "valid"


def test_validate_text_report_has_a_summary() -> None:
    """Without --json the director reads one report per record and a summary."""
    code, out, _ = run("validate", PINCER, INVALID / "wrong-winner.json", "--codes")
    assert code == 1
    assert "wrong_winner" in out
    assert out.rstrip().endswith("2 record(s): 1 valid, 1 invalid, 0 pending, 0 unreadable")


@pytest.mark.parametrize(
    "args",
    [
        ["validate", INVALID / "illegal-action-in-the-middle.json"],
        ["replay", INVALID / "illegal-action-in-the-middle.json"],
        ["adjudicate", "--record", PINCER, "--at", "41", "--action", "O0-I0"],
        ["repair", INVALID / "illegal-action-in-the-middle.json", "--time", "2"],
    ],
    ids=lambda args: str(args[0]),
)
def test_codes_are_for_programs_and_shown_to_a_person_only_on_request(args: list) -> None:
    """A person reads the article and the message; the code is in the JSON, and on the
    terminal only with --codes, in every command that judges an action."""
    _, plain, _ = run(*args)
    _, coded, _ = run(*args, "--codes")
    assert "jump_across_two_orbits" not in plain
    assert "jump_across_two_orbits" in coded
    if args[0] != "replay":  # replay draws for a person and has no JSON
        assert "jump_across_two_orbits" in run(*args, "--json")[1]
