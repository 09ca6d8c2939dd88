"""Dark Nebula's rule references, interpretations and violation catalogue (``rules.yaml``)."""

from __future__ import annotations

from adjudicator.core.references import load_rule_data
from adjudicator.core.violations import Violations

RULES = load_rule_data(__package__)
VIOLATIONS = Violations(lambda: RULES)
