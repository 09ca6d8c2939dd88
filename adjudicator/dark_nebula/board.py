"""Board definitions: the map and the counters, as versioned data.

The rulebook does not print the map (2.1: fourteen sectors, five of them in the dark
nebula, each with a name and a production value, and which sectors neighbour which) nor
the counters' prices and combat values (2.3). A board definition holds them, so that a
director can load the printed map; the default one (``boards/default.yaml``) uses every
value the rulebook states and marks every other value as a placeholder.

A record names its definition by id and by the SHA-256 of the definition's canonical JSON
(the model dumped with sorted keys, no spaces, UTF-8), so two YAML spellings of the same
definition have the same digest and any changed value changes it.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, Said, given_in_both, in_both, said
from adjudicator.core.read.yaml_model import read_yaml_model
from adjudicator.core.write.display import path_text

BOARD_FORMAT = "dark-nebula-board/1"
Side = Literal["empire", "rebel"]
#: The seven counters of 2.3, by the ids the rules use.
Kind = Literal[
    "imperial_guard",
    "command_ship",
    "secret_base",
    "cruiser",
    "new_cruiser",
    "battleship",
    "guard_ship",
]
SIDES: tuple[Side, Side] = ("empire", "rebel")

#: 2.1 and 2.3: what every definition must have.
SECTOR_COUNT, NEBULA_COUNT, COUNTER_TOTAL = 14, 5, 19
#: 4.2 and 3.2: the imperial capital, where the guard always stands.
CAPITAL = "tyrann"
GUARD, COMMAND_SHIP, BASE = "imperial_guard", "command_ship", "secret_base"
CRUISER, NEW_CRUISER, BATTLESHIP, GUARD_SHIP = "cruiser", "new_cruiser", "battleship", "guard_ship"
COUNTER_IDS: tuple[str, ...] = get_args(Kind)
#: Each counter's letter, as the text drawing and the picture both write it.
ABBREVIATIONS: dict[str, str] = {
    "imperial_guard": "G",
    "command_ship": "C",
    "secret_base": "B",
    "cruiser": "c",
    "new_cruiser": "n",
    "battleship": "b",
    "guard_ship": "g",
}
SECTOR_ID = r"^[a-z][a-z0-9-]*$"


class Sector(BaseModel):
    """A sector (2.1): its stable ASCII id, its printed name and production value."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=SECTOR_ID, description="Stable ASCII id, e.g. 'earth'.")
    name: str = Field(min_length=1, description="The printed name, e.g. '地球'.")
    production: int = Field(ge=0, le=9, description="Its production value (6.1).")
    nebula: bool = Field(description="Inside the dark nebula (8.3).")
    neighbours: list[str] = Field(description="Ids of the sectors next to it.")
    at: tuple[float, float] | None = Field(
        default=None,
        exclude=True,  # where a sector is drawn changes no rule: not in the digest
        description="Where pictures draw it: x and y from 0 to 100 (left to right, top to "
        "bottom). Drawing only: not part of the digest.",
    )
    placeholders: list[Literal["name", "production", "nebula", "neighbours"]] = Field(
        default_factory=list,
        description="Fields whose value the rulebook does not state: replace them with the "
        "printed map's.",
    )


