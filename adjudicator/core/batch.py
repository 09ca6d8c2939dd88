"""Validating files: one record per file, JSON or text notation, any installed game.

Each file is read, dispatched to its game by the record's ``format`` (JSON) or its
``[Ruleset …]`` tag (text), replayed and judged; a file that cannot be read gets an
``unreadable`` verdict naming the location, and the batch goes on. With several jobs the
files are validated in worker processes; results stream back in the order given, and
memory is bounded by the largest single record.
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang
from adjudicator.core.loading import DEFAULT_MAX_BYTES, parse_json, read_text
from adjudicator.core.records import GameRecord, validate
from adjudicator.core.registry import Registry, installed_games
from adjudicator.core.verdict import InputProblem, Verdict

RECORD_SUFFIXES = (".json", ".txt")
_RULESET_TAG = re.compile(r'^\s*\[Ruleset\s+"([^"]*)"\]', re.MULTILINE)


@dataclass(frozen=True)
class Options:
    lenient: bool = False
    lang: Lang = "en"
    max_bytes: int = DEFAULT_MAX_BYTES
    #: ``(id, value)`` pairs switching interpretations for every record.
    interpretations: tuple[tuple[str, str], ...] = ()


def find_records(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given; directories searched recursively for ``*.json`` and ``*.txt``."""
    for path in paths:
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix in RECORD_SUFFIXES
            )
        else:
            yield path


def _game_for(registry: Registry, kind: str, value: object, field: str) -> Game:
    """The game reading records of this ``format`` or ``ruleset``."""
    names = {"format": "record_formats", "ruleset": "rulesets"}[kind]
    for game in registry.games:
        if value in getattr(game, names):
            return game
    supported = [v for g in registry.games for v in getattr(g, names)]
    raise InputError(
        f"unsupported_{kind}",
        f"{kind} {value!r} is not supported",
        field=field,
        expected="one of " + ", ".join(supported),
    )


def read_record(registry: Registry, text: str, *, lenient: bool) -> tuple[Game, GameRecord]:
    """Dispatch a file's text to its game and read it as a record."""
    if text.lstrip().startswith("{"):
        data = parse_json(text)
        game = _game_for(registry, "format", data.get("format"), "format")
        return game, game.read_json_record(data, lenient=lenient)
    m = _RULESET_TAG.search(text)
    if text.lstrip().startswith("[") and m:
        game = _game_for(registry, "ruleset", m[1], "[Ruleset]")
        return game, game.read_text_record(text, lenient=lenient)
    if text.lstrip().startswith("["):
        data = parse_json(text)  # a JSON array, most likely: say what it is
        raise InputError("bad_record", f"a record is a JSON object, not {type(data).__name__}")
    parse_json(text)  # reports the JSON error, with a YAML hint where it fits
    raise InputError("bad_record", "a record is a JSON object or text notation")


def validate_file(registry: Registry, path: Path, options: Options) -> Verdict:
    """The verdict on one file; never raises, so that one file cannot stop a batch."""
    source = str(path)
    try:
        text = read_text(path, max_bytes=options.max_bytes)
        game, record = read_record(registry, text, lenient=options.lenient)
        if options.interpretations:
            record = game.switch_interpretations(record, dict(options.interpretations))
        replay = game.replay(record)
        return validate(source, record, replay, lenient=options.lenient, lang=options.lang)
    except InputError as err:
        problem = InputProblem(code=err.code, location=err.field, message=err.describe())
    except Exception as exc:  # a defect: say so for this file and let the batch go on
        traceback.print_exc(file=sys.stderr)
        message = f"internal error ({type(exc).__name__}: {exc}); please report this file"
        problem = InputProblem(code="internal_error", location=None, message=message)
    return Verdict(source=source, status="unreadable", unreadable=problem)


@cache
def _default_registry() -> Registry:
    return Registry(installed_games())


def _validate_in_worker(job: tuple[str, Options]) -> Verdict:
    return validate_file(_default_registry(), Path(job[0]), job[1])


def validate_paths(
    registry: Registry, files: list[Path], options: Options, *, jobs: int = 1
) -> Iterator[Verdict]:
    """Verdicts in the order of ``files``, computed by ``jobs`` processes."""
    if jobs <= 1 or len(files) < 2:
        for path in files:
            yield validate_file(registry, path, options)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        chunk = max(1, min(64, len(files) // (jobs * 8)))
        yield from pool.map(
            _validate_in_worker, [(str(p), options) for p in files], chunksize=chunk
        )
