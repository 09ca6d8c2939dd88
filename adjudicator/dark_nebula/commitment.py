"""The secret base's commitment (3.1): published at set-up, opened at revelation.

3.1 has the rebel write the base's sector on a slip of paper. A record replaces the slip by
a commitment: the SHA-256, in lowercase hex, of the UTF-8 bytes of the compact JSON array
``["adjudicator/dark-nebula/base/1", GAME_ID, SECTOR_ID, NONCE_HEX]``. The game id binds it
to one game; the nonce (at least 128 bits of lowercase hex) keeps the thirteen possible
sectors from being tried one by one against the published digest.

Opening it, the validator tells three failures apart: the nonce opens the commitment for
another sector than the one revealed (the base was moved), the nonce opens it for no sector
at all (a wrong nonce), and a nonce too weak to have hidden anything.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterable
from typing import Literal, NamedTuple

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said

DOMAIN = "adjudicator/dark-nebula/base/1"
NONCE_BITS = 128
#: A nonce with fewer distinct hex digits than this is refused as weak: 32 random hex
#: digits show fewer than 8 distinct ones with a probability under 1e-7.
MIN_DISTINCT_DIGITS = 8
_HEX = re.compile(r"^[0-9a-f]+$")
_DIGEST = re.compile(r"^[0-9a-f]{64}$")
#: The preimage's strings as JSON; one encoder, as ``json.dumps`` builds one per call when
#: given options.
_STRING = json.JSONEncoder(ensure_ascii=False).encode


def make_nonce() -> str:
    """A fresh nonce: 256 bits from the operating system's secure source."""
    return secrets.token_hex(32)


def nonce_problem(nonce: object) -> Said | None:
    """Why ``nonce`` may not hide a base, or ``None`` when it may."""
    fault = _nonce_fault(nonce)
    return None if fault is None else said(fault[0], **fault[1])


def _nonce_fault(nonce: object) -> tuple[str, dict[str, object]] | None:
    """Why ``nonce`` may not hide a base (the message and its parameters), or ``None``."""
    if not isinstance(nonce, str) or not nonce:
        return "dark_nebula.nonce.missing", {}
    if not _HEX.match(nonce):
        return "dark_nebula.nonce.not_hex", {}
    if len(nonce) * 4 < NONCE_BITS:
        return "dark_nebula.nonce.short", {"bits": len(nonce) * 4, "least": NONCE_BITS}
    if len(set(nonce)) < MIN_DISTINCT_DIGITS:
        return "dark_nebula.nonce.not_random", {}
    return None


def check_nonce(nonce: object, *, field: str = "nonce") -> str:
    fault = _nonce_fault(nonce)
    if fault is not None:
        raise InputError(
            "weak_nonce",
            said(fault[0], **fault[1]),
            field=field,
            expected=said("dark_nebula.nonce.expected", digits=NONCE_BITS // 4),
        )
    return str(nonce)


def check_digest(digest: object, *, field: str = "commitment") -> str:
    if not isinstance(digest, str) or not _DIGEST.match(digest):
        raise InputError(
            "malformed_commitment",
            said("dark_nebula.commitment.not_a_digest", digest=digest),
            field=field,
            expected=said("dark_nebula.commitment.digest"),
        )
    return digest


def commitment(game_id: str, sector: str, nonce: str) -> str:
    """The digest a rebel publishes for ``sector``. The preimage is the array's compact
    JSON, written string by string: the encoder's way with a whole list costs more than
    the hash."""
    preimage = f"[{_STRING(DOMAIN)},{_STRING(game_id)},{_STRING(sector)},{_STRING(nonce)}]"
    return hashlib.sha256(preimage.encode("utf-8")).hexdigest()


class Opening(NamedTuple):
    """What opening a commitment found: ``ok``; ``other_sector`` (the nonce opens it for
    ``committed``, not for the sector revealed); ``wrong_nonce``; ``weak_nonce`` (with
    ``committed`` when the weak nonce opens it all the same: the commitment published at
    the set-up hid nothing)."""

    status: Literal["ok", "other_sector", "wrong_nonce", "weak_nonce"]
    committed: str | None = None
    detail: str = ""


def open_commitment(
    digest: str, game_id: str, sector: str, nonce: str, sectors: Iterable[str]
) -> Opening:
    """Check an opening against the published digest, naming the failure exactly."""
    problem = nonce_problem(nonce)
    committed = _committed(digest, game_id, sector, nonce, sectors)
    if problem is not None:
        return Opening("weak_nonce", committed, problem)
    if committed is None:
        return Opening("wrong_nonce")
    return Opening("ok" if committed == sector else "other_sector", committed)


def _committed(
    digest: str, game_id: str, sector: str, nonce: str, sectors: Iterable[str]
) -> str | None:
    """The sector ``nonce`` opens the commitment for, the one revealed tried first."""
    if not isinstance(nonce, str):
        return None
    if commitment(game_id, sector, nonce) == digest:
        return sector
    for other in sectors:
        if commitment(game_id, other, nonce) == digest:
            return other
    return None
