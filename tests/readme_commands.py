"""The shell commands of README.md and README.ja.md, and how each is checked against what the
page says.

A README shows two kinds of commands: ``sh`` blocks set a machine up (a virtual environment,
an install, the check), and ``console`` blocks show ``$ adjudicator …`` examples with the
lines they print. Every command of both pages belongs to exactly one of these kinds, so that a
command added to a page is run somewhere or named here with the reason it is not
(``tests/test_readme_commands.py`` fails otherwise):

- the examples: ``tests/test_readme_commands.py`` runs each as written, with bash and the
  ``adjudicator`` of the environment under test, in a scratch copy of the project's folders,
  and compares what it prints with the lines shown under it;
- ``SET_UP``: ``.ci/dist`` runs them (``python -m tests.readme_commands set-up FOLDER``) in
  the unpacked source distribution, each in a fresh virtual environment, as a person who has
  the project's folder does: they install from source and validate the bundled records;
- ``RUN_BY_CI``: the README's test command is what ``.ci/run`` itself does;
- ``NOT_RUN``: commands that need root and the network, or run for minutes by design.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "README.ja.md")

#: The locale of each page's reader: the examples without ``--lang`` speak it.
LOCALES = {"README.md": "en_US.UTF-8", "README.ja.md": "ja_JP.UTF-8"}

#: Install from the project's folder and validate the bundled records. Both pages say the
#: exit code is 2: some samples are unreadable on purpose.
_NEW_VENV = "python3 -m venv .venv && . .venv/bin/activate"
SET_UP = {
    f"{_NEW_VENV} && pip install . && adjudicator validate records/",
    f"{_NEW_VENV} && pip install . && adjudicator validate records/ --lang ja",
}
SET_UP_EXIT_CODE = 2

RUN_BY_CI = {
    f"{_NEW_VENV} && pip install -e '.[test]' && .ci/check": (
        "the whole check: .ci/run makes the same fresh virtual environment, installs the same "
        "extras (and the browser and release ones) and runs .ci/check; run from a test, it "
        "would run the test suite inside itself"
    ),
}

NOT_RUN = {
    "nice python -m tests.fuzz --minutes 10": (
        "fuzzes for ten minutes by design; tests/fuzz/test_fuzz.py runs every fuzz target on "
        "a few examples in the check"
    ),
    "sudo apt-get install -y chromium && pip install -e '.[test,browser]' "
    "&& pytest tests/browser": (
        "installs a Debian package as root from the network; .ci/run installs Chromium "
        "itself and requires tests/browser to run (ADJUDICATOR_BROWSER_TESTS=required)"
    ),
}

#: The examples that do not exit with 0, and the code each exits with.
EXIT_CODES = {
    # the record's claimed winner is wrong: invalid
    "adjudicator validate records/orbit-dominion/invalid/wrong-winner.json --lang ja": 1,
    # the bundled records include unreadable files on purpose
    "adjudicator validate records/ --quiet --summary csv > 結果.csv": 2,
    # the folder holds unreadable records on purpose
    "adjudicator validate records/dark-nebula -I nebula-entry=each-step": 2,
    "adjudicator validate records/ --html 報告.html --lang ja": 2,
    # the action is illegal
    "adjudicator adjudicate --record records/orbit-dominion/valid/pincer.json --at 3 "
    "--action O0-I0 --lang ja": 1,
}

_COMMENT = re.compile(r"\s+#\s.*$")
#: The fences of blocks whose every line is a command (``console`` shows ``$`` lines).
_SHELL = ("sh", "bash", "shell")


@dataclass(frozen=True)
class Command:
    """One command of a page: a line of an ``sh`` block, or a ``$ …`` line of a ``console``
    block with the lines shown under it."""

    page: str
    line: int
    text: str
    example: bool
    shown: list[str] = field(default_factory=list, compare=False)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def commands(page: str, root: Path = ROOT) -> list[Command]:
    """The commands of a page in order, each without a trailing comment."""
    found: list[Command] = []
    fence = None
    current: Command | None = None
    for number, line in enumerate((root / page).read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
            current = None
        elif fence in _SHELL and line.strip():
            found.append(Command(page, number, _COMMENT.sub("", line.strip()), example=False))
        elif fence == "console" and line.startswith("$ "):
            current = Command(page, number, _COMMENT.sub("", line[2:].strip()), example=True)
            found.append(current)
        elif fence == "console" and current is not None:
            current.shown.append(line)
    return found


def all_commands(root: Path = ROOT) -> list[Command]:
    return [command for page in PAGES for command in commands(page, root)]


def unaccounted(found: list[Command]) -> list[str]:
    """What is wrong with how the commands found are accounted for: a command that is in no
    list or in more than one (an example counts as one), an example that is not an
    ``adjudicator`` command, a listed command on neither page."""
    problems = []
    texts = {c.text for c in found}
    for command in found:
        lists = [command.text in listed for listed in (SET_UP, RUN_BY_CI, NOT_RUN)]
        if [command.example, *lists].count(True) != 1:
            problems.append(f"{command}: run by no test, or by several (tests/readme_commands.py)")
        if command.example and not command.text.startswith("adjudicator "):
            problems.append(f"{command}: not an adjudicator command")
    problems += [
        f"{t!r} is on neither page"
        for t in (*SET_UP, *RUN_BY_CI, *NOT_RUN, *EXIT_CODES)
        if t not in texts
    ]
    return problems


def environment(page: str, *, bin_dir: Path | None) -> dict[str, str]:
    """The environment a reader of the page runs a command in: the page's locale, no colour
    settings, and on ``PATH`` the given ``bin_dir`` first — or, with ``None``, no virtual
    environment at all (a fresh machine's shell)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "VIRTUAL_ENV", "PYTHONPATH")
        and name not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "COLUMNS")
    }
    env["LANG"] = LOCALES[page]
    path = env.get("PATH", "").split(os.pathsep)
    venv = os.environ.get("VIRTUAL_ENV")
    path = [p for p in path if not (venv and Path(p).parent == Path(venv))]
    if bin_dir is not None:
        path.insert(0, str(bin_dir))
    env["PATH"] = os.pathsep.join(path)
    return env


