"""The repair search is best-first and monotone in ``--max-edits`` (issue 41; docs/repair.md,
"How the search works"): over sample records with seeded copying errors, every candidate a
limit of k edits finds is found with k + 1, at the same rank among the candidates of its
cost, unless the larger search found as many cheaper ones as were asked for or a cheaper
best moved its horizon below it; and candidates come cheapest first."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import repair, validate
from adjudicator.core.repair.models import Candidate, Repair
from adjudicator.core.repair.search import HORIZON
from adjudicator.core.repair.transcription import near_handwriting, near_numbers

ROOT = Path(__file__).resolve().parents[1]
#: Orbit Dominion's sample game, decided at ply 83: short enough for a search to finish.
MOVES: list[str] = json.loads(
    (ROOT / "records/orbit-dominion/valid/pincer.json").read_text(encoding="utf-8")
)["moves"]


def miscopied(ply: int, choice: int) -> str | None:
    """The sample with the action at ``ply`` miscopied (a number off, a digit misread): a
    record, if that makes it invalid."""
    data = json.loads((ROOT / "records/orbit-dominion/valid/pincer.json").read_text("utf-8"))
    options = [alt for alt, _ in (*near_numbers(MOVES[ply]), *near_handwriting(MOVES[ply]))]
    if not options:
        return None
    data["moves"][ply] = options[choice % len(options)]
    text = json.dumps(data)
    return text if validate(text).status == "invalid" else None


def _key(c: Candidate) -> str:
    return json.dumps(c.record["moves"])


def _cut_short(found: Repair) -> bool:
    """A search a budget (or the alternatives' allowance) stopped: not every record within
    its limits was reached, and nothing is claimed of it."""
    assert found.searched is not None
    return found.searched.stopped in ("replays", "time", "alternatives")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ply=st.integers(min_value=1, max_value=80), choice=st.integers(min_value=0, max_value=9))
def test_raising_max_edits_never_loses_a_candidate(ply: int, choice: int) -> None:
    text = miscopied(ply, choice)
    if text is None:
        return
    one = repair(text, max_edits=1, top=3, max_replays=4000)
    two = repair(text, max_edits=2, top=3, max_replays=4000)
    costs = [c.cost for c in two.candidates]
    assert costs == sorted(costs)  # best-first
    if _cut_short(one) or _cut_short(two):
        return
    ranked = [_key(c) for c in two.candidates]
    best = two.candidates[0].cost if two.candidates else None
    for candidate in one.candidates:
        if _key(candidate) in ranked:
            same_cost_one = [_key(c) for c in one.candidates if c.cost == candidate.cost]
            same_cost_two = [_key(c) for c in two.candidates if c.cost == candidate.cost]
            before_one = same_cost_one.index(_key(candidate))
            mine = [k for k in same_cost_two if k in same_cost_one]
            assert mine.index(_key(candidate)) <= before_one
            continue
        cheaper = [c for c in two.candidates if c.cost <= candidate.cost]
        beyond = best is not None and candidate.cost > best + HORIZON
        assert len(cheaper) == 3 or beyond, (ply, candidate.edits, two.candidates)
