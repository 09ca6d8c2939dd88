"""The ``adjudicator`` console script: the core's commands plus every installed game's."""

from __future__ import annotations

import os
import signal
import sys
import traceback
from collections.abc import Callable
from typing import NoReturn

from adjudicator.core.registry import Registry


def main() -> None:
    """Run a command. A defect ends with its traceback and exit code 4, so that a script
    never mistakes it for 1 ("some record invalid"); Ctrl-C outside a batch ends with 130.
    Every command writes through the same standard streams (:func:`prepare_streams`): an
    answer that cannot be written, or a closed standard input, is said and ends with 2."""
    from adjudicator.core.write.output import StreamClosed, prepare_streams

    prepare_streams(stream_error)
    try:
        if sys.argv[1:] == ["engine"]:
            serve_engine()
            return
        conformance_run = sys.argv[1:3] == ["conformance", "run"]
        if sys.argv[1:2] == ["conformance"]:
            end_on_signals()
        if conformance_run:
            from adjudicator.core.conformance.spawn import start_default_early

            start_default_early(sys.argv[3:])
        from adjudicator.cli.app import build_app

        app = build_app(Registry(), sys.argv[1] if len(sys.argv) > 1 else None)
        if conformance_run:
            leave_when_done(app)
        app()
    except KeyboardInterrupt:
        from adjudicator.core.judge.verdict import EXIT_INTERRUPTED

        sys.exit(EXIT_INTERRUPTED)
    except StreamClosed as closed:  # the engine's requests, from a closed standard input
        from adjudicator.cli.common import EXIT_USAGE

        stream_error(closed)
        sys.exit(EXIT_USAGE)
    except Exception:
        if _ended_by:  # a signal's exit, wrapped by a library it went through
            sys.exit(128 + _ended_by[0])
        from adjudicator.core.judge.verdict import EXIT_INTERNAL

        traceback.print_exc()
        print("adjudicator: internal error; please report it with the input", file=sys.stderr)
        sys.exit(EXIT_INTERNAL)


def stream_error(err: OSError) -> None:
    """A standard stream the command cannot use, said on standard error in the command's
    language; the command then ends with exit code 2 (it was started without what it
    needs), never 4."""
    from adjudicator.cli.common import report_error
    from adjudicator.core.errors import InputError
    from adjudicator.core.i18n import said
    from adjudicator.core.read.loading import stream_reason
    from adjudicator.core.write.output import StreamClosed

    reason = stream_reason(err)
    if isinstance(err, StreamClosed) and err.name == "stdin":
        error = InputError("unreadable_file", said("core.file.stdin_unreadable", reason=reason))
    else:
        error = InputError("unwritable_file", said("core.file.stdout_unwritable", reason=reason))
    report_error(error)


#: The signals that end a command as Ctrl-C does (SIGINT is Python's KeyboardInterrupt).
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
#: The signal that is ending the command, once one came.
_ended_by: list[int] = []


def end_on_signals() -> None:
    """SIGTERM and SIGHUP end the command by an exit with code 128 + the signal's number
    (as a shell reports a process a signal ended), which runs every ``finally`` and every
    exit handler on its way (:func:`adjudicator.core.conformance.spawn.end_all` ends the
    engines); by default they end the process at once, its engines left running. A second
    one while it ends is ignored: the ending takes moments. A signal the command was started
    ignoring (``nohup``) stays ignored."""
    for number in ENDING_SIGNALS:
        if signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _leave)


def _leave(number: int, _frame: object) -> None:
    _ended_by.append(number)
    for again in ENDING_SIGNALS:
        signal.signal(again, signal.SIG_IGN)
    raise SystemExit(128 + number)


def leave_when_done(app: Callable[[], object]) -> NoReturn:
    """Run ``app`` and leave the process at once with its exit code, its output flushed:
    a conformance run holds every case and answer it read, and tearing them down with the
    interpreter cost a tenth of a second after the report was written. Every engine still
    running (an early one the run never adopted, one a signal interrupted) is ended first,
    as at any exit."""
    from adjudicator.core.conformance.spawn import end_all

    try:
        app()
        code: object = 0
    except SystemExit as done:
        code = done.code
    end_all()
    if code is None:
        code = 0
    elif not isinstance(code, int):  # as the interpreter treats sys.exit("message")
        print(code, file=sys.stderr)
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except SystemExit as failed:  # standard output's own ending: a reader gone, or lost
        code = code or failed.code
    os._exit(code if isinstance(code, int) else 1)


def serve_engine() -> None:
    """``adjudicator engine`` as an engine harness starts it, with no option: the server
    without the command-line application, whose libraries (typer, rich) would be most of
    the engine's start-up before it can answer ``hello``. ``adjudicator engine --help``
    and the like still go through the application.

    Once its input ends, the engine leaves at once: tearing down the interpreter's modules
    would keep a harness that waits for its exit waiting for nothing (a tenth of a second,
    at every end of a conformance run)."""
    from adjudicator.core.protocol.serve import Server

    Server(Registry()).serve(sys.stdin.buffer, sys.stdout)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
