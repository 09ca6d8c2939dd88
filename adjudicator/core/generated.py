"""Files generated from the package's sources and committed beside them (the JSON Schemas,
the JSON copies of the YAML data, the shipped suite's compiled case files): written by
``adjudicator schemas``, checked by ``adjudicator schemas --check`` and by tests. Each kind
says what is due, a text by path; writing it and finding what differs is the same for all."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from adjudicator.core.write.files import write_text


def write(due: Mapping[Path, str]) -> list[Path]:
    """Write each due text to its path; the paths written."""
    for path, text in due.items():
        write_text(path, text, "DIRECTORY", inputs=())  # made from the package, not read
    return list(due)


def differing(due: Mapping[Path, str]) -> list[Path]:
    """The due paths that are missing or whose text differs, in the order given."""
    return [p for p, text in due.items() if not p.exists() or p.read_text("utf-8") != text]
