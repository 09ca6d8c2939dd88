"""The base's commitment (3.1, record standard): its exact preimage, refused nonces, and the
three ways an opening fails."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.errors import InputError
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.commitment import (
    check_digest,
    check_nonce,
    commitment,
    make_nonce,
    nonce_problem,
    open_commitment,
)

SECTORS = [s.id for s in default_board().sectors]
NONCE = "3f9c2a7be1d04c58a6f2e9b7c1d3a5e8"
GAME = "2026-11-29-table-3"


def test_3_1_preimage_is_the_compact_json_array() -> None:
    preimage = f'["adjudicator/dark-nebula/base/1","{GAME}","earth","{NONCE}"]'
    assert commitment(GAME, "earth", NONCE) == hashlib.sha256(preimage.encode()).hexdigest()


def test_3_1_game_id_binds_the_commitment() -> None:
    assert commitment(GAME, "earth", NONCE) != commitment("another-game", "earth", NONCE)


def test_fresh_nonces_are_strong_and_differ() -> None:
    a, b = make_nonce(), make_nonce()
    assert a != b and nonce_problem(a) is None and len(a) == 64


@pytest.mark.parametrize(
    ("nonce", "problem"),
    [
        (None, "missing"),
        ("", "missing"),
        ("3F9C2A7BE1D04C58A6F2E9B7C1D3A5E8", "lowercase hex"),
        ("3f9c2a7be1d04c58", "64 bits"),
        ("0" * 32, "not random"),
        ("01" * 32, "not random"),
    ],
)
def test_3_1_weak_or_missing_nonces_are_refused(nonce: object, problem: str) -> None:
    with pytest.raises(InputError) as err:
        check_nonce(nonce)
    assert err.value.code == "weak_nonce" and problem in err.value.message


def test_malformed_digest_is_refused() -> None:
    with pytest.raises(InputError) as err:
        check_digest("abc", field="setup.commitment")
    assert err.value.code == "malformed_commitment" and err.value.field == "setup.commitment"


def test_opening_the_right_sector() -> None:
    digest = commitment(GAME, "radia", NONCE)
    assert open_commitment(digest, GAME, "radia", NONCE, SECTORS).status == "ok"


def test_opening_another_sector_names_the_committed_one() -> None:
    digest = commitment(GAME, "radia", NONCE)
    opened = open_commitment(digest, GAME, "earth", NONCE, SECTORS)
    assert opened.status == "other_sector" and opened.committed == "radia"


def test_opening_with_a_wrong_nonce() -> None:
    digest = commitment(GAME, "radia", NONCE)
    other = "9" + NONCE[1:]
    assert open_commitment(digest, GAME, "radia", other, SECTORS).status == "wrong_nonce"


def test_opening_with_a_weak_nonce() -> None:
    digest = commitment(GAME, "radia", "0" * 32)
    opened = open_commitment(digest, GAME, "radia", "0" * 32, SECTORS)
    assert opened.status == "weak_nonce"


@given(st.sampled_from(SECTORS), st.sampled_from(SECTORS))
def test_an_opening_succeeds_exactly_for_the_committed_sector(committed: str, shown: str) -> None:
    digest = commitment(GAME, committed, NONCE)
    opened = open_commitment(digest, GAME, shown, NONCE, SECTORS)
    assert (opened.status == "ok") == (committed == shown)
    assert opened.committed == committed
