"""Astro-Stra's rule data: every table row (S, T, A), every step of the turn and every row of
the move table has a reference; every switchable reading is a numbered interpretation."""

from __future__ import annotations

from pathlib import Path

from adjudicator.astro_stra.readings import Readings
from adjudicator.astro_stra.references import RULES

IDS = {ref.id for ref in RULES.references}


def test_every_table_row_and_step_is_citable() -> None:
    assert {f"step-{n}" for n in range(1, 8)} <= IDS
    assert {f"T{n}" for n in range(1, 7)} | {f"A{n}" for n in range(1, 7)} <= IDS
    colours = ["red", "green", "blue", "cyan", "purple", "yellow", "black-white", "black-red"]
    assert {f"S-{c}" for c in [*colours, "clear", "orange", "jagi", "artemis"]} <= IDS
    assert {"move-empty", "move-own", "move-blot", "move-block"} <= IDS


def test_every_reading_is_a_numbered_interpretation_with_its_switches() -> None:
    by_id = {i.id: i for i in RULES.interpretations}
    for name, field in Readings.model_fields.items():
        interpretation = by_id[name.replace("_", "-")]
        values = set(getattr(field.annotation, "__args__", ()) or ())
        if values:
            assert set(interpretation.alternatives) <= values, name
    numbers = [i.number for i in RULES.interpretations]
    assert numbers == list(range(1, len(numbers) + 1))


def test_docs_document_every_interpretation_switch_and_skill() -> None:
    """docs/astro-stra.md: each numbered interpretation, each switch with every value and
    its default in bold, a worked turn for each skill."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "astro-stra.md").read_text("utf-8")
    for i in RULES.interpretations:
        assert f"### Interpretation {i.number} — `{i.id}`" in docs
    for name, field in Readings.model_fields.items():
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        values = getattr(field.annotation, "__args__", ()) or (True, False)
        others = [str(v).lower() if isinstance(v, bool) else v for v in values]
        others.remove(default)
        row = f"| `{name}` | **`{default}`**, " + ", ".join(f"`{v}`" for v in others) + " |"
        assert row in docs, row
    for skill in (
        "Red",
        "Green",
        "Blue",
        "Cyan",
        "Purple",
        "Yellow",
        "Black, white eyes",
        "Black, red eyes",
        "Clear",
        "Orange",
        "Jagi",
        "Artemis",
    ):
        assert f"**{skill} " in docs or f"**{skill}:" in docs, skill
