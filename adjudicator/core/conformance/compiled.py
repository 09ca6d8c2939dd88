"""The shipped suite's case files compiled to JSON, one file per game.

The case files stay YAML: they are edited by hand and read by engine authors. Building their
nine thousand nodes through PyYAML's constructors, then validating them, was the largest
cost of starting ``conformance run``, which the engine, started first, waits for. So the
suite shipped with the package carries beside them ``compiled/GAME.json``, each of a game's
case files in path order, as its YAML states it (the fields it leaves out stay unset), read
with pydantic's JSON parser and no PyYAML. ``adjudicator schemas`` writes them,
``adjudicator schemas --check`` and a test name one that differs from the YAML.

Each compiled file holds a digest of every YAML file of the suite, names and bytes; the
runner reads a compiled file only while that digest is the suite's own, and the YAML
otherwise: a case edited and not yet compiled runs as written, more slowly.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core import generated
from adjudicator.core.conformance.cases import CaseFile, case_paths, load_case_file
from adjudicator.core.errors import InputError
from adjudicator.core.read.loading import read_bytes
from adjudicator.core.write.files import make_folder

#: The folder of the compiled files, under the suite's root.
COMPILED = "compiled"


class CompiledFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field(description="The YAML case file, relative to the suite's root.")
    case_file: CaseFile


class CompiledGame(BaseModel):
    """One game's case files, compiled from the suite whose YAML files hash to ``sources``."""

    model_config = ConfigDict(extra="forbid")

    sources: str = Field(description="SHA-256 of the suite's YAML files (names and bytes).")
    files: list[CompiledFile]


def sources_digest(root: Path) -> str:
    """What the compiled files were compiled from: every YAML file under ``root`` (those
    :func:`~adjudicator.core.conformance.cases.case_files` reads), its name and its bytes."""
    digest = hashlib.sha256()
    for path in case_paths(root):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        try:
            digest.update(hashlib.sha256(read_bytes(path)).digest())
        except InputError as err:
            raise err.at(str(path)) from None
    return digest.hexdigest()


def target(root: Path, game: str) -> Path:
    """The compiled file of ``game`` (a versioned id, ``orbit-dominion/4.2``), named by its
    short name."""
    return root / COMPILED / f"{game.partition('/')[0]}.json"


def texts(root: Path) -> dict[Path, str]:
    """Each compiled file of the suite under ``root`` and its JSON text. A case file the
    runner would refuse is an :class:`~adjudicator.core.errors.InputError` naming it."""
    sources = sources_digest(root)
    games: dict[Path, list[dict[str, Any]]] = {}
    for path in case_paths(root):
        case_file = load_case_file(path, trusted=True)
        stated = case_file.model_dump(mode="json", exclude_unset=True)
        entry = {"path": path.relative_to(root).as_posix(), "case_file": stated}
        games.setdefault(target(root, case_file.game), []).append(entry)
    return {
        path: json.dumps({"sources": sources, "files": files}, ensure_ascii=False, indent=1) + "\n"
        for path, files in sorted(games.items())
    }


def write(root: Path) -> list[Path]:
    """Compile the suite under ``root``, removing the compiled file of a game that has no
    cases left; the files written."""
    due = texts(root)
    for stale in set((root / COMPILED).glob("*.json")) - due.keys():
        stale.unlink()
    make_folder(root / COMPILED, "DIRECTORY")
    return generated.write(due)


def drift(root: Path) -> list[Path]:
    """The compiled files that are missing, differ from the YAML, or are left over."""
    due = texts(root)
    stale = set((root / COMPILED).glob("*.json")) - due.keys()
    return sorted([*generated.differing(due), *stale])


def read(root: Path, game: str | None = None) -> list[tuple[Path, CaseFile]] | None:
    """The case files under ``root`` (of ``game`` only, when given) as compiled, in the
    order and with the models that reading their YAML gives; ``None`` when a compiled
    file needed is missing, unreadable or compiled from other YAML files than those
    present."""
    targets = [target(root, game)] if game else sorted((root / COMPILED).glob("*.json"))
    if not targets:
        return None
    try:
        games = [CompiledGame.model_validate_json(t.read_bytes()) for t in targets]
    except (OSError, ValueError):  # missing, or not what this version compiles
        return None
    try:
        sources = sources_digest(root)
    except InputError:  # a case file that cannot be read: reading the YAML says so
        return None
    if any(g.sources != sources for g in games):
        return None
    files = [f for g in games for f in g.files if game is None or f.case_file.game == game]
    return sorted(((root.joinpath(f.path), f.case_file) for f in files), key=lambda p: p[0])
