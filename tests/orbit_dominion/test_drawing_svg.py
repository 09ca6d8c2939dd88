"""Orbit Dominion SVG pictures: valid XML, the pieces read back match the position (第2条
board, 第3条 ships) and are painted red and blue as the sides are, the marks of 第7条 and
第8条 appear when they should, a finished game's title says who won, and snapshots."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given, settings
from syrupy.assertion import SnapshotAssertion

from adjudicator.core.batch.files import read_record
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.report import outcome_line
from adjudicator.orbit_dominion import Action, GameState, Position
from adjudicator.orbit_dominion.board import SECTOR_NAMES
from adjudicator.orbit_dominion.drawing import pieces as drawing_pieces
from adjudicator.orbit_dominion.drawing_svg import drawing_svg
from tests.orbit_dominion.support import play, pos, positions
from tests.pictures import SVG, colour_name, painted

NS = {"svg": "http://www.w3.org/2000/svg"}
REGISTRY = Registry(installed_games())
PINCER = (
    Path(__file__).resolve().parents[2] / "records" / "orbit-dominion" / "valid" / "pincer.json"
)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def pieces(root: ET.Element) -> dict[str, str]:
    """Sector name → piece letter, read from the picture."""
    found: dict[str, str] = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "data-piece" in g.attrib:
            sector = g.attrib["data-sector"]
            assert sector not in found, f"two pieces drawn on {sector}"
            found[sector] = g.attrib["data-piece"]
    return found


@settings(max_examples=40, deadline=None)
@given(positions())
def test_every_ship_is_drawn_on_its_sector(position: Position) -> None:
    """Each ship and flagship of the position, and nothing else, read back from the SVG."""
    root = parse(drawing_svg(position))
    expected = {SECTOR_NAMES[s]: position.cell(s) for s in range(36) if position.cell(s) != "."}
    assert pieces(root) == expected


def test_the_board_has_36_sectors_named_on_the_rim_and_four_gates() -> None:
    """第2条: three orbits of twelve sectors; the gates I0, M0 (red) and I6, M6 (blue)."""
    root = parse(drawing_svg(Position.standard()))
    names = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(SECTOR_NAMES) <= names
    gates = {
        (p.attrib["data-sector"], p.attrib["data-gate"])
        for p in root.iter("{http://www.w3.org/2000/svg}path")
        if "data-gate" in p.attrib
    }
    assert gates == {("I0", "r"), ("M0", "r"), ("I6", "b"), ("M6", "b")}


def test_title_and_description_name_the_position() -> None:
    """A text alternative: who moves, and every ship by sector."""
    root = parse(drawing_svg(Position.standard()))
    assert root.find("svg:title", NS).text.startswith("red to move")  # type: ignore[union-attr]
    desc = root.find("svg:desc", NS).text  # type: ignore[union-attr]
    assert "red: flagship I0" in desc and "blue: flagship I6" in desc
    assert root.attrib["role"] == "img"


def test_last_and_refused_actions_are_drawn() -> None:
    state = GameState()
    play(state, "I11-I10", "O+")
    svg = drawing_svg(state.position, last=Action.parse("O+"), refused=Action.parse("M1-I1"))
    root = parse(svg)
    drawn = {
        (p.attrib["class"], p.attrib["data-action"])
        for p in root.iter("{http://www.w3.org/2000/svg}path")
        if "data-action" in p.attrib
    }
    assert drawn == {("action-last", "O+"), ("action-bad", "M1-I1")}


def test_a_pincer_and_a_gate_claim_are_ringed() -> None:
    """第7条 two ships next to the enemy flagship; 第8条 a pending claim on both gates."""
    position = pos("R@I0 r@I6 r@M6 B@O5 r@O4 r@M5 b@O1", side="r", claim="r")
    root = parse(drawing_svg(position))
    marks = {
        (c.attrib["class"], c.attrib["data-sector"])
        for c in root.iter("{http://www.w3.org/2000/svg}circle")
        if "class" in c.attrib
    }
    assert ("mark-claim", "I6") in marks and ("mark-claim", "M6") in marks
    assert {("mark-pincer", s) for s in ("O5", "O4", "M5")} <= marks


def test_legal_destinations_from_a_ship() -> None:
    state = GameState()
    src = SECTOR_NAMES.index("I11")
    root = parse(drawing_svg(state.position, legal_from=(src, state.legal_actions())))
    dots = {
        c.attrib["data-action"]
        for c in root.iter("{http://www.w3.org/2000/svg}circle")
        if c.attrib.get("class") == "mark-legal"
    }
    assert dots == {a.text for a in state.legal_actions() if a.kind != "rotate" and a.src == src}
    assert dots


def test_start_snapshot(snapshot: SnapshotAssertion) -> None:
    assert drawing_svg(Position.standard()) == snapshot


def test_after_a_rotation_snapshot_in_japanese(snapshot: SnapshotAssertion) -> None:
    state = GameState()
    play(state, "I11-I10", "O+")
    assert drawing_svg(state.position, last=Action.parse("O+"), lang="ja") == snapshot


#: 第1条・第3条: the two sides are 赤軍 and 青軍, their ships and gates (第2条) in their colours.
SIDE_COLOUR = {"r": "red", "b": "blue"}


def test_each_sides_ships_and_gates_are_painted_in_its_colour() -> None:
    """第3条: 赤・青それぞれ旗艦1機と通常宇宙船5機 — red's ships and gates are painted red,
    blue's blue, as the pieces on the table are."""
    root = parse(drawing_svg(Position.standard()))
    defs = {e.attrib["id"]: e for e in root.iter() if "id" in e.attrib}
    for g in root.iter(f"{SVG}g"):
        if "data-piece" in g.attrib:
            shape = defs[next(u.attrib["href"] for u in g.iter(f"{SVG}use")).lstrip("#")]
            fills = {colour_name(c) for c in painted(shape)} or {colour_name(shape.attrib["fill"])}
            assert fills == {SIDE_COLOUR[g.attrib["data-piece"].lower()]}, g.attrib
    gates = [p for p in root.iter(f"{SVG}path") if "data-gate" in p.attrib]
    assert gates
    for gate in gates:
        assert colour_name(gate.attrib["stroke"]) == SIDE_COLOUR[gate.attrib["data-gate"]]


def test_a_finished_games_title_says_who_won_not_whose_turn() -> None:
    """第7条 7-2: M1-M3 at ply 83 of pincer.json wins for red; the picture after it names
    the winner, not blue as the side to move."""
    game, record = read_record(REGISTRY, PINCER.read_text(), lenient=False)
    replay = game.replay(record)
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
    for lang, turn in (("en", "to move"), ("ja", "の手番")):
        title = parse(replay.picture(lang=lang).svg()).find(f"{SVG}title").text
        assert turn not in title
        assert title.startswith(outcome_line(game.rules, replay.outcome(), lang))


def test_the_terminal_drawing_colours_each_side_as_its_ships() -> None:
    """The text drawing, coloured on a terminal, paints red's ships red and blue's blue."""
    drawn = drawing_pieces(Position.standard())
    styles = {text: style for text, style in drawn if len(text) == 1 and text in "rRbB"}
    assert set(styles) == set("rRbB")
    for letter, style in styles.items():
        assert SIDE_COLOUR[letter.lower()] in style.split(), letter
