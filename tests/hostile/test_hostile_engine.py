"""``conformance run`` against a hostile engine: an answer nested 100,000 deep or a line
of 32 MiB is that case's failure (errored), never a crash or a memory blow-up."""

from __future__ import annotations

import shlex
import sys

import pytest

from adjudicator.core.conformance import engine as engine_module
from adjudicator.core.conformance.engine import EngineFailure, ProcessEngine

#: Answers every request line with the line given on its command line, repeated as asked.
ECHO = (
    "import sys\n"
    "piece, times = sys.argv[1], int(sys.argv[2])\n"
    "for _ in sys.stdin:\n"
    "    sys.stdout.write(piece * times + '\\n'); sys.stdout.flush()\n"
)


def hostile(piece: str, times: int) -> ProcessEngine:
    argv = [sys.executable, "-c", ECHO, piece, str(times)]
    return ProcessEngine(shlex.join(argv), timeout=30)


@pytest.mark.parametrize(
    ("piece", "times", "said"),
    [("[", 100_000, "not JSON"), ('{"id": NaN}', 1, "not JSON"), ("x", 3 << 20, "longer")],
    ids=["deep", "nan", "oversize"],
)
def test_a_hostile_answer_is_a_failure_not_a_crash(
    piece: str, times: int, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_module, "MAX_ANSWER_CHARS", 1 << 20)
    engine = hostile(piece, times)
    try:
        with pytest.raises(EngineFailure) as failure:
            engine.ask({"cmd": "hello", "protocol": 1})
        assert said in str(failure.value)
        assert len(failure.value.received or "") <= 1000
    finally:
        engine.close()
