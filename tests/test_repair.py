"""Record repair (``adjudicator repair``, :mod:`adjudicator.core.repair.search`): the game a
miscopied record meant, found for the three games, and nothing claimed that was not
checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from adjudicator import load_record, repair, validate
from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.repair.transcription import (
    CHANGED,
    CONFUSED,
    DUPLICATE,
    MISSPELT,
    NUMBER_OFF,
    RESULT,
    SWAPPED_EVENTS,
    TRANSPOSED,
    changed_part,
    line_cost,
    near_handwriting,
    near_numbers,
    near_orders,
    near_spellings,
    near_words,
)
from tests.test_docs_ja import SHARED, Shell, check, examples

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "repair"
#: Each worked example and the valid sample it was miscopied from.
MISCOPIED = {
    "orbit-dominion": ROOT / "records/orbit-dominion/valid/pincer.txt",
    "dark-nebula": ROOT / "records/dark-nebula/valid/worked-game.txt",
    "astro-stra": ROOT / "records/astro-stra/valid/random-game.txt",
}
OD_CONFUSABLES = ("OMI", "-x")


def run(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(build_app(Registry(installed_games())), list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output, result.exit_code


def written(record_path: Path) -> list[str]:
    return [e.written for e in load_record(record_path).events]


# --- the cost model ----------------------------------------------------------------------------


def test_copying_errors_cost_what_the_model_says() -> None:
    """A number one off and a confusable letter are the cheapest errors; numbers and words
    count whole; neighbouring characters swapped cost one transposition."""
    assert line_cost("O6-O8", "O6-O7", OD_CONFUSABLES) == NUMBER_OFF
    assert line_cost("M4-M5", "M4-I5", OD_CONFUSABLES) == CONFUSED
    assert line_cost("M4-I4", "M4-M5", OD_CONFUSABLES) == CONFUSED + NUMBER_OFF
    assert line_cost("M3-M4", "M3xM4", OD_CONFUSABLES) == CONFUSED
    assert line_cost("O10-O11", "O10-O1", OD_CONFUSABLES) == CHANGED  # 11 is not 1 off 1
    assert line_cost("x-", "-x") == TRANSPOSED
    assert line_cost("roll zarek", "roll imobu") == CHANGED  # a word is one token


def test_near_numbers_and_words_carry_their_cost() -> None:
    assert ("roll 3", NUMBER_OFF) in near_numbers("roll 4")
    assert ("roll 6", CHANGED) in near_numbers("roll 4")
    words = near_words("S=red T=blue", [("red", "blue", "green")])
    assert ("S=green T=blue", CHANGED) in words
    assert ("S=blue T=red", CHANGED) in words  # two colours exchanged
    assert changed_part("search: zarek imobu; roll 5", "search: zarek imobu; roll 4") == (
        "5",
        "4",
    )


# --- the search, per game ----------------------------------------------------------------------


@pytest.mark.parametrize("game", MISCOPIED)
def test_the_miscopied_example_is_repaired_to_the_game_it_meant(game: str) -> None:
    """Each worked example differs from a valid sample by one miscopied event: the first
    candidate is that sample's game, valid, one edit away."""
    path = EXAMPLES / f"{game}.txt"
    assert validate(path).status == "invalid"
    found = repair(path, top=1)
    assert found.status == "repaired"
    best = found.candidates[0]
    assert len(best.edits) == 1
    assert best.verdict.status == "valid"
    corrected = load_record(json.dumps(best.record))
    assert [e.written for e in corrected.events] == written(MISCOPIED[game])


def test_the_error_is_found_before_the_first_failing_ply() -> None:
    """Orbit Dominion: blue's O6-O7 written O6-O8 at ply 12 is legal too; the record fails
    only at ply 30. The repair names ply 12, not the symptom."""
    found = repair(EXAMPLES / "orbit-dominion.txt", top=1)
    assert found.verdict.problem is not None and found.verdict.problem.ply == 30
    edit = found.candidates[0].edits[0]
    assert (edit.ply, edit.op, edit.was, edit.now) == (12, "replace", "O6-O8", "O6-O7")


