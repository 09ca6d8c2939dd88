"""Engines driven over the engine protocol: a foreign program as a subprocess, or this
project's own server in process. A crash, a timeout or an answer that is not one JSON
object echoing the request's id is an :class:`EngineFailure`; the runner then restarts.

A person debugging an engine needs what went over the wire, so each engine keeps the exact
line it last sent and, for a subprocess, the tail of what the program wrote on stderr."""

from __future__ import annotations

import contextlib
import errno
import json
import queue
import subprocess
import threading
import time
from typing import Any, BinaryIO, Protocol

from adjudicator.core.conformance.pipes import (
    StderrTail,
    bounded_lines,
    end_group,
    has_exited,
    wait_exit,
    write_within,
)
from adjudicator.core.conformance.spawn import engine_argv, spawn
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.protocol.serve import Server
from adjudicator.core.read import strict_json

#: How many of the engine's last stderr lines a failure keeps, and how many bytes of each.
STDERR_TAIL_LINES = 20
STDERR_LINE_BYTES = 4096
#: An answer line longer than this (bytes) is dropped as it comes and is a failure.
MAX_ANSWER_BYTES = 16 << 20
#: Seconds between looks at whether an engine that has not answered yet has exited, and
#: how long after its exit an answer may still arrive before its output, held open by
#: processes it left, is given up on.
EXIT_POLL = 0.1
EXIT_GRACE = 0.5
#: Seconds an engine has to exit by itself once its input is closed.
CLOSE_GRACE = 2.0
#: Stands in the queue for an answer line that was too long.
OVERSIZE = "\x00oversize\x00"
#: Why a program does not start, for the usual reasons, by error number: the catalogue's id
#: (the system's own words for the rest).
_START_REASONS = {
    errno.ENOENT: "core.engine_start_reason.enoent",
    errno.EACCES: "core.engine_start_reason.eacces",
    errno.ENOEXEC: "core.engine_start_reason.enoexec",
}


def _start_reason(exc: OSError) -> str:
    """Why the system refused to start the engine: in both languages for a usual reason."""
    key = _START_REASONS.get(exc.errno or 0)
    return said(key) if key else str(exc.strerror)


class EngineFailure(Exception):
    """The engine crashed, timed out or answered something that is not a response.

    ``message`` says so in English and Japanese (a :class:`Said`); ``received`` is the line
    it answered, if any; ``stderr`` the tail of its stderr."""

    def __init__(self, message: str, *, received: str | None = None, stderr: str = "") -> None:
        super().__init__(message)
        self.received = received
        self.stderr = stderr


class Engine(Protocol):
    #: The exact request line last sent (without its newline), for reports.
    last_sent: str

    def ask(self, request: dict[str, Any]) -> dict[str, Any]: ...

    def restart(self) -> None: ...

    def close(self) -> None: ...


