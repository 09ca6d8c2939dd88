"""Action notation: canonical spellings and the documented lenient alternatives.

Canonical: navigation ``I11-I10``, capture ``M3xM4``, jump ``O4-M4``, swap ``O4<>M4``,
rotation ``O+``/``O-``. Lenient only (accepted with ``lenient=True`` and reported through
``reading.normalized``): the rulebook's ``I11 → I10`` and ``O4⇄M4``, full-width characters,
``-`` where ``x`` or ``<>`` belongs, and ``O+1``/``O-1``. Strict mode rejects them with
``noncanonical_notation`` and suggests the canonical spelling.
"""

from __future__ import annotations

import pytest

from adjudicator.core.errors import InputError
from adjudicator.orbit_dominion import STANDARD, Action, GameState
from adjudicator.orbit_dominion import actions as actions_module
from adjudicator.orbit_dominion.actions import action_named, every_action
from tests.orbit_dominion.support import pos, sec, snapshot

# A position with an enemy ship next to red along M and across from red on M4:
#
#         0 1 2 3 4 5 6 7 8 9 10 11
#     O   . . . . r . . . . . .  .
#     M   . . . r b . . . . . .  .
#     I   R . . . . . B . . . .  .      (red to move)
#
# M3xM4 captures, O4<>M4 swaps.
CONTACT = "r@O4 r@M3 b@M4 b@O9 R@I0 B@I6"


# --- canonical notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "src", "dst"),
    [
        ("I11-I10", "navigate", "I11", "I10"),
        ("O11-O1", "navigate", "O11", "O1"),
        ("M3xM4", "capture", "M3", "M4"),
        ("O4-M4", "jump", "O4", "M4"),
        ("M4-I4", "jump", "M4", "I4"),
        ("O4<>M4", "swap", "O4", "M4"),
    ],
)
def test_canonical_spellings(text, kind, src, dst):
    """Notation: ``-`` along an orbit navigates and across orbits jumps, ``x`` captures,
    ``<>`` swaps; sectors are written O/M/I and 0–11 (interpretation 1)."""
    action = Action.parse(text)
    assert action.kind == kind
    assert action.src == sec(src)
    assert action.dst == sec(dst)
    assert action.text == text
    assert str(action) == text


@pytest.mark.parametrize(
    ("text", "orbit", "direction"), [("O+", 0, 1), ("M-", 1, -1), ("I+", 2, 1)]
)
def test_rotation_spelling(text, orbit, direction):
    """第6条 / interpretation 5 notation: ``O+`` turns the outer orbit clockwise (+1),
    ``O-`` counter-clockwise (−1)."""
    action = Action.parse(text)
    assert (action.kind, action.src, action.dst) == ("rotate", orbit, direction)
    assert action.text == text


def test_every_canonical_spelling_round_trips():
    """Notation: every canonical spelling parses to an action that writes back the same, and
    the action made from what was read (kind, sectors or orbit and direction) is that action,
    spelled the same: the spelling is read and written by one notation."""
    for text in every_action():
        action = Action.parse(text)
        assert action.text == text
        made = Action(action.kind, action.src, action.dst)
        assert made == action
        assert made.text == text


def test_every_spelling_of_sectors_and_orbits_names_one_action():
    """Notation: each ordered pair of the 36 sectors is spelled with ``-``, ``x`` and ``<>``
    (the rules, not the notation, say which are legal), and each orbit turns ``+`` or ``-``:
    3 × 36 × 36 + 6 spellings, each naming its own action, the same object at every reading."""
    table = every_action()
    assert len(table) == 3 * 36 * 36 + 6
    assert len(set(table.values())) == len(table)
    assert all(action_named(text) is action for text, action in table.items())
    assert Action.parse("M4-I4").kind == "jump" and Action.parse("M3-M4").kind == "navigate"


def test_only_canonical_spellings_are_kept():
    """Notation: reading a spelling that names no action keeps nothing, so no input can make
    the table of actions read grow beyond the canonical spellings."""
    before = dict(actions_module._INTERNED)
    for text in ("O12-O0", "o+", "O+1", "I11 → I10", "M3xM4 ", "M3-M4\n"):
        assert action_named(text) is None
    assert action_named(["M3-M4"]) is None  # type: ignore[arg-type]
    assert before == actions_module._INTERNED


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "I11 → I10",  # lenient only: Action.parse is canonical
        "O4⇄M4",
        "O+1",
        "o+",
        "O+2",
        "O12-O0",
        "X1-X2",
        "I11-",
        "I11I10",
        "+",
        "I11--I10",
    ],
)
def test_parse_rejects_non_canonical(text):
    """Notation: ``Action.parse`` reads canonical notation only; anything else is a
    malformed_action input error."""
    with pytest.raises(InputError) as info:
        Action.parse(text)
    assert info.value.code == "malformed_action"


@pytest.mark.parametrize("bad", [None, 3, b"O+"])
def test_parse_rejects_non_strings(bad):
    """Notation: only a string can be an action."""
    with pytest.raises(InputError) as info:
        Action.parse(bad)
    assert info.value.code == "malformed_action"


def test_canonical_attempt_is_not_normalized():
    """Notation: a canonical spelling is read as written, strict or lenient."""
    for lenient in (False, True):
        state = GameState()
        reading, violation = state.attempt("I11-I10", lenient=lenient)
        assert violation is None
        assert reading.normalized is False
        assert reading.canonical == "I11-I10"
        assert reading.written == "I11-I10"
        assert [str(a) for a in state.actions] == ["I11-I10"]


