"""`validate DIR --html FILE`: one self-contained file holding every record's verdict and the
picture of every ply, the failing one with the offending action drawn; in the chosen
language. (The page's behaviour in a browser is tested in tests/browser.)"""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
APP = build_app(Registry(installed_games()))


def make_report(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        APP,
        ["validate", str(ROOT / "records"), "--html", str(out), *args],
        env={"LANG": "C.UTF-8", "COLUMNS": "120"},
    )
    assert result.exit_code == 2, result.stdout  # the samples include unreadable files
    return out.read_text(encoding="utf-8")


def script(html: str, id_: str) -> str:
    m = re.search(rf'<script type="application/[a-z-]+" id="{id_}">(.*?)</script>', html, re.S)
    assert m, id_
    return m[1]


def record(html: str, n: int) -> dict[str, Any]:
    return json.loads(zlib.decompress(base64.b64decode(script(html, f"r{n}"))))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    return make_report(tmp_path_factory.mktemp("report"))


def index(html: str) -> list[list[Any]]:
    return json.loads(script(html, "index"))


def test_self_contained(report: str) -> None:
    """Nothing is fetched: no external script, style, image or link."""
    assert not re.search(r'(src|href)="(https?:)?//', report)
    assert "Content-Security-Policy" in report
    assert "<style>" in report and "<script>" in report


def test_every_record_is_listed_with_its_status(report: str) -> None:
    rows = index(report)
    files = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "records").rglob("*")
        if p.suffix in (".json", ".txt")
    }
    assert {Path(r[0]).resolve().relative_to(ROOT).as_posix() for r in rows} == files
    assert {r[2] for r in rows} == {"valid", "invalid", "unreadable", "pending"}


def test_the_failing_ply_draws_the_refused_action(report: str) -> None:
    """第5条: O0-I0 jumps across two orbits; the viewer opens on that ply, drawn refused."""
    rows = index(report)
    n = next(i for i, r in enumerate(rows) if r[0].endswith("illegal-action-in-the-middle.json"))
    data = record(report, n)
    problem = data["verdict"]["problem"]
    assert data["open"] == problem["ply"] == data["n"] - 1
    assert data["e"][problem["ply"]] == problem["action"] and data["x"][problem["ply"]] == 1
    layer = "".join(data["parts"][i] for i in data["l"][problem["ply"]])
    assert f'class="action-bad" data-action="{problem["action"]}"' in layer
    assert data["e"][0] is None and len(data["e"]) == problem["ply"] + 1


def viewer_frames(html: str, n: int) -> list[tuple[str, str]]:
    """Record ``n``'s plies as the viewer draws them: the board and the layer in one SVG,
    with the frame's title."""
    data, boards = record(html, n), json.loads(script(html, "boards"))
    return [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg">{boards[data["b"][ply]]}'
            f"{''.join(data['parts'][i] for i in data['l'][ply])}</svg>",
            data["t"][ply],
        )
        for ply in range(data["n"])
    ]


def test_the_viewer_paints_dark_nebulas_sides_in_the_rulebooks_colours(report: str) -> None:
    """2.3: 「色が赤は帝国軍、青は反乱軍です」 — at every ply of every Dark Nebula record the
    viewer paints the empire's counters red and the rebels' blue, under a legend that says
    so; a finished game's last ply is titled with the winner, not a side to move (4.2)."""
    from tests.dark_nebula.test_drawing_svg import LEGEND, RULEBOOK_COLOURS, legend, side_colours

    rows = index(report)
    drawn = [i for i, r in enumerate(rows) if r[1].startswith("dark-nebula") and r[5]]
    assert drawn
    for n in drawn:
        for svg, _ in viewer_frames(report, n):
            for side, colours in side_colours(svg).items():
                assert colours == {RULEBOOK_COLOURS[side]}, (rows[n][0], side)
            entries = legend(svg)
            assert {side: colours for side, (colours, _) in entries.items()} == {
                side: {colour} for side, colour in RULEBOOK_COLOURS.items()
            }
            for side, (_, words) in entries.items():
                assert all(word in words for word in LEGEND["en"][side])
    n = next(
        i for i, r in enumerate(rows) if r[0].endswith("dark-nebula/valid/guard-destroyed.json")
    )
    assert viewer_frames(report, n)[-1][1] == "rebel by the imperial guard removed after ply 7"


def test_a_game_ended_outside_play_is_drawn_finished(report: str) -> None:
    """A resignation ends the game (手順7; the record's result): the viewer's last ply is
    titled with the winner, not with a side to move."""
    rows = index(report)
    n = next(i for i, r in enumerate(rows) if r[0].endswith("astro-stra/valid/resignation.json"))
    titles = [title for _, title in viewer_frames(report, n)]
    assert "to move" in titles[-2]
    assert titles[-1] == "black by resignation after turn 20"


