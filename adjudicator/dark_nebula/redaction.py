"""The empire player's view of a full record (the ``redact`` command).

Everything in a record is public except ``secret``, the opening a director's record knows
from the start; the rest — the base's production value, what it builds, where its counters
appear — the empire saw at the table (interpretation 11). Removing the opening is all the
projection does, and it is why the public verdicts of both records agree.
"""

from __future__ import annotations

from typing import Any


def redact(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a JSON record without what only the rebel and the director knew."""
    return {key: value for key, value in record.items() if key != "secret"}