# --- lenient alternatives ----------------------------------------------------------------

LENIENT_AT_START = [
    ("I11 → I10", "I11-I10"),  # the rulebook's example 01
    ("I11→I10", "I11-I10"),
    ("O11⇄M11", "O11-M11"),  # ⇄ onto an empty sector is a jump
    ("Ｉ１１－Ｉ１０", "I11-I10"),  # full-width
    ("Ｏ＋", "O+"),
    ("Ｍ－", "M-"),
    ("O+1", "O+"),
    ("O-1", "O-"),
    ("Ｉ＋１", "I+"),
]

LENIENT_IN_CONTACT = [
    ("M3-M4", "M3xM4"),  # '-' where 'x' belongs
    ("M3 → M4", "M3xM4"),  # arrow onto an enemy along the orbit
    ("Ｍ３ｘＭ４", "M3xM4"),
    ("O4-M4", "O4<>M4"),  # '-' where '<>' belongs
    ("O4⇄M4", "O4<>M4"),  # the rulebook's swap spelling
    ("Ｏ４＜＞Ｍ４", "O4<>M4"),
    ("Ｏ４⇄Ｍ４", "O4<>M4"),
]


def _lenient_cases():
    for written, canonical in LENIENT_AT_START:
        yield pytest.param(STANDARD, written, canonical, id=f"start:{written}")
    for written, canonical in LENIENT_IN_CONTACT:
        yield pytest.param(pos(CONTACT), written, canonical, id=f"contact:{written}")


@pytest.mark.parametrize(("start", "written", "canonical"), list(_lenient_cases()))
def test_lenient_reading_accepts_and_reports(start, written, canonical):
    """Notation (lenient alternatives): with lenient=True, ``I11 → I10``, ``O4⇄M4``,
    full-width characters, ``-`` where ``x``/``<>`` belongs and ``O+1``/``O-1`` are read as
    the canonical action, played, and reported as normalised."""
    state = GameState(start)
    reading, violation = state.attempt(written, lenient=True)
    assert violation is None
    assert reading.normalized is True
    assert reading.written == written
    assert reading.canonical == canonical
    assert reading.action == Action.parse(canonical)
    assert [str(a) for a in state.actions] == [canonical]

    reference = GameState(start)
    assert reference.play(Action.parse(canonical)) is None
    assert state.position == reference.position


@pytest.mark.parametrize(("start", "written", "canonical"), list(_lenient_cases()))
def test_strict_mode_rejects_lenient_spellings(start, written, canonical):
    """Notation / interpretation 12: strict mode (the default) rejects a lenient-only
    spelling with noncanonical_notation, suggests the canonical spelling and plays
    nothing."""
    state = GameState(start)
    before = snapshot(state)
    with pytest.raises(InputError) as info:
        state.attempt(written)
    assert info.value.code == "noncanonical_notation"
    assert info.value.suggestion == canonical
    assert snapshot(state) == before


@pytest.mark.parametrize("lenient", [False, True])
@pytest.mark.parametrize("text", ["hello", "", "O12-O0", "I11 ~ I10", "O+2", "Q+"])
def test_garbage_is_malformed_in_both_modes(text, lenient):
    """Notation / interpretation 12: garbage is malformed_action, strict or lenient, and
    changes nothing."""
    state = GameState()
    before = snapshot(state)
    with pytest.raises(InputError) as info:
        state.attempt(text, lenient=lenient)
    assert info.value.code == "malformed_action"
    assert snapshot(state) == before


def test_lenient_spelling_of_illegal_action_reports_violation():
    """Notation / 第4条 / interpretation 12: a lenient spelling of an illegal action is
    read, judged by the rules and rejected with the rule's violation; nothing changes.

    At the start red O0 → O11 is onto an own ship."""
    state = GameState()
    before = snapshot(state)
    reading, violation = state.attempt("O0 → O11", lenient=True)
    assert reading.canonical == "O0-O11"
    assert violation is not None
    assert violation.code == "navigation_onto_own"
    assert snapshot(state) == before


def test_arrow_two_sectors_onto_enemy_is_not_a_capture():
    """Notation / 第4条 ruling-2 / interpretation 2: an arrow two sectors onto an enemy
    reads as a navigation, which the rules reject as capture_two_away.

        0 1 2 3 4 5 6 7 8 9 10 11
    O   . . . . . . . . . . .  .
    M   . r . b . . . . . . .  .
    I   R . . . . . B . . . .  b      (red to move)
    """
    state = GameState(pos("r@M1 b@M3 R@I0 B@I6 b@I11"))
    reading, violation = state.attempt("M1 → M3", lenient=True)
    assert reading.canonical == "M1-M3"
    assert violation is not None
    assert violation.code == "capture_two_away"
    assert state.actions == []


def test_strict_lenient_spelling_of_illegal_action_plays_nothing():
    """Notation / interpretation 12: in strict mode a lenient-only spelling is never
    played; for an illegal action the engine reports the rule's violation (it judges the
    rules before the spelling), otherwise it raises noncanonical_notation."""
    state = GameState()
    before = snapshot(state)
    try:
        reading, violation = state.attempt("O0 → O11")
    except InputError as err:
        assert err.code == "noncanonical_notation"
    else:
        assert reading.canonical == "O0-O11"
        assert violation is not None
        assert violation.code == "navigation_onto_own"
    assert snapshot(state) == before
