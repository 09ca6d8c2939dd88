"""Astro-Stra SVG pictures: valid XML; the stacks read back match the position at every turn
of the samples (基本事項: twelve points, start and home); the dice of the turn sit in their
S/T/A frames (step 2) and held dice are marked; snapshots."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from syrupy.assertion import SnapshotAssertion

from adjudicator.astro_stra.board import SIDES, start_position
from adjudicator.astro_stra.drawing_svg import drawing_svg
from adjudicator.core.batch import read_record
from adjudicator.core.registry import Registry, installed_games

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "astro-stra"
REGISTRY = Registry(installed_games())
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
