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
from adjudicator.core.i18n import Lang
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.strict_json import dumps, parse_json
from adjudicator.core.write.display import pad, width
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
COMMIT_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "sector": "sector",
        "nonce": "nonce",
        "commitment": "commitment",
        "keep": "(keep secret)",
        "publish": "(publish)",
    },
    "ja": {
        "sector": "秘密基地の星域",
        "nonce": "ナンス",
        "commitment": "コミットメント",
        "keep": "(秘密に保管)",
        "publish": "(公開する)",
    },
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
                f"{game_id!r} is not a game id",
                ja=f"「{game_id}」は対局IDになりません",
                field="--game-id",
                expected="letters, digits and . _ : / - (up to 100)",
                expected_ja="英数字と . _ : / -(100 文字まで)",
            )
        board = resolve_board(board_id)
        sector_id = board.sector_id(sector, field="--sector")
        if sector_id == "tyrann":
            raise InputError(
                "base_in_capital",
                "3.1: the base may not be in Tyrann",
                ja="3.1: 秘密基地はタイラントに置けません",
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
    words = COMMIT_WORDS[resolve_lang(lang)]
    keys = ("sector", "nonce", "commitment")
    columns = max(width(words[key]) for key in keys)  # a Japanese character takes two
    label = {key: pad(words[key], columns) for key in keys}
    console.print(f"{label['sector']} {board.label(sector_id)}")
    console.print(f"{label['nonce']} {chosen}   {words['keep']}")
    console.print(f"{label['commitment']} {digest}   {words['publish']}")


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
            raise InputError(
                "bad_record", "a record is a JSON object", ja="記録は JSON オブジェクトです"
            )
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
        console.print(line, markup=False)
