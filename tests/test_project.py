"""The project as a newcomer meets it: the README's commands and what CI runs agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
    assert "bash .ci/check" in _commands(ROOT / ".ci/run")


def test_the_check_holds_every_step_ci_needs() -> None:
    steps = _commands(ROOT / ".ci/check")
    for step in (
        "ruff check .",
        "ruff format --check .",
        "mypy adjudicator",
        "adjudicator schemas --check",
        'pytest -n 2 "$@"',
    ):
        assert step in steps


# --- the package stands alone ------------------------------------------------------------------


def _pyproject() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_distribution_name_is_our_own() -> None:
    """'adjudicator' on the package index belongs to another project: ours is published
    under a name of its own, the import name and the command stay ``adjudicator``."""
    project = _pyproject()["project"]
    assert project["name"] == "adjudicator-rules"
    assert project["scripts"] == {"adjudicator": "adjudicator.cli:main"}


def test_the_license_file_matches_the_declared_license() -> None:
    """The license as an SPDX expression with its file (no deprecated license table or
    license classifier, which the build refuses beside an expression)."""
    project = _pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")


def test_the_changelog_has_the_current_version() -> None:
    from adjudicator import __version__

    assert _pyproject()["project"]["version"] == __version__
    assert f"## {__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_ci_tests_the_sdist_and_the_wheel_outside_the_checkout() -> None:
    """CI builds both release files as a release does, checks them as the package index
    will, installs each in a fresh environment, goes outside the checkout and runs the
    shipped suite and a validation there with the wheel (built from the sdist); the sdist is
    installed by the READMEs' own set-up commands, which validate the bundled records."""
    assert "bash .ci/dist" in _commands(ROOT / ".ci/run")
    steps = _commands(ROOT / ".ci/dist")
    assert any(s.startswith('python -m build --outdir "$work/dist" .') for s in steps)
    assert 'twine check --strict "$work"/dist/*' in steps
    assert 'cd "$work"' in steps
    after = steps[steps.index('cd "$work"') :]
    assert "adjudicator conformance run" in after
    assert any(s.startswith("adjudicator validate sample.json") for s in after)
    assert "adjudicator schemas --check" in after
    assert 'smoke "$work/venv"' in steps
    assert 'python -m tests.readme_commands set-up "$src"' in steps


def test_the_release_tools_are_an_extra_ci_installs() -> None:
    """``build`` and ``twine`` come with the ``release`` extra, which CI installs."""
    extra = _pyproject()["project"]["optional-dependencies"]["release"]
    assert {re.split(r"[<>=]", r)[0] for r in extra} == {"build", "twine"}
    assert any(",release]" in s for s in _commands(ROOT / ".ci/run"))


def test_the_sdist_carries_the_whole_project() -> None:
    """The sdist holds what the wheel is built from and what the tests and the README's
    commands read: each top-level folder git tracks, but the package (found by setuptools),
    is grafted; .ci/dist checks the built sdist file by file."""
    import subprocess

    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout (an unpacked sdist): .ci/dist checks the sdist itself")
    folders = {path.split("/")[0] for path in listed.stdout.splitlines() if "/" in path}
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert folders - {"adjudicator"} == {
        line.split()[1] for line in manifest if line.startswith("graft ")
    }


def test_shipped_data_is_found_inside_the_package_first(tmp_path: Path, monkeypatch) -> None:
    """An installed wheel carries the suite in ``adjudicator/_data``; a checkout falls back
    to its top-level folders."""
    from adjudicator.core import shipped as module

    assert module.shipped("conformance").resolve() == ROOT / "conformance"
    package = tmp_path / "site" / "adjudicator"
    (package / "_data" / "conformance").mkdir(parents=True)
    monkeypatch.setattr(module, "_PACKAGE", package)
    monkeypatch.chdir(tmp_path)
    assert module.shipped("conformance") == Path("site/adjudicator/_data/conformance")


def test_setup_ships_what_the_package_looks_for() -> None:
    from adjudicator.core.shipped import SHIPPED

    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert f"SHIPPED = {SHIPPED!r}".replace("'", '"') in setup
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert all(f"graft {name}" in manifest for name in SHIPPED)


def test_the_public_api_loads_on_first_use() -> None:
    """``from adjudicator import validate, load_record, game`` works, and importing the
    package alone does not pay for it (start-up stays quick)."""
    import subprocess
    import sys

    code = (
        "import sys, adjudicator; assert 'adjudicator.api' not in sys.modules; "
        "from adjudicator import validate, load_record, game; "
        "assert game('astro-stra').id == 'astro-stra/0.9.0'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_package_is_typed_and_ships_its_marker() -> None:
    """PEP 561: users' type checkers read the package's annotations only when it carries
    ``py.typed`` (the wheel's contents are checked by ``.ci/dist``); ``mypy`` checks them."""
    assert (ROOT / "adjudicator" / "py.typed").is_file()
    package_data = _pyproject()["tool"]["setuptools"]["package-data"]["*"]
    assert "py.typed" in package_data
    assert _pyproject()["tool"]["mypy"]["strict"] is True


# --- typed throughout ----------------------------------------------------------------------

#: At most this many ``type: ignore`` in the package: each is a place mypy cannot follow
#: (a class chosen at run time, a patched method), not an error put off.
MAX_TYPE_IGNORES = 15


def test_mypy_checks_every_module_strictly() -> None:
    """``mypy --strict`` holds for the whole package: no module is exempted from it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    exempted = [o["module"] for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert exempted == []


def test_each_type_ignore_says_why() -> None:
    """A ``type: ignore`` names its error code and, in a comment on its line, its reason;
    there are few of them."""
    found = [
        (path.relative_to(ROOT), line)
        for path in sorted((ROOT / "adjudicator").rglob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if "# type: ignore" in line
    ]
    assert len(found) <= MAX_TYPE_IGNORES, found
    unexplained = [
        (str(path), line.strip())
        for path, line in found
        if not re.search(r"# type: ignore\[[\w,-]+\]\s+#\s*\S", line)
    ]
    assert unexplained == []
