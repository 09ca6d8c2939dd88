"""The whole command over generated folders: ``adjudicator validate DIR --jsonl`` on a folder
of records under odd names (other scripts' digits, bidirectional controls, ``#``, ``=``),
records written with other digits, text records concatenated with their byte order marks,
links to themselves and to the folder above, dangling links and FIFOs named as records.

The property: the command answers (exit 0–3, never 4, never an exception), and every entry
named as a record gets a verdict of its own — none is left unjudged because of another."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from hypothesis import strategies as st
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]

#: Characters a careless or hostile name holds: other scripts' digits, a right-to-left
#: override, a game's index sign, a formula's sign, a space.
_NAME = st.text(alphabet=st.sampled_from(list("ab-_.1１٣³#=\u202e ")), min_size=1, max_size=6)
_KINDS = (
    "record",
    "record",
    "record",
    "odd-digits",
    "concatenated",
    "self-link",
    "up-link",
    "dangling",
    "fifo",
    "folder",
)
_ENTRY = st.tuples(
    st.sampled_from(_KINDS), _NAME, st.integers(0, 1 << 16), st.sampled_from([".json", ".txt"])
)


def folders() -> st.SearchStrategy[str]:
    """A folder's plan, as JSON: its entries, each a kind, a name, a seed and a suffix."""
    return st.lists(_ENTRY, min_size=1, max_size=8).map(json.dumps)


def _samples(suffix: str) -> list[Path]:
    return sorted(ROOT.glob(f"records/*/*/*{suffix}"))


def _odd_digits(text: str) -> str:
    """The text with its first run of digits after the header written in full-width digits."""
    start = text.find("\n\n") + 2 if "\n\n" in text else len(text) // 2
    out = list(text)
    for i in range(start, len(out)):
        if out[i].isascii() and out[i] in "0123456789":
            out[i] = chr(ord("０") + ord(out[i]) - ord("0"))
            break
    return "".join(out)


def _make(root: Path, plan: list[list]) -> list[Path]:
    """The folder of ``plan`` under ``root``; the entries that must each get a verdict."""
    expected: list[Path] = []
    for i, (kind, name, seed, suffix) in enumerate(plan):
        path = root / f"{i}{name}{suffix}"
        if kind == "folder":
            path = root / f"{i}{name}"
            path.mkdir()
            inner = path / f"inner{suffix}"
            inner.write_bytes(_samples(suffix)[seed % len(_samples(suffix))].read_bytes())
            expected.append(inner)
            continue
        if kind == "self-link":
            path.symlink_to(path.name)
        elif kind == "up-link":
            path = root / f"{i}{name}"
            path.symlink_to("..")
            continue  # a link to a folder is not followed, and is no record
        elif kind == "dangling":
            path.symlink_to(f"missing{suffix}")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "concatenated":
            texts = _samples(".txt")
            first, second = texts[seed % len(texts)], texts[(seed // 7) % len(texts)]
            path = path.with_suffix(".txt")
            path.write_bytes(
                b"\xef\xbb\xbf" + first.read_bytes() + b"\xef\xbb\xbf" + second.read_bytes()
            )
        else:
            samples = _samples(suffix)
            text = samples[seed % len(samples)].read_text(encoding="utf-8", errors="replace")
            path.write_text(_odd_digits(text) if kind == "odd-digits" else text, encoding="utf-8")
        expected.append(path)
    return expected


def check_folder(plan_text: str, app: object, scratch: Path, error: type[Exception]) -> str:
    """Validate the planned folder as a whole command; raise ``error`` for an internal
    error, an exception, a wrong exit code or an entry left unjudged."""
    root = Path(tempfile.mkdtemp(dir=scratch))
    expected = _make(root, json.loads(plan_text))
    result = CliRunner().invoke(app, ["validate", str(root), "--jsonl", "--lang", "en"])  # type: ignore[arg-type]
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise error(f"{type(result.exception).__name__}: {result.exception}")
    if result.exit_code not in (0, 1, 2, 3):
        raise error(f"exit {result.exit_code}: {result.output[-300:]}")
    sources = []
    for line in result.stdout.splitlines():
        verdict = json.loads(line)
        if verdict.get("unreadable") and verdict["unreadable"]["code"] == "internal_error":
            raise error(verdict["unreadable"]["message"])
        sources.append(verdict["source"])
    unjudged = [
        str(p) for p in expected if not any(s == str(p) or s.startswith(f"{p}#") for s in sources)
    ]
    if unjudged:
        raise error(f"left unjudged: {unjudged}; verdicts for {sources}")
    return f"exit {result.exit_code}"
