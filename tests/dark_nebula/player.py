"""A seeded random player of legal Dark Nebula games, for property tests.

It proposes random choices for each step and keeps the first one the replay accepts, so the
games it writes are legal by construction; battles are fought with random dice, each side
removing as many of its counters as it took hits (9.2). The base is hidden in a random
sector; a search of that sector makes it appear (10.2), the rebels sometimes reveal it by
choice (10.3), and a game whose base never appeared ends with the disclosure.
"""

from __future__ import annotations

import random
from collections import Counter

from adjudicator.dark_nebula import combat
from adjudicator.dark_nebula.board import COMMAND_SHIP, default_board
from adjudicator.dark_nebula.commitment import commitment
from adjudicator.dark_nebula.movement import reachable
from adjudicator.dark_nebula.notation import parse_line, stamp
from adjudicator.dark_nebula.record import Record
from adjudicator.dark_nebula.replay import DarkNebulaReplay

BOARD = default_board()
TABLES = combat.battle_tables(BOARD)
NONCE = "5d0c7a93e8f14b26a1d9c3e7b5f08a42"
TRIES = 6
DECISIVE = ("e.imperial_guard", "r.secret_base")


def _blank(game_id: str, base: str) -> Record:
    return Record.model_validate(
        {
            "format": "dark-nebula-record/1",
            "game": "dark-nebula/2011",
            "game_id": game_id,
            "board": {"id": BOARD.id, "sha256": BOARD.sha256},
            "commitment": commitment(game_id, base, NONCE),
            "secret": {"sector": base, "nonce": NONCE},
            "events": [],
        }
    )


