"""Board definitions (2.1–2.3): the default one states what the rulebook states, marks the
rest as placeholders, and its digest identifies it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml

from adjudicator.core.errors import InputError
from adjudicator.dark_nebula.board import (
    BASE,
    BATTLESHIP,
    COMMAND_SHIP,
    CRUISER,
    GUARD,
    GUARD_SHIP,
    NEW_CRUISER,
    BoardDefinition,
    default_board,
    load_board,
)
from adjudicator.dark_nebula.references import RULES

BOARD = default_board()
DEFAULT_YAML = Path(__file__).resolve().parents[2] / "adjudicator/dark_nebula/boards/default.yaml"


def _data() -> dict:
    return yaml.safe_load(DEFAULT_YAML.read_text("utf-8"))


def test_2_1_fourteen_sectors_five_in_the_nebula() -> None:
    assert len(BOARD.sectors) == 14
    assert sum(s.nebula for s in BOARD.sectors) == 5


def test_2_1_the_sector_names_the_rulebook_mentions() -> None:
    names = {s.name for s in BOARD.sectors}
    assert {
        "タイラント",
        "地球",
        "ライゲリン",
        "ナファエラス",
        "ザレク",
        "ラディア",
        "ライビア",
        "イモーブ",
    } <= names
    for named in ("タイラント", "地球", "ライゲリン", "ザレク", "ラディア"):
        assert "name" not in BOARD.by_id[BOARD.sector_id(named)].placeholders


def test_2_3_counter_mix_and_allowances() -> None:
    mix = {c.id: (c.count, c.movement, c.movement_star) for c in BOARD.counters}
    assert mix == {
        GUARD: (1, 0, True),
        COMMAND_SHIP: (1, 3, False),
        BASE: (1, 0, True),
        CRUISER: (4, 2, False),
        NEW_CRUISER: (3, 3, False),
        BATTLESHIP: (4, 1, False),
        GUARD_SHIP: (5, 0, False),
    }
    marked = {c.id for c in BOARD.counters if c.attack_marked}
    assert marked == {COMMAND_SHIP, BASE}  # 9.6
    assert BOARD.kinds[GUARD].price is None and BOARD.kinds[BASE].price is None  # 2.3 (1), (3)
    assert BOARD.kinds[GUARD].armies == ["empire"] and BOARD.kinds[BASE].armies == ["rebel"]


def test_strategy_notes_constraints_hold() -> None:
    """ゲームの展開: 地球 + ライゲリン produce 4; ライゲリン, ザレク and ラディア lie outside the
    nebula with production of at least 2."""
    p = {s.name: s for s in BOARD.sectors}
    assert p["地球"].production + p["ライゲリン"].production == 4
    for name in ("ライゲリン", "ザレク", "ラディア"):
        assert not p[name].nebula and p[name].production >= 2


def test_2_2_base_production_table_one_to_six() -> None:
    assert BOARD.base_production_table == [1, 2, 3, 4, 5, 6]


def test_placeholders_are_listed() -> None:
    listed = BOARD.placeholders()
    assert ("counter new_cruiser", "price", "4") in listed
    assert all(field != "movement" for _, field, _ in listed)  # movement is stated (8.0)
    assert len(listed) == sum(len(s.placeholders) for s in BOARD.sectors) + sum(
        len(c.placeholders) for c in BOARD.counters
    )


def test_sectors_by_id_or_printed_name() -> None:
    assert BOARD.sector_id("地球") == BOARD.sector_id("earth") == "earth"
    with pytest.raises(InputError) as err:
        BOARD.sector_id("Trantor", field="setup.base")
    assert err.value.code == "unknown_sector" and err.value.field == "setup.base"


def test_digest_is_sha256_of_canonical_json() -> None:
    canonical = json.dumps(
        BOARD.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert BOARD.sha256 == hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    changed = _data()
    changed["sectors"][0]["production"] += 1
    assert BoardDefinition.model_validate(changed).sha256 != BOARD.sha256


def test_digest_ignores_yaml_spelling(tmp_path: Path) -> None:
    path = tmp_path / "same.json"
    path.write_text(json.dumps(_data(), indent=4), "utf-8")
    assert load_board(path).sha256 == BOARD.sha256


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sectors"].pop(), "13 sectors, not 14"),
        (lambda d: d["sectors"][1].update(nebula=True), "6 nebula sectors"),
        (lambda d: d["sectors"][1]["neighbours"].append("nebula-5"), "not the reverse"),
        (lambda d: d["sectors"][1]["neighbours"].append("trantor"), "unknown neighbour"),
        (lambda d: d["counters"][3].update(count=5), "20 counters"),
        (lambda d: d["sectors"][0].update(id="capital"), "no sector 'tyrann'"),
    ],
)
def test_inconsistent_definitions_are_refused(tmp_path: Path, change, message: str) -> None:
    data = _data()
    change(data)
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    with pytest.raises(InputError) as err:
        load_board(path)
    assert message in err.value.message
    assert str(path) in err.value.field


def test_unreadable_board_file_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("sectors: [", "utf-8")
    with pytest.raises(InputError) as err:
        load_board(path)
    assert err.value.code == "bad_yaml" and "line" in err.value.field


def test_docs_list_every_placeholder_and_interpretation() -> None:
    """The docs' tables show the default definition as it is: each sector's and counter's
    placeholder fields, and every numbered interpretation."""
    docs = (DEFAULT_YAML.parents[3] / "docs" / "dark-nebula.md").read_text("utf-8")
    for s in BOARD.sectors:
        fields = ", ".join(s.placeholders) or "—"
        row = next(line for line in docs.splitlines() if f"| `{s.id}` |" in line)
        assert row.endswith(f"| {fields} |"), row
    for c in BOARD.counters:
        row = next(line for line in docs.splitlines() if f"| `{c.id}` |" in line)
        assert row.endswith(f"| {', '.join(c.placeholders) or '—'} |"), row
    assert BOARD.sha256 in docs
    for i in RULES.interpretations:
        assert f"### Interpretation {i.number} — `{i.id}`" in docs
