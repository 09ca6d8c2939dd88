#!/usr/bin/env python3
"""A minimal Orbit Dominion 4.2 engine speaking the adjudicator engine protocol.

It stands for an engine written by someone else: it uses nothing from adjudicator, only the
standard library, and keeps its own board as a list of 36 cells. It declares no optional
feature, so a conformance run skips the perft, lenient-notation and malformed-input cases and
does not compare violation codes — and it still has to get every legal set, rejection,
outcome and position right.

Written from these sections of the docs (a test checks that each exists):
  docs/protocol.md: A session | Envelope | `hello` | Orbit Dominion: `evaluate` | Errors
  docs/conformance.md: Running it against your engine | Implementing the protocol | The case format
  docs/engines/orbit-dominion.md: Positions | The claim | Violation codes | Outcome reasons

Run it through the suite:  adjudicator conformance run --engine "python3 examples/minimal_engine.py"
"""

import json
import sys

GAME = "orbit-dominion/4.2"
START = "r....bb....r/rr....bb..../R....bB....r r 0 -"
ORBIT = "OMI"
GATES = {"r": ("I6", "M6"), "b": ("I0", "M0")}  # the enemy gates each side must hold


def name(cell):
    return ORBIT[cell // 12] + str(cell % 12)


def index(text):
    return ORBIT.index(text[0]) * 12 + int(text[1:])


def along(cell, step):
    return cell // 12 * 12 + (cell % 12 + step) % 12


def neighbours(cell):
    """Sectors adjacent to a cell: both sides on its orbit, same number on the next orbits."""
    out = [along(cell, 1), along(cell, -1)]
    if cell >= 12:
        out.append(cell - 12)
    if cell < 24:
        out.append(cell + 12)
    return out


class Game:
    def __init__(self, text):
        board, side, ply, claim = text.split()
        self.cells = list(board.replace("/", ""))
        self.side, self.ply, self.claim = side, int(ply), claim != "-"
        self.seen = {self.key(): 1}
        self.result = None

    def key(self):
        return "".join(self.cells) + self.side

    def text(self):
        c = "".join(self.cells)
        claim = self.side if self.claim else "-"
        return f"{c[:12]}/{c[12:24]}/{c[24:]} {self.side} {self.ply} {claim}"

    def mine(self, cell, side=None):
        return self.cells[cell].lower() == (side or self.side)

    def enemy_of(self, side):
        return "b" if side == "r" else "r"

    def flagship(self, side):
        return next((i for i, c in enumerate(self.cells) if c == side.upper()), None)

    def pincer(self, side):
        flag = self.flagship(self.enemy_of(side))
        return flag is not None and sum(self.mine(n, side) for n in neighbours(flag)) >= 2

    def holds_gates(self, side):
        return all(self.mine(index(g), side) for g in GATES[side])

    def candidates(self):
        """Actions allowed before the repetition ban."""
        out = []
        enemy = self.enemy_of(self.side)
        for cell in range(36):
            if not self.mine(cell):
                continue
            for step in (1, -1):
                one, two = along(cell, step), along(cell, 2 * step)
                if self.cells[one] == ".":
                    out.append(f"{name(cell)}-{name(one)}")
                    if self.cells[two] == ".":
                        out.append(f"{name(cell)}-{name(two)}")
                elif self.cells[one] == enemy:
                    out.append(f"{name(cell)}x{name(one)}")
                elif self.cells[one] == enemy.upper():
                    helpers = [n for n in neighbours(one) if n != cell and self.mine(n)]
                    if helpers:
                        out.append(f"{name(cell)}x{name(one)}")
            for other in neighbours(cell)[2:]:
                if self.cells[other] == ".":
                    out.append(f"{name(cell)}-{name(other)}")
                elif not self.mine(other):
                    out.append(f"{name(cell)}<>{name(other)}")
        for orbit in range(3):
            if sum(self.mine(c) for c in range(orbit * 12, orbit * 12 + 12)) >= 2:
                out += [ORBIT[orbit] + "+", ORBIT[orbit] + "-"]
        return out

    def apply(self, action):
        """A copy of the game after ``action`` (assumed allowed) and what it wins."""
        after = Game.__new__(Game)
        after.cells = list(self.cells)
        after.seen, after.result = self.seen, None
        mover, enemy = self.side, self.enemy_of(self.side)
        won = None
        if action[1] in "+-":
            orbit = ORBIT.index(action[0]) * 12
            ring = self.cells[orbit : orbit + 12]
            ring = ring[-1:] + ring[:-1] if action[1] == "+" else ring[1:] + ring[:1]
            after.cells[orbit : orbit + 12] = ring
        else:
            sep = "<>" if "<>" in action else ("x" if "x" in action else "-")
            a, b = (index(t) for t in action.split(sep))
            if sep == "<>":
                after.cells[a], after.cells[b] = self.cells[b], self.cells[a]
            else:
                captured = self.cells[b]
                after.cells[b], after.cells[a] = self.cells[a], "."
                if captured == enemy.upper():
                    won = "flagship_capture"
                elif captured == enemy and enemy not in after.cells:
                    won = "annihilation"
        if won is None and after.pincer(mover) and not self.pincer(mover):
            won = "pincer"
        after.side, after.ply = enemy, self.ply + 1
        after.claim = self.holds_gates(enemy)
        return after, won

    def legal(self):
        return [a for a in self.candidates() if self.seen.get(self.apply(a)[0].key(), 0) < 2]

    def turn_start(self):
        if self.claim and self.holds_gates(self.side):
            return self.side, "gate_control"
        if self.ply >= 120:
            mine = sum(c == self.side for c in self.cells)
            theirs = sum(c == self.enemy_of(self.side) for c in self.cells)
            winner = "draw" if mine == theirs else (self.side if mine > theirs else "other")
            return (self.enemy_of(self.side) if winner == "other" else winner), "move_limit"
        if not self.legal():
            return self.enemy_of(self.side), "no_legal_moves"
        return None

    def decided(self):
        if self.result is None:
            start = self.turn_start()
            if start:
                self.result = (start[0], start[1], self.ply)
        return self.result

    def play(self, action):
        """True when played; False when illegal (nothing changes)."""
        if self.decided() or action not in self.legal():
            return False
        after, won = self.apply(action)
        self.cells, self.side = after.cells, after.side
        self.ply, self.claim = after.ply, after.claim
        self.seen[self.key()] = self.seen.get(self.key(), 0) + 1
        if won:
            self.result = (self.enemy_of(self.side), won, self.ply)
        return True


SIDES = {"r": "red", "b": "blue", "draw": "draw"}


def evaluate(request):
    game = Game(START if request.get("start", "standard") == "standard" else request["start"])
    illegal_at = None
    for i, action in enumerate(request.get("moves", [])):
        if not game.play(action) and illegal_at is None:
            illegal_at = i
    for field, reason in (("resign", "resignation"), ("forfeit", "forfeit")):
        who = request.get(field)
        if who and not game.decided():
            winner = ("b" if who == "red" else "r") if field == "resign" else who[0]
            game.result = ("draw" if who == "draw" else winner, reason, game.ply)
    result = game.decided()
    outcome = None
    if result:
        outcome = {"winner": SIDES[result[0]], "reason": result[1], "decided_at": result[2]}
    return {
        "illegal_at": illegal_at,
        "violation": None,
        "position": game.text(),
        "outcome": outcome,
        "legal_moves": [] if result else sorted(game.legal()),
    }


def answer(request):
    if request.get("cmd") == "hello":
        return {
            "protocol": 1,
            "engine": {"name": "minimal-engine", "version": "1"},
            "games": [GAME],
            "features": {GAME: []},
        }
    if request.get("cmd") == "evaluate" and request.get("game") == GAME:
        return evaluate(request)
    return {"error": {"code": "unsupported", "message": "only hello and evaluate"}}


for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request.get("id"), **answer(request)}), flush=True)
