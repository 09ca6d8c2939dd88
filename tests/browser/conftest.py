"""A real browser for the tests of pages the package writes: Debian's headless Chromium,
driven by Playwright with the system browser (never a downloaded build).

One browser for the session and one page per test, which collects the page's console
errors, uncaught exceptions and every request it makes that is not the file itself, so a
test can assert that a page works offline and cleanly. Other page tests reuse the
``browser_page`` fixture (``tests/browser/conftest.py``).

Without Playwright (the ``browser`` extra) or ``/usr/bin/chromium`` the tests are skipped,
unless ``ADJUDICATOR_BROWSER_TESTS=required`` (as in CI), where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(why: str) -> None:
    if os.environ.get("ADJUDICATOR_BROWSER_TESTS") == "required":
        pytest.fail(f"browser tests required but {why}")
    pytest.skip(why)


@dataclass
class BrowserPage:
    """A page and what it did: console errors, page errors, requests beyond file:// URLs."""

    page: Any
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def open(self, path: Path, fragment: str = "") -> None:
        self.page.goto(path.resolve().as_uri() + fragment)

    def assert_clean(self) -> None:
        assert self.errors == [], self.errors
        assert self.requests == [], self.requests


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[browser]')")
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as p:
        # launch() starts the browser on a fresh temporary profile of its own
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(browser: Any) -> Iterator[BrowserPage]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    seen = BrowserPage(page)
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.errors.append(str(e)))
    page.on(
        "request",
        lambda r: (
            None if r.url.startswith(("file:", "data:", "about:")) else seen.requests.append(r.url)
        ),
    )
    yield seen
    context.close()
