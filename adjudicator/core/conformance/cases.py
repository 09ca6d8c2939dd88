"""Conformance case files (YAML): the models, their JSON Schema, loading and checks.

A case says where in the rulebook it comes from, what to send (a start and the actions
played, plus any game-specific request fields) and exactly one expectation, matched
against the engine's answer:

| key | compared with | needs feature |
|---|---|---|
| ``legal`` (``exact`` / ``include`` / ``exclude``) | ``legal_moves`` of ``evaluate`` | |
| ``rejected`` (``index``, ``violation``) | ``illegal_at``, ``violation`` | ``violation_codes`` |
| ``outcome`` (or ``null`` for undecided) | ``outcome`` | |
| ``position`` | ``position`` | |
| ``error`` (a code, or ``code`` and ``field``) | ``error.code``, ``.field`` | ``malformed_input`` |
| ``normalized`` | ``normalized`` (lenient notation) | ``lenient_notation`` |
| ``perft`` (depth → nodes) | ``nodes`` of ``perft`` at each depth | ``perft`` |
| ``divide`` (``depth``, action → nodes) | ``divide`` of ``perft`` | ``perft_divide`` |
| ``pending`` (``code``, ``ply`` each) | ``pending``: hidden checks not yet run | |
| ``playthrough`` (``steps``, ``outcome``) | each position of a whole game | |

Every expectation answered by ``evaluate`` other than ``rejected`` also holds that the
record is accepted: the answer's ``illegal_at`` must be ``null``. Otherwise an engine that
refuses a record meant to be legal would meet ``outcome: null`` (a refused record has no
outcome either), or a position or legal set that happens to stand before the refusal. A
case about what follows a refused action (Orbit Dominion lets the same side act again)
says so with ``illegal_at``, the index the answer must report.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from adjudicator.core.batch.walk import files_under
from adjudicator.core.errors import InputError
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.yaml_model import read_yaml_model

CASE_ID = r"^[a-z0-9][a-z0-9.-]*[a-z0-9]$"
#: A case's boundary tag: ``placement-limit=3@rebel`` (the boundary, the value the case
#: plays at, and the side, for a boundary each side meets).
BOUNDARY_TAG = r"^(?P<id>[a-z0-9][a-z0-9.-]*[a-z0-9])=(?P<value>-?[0-9]+)(?:@(?P<side>[a-z]+))?$"


class LegalSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    exact: list[str] | None = Field(default=None, description="The whole set, any order.")
    include: list[str] = Field(default_factory=list, description="Must be legal.")
    exclude: list[str] = Field(default_factory=list, description="Must not be legal.")

    @model_validator(mode="after")
    def _something(self) -> LegalSet:
        if self.exact is None and not self.include and not self.exclude:
            raise ValueError("give exact, or include and/or exclude")
        if self.exact is not None and (self.include or self.exclude):
            raise ValueError("exact stands alone")
        return self


class Rejected(BaseModel):
    model_config = ConfigDict(extra="forbid")

    index: int = Field(ge=0, description="0-based index of the first rejected action.")
    violation: str | None = Field(default=None, description="Its violation code.")


class ExpectedOutcome(BaseModel):
    model_config = ConfigDict(extra="forbid")

    winner: str
    reason: str
    decided_at: int = Field(ge=0)


class Normalization(BaseModel):
    model_config = ConfigDict(extra="forbid")

    index: int
    written: str
    canonical: str


class ExpectedError(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    field: str = Field(description="Where in the request the answer must locate the fault.")


class Divide(BaseModel):
    model_config = ConfigDict(extra="forbid")

    depth: int = Field(ge=0)
    nodes: dict[str, int] = Field(description="Every legal first action → nodes under it.")


class ExpectedPending(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    ply: int = Field(ge=1, description="1-based index of the event the check concerns.")


class IllegalStep(BaseModel):
    """An action the side to move may not make at a step of a playthrough, and the verdict:
    the runner plays the record up to the step, then this action, and expects it refused."""

    model_config = ConfigDict(extra="forbid")

    move: str | dict[str, Any] = Field(description="The refused action or event.")
    violation: str = Field(description="Its violation code (compared with violation_codes).")


class Step(BaseModel):
    """One position of a playthrough: where the record stands after its first N actions."""

    model_config = ConfigDict(extra="forbid")

    position: str = Field(description="The answer's position after the actions before it.")
    legal: str | None = Field(
        default=None,
        description="Every legal action or turn there, sorted by code point and front-coded: "
        "one line per entry, 'K J MIDDLE': the first K characters of the entry before it "
        "(none before the first), MIDDLE, then the last J characters of the entry before it; "
        "'' for none. Absent: not compared.",
    )
    list_request: dict[str, Any] = Field(
        default_factory=dict,
        description="Fields sent with the request that asks for the list (Astro-Stra: roll).",
    )
    illegal: list[IllegalStep] = Field(
        default_factory=list, description="Actions refused here, each with its verdict."
    )


class Playthrough(BaseModel):
    """A whole game generated by the built-in engine with a fixed seed: each position with
    its list of legal actions, and the outcome (``adjudicator conformance playthroughs``)."""

    model_config = ConfigDict(extra="forbid")

    seed: int = Field(ge=0, description="The seed the game was generated with.")
    list_feature: str | None = Field(
        default=None,
        description="The feature an engine declares to be compared with the lists (Astro-Stra: "
        "legal_turns); absent: every engine answers them (Orbit Dominion's legal_moves).",
    )
    steps: list[Step] = Field(
        min_length=1, description="One per position: before the first action, after each."
    )
    outcome: ExpectedOutcome | None = Field(description="The outcome after the last action.")


EXPECTATIONS = (
    "legal",
    "rejected",
    "outcome",
    "position",
    "error",
    "normalized",
    "perft",
    "divide",
    "pending",
    "playthrough",
)


#: The expectations whose answer also says whether the record was accepted (``evaluate``
#: answers other than ``rejected``, which states ``illegal_at`` itself).
CHECKS_ACCEPTANCE = ("legal", "outcome", "position", "normalized", "pending")


class Expect(BaseModel):
    """Exactly one expectation, and for those of :data:`CHECKS_ACCEPTANCE` the index of
    the first refused action (``illegal_at``; absent: none, the record is legal to the end)."""

    model_config = ConfigDict(extra="forbid")

    legal: LegalSet | None = None
    rejected: Rejected | None = None
    outcome: ExpectedOutcome | None = Field(
        default=None, description="The outcome; write null to expect an undecided game."
    )
    position: str | None = None
    error: str | ExpectedError | None = Field(
        default=None, description="The error code of the answer, or its code and field."
    )
    normalized: list[Normalization] | None = None
    perft: dict[int, int] | None = Field(default=None, description="depth → nodes")
    divide: Divide | None = None
    pending: list[ExpectedPending] | None = Field(
        default=None, description="Hidden checks still waiting, in order; [] for none."
    )
    playthrough: Playthrough | None = None
    illegal_at: int | None = Field(
        default=None,
        ge=0,
        description="Beside legal, outcome, position, normalized or pending: the 0-based "
        "index of the first refused action the answer must report. Absent or null: the "
        "record must be accepted to its end.",
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> Expect:
        given = [k for k in EXPECTATIONS if k in self.model_fields_set]
        if len(given) != 1:
            raise ValueError(f"exactly one expectation of {', '.join(EXPECTATIONS)}")
        if "illegal_at" in self.model_fields_set and given[0] not in CHECKS_ACCEPTANCE:
            raise ValueError(f"illegal_at goes only with {', '.join(CHECKS_ACCEPTANCE)}")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in EXPECTATIONS if k in self.model_fields_set)


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=CASE_ID, description="Stable; never reused for another case.")
    refs: list[str] = Field(min_length=1, description="Rule reference ids it tests.")
    source: str = Field(description="Where in the rulebook (or the issue) it comes from.")
    description: str = Field(description="What the case checks, in English.")
    description_ja: str | None = Field(
        default=None,
        description="The same in Japanese, in the rulebook's terms: what `--lang ja` shows. "
        "Every case of the shipped suite has one; a case without it is shown in English.",
    )
    start: str = "standard"
    moves: list[str | dict[str, Any]] = Field(
        default_factory=list,
        description="Actions as lines, or events as objects for a game whose records hold them.",
    )
    notation: Literal["strict", "lenient"] = "strict"
    request: dict[str, Any] = Field(
        default_factory=dict, description="Further game-specific fields of the request."
    )
    features: list[str] = Field(
        default_factory=list, description="Features needed beyond what the expectation implies."
    )
    boundaries: list[Annotated[str, StringConstraints(pattern=BOUNDARY_TAG)]] = Field(
        default_factory=list,
        description="The numbers of the rules it tests at, below or above their value, each "
        "'<boundary>=<value>' or '<boundary>=<value>@<side>' (the game's rules.yaml "
        "boundaries; core/conformance/boundaries.py).",
    )
    expect: Expect

    @model_validator(mode="after")
    def _a_step_per_position(self) -> Case:
        playthrough = self.expect.playthrough
        if playthrough is not None and len(playthrough.steps) != len(self.moves) + 1:
            raise ValueError("a playthrough has one step per position: len(moves) + 1")
        return self

    def needed_features(self) -> set[str]:
        needed = set(self.features)
        kind = self.expect.kind
        if kind in ("perft", "divide"):
            needed.add("perft")
        if kind == "divide":
            needed.add("perft_divide")
        if kind == "error":
            needed.add("malformed_input")
        if self.notation == "lenient" or kind == "normalized":
            needed.add("lenient_notation")
        return needed


class CaseFile(BaseModel):
    """One topic: an article, a row of a rulings table, a processing step, an example."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="Versioned game id, e.g. orbit-dominion/4.2.")
    topic: str = Field(pattern=CASE_ID)
    title: str
    cases: list[Case] = Field(min_length=1)


