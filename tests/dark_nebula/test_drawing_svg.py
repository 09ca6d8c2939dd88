"""Dark Nebula SVG pictures: valid XML; the counters read back match the situation at every
event of the samples (2.1 sectors, 2.3 counters) and are painted in 2.3's colours, which a
legend names; the hidden base is never drawn, so the picture of a director's full record
equals the redacted record's (3.1, 10.2); a finished game's title says who won, not whose
turn it is (4.1, 4.2); snapshots."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.core.batch.files import read_record
from adjudicator.core.i18n import Lang
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.drawing_svg import drawing_svg
from adjudicator.dark_nebula.redaction import redact
from adjudicator.dark_nebula.state import Situation
from tests.pictures import SVG, colour_name, painted, texts

SAMPLES = Path(__file__).resolve().parents[2] / "records" / "dark-nebula"
REGISTRY = Registry(installed_games())
WORKED = (SAMPLES / "valid" / "worked-game.json").read_text()


def counters(svg: str) -> Counter[tuple[str, str, str]]:
    """(sector, side, kind) → count, read from the picture's chips."""
    root = ET.fromstring(svg)
    found: Counter[tuple[str, str, str]] = Counter()
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "data-kind" in g.attrib:
            key = (g.attrib["data-sector"], g.attrib["data-side"], g.attrib["data-kind"])
            assert key not in found, f"{key} drawn twice"
            found[key] = int(g.attrib["data-count"])
    return found


def replay_pictures(text: str, lang: Lang = "en") -> list[str]:
    """The picture after each accepted event of a record."""
    game, record = read_record(REGISTRY, text, lenient=False)
    replay = game.replay(record)
    pictures = [replay.picture(lang=lang).svg()]
    for event in record.events:
        if replay.attempt(event.written, lenient=False).violation is not None:
            break
        pictures.append(replay.picture(lang=lang).svg())
    return pictures


@pytest.mark.parametrize("name", ["worked-game.json", "guard-destroyed.json"])
def test_counters_drawn_match_the_situation_at_every_event(name: str) -> None:
    game, record = read_record(REGISTRY, (SAMPLES / "valid" / name).read_text(), lenient=False)
    replay = game.replay(record)
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
        expected = Counter({k: n for k, n in replay.situation.counters.items() if n})
        assert counters(replay.picture().svg()) == expected, event.written


def test_the_board_has_fourteen_sectors_five_shaded_as_nebula() -> None:
    """2.1: fourteen sectors, five in the dark nebula; names in Japanese with their ids."""
    root = ET.fromstring(drawing_svg(Situation(default_board())))
    boxes = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if "data-sector" in e.attrib]
    assert len(boxes) == 14
    assert sum(e.attrib.get("data-nebula") == "true" for e in boxes) == 5
    words = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"タイラント", "tyrann", "地球", "earth"} <= words


def test_a_director_record_draws_exactly_what_its_redacted_copy_draws() -> None:
    """The hidden base's sector is private (3.1) until it appears (10.2, 10.3)."""
    full = (SAMPLES / "valid" / "worked-game-director.json").read_text()
    public = json.dumps(redact(json.loads(full)), ensure_ascii=False)
    full_pictures, public_pictures = replay_pictures(full), replay_pictures(public)
    assert len(full_pictures) > 10
    for a, b in zip(full_pictures, public_pictures, strict=False):
        assert a == b


def test_a_searched_sector_is_marked() -> None:
    """10.1: the sectors searched in the last search step are ringed."""
    _, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "worked-game.json").read_text(), lenient=False
    )
    search = next(
        i for i, e in enumerate(record.events) if " search" in e.written and ": -" not in e.written
    )
    pictures = replay_pictures((SAMPLES / "valid" / "worked-game.json").read_text())
    root = ET.fromstring(pictures[search + 1])
    marked = [e for e in root.iter() if "mark-searched" in e.attrib.get("class", "")]
    assert marked, record.events[search].written


def test_opening_snapshot(snapshot: SnapshotAssertion) -> None:
    pictures = replay_pictures((SAMPLES / "valid" / "worked-game.json").read_text())
    assert pictures[1] == snapshot
    assert pictures[8] == snapshot