def test_a_pending_record_shows_what_waits(report: str) -> None:
    rows = index(report)
    n = next(i for i, r in enumerate(rows) if r[2] == "pending")
    pending = record(report, n)["verdict"]["pending"]
    assert pending and all(c["description"] and c["citation"] for c in pending)


def test_in_japanese(tmp_path: Path) -> None:
    html = make_report(tmp_path, "--lang", "ja")
    assert '<html lang="ja">' in html and "大会レポート" in html
    rows = index(html)
    n = next(i for i, r in enumerate(rows) if r[0].endswith("illegal-action-in-the-middle.json"))
    problem = record(html, n)["verdict"]["problem"]
    assert "第5条" in problem["citation"]


def test_plies_are_said_as_every_output_says_them(tmp_path: Path) -> None:
    """The viewer names plies as the game does (docs/records.md, 'Plies'): Orbit Dominion's
    failing action is 41手目, Astro-Stra's 1ターン目 (its opening roll and draft named, not
    counted), and the record's length is in the game's unit."""
    html = make_report(tmp_path, "--lang", "ja")
    rows = index(html)

    def data(name: str) -> dict[str, Any]:
        return record(html, next(i for i, r in enumerate(rows) if r[0].endswith(name)))

    od = data("orbit-dominion/invalid/illegal-action-in-the-middle.json")
    assert od["names"]["41"] == "41手目" and od["names"]["0"] == "開始時"
    assert od["total"] == "41手"
    astro = data("astro-stra/invalid/skill-skipped-though-possible.json")
    assert astro["names"]["3"] == "1ターン目" and astro["names"]["2"] == "ダイスの選択"
    assert astro["total"] == "1ターン"


def test_a_hostile_file_name_stays_text(tmp_path: Path) -> None:
    """A file name that looks like markup is data in the page, never markup."""
    name = 'x<script>alert(1)<b onclick="y">.json'  # no slash: a file name
    records = tmp_path / "records"
    records.mkdir()
    sample = ROOT / "records/orbit-dominion/invalid/illegal-action-in-the-middle.json"
    (records / name).write_bytes(sample.read_bytes())
    out = tmp_path / "report.html"
    result = CliRunner().invoke(APP, ["validate", str(records), "--html", str(out)])
    assert result.exit_code == 1
    html = out.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<b onclick" not in html
    assert index(html)[0][0].endswith(name)


def _events_of(text: str) -> list[str]:
    from adjudicator.core.batch.files import read_record

    _, rec = read_record(Registry(installed_games()), text, lenient=False, text_notation=True)
    return [e.written for e in rec.events]


def test_a_game_of_a_file_is_drawn_from_that_file_not_from_a_namesake(tmp_path: Path) -> None:
    """The viewer draws the record that was judged: game 2 of ``a.txt`` (``a.txt#2``), even
    beside a file literally named ``a.txt#2`` that holds another game."""
    first = (ROOT / "records/orbit-dominion/valid/pincer.txt").read_text(encoding="utf-8")
    second = (ROOT / "records/astro-stra/valid/random-game.txt").read_text(encoding="utf-8")
    folder = tmp_path / "round"
    folder.mkdir()
    (folder / "a.txt").write_text(first + "\n" + second, encoding="utf-8")
    (folder / "a.txt#2").write_text(first, encoding="utf-8")  # a namesake, not a record
    out = tmp_path / "report.html"
    result = CliRunner().invoke(APP, ["validate", str(folder), "--html", str(out)])
    assert result.exit_code == 0, result.stdout
    html = out.read_text(encoding="utf-8")
    rows = index(html)
    n = next(i for i, r in enumerate(rows) if r[0].endswith("a.txt#2"))
    data = record(html, n)
    assert data["e"][1:] == _events_of(second) and data["n"] - 1 == rows[n][5]


def test_standard_input_is_drawn_from_what_was_read_not_from_a_file_named_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``validate - --html``: the record drawn is the one read from standard input, never a
    file named ``-`` in the working directory."""
    judged = (ROOT / "records/astro-stra/valid/random-game.txt").read_text(encoding="utf-8")
    other = (ROOT / "records/orbit-dominion/valid/pincer.txt").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text(other, encoding="utf-8")
    result = CliRunner().invoke(APP, ["validate", "-", "--html", "r.html"], input=judged)
    assert result.exit_code == 0, result.stdout
    data = record((tmp_path / "r.html").read_text(encoding="utf-8"), 0)
    assert data["e"][1:] == _events_of(judged)


def test_several_jobs_draw_the_record_judged(tmp_path: Path) -> None:
    """With ``--jobs 2`` the verdicts come from worker processes and the text judged comes
    back with each of them: the pictures match the verdict's plies."""
    html = make_report(tmp_path, "--jobs", "2")
    rows = index(html)
    valid = [n for n, r in enumerate(rows) if r[2] == "valid"]
    assert valid and all(record(html, n)["n"] - 1 == rows[n][5] for n in valid)


