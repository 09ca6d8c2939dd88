"""Work spread over a Dask cluster: ``--executor dask://HOST:PORT``.

Dask's distributed scheduler does the spreading (the optional extra ``distributed``); this
module only connects to it and hands it tasks. It is imported only when ``--executor`` is
given, and imports Dask only then, so the base install's start-up never pays for it.
Workers import adjudicator themselves: each needs the same version installed and, for
``validate``, the record files at the same paths (a shared file system).
"""

from __future__ import annotations

import re
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from adjudicator.core.batch.files import Options, validate_records
from adjudicator.core.errors import InputError
from adjudicator.core.i18n import said
from adjudicator.core.judge.verdict import InputProblem, Verdict
from adjudicator.core.read.numbers import read_int
from adjudicator.core.registry import Registry

SCHEME = "dask://"
#: Seconds to wait for the scheduler to answer before giving up.
CONNECT_TIMEOUT = 10
#: A Dask scheduler greets every connection first, with a message whose first 8 bytes are
#: its size (little-endian); a greeting said to be larger than this is not a scheduler's.
MAX_GREETING = 1 << 20
T = TypeVar("T")
_DONE = object()
#: A host: an IPv6 address in brackets, or a name (or IPv4 address) of dot-separated labels
#: of 1 to 63 letters, digits and inner hyphens — what the resolver can encode (``a..b``,
#: an empty label, made it fail with a ``UnicodeError``).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_PORT = re.compile(
    rf"^(\[[0-9A-Fa-f:.]+\]|(?=[^:]{{1,253}}:){_LABEL}(?:\.{_LABEL})*\.?):([0-9]{{1,5}})$"
)


def _host_port(executor: str) -> tuple[str, int]:
    """``dask://HOST:PORT`` as its host (an IPv6 one in brackets) and port; an
    ``InputError`` otherwise."""
    rest = executor[len(SCHEME) :] if executor.startswith(SCHEME) else None
    m = _HOST_PORT.match(rest or "")
    if m is None or not 0 < read_int(m[2], max_digits=5) < 65536:
        raise InputError(
            "bad_executor",
            said("core.executor.not_address", executor=executor),
            field="--executor",
            expected=said("core.executor.syntax"),
        )
    return m[1], read_int(m[2], max_digits=5)


def scheduler_address(executor: str) -> str:
    """``dask://HOST:PORT`` as the scheduler's TCP address; an ``InputError`` otherwise."""
    host, port = _host_port(executor)
    return f"tcp://{host}:{port}"


def _unreachable(address: str, why: str) -> InputError:
    """No scheduler at ``address``, for ``why`` (said in both languages, or the name of
    the error the connection raised)."""
    return InputError(
        "executor_unreachable",
        said("core.executor.unreachable", address=address, why=why),
        field="--executor",
        expected=said("core.executor.syntax"),
    )


def greets_as_scheduler(host: str, port: int, timeout: float) -> None:
    """Connect to ``host:port`` and read the first 8 bytes a Dask scheduler sends, within
    ``timeout``; an ``executor_unreachable`` error when nothing listens there, or what
    listens is not a scheduler. Dask's client, given another service, waits forever for a
    greeting that never comes, or reads an HTTP server's answer as the size of a message and
    runs out of memory; this look first, with nothing sent, cannot."""
    address = f"tcp://{host}:{port}"
    deadline = time.monotonic() + timeout
    head = b""
    try:
        with socket.create_connection((host.strip("[]"), port), timeout=timeout) as conn:
            while len(head) < 8:
                conn.settimeout(max(0.001, deadline - time.monotonic()))
                if not (chunk := conn.recv(8 - len(head))):
                    break
                head += chunk
    except TimeoutError:
        if not head:
            raise _unreachable(address, said("core.executor.silent", timeout=timeout)) from None
    except OSError as exc:
        raise _unreachable(address, type(exc).__name__) from None
    if len(head) < 8 or struct.unpack("<Q", head)[0] > MAX_GREETING:
        raise _unreachable(address, said("core.executor.not_scheduler"))


class Cluster:
    """A connection to a Dask scheduler, closed by :meth:`close` (or ``with``)."""

    def __init__(self, executor: str) -> None:
        host, port = _host_port(executor)
        address = f"tcp://{host}:{port}"
        try:
            from distributed import Client
        except ImportError:
            raise InputError(
                "missing_extra",
                said("core.executor.missing_extra"),
                field="--executor",
                expected=said("core.executor.install"),
            ) from None
        greets_as_scheduler(host, port, CONNECT_TIMEOUT)
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise _unreachable(address, type(exc).__name__) from None

    def workers(self) -> int:
        """Threads over all workers: how many tasks run at once."""
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def map_in_order(
        self, fn: Callable[..., T], items: Iterable[Any], *args: Any, ahead: int = 0
    ) -> Iterator[T | Exception]:
        """``fn(item, *args)`` for every item, computed on the workers, in the items'
        order; at most ``ahead`` tasks in flight (all at once when 0), so that a long
        batch holds only a window of results. A task that failed (its error, or its
        workers killed more often than Dask retries) yields its exception, and the rest
        goes on."""
        pending: deque[Any] = deque()
        queue = iter(items)

        def top_up() -> None:
            while not ahead or len(pending) < ahead:
                item = next(queue, _DONE)
                if item is _DONE:
                    return
                pending.append(self.client.submit(fn, item, *args, pure=False))

        top_up()
        while pending:
            future = pending.popleft()
            try:
                result = future.result()
            except Exception as exc:
                result = exc
            finally:
                future.release()
            top_up()
            yield result

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _validate_chunk(paths: list[str], options: Options) -> list[Verdict]:
    """A worker's share of a batch: the verdicts on a few files, in order."""
    registry = Registry()  # a cluster's worker judges with the games installed there
    return [v for p in paths for v in validate_records(registry, Path(p), options)]


def _killed(path: str, exc: BaseException) -> Verdict:
    message = f"internal error (the worker validating it died: {type(exc).__name__})"
    problem = InputProblem(code="internal_error", location=None, message=message)
    return Verdict(source=path, status="unreadable", unreadable=problem)


def validate_on(executor: str, files: Sequence[Path], options: Options) -> Iterator[Verdict]:
    """Verdicts in the order of ``files``, computed on the cluster's workers — the same
    verdicts as :func:`~adjudicator.core.batch.files.validate_paths`. Connects at once, so that
    a bad address is reported before any verdict. A chunk whose workers keep dying (Dask
    retries a task a few times) is judged again file by file, so that only the file that
    kills its worker gets an ``internal_error`` verdict."""
    cluster = Cluster(executor)
    workers = cluster.workers()
    size = max(1, min(64, len(files) // (workers * 8)))
    chunks = [[str(p) for p in files[i : i + size]] for i in range(0, len(files), size)]

    def alone(paths: list[str]) -> Iterator[Verdict]:
        for path in paths:
            try:
                yield from cluster.client.submit(_validate_chunk, [path], options).result()
            except Exception as exc:  # the worker died on this very file
                yield _killed(path, exc)

    def verdicts() -> Iterator[Verdict]:
        with cluster:
            results = cluster.map_in_order(_validate_chunk, chunks, options, ahead=workers * 4)
            for chunk, result in zip(chunks, results, strict=True):
                if isinstance(result, Exception):
                    yield from alone(chunk)
                else:
                    yield from result

    return verdicts()
