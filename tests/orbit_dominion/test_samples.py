"""Every sample record in records/orbit-dominion/ gets exactly the verdict its name
promises; the reports a director reads are snapshot-tested in both languages."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console
from syrupy.assertion import SnapshotAssertion

from adjudicator.core.batch.files import Options, validate_file
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.write.output import Output
from adjudicator.core.write.report import VerdictPrinter

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "records" / "orbit-dominion"
REGISTRY = Registry(installed_games())

# file → (status, code of the problem or None, 1-based ply of the problem or None)
EXPECTED: dict[str, tuple[str, str | None, int | None]] = {
    "valid/annihilation.json": ("valid", None, None),
    "valid/comments-clocks-attempts.json": ("valid", None, None),
    "valid/comments-clocks-attempts.txt": ("valid", None, None),
    "valid/flagship-capture.json": ("valid", None, None),
    "valid/forfeit-on-time.json": ("valid", None, None),
    "valid/gate-control.json": ("valid", None, None),
    "valid/move-limit-blue-wins.json": ("valid", None, None),
    "valid/move-limit-draw.json": ("valid", None, None),
    "valid/move-limit-red-wins.json": ("valid", None, None),
    "valid/no-legal-moves.json": ("valid", None, None),
    "valid/pincer.json": ("valid", None, None),
    "valid/pincer.txt": ("valid", None, None),
    "valid/resignation.json": ("valid", None, None),
    "valid/unfinished.json": ("valid", None, None),
    "invalid/attempt-was-legal.json": ("invalid", "attempt_was_legal", 5),
    "invalid/illegal-action-in-the-middle.json": ("invalid", "jump_across_two_orbits", 41),
    "invalid/lenient-spellings-in-strict-file.json": ("invalid", "noncanonical_notation", 1),
    "invalid/lenient-spellings-in-strict-file.txt": ("invalid", "noncanonical_notation", 1),
    "invalid/moves-after-the-end.json": ("invalid", "moves_after_end", 84),
    "invalid/resignation-after-the-end.json": ("invalid", "ended_after_decided", 83),
    "invalid/result-claimed-but-undecided.json": ("invalid", "result_undecided", None),
    "invalid/result-missing.json": ("invalid", "result_missing", 83),
    "invalid/threefold-repetition.json": ("invalid", "threefold_repetition", 4),
    "invalid/wrong-reason.json": ("invalid", "wrong_reason", 83),
    "invalid/wrong-winner.json": ("invalid", "wrong_winner", 83),
    "unreadable/bad-move-number.txt": ("unreadable", "bad_notation", None),
    "unreadable/binary-junk.json": ("unreadable", "binary_file", None),
    "unreadable/schema-violation.json": ("unreadable", "schema_violation", None),
    "unreadable/shift-jis.txt": ("unreadable", "wrong_encoding", None),
    "unreadable/truncated.json": ("unreadable", "bad_json", None),
    "unreadable/unknown-field.json": ("unreadable", "unknown_field", None),
    "unreadable/unsupported-format.json": ("unreadable", "unsupported_format", None),
    "unreadable/unsupported-ruleset.json": ("unreadable", "unsupported_ruleset", None),
    "unreadable/utf16.json": ("unreadable", "wrong_encoding", None),
    "unreadable/yaml-instead-of-json.json": ("unreadable", "bad_json", None),
}
VALID_REASONS = {
    "annihilation.json": "annihilation",
    "flagship-capture.json": "flagship_capture",
    "forfeit-on-time.json": "forfeit",
    "gate-control.json": "gate_control",
    "move-limit-blue-wins.json": "move_limit",
    "move-limit-draw.json": "move_limit",
    "move-limit-red-wins.json": "move_limit",
    "no-legal-moves.json": "no_legal_moves",
    "pincer.json": "pincer",
    "resignation.json": "resignation",
}


def verdict(name: str, **options: object) -> Verdict:
    return validate_file(REGISTRY, SAMPLES / name, Options(**options))  # type: ignore[arg-type]


def test_every_sample_is_listed() -> None:
    on_disk = {str(p.relative_to(SAMPLES)) for p in SAMPLES.rglob("*") if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verdict(name: str) -> None:
    status, code, ply = EXPECTED[name]
    v = verdict(name)
    assert v.status == status
    if status == "unreadable":
        assert v.unreadable is not None and v.unreadable.code == code
    elif status == "invalid":
        assert v.problem is not None
        assert (v.problem.code, v.problem.ply) == (code, ply)
    else:
        assert v.problem is None and v.unreadable is None


@pytest.mark.parametrize(("name", "reason"), sorted(VALID_REASONS.items()))
def test_valid_samples_end_as_named(name: str, reason: str) -> None:
    """Each ending of 第8条 and 第10条 has a sample that the rules decide that way."""
    v = verdict(f"valid/{name}")
    assert v.computed is not None and v.computed.reason == reason
    if reason == "move_limit":
        assert v.computed.decided_at == 120


def test_move_limit_samples_have_the_right_winner() -> None:
    """第8条 最大手数: more normal ships wins; equal counts draw (ruling 10)."""
    assert verdict("valid/move-limit-red-wins.json").computed.winner == "red"  # type: ignore[union-attr]
    assert verdict("valid/move-limit-blue-wins.json").computed.winner == "blue"  # type: ignore[union-attr]
    assert verdict("valid/move-limit-draw.json").computed.winner == "draw"  # type: ignore[union-attr]


def test_lenient_mode_accepts_and_reports_the_documented_spellings() -> None:
    v = verdict("invalid/lenient-spellings-in-strict-file.json", lenient=True)
    assert v.status == "valid"
    assert [w.code for w in v.warnings] == ["normalized", "normalized"]


def test_unknown_fields_are_warnings_in_lenient_mode() -> None:
    v = verdict("unreadable/unknown-field.json", lenient=True)
    assert v.status == "valid"
    assert [(w.code, w.location) for w in v.warnings] == [("unknown_field", "venue")]


def test_oversize_files_are_refused_with_the_limit_named() -> None:
    v = verdict("valid/pincer.json", max_bytes=200)
    assert v.status == "unreadable" and v.unreadable is not None
    assert v.unreadable.code == "file_too_large"
    assert "200" in v.unreadable.message


def render(v: Verdict, lang: str) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, soft_wrap=True)
    VerdictPrinter(Output(console), lang)(v)  # type: ignore[arg-type]
    return out.getvalue().replace(str(SAMPLES), "records/orbit-dominion")


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if not n.startswith("valid/")))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_reports(name: str, lang: str, snapshot: SnapshotAssertion) -> None:
    v = verdict(name, lang=lang)
    assert render(v, lang) == snapshot(name=f"{name}-{lang}-text")
    data = json.loads(v.model_dump_json())
    data["source"] = name
    assert data == snapshot(name=f"{name}-{lang}-json")


def test_valid_reports(snapshot: SnapshotAssertion) -> None:
    lines = [render(verdict(n), "en") for n in sorted(EXPECTED) if n.startswith("valid/")]
    assert "".join(lines) == snapshot


RECORD_SCHEMA = json.loads(
    (ROOT / "schemas" / "orbit-dominion.record.schema.json").read_text(encoding="utf-8")
)
VERDICT_SCHEMA = json.loads((ROOT / "schemas" / "verdict.schema.json").read_text("utf-8"))


@pytest.mark.parametrize(
    "name", sorted(n for n in EXPECTED if n.endswith(".json") and not n.startswith("unreadable"))
)
def test_samples_validate_against_the_committed_schema(name: str) -> None:
    """The committed schema, checked by an independent validator, accepts every readable
    sample: other languages can rely on it."""
    jsonschema.validate(json.loads((SAMPLES / name).read_text("utf-8")), RECORD_SCHEMA)


@pytest.mark.parametrize(
    "name",
    [
        "unreadable/schema-violation.json",
        "unreadable/unknown-field.json",
        "unreadable/unsupported-ruleset.json",
        "unreadable/unsupported-format.json",
    ],
)
def test_committed_schema_rejects_what_the_validator_rejects(name: str) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(json.loads((SAMPLES / name).read_text("utf-8")), RECORD_SCHEMA)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verdicts_follow_the_verdict_schema(name: str) -> None:
    jsonschema.validate(json.loads(verdict(name).model_dump_json()), VERDICT_SCHEMA)


@pytest.mark.parametrize(
    ("change", "field", "needle"),
    [
        ({"moves": "O+ O-"}, "moves", "must be a list"),
        ({"moves": [3]}, "moves[0]", "must be an object"),
        ({"meta": {"round": 3}}, "meta.round", "must be a string"),
        ({"result": {"winner": "red", "reason": 7, "resigned": None}}, "result.reason", "reason"),
        ({"moves": [{"move": "O+", "clock": "soon"}]}, "moves[0].clock", "must be a number"),
    ],
)
def test_wrong_types_name_the_field(
    tmp_path: Path, change: dict[str, object], field: str, needle: str
) -> None:
    """Bad input: a value of the wrong type makes the file unreadable, with the field named
    and what was expected, and no traceback."""
    data = json.loads((SAMPLES / "valid" / "unfinished.json").read_text("utf-8"))
    data.update(change)
    path = tmp_path / "wrong-type.json"
    path.write_text(json.dumps(data), "utf-8")
    v = validate_file(REGISTRY, path, Options())
    assert v.status == "unreadable" and v.unreadable is not None
    assert (v.unreadable.code, v.unreadable.location) == ("schema_violation", field)
    assert needle in v.unreadable.message
