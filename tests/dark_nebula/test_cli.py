"""``adjudicator dark-nebula commit|board`` and the engine protocol's ``evaluate`` on bad
input (3.1, the record standard)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from adjudicator.cli.app import build_app
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games
from adjudicator.dark_nebula.board import default_board
from adjudicator.dark_nebula.commitment import commitment
from adjudicator.dark_nebula.drawing import placeholders

REGISTRY = Registry(installed_games())
APP = build_app(REGISTRY)
RUN = CliRunner()


def test_3_1_commit_accepts_the_printed_name_and_publishes_a_matching_digest() -> None:
    result = RUN.invoke(
        APP, ["dark-nebula", "commit", "--game-id", "g-1", "--sector", "地球", "--json"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["sector"] == "earth" and len(out["nonce"]) == 64
    assert out["commitment"] == commitment("g-1", "earth", out["nonce"])


def test_3_1_commit_refuses_tyrann_a_weak_nonce_and_an_unknown_sector() -> None:
    for args, words in [
        (["--sector", "タイラント"], "may not be in Tyrann"),
        (["--sector", "earth", "--nonce", "1234"], "fewer than 128"),
        (["--sector", "trantor"], "is not a sector"),
        (["--sector", "earth", "--game-id", "has space"], "is not a game id"),
    ]:
        argv = ["dark-nebula", "commit", "--game-id", "g-1", *args]
        result = RUN.invoke(APP, argv)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output


def test_board_command_shows_digest_and_placeholders() -> None:
    result = RUN.invoke(APP, ["dark-nebula", "board", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    board = default_board()
    assert out["sha256"] == board.sha256
    assert len(out["placeholders"]) == len(placeholders(board))
    assert ["counter new_cruiser", "price", "4"] in out["placeholders"]


def test_evaluate_answers_bad_lines_with_errors_and_goes_on() -> None:
    server = Server(REGISTRY)
    base = {"cmd": "evaluate", "game": "dark-nebula/2011", "game_id": "g-1"}
    digest = commitment("g-1", "earth", "5d0c7a93e8f14b26a1d9c3e7b5f08a42")
    bad = [
        {**base, "commitment": "xyz", "moves": []},
        {**base, "commitment": digest, "moves": ["setup: nonsense"]},
        {**base, "commitment": digest, "moves": [42]},
        {**base, "commitment": digest, "moves": ["setup: guard_ship@mars"]},
    ]
    for request in bad:
        answer = server.respond(json.dumps(request))
        assert "error" in answer, answer
    good = server.respond(json.dumps({**base, "commitment": digest, "moves": []}))
    assert good["illegal_at"] is None and good["pending"] == []


def test_a_dispute_on_a_record_names_the_rule() -> None:
    """An arbiter asks, at the worked game's second imperial production, whether two
    cruisers and a new cruiser may be built: 6.1 says no (10 is over the budget); and
    whether a guard ship may be bought from the budget: 2.3 (5) and 6.4 say no
    (interpretation 17)."""
    record = str(Path(__file__).resolve().parents[2] / "records/dark-nebula/valid/worked-game.json")

    def ask(action: str) -> Result:
        return RUN.invoke(
            APP, ["adjudicate", "--record", record, "--at", "9", "--action", action, "--codes"]
        )

    result = ask("2.1 empire production: cruiser@tyrann cruiser@tyrann new_cruiser@tyrann")
    assert result.exit_code == 1, result.output
    assert "over_budget" in result.output and "6.1" in result.output
    assert "zarek[e:C,c2]" in result.output  # the position, its brackets printed as text
    heavy = ask("2.1 empire production: cruiser@tyrann guard_ship@zarek")
    assert heavy.exit_code == 1 and "heavy_only_as_extra" in heavy.output, heavy.output
    legal = ask("2.1 empire production: cruiser@tyrann; extra guard_ship@zarek")
    assert legal.exit_code == 0, legal.output


def test_validate_switches_an_interpretation_for_every_record() -> None:
    """-I ID=VALUE (interpretation 8 here): the verdict names the reading; an unknown value
    or a game without switches is a clear error, not a traceback."""
    record = str(Path(__file__).resolve().parents[2] / "records/dark-nebula/valid/worked-game.json")
    ok = RUN.invoke(APP, ["validate", record, "-I", "nebula-entry=each-step", "--json"])
    assert ok.exit_code == 0, ok.output
    assert "nebula-entry=each-step" in json.loads(ok.stdout)[0]["interpretations"]
    bad = RUN.invoke(APP, ["validate", record, "-I", "nebula-entry=sideways"])
    assert bad.exit_code == 2 and "one-step, each-step" in bad.stdout
    unknown = RUN.invoke(APP, ["validate", record, "-I", "gravity=on"])
    assert unknown.exit_code == 2 and "dark-nebula:search-sectors" in unknown.output
    malformed = RUN.invoke(APP, ["validate", record, "-I", "nebula-entry"])
    assert malformed.exit_code == 2 and "ID=VALUE" in malformed.output


def test_3_1_a_secret_naming_no_sector_of_the_board_makes_the_record_unreadable(
    tmp_path: Path,
) -> None:
    """A director's record whose header opens the commitment in a sector the board lacks is
    malformed as a whole: ``validate``, ``replay`` and ``adjudicate`` say so at
    ``secret.sector``, not at the set-up (ply 1) the header has nothing to do with."""
    sample = Path("records/dark-nebula/valid/worked-game-director.json")
    data = json.loads(sample.read_text(encoding="utf-8"))
    data["secret"]["sector"] = "nowhere"
    record = tmp_path / "director.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    verdict = json.loads(RUN.invoke(APP, ["validate", str(record), "--json"]).stdout)[0]
    assert verdict["status"] == "unreadable"
    assert verdict["unreadable"]["code"] == "unknown_sector"
    assert verdict["unreadable"]["location"] == "secret.sector"
    at_2 = ["--at", "2", "--action", "1.1 empire production: -"]
    for argv in (["replay", str(record)], ["adjudicate", "--record", str(record), *at_2]):
        result = RUN.invoke(APP, argv)
        assert result.exit_code == 2, result.output
        assert "secret.sector: 'nowhere' is not a sector" in result.output


def test_3_1_a_text_record_s_secret_and_board_are_refused_at_their_tags(tmp_path: Path) -> None:
    """In the text notation the header's board and secret are said where the person wrote
    them, at ``[Board]`` and ``[Secret]``, not at a JSON path they did not write."""
    text = Path("records/dark-nebula/valid/worked-game.txt").read_text(encoding="utf-8")
    secret = '[Secret "nowhere 8f3a1c9e4b7d2f60a5e1c3b9d7f2e4a6"]\n[Result'
    broken = {
        "secret.txt": (text.replace("[Result", secret, 1), "unknown_sector", "[Secret]"),
        "board.txt": (
            text.replace('[Board "default', '[Board "nosuch', 1),
            "unknown_board",
            "[Board]",
        ),
    }
    for name, (content, code, location) in broken.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        verdict = json.loads(RUN.invoke(APP, ["validate", str(tmp_path / name), "--json"]).stdout)
        assert verdict[0]["unreadable"]["code"] == code, name
        assert verdict[0]["unreadable"]["location"] == location, name
