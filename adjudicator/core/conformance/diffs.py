"""How a conformance answer differs from its expectation, in both languages: values
written as JSON (what the engine sent), lists of missing and unexpected entries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.core.conformance.cases import ExpectedError
from adjudicator.core.conformance.json_types import same_json
from adjudicator.core.i18n import Said
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
    return Said(
        f"{field}: expected {json_text(expected)}, got {json_text(got)}",
        f"{field}: 期待値 {json_text(expected)}、実際の値 {json_text(got)}",
    )


LISTED_JA = {
    "missing": "足りない手",
    "unexpected": "余分な手",
    "should be illegal": "不正なはずの手",
}


def listed(field: str, what: str, items: list[str]) -> Said:
    """``legal_moves: missing ['a1-a2']``: moves missing, unexpected or wrongly legal."""
    return Said(
        f"{field}: {what} {json_text(items)}", f"{field}: {LISTED_JA[what]} {json_text(items)}"
    )


def json_text(value: Any) -> str:
    """A value in a difference, as JSON: what the engine wrote, not a Python repr."""
    return strict_json.dumps(value, default=str)


def about(field: str, said: Said) -> Said:
    return Said(f"{field}: {said}", f"{field}: {said.ja}")


def unexpected_error(answer: dict[str, Any]) -> Said:
    error = answer.get("error")
    if isinstance(error, dict):
        said = f"{json_text(error.get('code'))}: {error.get('message')}"
    else:
        said = json_text(error)
    return Said(f"unexpected error {said}", f"予期しないエラー {said}")


def error_mismatch(sent: str, want: str | ExpectedError, answer: dict[str, Any]) -> Mismatch | None:
    error = answer.get("error")
    got = error if isinstance(error, dict) else {}
    if isinstance(want, str):
        if got.get("code") == want:
            return None
        actual: Any = error if error is not None else answer
        code = got.get("code")
        said = Said(
            f"error: expected code {json_text(want)}, got {json_text(code)}",
            f"error: 期待したコード {json_text(want)}、実際のコード {json_text(code)}",
        )
        return Mismatch(sent, want, actual, [said])
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
