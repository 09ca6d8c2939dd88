"""戦星術枢斗羅 Astro-Stra 0.9.0: dice assigned to skill, target and action.

``GAME`` is the entry point the core discovers."""

from adjudicator.astro_stra.plugin import AstroStra

GAME = AstroStra()

__all__ = ["GAME", "AstroStra"]
