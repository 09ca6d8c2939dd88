"""Every command of README.md and README.ja.md does what the page shows.

Each ``$ adjudicator …`` example runs as written, with bash and the installed ``adjudicator``
of the environment under test, in the page reader's locale, from a scratch copy of the
project's folders, and prints the lines shown under it (``…`` stands for lines left out; see
``tests/test_docs_ja.py``'s ``check``) with the exit code it should have. The set-up commands,
which make a virtual environment and install, run in CI (``.ci/dist``) on the unpacked source
distribution; the rest are named in ``tests/readme_commands.py`` with why they are not run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.readme_commands import (
    EXIT_CODES,
    PAGES,
    ROOT,
    RUN_BY_CI,
    SET_UP,
    Command,
    all_commands,
    environment,
    unaccounted,
)
from tests.test_docs_ja import Example, check

#: What the examples may read: the folders of the project's checkout a reader has.
FOLDERS = ("records", "examples", "conformance", "schemas")

COMMAND = Path(sys.executable).parent / "adjudicator"
EXAMPLES = [c for c in all_commands() if c.example]


def test_every_command_of_the_readmes_is_run_or_says_why_not() -> None:
    """A command on either page is an example run below, a set-up command CI runs, the
    check CI is, or named with the reason it is not run — and each list names only commands
    the pages show, so that a list cannot outlive its page."""
    on_pages = all_commands()
    assert unaccounted(on_pages) == []
    assert {c.page for c in on_pages if c.text in SET_UP} == set(PAGES)


def test_a_command_added_to_a_page_is_found_unaccounted_for(tmp_path: Path) -> None:
    """A new set-up line, a ``$`` line that is not adjudicator, or a page losing a listed
    command each make the check above fail."""
    for page in PAGES:
        shutil.copy(ROOT / page, tmp_path / page)
    readme = tmp_path / "README.md"
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text + "\n```sh\npip install adjudicator-rules\n```\n", encoding="utf-8")
    line = text.count("\n") + 3
    assert unaccounted(all_commands(tmp_path)) == [
        f"README.md:{line}: pip install adjudicator-rules: run by no test, or by several "
        "(tests/readme_commands.py)"
    ]
    readme.write_text(text + "\n```console\n$ ls records\n```\n", encoding="utf-8")
    assert [p.split(": ")[-1] for p in unaccounted(all_commands(tmp_path))] == [
        "not an adjudicator command"
    ]
    readme.write_text(text.replace("nice python -m tests.fuzz", "python -m tests.fuzz"), "utf-8")
    problems = unaccounted(all_commands(tmp_path))
    assert any("nice python -m tests.fuzz --minutes 10' is on neither page" in p for p in problems)


def test_ci_runs_the_check_the_readme_gives_in_a_fresh_environment() -> None:
    """The README's test command, step by step, is what .ci/run does: a new virtual
    environment, activated, an editable install with the test extras, then ``.ci/check``,
    which is executable as the README calls it."""
    (command,) = RUN_BY_CI
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    steps = command.split(" && ")
    assert steps[:2] == ["python3 -m venv .venv", ". .venv/bin/activate"]
    assert all(step in run for step in steps[:2])
    assert any(line.startswith("pip install --quiet -e '.[test,") for line in run)
    assert "bash .ci/check" in run and steps[-1] == ".ci/check"
    assert os.access(ROOT / ".ci" / "check", os.X_OK)


def test_ci_runs_the_set_up_commands_on_the_source_distribution() -> None:
    """.ci/dist hands the unpacked sdist to ``run_set_up``, which runs every SET_UP command."""
    dist = (ROOT / ".ci" / "dist").read_text(encoding="utf-8")
    assert 'python -m tests.readme_commands set-up "$src"' in dist


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A scratch copy of what a reader's folder holds for the examples."""
    for name in FOLDERS:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


@pytest.mark.parametrize("command", EXAMPLES, ids=lambda c: f"{c.page}:{c.line}")
def test_every_example_prints_what_the_readme_shows(command: Command, folder: Path) -> None:
    """The example, run by bash as a reader types it, prints the lines shown (exactly, or
    with ``…`` for lines left out; trailing spaces aside), no traceback, and exits with 0 or
    the code ``EXIT_CODES`` gives it."""
    assert COMMAND.exists(), f"no installed command at {COMMAND}"
    if "node " in command.text and shutil.which("node") is None:
        pytest.skip("node is not installed, so the JavaScript example engine cannot run")
    done = subprocess.run(
        ["bash", "-c", command.text],
        cwd=folder,
        env=environment(command.page, bin_dir=COMMAND.parent),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stdout, f"{command}:\n{done.stdout}"
    expected = EXIT_CODES.get(command.text, 0)
    assert done.returncode == expected, f"{command}: exit code {done.returncode}\n{done.stdout}"
    if command.shown:
        check(Example(ROOT / command.page, command.line, command.text, command.shown), done.stdout)
