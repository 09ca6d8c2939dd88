"""The whole command over output targets: a command that writes a file (``repair
--write``, ``redact -o``, ``validate --html``/``--xlsx``, ``--svg`` of ``replay``,
``adjudicate`` and ``analyze``, ``convert -o``), run in a process of its own and told to
write to a drawn target: the record it reads, a hard or symbolic link to it, a link to a
link, a file already there, a folder, a path through a missing folder, a folder it may not
write in, a file it may not write, a FIFO, ``/dev/full``, a file of ``/proc``, or a good
target on a disk that fills part way (a limit on the size of a file).

The property (docs/security.md, "Output targets"): never exit 4 and never a traceback; the
record read is byte for byte as it was; a refused or failed write leaves what stood at the
target as it was and no temporary file beside it; a write said done leaves a whole file."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
RECORDS = {
    "od-json": ROOT / "records" / "orbit-dominion" / "valid" / "annihilation.json",
    "od-text": ROOT / "records" / "orbit-dominion" / "valid" / "comments-clocks-attempts.txt",
    "dn-director": ROOT / "records" / "dark-nebula" / "valid" / "appearance-disclosed.json",
    # repair writes only a record it corrected
    "od-fixable": ROOT
    / "records"
    / "orbit-dominion"
    / "invalid"
    / "illegal-action-in-the-middle.json",
    "od-fixable-text": ROOT
    / "records"
    / "orbit-dominion"
    / "invalid"
    / "lenient-spellings-in-strict-file.txt",
}
#: Every command that reads a record ``{r}`` and writes a file ``{o}``, with the records it
#: takes.
COMMANDS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    # a budget of replays, not of seconds: what the search reaches (a correction to write)
    # does not depend on how busy the machine is
    "repair": (
        ["repair", "{r}", "--write", "{o}", "--max-replays", "20000", "--time", "60"],
        ("od-fixable", "od-fixable-text"),
    ),
    "redact": (["dark-nebula", "redact", "{r}", "-o", "{o}"], ("dn-director",)),
    "html": (["validate", "{r}", "--html", "{o}"], tuple(RECORDS)),
    "xlsx": (["validate", "{r}", "--xlsx", "{o}"], tuple(RECORDS)),
    "replay-svg": (["replay", "{r}", "--svg", "{o}"], ("od-json", "od-text", "dn-director")),
    "adjudicate-svg": (
        ["adjudicate", "--record", "{r}", "--at", "2", "--action", "O3-O4", "--svg", "{o}"],
        ("od-json",),
    ),
    "analyze-svg": (
        ["orbit-dominion", "analyze", "--record", "{r}", "--at", "2", "--svg", "{o}"],
        ("od-json",),
    ),
    "convert": (["convert", "{r}", "-o", "{o}"], ("od-json", "dn-director")),
}
TARGETS = (
    "input",
    "hard-link",
    "symlink",
    "symlink-to-symlink",
    "existing",
    "folder",
    "missing-folder",
    "read-only-folder",
    "read-only-file",
    "fifo",
    "dev-full",
    "proc-file",
    "disk-full",
)
#: The bytes of a file already standing at the target, which no failed write may change.
_OLD = b"a file that stood here before\n"


def output_plans() -> st.SearchStrategy[str]:
    """A run's plan, as JSON: the command, its record, the target and the language."""
    return (
        st.sampled_from(sorted(COMMANDS))
        .flatmap(
            lambda name: st.tuples(
                st.just(name),
                st.sampled_from(COMMANDS[name][1]),
                st.sampled_from(TARGETS),
                st.sampled_from(["en", "ja"]),
            )
        )
        .map(json.dumps)
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _place_target(kind: str, record: Path, folder: Path) -> Path:
    """The drawn target, made in ``folder`` beside the record."""
    made: dict[str, Callable[[], Path]] = {
        "input": lambda: record,
        "hard-link": lambda: _hard_link(record, folder / "hard"),
        "symlink": lambda: _symlink(folder / "soft", record),
        "symlink-to-symlink": lambda: _symlink(folder / "softer", _symlink(folder / "s", record)),
        "existing": lambda: _old_file(folder / "out"),
        "folder": lambda: _made_folder(folder / "out"),
        "missing-folder": lambda: folder / "no" / "such" / "out",
        "read-only-folder": lambda: _read_only_folder(folder / "locked") / "out",
        "read-only-file": lambda: _read_only_file(folder / "out"),
        "fifo": lambda: _fifo(folder / "out"),
        "dev-full": lambda: Path("/dev/full"),
        # a file no one may write, not even the superuser (the read-only folders and files
        # above bind only other users)
        "proc-file": lambda: Path("/proc/version"),
        "disk-full": lambda: _old_file(folder / "out"),
    }
    return made[kind]()


def _hard_link(record: Path, link: Path) -> Path:
    os.link(record, link)
    return link


def _symlink(link: Path, to: Path) -> Path:
    link.symlink_to(to)
    return link


def _old_file(path: Path) -> Path:
    path.write_bytes(_OLD)
    return path


def _made_folder(path: Path) -> Path:
    path.mkdir()
    return path


def _read_only_folder(path: Path) -> Path:
    path.mkdir()
    path.chmod(0o500)
    return path


def _read_only_file(path: Path) -> Path:
    _old_file(path).chmod(0o400)
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _limited() -> None:
    """A disk that fills after 300 bytes: a write past the limit fails (EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))


def _stands(path: Path) -> bytes | None:
    """What stands at a regular target, to compare after a refusal."""
    if path.is_file() and not path.is_symlink() and os.access(path, os.R_OK):
        return path.read_bytes()
    return None


def check_outputs(plan: str, scratch: Path, failure: type[AssertionError]) -> str:
    name, which, kind, lang = json.loads(plan)
    folder = scratch / "outputs"
    if folder.exists():
        _unlock(folder)
        shutil.rmtree(folder)
    folder.mkdir()
    record = folder / RECORDS[which].name
    shutil.copy(RECORDS[which], record)
    before = _digest(record)
    target = _place_target(kind, record, folder)
    standing = _stands(target) if kind not in ("input", "hard-link") else None
    args = [w.format(r=record, o=target) for w in COMMANDS[name][0]] + ["--lang", lang]
    try:
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator", *args],
            capture_output=True,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
            preexec_fn=_limited if kind == "disk-full" else None,
            cwd=folder,
            timeout=120,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise failure(f"{args} to {kind}: no answer in 120 s (a FIFO waited on?)") from exc
    said = f"{args} to {kind}: exit {done.returncode}: {done.stderr[-300:]!r}"
    if done.returncode == 4 or b"Traceback" in done.stdout + done.stderr:
        raise failure(said)
    if _digest(record) != before:
        raise failure(f"the record read was changed: {said}")
    _unlock(folder)
    _check_target(kind, target, standing, done.returncode, said, failure)
    leftovers = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    if leftovers:
        raise failure(f"temporary files left beside the target {leftovers}: {said}")
    return f"{kind}: exit {done.returncode}"


def _check_target(
    kind: str,
    target: Path,
    standing: bytes | None,
    code: int,
    said: str,
    failure: type[AssertionError],
) -> None:
    """A refusal leaves what stood; a write said done leaves a whole, new file."""
    must_refuse = kind in ("input", "hard-link", "symlink", "symlink-to-symlink", "folder")
    must_refuse = must_refuse or kind in ("fifo", "dev-full", "disk-full", "missing-folder")
    must_refuse = must_refuse or kind == "proc-file"
    if must_refuse and code in (0, 1):
        raise failure(f"a write to {kind} was not refused: {said}")
    if code not in (0, 1):
        if standing is not None and _stands(target) != standing:
            raise failure(f"a refused write changed what stood at the target: {said}")
        return
    written = target.read_bytes() if target.is_file() else b""
    if not written or written == _OLD:
        raise failure(f"a write said done left no new file: {said}")


def _unlock(folder: Path) -> None:
    """Give back the rights a plan took, so that the folder can be read and removed."""
    for path in folder.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IRWXU)
        elif path.is_file() and not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IRUSR | stat.S_IWUSR)
