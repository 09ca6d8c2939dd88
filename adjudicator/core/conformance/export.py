"""The suite as plain JSON, for runners in other languages: one file per topic, a schema
for those files and an index, as the JSON-Schema-Test-Suite is used — no YAML and no
Python needed.

    DIR/index.json                         the suite version, its changelog, every file
    DIR/conformance-export.schema.json     the JSON Schema of a topic file
    DIR/<game>/<topic>.json                a topic: game, title, suite version, cases
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from adjudicator.core.conformance.cases import Case, CaseFile
from adjudicator.core.conformance.suite import UNVERSIONED, Suite
from adjudicator.core.read.strict_json import dumps
from adjudicator.core.write.files import check_folder, inside, make_folder, write_text

SCHEMA_FILE = "conformance-export.schema.json"
INDEX_FILE = "index.json"


class ExportedCase(Case):
    needs: list[str] = Field(
        description="Every feature the case needs (those its expectation implies, and "
        "'features'): a runner skips it unless the engine declares them all for the game."
    )


class ExportedCaseFile(CaseFile):
    """A case file as exported: the same fields, defaults written out, the features each
    case needs, and the version of the suite it belongs to."""

    suite_version: str = Field(description="The suite's version, e.g. 1.0.0.")
    cases: list[ExportedCase] = Field(min_length=1)  # type: ignore[assignment]  # a subclass's field narrowed to exported cases; lists are invariant


def exported(case_file: CaseFile, version: str) -> dict[str, Any]:
    """The topic file's JSON: every case with its defaults written out, and exactly the one
    expectation it has (``outcome: null`` kept)."""
    data = case_file.model_dump(mode="json")
    for out, case in zip(data["cases"], case_file.cases, strict=True):
        out["expect"] = case.expect.model_dump(mode="json", exclude_unset=True)
        out["needs"] = sorted(case.needed_features())
    return {"suite_version": version, **data}


def _dump(data: Any) -> str:
    return dumps(data, indent=2) + "\n"


def export_json(
    files: list[CaseFile],
    suite: Suite | None,
    schema: dict[str, Any],
    directory: Path,
    option: str = "DIRECTORY",
    *,
    inputs: Sequence[Path],
) -> list[Path]:
    """Write the suite under ``directory``, never over one of ``inputs`` (the case files
    read); returns the files written, index first. Every
    path is built and checked before anything is written: a topic file's folder and name
    come from the case file (its game's short name, its topic), and each must be a plain
    name that keeps the file inside ``directory`` (:func:`~adjudicator.core.write.files.inside`),
    so that ``game: "../x"`` or ``game: "/etc"`` writes nothing anywhere."""
    version = suite.version if suite else UNVERSIONED
    check_folder(directory, option)
    topics = []
    for case_file in files:
        names = (case_file.game.split("/")[0], f"{case_file.topic}.json")
        path = inside(directory, names, f"{option}: game {case_file.game!r}")
        topics.append((case_file, "/".join(names), path))
    make_folder(directory, option)
    entries, written = [], []
    for case_file, relative, path in topics:
        make_folder(path.parent, option)
        write_text(path, _dump(exported(case_file, version)), option, inputs=inputs)
        written.append(path)
        entries.append(
            {
                "path": relative,
                "game": case_file.game,
                "topic": case_file.topic,
                "title": case_file.title,
                "cases": len(case_file.cases),
            }
        )
    write_text(directory / SCHEMA_FILE, _dump(schema), option, inputs=inputs)
    index = {
        "suite_version": version,
        "schema": SCHEMA_FILE,
        "files": entries,
        "changelog": suite.model_dump(mode="json")["changelog"] if suite else [],
    }
    write_text(directory / INDEX_FILE, _dump(index), option, inputs=inputs)
    return [directory / INDEX_FILE, directory / SCHEMA_FILE, *written]