def test_a_file_name_s_bidirectional_controls_are_shown_escaped(tmp_path: Path) -> None:
    """As the terminal shows them: ``round1-\\u202edilav-\\u202c.json`` must not read as
    ``round1--valid.json``; no bidirectional control reaches the page."""
    name = "round1-\u202edilav-\u202c.json"
    records = tmp_path / "records"
    records.mkdir()
    sample = ROOT / "records/orbit-dominion/invalid/illegal-action-in-the-middle.json"
    (records / name).write_bytes(sample.read_bytes())
    out = tmp_path / "report.html"
    CliRunner().invoke(APP, ["validate", str(records), "--html", str(out)])
    html = out.read_text(encoding="utf-8")
    assert "\u202e" not in html and "\u202c" not in html
    assert index(html)[0][0].endswith("round1-\\u202edilav-\\u202c.json")
    assert record(html, 0)["verdict"]["source"].endswith("round1-\\u202edilav-\\u202c.json")


@pytest.mark.parametrize(
    ("lang", "title"),
    [("ja", "解釈3 上がりを越える前進 (exact)"), ("en", "3 An advance past home (exact)")],
)
def test_the_interpretations_in_force_are_shown_by_title_their_id_on_hover(
    tmp_path: Path, lang: str, title: str
) -> None:
    """The viewer names each interpretation in force by its number and title in the
    report's language, a switched one with its value; the id (what --interpretation and the
    JSON use) is the element's title attribute, read on hover."""
    html = make_report(tmp_path, "--lang", lang, "-I", "astro-stra:past-home=exact")
    rows = index(html)
    n = next(i for i, r in enumerate(rows) if r[0].endswith("astro-stra/valid/unfinished.json"))
    data = record(html, n)
    assert len(data["interp"]) == len(data["verdict"]["interpretations"]) > 3
    assert [title, "past-home=exact"] in data["interp"]
    assert ("解釈1 盤の形" in data["interp"][0][0]) == (lang == "ja")
    script_text = html[html.index("function verdictBlock") :]
    assert 'el("span", { "title": id }, title)' in script_text


def test_the_index_says_plies_as_the_viewer_does(tmp_path: Path) -> None:
    """The table of records names a record's ply and length as the viewer and every other
    output do (docs/records.md, 'Plies'), in the game's unit: Astro-Stra's failing ply is
    its 1ターン目, not ply 3; the numbers stay beside them to sort by."""
    html = make_report(tmp_path, "--lang", "ja")
    rows = index(html)

    def row(name: str) -> list[Any]:
        return next(r for r in rows if r[0].endswith(name))

    od = row("orbit-dominion/invalid/illegal-action-in-the-middle.json")
    assert (od[3], od[6]) == (41, "41手目") and od[7] == f"{od[5]}手"
    astro = row("astro-stra/invalid/skill-skipped-though-possible.json")
    assert (astro[3], astro[6]) == (3, "1ターン目") and astro[7] == f"{astro[5] - 2}ターン"
    script_text = html[html.index("function rowElement") :]
    assert '"num" }, r[6] === null ? "" : r[6])' in script_text


# --- a defect in a drawing ---------------------------------------------------------------------


def _drawing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.orbit_dominion.replay import OrbitDominionReplay

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a defect in the drawing")

    monkeypatch.setattr(OrbitDominionReplay, "picture", broken)


def test_a_drawing_defect_is_returned_by_the_library_not_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The library prints nothing (docs/design.md): a record whose drawing fails has no
    pictures, and the defect comes back with its frames for the shell to say."""
    from adjudicator.core.batch.files import Options
    from adjudicator.core.judge.ruling import load
    from adjudicator.core.write.report_frames import drawn_frames

    _drawing_fails(monkeypatch)
    registry = Registry(installed_games())
    sample = ROOT / "records/orbit-dominion/valid/pincer.json"
    game, rec, _ = load(registry, sample, lenient=False)
    drawn = drawn_frames(game, rec, Options())
    assert drawn.frames == []
    assert drawn.defect is not None and "a defect in the drawing" in drawn.defect
    assert capsys.readouterr() == ("", "")


def test_the_shell_says_a_drawing_defect_and_writes_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A defect in a drawing costs that record its pictures, never the report: the report
    is written and the defect's traceback said on standard error."""
    _drawing_fails(monkeypatch)
    out = tmp_path / "report.html"
    sample = ROOT / "records/orbit-dominion/valid/pincer.json"
    result = CliRunner().invoke(APP, ["validate", str(sample), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert "RuntimeError: a defect in the drawing" in result.stderr
    assert record(out.read_text(encoding="utf-8"), 0)["n"] == 0
