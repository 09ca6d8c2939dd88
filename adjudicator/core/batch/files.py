"""Validating files: one record per file, JSON or text notation, any installed game.

Each file is read, dispatched to its game by the record's ``format`` (JSON) or its
``[Ruleset …]`` tag (text), replayed and judged; a file that cannot be read gets an
``unreadable`` verdict naming the location, and the batch goes on. With several jobs the
files are validated in worker processes; results stream back in the order given, and
memory is bounded by the largest single record.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

from adjudicator.core.batch.walk import files_under
from adjudicator.core.capabilities import Repairable
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import Lang, said
from adjudicator.core.judge.validation import validate
from adjudicator.core.judge.verdict import InputProblem, Problem, Verdict
from adjudicator.core.read.lines import lines, lines_with_ends
from adjudicator.core.read.loading import DEFAULT_MAX_BYTES, decode_text, read_stdin, read_text
from adjudicator.core.read.records import GameRecord
from adjudicator.core.read.strict_json import parse_json
from adjudicator.core.registry import Registry
from adjudicator.core.write.display import path_text

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

#: What :func:`validate_paths` yields for each verdict: the verdict itself, or what a
#: rendering made of it where it was judged.
R = TypeVar("R")

RECORD_SUFFIXES = (".json", ".txt")
_RULESET_TAG = re.compile(r'\[Ruleset\s+"([^"]*)"\]')
_TAG_PAIR = re.compile(r'\s*\[[A-Za-z]\w*\s+"')
#: Why a record's ``format`` or ``ruleset`` is refused, by kind: the catalogue's id.
_UNSUPPORTED = {
    "format": "core.batch.unsupported_format",
    "ruleset": "core.batch.unsupported_ruleset",
}


@dataclass(frozen=True)
class Options:
    lenient: bool = False
    lang: Lang = "en"
    max_bytes: int = DEFAULT_MAX_BYTES
    #: ``(id, value)`` pairs switching interpretations for every record.
    interpretations: tuple[tuple[str, str], ...] = ()
    #: Keep each record's text with its verdict (``Verdict.judged_text``), for the HTML
    #: report, which draws the record judged rather than a file found again by its name.
    keep_text: bool = False


def find_records(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given; folders searched for ``*.json`` and ``*.txt`` by the one folder
    walk (:func:`adjudicator.core.batch.walk.files_under`): an entry or a folder that cannot be
    read is yielded itself, so that it gets its own ``unreadable`` verdict instead of being
    skipped in silence or costing its neighbours theirs. ``-`` is standard input, even
    beside a folder of that name."""
    for path in paths:
        if path == STDIN:
            yield path
        else:
            yield from files_under([path], RECORD_SUFFIXES)


class RecordFiles(Sequence[Path]):
    """The record files of a batch (:func:`find_records`), found again on each pass rather
    than held: streaming a batch keeps no list of its files. Counting them, or indexing
    (as the worker pool does), lists them once."""

    def __init__(self, paths: Iterable[Path]) -> None:
        self._paths = tuple(paths)
        self._listed: list[Path] | None = None

    def __iter__(self) -> Iterator[Path]:
        return iter(self._listed) if self._listed is not None else find_records(self._paths)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def _list(self) -> list[Path]:
        if self._listed is None:
            self._listed = list(find_records(self._paths))
        return self._listed

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, index: int) -> Path: ...
    @overload
    def __getitem__(self, index: slice) -> list[Path]: ...
    def __getitem__(self, index: int | slice) -> Path | list[Path]:
        return self._list()[index]


def ruleset_tag(text: str) -> str | None:
    """The value of the ``[Ruleset "…"]`` tag, looked for line by line (linear in the text,
    however many blank lines it holds)."""
    for line in lines(text):
        m = _RULESET_TAG.match(line.lstrip())
        if m:
            return m[1]
    return None


def _game_for(registry: Registry, kind: str, value: object, field: str) -> Game:
    """The game reading records of this ``format`` or ``ruleset``."""
    names = {"format": "record_formats", "ruleset": "rulesets"}[kind]
    game = registry.reading(names, value) if isinstance(value, str) else None
    if game is not None:
        return game
    supported = ", ".join(v for g in registry.games for v in getattr(g, names))
    shown = json.dumps(value, ensure_ascii=False)
    raise InputError(
        f"unsupported_{kind}",
        said(_UNSUPPORTED[kind], value=shown),
        field=field,
        expected=said("core.input.one_of", choices=supported),
    )


