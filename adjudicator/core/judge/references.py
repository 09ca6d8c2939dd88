"""Rule references and interpretations, loaded from each game's data file.

Violations, conformance cases and docs point at reference ids; article numbers never appear
hard-coded in prose. Each game ships a YAML file that lists its references (articles,
sections, rows of rulings tables, steps of a processing order) and the numbered
interpretations the project adopted where the text leaves room; the package reads its JSON
copy (:mod:`adjudicator.core.read.yaml_data`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Lang, said, say
from adjudicator.core.judge.plies import Counting


class RuleRef(BaseModel):
    """One citable place in a rulebook (or in the project's own notation standard)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Stable id, e.g. '7-1' or 'ruling-9'.")
    cite_ja: str = Field(description="How the rulebook itself names the place, e.g. '第7条 7-1'.")
    cite_en: str
    title_ja: str
    title_en: str
    kind: str = Field(default="article", description="article, step, ruling, notation, …")

    def cite(self, lang: Lang) -> str:
        if lang == "ja":
            return f"{self.cite_ja} {self.title_ja}"
        return f"{self.cite_en} {self.title_en}"


class Interpretation(BaseModel):
    """A reading chosen where the rulebook leaves room, numbered and citing its rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int
    id: str
    title_ja: str = Field(description="A few words naming the reading, shown for its id.")
    title_en: str
    rules: list[str]
    reading_ja: str
    reading_en: str
    alternatives: dict[str, str] = Field(
        default_factory=dict,
        description="Other readings reasonable people hold, by value name (English).",
    )


class ViolationSpec(BaseModel):
    """A stable violation code: the rule it breaks and its message in both languages.

    Messages are ``str.format`` templates over the violation's arguments."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    rules: list[str] = Field(min_length=1)
    ja: str
    en: str


class ReasonSpec(BaseModel):
    """An outcome reason: the rules that decide it and how to say it in both languages."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    rules: list[str] = Field(min_length=1)
    ja: str
    en: str

    def text(self, lang: Lang) -> str:
        return self.ja if lang == "ja" else self.en


class CheckOrder(BaseModel):
    """Which violation an engine answers when one event has several faults: the checks of
    one kind of event in the order they are made, the first fault found being the one
    answered. Single-fault cases cannot tell an author this order; the cases listed carry
    two or more faults each and pin it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event: str = Field(description="The kind of event or action the order is for.")
    checks: list[str] = Field(
        min_length=2, description="The checks in the order made, each naming its codes."
    )
    cases: list[str] = Field(
        min_length=1, description="Conformance cases with two or more faults that pin it."
    )


class EngineNotes(BaseModel):
    """What an engine author needs of a game beyond its articles: how the protocol writes
    its positions, what a position's claim field means, and what perft counts. English
    only, like the protocol's pages; the engine reference (``docs/engines/``) is generated
    from it with the violations and the conformance cases, so the three cannot drift apart."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    position: str = Field(description="The position format, as the protocol writes it.")
    claim: str | None = Field(
        default=None, description="What the position's claim field means, for a game with one."
    )
    perft: str | None = Field(
        default=None, description="The perft definition, for a game whose engines count it."
    )
    legal: str | None = Field(
        default=None,
        description="What the list of legal actions holds, for a game whose list needs more "
        "than the rules to pin it down (chance, hidden information, one spelling).",
    )
    codes: dict[str, str] = Field(
        default_factory=dict,
        description="Violation code → what it means for an engine where that differs from "
        "its message: a code the protocol never answers, and what is answered instead.",
    )
    order: list[CheckOrder] = Field(
        default_factory=list,
        description="Per kind of event, the order of its checks: which fault is answered "
        "when an event has several.",
    )


class SideSpec(BaseModel):
    """A side of the game and its name in both languages (``red``: 赤 / red)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    ja: str
    en: str


class TermSpec(BaseModel):
    """A word of the game's notation as a person says it in each language: Astro-Stra's die
    colour ``clear`` is 透明 in the rulebook, ``clear`` in English."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    ja: str
    en: str


class TermTable(BaseModel):
    """Words of the notation and the message arguments that hold them: a message says
    ``{colour}`` as 透明 in Japanese while the record and the JSON keep ``clear``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    args: list[str] = Field(min_length=1, description="Message arguments holding these words.")
    names: list[TermSpec] = Field(min_length=1)


class BoundarySpec(BaseModel):
    """A number the rules state (a range, a distance, a threshold, a count, a table's top),
    which the conformance suite must play at, one below and one above
    (``core/conformance/boundaries.py``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*[a-z0-9]$")
    rules: list[str] = Field(min_length=1, description="The articles stating the number.")
    value: int
    lowest: int | None = Field(
        default=None, description="The lowest value a record can hold: no case below it."
    )
    highest: int | None = Field(
        default=None, description="The highest value a record can hold: no case above it."
    )
    sides: list[str] = Field(
        default_factory=list,
        description="The sides that meet it, each to be played; empty: the same for both.",
    )
    en: str
    ja: str


class RuleData(BaseModel):
    """Everything a game states about its rulebook, as data."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rulebook: str
    sides: list[SideSpec] = Field(
        default_factory=list, description="The sides with their names in both languages."
    )
    terms: list[TermTable] = Field(
        default_factory=list,
        description="Words of the notation (die colours) named in both languages in messages.",
    )
    references: list[RuleRef]
    interpretations: list[Interpretation]
    violations: list[ViolationSpec]
    reasons: list[ReasonSpec]
    record_rules: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Rules cited by record-level checks: 'attempt_was_legal', 'notation'.",
    )
    allowed_by: dict[str, list[str]] = Field(
        default_factory=dict,
        description="The rules that allow each kind of legal event (or part of one): what a "
        "ruling on a legal action cites, as the game's replay names the kind "
        "(Replay.allowing).",
    )
    engine: EngineNotes | None = Field(
        default=None, description="Positions and perft as an engine author needs them."
    )
    counting: Counting = Field(
        default_factory=Counting,
        description="How the game says its plies ('41手目', '6ターン目'): core.plies.",
    )
    boundaries: list[BoundarySpec] = Field(
        default_factory=list,
        description="The numbers of the rules the suite plays at, below and above.",
    )

    def model_post_init(self, __context: Any) -> None:
        ids = {ref.id for ref in self.references}
        items: list[Interpretation | ViolationSpec | ReasonSpec | BoundarySpec] = [
            *self.interpretations,
            *self.violations,
            *self.reasons,
            *self.boundaries,
        ]
        for item in items:
            missing = [r for r in item.rules if r not in ids]
            if missing:
                raise ValueError(f"{item!r} cites unknown references {missing}")
        for check, refs in self.record_rules.items():
            if any(r not in ids for r in refs):
                raise ValueError(f"record check {check!r} cites unknown references {refs}")
        for kind, refs in self.allowed_by.items():
            if not refs or any(r not in ids for r in refs):
                raise ValueError(f"allowed_by {kind!r} cites unknown references {refs}")
        codes = {v.code for v in self.violations}
        if self.engine and (unknown := sorted(set(self.engine.codes) - codes)):
            raise ValueError(f"engine notes name unknown violation codes {unknown}")

    def ref(self, ref_id: str) -> RuleRef:
        for ref in self.references:
            if ref.id == ref_id:
                return ref
        raise KeyError(ref_id)

    def reason(self, code: str) -> ReasonSpec:
        for spec in self.reasons:
            if spec.code == code:
                return spec
        raise KeyError(code)

    def side_name(self, code: str, lang: Lang) -> str:
        """A side (or ``draw``) as a person says it: 赤, 帝国軍, 黒; an unknown code as is."""
        if code == "draw":
            return say("core.side.draw", lang)
        for side in self.sides:
            if side.code == code:
                return side.ja if lang == "ja" else side.en
        return code

    def reason_name(self, code: str, lang: Lang) -> str:
        """An outcome reason as a person says it; an unknown code as is."""
        for spec in self.reasons:
            if spec.code == code:
                return spec.text(lang)
        return code

    def interpretation_title(self, in_force: str, lang: Lang) -> str:
        """An interpretation in force (``past-home``, or switched ``past-home=exact``) as a
        person reads it: its number and title (解釈3 上がりを越える前進), a switched value
        after it; an unknown id as written."""
        ident, _, value = in_force.partition("=")
        for i in self.interpretations:
            if i.id == ident:
                named = i.title_ja if lang == "ja" else i.title_en
                title = say("core.interpretation.title", lang, number=i.number, title=named)
                return f"{title} ({value})" if value else title
        return in_force

    def term(self, arg: str, code: str, lang: Lang) -> str | None:
        """``code`` held by the message argument ``arg`` as a person says it (透明 for
        ``clear``); ``None`` when no table names it, so that it is shown as written."""
        for table in self.terms:
            if arg in table.args:
                for name in table.names:
                    if name.code == code:
                        return name.ja if lang == "ja" else name.en
        return None

    def cite(self, ref_ids: list[str], lang: Lang) -> str:
        """References as the rulebook names them, joined: '第4条 軌道航行と捕獲; …'."""
        return "; ".join(self.ref(r).cite(lang) for r in ref_ids)

    def allowing(self, kinds: list[str]) -> list[str]:
        """The references that allow an event made of ``kinds`` (its kind, then its parts:
        ``production``, ``production.extra``), each once, in the order given."""
        refs: list[str] = []
        for kind in kinds:
            refs += [r for r in self.allowed_by[kind] if r not in refs]
        return refs

    def violation(self, code: str) -> ViolationSpec:
        for spec in self.violations:
            if spec.code == code:
                return spec
        raise KeyError(code)


