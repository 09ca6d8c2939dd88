"""The core stays game-agnostic, and its generated artefacts stay in step with the models."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from adjudicator import SHIPPED_GAMES
from adjudicator.core.batch.files import Options, read_record, split_games, validate_records
from adjudicator.core.judge.references import RuleData
from adjudicator.core.read import yaml_data
from adjudicator.core.read.loading import read_text
from adjudicator.core.registry import Registry, installed_games, shipped_games
from adjudicator.core.schemas import drift, generate

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "adjudicator" / "core"
GAME_PACKAGES = {"orbit_dominion", "dark_nebula", "astro_stra"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("module", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_game(module: Path) -> None:
    """Design rule: the core imports no game; games plug in through entry points."""
    for name in imported_modules(module):
        parts = name.split(".")
        assert not (parts[0] == "adjudicator" and len(parts) > 1 and parts[1] in GAME_PACKAGES), (
            f"{module.name} imports {name}"
        )


def test_games_are_discovered_through_entry_points() -> None:
    registry = Registry(installed_games())
    assert "orbit-dominion/4.2" in registry.ids()
    assert registry.get("orbit-dominion/4.1") is None


def test_the_shipped_games_are_the_distributions_entry_points() -> None:
    """``SHIPPED_GAMES`` repeats pyproject's entry points so that a shipped game is found
    without a metadata scan: the two must never differ."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["adjudicator.games"] == SHIPPED_GAMES


class _Found:
    """An entry point as the registry reads it: its name and what it loads."""

    def __init__(self, name: str, game: object) -> None:
        self.name, self._game = name, game

    def load(self) -> object:
        return self._game


@pytest.fixture
def another_distribution(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Installs, as far as the entry points say, a game ``variant/1`` and a second game
    claiming Orbit Dominion's id."""
    shipped = type(shipped_games()[0])
    variant = type("Variant", (shipped,), {"id": "variant/1", "slug": "variant"})()
    impostor = type("Impostor", (shipped,), {})()
    real = importlib.metadata.entry_points

    def entry_points(**selection: str) -> list[object]:
        return [*real(**selection), _Found("variant", variant), _Found("impostor", impostor)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    installed_games.cache_clear()
    yield
    installed_games.cache_clear()


@pytest.mark.usefixtures("another_distribution")
def test_a_game_of_another_distribution_is_found_after_the_shipped_ones() -> None:
    registry = Registry()
    assert registry.get("variant/1") is not None
    assert [g.id for g in registry.each()][-1] == "variant/1"
    # a shipped game's id stays the shipped game's, whoever else claims it
    assert type(registry.get(shipped_games()[0].id)) is type(shipped_games()[0])
    assert len(registry.ids()) == len(set(registry.ids()))


def test_a_shipped_game_is_found_without_scanning_the_installed_ones() -> None:
    installed_games.cache_clear()
    registry = Registry()
    assert registry.get("dark-nebula/2011") is not None
    assert registry.get_slug("astro-stra") is not None
    assert installed_games.cache_info().currsize == 0
    assert registry.get("no-such/1") is None
    assert installed_games.cache_info().currsize == 1


def test_committed_schemas_match_the_models() -> None:
    """Drift: `adjudicator schemas` regenerates schemas/ from the pydantic models."""
    problems = drift(Registry(installed_games()), ROOT / "schemas")
    assert problems == [], f"regenerate with `adjudicator schemas`: {problems}"


def test_committed_json_copies_match_their_yaml() -> None:
    """Drift: the package reads each YAML data file (a game's rules.yaml, Dark Nebula's
    default board) as the JSON copy beside it; `adjudicator schemas` regenerates them."""
    names = {p.relative_to(ROOT / "adjudicator").as_posix() for p in yaml_data.sources()}
    assert {"orbit_dominion/rules.yaml", "dark_nebula/boards/default.yaml"} <= names
    stale = [p.relative_to(ROOT).as_posix() for p in yaml_data.drift()]
    assert stale == [], (
        f"{', '.join(stale)}: differs from the YAML beside it; edit the YAML, then "
        "regenerate with `adjudicator schemas`"
    )


def test_each_game_reads_the_rule_data_its_yaml_states() -> None:
    """The rules a game reads (JSON, pydantic's JSON mode) are those its rules.yaml states
    (YAML, pydantic's Python mode)."""
    for game in installed_games():
        package = ROOT.joinpath(*type(game).__module__.split(".")[:-1])
        stated = yaml_data.safe_load((package / "rules.yaml").read_text(encoding="utf-8"))
        assert game.rules == RuleData.model_validate(stated), game.id


def test_drift_names_each_missing_or_changed_json_copy(tmp_path: Path) -> None:
    """A JSON copy edited by hand or left behind by its YAML is reported, and writing puts
    it right; the shipped suite's case files (``_data``) are not data of the package."""
    (tmp_path / "game" / "boards").mkdir(parents=True)
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data" / "case.yaml").write_text("a: 1\n", encoding="utf-8")
    rules = tmp_path / "game" / "rules.yaml"
    rules.write_text("# a comment\nrulebook: 規則 1.0\nsides: [red, blue]\n", encoding="utf-8")
    board = tmp_path / "game" / "boards" / "default.yaml"
    board.write_text("id: default\n", encoding="utf-8")
    assert yaml_data.drift(tmp_path) == [board.with_suffix(".json"), rules.with_suffix(".json")]
    yaml_data.write(tmp_path)
    assert yaml_data.drift(tmp_path) == []
    assert json.loads(rules.with_suffix(".json").read_text(encoding="utf-8")) == {
        "rulebook": "規則 1.0",
        "sides": ["red", "blue"],
    }
    rules.write_text("rulebook: 規則 1.1\n", encoding="utf-8")
    assert yaml_data.drift(tmp_path) == [rules.with_suffix(".json")]


def test_committed_schemas_are_valid_json_schema() -> None:
    for path in sorted((ROOT / "schemas").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)


def test_every_game_violation_and_reason_cites_known_rules() -> None:
    """Every violation has a stable code, cites its article and has ja and en messages."""
    for game in installed_games():
        data = game.rules
        codes = [v.code for v in data.violations]
        assert len(codes) == len(set(codes))
        for spec in data.violations:
            assert spec.ja and spec.en
            for ref in spec.rules:
                data.ref(ref)
        assert {r.code for r in data.reasons} == set(game.reasons)


def test_schema_files_are_named_by_their_models() -> None:
    names = set(generate(Registry(installed_games())))
    assert "protocol.hello.request.schema.json" in names
    assert "orbit-dominion.evaluate.response.schema.json" in names


def test_text_files_each_with_a_bom_concatenated_are_their_games(tmp_path: Path) -> None:
    """A text file may hold several games (records.md); ``cat a.txt b.txt`` of two files
    that each start with a UTF-8 BOM made the first, valid, game unreadable and the second
    lose its ``[Event]`` tag. A BOM at the start of a later game is dropped like the
    file's first."""
    sample = (ROOT / "records" / "astro-stra" / "valid" / "random-game.txt").read_bytes()
    one = b"\xef\xbb\xbf" + b'[Event "first"]\n' + sample
    two = b"\xef\xbb\xbf" + b'[Event "second"]\n' + sample
    path = tmp_path / "both.txt"
    path.write_bytes(one + two)
    verdicts = validate_records(Registry(), path, Options())
    assert [v.status for v in verdicts] == ["valid", "valid"]
    games = split_games(read_text(path))
    events = [read_record(Registry(), g, lenient=False, text_notation=True)[1] for g in games]
    assert [e.model.meta.event for e in events] == ["first", "second"]