def _moves(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_swap_and_an_omission_are_repaired_in_orbit_dominion() -> None:
    """Two neighbouring actions in the wrong order are swapped back; an action left out is
    inserted (the game lists the actions legal there)."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    swapped = json.loads(json.dumps(data))
    swapped["moves"][20], swapped["moves"][21] = swapped["moves"][21], swapped["moves"][20]
    found = repair(json.dumps(swapped), top=1)
    assert [e.op for e in found.candidates[0].edits] == ["swap"]
    assert found.candidates[0].record["moves"] == data["moves"]
    omitted = json.loads(json.dumps(data))
    del omitted["moves"][40]
    found = repair(json.dumps(omitted), top=3)
    assert any(c.record["moves"] == data["moves"] for c in found.candidates)
    assert all(c.edits[0].op == "insert" and c.edits[0].was is None for c in found.candidates)


def test_two_errors_are_repaired_together() -> None:
    """Two miscopied actions, the first legal: both edits, in the order of their plies."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    copy = json.loads(json.dumps(data))
    copy["moves"][11] = "O6-O8"  # ply 12, legal but wrong
    assert copy["moves"][52] == "O0-O1"
    copy["moves"][52] = "M0-O1"  # ply 53, a confusable letter
    assert validate(json.dumps(copy)).status == "invalid"
    found = repair(json.dumps(copy), top=1)
    best = found.candidates[0]
    assert [e.ply for e in best.edits] == [12, 53]
    assert best.record["moves"] == data["moves"]


@pytest.mark.parametrize("game", MISCOPIED)
def test_every_candidate_is_valid_when_validated_on_its_own(game: str) -> None:
    """Nothing is claimed that was not checked: each candidate's record, read again from
    its JSON, is valid and agrees with the verdict shown with it."""
    found = repair(EXAMPLES / f"{game}.txt", top=3)
    assert found.candidates
    for candidate in found.candidates:
        again = validate(json.dumps(candidate.record))
        assert again.status == "valid"
        assert again.computed == candidate.verdict.computed


def test_a_dark_nebula_repair_never_proposes_a_counter_that_stays() -> None:
    """8.0: a counter that stays is not written. The miscopied cruiser@nafaelas>nebula-2 is
    one word from cruiser@nafaelas>nafaelas, which strict notation refuses: among the
    cheapest corrections the repair proposes (each checked strictly), none writes a
    counter moving to its own sector."""
    import re

    found = repair(EXAMPLES / "dark-nebula.txt", top=6)
    assert len(found.candidates) > 2  # the third cheapest was the staying cruiser
    for candidate in found.candidates:
        lines = [e.written for e in load_record(json.dumps(candidate.record)).events]
        stays = [line for line in lines if re.search(r"[a-z_]+@([a-z0-9-]+)>\1\b", line)]
        assert not stays, candidate.edits


def _replayable(path: Path) -> bool:
    try:
        load_record(path)
    except Exception:  # a notation violation found while reading: judged without a replay
        return False
    return True


SAMPLES = sorted(
    p
    for kind in ("valid", "invalid", "pending")
    for p in ROOT.glob(f"records/*/{kind}/*.*")
    if _replayable(p)
)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT / "records")))
def test_a_validation_from_a_copy_midway_finds_what_one_from_the_start_finds(path: Path) -> None:
    """The search replays an edited record from a copy of the game before its edit
    (``Validation(start=k)``): at every k up to the first failure, the problem found — its
    code and its ply, a fault an opening proves earlier included — is the one found from
    the start."""
    from adjudicator import game as game_named
    from adjudicator.core.judge.validation import Validation

    record = load_record(path)
    played = game_named(record.game)
    whole, _ = Validation(record, played.replay(record), lenient=False, lang="en").run()
    stop = len(record.events) if whole is None or whole.ply is None else whole.ply - 1
    replay = played.replay(record)
    for k in range(stop + 1):
        midway, _ = Validation(
            record, replay.copy(), lenient=False, lang="en", positions=False, start=k
        ).run()
        assert (midway and (midway.code, midway.ply)) == (whole and (whole.code, whole.ply)), k
        if k < stop:
            assert replay.attempt(record.events[k].played, lenient=False).violation is None


@pytest.mark.parametrize("game", MISCOPIED)
def test_a_replay_copy_plays_apart_from_its_original(game: str) -> None:
    """What the search replays from is a copy (Replay.copy): playing on it leaves the
    original standing where it was, at every ply."""
    from adjudicator import game as game_named

    record = load_record(MISCOPIED[game])
    played = game_named(game)
    replay = played.replay(record)
    events = [e.written for e in record.events]
    for ply, line in enumerate(events):
        before = replay.position_text()
        twin = replay.copy()
        for later in events[ply : ply + 3]:
            twin.attempt(later, lenient=False)
        assert replay.position_text() == before
        assert replay.ply() == ply
        replay.attempt(line, lenient=False)


