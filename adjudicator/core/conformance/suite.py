"""The suite's version and the changelog of its cases, kept in ``suite.json`` at the root
of the case folder (JSON, so that a runner in any language reads it without YAML).

The version follows semantic versioning for the people who pin it: a new case is a minor
version; a case whose request or expectation changed, or a case withdrawn, is a major one
(an engine that passed may now fail); wording alone is a patch. Each changelog entry names
the cases added, changed or removed (ids or glob patterns such as ``od.perft.*``)."""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.errors import InputError
from adjudicator.core.loading import parse_json, read_text
from adjudicator.core.requests import parse_request

SUITE_FILE = "suite.json"
UNVERSIONED = "unversioned"
VERSION = r"^\d+\.\d+\.\d+$"


class Change(BaseModel):
    """One release of the suite."""

    model_config = ConfigDict(extra="forbid")

    version: str = Field(pattern=VERSION)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
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
