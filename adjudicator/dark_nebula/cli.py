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
    help="dark_nebula.help",
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: ``dark-nebula commit``'s lines: what to keep and what to publish (3.1).
COMMIT_WORDS = {
    "sector": "dark_nebula.commit.sector",
    "nonce": "dark_nebula.commit.nonce",
    "commitment": "dark_nebula.commit.commitment",
}


@app.command("commit", help="dark_nebula.help.commit")
def commit_command(
    game_id: Annotated[
        str,
        typer.Option("--game-id", help="dark_nebula.help.commit.game_id"),
    ],
    sector: Annotated[str, typer.Option("--sector", help="dark_nebula.help.commit.sector")],
    board_id: Annotated[
        str,
        typer.Option("--board", help="dark_nebula.help.commit.board"),
    ] = default_board().id,
    nonce: Annotated[
        str | None,
        typer.Option(
            "--nonce",
            help="dark_nebula.help.commit.nonce",
        ),
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Choose the base's sector in secret (3.1). Its help is ``dark_nebula.help.commit`` in the
    catalogue."""
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


@app.command("redact", help="dark_nebula.help.redact")
def redact_command(
    record: Annotated[Path, typer.Argument(help="dark_nebula.help.redact.record")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="dark_nebula.help.redact.output")
    ] = None,
) -> None:
    """The empire player's view of a full record. Its help is ``dark_nebula.help.redact`` in the
    catalogue."""
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


@app.command("board", help="dark_nebula.help.board")
def board_command(
    file: Annotated[Path | None, typer.Argument(help="dark_nebula.help.board.file")] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Show a board definition. Its help is ``dark_nebula.help.board`` in the catalogue."""
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
