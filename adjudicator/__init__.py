"""adjudicator: what the official rules say about a game, decided strictly and reproducibly."""

__version__ = "0.1.0"