#: Input errors that are violations of the notation standard, not unreadable input: a record
#: spelled otherwise is *invalid* in every game, whether its game finds the spelling while
#: reading the file or while replaying it.
NOTATION_VIOLATIONS = frozenset({"noncanonical_notation"})


class NotationViolation(InputError):
    """A notation violation found while reading a record of ``game``."""

    game: Game

    @classmethod
    def of(cls, game: Game, err: InputError) -> NotationViolation:
        """``err``, found while reading a record of ``game``, as a notation violation."""
        made = err.like(cls, err.field)
        made.game = game
        return made


def read_record(
    registry: Registry,
    text: str,
    *,
    lenient: bool,
    text_notation: bool = False,
    sheet: bool = False,
) -> tuple[Game, GameRecord]:
    """A record's text read into its game's record, each step once and in order: the text
    as a JSON value (:mod:`adjudicator.core.read.strict_json`) or, for text notation, its
    ``[Ruleset]`` tag; the game that reads it (:class:`Registry`); its model (the game's
    reader). ``text_notation`` says the file is named as text notation (``*.txt``): unless
    it opens as a JSON object, it is read as tag pairs and moves, and a missing
    ``[Ruleset]`` tag is what is wrong with it, not its JSON. ``sheet``: a text record is
    read as a score sheet to repair, where its game reads one otherwise
    (:meth:`Repairable.read_sheet`)."""
    if text.lstrip().startswith("{"):
        data = parse_json(text, strict=not lenient)
        game = _game_for(registry, "format", data.get("format"), "format")
        return game, _read_as(game, game.read_json_record, data, lenient)
    ruleset = ruleset_tag(text) if text.lstrip().startswith("[") else None
    if ruleset is not None:
        game = _game_for(registry, "ruleset", ruleset, "[Ruleset]")
        if sheet and isinstance(game, Repairable):
            return game, _read_sheet(game, text, lenient)
        return game, _read_as(game, game.read_text_record, text, lenient)
    if text_notation or _TAG_PAIR.match(text):
        raise _no_ruleset(registry, text)
    if text.lstrip().startswith("["):
        parse_json(text)  # a JSON array, most likely: say what it is
        raise InputError("bad_record", said("core.batch.array"))
    parse_json(text)  # reports the JSON error, with a YAML hint where it fits
    raise InputError("bad_record", said("core.batch.not_a_record"))


def _read_sheet(game: Repairable, text: str, lenient: bool) -> GameRecord:
    """A text record read as a score sheet to repair (:meth:`Repairable.read_sheet`), its
    numbering's evidence kept; when its notation refuses it, the refusal kept too
    (:attr:`GameRecord.refused`)."""
    assert isinstance(game, Game)
    try:
        record = _read_as(game, game.read_text_record, text, lenient)
    except InputError as err:
        try:
            read = game.read_sheet(text)
        except InputError:
            raise err from None
        if read is None:
            raise
        return replace(read, refused=err)
    return game.read_sheet(text) or record  # what its numbering says, where a game reads it


def _read_as(game: Game, read: Callable[..., R], source: Any, lenient: bool) -> R:
    """``read(source)``, one of ``game``'s readers: a notation violation it finds is the
    record's, not an unreadable file's."""
    try:
        return read(source, lenient=lenient)
    except InputError as err:
        if err.code in NOTATION_VIOLATIONS:
            raise NotationViolation.of(game, err) from None
        raise


def _no_ruleset(registry: Registry, text: str) -> InputError:
    """A text record whose ``[Ruleset]`` tag is missing or cannot be read."""
    rulesets = ", ".join(r for g in registry.games for r in g.rulesets)
    tagged = any(line.lstrip().startswith("[Ruleset") for line in lines(text))
    problem = said("core.batch.ruleset_malformed" if tagged else "core.batch.ruleset_missing")
    return InputError(
        "malformed_record",
        said("core.batch.no_ruleset", problem=problem),
        expected=said("core.batch.ruleset_expected", rulesets=rulesets),
    )


def is_text_notation(source: str | Path) -> bool:
    """Whether a file (or one game of it, ``games.txt#2``) is named as text notation."""
    name = str(source)
    base, hash_sign, index = name.rpartition("#")
    if hash_sign and re.fullmatch("[0-9]+", index):
        name = base
    return name.lower().endswith(".txt")