def test_a_quiet_step_left_out_of_a_dark_nebula_record_is_put_back() -> None:
    """Dark Nebula lists the next step done quietly (``1.5 rebel movement: -``): a score
    sheet that skipped that line, its stamps written by hand, is repaired by inserting it."""
    text = MISCOPIED["dark-nebula"].read_text(encoding="utf-8")
    assert text.count("1.5 rebel movement: -\n") == 1
    found = repair(text.replace("1.5 rebel movement: -\n", ""), top=1)
    edit = found.candidates[0].edits[0]
    assert (edit.op, edit.was, edit.now) == ("insert", None, "1.5 rebel movement: -")


def _dark_nebula_game(seed: int) -> str:
    from adjudicator import game
    from adjudicator.dark_nebula.notation import RecordEvents
    from tests.dark_nebula.player import random_game

    record = random_game(seed, turns=6)
    return game("dark-nebula").write_record(
        record.to_game_record([], RecordEvents(record.events)), "text"
    )


@pytest.mark.parametrize(
    ("seed", "line"),
    [
        (1, "1.2 empire movement: command_ship@tyrann>raibia"),  # moved on from there (8.0)
        (2, "1.5 rebel movement: battleship@radia>zarek"),
        (5, "4.2 empire movement: cruiser@imobu>raigerin"),
    ],
)
def test_a_dark_nebula_movement_left_out_is_put_back_from_where_the_record_finds_it(
    seed: int, line: str
) -> None:
    """A movement rolls no die (8.0): a score sheet that skipped one is repaired by
    inserting the movement that brings each counter to where the lines after it find one
    (moving on from there, firing there, searching there), from where it stood within its
    allowance."""
    text = _dark_nebula_game(seed)
    assert text.count(line + "\n") == 1
    found = repair(text.replace(line + "\n", ""), top=1)
    assert [(e.op, e.was, e.now) for e in found.candidates[0].edits] == [("insert", None, line)]
    assert validate(json.dumps(found.candidates[0].record)).status == "valid"


@pytest.mark.parametrize(
    ("seed", "line"),
    [
        (2, "2.1 empire production: -; extra battleship@tyrann"),  # a heavy one: the extra
        (3, "2.1 empire production: cruiser@tyrann"),
        (5, "3.4 rebel production: battleship@nafaelas"),
    ],
)
def test_a_dark_nebula_production_left_out_is_put_back_from_where_the_record_finds_it(
    seed: int, line: str
) -> None:
    """A production rolls no die (6.0): a score sheet that skipped one is repaired by
    inserting the builds of the counters the lines after it find where fewer stood, the
    empire's heavy counter as its extra (6.4, interpretation 17)."""
    text = _dark_nebula_game(seed)
    assert text.count(line + "\n") == 1
    found = repair(text.replace(line + "\n", ""), top=1)
    assert [(e.op, e.was, e.now) for e in found.candidates[0].edits] == [("insert", None, line)]


@pytest.mark.parametrize(
    "line",
    [
        "",
        "\x00",
        "1.5 rebel movement: x@y>z",
        "3.3 empire combat: zarek: 9 e.cruiser=99999999999999999999",
        "２.２ empire movement: -",
        "2.2 empire movement: battleship@nosuch>tyrann",
        "2.3 empire combat: nosuch: 3 e.cruiser=1",
    ],
)
def test_a_line_after_a_gap_that_tells_nothing_is_no_error(line: str) -> None:
    """What was left out is read from the lines after it: a line that cannot be read, or
    names a sector the board does not have, says nothing of it — never an error."""
    from adjudicator import game

    record = load_record(MISCOPIED["dark-nebula"])
    replay = game("dark-nebula").replay(record)
    for event in record.events[:2]:  # the set-up and 1.1: 1.2, a movement, comes next
        assert replay.attempt(event.written, lenient=False).violation is None
    assert replay.omitted([line]) == []
    assert replay.omitted(["1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship"])


# --- the command -------------------------------------------------------------------------------


def test_a_valid_record_has_nothing_to_repair() -> None:
    output, status = run("repair", str(MISCOPIED["orbit-dominion"]), "--lang", "en")
    assert status == 0
    assert ": valid as written; nothing to repair" in output


