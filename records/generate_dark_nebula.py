"""Regenerate the Dark Nebula sample records in ``records/dark-nebula/``.

The games are written out event by event (the worked game follows the rulebook's own
opening, ゲームの展開); broken records differ from a valid one by the one fault their name
promises. Run ``python records/generate_dark_nebula.py``; the output is deterministic (the
nonces are fixed here so that the files do not change; a real game draws its nonce with
``adjudicator dark-nebula commit``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.commitment import commitment
from adjudicator.dark_nebula.notation import parse_line
from adjudicator.dark_nebula.record import Record
from adjudicator.dark_nebula.record_text import format_record

OUT = Path(__file__).parent / "dark-nebula"
BOARD = default_board()
NONCE = "5d0c7a93e8f14b26a1d9c3e7b5f08a42"
SETUP = "setup: guard_ship@earth battleship@raigerin battleship@zarek guard_ship@radia"
QUIET_STEPS = [
    "empire production: -",
    "empire movement: -",
    "empire combat: -",
    "rebel production: -",
    "rebel movement: -",
    "rebel combat: -",
]

#: The worked game: the strategy notes' opening, then the command ship finds the base in
#: nebula-3 and destroys it.
WORKED = [
    SETUP,
    "1.1 empire production: cruiser@tyrann; extra battleship@tyrann",
    "1.2 empire movement: cruiser@tyrann>zarek cruiser@tyrann>zarek command_ship@tyrann>zarek"
    " battleship@tyrann>imobu",
    "1.3 empire combat: zarek: 3 e.command_ship=2 / r.battleship",
    "1.4 rebel production: battleship@raigerin battleship@raigerin",
    "1.5 rebel movement: -",
    "1.6 rebel combat: -",
    "1.7 search: zarek imobu; roll 4",
    "2.1 empire production: cruiser@tyrann; extra guard_ship@imobu",
    "2.2 empire movement: cruiser@zarek>nafaelas command_ship@zarek>nafaelas",
    "2.3 empire combat: -",
    "2.4 rebel production: guard_ship@radia",
    "2.5 rebel movement: -",
    "2.6 rebel combat: -",
    "2.7 search: nafaelas zarek; roll 5",
    "3.1 empire production: cruiser@tyrann",
    "3.2 empire movement: command_ship@nafaelas>nebula-3 cruiser@nafaelas>nebula-3",
    "3.3 empire combat: -",
    "3.4 rebel production: -",
    "3.5 rebel movement: -",
    "3.6 rebel combat: -",
    f"3.7 search: nebula-3; reveal nebula-3 {NONCE}",
    "4.1 empire production: -",
    "4.2 empire movement: -",
    "4.3 empire combat: nebula-3: 0★ r.secret_base=5 | 3 e.command_ship=1 / r.secret_base",
]
#: The guard left alone in Tyrann falls to a rebel battleship.
GUARD = [
    SETUP,
    "1.1 empire production: -",
    "1.2 empire movement: command_ship@tyrann>raibia cruiser@tyrann>imobu",
    "1.3 empire combat: -",
    "1.4 rebel production: -",
    "1.5 rebel movement: battleship@zarek>tyrann",
    "1.6 rebel combat: tyrann: 0★ e.imperial_guard=6 | 1 r.battleship=2 / e.imperial_guard",
]
#: The guard falls while an imperial cruiser is still in Tyrann: won at once (4.2,
#: interpretation 16), the battle stops there.
GUARD_MID_BATTLE = [
    SETUP,
    "1.1 empire production: -",
    "1.2 empire movement: command_ship@tyrann>raibia",
    "1.3 empire combat: -",
    "1.4 rebel production: -",
    "1.5 rebel movement: battleship@zarek>tyrann",
    "1.6 rebel combat: tyrann: 0★ e.imperial_guard=6 | 2 e.cruiser=6 | 1 r.battleship=2"
    " / e.imperial_guard",
]
#: Two quiet turns in which the base, in Raibia, grows and sends a cruiser to Radia.
APPEARING = [
    SETUP,
    *(f"1.{i + 1} {step}" for i, step in enumerate(QUIET_STEPS)),
    "1.7 search: tyrann; roll 6",
    *(f"2.{i + 1} {step}" for i, step in enumerate(QUIET_STEPS)),
    "2.7 search: tyrann; roll 6",
    "3.1 empire production: -",
    "3.2 empire movement: -",
    "3.3 empire combat: -",
    "3.4 rebel production: -; base cruiser",
    "3.5 rebel movement: -; appear cruiser>imobu",
    "3.6 rebel combat: -",
    "3.7 search: tyrann; roll 1",
]


def record(
    game_id: str,
    base: str,
    lines: list[str],
    result: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    events = [parse_line(line).model_dump(mode="json", by_alias=True) for line in lines]
    data = {
        "format": "dark-nebula-record/1",
        "game": "dark-nebula/2011",
        "game_id": game_id,
        "board": {"id": BOARD.id, "sha256": BOARD.sha256},
        "commitment": commitment(game_id, base, NONCE),
        "events": events,
        "result": result or {},
        **extra,
    }
    return Record.model_validate(data).dump()


def write(name: str, data: dict[str, Any] | str) -> None:
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, "utf-8")


def main() -> None:
    empire_wins = {"winner": "empire", "reason": "base_destroyed"}
    worked = record("sample-worked", "nebula-3", WORKED, empire_wins)
    write("valid/worked-game.json", worked)
    write("valid/worked-game.txt", format_record(Record.model_validate(worked)))
    write(
        "valid/worked-game-director.json",
        record(
            "sample-worked",
            "nebula-3",
            WORKED,
            empire_wins,
            secret={"sector": "nebula-3", "nonce": NONCE},
        ),
    )
    write(
        "valid/guard-destroyed.json",
        record(
            "sample-guard",
            "raigerin",
            [*GUARD, f"disclose: raigerin {NONCE}"],
            {"winner": "rebel", "reason": "guard_destroyed"},
        ),
    )
    rebel_wins = {"winner": "rebel", "reason": "guard_destroyed"}
    write(
        "valid/guard-removed-mid-battle.json",
        record(
            "sample-guard",
            "raigerin",
            [*GUARD_MID_BATTLE, f"disclose: raigerin {NONCE}"],
            rebel_wins,
        ),
    )
    write(
        "invalid/step-after-victory.json",
        record(
            "sample-guard",
            "raigerin",
            [*GUARD_MID_BATTLE, "1.7 search: -; roll 3", f"disclose: raigerin {NONCE}"],
            rebel_wins,
        ),
    )
    disclosed = [*APPEARING, f"disclose: raibia {NONCE}"]
    resigned = {"winner": "rebel", "reason": "resignation", "resigned": "empire"}
    write("valid/appearance-disclosed.json", record("sample-appear", "raibia", disclosed, resigned))
    write("pending/unopened-commitment.json", record("sample-appear", "raibia", APPEARING))

    # --- each with the one fault its name promises
    concealed = [
        SETUP,
        "1.1 empire production: -",
        "1.2 empire movement: command_ship@tyrann>raibia",
        *(f"1.{i + 1} {step}" for i, step in enumerate(QUIET_STEPS) if i >= 2),
        "1.7 search: raibia; roll 6",
    ]
    write(
        "invalid/concealed-base.json",
        record("sample-conceal", "raibia", [*concealed, f"disclose: raibia {NONCE}"]),
    )
    # the public fault at ply 9 (two cruisers from Tyrann's 3) stops the replay; the
    # disclosure still proves the concealment at ply 8, which comes first
    overspent = "2.1 empire production: cruiser@tyrann cruiser@tyrann"
    write(
        "invalid/concealed-base-before-a-public-fault.json",
        record("sample-conceal", "raibia", [*concealed, overspent, f"disclose: raibia {NONCE}"]),
    )
    unreachable = [
        line.replace("appear cruiser>imobu", "appear cruiser>earth") for line in disclosed
    ]
    write(
        "invalid/unreachable-appearance.json",
        record("sample-appear", "raibia", unreachable, resigned),
    )
    miscounted = [
        line.replace("3 e.command_ship=2 / r.battleship", "3 e.command_ship=3 / r.battleship")
        for line in WORKED
    ]
    write(
        "invalid/miscounted-combat.json",
        record("sample-worked", "nebula-3", miscounted, empire_wins),
    )
    over_budget = [
        line.replace(
            "1.1 empire production: cruiser@tyrann;",
            "1.1 empire production: cruiser@tyrann cruiser@tyrann;",
        )
        for line in WORKED
    ]
    write(
        "invalid/over-budget-production.json",
        record("sample-worked", "nebula-3", over_budget, empire_wins),
    )
    wrong = record("sample-worked", "nebula-3", WORKED, empire_wins)
    wrong["commitment"] = commitment("sample-worked", "nebula-3", "f" + NONCE[1:])
    write("invalid/wrong-commitment.json", wrong)
    # committed to Raigerin, never searched: the revelation in nebula-3 is the first fault
    write(
        "invalid/revealed-elsewhere.json", record("sample-worked", "raigerin", WORKED, empire_wins)
    )
    # committed to Nafaelas: the opening proves that the search of Nafaelas at ply 15 went
    # unanswered, before the base appeared elsewhere at ply 22
    write(
        "invalid/concealed-before-revealed-elsewhere.json",
        record("sample-worked", "nafaelas", WORKED, empire_wins),
    )
    write(
        "invalid/wrong-winner.json",
        record(
            "sample-worked", "nebula-3", WORKED, {"winner": "rebel", "reason": "base_destroyed"}
        ),
    )

    # --- unreadable
    mismatch = record("sample-worked", "nebula-3", WORKED, empire_wins)
    mismatch["board"]["sha256"] = "0" * 64
    write("unreadable/board-mismatch.json", mismatch)
    text = format_record(Record.model_validate(worked)).replace(
        "1.3 empire combat: zarek:", "1.3 empire combat zarek"
    )
    write("unreadable/malformed-event.txt", text)
    named = format_record(Record.model_validate(worked)).replace("@zarek", "@ザレク")
    write("invalid/printed-names-in-strict-file.txt", named)


if __name__ == "__main__":
    main()
