"""The picture sent to the players says it all: `adjudicate --svg` draws under the board the
ruling and what it decides, in the language chosen (`--no-caption`: the board alone), and
`replay --caption` the last action, why it was refused and who has won — in all three games,
its text escaped as every SVG text is (core/write/markup.py)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.batch.files import read_record
from adjudicator.core.registry import Registry, installed_games

RECORDS = Path(__file__).resolve().parents[1] / "records"
PINCER = RECORDS / "orbit-dominion" / "valid" / "pincer.json"
MIDDLE = RECORDS / "orbit-dominion" / "invalid" / "illegal-action-in-the-middle.json"
REGISTRY = Registry(installed_games())
APP = build_app(REGISTRY)
runner = CliRunner()
NS = "{http://www.w3.org/2000/svg}"

#: One disputed moment per game, and the action ruled on there.
RULINGS = {
    "orbit-dominion": (PINCER, "83", "M1-M3"),
    "dark-nebula": (
        RECORDS / "dark-nebula" / "valid" / "worked-game.json",
        "2",
        "1.1 empire production: cruiser@tyrann cruiser@tyrann; extra battleship@tyrann",
    ),
    "astro-stra": (
        RECORDS / "astro-stra" / "invalid" / "move-the-action-does-not-allow.json",
        "4",
        "2. white: dice clear=2 yellow=1 purple=1 | S=purple T=yellow A=clear | "
        "skill jagi as=red A=6 | target 1 | moves 1>13",
    ),
}


#: What each ruling says in Japanese: its exit code (0 legal, 1 refused), the side to move,
#: the verdict on the action, and the article that decides.
SAID = {
    "orbit-dominion": (0, "赤の手番", "合法", "第7条 7-2"),
    "dark-nebula": (1, "帝国軍の手番", "不合法", "6.1"),
    "astro-stra": (1, "白の手番", "不合法", "手順5"),
}


def svg_of(*args: str | Path, code: int = 0) -> str:
    """The picture of a command expected to exit with ``code`` (1: a ruling or a record
    refused)."""
    result = runner.invoke(APP, [str(a) for a in args], env={"LANG": "C.UTF-8"})
    assert result.exit_code == code, result.output
    return result.stdout


def caption(svg: str) -> list[str]:
    """The caption's lines as a reader sees them (the XML parsed, entities read)."""
    root = ET.fromstring(svg)
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "caption")
    return [t.text or "" for t in group.iter(f"{NS}text")]


def ruling_args(game: str, lang: str, *more: str) -> tuple[str | Path, ...]:
    record, at, action = RULINGS[game]
    args = ("adjudicate", "--record", record, "--at", at, "-a", action, "--lang", lang)
    return (*args, "--format", "svg", *more)


def ruling_svg(game: str, lang: str, *more: str) -> str:
    return svg_of(*ruling_args(game, lang, *more))


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_adjudicate_svg_is_captioned_with_the_ruling(
    game: str, snapshot: SnapshotAssertion
) -> None:
    """By default the ruling's picture carries the ruling under the board, in Japanese as
    asked: a winning move (Orbit Dominion, 第7条 7-2) names the winner, a refused one (Dark
    Nebula 6.1, Astro-Stra 手順5) says why, with the article."""
    exit_code, side, verdict, article = SAID[game]
    svg = svg_of(*ruling_args(game, "ja"), code=exit_code)
    assert svg == snapshot
    lines = caption(svg)
    assert lines[0].startswith(f"{side} · ")
    assert re.search(f": {verdict}$", "\n".join(lines), re.MULTILINE)
    assert any(line.startswith(f"{article} ") for line in lines[1:])


def test_a_winning_actions_picture_names_the_winner() -> None:
    """第7条 7-2: M1-M3 at ply 83 of pincer.json forms a new two-point pincer; the picture
    says red has won, in either language, and the ruling is no longer in <desc> alone."""
    ja = " ".join(caption(ruling_svg("orbit-dominion", "ja")))
    en = " ".join(caption(ruling_svg("orbit-dominion", "en")))
    assert "83手目で赤の勝ち(新たな2点挟撃)" in ja
    assert "red by new two-point pincer after ply 83" in en
    replayed = " ".join(caption(svg_of("replay", PINCER, "--format", "svg", "--caption")))
    assert "red by new two-point pincer after ply 83" in replayed


def test_no_caption_draws_the_board_alone() -> None:
    svg = ruling_svg("orbit-dominion", "en", "--no-caption")
    assert 'class="caption"' not in svg and 'height="480"' in svg
    assert 'class="caption"' not in svg_of("replay", PINCER, "--format", "svg")


def test_caption_text_is_escaped() -> None:
    """A swap is written with < and > (M8<>O8): escaped in the caption, the document still
    well-formed XML that reads the action back."""
    args = ("adjudicate", "--record", MIDDLE, "--at", "41", "-a", "M8<>O8", "--format", "svg")
    svg = svg_of(*args)
    assert "M8&lt;&gt;O8: legal" in svg
    assert caption(svg)[0] == "red to move · ply 41 · M8<>O8: legal"


