"""The suite's version and the changelog of its cases, kept in ``suite.json`` at the root
of the case folder (JSON, so that a runner in any language reads it without YAML).

The version follows semantic versioning for the people who pin it: a new case is a minor
version; a case whose request or expectation changed, or a case withdrawn, is a major one
(an engine that passed may now fail); wording alone is a patch. Each changelog entry names
the cases added, changed or removed (ids or glob patterns such as ``od.perft.*``).

``suite.lock.json`` keeps a digest of what every case sends and expects as of the current
version; the tests compare the cases with it, so that no case is added, changed or removed
without a changelog entry (``adjudicator conformance lock`` checks the entry and rewrites
the lock)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.conformance.cases import Case, CaseFile
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, said
from adjudicator.core.protocol.requests import parse_request
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.strict_json import parse_json

SUITE_FILE = "suite.json"
UNVERSIONED = "unversioned"
VERSION = r"^[0-9]+\.[0-9]+\.[0-9]+$"


class Change(BaseModel):
    """One release of the suite."""

    model_config = ConfigDict(extra="forbid")

    version: str = Field(pattern=VERSION)
    date: str = Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
    summary: str
    added: list[str] = Field(default_factory=list, description="Case ids or glob patterns.")
    changed: list[str] = Field(default_factory=list, description="Case ids or glob patterns.")
    removed: list[str] = Field(
        default_factory=list, description="Case ids withdrawn; an id is never reused."
    )


class Suite(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str = Field(pattern=VERSION, description="The version of the latest release.")
    changelog: list[Change] = Field(min_length=1, description="Newest first.")

    def introduced(self, case_id: str) -> str | None:
        """The version whose ``added`` names the case (the oldest one that does)."""
        for change in reversed(self.changelog):
            if any(fnmatchcase(case_id, p) for p in change.added):
                return change.version
        return None


def load_suite(root: Path) -> Suite | None:
    """The suite's metadata, or ``None`` for a case folder without ``suite.json``; an
    :class:`InputError` naming the file when it is malformed."""
    path = root / SUITE_FILE
    if not path.is_file():
        return None
    try:
        return parse_request(Suite, parse_json(read_text(path)))
    except InputError as err:
        raise err.at(str(path)) from None


def version_of(root: Path) -> str:
    suite = load_suite(root)
    return suite.version if suite else UNVERSIONED


# --- the lock: what each case sends and expects, as released ------------------------------

LOCK_FILE = "suite.lock.json"


class Lock(BaseModel):
    """A digest of every case as of ``suite_version`` (``adjudicator conformance lock``)."""

    model_config = ConfigDict(extra="forbid")

    suite_version: str = Field(pattern=VERSION)
    cases: dict[str, str] = Field(description="Case id → SHA-256 of what it sends and expects.")


def case_digest(game: str, case: Case) -> str:
    """What an engine sees of a case — the request and the expectation — hashed; the
    description, source and references may be reworded without changing it."""
    sent = case.model_dump(mode="json", include={"start", "moves", "notation", "request"})
    data = {
        "game": game,
        **sent,
        "features": sorted(case.features),
        "expect": case.expect.model_dump(mode="json", exclude_unset=True),
    }
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digests(files: list[CaseFile]) -> dict[str, str]:
    return {c.id: case_digest(f.game, c) for f in files for c in f.cases}


def load_lock(root: Path) -> Lock | None:
    path = root / LOCK_FILE
    if not path.is_file():
        return None
    try:
        return parse_request(Lock, parse_json(read_text(path)))
    except InputError as err:
        raise err.at(str(path)) from None


@dataclass
class Differences:
    """How the cases differ from the lock."""

    added: list[str]
    changed: list[str]
    removed: list[str]

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)


def differences(lock: Lock, files: list[CaseFile]) -> Differences:
    now = digests(files)
    return Differences(
        added=[i for i in now if i not in lock.cases],
        changed=[i for i in now if i in lock.cases and lock.cases[i] != now[i]],
        removed=[i for i in lock.cases if i not in now],
    )


#: A case added, changed or removed that the newest changelog entry does not list, by kind:
#: the catalogue's id.
_UNLISTED = {
    "added": "core.suite.unlisted_added",
    "changed": "core.suite.unlisted_changed",
    "removed": "core.suite.unlisted_removed",
}


def release_problems(suite: Suite, lock: Lock | None, files: list[CaseFile]) -> list[Said]:
    """Why the cases cannot be locked as ``suite.version``: the newest changelog entry must
    name every case added, changed or removed since the lock, under a new version."""
    if lock is None:
        return []
    found = differences(lock, files)
    if not found:
        return []
    newest = suite.changelog[0]
    problems = []
    if suite.version == lock.suite_version:
        problems.append(said("core.suite.differs", version=lock.suite_version, file=SUITE_FILE))
    for kind, unlisted in _UNLISTED.items():
        listed = getattr(newest, kind)
        for case_id in getattr(found, kind):
            if not any(fnmatchcase(case_id, p) for p in listed):
                problems.append(said(unlisted, case=case_id, version=newest.version))
    return problems
