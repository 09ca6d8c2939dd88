"""Start-up loads only what the command uses: the games a record does not name, the commands
not asked for, the worker pool, the progress bar, the SVG escaping's ``xml.sax`` (with
``urllib`` and ``ssl``), the SVG pictures, typer's help module, PyYAML (the shipped YAML
data and conformance suite are read from their JSON copies) and, when no terminal is written
to, rich's console stay unimported. This protects the start-up budget that
``benchmarks/run.py`` measures (< 0.25 s of CPU for ``--version`` and for validating one
small record); the test checks what is imported, never how long it takes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[1] / "records"
SAMPLE = RECORDS / "orbit-dominion/valid/annihilation.json"
#: What listing the installed games loads of a game: its names and its plug-in.
LIGHT = {"", ".identity", ".plugin"}
#: typer's help module brings rich's tables, Markdown and pygments: only for help.
HEAVY = {"concurrent.futures.process", "rich.progress", "xml.sax", "ssl", "typer.rich_utils"}
#: rich's console and what it is built on: for a terminal only.
RICH_CONSOLE = {"rich.console", "rich.text", "rich.style", "rich.markup"}
#: Run first: the output, a pipe here, is taken for a terminal only if the environment says so.
NOT_TOLD = "for name in ('FORCE_COLOR', 'TTY_COMPATIBLE'): os.environ.pop(name, None)"


def modules_after(*argv: str, stdin: str = "", before: str = "") -> set[str]:
    """The modules loaded once ``adjudicator ARGV`` has run on ``stdin``, in a fresh
    interpreter (``before``: a line run first, e.g. to keep a command that exits at once
    from doing so before the modules are listed)."""
    script = (
        f"import json, os, sys\n{before}\n"
        f"sys.argv = ['adjudicator', *{list(argv)!r}]\n"
        "from adjudicator.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def loaded_of(game: str, modules: set[str]) -> set[str]:
    prefix = f"adjudicator.{game}"
    return {m[len(prefix) :] for m in modules if m == prefix or m.startswith(prefix + ".")}


def test_version_loads_no_rules_no_models_no_yaml() -> None:
    modules = modules_after("--version")
    for game in ("orbit_dominion", "dark_nebula", "astro_stra"):
        assert loaded_of(game, modules) <= LIGHT, game
    assert "adjudicator.core.read.records" not in modules
    # no command's module: each is imported when its command is mounted
    assert (
        not {"adjudicator.cli.records", "adjudicator.cli.validate", "adjudicator.cli.new"} & modules
    )
    assert "yaml" not in modules
    assert "importlib.metadata" not in modules  # the shipped games need no metadata scan
    assert not HEAVY & modules
    assert "adjudicator.cli.help_ja" not in modules  # help's Japanese: only in Japanese
    assert "adjudicator.cli.help_text" not in modules  # help is said only when it is shown


def test_validating_one_record_loads_its_game_only() -> None:
    modules = modules_after("validate", str(SAMPLE))
    assert "adjudicator.orbit_dominion.replay" in modules
    # the command asked for, not its neighbours (docs/design.md, "Library and shell")
    assert "adjudicator.cli.validate" in modules
    assert (
        not {"adjudicator.cli.replay", "adjudicator.cli.adjudicate", "adjudicator.cli.repair"}
        & modules
    )
    for game in ("dark_nebula", "astro_stra"):
        assert loaded_of(game, modules) <= LIGHT, game
    assert not {m for m in modules if m.startswith("adjudicator.core.conformance")}
    assert not HEAVY & modules
    assert "adjudicator.cli.help_text" not in modules  # help is said only when it is shown
    # the workbook's openpyxl (the 'xlsx' extra) is for --xlsx only
    assert not {m for m in modules if m.startswith("openpyxl") or m.endswith(".workbook")}
    # a valid record's verdict draws nothing: the SVG pictures load when asked for
    assert not {"adjudicator.core.write.svg", "adjudicator.orbit_dominion.drawing_svg"} & modules
    # the rule data is read from its JSON copy: PyYAML is for YAML the user gives
    assert "yaml" not in modules


def test_validating_and_replaying_read_no_yaml() -> None:
    """Each game's rules and Dark Nebula's default board come from their JSON copies, so
    reading a record of any game, to validate or to replay it, imports no PyYAML (a tenth
    of validating one record)."""
    for argv in (
        ("validate", str(RECORDS / "dark-nebula/valid/worked-game.json")),
        ("validate", str(RECORDS / "astro-stra/valid/random-game.txt")),
        ("replay", str(SAMPLE)),
        ("replay", str(RECORDS / "dark-nebula/valid/worked-game.json"), "--to", "3"),
    ):
        modules = modules_after(*argv)
        assert "adjudicator.core.judge.references" in modules, argv
        assert "yaml" not in modules, argv


def test_version_to_a_pipe_loads_no_rich_console() -> None:
    assert not RICH_CONSOLE & modules_after("--version", before=NOT_TOLD)


@pytest.mark.parametrize(
    "options", [[], ["--json"], ["--quiet"], ["--summary", "csv"], ["--lang", "ja", "--lenient"]]
)
def test_validating_to_a_pipe_loads_no_rich_console(options: list[str]) -> None:
    """A verdict to a file or a pipe is its bare text: rich's console is built only for a
    terminal."""
    assert not RICH_CONSOLE & modules_after("validate", str(SAMPLE), *options, before=NOT_TOLD)


def test_an_invalid_orbit_dominion_record_to_a_pipe_draws_without_rich() -> None:
    """Its verdict draws the position before the fault, as bare text."""
    invalid = SAMPLE.parents[1] / "invalid" / "wrong-winner.json"
    assert not RICH_CONSOLE & modules_after("validate", str(invalid), before=NOT_TOLD)


#: The repair search and what it is said with: only for a command that repairs.
REPAIR = {
    "adjudicator.core.repair.search",
    "adjudicator.core.write.report_repair",
    "adjudicator.core.repair.words",
    "adjudicator.core.repair.transcription",
}


def test_an_html_report_loads_the_repair_only_when_asked(tmp_path: Path) -> None:
    """``validate --html`` of an invalid record imports no repair search; ``--repair``
    does."""
    invalid = str(SAMPLE.parents[1] / "invalid" / "result-missing.json")
    out = str(tmp_path / "r.html")
    assert not REPAIR & modules_after("validate", invalid, "--html", out)
    assert modules_after("validate", invalid, "--html", out, "--repair") >= REPAIR


def test_validating_for_a_terminal_draws_with_rich() -> None:
    assert "rich.console" in modules_after(
        "validate", str(SAMPLE), before="os.environ['FORCE_COLOR'] = '1'"
    )


def test_perft_loads_the_rules_only() -> None:
    """Orbit Dominion's perft as a whole process (what engine authors time) loads the rules
    and the counter, not the analysis, the engine protocol, the record models or any model
    at all."""
    modules = modules_after("orbit-dominion", "perft", "--depth", "1")
    assert "adjudicator.orbit_dominion.perft" in modules
    unused = {"analysis", "protocol", "drawing_svg", "replay", "record"}
    assert not {f"adjudicator.orbit_dominion.{m}" for m in unused} & modules
    assert not {"adjudicator.core.read.records", "adjudicator.core.protocol.serve"} & modules
    # nor the rule data or the outcome model, and with them pydantic: an end is never
    # reported and no rule is cited
    assert (
        not {"pydantic", "adjudicator.core.judge.references", "adjudicator.core.judge.outcome"}
        & modules
    )


def test_engine_answers_without_the_command_line_libraries() -> None:
    """``adjudicator engine`` as a harness starts it answers ``hello`` without typer and
    rich (most of its start-up otherwise) and loads no game's rules for it."""
    modules = modules_after(
        "engine", stdin='{"cmd":"hello","protocol":1}\n', before="os._exit = lambda code: None"
    )
    assert "adjudicator.core.protocol.serve" in modules
    assert not {m for m in modules if m.split(".")[0] in ("typer", "rich", "click", "yaml")}
    for game in ("orbit_dominion", "dark_nebula", "astro_stra"):
        assert loaded_of(game, modules) <= LIGHT, game


def test_a_run_of_the_shipped_suite_reads_no_yaml() -> None:
    """``conformance run`` reads the suite shipped with the package from its compiled JSON
    files: PyYAML is not imported, with ``--game`` or without (building the YAML's nodes
    was the largest cost of the runner's start-up, which the engine waits for)."""
    for argv in (("--game", "orbit-dominion"), ()):
        modules = modules_after(
            "conformance",
            "run",
            *argv,
            "--only",
            "od.board.start-position",
            before="os._exit = lambda code: None",
        )
        assert "adjudicator.core.conformance.compiled" in modules, argv
        assert not {m for m in modules if m.split(".")[0] == "yaml"}, argv
        assert "adjudicator.core.read.yaml_data" not in modules, argv
