"""python-chess doing a director's job on PGN files, as a whole command: the reference for
``adjudicator validate DIR`` in ``run.py``.

``python benchmarks/chess_validate.py DIR`` reads every ``*.pgn`` file under DIR, parses it
(python-chess checks every SAN move against the legal moves of its position while reading),
replays the mainline and checks the claimed result against the final position, then prints
one line per game and a count. Exit 1 if any game is not read back or its result is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path

import chess.pgn


def check(path: Path) -> tuple[bool, int]:
    """Whether the game reads back with the result its final position gives; its plies."""
    with path.open(encoding="utf-8") as handle:
        game = chess.pgn.read_game(handle)
    if game is None or game.errors:
        return False, 0
    board = game.end().board()
    return game.headers.get("Result") == board.result(), board.ply()


def main(argv: list[str]) -> int:
    bad = plies = games = 0
    for path in sorted(Path(argv[0]).rglob("*.pgn")):
        ok, n = check(path)
        games += 1
        plies += n
        bad += not ok
        print(f"{'ok' if ok else 'BAD'} {path} {n}")
    print(f"{games} games, {plies} plies, {bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
