"""python-chess perft from the start position as a whole process: the reference for
``adjudicator orbit-dominion perft`` in ``run.py``.

``python benchmarks/chess_perft.py DEPTH`` prints the node count. The standard recursive
perft with bulk counting at depth 1 (the legal moves are counted, not played), as
python-chess's own perft example does and as the Orbit Dominion counter does.
"""

from __future__ import annotations

import sys

import chess


def perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    if depth < 1:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


if __name__ == "__main__":
    print(perft(chess.Board(), int(sys.argv[1])))
