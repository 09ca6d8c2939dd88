"""Astro-Stra SVG pictures: valid XML; the stacks read back match the position at every turn
of the samples (基本事項: twelve points, start and home), black pieces black and white ones
white; the dice of the turn sit in their S/T/A frames (step 2), painted as the rulebook names
their colours and showing the pips the skills left (Scar's reroll of a held die), and held
dice are marked; a finished game's title says who won (手順7); snapshots."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.astro_stra.board import SIDES, start_position
from adjudicator.astro_stra.drawing_svg import drawing_svg
from adjudicator.astro_stra.notation import parse_turn
from adjudicator.astro_stra.skills import Die, Hold
from adjudicator.astro_stra.turn import TurnPlay
from adjudicator.cli.app import build_app
from adjudicator.core.batch.files import read_record
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.report import outcome_line
from tests.pictures import colour_name, painted, texts

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "astro-stra"
REGISTRY = Registry(installed_games())
APP = build_app(REGISTRY)
SVG = "{http://www.w3.org/2000/svg}"


def stacks(svg: str) -> dict[tuple[str, int], int]:
    root = ET.fromstring(svg)
    found: dict[tuple[str, int], int] = {}
    for g in root.iter(f"{SVG}g"):
        if "data-side" in g.attrib:
            key = (g.attrib["data-side"], int(g.attrib["data-point"]))
            assert key not in found
            found[key] = int(g.attrib["data-count"])
    return found


def test_stacks_drawn_match_the_position_at_every_turn() -> None:
    game, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "random-game.json").read_text(), lenient=False
    )
    replay = game.replay(record)
    held_seen = False
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
        svg = replay.picture().svg()
        position = replay.game.position if replay.game else replay.start
        expected = {
            (side, point): n for side in SIDES for point, n in enumerate(position.counts(side)) if n
        }
        assert stacks(svg) == expected, event.written
        root = ET.fromstring(svg)
        if replay.last_play is not None:
            slots = {e.attrib["data-slot"] for e in root.iter() if "data-slot" in e.attrib}
            assert slots == {"S", "T", "A"}
        held = [e.attrib["data-held"] for e in root.iter() if "data-held" in e.attrib]
        holds = replay.game.holds if replay.game else ()
        assert held == [f"{h.owner}:{h.colour}" for h in holds]
        held_seen = held_seen or bool(held)
    assert held_seen, "the sample never holds a die: pick one that does"


def test_moves_of_the_turn_are_arrows() -> None:
    game, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "random-game.json").read_text(), lenient=False
    )
    replay = game.replay(record)
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
        if replay.last_play is not None and replay.last_play.moves:
            break
    root = ET.fromstring(replay.picture().svg())
    arrows = [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]
    assert arrows == [f"{a}>{b}" for a, b in replay.last_play.moves]


def test_start_in_both_geometries(snapshot: SnapshotAssertion) -> None:
    """Under one loop the twelve points are one row; under two rows, two (interpretation
    on 「インナーとアウターの計 2 回すれ違います」)."""
    for geometry in ("two-rows", "one-loop"):
        svg = drawing_svg(start_position(), geometry=geometry)
        assert stacks(svg) == {("black", p): 2 for p in (1, 2, 3)} | {
            ("white", p): 2 for p in (1, 2, 3)
        }
        assert svg == snapshot


def drawn_dice(svg: str) -> dict[str, tuple[int, int]]:
    """The dice in the S, T and A frames: colour → (``data-pips``, the numeral drawn)."""
    root = ET.fromstring(svg)
    held = {e for g in root.iter(f"{SVG}g") if "data-held" in g.attrib for e in g.iter()}
    return {
        g.attrib["data-die"]: (int(g.attrib["data-pips"]), int(texts(g)[0]))
        for g in root.iter(f"{SVG}g")
        if "data-die" in g.attrib and g not in held
    }


def scar_rerolls_of_a_held_die() -> list[tuple[int, TurnPlay]]:
    """The turns of the sample where Scar (黒色赤目) rerolls a die of the mover's that came
    in held, with their event index."""
    _, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "random-game.txt").read_text(), lenient=False
    )
    found = []
    for i, event in enumerate(record.events[2:], 2):
        play = parse_turn(event.written)[1]
        use = play.skill
        if use and use.skill == "black-red" and use.held and use.held[0] == play.side:
            found.append((i, play))
    return found


def test_a_held_die_scar_rerolled_is_drawn_with_its_new_pips() -> None:
    """S 黒色赤目: Scar 「相手または自分のホールドされた目を振り直す」 — the die lies with the
    pips rerolled for the target and the action, and the picture of the turn shows those,
    not the pips it came in held with."""
    game, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "random-game.txt").read_text(), lenient=False
    )
    rerolls = dict(scar_rerolls_of_a_held_die())
    assert any(
        dict(play.dice)[play.skill.held[1]] != play.skill.pips for play in rerolls.values()
    ), "the sample never changes a held die's pips by Scar's reroll: pick one that does"
    replay = game.replay(record)
    for i, event in enumerate(record.events):
        assert replay.attempt(event.written, lenient=False).violation is None
        if i in rerolls:
            use = rerolls[i].skill
            colour = use.held[1]
            assert drawn_dice(replay.picture().svg())[colour] == (use.pips, use.pips), event


def test_the_legal_action_picture_shows_the_rerolled_pips() -> None:
    """`adjudicate --svg` on a legal turn draws the position it leads to with its dice as
    they lay after step 3: Scar's reroll of a held die shows the new pips."""
    i, play = next(
        (i, p)
        for i, p in scar_rerolls_of_a_held_die()
        if dict(p.dice)[p.skill.held[1]] != p.skill.pips
    )
    line = (SAMPLES / "valid" / "random-game.txt").read_text().splitlines()
    written = next(t for t in line if t.startswith(f"{i - 1}. "))
    args = [
        "adjudicate",
        "--record",
        str(SAMPLES / "valid" / "random-game.txt"),
        "--at",
        str(i + 1),
    ]
    result = CliRunner().invoke(APP, [*args, "-a", written, "--format", "svg", "--lang", "en"])
    assert result.exit_code == 0, result.output
    colour = play.skill.held[1]
    assert drawn_dice(result.stdout)[colour] == (play.skill.pips, play.skill.pips)


