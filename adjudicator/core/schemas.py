"""JSON Schemas generated from the pydantic models: the core's and every game's.

They are committed under ``schemas/`` so that engines and tools in other languages can use
them; a test fails when the committed files drift from the models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from adjudicator.core import generated
from adjudicator.core.conformance.cases import CaseFile
from adjudicator.core.conformance.export import ExportedCaseFile
from adjudicator.core.conformance.outputs import output_models
from adjudicator.core.conformance.suite import Suite
from adjudicator.core.judge.verdict import Verdict, Verdicts
from adjudicator.core.protocol.serve import protocol_models
from adjudicator.core.registry import Registry
from adjudicator.core.repair.models import Repair
from adjudicator.core.write.files import make_folder

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def generate(registry: Registry) -> dict[str, dict[str, Any]]:
    """File name → schema, for the core's models and each game's."""
    models: dict[str, type[BaseModel]] = {
        **protocol_models(),
        "verdict": Verdict,
        "verdicts": Verdicts,
        "repair": Repair,
        "conformance-case-file": CaseFile,
        "conformance-export": ExportedCaseFile,
        "conformance-suite": Suite,
        **output_models(),
    }
    for game in registry.games:
        models.update(game.schema_models())
    return {f"{stem}.schema.json": document(stem, model) for stem, model in sorted(models.items())}


def document(stem: str, model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of ``model`` as a file named ``<stem>.schema.json``."""
    schema: dict[str, Any] = {"$schema": SCHEMA_DIALECT, "$id": f"{stem}.schema.json"}
    schema.update(model.model_json_schema())
    return schema


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def _due(registry: Registry, directory: Path) -> dict[Path, str]:
    return {directory / name: render(schema) for name, schema in generate(registry).items()}


def write(registry: Registry, directory: Path) -> list[Path]:
    make_folder(directory, "DIRECTORY")
    return generated.write(_due(registry, directory))


def drift(registry: Registry, directory: Path) -> list[str]:
    """Names of the schema files that are missing, stale or no longer generated."""
    due = _due(registry, directory)
    problems = [p.name for p in generated.differing(due)]
    problems += sorted(p.name for p in directory.glob("*.schema.json") if p not in due)
    return problems
