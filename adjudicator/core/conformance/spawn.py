"""Starting an engine program, and starting the default one early.

``conformance run`` with the default engine (this project's own ``adjudicator engine``)
used to spend a third of its time waiting for that engine's start-up, which is mostly
importing the same libraries this process imports first. The console script therefore
starts the default engine as the first thing it does when its command line is a
``conformance run`` that names no other engine (:func:`start_default_early`), so that the
two start-ups run side by side; the run adopts that engine (:func:`adopt`) or, when it
drives another one after all, ends it unused. Nothing here imports more than the standard
library (and :mod:`~adjudicator.core.conformance.pipes`, which imports only it): it runs
before anything else.

Every engine started here is ended however the command ends: its normal end, an error,
Ctrl-C, or a SIGTERM or SIGHUP (a ``kill``, ``timeout(1)``, a closed terminal), which
the console script turns into an exit that unwinds like Ctrl-C. An engine runs in a
process group of its own, so that nothing sent to the runner's group reaches it: without
this it outlived the runner (:func:`end_all`)."""

from __future__ import annotations

import atexit
import shlex
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.core.conformance.pipes import end_group, spawn_group
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said

#: The engine ``conformance run`` drives when no ``--engine`` is given.
DEFAULT_ENGINE = "adjudicator engine"


def engine_argv(command: str) -> list[str]:
    """The program ``command`` starts. The default engine is this installation's own, run by
    this interpreter: looked up on ``PATH`` it could be missing (a virtual environment's
    command run by its path, not activated) or another installation's."""
    if command == DEFAULT_ENGINE:
        return [sys.executable, "-m", "adjudicator", "engine"]
    try:
        return shlex.split(command)
    except ValueError as exc:  # an unbalanced quote, a backslash at the end
        raise InputError(
            "bad_option",
            said("core.engine.unsplittable", command=command, reason=exc),
            field="--engine",
            expected=said("core.engine.command_form"),
        ) from None


_early: list[subprocess.Popen[bytes]] = []
#: Every engine started and not yet found ended, ended at the command's exit.
_started: list[subprocess.Popen[bytes]] = []


def spawn(argv: list[str]) -> subprocess.Popen[bytes]:
    """The engine program started in its own process group (:func:`spawn_group`), to be
    ended at the latest when the command exits (:func:`end_all`)."""
    with _signals_held():
        proc = spawn_group(argv)
        if not _started:
            atexit.register(end_all)
        _started[:] = [p for p in _started if p.returncode is None]
        _started.append(proc)
    return proc


#: The signals that end a command (Ctrl-C, ``kill``, a closed terminal).
_ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Signals that end the command wait while an engine is started and listed: one that
    came between the program's start and its listing ended the command with the engine
    known to nothing, left running. Each that came is sent again once the engine is listed,
    to the handler the command had. (Only the main thread can set handlers; a run's other
    threads start no engine before the main one is ending.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    before = {n: signal.getsignal(n) for n in _ENDING}
    held = [n for n, handler in before.items() if handler not in (signal.SIG_IGN, None)]
    for number in held:
        signal.signal(number, lambda got, _frame: came.append(got))
    try:
        yield
    finally:
        for number in held:
            signal.signal(number, before[number])
        if came:  # the first: the command ends on it
            signal.raise_signal(came[0])


def end_all() -> None:
    """End every engine started that is still running (its whole group and its strays):
    at any exit of the command, however it came (a signal turned into an exit by the
    console script, an error, Ctrl-C), none is left behind."""
    _early.clear()
    while _started:
        proc = _started.pop()
        if proc.returncode is None:
            _end(proc)


def start_default_early(words: list[str]) -> None:
    """Start the default engine now, unless ``words`` (what follows ``conformance run``)
    may name another engine or ask for help. A guess only: :func:`adopt` decides."""
    if any(w.startswith("--engine") or w in ("-h", "--help") for w in words):
        return
    try:
        _early.append(spawn(engine_argv(DEFAULT_ENGINE)))
    except OSError:
        return  # the run starts it again and says why it cannot


def adopt(command: str) -> subprocess.Popen[bytes] | None:
    """The engine started early, if ``command`` is the one it runs; one that is not is
    ended, never having been sent anything."""
    if not _early:
        return None
    early = _early.pop()
    if command == DEFAULT_ENGINE:
        return early
    _end(early)
    return None


def _end(proc: subprocess.Popen[bytes]) -> None:
    end_group(proc)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