@pytest.mark.parametrize(
    ("lang", "none", "searched"),
    [
        ("en", "No correction within 0 edit(s) makes the record valid.",
         "every record within 0 edit(s) considered"),
        ("ja", "0 箇所以内の修正では記録は有効になりません。", "0 箇所以内の修正をすべて検討"),
    ],
    ids=["en", "ja"],
)  # fmt: skip
def test_no_candidate_within_the_limits_says_what_was_searched(
    lang: str, none: str, searched: str
) -> None:
    """With no edit allowed nothing can be repaired: exit 1, and the search is described,
    in the language asked for."""
    output, status = run(
        "repair", str(EXAMPLES / "astro-stra.txt"), "--max-edits", "0", "--lang", lang
    )
    assert status == 1
    assert none in output.splitlines()
    assert searched in output


def test_a_budget_reached_is_said(tmp_path: Path) -> None:
    """A search stopped by --time says so: a correction may have been missed, and the
    search is not called complete."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    data["moves"][10:14] = data["moves"][13:9:-1]  # four actions reversed: beyond two edits
    path = tmp_path / "reversed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    output, status = run("repair", str(path), "--time", "0.1", "--json")
    found = json.loads(output)
    assert status == 1 and found["status"] == "no_candidate"
    assert found["searched"]["stopped"] == "time" and not found["searched"]["complete"]
    output, _ = run("repair", str(path), "--time", "0.1", "--lang", "en")
    assert "stopped at the time budget: a correction may have been missed" in output


@pytest.mark.parametrize(
    ("lang", "stopped", "none_in_budget", "complete_none"),
    [
        ("en", "The search stopped at its replays budget before it was complete",
         "No correction found within the budget.", "makes the record valid"),
        ("ja", "探索は再生回数の上限で打ち切られ、完了していません。",
         "上限内では修正案が見つかりませんでした。", "記録は有効になりません"),
    ],
    ids=["en", "ja"],
)  # fmt: skip
def test_a_budget_that_stops_the_search_is_said_first_and_never_as_complete(
    tmp_path: Path, lang: str, stopped: str, none_in_budget: str, complete_none: str
) -> None:
    """Issue 41 (budgets as flags, honest messages): --max-replays bounds the search; a
    search it stops says so on its first line, and never says "no correction makes the
    record valid", which only a complete search may say."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    data["moves"][10:14] = data["moves"][13:9:-1]  # four actions reversed: beyond two edits
    path = tmp_path / "reversed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    output, status = run("repair", str(path), "--max-replays", "50", "--json")
    found = json.loads(output)
    assert status == 1 and found["searched"]["budget_reached"] == "replays"
    assert found["searched"]["replays"] <= 51
    output, status = run("repair", str(path), "--max-replays", "50", "--lang", lang)
    lines = output.splitlines()
    assert status == 1
    assert lines[0].startswith(stopped), output
    assert none_in_budget in lines
    assert complete_none not in output


def test_json_follows_the_committed_schema() -> None:
    output, status = run("repair", str(EXAMPLES / "dark-nebula.txt"), "--json", "--top", "2")
    assert status == 0
    schema = json.loads((ROOT / "schemas/repair.schema.json").read_text(encoding="utf-8"))
    data = json.loads(output)
    jsonschema.validate(data, schema)
    assert data["status"] == "repaired"
    assert data["candidates"][0]["edits"][0]["op"] == "replace"


def test_write_gives_the_best_candidate_with_its_edits_and_never_changes_the_input(
    tmp_path: Path,
) -> None:
    source = tmp_path / "game.txt"
    source.write_bytes((EXAMPLES / "orbit-dominion.txt").read_bytes())
    before = source.read_bytes()
    target = tmp_path / "corrected.json"
    _, status = run("repair", str(source), "--write", str(target), "--lang", "en")
    assert status == 0
    assert source.read_bytes() == before
    written_record = json.loads(target.read_text(encoding="utf-8"))
    edits = written_record["ext"]["adjudicator.repair"]["edits"]
    assert [(e["ply"], e["now"]) for e in edits] == [(12, "O6-O7")]
    assert validate(target).status == "valid"
    output, status = run("repair", str(source), "--write", str(source), "--lang", "en")
    assert status == 2
    assert "never overwritten" in output
    assert source.read_bytes() == before


