"""Dark Nebula's rule references, interpretations and violation catalogue (``rules.yaml``,
read as its JSON copy ``rules.json``)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.judge.references import load_rule_data
from adjudicator.core.judge.violations import Violations

RULES = load_rule_data(Path(__file__).with_name("rules.json"))
VIOLATIONS = Violations(lambda: RULES)
