"""An engine started is known before a signal can end the command (docs/security.md,
"Engines": "0 processes left"): a SIGTERM, SIGHUP or Ctrl-C that came between the engine
program's start and its listing ended ``conformance run`` with the engine listed nowhere,
so that nothing ended it (found by ``python -m tests.fuzz runner-signal``: SIGHUP 0.18 s
after the start, while the default engine was being started early)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from adjudicator.core.conformance import spawn


class Ended(Exception):
    """What the command's handler raises: the command ends (as SystemExit does)."""


@pytest.fixture
def ending_handler() -> Iterator[None]:
    def leave(number: int, _frame: object) -> None:
        raise Ended(number)

    before = signal.signal(signal.SIGTERM, leave)
    yield
    signal.signal(signal.SIGTERM, before)


def test_a_signal_while_an_engine_starts_ends_the_command_after_it_is_listed(
    monkeypatch: pytest.MonkeyPatch, ending_handler: None
) -> None:
    started: list[subprocess.Popen[bytes]] = []
    real = spawn.spawn_group

    def signalled_as_it_starts(argv: list[str]) -> subprocess.Popen[bytes]:
        proc = real(argv)
        started.append(proc)
        os.kill(os.getpid(), signal.SIGTERM)  # comes before spawn has listed it
        return proc

    monkeypatch.setattr(spawn, "spawn_group", signalled_as_it_starts)
    with pytest.raises(Ended):
        spawn.spawn([sys.executable, "-c", "import time; time.sleep(60)"])
    (proc,) = started
    try:
        assert proc in spawn._started  # so the exit's end_all ends it
        spawn.end_all()
        assert proc.poll() is not None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