def load_case_file(path: Path, *, trusted: bool = False) -> CaseFile:
    """A case file; an :class:`InputError` whose field names the file and the place.
    ``trusted``: the suite shipped with the package, read without the bounds for files
    from outside (:func:`read_yaml_model`)."""
    return read_yaml_model(path, CaseFile, trusted=trusted)


_GAME_LINE = re.compile(r"^game:[ \t]*(\S+)[ \t]*$", re.MULTILINE)


def _names_another_game(path: Path, game: str) -> bool:
    """Whether the file's top-level ``game:`` line names another game: then it is not
    parsed at all (reading the YAML of every game's cases to run one game's took seconds).
    A file without such a line is parsed and filtered as usual. It is read as every case
    file is, regular files only and within the size limit: a FIFO or a link to a device
    among them is refused, never waited on or read without end."""
    try:
        m = _GAME_LINE.search(read_text(path))
    except InputError:
        return False  # parsing it reports the problem
    return m is not None and m[1].strip("'\"") != game


def case_paths(root: Path) -> Iterator[Path]:
    """The case files (``*.yaml``) under ``root``, found by the one folder walk
    (:func:`adjudicator.core.batch.walk.files_under`): any depth, in the order of the path
    components, links to folders not followed; a ``*.yaml`` entry that cannot be read is
    found too, and reading it says why."""
    return files_under([root], (".yaml",), untold=False)


def case_files(
    root: Path, game: str | None = None, *, trusted: bool = False
) -> list[tuple[Path, CaseFile]]:
    """The case files under ``root`` (of ``game`` only, when given); ``trusted`` as for
    :func:`load_case_file`."""
    out = []
    for path in case_paths(root):
        if game is not None and _names_another_game(path, game):
            continue
        case_file = load_case_file(path, trusted=trusted)
        if game is None or case_file.game == game:
            out.append((path, case_file))
    return out
