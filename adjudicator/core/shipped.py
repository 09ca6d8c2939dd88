"""Where the data shipped with the package lives: the conformance suite, the JSON Schemas and
the example engine.

In a checkout they are the repository's top-level ``conformance/``, ``schemas/`` and
``examples/`` folders; a built wheel carries copies of them inside the package
(``adjudicator/_data/``, put there at build time by ``setup.py``), so that an installed
``adjudicator conformance run`` or ``adjudicator schemas --check`` needs no checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
SHIPPED = ("conformance", "schemas", "examples")


def shipped(name: str) -> Path:
    """The shipped folder ``name``, :func:`shown` relative to the working directory."""
    if name not in SHIPPED:
        raise KeyError(name)
    inside = _PACKAGE / "_data" / name
    return shown(inside if inside.is_dir() else _PACKAGE.parent / name)


def shown(path: Path) -> Path:
    """``path`` relative to the working directory when it lies under it (``conformance``,
    as a user in a checkout types it), else as it is."""
    try:
        return Path(os.path.relpath(path)) if path.is_relative_to(Path.cwd()) else path
    except (OSError, ValueError):  # no working directory, or another drive
        return path
