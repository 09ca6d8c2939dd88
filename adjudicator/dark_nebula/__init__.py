"""暗黒星雲 ー帝国軍vs反乱軍ー (2011): board definitions, the rules, and the hidden base.

``GAME`` is the entry point the core discovers."""

from adjudicator.dark_nebula.plugin import DarkNebula

GAME = DarkNebula()

__all__ = ["GAME", "DarkNebula"]
