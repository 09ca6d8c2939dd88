"""The HTML report in headless Chromium, as a tournament director uses it: filter the table
to the invalid records, open one, step to the failing ply with the keyboard and see the
refused action drawn with the verdict beside it; no console errors, no network requests.
Screenshots go to the directory in ``ADJUDICATOR_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from tests.browser.conftest import BrowserPage

ROOT = Path(__file__).resolve().parents[2]
RECORD = "illegal-action-in-the-middle.json"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    here = Path.cwd()
    os.chdir(ROOT)  # the records named as a director names them: records/…
    try:
        CliRunner().invoke(
            build_app(Registry(installed_games())),
            ["validate", "records", "--html", str(out)],
            env={"LANG": "C.UTF-8"},
        )
    finally:
        os.chdir(here)
    return out


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("ADJUDICATOR_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_filter_open_and_step_to_the_failing_ply(report: Path, browser_page: BrowserPage) -> None:
    """第5条: the record's ply 41, O0-I0, jumps across two orbits."""
    page = browser_page.page
    browser_page.open(report)
    rows = page.locator("#rows tr")
    total = rows.count()
    page.select_option("#f-status", "invalid")
    assert 0 < rows.count() < total
    assert set(page.locator("#rows td.status").all_inner_texts()) == {"invalid"}
    shot(page, "report-table")

    page.get_by_role("link", name=f"records/orbit-dominion/invalid/{RECORD}").click()
    page.wait_for_selector("#v-board svg")
    assert (
        page.locator("#v-ply").inner_text() == "ply 41 (of 41 actions)"
    )  # opens at the failing ply
    page.keyboard.press("Home")
    assert page.locator("#v-ply").inner_text() == "start"
    assert page.locator("#v-board svg .action-bad").count() == 0
    for _ in range(41):
        page.keyboard.press("ArrowRight")
    assert page.locator("#v-ply").inner_text() == "ply 41 (of 41 actions)"
    assert page.url.endswith("&ply=41")
    refused = page.locator("#v-board svg .action-bad")
    assert refused.get_attribute("data-action") == "O0-I0"
    assert "O0-I0" in page.locator("#v-event").inner_text()
    verdict = page.locator("#v-verdict").inner_text()
    assert "Art. 5" in verdict and "jump_across_two_orbits" not in verdict  # a person's words
    code = page.locator("#v-verdict .problem").get_attribute("title")
    assert code == "jump_across_two_orbits"  # the code for programs, on hover
    interpretation = page.locator("#v-verdict .interp span").first
    assert interpretation.inner_text() == "1 Squares and jumps"
    assert interpretation.get_attribute("title") == "board"
    assert "No direct jump between the outer and the inner orbit" in verdict
    shot(page, "report-viewer")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#v-board svg .action-last").get_attribute("data-action") == "M-"
    browser_page.assert_clean()


def test_a_link_points_at_a_ply(report: Path, browser_page: BrowserPage) -> None:
    """The URL fragment opens a record at a ply; sorting the table keeps working: the
    lengths, said in each game's unit ('41 actions', '20 turns'), come in order within
    each game."""
    page = browser_page.page
    browser_page.open(report)
    page.locator("#table th button", has_text="Actions").click()
    games = page.locator("#rows tr td:nth-child(2)").all_inner_texts()
    lengths = page.locator("#rows tr td:last-child").all_inner_texts()
    assert all(re.fullmatch(r"[0-9]+ (actions|turns)", t) for t in lengths), lengths
    for game in set(games):
        plies = [int(t.split()[0]) for g, t in zip(games, lengths, strict=True) if g == game]
        assert plies == sorted(plies), game
    n = page.get_by_role("link", name=f"records/orbit-dominion/invalid/{RECORD}").get_attribute(
        "href"
    )
    browser_page.open(report, f"{n}&ply=3")
    page.wait_for_selector("#v-board svg")
    assert page.locator("#v-ply").inner_text() == "ply 3 (of 41 actions)"
    current = page.locator("#v-events li.current")
    assert current.locator("code").inner_text() == page.locator("#v-event").inner_text()
    assert current.locator(".unit").inner_text() == "ply 3"
    browser_page.assert_clean()


