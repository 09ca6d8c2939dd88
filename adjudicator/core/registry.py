"""Finds the installed games through the ``adjudicator.games`` entry-point group, so that the
core never imports a game and a new game needs no change here.

The games shipped in this distribution are also named, as the same entry points, in
``adjudicator.shipped_games``: a command that needs only one of them (validating its
records) loads it from there, without scanning the environment's metadata, whose reader
alone costs more start-up than the game. Any other name, and any listing of every game,
scans the entry points.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property
from importlib import import_module

from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import said
from adjudicator.shipped_games import SHIPPED_GAMES

GROUP = "adjudicator.games"


def _checked(name: str, game: object) -> Game:
    if not isinstance(game, Game):
        raise TypeError(f"entry point {name!r} in {GROUP} is not a Game: {game!r}")
    return game


@cache
def shipped_games() -> tuple[Game, ...]:
    """The games this distribution ships, loaded from their entry points' targets."""
    games = []
    for name, target in SHIPPED_GAMES.items():
        module, _, attribute = target.partition(":")
        games.append(_checked(name, getattr(import_module(module), attribute)))
    return tuple(games)


@cache
def installed_games() -> tuple[Game, ...]:
    """Each installed game once, by id, the shipped ones winning: an environment that holds
    this package under its former distribution name too lists the same entry points twice,
    and no other distribution can take a shipped game's id."""
    from importlib.metadata import entry_points

    games = {game.id: game for game in shipped_games()}
    for ep in entry_points(group=GROUP):
        game = _checked(ep.name, ep.load())
        games.setdefault(game.id, game)
    return tuple(sorted(games.values(), key=lambda g: g.id))


class Registry:
    """Games by versioned id; the error for an unknown id names the supported ones.

    People name a game by its short name (``astro-stra``), the one the command-line help
    shows; :meth:`find` accepts that as well as the versioned id the records and the
    engine protocol carry.
    """

    def __init__(self, games: tuple[Game, ...] | None = None) -> None:
        """The games given, or (``None``) the installed ones, scanned for only when
        :meth:`each` goes past the shipped ones or :attr:`games` is read."""
        self._given = games
        self._readers: dict[tuple[str, str], Game] = {}

    def __reduce__(self) -> tuple[type[Registry], tuple[tuple[Game, ...] | None]]:
        """Pickled as the games given (or none: the installed ones), for a worker process
        to judge with the same games; what was looked up is looked up again there."""
        return Registry, (self._given,)

    @cached_property
    def games(self) -> tuple[Game, ...]:
        """Every game, sorted by id."""
        return installed_games() if self._given is None else self._given

    def each(self) -> Iterator[Game]:
        """Every game, the shipped ones first: a caller that stops at the first game it
        wants never makes the installed ones be scanned for when a shipped one is it."""
        first = shipped_games() if self._given is None else self._given
        yield from first
        yield from (g for g in self.games if g not in first)

    def reading(self, names: str, value: str) -> Game | None:
        """The first game, in :meth:`each`'s order, whose ``names`` (``record_formats`` or
        ``rulesets``) hold ``value``: the game reading such records. Remembered, for every
        record of a batch asks."""
        found = self._readers.get((names, value))
        if found is None:
            found = next((g for g in self.each() if value in getattr(g, names)), None)
            if found is not None:
                self._readers[names, value] = found
        return found

    def ids(self) -> list[str]:
        return [g.id for g in self.games]

    def get(self, game_id: str) -> Game | None:
        return next((g for g in self.each() if g.id == game_id), None)

    def get_slug(self, slug: str | None) -> Game | None:
        """The game whose sub-command is ``slug``, if any."""
        return next((g for g in self.each() if g.slug == slug), None)

    def find(self, name: str, *, field: str = "--game") -> Game:
        """The game a person named: its versioned id, its short name, or the start of
        either when only one game has it. An unknown or ambiguous name is an input error
        listing the choices."""
        exact = self.get(name)
        if exact is not None:
            return exact
        wanted = name.strip().lower()
        matches = [g for g in self.games if g.slug == wanted] or [
            g
            for g in self.games
            if wanted and (g.slug.startswith(wanted) or g.id.startswith(wanted))
        ]
        if len(matches) == 1:
            return matches[0]
        choices = ", ".join(f"{g.slug} ({g.id})" for g in matches or self.games)
        raise InputError(
            "unknown_game",
            said("core.game.several", name=name)
            if matches
            else said("core.game.unknown", name=name),
            field=field,
            expected=said("core.input.one_of", choices=choices),
        )
