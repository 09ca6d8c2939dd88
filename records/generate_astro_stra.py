"""Regenerate the Astro-Stra sample records in ``records/astro-stra/``.

Valid games are played by a seeded random player that makes only legal choices (every die
drawn by the seed, never by the validator); broken records differ from a valid one by the
one fault their name promises. Run ``python records/generate_astro_stra.py``; the output is
deterministic.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from adjudicator.astro_stra import actions, targets
from adjudicator.astro_stra.board import start_position
from adjudicator.astro_stra.dice import Dice
from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.record import Record, Turn
from adjudicator.astro_stra.record_text import format_record
from adjudicator.astro_stra.setup import colours_of
from adjudicator.astro_stra.skills import (
    COLOURS,
    Die,
    SkillUse,
    Table,
    apply_skill,
    candidate_uses,
    is_problem,
)
from adjudicator.astro_stra.turn import Game, TurnPlay, play_turn

OUT = Path(__file__).parent / "astro-stra"
READINGS = Readings()


def random_turn(game: Game, rng: random.Random) -> TurnPlay:
    """A legal turn for the side to move, every choice and die drawn from ``rng``."""
    side = game.to_move
    held = {h.colour: h.pips for h in game.holds if h.owner == side}
    dice = [Die(c, held.get(c, rng.randint(1, 6))) for c in game.colours[side]]
    # interpretation 11 (keeps-slot): a die held by one's own skill stays in its frame
    kept = {h.slot: h.colour for h in game.holds if h.owner == side and h.slot is not None}
    free = [d.colour for d in dice if d.colour not in kept.values()]
    rng.shuffle(free)
    slots = [kept[name] if name in kept else free.pop() for name in "STA"]
    by = {d.colour: d for d in dice}
    foe = game.colours["white" if side == "black" else "black"]
    table = Table(
        side,
        by[slots[0]],
        by[slots[1]],
        by[slots[2]],
        holds=tuple(h for h in game.holds if h.owner != side),
        held_now=frozenset(held),
        silenced=game.silenced,
        once_used=game.once_used,
    )
    uses = []
    for use in candidate_uses(table, foe):
        if use.skill in ("jagi", "artemis") and rng.random() < 0.9:
            continue  # keep the once-per-game skill for later, mostly
        result = apply_skill(game.position, table, use, foe, READINGS)
        if not is_problem(result):
            uses.append((use, result))
    skill: SkillUse | None = None
    position, after = game.position, table
    if uses:
        skill, (position, after) = rng.choice(uses)
    now = Dice(after.s.pips, after.t.pips, after.a.pips)
    options = targets.targets(position, side, now.t, now, READINGS)
    target = rng.choice(options) if options else ()
    moves: tuple[tuple[int, int], ...] = ()
    if target:
        ways = actions.moves(position, side, target, now.a, now, READINGS)
        if ways:
            moves = rng.choice(ways).plain()
    return TurnPlay(side, tuple(dice), tuple(slots), skill, tuple(target), moves)


def random_game(seed: int, limit: int = 400) -> tuple[list[str], list[TurnPlay], Game]:
    rng = random.Random(seed)
    colours = list(COLOURS)
    rng.shuffle(colours)
    draft = colours[:6]
    game = Game(start_position(), colours_of(draft))
    plays = []
    while game.winner is None and len(plays) < limit:
        play = random_turn(game, rng)
        after = play_turn(game, play, READINGS)
        if not isinstance(after, Game):
            raise AssertionError(f"seed {seed}: the random player made an illegal turn: {after}")
        plays.append(play)
        game = after
    return draft, plays, game


def record(draft: list[str], plays: list[TurnPlay], result: dict[str, Any], **extra: Any) -> dict:
    data = {
        "format": "astro-stra-record/1",
        "game": "astro-stra/0.9.0",
        "opening": [[4, 4], [6, 3]],
        "draft": draft,
        "turns": [Turn.of(p).model_dump(mode="json", by_alias=True) for p in plays],
        "result": result,
        **extra,
    }
    return Record.model_validate(data).dump()


def write(name: str, data: dict[str, Any] | str) -> None:
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, "utf-8")


def main() -> None:
    seed = next(s for s in range(1000) if random_game(s)[2].winner is not None)
    draft, plays, game = random_game(seed)
    won = {"winner": game.winner, "reason": "all_home"}
    finished = record(draft, plays, won, game_id=f"sample-seed-{seed}")
    write("valid/random-game.json", finished)
    write("valid/random-game.txt", format_record(Record.model_validate(finished)))
    write("valid/unfinished.json", record(draft, plays[:20], {}, game_id=f"sample-seed-{seed}"))
    loser = "white" if game.winner == "black" else "black"
    write(
        "valid/resignation.json",
        record(
            draft, plays[:20], {"winner": game.winner, "reason": "resignation", "resigned": loser}
        ),
    )
    # --- each with the one fault its name promises
    bad = json.loads(json.dumps(finished))
    turn = bad["turns"][5]
    turn["dice"][0]["pips"] = 7
    write("invalid/die-of-seven.json", bad)
    bad = json.loads(json.dumps(finished))
    bad["result"] = {"winner": loser, "reason": "all_home"}
    write("invalid/wrong-winner.json", bad)
    bad = json.loads(json.dumps(finished))
    bad["turns"] = bad["turns"][:-1]
    write("invalid/result-claimed-but-undecided.json", bad)
    bad = json.loads(json.dumps(finished))
    bad["draft"][2] = bad["draft"][0]
    write("invalid/colour-drafted-twice.json", bad)
    skipped = next(i for i, p in enumerate(plays) if p.skill is not None)
    bad = json.loads(json.dumps(finished))
    bad["turns"][skipped]["skill"] = None
    write("invalid/skill-skipped-though-possible.json", bad)
    moved = next(i for i, p in enumerate(plays) if p.moves)
    bad = json.loads(json.dumps(finished))
    src, dst = bad["turns"][moved]["moves"][0]
    bad["turns"][moved]["moves"][0] = [src, 13 if dst != 13 else 12]
    write("invalid/move-the-action-does-not-allow.json", bad)
    bad = json.loads(json.dumps(finished))
    bad["layout"] = "b:1=2,2=2,3=2 w:13=6"
    write("invalid/layout-already-decided.json", bad)
    # --- unreadable
    text = format_record(Record.model_validate(finished)).replace("| target", "| aim", 1)
    write("unreadable/malformed-turn.txt", text)
    bad = json.loads(json.dumps(finished))
    bad["sets"] = 3
    write("unreadable/three-sets.json", bad)


if __name__ == "__main__":
    main()