def test_a_file_name_reads_as_its_escapes_and_the_picture_is_titled(
    tmp_path: Path, browser_page: BrowserPage
) -> None:
    """In the page as a person sees it: a file name holding U+202E reads with the escape
    (``round1-\\u202edilav-\\u202c.json``), not reversed into ``round1--valid.json``; the
    picture's title and description, set as text by the script, are there."""
    folder = tmp_path / "round"
    folder.mkdir()
    sample = ROOT / "records/orbit-dominion/invalid" / RECORD
    (folder / "round1-\u202edilav-\u202c.json").write_bytes(sample.read_bytes())
    out = tmp_path / "report.html"
    CliRunner().invoke(
        build_app(Registry(installed_games())), ["validate", str(folder), "--html", str(out)]
    )
    page = browser_page.page
    browser_page.open(out)
    link = page.locator("#rows tr a").first
    assert link.inner_text().endswith("round1-\\u202edilav-\\u202c.json")
    link.click()
    page.wait_for_selector("#v-board svg")
    assert page.locator("#v-source").inner_text().endswith("round1-\\u202edilav-\\u202c.json")
    svg = page.locator("#v-board svg")
    title = svg.locator("title").text_content() or ""
    assert title and svg.get_attribute("aria-label") == title
    assert "O0-I0" in (svg.locator("desc").text_content() or "")
    browser_page.assert_clean()


