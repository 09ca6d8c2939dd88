"""How a conformance answer differs from its expectation, in both languages: values
written as JSON (what the engine sent), lists of missing and unexpected entries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.core.conformance.cases import ExpectedError
from adjudicator.core.conformance.json_types import same_json
from adjudicator.core.i18n import Said, said
from adjudicator.core.read import strict_json


@dataclass
class Mismatch:
    """One request whose answer differs from the expectation."""

    request: str  # the exact line sent
    expected: Any
    actual: Any
    diff: Sequence[str]


def keys_as_text(counts: dict[int, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in counts.items()}


def differs(field: str, expected: Any, got: Any) -> Said:
    """``field: expected 3, got 2``; in both languages the values are written as the
    protocol writes them, in JSON (``null``, ``"a1"``), never as Python would
    (``None``, ``'a1'``): an engine author reads them against the JSON their engine sent."""
    return said("core.diff.differs", field=field, expected=json_text(expected), got=json_text(got))


#: Moves listed wrongly, by what is wrong with them: the catalogue's id.
LISTED = {
    "missing": "core.diff.missing",
    "unexpected": "core.diff.unexpected",
    "should be illegal": "core.diff.should_be_illegal",
}


def listed(field: str, what: str, items: list[str]) -> Said:
    """``legal_moves: missing ['a1-a2']``: moves missing, unexpected or wrongly legal."""
    return said(LISTED[what], field=field, items=json_text(items))


def json_text(value: Any) -> str:
    """A value in a difference, as JSON: what the engine wrote, not a Python repr."""
    return strict_json.dumps(value, default=str)


def about(field: str, what: Said) -> Said:
    """``what`` is wrong with ``field``."""
    return said("core.diff.about", field=field, said=what)


def unexpected_error(answer: dict[str, Any]) -> Said:
    error = answer.get("error")
    if isinstance(error, dict):
        shown = f"{json_text(error.get('code'))}: {error.get('message')}"
    else:
        shown = json_text(error)
    return said("core.diff.unexpected_error", error=shown)


def error_mismatch(sent: str, want: str | ExpectedError, answer: dict[str, Any]) -> Mismatch | None:
    error = answer.get("error")
    got = error if isinstance(error, dict) else {}
    if isinstance(want, str):
        if got.get("code") == want:
            return None
        actual: Any = error if error is not None else answer
        code = got.get("code")
        wrong = said("core.diff.error_code", expected=json_text(want), got=json_text(code))
        return Mismatch(sent, want, actual, [wrong])
    want_pair = want.model_dump()
    got_pair = {"code": got.get("code"), "field": got.get("field")}
    if got_pair == want_pair:
        return None
    diff = [
        differs(f"error.{k}", want_pair[k], got_pair[k])
        for k in ("code", "field")
        if want_pair[k] != got_pair[k]
    ]
    return Mismatch(sent, want_pair, error if error is not None else answer, diff)


def divide_diff(want: dict[str, int], got: dict[str, Any]) -> list[Said]:
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    common = sorted(set(want) & set(got))
    wrong = {a: (want[a], got[a]) for a in common if not same_json(want[a], got[a])}
    parts = [listed("divide", "missing", missing)] if missing else []
    parts += [listed("divide", "unexpected", extra)] if extra else []
    parts += [differs(f"divide {a}", w, g) for a, (w, g) in wrong.items()]
    return parts
