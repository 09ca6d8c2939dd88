"""The games this distribution ships, by id: its ``adjudicator.games`` entry points, written
here too so that a command needing one of them finds it without scanning every installed
distribution (see :mod:`adjudicator.core.registry`). A test holds the two equal.

A module of its own, importing nothing: the package root re-exports it as
``adjudicator.SHIPPED_GAMES``, and the registry reads it without importing the root (which
leads to the public API, and the API to the registry)."""

from __future__ import annotations

SHIPPED_GAMES = {
    "orbit-dominion": "adjudicator.orbit_dominion:GAME",
    "dark-nebula": "adjudicator.dark_nebula:GAME",
    "astro-stra": "adjudicator.astro_stra:GAME",
}
