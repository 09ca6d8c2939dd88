"""The Dask executor (extra 'distributed'): ``validate --executor`` gives the verdicts of
``--jobs`` in the same order, and ``solve --executor`` the answers of the local search,
with a proof that verifies; both on a LocalCluster of worker processes started here."""

from __future__ import annotations

import http.server
import json
import resource
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.batch.distributed import CONNECT_TIMEOUT, scheduler_address
from adjudicator.core.errors import InputError
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).parents[1]
APP = build_app(Registry(installed_games()))
runner = CliRunner()
GATE = "..b........./....r......./R.....r..B.. r 0 -"
NOT_INSTALLED = "the 'distributed' extra is not installed (pip install -e '.[distributed]')"
BAD_ADDRESSES = ["tcp://127.0.0.1:8786", "dask://", "dask://host:0", "dask://a b:1"]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, list(args), env={"LANG": "C.UTF-8", "COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def executor():
    distributed = pytest.importorskip(
        "distributed",
        reason="the 'distributed' extra is not installed (pip install -e '.[distributed]')",
    )
    with distributed.LocalCluster(
        n_workers=3,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield "dask://" + cluster.scheduler_address.removeprefix("tcp://")


def test_validate_on_the_cluster_matches_jobs(executor):
    """Every sample record of every game: the same JSON verdicts, the same order, the same
    exit code as two local processes."""
    records = str(ROOT / "records")
    local = run("validate", records, "--jsonl", "--jobs", "2")
    spread = run("validate", records, "--jsonl", "--executor", executor)
    assert spread[0] == local[0]
    assert spread[1] == local[1]
    assert len(spread[1].splitlines()) > 50


@pytest.mark.parametrize(
    ("position", "depth", "answer"),
    [
        (GATE, 3, ("win", "red", 2)),
        ("standard", 3, ("no_forced_win", None, None)),
        ("..r.....bb.b/.r........../.....Br....R r 116 -", 4, ("value", "draw", 4)),
    ],
    ids=["gate-claim", "start", "move-limit"],
)
def test_solve_on_the_cluster_matches_local(executor, tmp_path, position, depth, answer):
    """第8条 03 / 第8条 最大手数 / the start: the same answer as the local search; a win's
    proof, put together from the workers' proofs, verifies."""
    code, out, _ = run("orbit-dominion", "solve", position, "-d", str(depth), "--json")
    local = json.loads(out)
    code, out, err = run(
        "orbit-dominion", "solve", position, "-d", str(depth), "--json", "--executor", executor
    )
    assert code == 0, err
    spread = json.loads(out)
    assert (spread["result"], spread["winner"], spread["within"]) == answer
    assert (local["result"], local["winner"], local["within"]) == answer
    if spread["proof"] is not None:
        path = tmp_path / "proof.json"
        path.write_text(out, encoding="utf-8")
        assert run("orbit-dominion", "verify-proof", str(path))[0] == 0


def test_solve_with_history_on_the_cluster(executor):
    """第9条: the history travels to the workers (blue wins by red's every action banned)."""
    nolegal = str(ROOT / "records" / "orbit-dominion" / "valid" / "no-legal-moves.json")
    code, out, _ = run(
        "adjudicate",
        "--record",
        nolegal,
        "--at",
        "38",
        "--solve",
        "--depth",
        "4",
        "--json",
        "--executor",
        executor,
    )
    local = json.loads(
        run("adjudicate", "--record", nolegal, "--at", "38", "--solve", "--depth", "4", "--json")[1]
    )
    spread = json.loads(out)
    assert code == 0
    assert {k: spread[k] for k in ("result", "winner", "within")} == {
        k: local[k] for k in ("result", "winner", "within")
    }


@pytest.mark.parametrize(
    "text", ["tcp://127.0.0.1:8786", "dask://", "dask://host:0", "dask://a b:1"]
)
def test_bad_executor_address_is_named(text):
    with pytest.raises(InputError) as err:
        scheduler_address(text)
    assert err.value.field == "--executor"
    code, _, stderr = run("orbit-dominion", "solve", GATE, "-d", "2", "--executor", text)
    assert code == 2 and "--executor" in stderr and "Traceback" not in stderr


def test_unreachable_scheduler_is_an_error_not_a_traceback(monkeypatch):
    pytest.importorskip("distributed", reason=NOT_INSTALLED)
    monkeypatch.setattr("adjudicator.core.batch.distributed.CONNECT_TIMEOUT", 1)
    code, _, err = run("validate", str(ROOT / "records"), "--executor", "dask://127.0.0.1:9")
    assert code == 2 and "no Dask scheduler answered" in err


@contextmanager
def service(handler: type[socketserver.BaseRequestHandler]) -> Iterator[str]:
    """A TCP service on a free loopback port, as a ``dask://`` address."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"dask://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _Silent(socketserver.BaseRequestHandler):
    """Accepts a connection and never says anything."""

    def handle(self) -> None:
        self.request.recv(1 << 16)
        time.sleep(30)


def test_a_web_server_is_not_taken_for_a_scheduler():
    """An HTTP server at the address: Dask read its "HTTP/1.0" as a message size and ran
    out of memory after 20 s (an internal error, and an ignored TimeoutError traceback).
    Now: executor_unreachable within the connect timeout, exit 2, no noise."""
    pytest.importorskip("distributed", reason=NOT_INSTALLED)
    with service(http.server.BaseHTTPRequestHandler) as address:
        started = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "adjudicator", "validate", str(ROOT / "records"),
             "--executor", address, "--lang", "en"],
            capture_output=True, text=True, timeout=60,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
        )  # fmt: skip
    assert time.monotonic() - started < CONNECT_TIMEOUT + 20  # start-up on a busy machine
    assert proc.returncode == 2
    # executor_unreachable as the command line says it, with the address, and why
    scheduler = scheduler_address(address)
    assert f"no Dask scheduler answered at {scheduler}" in proc.stderr
    assert "not a Dask scheduler" in proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_a_silent_service_is_not_waited_for_beyond_the_connect_timeout(monkeypatch):
    """A service that accepts and says nothing held Dask's handshake forever."""
    pytest.importorskip("distributed", reason=NOT_INSTALLED)
    monkeypatch.setattr("adjudicator.core.batch.distributed.CONNECT_TIMEOUT", 1)
    with service(_Silent) as address:
        started = time.monotonic()
        code, _, err = run("validate", str(ROOT / "records"), "--executor", address)
    assert time.monotonic() - started < 6
    assert code == 2 and "not a Dask scheduler" in err and "Traceback" not in err


def test_start_up_does_not_import_dask():
    """The base start-up never pays for Dask: building the whole CLI imports none of it."""
    code = (
        "import sys; from adjudicator.cli.app import build_app; "
        "from adjudicator.core.registry import Registry, installed_games; "
        "build_app(Registry(installed_games())); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_failed_task_is_yielded_in_its_place(executor):
    """A task that fails on a worker comes back as its exception, in its place, and the
    tasks after it still run (validate then judges that chunk's files one by one)."""
    from adjudicator.core.batch.distributed import Cluster

    with Cluster(executor) as cluster:
        results = list(cluster.map_in_order(int, ["1", "x", "3", "4"], ahead=2))
    assert results[0] == 1 and results[2:] == [3, 4]
    assert isinstance(results[1], ValueError)
