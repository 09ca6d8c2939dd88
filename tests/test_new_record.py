"""``adjudicator new GAME``: a record to fill in.

A director starting a table, or a player writing a score sheet, should not have to learn
which tags are required or copy a board's digest by hand: the skeleton writes every
required tag or key (Dark Nebula's board id and digest, the ruleset), leaves the players
as ``?`` and, in text, lists the interpretations in force as comments. As it stands, and
once the players are filled in, it validates as a game not begun — never as unreadable.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import game, validate
from adjudicator.cli.app import build_app
from adjudicator.core.capabilities import Skeleton, need
from adjudicator.core.errors import InputError
from adjudicator.core.registry import Registry
from adjudicator.dark_nebula.board import default_board

RUNNER = CliRunner()
GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")
RECORDS = Path(__file__).parent.parent / "records"


def new(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(build_app(Registry(), "new"), ["new", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("form", ["text", "json"])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("name", GAMES)
def test_the_skeleton_validates_as_a_game_not_begun(name: str, lang: str, form: str) -> None:
    """As printed, and with the players' names written for the ``?``, the skeleton is a
    valid unfinished record with no action: every required tag or key is there."""
    code, text = new(name, "--format", form, "--lang", lang)
    assert code == 0, text
    filled = text.replace('"?"', '"葵"')
    for record in (text, filled):
        verdict = validate(record, lang="en")
        assert verdict.status == "valid", verdict.unreadable
        assert verdict.plies == 0 and verdict.computed is None
        assert verdict.claimed is not None and verdict.claimed.winner is None
    if form == "json":
        assert json.loads(text)["format"] == game(name).record_formats[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_text_skeleton_lists_the_interpretations_in_force(name: str) -> None:
    """Each numbered interpretation is named in a comment, a switchable one with the value
    in force; the comments are in the language asked for."""
    played = game(name)
    for lang, words in (("ja", "適用される解釈"), ("en", "interpretations in force")):
        text = need(played, Skeleton).skeleton("text", lang)  # type: ignore[arg-type]
        comments = [line for line in text.splitlines() if line.startswith("#")]
        assert any(words in line for line in comments)
        for item in played.rules.interpretations:
            key = item.id.replace("-", "_")
            assert any(
                line.startswith((f"#   {item.number} {item.id}", f"#   {item.number} {key}="))
                for line in comments
            ), item.id


def test_the_dark_nebula_skeleton_names_the_board_and_its_digest() -> None:
    """Dark Nebula (2.1, interpretation 1): the record names the board definition with
    its digest, as ``adjudicator dark-nebula board`` shows them — written out for the
    director, in both forms."""
    board = default_board()
    text = need(game("dark-nebula"), Skeleton).skeleton("text", "ja")
    assert f'[Board "{board.id} {board.sha256}"]' in text
    assert "[GameId " in text and "[Commitment " in text
    data = json.loads(need(game("dark-nebula"), Skeleton).skeleton("json", "en"))
    assert data["board"] == {"id": board.id, "sha256": board.sha256}


def test_output_goes_to_the_file_named(tmp_path: Path) -> None:
    target = tmp_path / "table-3.txt"
    code, printed = new("dark-nebula", "-o", str(target), "--lang", "en")
    assert code == 0 and printed == ""
    assert validate(target).status == "valid"


def test_an_unknown_game_is_a_usage_error_listing_the_games() -> None:
    code, printed = new("go", "--lang", "ja")
    assert code == 2
    assert "dark-nebula" in printed and "Traceback" not in printed


@pytest.mark.parametrize(
    ("tag", "written"),
    [
        ("Board", f'[Board "{default_board().id} {default_board().sha256}"]'),
        ("GameId", '[GameId "2026-11-29-table-3"]'),
        ("Commitment", "adjudicator dark-nebula commit"),
    ],
)
def test_a_missing_dark_nebula_tag_says_which_and_what_to_write(tag: str, written: str) -> None:
    """Dark Nebula text records: a required tag left out is named, with what to write in
    it (the board's id and digest in full), in both languages and without English in the
    Japanese sentence but the tag, the example and the command."""
    text = (RECORDS / "dark-nebula/valid/worked-game.txt").read_text("utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith(f"[{tag} "))
    with pytest.raises(InputError) as info:
        game("dark-nebula").read_text_record(text, lenient=False)
    assert info.value.field == f"[{tag}]"
    for lang in ("en", "ja"):
        said = info.value.describe(lang)  # type: ignore[arg-type]
        assert f"[{tag}]" in said and written in said, said
    assert "tag is missing" not in info.value.describe("ja")


def test_comment_lines_among_orbit_dominion_tags_are_read_as_comments() -> None:
    """Orbit Dominion text notation: a ``#`` line among the tags or before the moves is a
    comment, as in the other games' text records; the record reads as without it."""
    text = (RECORDS / "orbit-dominion/valid/pincer.txt").read_text("utf-8")
    commented = text.replace("[Ruleset", "# the ruleset:\n[Ruleset").replace(
        "\n\n", "\n\n# the moves:\n", 1
    )
    played = game("orbit-dominion")
    assert (
        played.read_text_record(commented, lenient=False).events
        == played.read_text_record(text, lenient=False).events
    )


def test_an_astro_stra_record_with_turns_but_no_opening_is_still_refused() -> None:
    """Astro-Stra set-up: only a record with nothing played reads as not begun; turns
    without the opening roll are ``opening_missing`` as before."""
    data = json.loads((RECORDS / "astro-stra/valid/resignation.json").read_text("utf-8"))
    del data["opening"]
    verdict = validate(json.dumps(data))
    assert verdict.status == "invalid"
    assert verdict.problem is not None and verdict.problem.code == "opening_missing"


@pytest.mark.parametrize("name", GAMES)
def test_the_skeleton_offers_each_interpretation_as_the_switch_spells_it(name: str) -> None:
    """A switchable interpretation is listed as ``id=value (or: other, …)`` with the values
    ``--interpretation`` / ``[Interpretation]`` take and write back: Astro-Stra's A⚄
    first-move reading is ``true (or: false)``, not ``true (or: no)``; each listed value,
    switched to, reads back as itself."""
    import re

    from adjudicator.core.judge.references import switch

    played = game(name)
    skeleton = json.loads(need(played, Skeleton).skeleton("json", "en"))
    readings = getattr(
        played.read_json_record(skeleton, lenient=False).model, "interpretations", None
    )
    for line in need(played, Skeleton).skeleton("text", "en").splitlines():
        m = re.fullmatch(r"#   [0-9]+ (\w+)=(\S+) \(or: (.*)\)", line)
        if m is None:
            continue
        key, value, others = m[1], m[2], m[3].split(", ")
        assert value not in others, line
        for choice in [value, *others]:
            switched = switch(readings, played.rules, {key: choice}).model_dump()[key]
            said = str(switched).lower() if isinstance(switched, bool) else switched
            assert said == choice, line


@pytest.mark.parametrize("form", ["text", "json"])
def test_the_all_zero_commitment_is_warned_about(form: str) -> None:
    """Dark Nebula 3.1: the rebel player chooses the base's sector in secret, and the
    commitment binds that choice. The skeleton's all-zero commitment binds nothing: the
    record validates as a game not begun, with a warning (en, ja) that it hides nothing —
    and a real commitment is not warned about."""
    _, text = new("dark-nebula", "--format", form)
    where = "[Commitment]" if form == "text" else "commitment"
    for lang, words in (("en", "hides no sector"), ("ja", "どの星域も隠していません")):
        verdict = validate(text, lang=lang)
        assert verdict.status == "valid"
        assert [(w.code, w.location) for w in verdict.warnings] == [
            ("commitment_hides_nothing", where)
        ]
        assert words in verdict.warnings[0].message and "3.1" in verdict.warnings[0].message
    committed = validate(RECORDS / "dark-nebula" / "valid" / "worked-game.json", lang="en")
    assert [w.code for w in committed.warnings] == []