def validate_file(registry: Registry, path: Path, options: Options) -> Verdict:
    """The verdict on a file holding one record; never raises, so that one file cannot stop
    a batch."""
    return validate_records(registry, path, options)[0]


def validate_records(registry: Registry, path: Path, options: Options) -> list[Verdict]:
    """The verdicts on a file: one per record. A text file may hold several games one after
    another, as PGN databases do; each is judged on its own, its source the file with the
    game's index (``games.txt#2``). Never raises."""
    source = path_text(path)
    try:
        if path == STDIN:
            text = decode_text(read_stdin(options.max_bytes))
        else:
            text = read_text(path, max_bytes=options.max_bytes)
    except InputError as err:
        return [_unreadable(source, err, options.lang)]
    games = split_games(text)
    if len(games) == 1:
        return [judge_text(registry, source, text, options)]
    return [judge_text(registry, f"{source}#{n}", g, options) for n, g in enumerate(games, 1)]


def split_games(text: str) -> list[str]:
    """A text file's games: a new game starts where a tag pair (``[Event "…"]``) follows
    a line of moves or events. A JSON file is one record. Each game keeps its lines where
    they stood in the file (earlier lines left blank), so that a location names the file's
    line. A UTF-8 byte order mark at the start of a line is dropped, as it is at the start
    of the file: files that each start with one, concatenated (``cat a.txt b.txt``), are
    their games one after another."""
    if not text.lstrip().startswith("["):
        return [text]
    games: list[list[str]] = [[]]
    after_moves = False
    for number, line in enumerate(lines_with_ends(text)):
        line = line.removeprefix("\ufeff")
        stripped = line.strip()
        tag = bool(_TAG_PAIR.match(stripped)) and stripped.endswith("]")
        if tag and after_moves:
            games.append(["\n"] * number)
            after_moves = False
        elif stripped and not tag and not stripped.startswith("#"):  # a comment is no move
            after_moves = True
        games[-1].append(line)
    return ["".join(g) for g in games]


def _unreadable(source: str, err: InputError, lang: Lang) -> Verdict:
    problem = InputProblem(code=err.code, location=err.field, message=err.describe(lang))
    return Verdict(source=source, status="unreadable", unreadable=problem)


def judge_text(registry: Registry, source: str, text: str, options: Options) -> Verdict:
    """The verdict on one record's text, carrying the text if ``options`` keep it; never
    raises."""
    verdict = _judge(registry, source, text, options)
    return verdict.keeping(text) if options.keep_text else verdict


def _judge(registry: Registry, source: str, text: str, options: Options) -> Verdict:
    try:
        game, record = read_record(
            registry, text, lenient=options.lenient, text_notation=is_text_notation(source)
        )
        if options.interpretations:
            record = switch_for(game, record, options.interpretations)
        replay = game.replay(record)
        return validate(source, record, replay, lenient=options.lenient, lang=options.lang)
    except NotationViolation as err:
        return _notation_verdict(source, err, options.lang)
    except InputError as err:
        problem = InputProblem(
            code=err.code, location=err.field, message=err.describe(options.lang)
        )
    except Exception as exc:  # a defect: say so for this file and let the batch go on
        traceback.print_exc(file=sys.stderr)
        return internal_error(source, f"{type(exc).__name__}: {str(exc)[:200]}")
    return Verdict(source=source, status="unreadable", unreadable=problem)


#: ``validate -``: one record read from standard input.
STDIN = Path("-")


def scoped(key: str) -> tuple[str | None, str]:
    """``dark-nebula:nebula-entry`` → (``dark-nebula``, ``nebula-entry``); a bare id has no
    scope."""
    scope, colon, ident = key.rpartition(":")
    return (scope, ident) if colon else (None, ident)


def switch_for(game: Game, record: GameRecord, pairs: tuple[tuple[str, str], ...]) -> GameRecord:
    """The record under the switches that concern its game: those scoped to it
    (``dark-nebula:ID``) and the bare ids it knows; the others are left to other games."""
    known = {i.id for i in game.rules.interpretations}
    own: dict[str, str] = {}
    for key, value in pairs:
        scope, ident = scoped(key)
        if scope in (game.slug, game.id) or (scope is None and ident in known):
            own[ident] = value
    return game.switch_interpretations(record, own) if own else record


