"""The common header tags (docs/records.md, "Common tags"): ``[Event]``, ``[Site]``,
``[Date]``, ``[Round]`` and the two players' tags read the same in every game, into the
record's ``meta``, and ``convert`` writes them back; every game's tag table has them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.astro_stra import record_text as astro_text
from adjudicator.core.read.tagged_text import COMMON_TAGS, TagTable, missing_common
from adjudicator.dark_nebula import record_text as nebula_text
from adjudicator.orbit_dominion import record_text as orbit_text

RECORDS = Path(__file__).resolve().parents[1] / "records"

#: game → (a valid text record, its players' tags, the tag the header goes after)
GAMES = {
    "dark-nebula": ("dark-nebula/valid/worked-game.txt", ("Empire", "Rebel"), "[Commitment "),
    "astro-stra": ("astro-stra/valid/random-game.txt", ("Black", "White"), "[Sets "),
    "orbit-dominion": ("orbit-dominion/valid/pincer.txt", ("Red", "Blue"), None),
}
TABLES: dict[str, TagTable] = {
    "dark-nebula": nebula_text.TAGS,
    "astro-stra": astro_text.TAGS,
    "orbit-dominion": orbit_text.TAGS,
}
HEADER = {"Event": "Autumn Cup", "Site": "Tokyo", "Date": "2026-11-20", "Round": "3"}


def convert(source: Path, to: str, out: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "adjudicator", "convert", str(source), "--to", to, "-o", str(out)],
        check=True,
        capture_output=True,
    )


def with_header(game: str) -> tuple[str, dict[str, str]]:
    """The game's sample record with every common tag and both players' tags, written
    where ``convert`` writes them (after the game's own header tags, before the others)."""
    path, players, after = GAMES[game]
    tags = {**HEADER, players[0]: "Aoi", players[1]: "Ren"}
    lines = [
        line
        for line in (RECORDS / path).read_text("utf-8").splitlines()
        if not line.startswith(tuple(f"[{name} " for name in tags))
    ]
    at = 0 if after is None else next(n for n, ln in enumerate(lines) if ln.startswith(after)) + 1
    lines[at:at] = [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n", tags


@pytest.mark.parametrize("game", GAMES)
def test_common_tags_read_and_round_trip_through_convert(game: str, tmp_path: Path) -> None:
    text, tags = with_header(game)
    source = tmp_path / "game.txt"
    source.write_text(text, "utf-8")
    convert(source, "json", tmp_path / "game.json")
    meta = json.loads((tmp_path / "game.json").read_text("utf-8"))["meta"]
    assert meta == {name.lower(): value for name, value in tags.items()}
    convert(tmp_path / "game.json", "text", tmp_path / "again.txt")
    assert (tmp_path / "again.txt").read_text("utf-8") == text


@pytest.mark.parametrize("game", TABLES)
def test_every_game_table_has_the_common_tags(game: str) -> None:
    table = TABLES[game]
    assert missing_common(table) == []
    players = GAMES[game][1]
    assert all(table[name].field == f"meta.{name.lower()}" for name in players)


@pytest.mark.parametrize("tag", COMMON_TAGS)
def test_a_table_lacking_a_common_tag_is_found(tag: str) -> None:
    table = {name: spec for name, spec in nebula_text.TAGS.items() if name != tag}
    assert missing_common(table) == [tag]


#: A value with a quote and a backslash, as a player's or a site's name may have.
ODD = 'The "Nebula" Club \\ Kyoto'


@pytest.mark.parametrize("game", GAMES)
def test_a_quote_or_a_backslash_round_trips_in_every_game(game: str, tmp_path: Path) -> None:
    """One tag-line reader for the three games: a value's ``"`` and ``\\`` are escaped
    when written and unescaped when read, as Orbit Dominion always did; Dark Nebula and
    Astro-Stra wrote such a value raw, and then could not read it back."""
    text, _ = with_header(game)
    text = text.replace('[Site "Tokyo"]', '[Site "The \\"Nebula\\" Club \\\\ Kyoto"]')
    source = tmp_path / "game.txt"
    source.write_text(text, "utf-8")
    convert(source, "json", tmp_path / "game.json")
    assert json.loads((tmp_path / "game.json").read_text("utf-8"))["meta"]["site"] == ODD
    convert(tmp_path / "game.json", "text", tmp_path / "again.txt")
    assert (tmp_path / "again.txt").read_text("utf-8") == text


@pytest.mark.parametrize("game", GAMES)
def test_a_tag_written_twice_is_refused_in_every_game(game: str, tmp_path: Path) -> None:
    """Which of two ``[Site]`` tags a record meant is not known: every game refuses the
    second (Dark Nebula and Astro-Stra kept the last one silently), naming its line."""
    text, _ = with_header(game)
    text = text.replace('[Site "Tokyo"]', '[Site "Tokyo"]\n[Site "Osaka"]')
    source = tmp_path / "game.txt"
    source.write_text(text, "utf-8")
    second = next(n for n, ln in enumerate(text.splitlines(), 1) if "Osaka" in ln)
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "validate", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert f"line {second}" in done.stdout + done.stderr
    assert "tag [Site] appears twice" in done.stdout + done.stderr