def run_set_up(folder: Path) -> list[str]:
    """Run every ``SET_UP`` command of both pages in ``folder`` (the project's folder, as the
    source distribution unpacks), each after removing the virtual environment the one before
    made, so that each starts fresh. Each must exit with ``SET_UP_EXIT_CODE`` and end by
    printing what the environment under test's own ``adjudicator`` prints for the same
    validation there. Returns what went wrong, one line each."""
    problems = []
    under_test = Path(sys.executable).parent
    for command in (c for c in all_commands(folder) if c.text in SET_UP):
        shutil.rmtree(folder / ".venv", ignore_errors=True)
        start = time.monotonic()
        done = subprocess.run(
            ["bash", "-c", command.text],
            cwd=folder,
            env=environment(command.page, bin_dir=None),
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.monotonic() - start
        validation = command.text.rpartition("&& ")[2]
        expected = subprocess.run(
            ["bash", "-c", validation],
            cwd=folder,
            env=environment(command.page, bin_dir=under_test),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != SET_UP_EXIT_CODE:
            problems.append(f"{command}: exit code {done.returncode}\n{done.stdout}{done.stderr}")
        elif not expected.stdout or not done.stdout.endswith(expected.stdout):
            problems.append(f"{command}: printed\n{done.stdout}\nnot ending in\n{expected.stdout}")
        else:
            summary = expected.stdout.rstrip().splitlines()[-1]
            print(f"{command}: exit code {done.returncode} in {seconds:.0f} s; {summary}")
    if not problems and not any(c.text in SET_UP for c in all_commands(folder)):
        problems.append(f"no set-up command found in {', '.join(PAGES)} of {folder}")
    return problems


def main(argv: list[str]) -> int:
    """``python -m tests.readme_commands set-up FOLDER``: what .ci/dist runs."""
    if len(argv) != 2 or argv[0] != "set-up":
        print("usage: python -m tests.readme_commands set-up FOLDER", file=sys.stderr)
        return 2
    problems = run_set_up(Path(argv[1]).resolve())
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