def _notation_verdict(source: str, err: NotationViolation, lang: Lang) -> Verdict:
    rules = err.game.rules.record_rules.get("notation", [])
    problem = Problem(
        code=err.code,
        ply=None,
        rules=rules,
        citation=err.game.rules.cite(rules, lang),
        message=err.describe(lang),
        suggestion=err.suggestion,
    )
    return Verdict(source=source, game=err.game.id, status="invalid", problem=problem)


def internal_error(source: str, what: str) -> Verdict:
    """The verdict on a file whose validation failed for a defect of the program."""
    message = f"internal error ({what}); please report this file"
    problem = InputProblem(code="internal_error", location=None, message=message)
    return Verdict(source=source, status="unreadable", unreadable=problem)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the batch and reports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def as_judged(verdict: Verdict, _registry: Registry) -> Verdict:
    """The verdict as it is: :func:`validate_paths` without a rendering."""
    return verdict


def _validate_in_worker(
    jobs: list[tuple[str, Options]], render: Callable[[Verdict, Registry], R], registry: Registry
) -> list[R]:
    """The verdicts of a chunk of files, in a worker, judged with the registry the batch
    was given (sent as its games, :meth:`Registry.__reduce__`)."""
    return [
        render(v, registry)
        for path, options in jobs
        for v in validate_records(registry, Path(path), options)
    ]


def _pool(jobs: int) -> ProcessPoolExecutor:
    # Imported here: the pool's modules (multiprocessing) cost start-up that one job never uses.
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)


def _alone(
    files: list[Path],
    options: Options,
    render: Callable[[Verdict, Registry], R],
    registry: Registry,
) -> Iterator[R]:
    """Each file in a worker of its own, one after the other: when the worker dies, the
    file it held is known, gets an ``internal_error`` verdict, and a new worker goes on."""
    from concurrent.futures.process import BrokenProcessPool

    pool = _pool(1)
    try:
        for path in files:
            try:
                yield from pool.submit(
                    _validate_in_worker, [(str(path), options)], render, registry
                ).result()
            except BrokenProcessPool:
                stopped = internal_error(path_text(path), "the process validating it stopped")
                yield render(stopped, registry)
                pool.shutdown(wait=True)
                pool = _pool(1)
        pool.shutdown(wait=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@overload
def validate_paths(
    registry: Registry, files: Sequence[Path], options: Options, *, jobs: int = 1
) -> Iterator[Verdict]: ...
@overload
def validate_paths(
    registry: Registry,
    files: Sequence[Path],
    options: Options,
    *,
    jobs: int = 1,
    render: Callable[[Verdict, Registry], R],
) -> Iterator[R]: ...
def validate_paths(
    registry: Registry,
    files: Sequence[Path],
    options: Options,
    *,
    jobs: int = 1,
    render: Callable[[Verdict, Registry], object] = as_judged,
) -> Iterator[object]:
    """Verdicts in the order of ``files``, computed by ``jobs`` processes; with ``render``
    (a function that pickles, given the verdict and the registry it was judged with), what
    it makes of each verdict, made where the verdict is judged.

    Work goes out in chunks, a few per worker ahead, so memory stays bounded. A worker
    that dies (the OOM killer, a crash in a library) breaks the pool: the files of the
    chunks then in flight are judged again one by one in a worker of their own (so the
    one that kills its worker gets an ``internal_error`` verdict), and the rest of the
    batch goes on in a new pool."""
    if jobs <= 1 or len(files) < 2:
        for path in files:
            for verdict in validate_records(registry, path, options):
                yield render(verdict, registry)
        return
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(64, len(files) // (jobs * 8)))
    chunks = deque(files[i : i + size] for i in range(0, len(files), size))
    in_flight: deque[tuple[Sequence[Path], Future[list[object]]]] = deque()
    pool = _pool(jobs)
    try:
        while chunks or in_flight:
            try:
                while chunks and len(in_flight) < jobs * 4:
                    work = [(str(p), options) for p in chunks[0]]
                    in_flight.append(
                        (chunks[0], pool.submit(_validate_in_worker, work, render, registry))
                    )
                    chunks.popleft()
                judged = in_flight[0][1].result()
                in_flight.popleft()
            except BrokenProcessPool:
                suspects = [p for held, _ in in_flight for p in held]
                in_flight.clear()
                pool.shutdown(wait=True)
                yield from _alone(suspects, options, render, registry)
                pool = _pool(jobs)
                continue
            yield from judged
        # Done: the workers are let go now, not at the interpreter's exit, where
        # CPython 3.11's pool can race its own shutdown and print an ignored OSError.
        pool.shutdown(wait=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