def test_the_corrected_game_steps_beside_the_written_one(
    tmp_path: Path, browser_page: BrowserPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """第8条 (a decided game is over): written, ply 83 M1-M3 decides the game before the
    resignation; the row offers M1-M2 there, and the two boards, stepped together, are the
    same up to ply 82 and differ at ply 83, the edited ply, marked in both views."""
    monkeypatch.chdir(tmp_path)  # the record named as a director names it: round3/…
    Path("round3").mkdir()
    sample = ROOT / "records/orbit-dominion/invalid/resignation-after-the-end.json"
    Path("round3/table1.json").write_bytes(sample.read_bytes())
    out = tmp_path / "report.html"
    CliRunner().invoke(
        build_app(Registry(installed_games())),
        ["validate", "round3", "--html", str(out), "--repair", "--repair-seconds", "600"],
    )
    page = browser_page.page
    browser_page.open(out)
    assert (
        page.locator("#rows td.fix").inner_text()
        == "ply 83 (move 42, red): M1-M3 → M1-M2 (cost 0.5)"
    )
    page.locator("#rows tr a").first.click()
    page.wait_for_selector("#v-fixed-board svg")
    assert "ply 83 (move 42, red): M1-M3 → M1-M2" in page.locator("#v-fix").inner_text()
    # the layers drawn, without the title and description (which name the ply)
    drawn = (
        "id => [...document.querySelector(id + ' svg').children]"
        ".filter(c => !['title', 'desc'].includes(c.tagName)).map(c => c.outerHTML).join('')"
    )
    page.keyboard.press("Home")
    for _ in range(82):
        page.keyboard.press("ArrowRight")
    assert page.locator("#v-ply").inner_text() == "ply 82 (of 83 actions)"
    assert page.evaluate(drawn, "#v-board") == page.evaluate(drawn, "#v-fixed-board")
    assert page.locator(".view.edited").count() == 0
    page.keyboard.press("ArrowRight")
    assert page.locator("#v-ply").inner_text() == "ply 83 (of 83 actions)"
    assert page.evaluate(drawn, "#v-board") != page.evaluate(drawn, "#v-fixed-board")
    last = "svg .action-last"
    assert page.locator(f"#v-board {last}").get_attribute("data-action") == "M1-M3"
    assert page.locator(f"#v-fixed-board {last}").get_attribute("data-action") == "M1-M2"
    assert page.locator("#v-written.edited, #v-corrected.edited").count() == 2
    assert "M1-M2" in page.locator("#v-fixed-event").inner_text()
    assert page.locator("#v-events li.edited code").inner_text() == "M1-M3"
    shot(page, "report-repair")
    browser_page.assert_clean()


def test_the_viewer_paints_dark_nebulas_sides_as_the_rulebook_does(
    report: Path, browser_page: BrowserPage
) -> None:
    """2.3: 「色が赤は帝国軍、青は反乱軍です」 — in the browser, the drawn counters of the
    empire are red and the rebels' blue, and the legend under the board says so."""
    from tests.pictures import colour_name

    page = browser_page.page
    browser_page.open(report)
    page.get_by_role("link", name="records/dark-nebula/valid/worked-game.json").click()
    page.wait_for_selector("#v-board svg")
    page.keyboard.press("Home")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    for side, colour in (("empire", "red"), ("rebel", "blue")):
        fills = page.eval_on_selector_all(
            f'#v-board svg g[data-side="{side}"] > :is(rect, circle)',
            "shapes => shapes.map(s => s.getAttribute('fill'))",
        )
        assert fills and {colour_name(f) for f in fills} == {colour}, side
        legend = page.locator(f'#v-board svg g[data-legend="{side}"]')
        assert legend.text_content() == f"{'empire' if side == 'empire' else 'rebels'} ({colour})"
    browser_page.assert_clean()


@pytest.fixture(scope="module")
def report_ja(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report-ja") / "report.html"
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        CliRunner().invoke(
            build_app(Registry(installed_games())),
            ["validate", "records", "--html", str(out), "--lang", "ja"],
            env={"LANG": "ja_JP.UTF-8"},
        )
    finally:
        os.chdir(here)
    return out


#: How many lines an element's text takes on the page.
LINES = (
    "e => { const r = document.createRange(); r.selectNodeContents(e);"
    " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"
)


def test_the_japanese_table_names_articles_and_keeps_units_whole(
    report_ja: Path, browser_page: BrowserPage
) -> None:
    """docs/report.md: the table says what a record breaks in the rulebook's words (第5条 …),
    the code for programs on hover; a ply or a length in the game's unit (203ターン目, 41手目)
    and a status (読み取り不能) are never broken across lines, even in a narrow window."""
    page = browser_page.page
    page.set_viewport_size({"width": 1000, "height": 900})
    browser_page.open(report_ja)
    row = page.locator("#rows tr", has_text=f"orbit-dominion/invalid/{RECORD}")
    article = row.locator("td.article")
    assert "第5条 軌道間ジャンプと位置交換" in article.inner_text()
    assert article.get_attribute("title") == "jump_across_two_orbits"
    assert page.locator("#table th").nth(4).inner_text() == "条文・理由"
    cells = page.locator("#rows td.num, #rows td.status")
    texts = cells.all_inner_texts()
    assert "203ターン目" in texts and "41手目" in texts and "読み取り不能" in texts
    assert [t for t, c in zip(texts, cells.all(), strict=True) if c.evaluate(LINES) > 1] == []
    shot(page, "report-table-ja")
    browser_page.assert_clean()


def test_the_japanese_event_list_is_numbered_once_in_the_games_unit(
    report_ja: Path, browser_page: BrowserPage
) -> None:
    """手順 lists each event under the name the game gives its ply (Astro-Stra's 4ターン目,
    as the viewer's counter says), not under a list number that disagrees with the
    record's own turn number (「6. 4. white: …」)."""
    page = browser_page.page
    browser_page.open(report_ja)
    page.get_by_role("link", name="records/astro-stra/valid/random-game.json").click()
    page.wait_for_selector("#v-board svg")
    page.keyboard.press("Home")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    current = page.locator("#v-events li.current")
    assert page.locator("#v-ply").inner_text().startswith("4ターン目")
    assert current.locator(".unit").inner_text() == "4ターン目"
    assert current.locator("code").inner_text().startswith("4. white: dice")
    events = page.locator("#v-events")
    assert events.evaluate("e => getComputedStyle(e).listStyleType") == "none"
    assert events.locator("li").first.inner_text() == "開始局面"
    shot(page, "report-viewer-ja")
    browser_page.assert_clean()