def test_a_write_path_that_cannot_be_written_is_refused_before_the_search(tmp_path: Path) -> None:
    """--write into a missing folder: exit 2 with the reason, before any search is made."""
    target = tmp_path / "missing" / "corrected.json"
    output, status = run(
        "repair", str(EXAMPLES / "orbit-dominion.txt"), "--write", str(target), "--lang", "en"
    )
    assert status == 2
    assert "cannot write" in output and "correction" not in output
    assert not target.exists()


def test_file_names_are_shown_with_their_controls_escaped(tmp_path: Path) -> None:
    """A name holding a right-to-left override is shown escaped, as the terminal shows
    every input, in the record's line and in the file written."""
    source = tmp_path / "r\u202eecord.txt"
    source.write_bytes((EXAMPLES / "orbit-dominion.txt").read_bytes())
    target = tmp_path / "c\u202eorrected.json"
    output, status = run("repair", str(source), "--top", "1", "--write", str(target))
    assert status == 0 and target.exists()
    assert "\u202e" not in output
    assert "r\\u202eecord.txt" in output and "c\\u202eorrected.json" in output


def test_an_unreadable_record_is_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    output, status = run("repair", str(bad), "--lang", "en")
    assert status == 2
    assert "Traceback" not in output and "bad.json" in output


def test_japanese_output_speaks_japanese() -> None:
    output, status = run("repair", str(EXAMPLES / "orbit-dominion.txt"), "--lang", "ja")
    assert status == 0
    assert "30手目で無効" in output and "費用 0.5" in output
    assert "12手目(6.の青): O6-O8 → O6-O7" in output  # the sheet's move 6, blue's action
    for english in ("cost", "valid", "Searched", "correction"):
        assert english not in output


# --- the page ----------------------------------------------------------------------------------


def test_every_example_of_the_english_page_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/repair.md's commands run, in order, from a scratch folder, and print what the
    page shows (the Japanese page is run by tests/test_docs_ja.py)."""
    for name in SHARED:
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    shell = Shell(tmp_path)
    page = ROOT / "docs" / "repair.md"
    shown = examples(page)
    assert len(shown) >= 5
    for example in shown:
        printed, status = shell.run(example.command)
        assert status != 4 and "Usage:" not in printed, f"{example}:\n{printed}"
        if example.shown:
            check(example, printed)


#: An ASCII space between two Japanese characters (kana, kanji, CJK punctuation, full-width
#: forms), or after a Japanese full stop or comma: Japanese sets its words apart by none.
JAPANESE_SPACED = re.compile(
    r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef] +[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
    r"|[。、] "
)


def test_a_budget_is_named_in_japanese_without_a_space_before_its_particle() -> None:
    """Issue 42: the report said 「再生回数 の上限」; the budget's name joins the Japanese
    around it (「再生回数の上限で終了」), and an id in Latin letters keeps its space."""
    from adjudicator.core.repair.search import Searched
    from adjudicator.core.repair.words import searched_said

    for budget, name in (("replays", "再生回数"), ("time", "時間")):
        searched = Searched(
            edits_tried=9,
            replays=9,
            seconds=0.5,
            complete=False,
            stopped=budget,
            budget_reached=budget,
        )
        said = searched_said(searched, 2, 0, "ja")
        assert f"({name}の上限で終了。" in said and not JAPANESE_SPACED.search(said), said


@pytest.mark.parametrize(
    "sample",
    [
        "dark-nebula/invalid/miscounted-combat.json",  # 反乱軍が除去する駒
        "dark-nebula/invalid/concealed-base.json",  # 。(9手目で…判明。)
        "astro-stra/invalid/colour-drafted-twice.json",  # 黒は1番目と…
        "orbit-dominion/invalid/wrong-winner.json",  # 記録の勝者は青ですが
    ],
)
def test_repair_in_japanese_sets_no_inserted_word_apart_by_spaces(sample: str) -> None:
    """Issue 42 (stray spaces): a side, a reason, a budget or a sentence filled into a
    Japanese message joins the Japanese beside it; spaces stay only beside notation and
    numbers (「M3-M2 は」, 「費用 1.5」)."""
    output, _ = run("repair", str(ROOT / "records" / sample), "--lang", "ja")
    assert "修正" in output
    assert [line for line in output.splitlines() if JAPANESE_SPACED.search(line)] == []


# --- the error model of copying (issue 41) ------------------------------------------------------


def test_handwritten_digits_and_letters_confused_cost_one_confusion() -> None:
    """A 1 read as 7, a 3 as 8, a 0 as O: one character a hand writes alike, cheap, inside
    a number of several digits and across a digit and a letter alike."""
    assert line_cost("roll 7", "roll 1") == CONFUSED
    assert line_cost("moves 8>13", "moves 3>13") == CONFUSED
    assert line_cost("moves 3>18", "moves 3>13") == CONFUSED
    assert line_cost("OO-O1", "O0-O1", OD_CONFUSABLES) == CONFUSED
    assert ("roll 7", CONFUSED) in near_handwriting("roll 1")
    assert ("roll 8", CONFUSED) not in near_handwriting("roll 1")


def test_a_misspelt_name_is_read_as_the_name_a_letter_or_two_away() -> None:
    """Dark Nebula 8.0 moves a counter to a sector of the board: ``nfaelas``, which no board
    has, is ``nafaelas`` with a letter left out, a spelling error, not another sector."""
    assert near_spellings("a>nfaelas", [("nafaelas", "zarek")]) == [("a>nafaelas", MISSPELT)]
    assert near_spellings("a>nafaelas", [("nafaelas", "zarek")]) == []  # known: no error
    text = MISCOPIED["dark-nebula"].read_text(encoding="utf-8")
    line = "2.2 empire movement: cruiser@zarek>nafaelas"
    assert line in text
    found = repair(text.replace(line, line.replace(">nafaelas", ">nfaelas")), top=1)
    best = found.candidates[0]
    assert (len(best.edits), best.cost) == (1, MISSPELT)
    assert [e.written for e in load_record(json.dumps(best.record)).events] == written(
        MISCOPIED["dark-nebula"]
    )


def test_a_line_written_twice_is_deleted_as_a_copy_first() -> None:
    """An Orbit Dominion action written twice (Art. 10: one action a turn): deleting the
    exact copy of its neighbour is the cheapest correction, cheaper than any other line
    left out or added."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    copy = json.loads(json.dumps(data))
    copy["moves"].insert(20, copy["moves"][20])
    assert validate(json.dumps(copy)).status == "invalid"
    found = repair(json.dumps(copy), top=1)
    best = found.candidates[0]
    assert [(e.op, e.cost) for e in best.edits] == [("delete", DUPLICATE)]
    assert best.record["moves"] == data["moves"]


