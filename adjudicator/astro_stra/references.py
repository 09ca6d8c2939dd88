"""Astro-Stra's rule references and interpretations (``rules.yaml``)."""

from __future__ import annotations

from adjudicator.core.references import load_rule_data

RULES = load_rule_data(__package__)
