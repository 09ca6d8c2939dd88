"""adjudicator: what the official rules say about a game, decided strictly and reproducibly."""

__version__ = "0.1.0"

#: The games this distribution ships: its ``adjudicator.games`` entry points, written here
#: too so that a command needing one of them finds it without scanning every installed
#: distribution (see :mod:`adjudicator.core.registry`). A test holds the two equal.
SHIPPED_GAMES = {
    "orbit-dominion": "adjudicator.orbit_dominion:GAME",
    "dark-nebula": "adjudicator.dark_nebula:GAME",
    "astro-stra": "adjudicator.astro_stra:GAME",
}

__all__ = ["__version__", "game", "load_record", "repair", "validate"]

#: The public API (:mod:`adjudicator.api`), imported on first use so that ``import
#: adjudicator`` and the command line stay quick to start.
_API = frozenset({"game", "load_record", "repair", "validate"})


def __getattr__(name: str) -> object:
    if name in _API:
        from adjudicator import api

        return getattr(api, name)
    raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")