class Player:
    def __init__(self, seed: int, turns: int) -> None:
        self.rng = random.Random(seed)
        self.game_id = f"prop-{seed}"
        plain = [s.id for s in BOARD.sectors if s.id != "tyrann"]
        self.base = self.rng.choice(plain)
        self.replay = DarkNebulaReplay(_blank(self.game_id, self.base), BOARD)
        self.turns = turns
        self.lines: list[str] = []

    # --- playing -----------------------------------------------------------------------

    def play(self) -> tuple[list[str], dict[str, str]]:
        """The event lines of one game and its result."""
        self._first_legal(self._setups())
        for turn in range(1, self.turns + 1):
            for step in range(1, 8):
                if self.replay.decided is None:
                    bodies = self._bodies(step)
                    self._first_legal([f"{stamp(turn, step)}: {b}" for b in bodies])
        if not self.replay.situation.base.revealed:
            self._play(f"disclose: {self.base} {NONCE}")
        return self.lines, self._result()

    def _result(self) -> dict[str, str]:
        decided = self.replay.decided
        return {"winner": decided.winner, "reason": decided.reason} if decided else {}

    def _play(self, line: str) -> None:
        step = self.replay.attempt(line, lenient=False)
        assert step.violation is None, (line, step.violation.code)
        self.lines.append(line)

    def _first_legal(self, candidates: list[str]) -> None:
        for line in candidates:
            if self.replay.check(line) is None:
                self._play(line)
                return
        raise AssertionError(f"no legal choice among {candidates}")

    # --- choices -------------------------------------------------------------------------

    def _setups(self) -> list[str]:
        plain = [s for s in BOARD.sectors if not s.nebula and s.id != "tyrann"]
        out = []
        for _ in range(20):
            rich = self.rng.sample([s.id for s in plain if s.production >= 2], 2)
            rest = self.rng.sample([s.id for s in plain if s.id not in rich], 2)
            places = [f"battleship@{s}" for s in rich] + [f"guard_ship@{s}" for s in rest]
            self.rng.shuffle(places)
            out.append("setup: " + " ".join(places))
        return out

    def _bodies(self, step: int) -> list[str]:
        """Candidate bodies for a step, the quiet one last where the step may be quiet."""
        if step in (1, 4):
            return [self._production(step == 1) for _ in range(TRIES)] + ["-"]
        if step in (2, 5):
            return [self._movement(step == 2) for _ in range(TRIES)] + ["-"]
        if step in (3, 6):
            return [self._combat()]
        return self._search()

    def _production(self, empire: bool) -> str:
        situation = self.replay.situation
        rng = self.rng
        side = "empire" if empire else "rebel"
        own = sorted(situation.own_sectors(side)) or ["tyrann"]
        if empire:
            kinds = ["cruiser", "new_cruiser", "command_ship", "battleship", "guard_ship"]
            builds = [f"{rng.choice(kinds)}@tyrann" for _ in range(rng.randint(0, 2))]
        else:
            kinds = ["battleship", "guard_ship"]
            builds = [f"{rng.choice(kinds)}@{rng.choice(own)}" for _ in range(rng.randint(0, 2))]
        parts = [" ".join(builds) or "-"]
        if empire and rng.random() < 0.6:
            parts.append(f"extra {rng.choice(['battleship', 'guard_ship'])}@{rng.choice(own)}")
        if not empire and not situation.base.revealed and rng.random() < 0.5:
            parts.append("base cruiser")
        return "; ".join(parts)

    def _movement(self, empire: bool) -> str:
        situation = self.replay.situation
        rng = self.rng
        side = "empire" if empire else "rebel"
        moves = []
        for (sector, sd, kind), n in sorted(situation.counters.items()):
            if sd != side:
                continue
            allowance = BOARD.kinds[kind].movement
            for _ in range(n):
                if allowance and rng.random() < 0.4:
                    dst = rng.choice(sorted(reachable(BOARD, sector, allowance) - {sector}))
                    moves.append(f"{kind}@{sector}>{dst}")
        body = " ".join(moves) or "-"
        stock = situation.base.stock
        if not empire and stock and rng.random() < 0.5:
            kind = rng.choice(sorted(stock))
            dst = rng.choice(sorted(reachable(BOARD, self.base, BOARD.kinds[kind].movement)))
            body += f"; appear {kind}>{dst}"
        return body

    def _combat(self) -> str:
        situation = self.replay.situation
        battles = []
        for sector in situation.contested():
            forces = {side: situation.at(sector, side) for side in ("empire", "rebel")}
            volleys = self._battle(forces)
            battles.append(f"{sector}: " + " | ".join(volleys))
            if any(t in v.partition("/")[2] for v in volleys for t in DECISIVE):
                break  # 4.1, 4.2: the game is over, no other battle is fought
        return "; ".join(battles) or "-"

    def _battle(self, forces: dict[str, Counter[str]]) -> list[str]:
        volleys = []
        position = 0
        while all(forces.values()):
            cls = combat.CLASS_ORDER[position % len(combat.CLASS_ORDER)]
            position += 1
            firing = {s: combat.class_members(TABLES.classes, forces[s], cls) for s in forces}
            if not any(firing.values()):
                continue
            parts, taken = [cls], Counter[str]()
            for side, kinds in firing.items():
                for kind, n in kinds.items():
                    dice = [self.rng.randint(1, 6) for _ in range(n)]
                    parts.append(f"{side[0]}.{kind}={','.join(map(str, dice))}")
                    hits = combat.hits(TABLES, side, kind, dice, forces, "own")
                    taken["rebel" if side == "empire" else "empire"] += hits
            removed = []
            for side in ("empire", "rebel"):
                pool = sorted(forces[side].elements())
                self.rng.shuffle(pool)
                for kind in pool[: taken[side]]:
                    removed.append(f"{side[0]}.{kind}")
            after = {s: Counter(c) for s, c in forces.items()}
            for token in removed:
                side = "empire" if token[0] == "e" else "rebel"
                after[side][token[2:]] -= 1
            forces = {s: +c for s, c in after.items()}
            volleys.append(" ".join(parts + (["/", *removed] if removed else [])))
            if any(token in removed for token in DECISIVE):
                break  # 4.1, 4.2: won at once (interpretation 16)
        return volleys

    def _search(self) -> list[str]:
        situation = self.replay.situation
        rng = self.rng
        imperial = sorted(situation.sectors_of("empire"))
        command = [s for s in imperial if situation.at(s, "empire")[COMMAND_SHIP]]
        searches = command[:1]
        others = [s for s in imperial if s not in searches]
        if others and rng.random() < 0.7:
            searches.append(rng.choice(others))
        if not command:
            searches = searches[:1]
        base = situation.base
        candidates = []
        for chosen in (searches, []):
            parts = [" ".join(chosen) or "-"]
            if not base.revealed:
                found = self.base in chosen
                if found or rng.random() < 0.1:
                    parts.append(f"reveal {self.base} {NONCE}")
                else:
                    parts.append(f"roll {rng.randint(1, 6)}")
            candidates.append("; ".join(parts))
        return candidates


def director_game(seed: int, turns: int) -> dict[str, object]:
    """A legal director's record of up to ``turns`` turns, as JSON: the opening it reveals
    or discloses is its ``secret`` from the set-up."""
    player = Player(seed, turns)
    lines, result = player.play()
    data = _blank(player.game_id, player.base).dump()
    data["events"] = [parse_line(line).model_dump(mode="json", by_alias=True) for line in lines]
    data["result"] = result
    return data


def random_game(seed: int, turns: int) -> Record:
    """A legal public record (no early opening) of up to ``turns`` turns."""
    data = director_game(seed, turns)
    del data["secret"]
    return Record.model_validate(data)