class CounterKind(BaseModel):
    """A counter (2.3): how many there are, who may use it, price, attack, movement."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Kind
    name: str = Field(min_length=1, description="The printed name, e.g. '巡航艇'.")
    count: int = Field(ge=1, description="Counters in the box (2.3), shared by both armies.")
    armies: list[Side] = Field(min_length=1, description="The armies that may use it.")
    price: int | None = Field(ge=1, description="Its price; null: it is never produced.")
    attack: int = Field(ge=0, le=6, description="A die at most this hits (9.1).")
    attack_marked: bool = Field(description="○ on the attack value (9.6).")
    movement: int = Field(ge=0, le=9, description="Movement allowance (8.0).")
    movement_star: bool = Field(description="★ on the movement value (9.1).")
    placeholders: list[Literal["name", "price", "attack"]] = Field(default_factory=list)

    @property
    def named(self) -> Said:
        """The counter as a message names it: its id in words in English (``guard ship``),
        the board's printed name in Japanese (警備艦). An English message never carries the
        printed name: a reader of English reads the kind, as the notation writes it."""
        return given_in_both(self.id.replace("_", " "), self.name)


class BoardDefinition(BaseModel):
    """The map, the counters and the secret-base production table of one edition."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["dark-nebula-board/1"]
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9./-]*$", description="Names it in records.")
    title: str
    notes: str = ""
    sectors: list[Sector]
    counters: list[CounterKind]
    base_production_table: list[int] = Field(
        description="The squares of the secret-base production table (2.2), from the first."
    )

    @model_validator(mode="after")
    def _consistent(self) -> BoardDefinition:
        ids = [s.id for s in self.sectors]
        problems = []
        if len(ids) != SECTOR_COUNT:
            problems.append(f"2.1: {len(ids)} sectors, not {SECTOR_COUNT}")
        if len(set(ids)) != len(ids):
            problems.append("sector ids repeat")
        if len({s.name for s in self.sectors}) != len(ids):
            problems.append("sector names repeat")
        if any(s.name in ids and s.name != s.id for s in self.sectors):
            problems.append("a sector's name is another sector's id")
        nebula = sum(s.nebula for s in self.sectors)
        if nebula != NEBULA_COUNT:
            problems.append(f"2.1: {nebula} nebula sectors, not {NEBULA_COUNT}")
        if CAPITAL not in ids:
            problems.append(f"no sector {CAPITAL!r} (the capital of 3.2 and 4.2)")
        by_id = {s.id: s for s in self.sectors}
        for s in self.sectors:
            for n in s.neighbours:
                if n not in by_id:
                    problems.append(f"{s.id}: unknown neighbour {n!r}")
                elif n == s.id:
                    problems.append(f"{s.id} neighbours itself")
                elif s.id not in by_id[n].neighbours:
                    problems.append(f"{s.id} lists {n} as a neighbour but not the reverse")
        kinds = [c.id for c in self.counters]
        if sorted(kinds) != sorted(COUNTER_IDS):
            problems.append(f"the counters must be exactly {', '.join(COUNTER_IDS)}")
        total = sum(c.count for c in self.counters)
        if total != COUNTER_TOTAL:
            problems.append(f"2.3: {total} counters, not {COUNTER_TOTAL}")
        table = self.base_production_table
        if not table or table != sorted(table) or table[0] < 1:
            problems.append("the base production table must rise from at least 1")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # --- lookups ------------------------------------------------------------------------------

    @cached_property
    def by_id(self) -> dict[str, Sector]:
        return {s.id: s for s in self.sectors}

    @cached_property
    def kinds(self) -> dict[str, CounterKind]:
        return {c.id: c for c in self.counters}

    @cached_property
    def allowances(self) -> dict[str, int]:
        """Each counter's movement allowance (8.0), by id."""
        return {c.id: c.movement for c in self.counters}

    @cached_property
    def sector_ids(self) -> tuple[str, ...]:
        """The sectors' ids in the board's order."""
        return tuple(s.id for s in self.sectors)

    @cached_property
    def production(self) -> dict[str, int]:
        """Each sector's production value (6.1), by id."""
        return {s.id: s.production for s in self.sectors}

    @cached_property
    def _names(self) -> dict[str, str]:
        return {s.name: s.id for s in self.sectors}

    def sector_id(self, text: str, *, field: str = "sector") -> str:
        """A sector's id from its id or its printed name (``earth`` or ``地球``)."""
        if text in self.by_id:
            return text
        if isinstance(text, str) and text in self._names:
            return self._names[text]
        raise InputError(
            "unknown_sector",
            said("dark_nebula.board.unknown_sector", text=text, board=self.id),
            field=field,
            expected=said("dark_nebula.board.a_sector", sectors=in_both(self._sector_list)),
        )

    def _sector_list(self, lang: Lang) -> str:
        """Every sector by id and printed name, listed as each language lists words."""
        if lang == "ja":
            return "、".join(f"{s.id}({s.name})" for s in self.sectors)
        return ", ".join(f"{s.id} ({s.name})" for s in self.sectors)

    def label(self, sector: str) -> str:
        s = self.by_id[sector]
        return f"{s.name} ({s.id})" if s.name != s.id else s.id

    # --- identity -----------------------------------------------------------------------------

    def canonical_json(self) -> bytes:
        """The definition as canonical JSON: sorted keys, no spaces, UTF-8."""
        data = self.model_dump(mode="json")
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
            "utf-8"
        )

    @cached_property
    def sha256(self) -> str:
        return hashlib.sha256(self.canonical_json()).hexdigest()


