"""Every number of the rules has its cases: at the value, one below and one above, for each
side it binds (core/conformance/boundaries.py).

An engine off by one at a limit (a battleship set up on a sector of production 1, a base
value stopping at 5) passes every case that stays clear of the limit. Each game lists its
numbers from its ``rules.yaml`` and its board data, with the articles they come from; the
cases name the ones they play. A number added to the rules later, or a board with other
values, shows here as points without cases."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.astro_stra.references import boundaries as astro_stra
from adjudicator.core.conformance.boundaries import Point, missing, needed, played, unknown
from adjudicator.core.conformance.cases import Case, case_files
from adjudicator.core.judge.references import BoundarySpec
from adjudicator.dark_nebula.boundaries import boundaries as dark_nebula
from adjudicator.orbit_dominion.references import boundaries as orbit_dominion

SUITE = Path(__file__).resolve().parents[1] / "conformance"
GAMES: dict[str, Callable[[], list[BoundarySpec]]] = {
    "dark-nebula": dark_nebula,
    "astro-stra": astro_stra,
    "orbit-dominion": orbit_dominion,
}


def _cases(game: str) -> list[Case]:
    return [case for _, f in case_files(SUITE / game) for case in f.cases]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_number_comes_with_its_articles(game: str) -> None:
    """Each boundary cites the articles stating it, and its value lies within its range."""
    specs = GAMES[game]()
    assert specs, game
    assert len({s.id for s in specs}) == len(specs)
    for spec in specs:
        assert spec.rules and spec.en and spec.ja, spec.id
        assert (spec.lowest is None or spec.lowest <= spec.value) and (
            spec.highest is None or spec.value <= spec.highest
        ), spec.id


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_tag_names_a_boundary(game: str) -> None:
    """A case's tag names a boundary of its game, and the side when the number binds each
    side apart: a misspelt tag would count for nothing."""
    assert unknown(GAMES[game](), _cases(game)) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_number_has_its_cases(game: str) -> None:
    """At the value, one below and one above (within what a record can hold), each side."""
    still = [str(p) for p in missing(GAMES[game](), _cases(game))]
    assert still == [], "numbers of the rules without their cases"


def test_needed_is_the_value_and_its_neighbours_within_range() -> None:
    spec = BoundarySpec(id="bb", rules=["x"], value=6, lowest=1, highest=6, en="e", ja="j")
    assert needed(spec) == {Point("bb", 5), Point("bb", 6)}
    sided = BoundarySpec(id="ss", rules=["x"], value=2, sides=["a", "b"], en="e", ja="j")
    assert {str(p) for p in needed(sided)} == {f"ss={v}@{s}" for v in (1, 2, 3) for s in "ab"}


def test_a_point_without_a_case_is_missing() -> None:
    """The check can fail: a number with no case tagged is reported, one per value."""
    spec = BoundarySpec(id="bb", rules=["x"], value=2, lowest=0, en="e", ja="j")
    case = Case.model_validate(
        {
            "id": "c.one",
            "refs": ["x"],
            "source": "x",
            "description": "d",
            "boundaries": ["bb=2"],
            "expect": {"outcome": None},
        }
    )
    assert played([case]) == {Point("bb", 2): ["c.one"]}
    assert [str(p) for p in missing([spec], [case])] == ["bb=1", "bb=3"]
    assert unknown([spec], [case.model_copy(update={"boundaries": ["cc=2"]})]) == ["c.one: cc=2"]