def test_replay_caption_says_why_an_action_was_refused() -> None:
    """Rulings row 1: O0-I0 at ply 41 is refused; the caption says so, why, and where."""
    svg = svg_of("replay", MIDDLE, "--format", "svg", "--caption", "--lang", "ja", code=1)
    lines = caption(svg)
    assert lines[0] == "41手目 O0-I0: 不合法"
    assert "外周と内周の間は直接ジャンプできません" in "".join(lines)


#: Dark Nebula: the search at ply 15 left the base in nafaelas unrevealed (10.2), which only
#: the revelation of a later search proves, opening the commitment.
CONCEALED = RECORDS / "dark-nebula" / "invalid" / "concealed-before-revealed-elsewhere.json"
GUARD = RECORDS / "dark-nebula" / "valid" / "guard-destroyed.json"
GUARD_DISCLOSURE = read_record(REGISTRY, GUARD.read_text(), lenient=False)[1].events[-1].written


def flat(text: str) -> str:
    """Text without its spaces: a caption's lines are broken to the picture's width."""
    return "".join(text.split())


def concealed_plies() -> tuple[int, int, list[str]]:
    """The ply the verdict finds illegal, the ply of the opening that proves it, and the
    record's events as written."""
    verdict = json.loads(svg_of("validate", CONCEALED, "--json", code=1))[0]
    _, record = read_record(REGISTRY, CONCEALED.read_text(), lenient=False)
    events = [e.written for e in record.events]
    fault = verdict["problem"]["ply"]
    opened = next(i for i, e in enumerate(events[fault:], fault + 1) if "reveal" in e)
    return fault, opened, events


def test_replay_caption_quotes_the_event_it_rules_on_and_the_one_that_proved_it() -> None:
    """10.2: a revelation that proves an earlier search concealed the base rules on that
    search; the caption quotes it with its own ply, and the revelation with its own."""
    fault, opened, events = concealed_plies()
    for lang, said in (("en", "ply {n} {event}: illegal"), ("ja", "{n}手目 {event}: 不合法")):
        lines = caption(
            svg_of("replay", CONCEALED, "--format", "svg", "--caption", "--lang", lang, code=1)
        )
        first = said.format(n=fault, event=events[fault - 1])
        assert flat("".join(lines)).startswith(flat(first)), lines
        assert flat(events[opened - 1]) in flat("".join(lines)) and str(opened) in "".join(lines)


def test_adjudicate_caption_quotes_the_earlier_event_an_action_proves_illegal() -> None:
    """10.2: ruled on the revelation, the caption quotes it and the search it proves
    illegal, each with its own ply."""
    fault, opened, events = concealed_plies()
    args = ("adjudicate", "--record", CONCEALED, "--at", str(opened), "-a", events[opened - 1])
    lines = caption(svg_of(*args, "--format", "svg", "--lang", "en", code=1))
    text = flat("".join(lines))
    assert flat(f"ply {opened} · {events[opened - 1]}: illegal") in text
    assert flat(f"ply {fault} illegal: {events[fault - 1]}") in text


def test_a_finished_games_caption_says_whose_turn_it_is_no_more() -> None:
    """4.2: after the guard is removed (ply 7) no side is to move: the disclosure's ruling
    and the last position's caption say the game is over, and who won."""
    ruled = ("adjudicate", "--record", GUARD, "--at", "8", "-a", GUARD_DISCLOSURE)
    for args in (ruled, ("replay", GUARD, "--caption")):
        lines = caption(svg_of(*args, "--format", "svg", "--lang", "en"))
        assert "to move" not in lines[0], lines
        assert "rebel by the imperial guard removed after ply 7" in lines


def test_a_resigned_games_last_picture_names_the_winner() -> None:
    """A record that ends by resignation ends there: `replay`'s last picture is titled
    and captioned with the winner, with no side to move."""
    resigned = RECORDS / "astro-stra" / "valid" / "resignation.json"
    svg = svg_of("replay", resigned, "--caption", "--format", "svg", "--lang", "en")
    title = ET.fromstring(svg).find(f"{NS}title").text
    assert title == "black by resignation after turn 20"
    assert "to move" not in " ".join(caption(svg))


def test_a_caption_on_an_action_after_the_end_quotes_that_action() -> None:
    """4.2: the search written after the guard was removed is refused, and the picture
    rules on it, quoting it with its ply: not on the last action accepted."""
    record = RECORDS / "dark-nebula" / "invalid" / "step-after-victory.json"
    events = [e.written for e in read_record(REGISTRY, record.read_text(), lenient=False)[1].events]
    lines = caption(
        svg_of("replay", record, "--caption", "--format", "svg", "--lang", "en", code=1)
    )
    assert flat(lines[0]).startswith(flat(f"ply 8 {events[7]}: illegal")), lines