def test_a_definition_places_its_sectors() -> None:
    """Sector.at (x, y from 0 to 100) places a sector; it stays out of the digest."""
    board = default_board()
    sectors = [
        s.model_copy(update={"at": (100.0 * i / 13, 50.0)}) for i, s in enumerate(board.sectors)
    ]
    placed = board.model_copy(update={"sectors": sectors})
    assert placed.sha256 == board.sha256
    root = ET.fromstring(drawing_svg(Situation(placed)))
    boxes = {
        e.attrib["data-sector"]: float(e.attrib["y"])
        for e in root.iter("{http://www.w3.org/2000/svg}rect")
        if "data-sector" in e.attrib
    }
    assert len(set(boxes.values())) == 1  # all on one line, as placed


#: 2.3: 「色が赤は帝国軍、青は反乱軍です」 — the counters' colours, by side.
RULEBOOK_COLOURS = {"empire": "red", "rebel": "blue"}
#: The sides and their colours as a legend says them, by language.
LEGEND = {
    "en": {"empire": ("empire", "red"), "rebel": ("rebel", "blue")},
    "ja": {"empire": ("帝国軍", "赤"), "rebel": ("反乱軍", "青")},
}


def side_colours(svg: str) -> dict[str, set[str]]:
    """The colour each side's counters are painted, named, read from the picture's chips."""
    found: dict[str, set[str]] = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "data-kind" in g.attrib:
            found.setdefault(g.attrib["data-side"], set()).update(map(colour_name, painted(g)))
    return found


def legend(svg: str) -> dict[str, tuple[set[str], str]]:
    """Each side's legend entry: the colour its mark is painted, named, and its words."""
    root = ET.fromstring(svg)
    return {
        g.attrib["data-legend"]: ({colour_name(c) for c in painted(g)}, " ".join(texts(g)))
        for g in root.iter(f"{SVG}g")
        if "data-legend" in g.attrib
    }


@pytest.mark.parametrize("name", ["worked-game.json", "guard-destroyed.json"])
def test_each_side_is_painted_in_the_rulebooks_colour(name: str) -> None:
    """2.3: red counters are the empire's, blue the rebels': a picture compared with the
    counters on the table reads the same, at every event of the samples."""
    for svg in replay_pictures((SAMPLES / "valid" / name).read_text()):
        colours = side_colours(svg)
        for side, colour in colours.items():
            assert colour == {RULEBOOK_COLOURS[side]}, (side, colour)
    assert set(side_colours(svg)) == set(RULEBOOK_COLOURS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_picture_has_a_legend_naming_the_sides_and_their_colours(lang: str) -> None:
    """2.3: the legend names each side with its colour, in the picture's language, its mark
    painted in that colour and shaped as that side's counters (an empty board too)."""
    situation = Situation(default_board())
    for svg in (drawing_svg(situation, lang=lang), *replay_pictures(WORKED, lang=lang)):
        entries = legend(svg)
        assert set(entries) == set(RULEBOOK_COLOURS)
        for side, (colours, words) in entries.items():
            name, colour = LEGEND[lang][side]
            assert colours == {RULEBOOK_COLOURS[side]}, side
            assert name in words and colour in words, words


def test_a_finished_games_title_says_who_won_not_whose_turn() -> None:
    """4.2: the imperial guard removed at ply 7 ends the game; the pictures after it (the
    battle's, the disclosure's) are titled with the winner, never with a side to move."""
    game, record = read_record(
        REGISTRY, (SAMPLES / "valid" / "guard-destroyed.json").read_text(), lenient=False
    )
    replay = game.replay(record)
    titles = []
    for event in record.events:
        assert replay.attempt(event.written, lenient=False).violation is None
        titles.append(ET.fromstring(replay.picture().svg()).find(f"{SVG}title").text)
    assert titles[5] == "1.6 rebel combat · rebel"  # the game goes on: the step and its side
    for title in titles[6:]:
        assert title == "rebel by the imperial guard removed after ply 7"
