"""The engine protocol: JSON Lines on stdin, exactly one JSON line per request on stdout.

The envelope (``cmd``, ``id``, ``game``, ``error``) belongs to the core; each game defines
the payload of its own commands. The server answers every line, in order, and never dies on
a bad one: malformed JSON, an unknown command or game, or a failure inside a game all become
an ``error`` object, and the loop goes on. Logs go to stderr only.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterator
from typing import Any, BinaryIO, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field

from adjudicator import __version__
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.read.strict_json import dumps, has_surrogate_escape, loads, lone_surrogate_at
from adjudicator.core.registry import Registry

PROTOCOL_VERSION = 1
ENGINE_NAME = "adjudicator"
#: A request line longer than this is refused unread (bytes of UTF-8, counting the line's
#: content only: its terminator, LF or CR LF, is not part of the limit).
MAX_LINE_BYTES = 1 << 20


RequestId = str | int | None


class HelloRequest(BaseModel):
    """``{"cmd":"hello","protocol":1}``: which games and features does the engine offer?"""

    model_config = ConfigDict(extra="allow")

    cmd: Literal["hello"]
    id: RequestId = None
    protocol: int = PROTOCOL_VERSION


class EngineInfo(BaseModel):
    name: str
    version: str


class HelloResponse(BaseModel):
    id: RequestId
    protocol: int
    engine: EngineInfo
    games: list[str] = Field(description="Versioned game ids, e.g. 'orbit-dominion/4.2'.")
    features: dict[str, list[str]] | list[str] = Field(
        description="Optional abilities from the documented vocabulary, per game id. The "
        "older form, one list for the whole engine, is still read as applying to every game."
    )


class Normalization(BaseModel):
    """A spelling read in lenient notation: where, as written, and its canonical form.
    Games answer ``normalized`` with a list of these."""

    index: int = Field(description="0-based index in 'moves'.")
    written: str
    canonical: str


class ErrorBody(BaseModel):
    code: str = Field(description="Stable machine-readable code, e.g. 'bad_json'.")
    message: str = Field(description="For a person: where, what, and what was expected.")
    field: str | None = Field(default=None, description="Where in the request, e.g. 'moves[2]'.")
    suggestion: str | None = Field(default=None, description="Canonical spelling, if inferred.")


class ErrorResponse(BaseModel):
    """Any request that cannot be served gets this; the engine keeps serving."""

    id: RequestId
    error: ErrorBody


def error_response(request_id: Any, err: InputError) -> dict[str, Any]:
    return {"id": request_id, "error": err.to_json()}


class Server:
    """Serves requests for the games in a registry."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        asked = request.get("protocol", PROTOCOL_VERSION)
        # The JSON number 1 only: a string or a boolean is another version (True == 1 in
        # Python, and an engine in another language would not read `true` as 1).
        if isinstance(asked, bool) or asked != PROTOCOL_VERSION:
            raise InputError(
                "unsupported_protocol",
                said("core.request.protocol", version=dumps(asked)),
                field="protocol",
                expected=f"{PROTOCOL_VERSION}",
            )
        return {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": ENGINE_NAME, "version": __version__},
            "games": self.registry.ids(),
            "features": {g.id: sorted(g.features) for g in self.registry.games},
        }

    def respond(self, line: str) -> dict[str, Any]:
        """The response to one request line; never raises."""
        request_id: Any = None
        try:
            if len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
                raise InputError(
                    "request_too_large",
                    f"request line longer than {MAX_LINE_BYTES} bytes",
                )
            request = self._decode(line)
            request_id = request.get("id")
            if not _valid_id(request_id):
                request_id = None
                raise InputError(
                    "bad_request",
                    "must be a string (of characters, no lone surrogate), an integer or null",
                    field="id",
                )
            if has_surrogate_escape(line) and (where := lone_surrogate_at(request)):
                raise InputError(
                    "bad_request",
                    "a \\u escape makes a lone surrogate, which is not a character",
                    field=where,
                    expected="UTF-16 surrogates only in pairs",
                )
            payload = self.dispatch(request)
        except InputError as err:
            return error_response(request_id, err)
        except Exception as exc:  # a defect must not kill the engine; say so and go on
            traceback.print_exc(file=sys.stderr)
            return error_response(
                request_id, InputError("internal_error", f"{type(exc).__name__}: {str(exc)[:200]}")
            )
        return {"id": request_id, **payload}

    @staticmethod
    def _decode(line: str) -> dict[str, Any]:
        try:
            request = loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(
                "bad_json",
                f"not valid JSON at column {exc.colno}: {exc.msg}",
                expected="one JSON object per line",
            ) from None
        except InputError as err:
            raise InputError("bad_json", f"not valid JSON: {err.message}") from None
        if not isinstance(request, dict):
            raise InputError("bad_request", "a request must be a JSON object", expected="an object")
        return request

    def dispatch(self, request: dict[str, Any]) -> dict[str, Any]:
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise InputError("bad_request", "missing command", field="cmd", expected="a string")
        if cmd == "hello":
            return self.hello(request)
        game_id = request.get("game")
        if not isinstance(game_id, str):
            raise InputError(
                "bad_request",
                "missing game",
                field="game",
                expected="one of " + ", ".join(self.registry.ids()),
            )
        game = self.registry.get(game_id)
        if game is None:
            raise InputError(
                "unknown_game",
                f"{game_id!r} is not supported",
                field="game",
                expected="one of " + ", ".join(self.registry.ids()),
            )
        if cmd not in game.commands:
            known = ", ".join(sorted({"hello", *game.commands}))
            raise InputError(
                "unknown_command",
                f"{cmd!r} is not served for {game_id}",
                field="cmd",
                expected=f"one of {known}",
            )
        return game.handle(cmd, request)

    def respond_bytes(self, raw: bytes) -> dict[str, Any]:
        """The response to one raw request line, whatever its bytes."""
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return error_response(
                None,
                InputError(
                    "bad_encoding",
                    f"byte {exc.start} is not UTF-8",
                    expected="UTF-8 encoded JSON",
                ),
            )
        return self.respond(line)

    def serve(self, stdin: BinaryIO, stdout: TextIO) -> None:
        """Answer every line of ``stdin`` on ``stdout``, one line each, flushed."""
        for raw in read_lines(stdin):
            if raw is not None:
                raw = line_content(raw)
            if raw is None:
                response = error_response(
                    None,
                    InputError(
                        "request_too_large",
                        f"request line longer than {MAX_LINE_BYTES} bytes (the rest of "
                        "the line was skipped unread)",
                    ),
                )
            else:
                response = self.respond_bytes(raw)
            stdout.write(dumps(response) + "\n")
            stdout.flush()


def line_content(line: bytes) -> bytes:
    """A line without its terminator, LF or CR LF."""
    if line.endswith(b"\r\n"):
        return line[:-2]
    return line.removesuffix(b"\n")


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of ``stream`` (with their terminators), each read with a bound: a line
    whose content (:func:`line_content`) is longer than ``limit`` bytes is skipped in
    pieces, never held whole, and stands as ``None``."""
    while True:
        line = stream.readline(limit + 2)  # room for the content and a CR LF
        if not line:
            return
        if len(line_content(line)) <= limit:
            yield line
            continue
        while line and not line.endswith(b"\n"):
            line = stream.readline(1 << 16)
        yield None


def _valid_id(value: Any) -> bool:
    """A string of characters, an integer (not a boolean, not a float) or null."""
    if value is None:
        return True
    if isinstance(value, str):
        return lone_surrogate_at(value) is None
    return isinstance(value, int) and not isinstance(value, bool)


def protocol_models() -> dict[str, type[BaseModel]]:
    """The envelope's models, by schema file stem."""
    return {
        "protocol.hello.request": HelloRequest,
        "protocol.hello.response": HelloResponse,
        "protocol.error.response": ErrorResponse,
    }
