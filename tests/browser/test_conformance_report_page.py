"""The cross-engine conformance report in headless Chromium, as an engine author reads it:
the table of engines × topics, one click on a red cell shows each failure's request and
difference; no console errors, no network requests. Screenshots go to the directory in
``ADJUDICATOR_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games
from tests.browser.conftest import BrowserPage

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {
    "python": f"{sys.executable} {ROOT / 'examples' / 'minimal_engine.py'}",
    "unreliable": f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}",
}


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("conformance") / "report.html"
    args = ["conformance", "report", "--cases", str(ROOT / "conformance"), "--html", str(out)]
    for name, command in ENGINES.items():
        args += ["--engine", f"{name}={command}"]
    args += ["--only", "od.perft.start", "--only", "od.board.*"]
    result = CliRunner().invoke(build_app(Registry(installed_games())), args)
    assert result.exit_code == 0, result.stdout
    return out


def test_one_click_shows_a_failures_request_and_difference(
    report: Path, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    browser_page.open(report)
    heads = page.locator("thead th").all_inner_texts()
    assert [h.split("\n")[0] for h in heads] == ["topic", "python", "unreliable"]
    perft = page.locator("tr", has=page.locator("th", has_text="perft"))
    cells = perft.locator("td")
    assert "1 skipped" in cells.nth(0).inner_text()  # the Python example declares no perft
    failure = cells.nth(1).locator(".case")
    assert not failure.first.is_visible()
    cells.nth(1).locator("summary").click()
    assert failure.first.is_visible()
    text = failure.first.inner_text()
    assert "od.perft.start" in text
    assert '"cmd": "perft"' in text and '"depth": 1' in text  # the request sent
    assert "perft 1: expected 22, got 0" in text  # the difference
    folder = os.environ.get("ADJUDICATOR_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / "conformance-report.png"), full_page=True)
    browser_page.assert_clean()
