"""The engine's pipes and processes, handled as a hostile program would use them.

An engine is a foreign program: it may write a line that never ends (on stdout or stderr),
stop reading its input while a request is larger than the pipe's buffer, or exit leaving
children that hold its pipes open, or start children that leave its process group and
session (``setsid``). So every read here is bounded (a line keeps at most a given number of
bytes, the rest is counted and dropped), every write waits at most until a deadline (the
pipe is written without blocking), and the engine runs in its own process group, which is
ended whole together with the processes that left it: its descendants and whatever holds
one of its pipes, as far as the system shows them (:func:`strays`).

POSIX only, as the rest of the engine handling; the strays are found where ``/proc`` lists
processes (Linux), and elsewhere the group alone is ended."""

from __future__ import annotations

import collections
import contextlib
import os
import re
import select
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

#: Bytes read from a pipe at a time.
CHUNK = 1 << 16


def bounded_lines(stream: IO[bytes], limit: int) -> Iterator[tuple[bytes, int]]:
    """The lines read from the unbuffered pipe ``stream`` until its end, each as its first
    ``limit`` bytes (without the line feed) and how many bytes past them were dropped as
    they came. A last line without a line feed is a line too. The stream is closed at its
    end: by its reader, so that its file descriptor cannot be closed, and its number given
    to another file, while the reader still waits on it (a process the engine left outside
    its group may hold the pipe open)."""
    with stream:
        yield from _split(stream, limit)


def _split(stream: IO[bytes], limit: int) -> Iterator[tuple[bytes, int]]:
    """:func:`bounded_lines`, the stream left open."""
    kept = bytearray()
    dropped = 0
    while chunk := stream.read(CHUNK):
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end == -1 else chunk[start:end]
            room = max(0, limit - len(kept))
            kept += piece[:room]
            dropped += max(0, len(piece) - room)
            if end == -1:
                break
            yield bytes(kept), dropped
            kept.clear()
            dropped = 0
            start = end + 1
    if kept or dropped:
        yield bytes(kept), dropped


class StderrTail:
    """The last lines a program wrote on stderr, each cut to a bound, read by a thread of
    its own so that the program never blocks on a full stderr pipe."""

    def __init__(self, stream: IO[bytes], lines: int, line_bytes: int) -> None:
        self._stream = stream
        self._line_bytes = line_bytes
        self._lines: collections.deque[str] = collections.deque(maxlen=lines)
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        for kept, dropped in bounded_lines(self._stream, self._line_bytes):
            self._lines.append(cut_line(kept, dropped))

    def text(self) -> str:
        return "\n".join(self._lines)


def cut_line(kept: bytes, dropped: int) -> str:
    """A line read with a bound, as text: what was dropped is counted after an ellipsis."""
    text = kept.decode("utf-8", "replace").removesuffix("\r")
    return f"{text} … (+{dropped:,} B)" if dropped else text


def write_within(fd: int, data: bytes, deadline: float) -> bool:
    """Write ``data`` to the non-blocking pipe ``fd``; ``False`` when the reader has not
    taken it all by ``deadline`` (``time.monotonic``). A closed reader raises
    :class:`BrokenPipeError`."""
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    view = memoryview(data)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        if not poller.poll(remaining * 1000):
            continue
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:
            continue
    return True


#: The pipes (their inode numbers) of each engine started and not yet ended, by its pid.
_PIPES: dict[int, frozenset[int]] = {}
_NUMBER = re.compile("[0-9]{1,20}")
#: Where the system lists its processes, one folder per process id.
PROC = Path("/proc")


def spawn_group(argv: list[str]) -> subprocess.Popen[bytes]:
    """``argv`` started in a process group of its own, its stdin, stdout and stderr pipes
    of bytes; stdin does not block (see :func:`write_within`)."""
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
        process_group=0,
    )
    assert proc.stdin is not None
    os.set_blocking(proc.stdin.fileno(), False)
    streams = (proc.stdin, proc.stdout, proc.stderr)
    _PIPES[proc.pid] = frozenset(os.fstat(s.fileno()).st_ino for s in streams if s is not None)
    return proc


def has_exited(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the program has exited, without reaping it: while it is not reaped its
    process id, which is its group's id, cannot be given to another process, so that
    :func:`end_group` cannot end an unrelated group."""
    if proc.returncode is not None:
        return True
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def wait_exit(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Whether the program exits within ``seconds`` (not reaped, as :func:`has_exited`)."""
    deadline = time.monotonic() + seconds
    while not has_exited(proc):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


def end_group(proc: subprocess.Popen[bytes]) -> int:
    """Kill every process of the program's group (the program and whatever it started
    that stayed in the group) and every stray of it (:func:`strays`), then reap the
    program; its exit code."""
    if proc.returncode is None:
        left = strays(proc.pid, _PIPES.get(proc.pid, frozenset()))
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
    code = proc.wait()
    _PIPES.pop(proc.pid, None)
    return code


def strays(root: int, pipes: frozenset[int]) -> set[int]:
    """The processes the program ``root`` left outside its group: its descendants (while it
    runs they are found through their parents, whatever session they moved to) and, once it
    has exited, those still holding one of its ``pipes``. Empty where ``/proc`` does not
    list processes. This process, which holds the other ends of the pipes, is never one."""
    parents: dict[int, int] = {}
    holders: set[int] = set()
    for entry, pid in _processes():
        if pid == os.getpid():
            continue
        with contextlib.suppress(OSError, IndexError):
            # the parent is the second field after the command, which is in parentheses
            parent = _system_number((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent is not None:
                parents[pid] = parent
        if pipes and _holds(entry, pipes):
            holders.add(pid)
    found = {root}
    while grown := {p for p, parent in parents.items() if parent in found} - found:
        found |= grown
    return (found | holders) - {root}


def _processes() -> list[tuple[Path, int]]:
    """The folders of ``/proc`` that are processes, with their ids (none where it does not
    exist)."""
    try:
        entries = list(PROC.iterdir())
    except OSError:
        return []
    numbered = ((entry, _system_number(entry.name)) for entry in entries)
    return [(entry, pid) for entry, pid in numbered if pid is not None]


def _system_number(text: str) -> int | None:
    """A number the system writes in ``/proc`` (a process id, a pipe's inode): ASCII digits,
    never input of a user; ``None`` for anything else."""
    return int(text) if _NUMBER.fullmatch(text) else None


def _holds(process: Path, pipes: frozenset[int]) -> bool:
    """Whether the process has one of ``pipes`` open (as far as it may be seen: another
    user's process, which could not be ended anyway, is not)."""
    try:
        fds = list((process / "fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            link = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if link.startswith("pipe:[") and _system_number(link[6:-1]) in pipes:
            return True
    return False
