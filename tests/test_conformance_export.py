"""The suite for runners in other languages: ``conformance export --format json`` writes
plain JSON that validates against the committed schema and loses nothing, and the suite's
version and changelog account for every case."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance.cases import CaseFile, case_files
from adjudicator.core.conformance.suite import (
    SUITE_FILE,
    Change,
    Lock,
    Suite,
    differences,
    digests,
    load_lock,
    load_suite,
    release_problems,
)
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance"
SCHEMAS = ROOT / "schemas"
FILES = [f for _, f in case_files(CASES)]
SUITE = load_suite(CASES)


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def test_export_writes_every_topic_as_json_valid_against_the_committed_schema(
    tmp_path: Path,
) -> None:
    result = CliRunner().invoke(
        build_app(Registry(installed_games())),
        ["conformance", "export", "--format", "json", "--cases", str(CASES), str(tmp_path)],
    )
    assert result.exit_code == 0, result.stdout
    schema = _schema("conformance-export.schema.json")
    assert json.loads((tmp_path / "conformance-export.schema.json").read_text("utf-8")) == schema
    index = json.loads((tmp_path / "index.json").read_text("utf-8"))
    assert SUITE is not None and index["suite_version"] == SUITE.version
    assert index["changelog"][0]["version"] == SUITE.version
    assert len(index["files"]) == len(FILES)
    exported_ids = []
    for entry, original in zip(index["files"], FILES, strict=True):
        data = json.loads((tmp_path / entry["path"]).read_text("utf-8"))
        jsonschema.validate(data, schema)
        assert data["suite_version"] == SUITE.version
        assert entry["cases"] == len(data["cases"])
        # lossless: without the additions, it reads back as the very case file
        needs = [case.pop("needs") for case in data["cases"]]
        del data["suite_version"]
        assert CaseFile.model_validate(data) == original
        assert needs == [sorted(c.needed_features()) for c in original.cases]
        exported_ids += [c["id"] for c in data["cases"]]
    assert sorted(exported_ids) == sorted(c.id for f in FILES for c in f.cases)


def test_an_undecided_outcome_stays_an_explicit_null_in_the_export(tmp_path: Path) -> None:
    """'outcome: null' is an expectation (the game is still open), not a missing one."""
    from adjudicator.core.conformance.export import exported

    undecided = next(
        (f, c)
        for f in FILES
        for c in f.cases
        if c.expect.kind == "outcome" and not c.expect.outcome
    )
    data = exported(CaseFile(**{**undecided[0].model_dump(), "cases": [undecided[1]]}), "1.0.0")
    assert data["cases"][0]["expect"] == {"outcome": None}


def test_the_suite_file_follows_its_schema() -> None:
    raw = json.loads((CASES / SUITE_FILE).read_text("utf-8"))
    jsonschema.validate(raw, _schema("conformance-suite.schema.json"))


def test_the_version_is_the_newest_changelog_entry_and_versions_only_grow() -> None:
    assert SUITE is not None
    versions = [tuple(map(int, c.version.split("."))) for c in SUITE.changelog]
    assert SUITE.version == SUITE.changelog[0].version
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)


def test_the_changelog_says_when_every_case_was_added_and_no_removed_id_returns() -> None:
    """Stable ids: a case appears in the changelog when it is added, and an id withdrawn
    is never used again."""
    assert SUITE is not None
    ids = [c.id for f in FILES for c in f.cases]
    unlisted = [i for i in ids if SUITE.introduced(i) is None]
    assert unlisted == [], "add these cases to a new version in conformance/suite.json"
    removed = {r for change in SUITE.changelog for r in change.removed}
    assert removed.isdisjoint(ids)


def test_the_cases_are_those_locked_for_the_current_version() -> None:
    """No case is added, changed or removed without a changelog entry: after listing it in
    conformance/suite.json, `adjudicator conformance lock` records the new digests."""
    lock = load_lock(CASES)
    assert SUITE is not None and lock is not None
    assert lock.suite_version == SUITE.version
    found = differences(lock, FILES)
    assert not found, f"{found}: list them in {SUITE_FILE}, then run adjudicator conformance lock"


def test_a_changed_request_or_expectation_needs_a_new_version_that_lists_it() -> None:
    """What an engine sees counts as a change; rewording a description does not."""
    original = FILES[0]
    lock = Lock(suite_version="1.0.0", cases=digests([original]))
    first, rest = original.cases[0], original.cases[1:]
    reworded = first.model_copy(update={"description": "new words", "source": "elsewhere"})
    assert not differences(lock, [original.model_copy(update={"cases": [reworded, *rest]})])
    changed_case = first.model_copy(update={"moves": [*first.moves, "extra"]})
    changed = original.model_copy(update={"cases": [changed_case, *rest]})
    found = differences(lock, [changed])
    assert (found.added, found.changed, found.removed) == ([], [first.id], [])
    entry = {"date": "2026-12-02", "summary": "s"}
    same = Suite(version="1.0.0", changelog=[Change(version="1.0.0", **entry)])
    problems = release_problems(same, lock, [changed])
    assert any("new version" in p for p in problems)
    assert any(p.startswith(f"{first.id} is changed") for p in problems)
    listed = Change(version="2.0.0", changed=[first.id], **entry)
    assert release_problems(Suite(version="2.0.0", changelog=[listed]), lock, [changed]) == []
