"""Every number of the rules, played at, one below and one above.

A game lists the numbers its rules state (``boundaries`` in its ``rules.yaml``, and those
its board data fixes) as :class:`~adjudicator.core.judge.references.BoundarySpec`; a case
names the ones it plays (``boundaries: [placement-limit=3@rebel]``). An engine off by one
at a limit passes every case that stays clear of it, so the suite must hold, for each
number and each side it binds, a case at the value and one each side of it, within what a
record can hold. :func:`missing` says what is still to be written, so that a number added
to the rules later cannot go without its cases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.core.conformance.cases import BOUNDARY_TAG, Case
from adjudicator.core.i18n import said
from adjudicator.core.judge.references import BoundarySpec
from adjudicator.core.read.numbers import read_int

_TAG = re.compile(BOUNDARY_TAG)


@dataclass(frozen=True, order=True)
class Point:
    """One value of one boundary, for one side (``""``: either)."""

    boundary: str
    value: int
    side: str = ""

    def __str__(self) -> str:
        return f"{self.boundary}={self.value}" + (f"@{self.side}" if self.side else "")


def needed(spec: BoundarySpec) -> set[Point]:
    """The value, one below and one above, within what a record can hold, for each side
    the number binds."""
    lowest = spec.value - 1 if spec.lowest is None else spec.lowest
    highest = spec.value + 1 if spec.highest is None else spec.highest
    values = [v for v in (spec.value - 1, spec.value, spec.value + 1) if lowest <= v <= highest]
    return {Point(spec.id, v, side) for v in values for side in spec.sides or [""]}


def played(cases: Iterable[Case]) -> dict[Point, list[str]]:
    """Each point the cases name → the ids of the cases naming it."""
    out: dict[Point, list[str]] = {}
    for case in cases:
        for tag in case.boundaries:
            m = _TAG.match(tag)
            if m is None:  # the case model refuses it first
                raise ValueError(f"{case.id}: boundary tag {tag!r}")
            value = read_int(m["value"], what=said("core.number.boundary_value"), signed=True)
            point = Point(m["id"], value, m["side"] or "")
            out.setdefault(point, []).append(case.id)
    return out


def missing(specs: Iterable[BoundarySpec], cases: Iterable[Case]) -> list[Point]:
    """The points of ``specs`` no case plays, in order."""
    have = set(played(cases))
    return sorted(p for spec in specs for p in needed(spec) if p not in have)


def unknown(specs: Iterable[BoundarySpec], cases: Iterable[Case]) -> list[str]:
    """Tags naming no boundary of ``specs``, or a side it does not bind (a typo would
    otherwise count for nothing)."""
    by_id = {s.id: s for s in specs}
    bad: list[str] = []
    for point, ids in played(cases).items():
        spec = by_id.get(point.boundary)
        if spec is None or (point.side and point.side not in spec.sides):
            bad.extend(f"{case_id}: {point}" for case_id in ids)
        elif spec.sides and not point.side:
            bad.extend(f"{case_id}: {point} (name the side)" for case_id in ids)
    return sorted(bad)
