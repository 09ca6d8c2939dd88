"""Orbit Dominion's rule references, interpretations and violation catalogue (``rules.yaml``,
read as its JSON copy ``rules.json``).

The rule data is read at its first use, not at import: counting positions (perft) plays by
the rules without citing them, and reading them would load the models it never uses.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.judge.violations import Violations

if TYPE_CHECKING:
    from adjudicator.core.judge.references import BoundarySpec, RuleData


@cache
def rule_data() -> RuleData:
    from adjudicator.core.judge.references import load_rule_data

    return load_rule_data(Path(__file__).with_name("rules.json"))


VIOLATIONS = Violations(rule_data)


def boundaries() -> list[BoundarySpec]:
    """The numbers of the rules (``boundaries`` in ``rules.yaml``) the conformance suite
    plays at, one below and one above, each with the articles it comes from."""
    return list(rule_data().boundaries)
