"""Engines driven over the engine protocol: a foreign program as a subprocess, or this
project's own server in process. A crash, a timeout or an answer that is not one JSON
object echoing the request's id is an :class:`EngineFailure`; the runner then restarts."""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from typing import Any, Protocol

from adjudicator.core.protocol import Server


class EngineFailure(Exception):
    """The engine crashed, timed out or answered something that is not a response."""


class Engine(Protocol):
    def ask(self, request: dict[str, Any]) -> dict[str, Any]: ...

    def restart(self) -> None: ...

    def close(self) -> None: ...


class ProcessEngine:
    """A program speaking the protocol on stdin/stdout; stderr is kept for diagnostics."""

    def __init__(self, command: str, *, timeout: float = 60.0) -> None:
        self.argv = shlex.split(command)
        self.timeout = timeout
        self._next_id = 0
        self._start()

    def _start(self) -> None:
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise EngineFailure(f"cannot start {self.argv[0]!r}: {exc.strerror}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        request = {**request, "id": self._next_id}
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure("the engine is not running (it crashed)") from None
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineFailure(f"no answer within {self.timeout:g} s") from None
        if line is None:
            code = self.proc.poll()
            raise EngineFailure(f"the engine exited (code {code}) instead of answering")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise EngineFailure(f"malformed answer (not JSON): {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise EngineFailure(f"malformed answer (not an object): {line[:200]!r}")
        if answer.get("id") != self._next_id:
            raise EngineFailure(f"answer echoes id {answer.get('id')!r}, not {self._next_id}")
        return answer

    def restart(self) -> None:
        self.close()
        self._start()

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class InProcessEngine:
    """This project's own server, without a subprocess: the same answers, faster."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.server.respond(json.dumps(request, ensure_ascii=False))

    def restart(self) -> None:
        """Nothing to restart: the server keeps no state between requests."""

    def close(self) -> None:
        """Nothing to close."""
