"""The project as a newcomer meets it: the README's commands and what CI runs agree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands(script: Path) -> list[str]:
    lines = script.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_ci_and_the_readme_run_the_same_check() -> None:
    """Passing the README's test command means passing CI: both end in ``.ci/check``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    test_commands = [b for b in blocks if "[test]" in b]
    assert test_commands, "the README gives a command that installs the test extras"
    assert all(b.strip().endswith(".ci/check") for b in test_commands)
    assert _commands(ROOT / ".ci/run")[-1] == "bash .ci/check"


def test_the_check_holds_every_step_ci_needs() -> None:
    steps = _commands(ROOT / ".ci/check")
    for step in (
        "ruff check .",
        "ruff format --check .",
        "adjudicator schemas --check",
        'pytest "$@"',
    ):
        assert step in steps
