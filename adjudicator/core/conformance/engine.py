"""Engines driven over the engine protocol: a foreign program as a subprocess, or this
project's own server in process. A crash, a timeout or an answer that is not one JSON
object echoing the request's id is an :class:`EngineFailure`; the runner then restarts.

A person debugging an engine needs what went over the wire, so each engine keeps the exact
line it last sent and, for a subprocess, the tail of what the program wrote on stderr."""

from __future__ import annotations

import collections
import errno
import json
import queue
import subprocess
import threading
from typing import IO, Any, Protocol

from adjudicator.core import strict_json
from adjudicator.core.conformance.spawn import engine_argv, spawn
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import Said, in_lang
from adjudicator.core.protocol import Server

#: How many of the engine's last stderr lines a failure keeps.
STDERR_TAIL_LINES = 20


#: An answer line longer than this (characters) is skipped unread and is a failure.
MAX_ANSWER_CHARS = 16 << 20
#: Stands in the queue for an answer line that was too long.
OVERSIZE = "\x00oversize\x00"
#: Why a program does not start, in Japanese, for the usual reasons (the system's own
#: words, English, for the rest).
_START_ERRORS_JA = {
    errno.ENOENT: "そのようなファイルやコマンドはありません",
    errno.EACCES: "実行の権限がありません",
    errno.ENOEXEC: "実行できる形式ではありません",
}


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
    """A program speaking the protocol on stdin/stdout; the tail of its stderr is kept."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = 60.0,
        started: subprocess.Popen[str] | None = None,
    ) -> None:
        """``started``: the program already started (by :func:`spawn`) as ``command``."""
        self.argv = engine_argv(command)
        if not self.argv:
            raise EngineFailure(Said("the engine command is empty", "エンジンのコマンドが空です"))
        self.timeout = timeout
        self.last_sent = ""
        self._next_id = 0
        self._start(started)

    def _start(self, started: subprocess.Popen[str] | None = None) -> None:
        try:
            self.proc = started if started is not None else spawn(self.argv)
        except OSError as exc:
            why = _START_ERRORS_JA.get(exc.errno or 0, exc.strerror)
            raise EngineFailure(
                Said(
                    f"cannot start {self.argv[0]!r}: {exc.strerror}",
                    f"{self.argv[0]!r} を起動できません: {why}",
                )
            ) from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self._readers = [
            threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True),
            threading.Thread(
                target=self._drain, args=(self.proc.stderr, self._stderr), daemon=True
            ),
        ]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _read(stream: IO[str], lines: queue.Queue[str | None]) -> None:
        """Answer lines, each read with a bound: an oversize one is skipped in pieces and
        stands as :data:`OVERSIZE`, so that a runaway engine cannot exhaust memory."""
        while line := stream.readline(MAX_ANSWER_CHARS + 1):
            if len(line) > MAX_ANSWER_CHARS and not line.endswith("\n"):
                while line and not line.endswith("\n"):
                    line = stream.readline(1 << 16)
                line = OVERSIZE
            lines.put(line)
        lines.put(None)

    @staticmethod
    def _drain(stream: IO[str], tail: collections.deque[str]) -> None:
        for line in stream:
            tail.append(line.rstrip("\n"))

    def _exit_code(self) -> str:
        """The exit code of an engine that closed its output, once it has exited."""
        try:
            return str(self.proc.wait(timeout=5))
        except subprocess.TimeoutExpired:
            return Said(
                "unknown: it closed its output but is still running",
                "不明: 出力を閉じましたが、まだ動いています",
            )

    def stderr_tail(self) -> str:
        """The engine's last lines on stderr (after it exits, all of them it wrote)."""
        if self.proc.poll() is not None:
            self._readers[1].join(timeout=1)
        return "\n".join(self._stderr)

    def _failure(self, message: str, received: str | None = None) -> EngineFailure:
        return EngineFailure(message, received=received, stderr=self.stderr_tail())

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        request = {**request, "id": self._next_id}
        self.last_sent = json.dumps(request, ensure_ascii=False)
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(self.last_sent + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            code = self._exit_code()
            raise self._failure(
                Said(
                    f"the engine is not running (it exited with code {code})",
                    f"エンジンが動いていません(終了コード {in_lang(code, 'ja')})",
                )
            ) from None
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._failure(
                Said(
                    f"no answer within {self.timeout:g} s",
                    f"{self.timeout:g} 秒以内に応答がありません",
                )
            ) from None
        if line is None:
            code = self._exit_code()
            raise self._failure(
                Said(
                    f"the engine exited (code {code}) instead of answering",
                    f"エンジンが応答せずに終了しました(終了コード {in_lang(code, 'ja')})",
                )
            )
        if line is OVERSIZE:
            raise self._failure(
                Said(
                    f"an answer longer than {MAX_ANSWER_CHARS:,} characters",
                    f"{MAX_ANSWER_CHARS:,} 文字を超える応答",
                )
            )
        line = line.rstrip("\n")
        try:
            answer = strict_json.loads(line, strict=False)
        except (json.JSONDecodeError, InputError):
            raise self._failure(
                Said("the answer is not JSON", "応答が JSON ではありません"), line[:1000]
            ) from None
        if not isinstance(answer, dict):
            raise self._failure(
                Said("the answer is not a JSON object", "応答が JSON オブジェクトではありません"),
                line,
            )
        if answer.get("id") != self._next_id:
            got = answer.get("id")
            raise self._failure(
                Said(
                    f"the answer echoes id {got!r}, not {self._next_id}",
                    f"応答の ID が {got!r} で、{self._next_id} ではありません",
                ),
                line,
            )
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
        self.last_sent = ""

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.last_sent = json.dumps(request, ensure_ascii=False)
        return self.server.respond(self.last_sent)

    def restart(self) -> None:
        """Nothing to restart: the server keeps no state between requests."""

    def close(self) -> None:
        """Nothing to close."""