def test_lines_out_of_place_at_a_distance_are_put_back() -> None:
    """Orbit Dominion Art. 10: a side's two actions (plies 21 and 23) written the other way
    round is one exchange of lines two apart; an action written four lines early is one
    move back to its place."""
    data = _moves(ROOT / "records/orbit-dominion/valid/pincer.json")
    moves = data["moves"]
    for i, j in ((20, 22), (30, 32), (40, 42)):
        swapped = json.loads(json.dumps(data))
        swapped["moves"][i], swapped["moves"][j] = moves[j], moves[i]
        if validate(json.dumps(swapped)).status == "invalid":
            break
    found = repair(json.dumps(swapped), top=3)
    assert any(
        c.record["moves"] == moves and [(e.op, e.to) for e in c.edits] == [("swap", j + 1)]
        for c in found.candidates
    ), [c.edits for c in found.candidates]
    for i in range(10, 60):
        early = json.loads(json.dumps(data))
        early["moves"].insert(i, early["moves"].pop(i + 4))
        if validate(json.dumps(early)).status == "invalid":
            break
    found = repair(json.dumps(early), top=3)
    assert any(
        c.record["moves"] == moves and [e.op for e in c.edits] == ["move"] for c in found.candidates
    ), [c.edits for c in found.candidates]


def test_numbers_of_a_line_written_in_another_order_are_exchanged() -> None:
    """Astro-Stra step 1: a turn's dice written in another order, a cheap exchange of two
    numbers of the dice field; a side's moves written the other way round, of two items."""
    line = "5. black: dice a=1 b=3 | moves 1>2"
    exchanged = near_orders(line)
    assert ("5. black: dice a=3 b=1 | moves 1>2", TRANSPOSED) in exchanged
    assert ("5. black: dice a=1 b=3 | moves 2>1", TRANSPOSED) in exchanged
    assert all(now.startswith("5. black: ") and "|" in now for now, _ in exchanged)  # the stamp
    assert ("moves 7>10 10>12", TRANSPOSED) in near_orders("moves 10>12 7>10")


