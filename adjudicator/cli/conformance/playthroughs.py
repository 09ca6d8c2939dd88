"""``adjudicator conformance playthroughs``: the golden playthroughs generated again, and
their coverage shown with ``conformance coverage``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from adjudicator.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    LangOption,
    console,
    fail,
    resolve_lang,
    shown,
)
from adjudicator.cli.conformance.shared import SUITE, CasesOption, GameOption, game_named
from adjudicator.core.capabilities import Playthroughs, offered
from adjudicator.core.conformance.cases import CaseFile
from adjudicator.core.conformance.making import (
    PlaythroughMaker,
    case_file_text,
    case_files,
    coverage,
    generate,
)
from adjudicator.core.conformance.words import word_table
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.write.files import write_text

#: The seed the shipped playthroughs were generated with.
SEED = 1


def playthroughs_command(
    ctx: typer.Context,
    cases: CasesOption = SUITE,
    game: GameOption = None,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="The seed the games are generated with.")
    ] = SEED,
    check: Annotated[
        bool,
        typer.Option("--check", help="Write nothing; exit 1 when a file differs."),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Generate the golden playthroughs: whole games played by the built-in engine with a
    fixed seed, chosen so that every feature meets its documented minimum, written to
    GAME/playthroughs.yaml under the case folder (then run `adjudicator conformance lock`
    and `adjudicator schemas`). Takes a few minutes.

    Example: `adjudicator conformance playthroughs --seed 1`
    """
    words = word_table(resolve_lang(lang))
    games = [game_named(ctx.obj, game)] if game else list(ctx.obj.games)
    differ = False
    for g in games:
        source = offered(g, Playthroughs)
        if source is None:
            continue
        maker = source.playthroughs()
        found = generate(maker, _evaluate(g), seed)
        folder = cases / g.id.partition("/")[0]
        parts = case_files(found)
        stale = [p for p in sorted(folder.glob("playthroughs*.yaml")) if p.stem not in parts]
        for topic, part in parts.items():
            path = folder / f"{topic}.yaml"
            text = case_file_text(maker, topic, part, seed)
            said = {"path": shown(str(path)), "seed": seed, "n": len(part), "game": g.id}
            if check:
                same = path.is_file() and path.read_text("utf-8") == text
                differ |= not same
                said_key = "playthroughs agree" if same else "playthroughs differ"
                console.print(words[said_key].format(**said))
                continue
            try:
                write_text(path, text, "--cases", inputs=())
            except InputError as err:
                fail(err)
            console.print(words["playthroughs written"].format(**said))
        for path in stale:
            differ |= check
            console.print(words["playthroughs stale"].format(path=shown(str(path))))
    raise typer.Exit(EXIT_INVALID if differ else EXIT_OK)


def _evaluate(game: Game) -> Any:
    """The game's own ``evaluate``, in this process."""
    return lambda request: game.handle("evaluate", {"cmd": "evaluate", **request})


def print_coverage(maker: PlaythroughMaker, files: list[CaseFile], lang: Lang) -> bool:
    """The playthroughs' coverage of each feature against its minimum, under the game's
    references; whether every minimum is met."""
    words = word_table(lang)
    cases = [c for f in files for c in f.cases if c.expect.kind == "playthrough"]
    report = coverage(maker, cases)
    steps = sum(len(c.moves) + 1 for c in cases)
    console.print(words["playthrough coverage"].format(games=len(cases), steps=steps))
    met = True
    for feature, (n, minimum) in report.items():
        below = n < minimum
        met &= not below
        mark = words["below minimum"] if below else words["covered"]
        console.print(words["feature"].format(mark=mark, feature=feature, n=n, minimum=minimum))
    return met


def playthrough_counts(maker: PlaythroughMaker, files: list[CaseFile]) -> dict[str, Any]:
    """The coverage as data (``conformance coverage --json``): feature → count, minimum."""
    cases = [c for f in files for c in f.cases if c.expect.kind == "playthrough"]
    return {f: {"count": n, "minimum": m} for f, (n, m) in coverage(maker, cases).items()}