def load_board(path: Path) -> BoardDefinition:
    """Read a board definition file (YAML, or JSON, which is YAML too)."""
    return read_yaml_model(path, BoardDefinition)


#: Where a director puts the printed map: board definition files, or folders of them
#: (``*.yaml``, ``*.json``), separated like ``PATH``.
BOARDS_VARIABLE = "ADJUDICATOR_BOARDS"


def known_boards() -> dict[str, BoardDefinition]:
    """The shipped definition and those named by ``$ADJUDICATOR_BOARDS``, by id."""
    return _boards(os.environ.get(BOARDS_VARIABLE, ""))


@lru_cache(maxsize=8)
def _boards(setting: str) -> dict[str, BoardDefinition]:
    boards = {_DEFAULT.id: _DEFAULT}
    for entry in filter(None, setting.split(os.pathsep)):
        for file in _board_files(Path(entry)):
            board = load_board(file)
            boards[board.id] = board
    return boards


def _board_files(path: Path) -> list[Path]:
    """The definition files an entry of ``$ADJUDICATOR_BOARDS`` names: a file, or a
    folder's ``*.yaml`` and ``*.json``. An entry that cannot be looked at (too long a name,
    a folder that cannot be listed) is an input error naming the variable."""
    try:
        if not path.is_dir():
            return [path]
        if not os.access(path, os.R_OK | os.X_OK):
            raise PermissionError(errno.EACCES, "Permission denied")
        return sorted([*path.glob("*.yaml"), *path.glob("*.json")])
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        shown = path_text(path)[:200]
        raise InputError(
            "unreadable_file",
            said("dark_nebula.board.unreadable", shown=shown, reason=reason),
            field=f"${BOARDS_VARIABLE}",
            expected=said("dark_nebula.board.files"),
        ) from None


def resolve_board(board_id: str, sha256: str | None = None) -> BoardDefinition:
    """The known definition with this id; with ``sha256``, refused unless it has that
    digest (a record made with another version of the definition)."""
    boards = known_boards()
    board = boards.get(board_id)
    if board is None:
        raise InputError(
            "unknown_board",
            said("dark_nebula.board.unknown", board=board_id),
            field="board.id",
            expected=said(
                "dark_nebula.board.known",
                boards=", ".join(sorted(boards)),
                variable=BOARDS_VARIABLE,
            ),
        )
    if sha256 is not None and sha256 != board.sha256:
        raise InputError(
            "board_mismatch",
            said("dark_nebula.board.mismatch", sha256=sha256, board=board_id),
            field="board.sha256",
            expected=said("dark_nebula.board.digest", sha256=board.sha256),
        )
    return board


def default_board() -> BoardDefinition:
    """The shipped definition: the rulebook's values, placeholders for the rest."""
    return _DEFAULT


#: Read from its JSON copy (:mod:`adjudicator.core.read.yaml_data`): no YAML parser at start-up.
_DEFAULT = BoardDefinition.model_validate_json(
    (Path(__file__).parent / "boards" / "default.json").read_bytes()
)
