"""Which cases cover which rule references: every article, rulings row and processing
step of a game should have at least one."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.conformance.cases import CaseFile
from adjudicator.core.judge.references import RuleData


@dataclass
class Coverage:
    covering: dict[str, list[str]]  # reference id → case ids
    unknown: dict[str, list[str]]  # case id → refs that the game does not define

    def uncovered(self) -> list[str]:
        return [ref for ref, cases in self.covering.items() if not cases]


def coverage(rules: RuleData, files: list[CaseFile]) -> Coverage:
    covering: dict[str, list[str]] = {ref.id: [] for ref in rules.references}
    unknown: dict[str, list[str]] = {}
    for case_file in files:
        for case in case_file.cases:
            for ref in case.refs:
                if ref in covering:
                    covering[ref].append(case.id)
                else:
                    unknown.setdefault(case.id, []).append(ref)
    return Coverage(covering, unknown)
