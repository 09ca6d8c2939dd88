"""Actions and their notation — a public interface that records and other engines rely on.

Canonical spellings: navigation ``I11-I10``, capture ``M3xM4``, jump ``O4-M4``, swap
``O4<>M4``, rotation ``O+`` / ``O-``. Every spelling that parses names an :class:`Action`,
legal or not, so that an illegal action is reported as a rule violation rather than as bad
notation. The lenient reader also accepts the documented alternatives (the rulebook's
``I11 → I10`` and ``O4⇄M4``, full-width characters, ``-`` where ``x`` or ``<>`` belongs,
``O+1`` / ``O-1``) and reports each normalisation.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.orbit_dominion.board import (
    ORBITS,
    SECTOR_BY_NAME,
    SECTOR_NAMES,
    orbit_of,
)

NAVIGATE, CAPTURE, JUMP, SWAP, ROTATE = "navigate", "capture", "jump", "swap", "rotate"


class Action:
    """An action as written in canonical notation. For a rotation ``src`` is the orbit
    (0 O, 1 M, 2 I) and ``dst`` the direction (+1 clockwise, −1 counter-clockwise).

    ``kind`` follows the separator: ``-`` along an orbit navigates and across orbits jumps,
    ``x`` captures, ``<>`` swaps. Whether the action is legal is for the rules to say.
    Immutable; equal actions are interchangeable, and :func:`action_named` gives one of each."""

    __slots__ = ("_hash", "dst", "kind", "src", "text")

    kind: str
    src: int
    dst: int
    text: str
    _hash: int

    def __init__(self, kind: str, src: int, dst: int, text: str | None = None) -> None:
        """``text`` is the canonical spelling when the caller already has it."""
        setattr_ = object.__setattr__
        setattr_(self, "kind", kind)
        setattr_(self, "src", src)
        setattr_(self, "dst", dst)
        setattr_(self, "text", _spell(kind, src, dst) if text is None else text)
        setattr_(self, "_hash", hash((kind, src, dst)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind, self.src, self.dst) == (other.kind, other.src, other.dst)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse canonical notation; anything else is an :class:`InputError`."""
        action = action_named(text) if isinstance(text, str) else None
        if action is None:
            raise _malformed(text)
        return action


def _spell(kind: str, src: int, dst: int) -> str:
    if kind == ROTATE:
        return f"{ORBITS[src]}{'+' if dst > 0 else '-'}"
    sep = {NAVIGATE: "-", JUMP: "-", CAPTURE: "x", SWAP: "<>"}[kind]
    return f"{SECTOR_NAMES[src]}{sep}{SECTOR_NAMES[dst]}"


#: Canonical notation: two sectors joined by ``-``, ``x`` or ``<>``, or an orbit and ``+``/``-``.
_CANONICAL = re.compile(
    r"(?P<src>[OMI](?:1[01]|[0-9]))(?P<sep>-|x|<>)(?P<dst>[OMI](?:1[01]|[0-9]))|(?P<orbit>[OMI])(?P<dir>[+-])"
)
#: The actions read so far, by spelling: each is made at its first reading, and an equal
#: spelling then finds the same object with one dict lookup. Making all 3,894 spellings at
#: import cost every command about a twentieth of its start-up, most of them never read.
_INTERNED: dict[str, Action] = {}


def action_named(text: str) -> Action | None:
    """The action that canonical ``text`` spells, or ``None`` if it spells none (or is not a
    string). Only canonical spellings are kept, so no input can make the table grow."""
    if not isinstance(text, str):
        return None
    action = _INTERNED.get(text)
    if action is not None:
        return action
    m = _CANONICAL.fullmatch(text)
    if m is None:
        return None
    if m["orbit"]:
        action = Action(ROTATE, ORBITS.index(m["orbit"]), 1 if m["dir"] == "+" else -1, text)
    else:
        src, dst = SECTOR_BY_NAME[m["src"]], SECTOR_BY_NAME[m["dst"]]
        if m["sep"] == "x":
            kind = CAPTURE
        elif m["sep"] == "<>":
            kind = SWAP
        else:
            kind = NAVIGATE if orbit_of(src) == orbit_of(dst) else JUMP
        action = Action(kind, src, dst, text)
    _INTERNED[text] = action
    return action


def every_action() -> dict[str, Action]:
    """Every spelling that parses and its action, for a test or a tool that needs them all."""
    sectors = SECTOR_NAMES
    texts = [f"{a}{sep}{b}" for a in sectors for b in sectors for sep in ("-", "x", "<>")]
    texts += [f"{o}{d}" for o in ORBITS for d in "+-"]
    return {text: action for text in texts if (action := action_named(text)) is not None}


def _malformed(text: object) -> InputError:
    return InputError(
        "malformed_action",
        said("orbit_dominion.action.malformed", text=text)
        if isinstance(text, str)
        else said("orbit_dominion.action.malformed_value", kind=type(text).__name__),
        expected=said("orbit_dominion.action.syntax"),
    )


# --- lenient reading ------------------------------------------------------------------------

#: Separators of the loose form: the rulebook's arrows mean "moves to" and "jumps to"; the
#: canonical separator then follows from what stands on the destination.
_LOOSE = re.compile(
    r"^(?P<src>[OMI](?:1[01]|[0-9]))\s*(?P<sep>→|⇄|<>|-|x)\s*(?P<dst>[OMI](?:1[01]|[0-9]))$"
)
_ROTATION = re.compile(r"^(?P<orbit>[OMI])\s*(?P<dir>[+-])(?P<one>1)?$")


@dataclass(frozen=True, slots=True)
class Loose:
    """A recognised spelling whose separator (``→``, ``⇄`` or ``-``) leaves the canonical
    one to what stands on the destination: ``x`` or ``<>`` onto an enemy ship, else ``-``."""

    src: int
    dst: int


def normalize_text(text: str) -> str:
    """Full-width forms to ASCII (NFKC), the minus sign U+2212 to ``-``, outer spaces off."""
    return unicodedata.normalize("NFKC", text).replace("−", "-").strip()


def read_loose(text: str) -> Action | Loose:
    """Read any documented spelling. Returns an :class:`Action` when the spelling fixes the
    action by itself, a :class:`Loose` when the separator depends on the position."""
    if not isinstance(text, str):
        raise _malformed(text)
    norm = normalize_text(text)
    rot = _ROTATION.match(norm)
    if rot:
        return Action.parse(rot["orbit"] + rot["dir"])
    m = _LOOSE.match(norm)
    if not m:
        raise _malformed(text)
    src, dst, sep = SECTOR_BY_NAME[m["src"]], SECTOR_BY_NAME[m["dst"]], m["sep"]
    if sep in ("x", "<>"):
        return Action.parse(f"{m['src']}{sep}{m['dst']}")
    return Loose(src, dst)