def test_dice_of_a_battle_written_in_another_order_across_its_volleys_are_exchanged() -> None:
    """Dark Nebula 9.1–9.7: a battle's dice are written volley by volley; a copy that
    wrote two of them in each other's volleys is an exchange of two numbers of the line
    (the model's ``order``), as cheap as two dice exchanged within one volley, and the
    repair puts the game as played first."""
    sheets = ROOT / "benchmarks/repair_sheets/dark-nebula"
    line = (
        "2.6 rebel combat: zarek: 2 e.cruiser=4 | 1 r.battleship=5 | 0 e.guard_ship=6 "
        "| 2 e.cruiser=2 / r.battleship"
    )
    written = line.replace("e.cruiser=4", "e.cruiser=@").replace("e.cruiser=2", "e.cruiser=4")
    written = written.replace("e.cruiser=@", "e.cruiser=2")
    assert (line, TRANSPOSED) in near_orders(written)
    text = (sheets / "game4.txt").read_text(encoding="utf-8")
    assert text.count(line) == 1
    found = repair(text.replace(line, written), top=3)
    first = found.candidates[0]
    assert [(e.op, e.was, e.now, e.cost) for e in first.edits] == [
        ("replace", written, line, TRANSPOSED)
    ]


def test_a_dark_nebula_step_written_on_the_same_step_of_the_next_turn_is_put_back() -> None:
    """Dark Nebula 5.0: the sheet is a table of turns by steps, so the same step of the
    next turn is the next row; two movements written each on the other's row are one
    exchange of neighbouring rows (the model's ``swap``), their stamps left in place, and
    the repair gives the game as played first."""
    sheets = ROOT / "benchmarks/repair_sheets/dark-nebula"
    text = (sheets / "game1.txt").read_text(encoding="utf-8")
    fifth = "battleship@nafaelas>sector-9 cruiser@tyrann>zarek"
    sixth = "battleship@tyrann>sector-9"
    assert f"5.2 empire movement: {fifth}\n" in text and f"6.2 empire movement: {sixth}\n" in text
    copy = text.replace(f"5.2 empire movement: {fifth}", "5.2 empire movement: @")
    copy = copy.replace(f"6.2 empire movement: {sixth}", f"6.2 empire movement: {fifth}")
    copy = copy.replace("5.2 empire movement: @", f"5.2 empire movement: {sixth}")
    found = repair(copy, top=3)
    first = found.candidates[0]
    assert [(e.op, e.ply, e.to, e.cost) for e in first.edits] == [("swap", 31, 38, SWAPPED_EVENTS)]
    assert first.record == load_record(text).model.dump()


def test_a_wrong_result_is_proposed_as_the_one_field_fix() -> None:
    """Orbit Dominion Art. 7-2: the game is red's (a new pincer after ply 83), the sheet
    says blue. The result written wrong is one field: the first candidate corrects it, and
    says it in the game's words."""
    path = ROOT / "records/orbit-dominion/invalid/wrong-winner.json"
    found = repair(path, top=1)
    best = found.candidates[0]
    assert [(e.op, e.cost) for e in best.edits] == [("result", RESULT)]
    assert best.record["result"]["winner"] == "red"
    assert best.record["moves"] == _moves(path)["moves"]
    output, status = run("repair", str(path), "--top", "1", "--lang", "en")
    assert (
        status == 0 and "result: blue (new two-point pincer) → red (new two-point pincer)" in output
    )
    output, _ = run("repair", str(path), "--top", "1", "--lang", "ja")
    assert "結果: 青(新たな2点挟撃) → 赤(新たな2点挟撃)" in output


def _table(page: Path) -> dict[str, float]:
    """The error model's table of a docs page: each kind (its id in backquotes) and cost."""
    rows = re.findall(r"^\| `([a-z]+)` \|[^|]*\| ([0-9.]+)", page.read_text("utf-8"), re.M)
    return {kind: float(cost) for kind, cost in rows}


@pytest.mark.parametrize("page", ["docs/repair.md", "docs/ja/repair.md"])
def test_the_documented_error_model_is_the_one_the_search_uses(page: str) -> None:
    """The costs a director reads are the costs that rank the candidates: one table, in
    both languages, the code's constants."""
    from adjudicator.core.repair.transcription import MODEL

    assert _table(ROOT / page) == MODEL


