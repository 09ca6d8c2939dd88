"""``adjudicate --legal``: what the side to move may play next, grouped by kind and
counted, in the language asked — the game's own list (:meth:`LegalList.legal_next`), so that
an arbiter reads the judge's answer rather than working it out."""

from __future__ import annotations

from adjudicator.cli.common import console, escape, shown
from adjudicator.cli.records import turn_words
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang, say
from adjudicator.core.judge.legal import LegalNext
from adjudicator.core.judge.plies import ply_name
from adjudicator.core.judge.replay import Replay
from adjudicator.core.read.strict_json import dumps, one_line


def show_legal(game: Game, state: Replay, listed: LegalNext, lang: Lang, *, as_json: bool) -> None:
    """Print ``listed``: for a person, where it stands, the count, then each kind with its
    count and its lines as a record writes them; with ``--json``, one object."""
    ply = state.actions_made() + 1
    if as_json:
        print(one_line(dumps(_as_data(listed, ply), indent=2)))
        return
    turn = turn_words(game, state.side_to_move(), state.outcome(), lang)
    console.print(
        f"{turn} · {ply_name(game.rules.counting, ply, lang)} · {escape(state.describe(lang))}"
    )
    console.print(escape(say("cli.legal.count", lang, what=listed.what, n=listed.count)))
    for group in listed.groups:
        console.print(escape(say("cli.legal.group", lang, name=group.name, n=len(group.lines))))
        _lines(group.lines)
    if listed.banned:
        banned = say("cli.legal.banned", lang, rule=listed.banned_by, n=len(listed.banned))
        console.print(escape(banned))
        _lines(listed.banned)


#: Lines this short (Orbit Dominion's actions) are listed side by side, as `analyze` does.
SHORT = 12


def _lines(lines: tuple[str, ...]) -> None:
    """A group's lines, indented: short ones on one line, a whole turn on its own."""
    if all(len(line) <= SHORT for line in lines):
        console.print(f"  {shown(' '.join(lines))}")
        return
    for line in lines:
        console.print(f"  {shown(line)}")


def _as_data(listed: LegalNext, ply: int) -> dict[str, object]:
    """The listing for programs: the kinds by their stable keys, the lines as written."""
    return {
        "ply": ply,
        "count": listed.count,
        "groups": [
            {"kind": group.key, "name": group.name, "lines": list(group.lines)}
            for group in listed.groups
        ],
        "banned": list(listed.banned),
    }
