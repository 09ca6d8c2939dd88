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
from adjudicator.dark_nebula.drawing import placeholders
from adjudicator.dark_nebula.production import budget, own_sectors
from adjudicator.dark_nebula.record import Record
from adjudicator.dark_nebula.references import RULES
from adjudicator.dark_nebula.replay import DarkNebulaReplay

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


def _p(*names: str) -> int:
    by_name = {s.name: s for s in BOARD.sectors}
    return sum(by_name[n].production for n in names)


#: Every number the strategy notes (ゲームの展開) state, with what the default board gives;
#: docs/dark-nebula.md lists the same rows.
STATED: list[tuple[str, int, int]] = [
    ("初期配置: 地球 + ライゲリン produce 4", _p("地球", "ライゲリン"), 4),
    ("第1帝国軍ターン: タイラント's production buys one cruiser", _p("タイラント") // 3, 1),
    ("第1反乱軍ターン: 地球 + ライゲリン buy one battleship", _p("地球", "ライゲリン") // 3, 1),
    (
        "第1反乱軍ターン: with ラディア, two battleships",
        _p("地球", "ライゲリン", "ラディア") // 3,
        2,
    ),
    ("第1反乱軍ターン: all battleships are out (1 + 1 + 2)", BOARD.kinds[BATTLESHIP].count, 4),
    (
        "(if the battleship survives) the empire's turn-2 production: 3",
        _p("タイラント", "イモーブ"),
        3,
    ),
    ("第2帝国軍ターン: holding ザレク, production 5", _p("タイラント", "ザレク", "イモーブ"), 5),
    (
        "第2帝国軍ターン: the same with the battleship in ライビア",
        _p("タイラント", "ザレク", "ライビア"),
        5,
    ),
    ("第2帝国軍ターン: cruisers number 4", BOARD.kinds[CRUISER].count, 4),
    ("第2帝国軍ターン: two units at most need 6", 2 * (BOARD.kinds[CRUISER].price or 0), 6),
]


@pytest.mark.parametrize(("claim", "board_gives", "stated"), STATED, ids=[c for c, _, _ in STATED])
def test_every_number_of_the_strategy_notes_holds(
    claim: str, board_gives: int, stated: int
) -> None:
    """ゲームの展開: each stated number, computed from the default board."""
    assert board_gives == stated
    assert BOARD.kinds[CRUISER].price == BOARD.kinds[BATTLESHIP].price == 3


def test_the_docs_list_every_stated_number() -> None:
    docs = (DEFAULT_YAML.parents[3] / "docs" / "dark-nebula.md").read_text("utf-8")
    for claim, board_gives, stated in STATED:
        assert f"| {claim} | {stated} | {board_gives} |" in docs, claim


def test_battleships_set_up_outside_the_nebula_on_production_two() -> None:
    """ゲームの展開 初期配置: battleships at ライゲリン and ザレク (or ナファエラス, ラディア), so
    those lie outside the nebula with production at least 2 (3.2)."""
    by_name = {s.name: s for s in BOARD.sectors}
    for name in ("ライゲリン", "ザレク", "ラディア", "ナファエラス"):
        assert not by_name[name].nebula and by_name[name].production >= 2


def test_the_worked_game_reaches_the_stated_turn_2_production() -> None:
    """第2帝国軍ターン: ザレク held (and the battleship in イモーブ): the budget is 5."""
    path = DEFAULT_YAML.parents[3] / "records/dark-nebula/valid/worked-game.json"
    record = Record.model_validate(json.loads(path.read_text("utf-8")))
    replay = DarkNebulaReplay(record, BOARD)
    for event in record.events[:8]:
        assert replay.attempt(event, lenient=False).violation is None
    own = own_sectors(replay.situation, "empire", record.interpretations)
    assert budget(replay.situation, "empire", own) == 5


def test_2_2_base_production_table_one_to_six() -> None:
    assert BOARD.base_production_table == [1, 2, 3, 4, 5, 6]


def test_placeholders_are_listed() -> None:
    listed = placeholders(BOARD)
    assert ("counter", "new_cruiser", "price", 4) in listed
    assert all(field != "movement" for _, _, field, _ in listed)  # movement is stated (8.0)
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


def test_the_shipped_board_is_its_yaml_read_from_the_json_copy() -> None:
    """The default board is read from ``boards/default.json``, compiled from the YAML file
    that documents it: the same definition, the same digest."""
    stated = load_board(DEFAULT_YAML)
    assert stated == BOARD
    assert stated.sha256 == BOARD.sha256


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


def test_docs_give_every_interpretation_its_default_and_switch() -> None:
    """Every numbered interpretation has a row; a switchable one names its field and other
    value there, and the switches table shows every value with the default in bold."""
    from typing import get_args

    from adjudicator.dark_nebula.readings import Readings

    docs = (DEFAULT_YAML.parents[3] / "docs" / "dark-nebula.md").read_text("utf-8")
    for i in RULES.interpretations:
        row = next(
            line for line in docs.splitlines() if line.startswith(f"| {i.number} | `{i.id}` |")
        )
        field = i.id.replace("-", "_")
        for value in i.alternatives:
            assert f"`{field}={value}`" in row, row
        if not i.alternatives:
            assert row.endswith("| — |"), row
    for name, info in Readings.model_fields.items():
        values = get_args(info.annotation)
        shown = ", ".join(f"**`{v}`**" if v == info.default else f"`{v}`" for v in values)
        assert f"| `{name}` | {shown} |" in docs, name