def load_rule_data(path: Path) -> RuleData:
    """Read a game's rule data: the ``rules.json`` beside its module, compiled from its
    ``rules.yaml``. Read by path rather than through ``importlib.resources``, whose look-up
    alone costs more than parsing the data."""
    return RuleData.model_validate_json(path.read_bytes())


def in_force(rules: RuleData, readings: BaseModel) -> list[str]:
    """Interpretation ids, each switched reading (a field of ``readings`` away from its
    default, named like the id with ``_``) written ``id=value``."""
    switched = readings.model_dump(exclude_defaults=True)
    out = []
    for i in rules.interpretations:
        field = i.id.replace("-", "_")
        if field in switched:
            value = switched[field]
            out.append(f"{i.id}={str(value).lower() if isinstance(value, bool) else value}")
        else:
            out.append(i.id)
    return out


R = TypeVar("R", bound=BaseModel)


def switch(readings: R, rules: RuleData, overrides: dict[str, str]) -> R:
    """``readings`` with interpretations switched by id (``nebula-entry``: ``each-step``);
    an unknown id or value is an :class:`InputError` naming what is accepted."""
    fields = type(readings).model_fields
    switchable = sorted(i.id for i in rules.interpretations if i.id.replace("-", "_") in fields)
    data = readings.model_dump()
    for interpretation, value in overrides.items():
        field = interpretation.replace("-", "_")
        if field not in fields:
            raise InputError(
                "unknown_interpretation",
                said("core.interpretation.not_switchable", interpretation=interpretation),
                field="--interpretation",
                expected=said("core.input.one_of", choices=", ".join(switchable)),
            )
        data[field] = {"true": True, "false": False}.get(value, value)
        try:
            type(readings).model_validate(data)
        except ValidationError:
            choices = ", ".join(
                str(c).lower() for c in get_args(fields[field].annotation) or (True, False)
            )
            raise InputError(
                "bad_interpretation",
                said("core.interpretation.bad_value", value=value, interpretation=interpretation),
                field="--interpretation",
                expected=said("core.input.one_of", choices=choices),
            ) from None
    return type(readings).model_validate(data)
