"""``adjudicator dark-nebula …``: commit to the base's sector, redact a record, show the
board definition."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.common import (
    JsonOption,
    LangOption,
    check_output,
    console,
    fail,
    resolve_lang,
    write_output,
)
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said, say
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.strict_json import dumps, parse_json
from adjudicator.core.write.display import pad, printable, width
from adjudicator.dark_nebula.board import default_board, load_board, resolve_board
from adjudicator.dark_nebula.commitment import check_nonce, commitment, make_nonce
from adjudicator.dark_nebula.drawing import describe_board, placeholders, written
from adjudicator.dark_nebula.record import GAME_INSTANCE_ID
from adjudicator.dark_nebula.redaction import redact

app = typer.Typer(
    no_args_is_help=True,
    help="暗黒星雲 ー帝国軍vs反乱軍ー: commit to the secret base, redact records, show the board.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: ``dark-nebula commit``'s lines: what to keep and what to publish (3.1).
COMMIT_WORDS = {
    "sector": "dark_nebula.commit.sector",
    "nonce": "dark_nebula.commit.nonce",
    "commitment": "dark_nebula.commit.commitment",
}


@app.command("commit")
def commit_command(
    game_id: Annotated[
        str,
        typer.Option("--game-id", help="This game's own id, e.g. 2026-11-29-table-3."),
    ],
    sector: Annotated[
        str, typer.Option("--sector", help="The base's sector, by id or printed name (地球).")
    ],
    board_id: Annotated[
        str,
        typer.Option("--board", help="The board definition's id (see 'dark-nebula board')."),
    ] = default_board().id,
    nonce: Annotated[
        str | None,
        typer.Option(
            "--nonce",
            help="Your own nonce (at least 32 random lowercase hex digits); "
            "by default a fresh 256-bit one is drawn.",
        ),
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Choose the base's sector in secret (3.1): print the nonce to keep and the
    commitment to publish. Keep the nonce until the base appears or the game ends."""
    try:
        if not re.match(GAME_INSTANCE_ID, game_id):
            raise InputError(
                "bad_game_id",
                said("dark_nebula.commit.bad_game_id", game_id=game_id),
                field="--game-id",
                expected=said("dark_nebula.commit.game_id"),
            )
        board = resolve_board(board_id)
        sector_id = board.sector_id(sector, field="--sector")
        if sector_id == "tyrann":
            raise InputError(
                "base_in_capital",
                said("dark_nebula.commit.base_in_capital"),
                field="--sector",
            )
        chosen = check_nonce(nonce, field="--nonce") if nonce is not None else make_nonce()
    except InputError as err:
        fail(err)
    digest = commitment(game_id, sector_id, chosen)
    if as_json:
        print(
            dumps({"game_id": game_id, "sector": sector_id, "nonce": chosen, "commitment": digest})
        )
        return
    language = resolve_lang(lang)
    words = {key: say(said_as, language) for key, said_as in COMMIT_WORDS.items()}
    columns = max(width(word) for word in words.values())  # a Japanese character takes two
    label = {key: pad(word, columns) for key, word in words.items()}
    console.line(printable(f"{label['sector']} {board.label(sector_id)}"))
    console.line(f"{label['nonce']} {chosen}   {say('dark_nebula.commit.keep', language)}")
    console.line(f"{label['commitment']} {digest}   {say('dark_nebula.commit.publish', language)}")


@app.command("redact")
def redact_command(
    record: Annotated[Path, typer.Argument(help="A director's full JSON record.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """The empire player's view of a full record: the early opening removed. Validating
    it gives the same public verdict once the base has appeared or been disclosed."""
    check_output(output, "--output", [record])
    try:
        data = parse_json(read_text(record))
        if not isinstance(data, dict):
            raise InputError("bad_record", said("dark_nebula.redact.not_an_object"))
        text = dumps(redact(data), indent=2) + "\n"
    except InputError as err:
        fail(err, str(record))
    if output is None:
        print(text, end="")
    else:
        write_output(output, text, "--output", [record])


@app.command("board")
def board_command(
    file: Annotated[
        Path | None, typer.Argument(help="A board definition file; default: the shipped one.")
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Show a board definition: its id, its digest (what records name), its sectors and
    counters, and every placeholder value. To validate records made with another
    definition (the printed map), name its file or folder in $ADJUDICATOR_BOARDS."""
    try:
        board = load_board(file) if file is not None else default_board()
    except InputError as err:
        fail(err)
    if as_json:
        print(
            dumps(
                {
                    "id": board.id,
                    "sha256": board.sha256,
                    "definition": board.model_dump(mode="json"),
                    "placeholders": [
                        (f"{kind} {ident}", field, written(value))
                        for kind, ident, field, value in placeholders(board)
                    ],
                }
            )
        )
        return
    for line in describe_board(board, resolve_lang(lang)):
        console.line(printable(line))