class ProcessEngine:
    """A program speaking the protocol on stdin/stdout, in a process group of its own; the
    tail of its stderr is kept. Each request, written and answered, takes at most
    ``timeout`` seconds; after a failure the whole group is ended."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = 60.0,
        started: subprocess.Popen[bytes] | None = None,
    ) -> None:
        """``started``: the program already started (by :func:`spawn`) as ``command``."""
        self.argv = engine_argv(command)
        if not self.argv:
            raise EngineFailure(said("core.engine.empty"))
        self.timeout = timeout
        self.last_sent = ""
        self._next_id = 0
        self._start(started)

    def _start(self, started: subprocess.Popen[bytes] | None = None) -> None:
        try:
            self.proc = started if started is not None else spawn(self.argv)
        except OSError as exc:
            raise EngineFailure(
                said("core.engine.cannot_start", program=self.argv[0], reason=_start_reason(exc))
            ) from None
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(
            target=self._read, args=(self.proc.stdout, self.lines), daemon=True
        )
        self._reader.start()
        self._stderr = StderrTail(self.proc.stderr, STDERR_TAIL_LINES, STDERR_LINE_BYTES)

    @staticmethod
    def _read(stream: BinaryIO, lines: queue.Queue[str | None]) -> None:
        """Answer lines, each read with a bound: an oversize one is dropped as it comes and
        stands as :data:`OVERSIZE`, so that a runaway engine cannot exhaust memory."""
        for kept, dropped in bounded_lines(stream, MAX_ANSWER_BYTES):
            lines.put(OVERSIZE if dropped else kept.decode("utf-8", "replace"))
        lines.put(None)

    def stderr_tail(self) -> str:
        """The engine's last lines on stderr (after it exits, all of them it wrote)."""
        if has_exited(self.proc):
            self._stderr.thread.join(timeout=1)
        return self._stderr.text()

    def _failure(self, message: str, received: str | None = None) -> EngineFailure:
        """The failure, the engine's whole process group ended first (it is restarted)."""
        end_group(self.proc)
        return EngineFailure(message, received=received, stderr=self.stderr_tail())

    def _exited(self) -> EngineFailure:
        """The engine's output ended without an answer: it exited, or it closed its output
        and runs on, which is not its exit (the code would be that of the runner's kill)."""
        if wait_exit(self.proc, EXIT_GRACE):
            code = end_group(self.proc)
            return self._failure(said("core.engine.exited", code=code))
        return self._failure(said("core.engine.closed_output"))

    def _left_children(self) -> EngineFailure:
        """The engine exited while processes it left hold its output open: they are ended,
        and said to be only once its output has come to its end."""
        code = end_group(self.proc)
        self._reader.join(timeout=EXIT_GRACE)
        if not self._reader.is_alive():
            return self._failure(said("core.engine.left_children", code=code))
        return self._failure(said("core.engine.left_children_unended", code=code))

    def _not_reading(self) -> EngineFailure:
        """The engine's input is closed: it exited, or it closed its input and runs on."""
        if wait_exit(self.proc, EXIT_GRACE):
            code = end_group(self.proc)
            return self._failure(said("core.engine.not_running", code=code))
        return self._failure(said("core.engine.closed_input"))

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        request = {**request, "id": self._next_id}
        self.last_sent = json.dumps(request, ensure_ascii=False)
        deadline = time.monotonic() + self.timeout
        try:
            assert self.proc.stdin is not None
            data = (self.last_sent + "\n").encode("utf-8", "surrogatepass")
            written = write_within(self.proc.stdin.fileno(), data, deadline)
        except OSError:
            raise self._not_reading() from None
        if not written:
            raise self._failure(said("core.engine.unread", timeout=self.timeout))
        return self._parse(self._answer_line(deadline))

    def _answer_line(self, deadline: float) -> str:
        """The next answer line, waited for until ``deadline``. An engine that has exited
        while its output stays open (children of its hold it) is not waited for."""
        exited_at = None
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=min(remaining, EXIT_POLL))
            except queue.Empty:
                if exited_at is None:
                    exited_at = time.monotonic() if has_exited(self.proc) else None
                elif time.monotonic() - exited_at > EXIT_GRACE:
                    raise self._left_children() from None
                continue
            if line is None:
                raise self._exited()
            if line is OVERSIZE:
                raise self._failure(said("core.engine.too_long", limit=MAX_ANSWER_BYTES))
            return line.removesuffix("\r")
        raise self._failure(said("core.engine.no_answer", timeout=self.timeout))

    def _parse(self, line: str) -> dict[str, Any]:
        """The answer, checked to be a JSON object of characters echoing the request's id."""
        try:
            answer = strict_json.loads(line, strict=False)
        except (json.JSONDecodeError, InputError):
            raise self._failure(said("core.engine.not_json"), line[:1000]) from None
        if not isinstance(answer, dict):
            raise self._failure(
                said("core.engine.not_object"),
                line,
            )
        if strict_json.has_surrogate_escape(line) and (
            where := strict_json.lone_surrogate_at(answer)
        ):
            raise self._failure(
                said("core.engine.lone_surrogate", where=where),
                line,
            )
        got = answer.get("id")
        if type(got) is not int or got != self._next_id:
            shown = json.dumps(got, ensure_ascii=False)
            raise self._failure(
                said("core.engine.wrong_id", shown=shown, expected=self._next_id),
                line,
            )
        return answer

    def restart(self) -> None:
        self.close()
        self._start()

    def close(self) -> None:
        """End the engine: its input closed, a moment to exit, then its whole group ended
        (what it left running with it). Its output pipes are closed by their readers."""
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        if self.proc.returncode is None:
            wait_exit(self.proc, CLOSE_GRACE)
        end_group(self.proc)


class InProcessEngine:
    """This project's own server, without a subprocess: the same answers, faster."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.last_sent = ""

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.last_sent = json.dumps(request, ensure_ascii=False)
        return self.server.respond(self.last_sent)

    def restart(self) -> None:
        """Nothing to restart: the server keeps no state between requests."""

    def close(self) -> None:
        """Nothing to close."""