# --- doubtful candidates (issue 41) ------------------------------------------------------------


def test_a_correction_far_above_a_copying_error_is_doubtful() -> None:
    """docs/repair.md, "Doubtful candidates": deleting a line that writes what dice decided
    (Dark Nebula 9.0 a battle, 10.7 a search's roll; an Astro-Stra turn) or costing more than
    DOUBTFUL_COST is doubtful; deleting a line written twice, or a line without dice, is not."""
    from adjudicator import game as game_named
    from adjudicator.core.repair.models import Edit
    from adjudicator.core.repair.plausible import doubtful
    from adjudicator.core.repair.transcription import DOUBTFUL_COST, MISSING_OR_EXTRA_EVENT

    dn, od = game_named("dark-nebula"), game_named("orbit-dominion")

    def deleting(line: str, cost: float = MISSING_OR_EXTRA_EVENT) -> list[Edit]:
        return [Edit(ply=4, op="delete", was=line, now=None, cost=cost)]

    battle = "1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship"
    assert doubtful(dn, deleting(battle), 1.5) == "chance"  # type: ignore[arg-type]
    assert doubtful(dn, deleting("1.7 search: zarek imobu; roll 4"), 1.5) == "chance"  # type: ignore[arg-type]
    assert doubtful(dn, deleting("1.3 empire combat: -"), 1.5) is None  # type: ignore[arg-type]
    assert doubtful(dn, deleting(battle, DUPLICATE), 0.5) is None  # type: ignore[arg-type]
    assert doubtful(od, deleting("I-"), 1.5) is None  # type: ignore[arg-type]
    assert doubtful(od, deleting("I-"), DOUBTFUL_COST + 0.5) == "cost"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "doubtful: it deletes a line that writes what dice decided"),
     ("ja", "疑わしい修正案: ダイスで決まったことを書いた行を削除します。")],
    ids=["en", "ja"],
)  # fmt: skip
def test_a_doubtful_candidate_is_labelled_in_words_and_json(
    tmp_path: Path, lang: str, said: str
) -> None:
    """Astro-Stra step 1 rolls a turn's dice: a turn written that was not played (another
    black turn, other pips) is deleted by the only correction, which erases dice — labelled
    doubtful in the JSON (with its reason) and in the words."""
    data = json.loads((ROOT / "records/astro-stra/valid/random-game.json").read_text("utf-8"))
    extra = json.loads(json.dumps(data["turns"][2]))
    extra["dice"][0]["pips"] = extra["dice"][0]["pips"] % 6 + 1
    data["turns"].insert(1, extra)
    path = tmp_path / "extra-turn.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    output, status = run("repair", str(path), "--top", "1", "--json")
    best = json.loads(output)["candidates"][0]
    assert status == 0 and (best["doubtful"], best["doubtful_reason"]) == (True, "chance")
    output, _ = run("repair", str(path), "--top", "1", "--lang", lang)
    assert said in output


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "ply 12 (move 6, blue): O6-O8 → O6-O7"), ("ja", "12手目(6.の青): O6-O8 → O6-O7")],
    ids=["en", "ja"],
)
def test_an_orbit_dominion_edit_is_also_placed_as_the_sheet_numbers_it(
    lang: str, said: str
) -> None:
    """docs/records.md: the sheet numbers move pairs, red's action opening each; ply 12 is
    written as move 6, blue's (``6. I11-I0 O6-O8``), and a repair says it both ways."""
    output, status = run("repair", str(EXAMPLES / "orbit-dominion.txt"), "--lang", lang)
    assert status == 0 and said in output.splitlines()[-2]


def test_a_dark_nebula_counter_is_named_in_the_chosen_language() -> None:
    """Issue 41, "names in the chosen language": a copy that fails on a counter (8.0: a side
    moves only the counters it has) is said under ``--lang en`` with the counter's English
    name (battleship), never the board's printed name (戦艦), and under ``--lang ja`` with
    the printed name."""
    from adjudicator.dark_nebula.board import default_board

    path = ROOT / "benchmarks/repair_sheets/dark-nebula/copy20.txt"
    english, _ = run("repair", str(path), "--max-edits", "0", "--lang", "en")
    assert "has no battleship in" in english
    assert not [kind.name for kind in default_board().counters if kind.name in english]
    japanese, _ = run("repair", str(path), "--max-edits", "0", "--lang", "ja")
    assert "戦艦" in japanese
