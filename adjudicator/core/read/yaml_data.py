"""The YAML data shipped inside the package, and its JSON copies.

Each game's rule data (``rules.yaml``) and Dark Nebula's default board are edited as YAML,
with comments, but read as JSON: the package ships beside each YAML file a copy compiled
to JSON (``rules.json``), which pydantic parses without PyYAML, so that a command reading
no YAML of its own does not import PyYAML (a tenth of validating a record). The copies are
generated and committed; ``adjudicator schemas`` rewrites them with the JSON Schemas, and
``adjudicator schemas --check`` and a test report a copy that differs from its source.

YAML files that come from outside (case files, board definitions) are read here too, with
PyYAML's C safe loader (built on libyaml, shipped in PyYAML's wheels; the pure-Python one is
the fallback), which builds the same objects with the same safe constructors several times
faster.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from adjudicator.core import generated
from adjudicator.core.i18n import part_of

#: The safe loader, in C when PyYAML was built with libyaml.
SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The package, whose YAML files are compiled (not its ``_data``: the shipped suite's case
#: files, compiled a game to a file by :mod:`adjudicator.core.conformance.compiled`).
PACKAGE = Path(__file__).resolve().parents[2]


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` with the fastest safe loader available."""
    return yaml.load(text, Loader=SafeLoader)


def sources(package: Path = PACKAGE) -> list[Path]:
    """The package's YAML data files, each compiled to the JSON file beside it."""
    return sorted(p for p in package.rglob("*.yaml") if "_data" not in p.relative_to(package).parts)


def copies(source: Path) -> dict[Path, str]:
    """The JSON copies of a YAML data file, each its data indented, UTF-8 unescaped: one
    beside it of the same name, but a catalogue of messages (``messages.yaml``) in two, its
    help texts (``help.json``, when it has any) apart from its other messages
    (``messages.json``), each read without the other (:func:`adjudicator.core.i18n.part_of`)."""
    data = safe_load(source.read_text(encoding="utf-8"))
    if source.name != "messages.yaml":
        return {source.with_suffix(".json"): _json(data)}
    parts: dict[str, dict[str, Any]] = {"messages": {}, "help": {}}
    for name, message in data.items():
        parts[part_of(name)][name] = message
    return {
        source.with_name(f"{part}.json"): _json(texts) for part, texts in parts.items() if texts
    }


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _due(package: Path) -> dict[Path, str]:
    return {path: text for source in sources(package) for path, text in copies(source).items()}


def write(package: Path = PACKAGE) -> list[Path]:
    """Compile every YAML data file of the package; the JSON files written."""
    return generated.write(_due(package))


def drift(package: Path = PACKAGE) -> list[Path]:
    """The JSON copies that are missing or differ from their YAML source."""
    return generated.differing(_due(package))
