"""adjudicator: what the official rules say about a game, decided strictly and reproducibly."""

# the games shipped, re-exported as adjudicator.SHIPPED_GAMES
from adjudicator.shipped_games import SHIPPED_GAMES as SHIPPED_GAMES

__version__ = "0.1.0"

__all__ = ["__version__", "game", "load_record", "repair", "validate"]

#: The public API (:mod:`adjudicator.api`), imported on first use so that ``import
#: adjudicator`` and the command line stay quick to start.
_API = frozenset({"game", "load_record", "repair", "validate"})


def __getattr__(name: str) -> object:
    if name in _API:
        from adjudicator import api

        return getattr(api, name)
    raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")