#: The rulebook's table of colours (S:スキルの一覧): the die's body and, for the two black
#: dice, their pips — 黒色白目 black with white pips, 黒色赤目 black with red pips.
DIE_BODY_AND_PIPS = {
    "red": ("red", None),
    "blue": ("blue", None),
    "black-white": ("black", "white"),
    "black-red": ("black", "red"),
}


def test_each_die_is_painted_as_the_rulebook_names_it() -> None:
    """黒色白目 (Necromass) and 黒色赤目 (Scar) are black dice with white and red pips: drawn
    one colour, the numeral in the pips' colour, as red and blue are drawn red and blue."""
    dice = (Die("black-white", 3), Die("black-red", 5), Die("red", 2))
    play = TurnPlay("black", dice, ("black-white", "black-red", "red"), None, (), ())
    holds = (Hold("white", "blue", 4),)
    root = ET.fromstring(drawing_svg(start_position(), last=play, holds=holds))
    seen = set()
    for g in root.iter(f"{SVG}g"):
        if "data-die" in g.attrib:
            colour = g.attrib["data-die"]
            body, pips = DIE_BODY_AND_PIPS[colour]
            assert {colour_name(c) for c in painted(g)} == {body}, colour
            numeral = next(t for t in g.iter(f"{SVG}text") if t.text == g.attrib["data-pips"])
            if pips is not None:
                assert colour_name(numeral.attrib["fill"]) == pips, colour
            seen.add(colour)
    assert seen == set(DIE_BODY_AND_PIPS)


def test_black_and_white_pieces_are_painted_black_and_white() -> None:
    """基本事項: 「盤上の黒いコマが先手、白いコマが後手の物です」."""
    root = ET.fromstring(drawing_svg(start_position()))
    for g in root.iter(f"{SVG}g"):
        if "data-side" in g.attrib:
            assert {colour_name(c) for c in painted(g)} == {g.attrib["data-side"]}


def test_a_finished_games_title_says_who_won_not_whose_turn() -> None:
    """手順7: a side with every piece home wins; the picture of the winning turn is titled
    with the winner and the turn it was decided, with no side to move."""
    game, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "random-game.txt").read_text(), lenient=False
    )
    replay = game.replay(record)
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
    assert replay.outcome() is not None
    for lang, turn in (("en", "to move"), ("ja", "の手番")):
        title = ET.fromstring(replay.picture(lang=lang).svg()).find(f"{SVG}title").text
        assert turn not in title
        assert title == outcome_line(game.rules, replay.outcome(), lang)
