"""Astro-Stra's rule references, interpretations and violation catalogue (``rules.yaml``,
read as its JSON copy ``rules.json``)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.i18n import Lang
from adjudicator.core.judge.references import BoundarySpec, load_rule_data
from adjudicator.core.judge.violations import Violations

RULES = load_rule_data(Path(__file__).with_name("rules.json"))


def written(value: object) -> str:
    """A message argument as the notation writes it: points ``2,3``, moves ``2>13 3>4``,
    alternatives separated by `` / ``, nothing as ``-``."""
    if isinstance(value, list):
        return " / ".join(written(v) for v in value) or "-"
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return " ".join(f"{src}>{dst}" for src, dst in value)
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "-"
    return str(value)


def colour_name(colour: str, lang: Lang) -> str:
    """A die's colour as the rulebook names it in ``lang`` (透明 for ``clear``): what a
    drawing labels a die with; a colour no table names (a record's error) as written."""
    return RULES.term("colour", colour, lang) or colour


VIOLATIONS = Violations(lambda: RULES, render=written)


def boundaries() -> list[BoundarySpec]:
    """The numbers of the rules (``boundaries`` in ``rules.yaml``) the conformance suite
    plays at, one below and one above, each with the articles it comes from."""
    return list(RULES.boundaries)
