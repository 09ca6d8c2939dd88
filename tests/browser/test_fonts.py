"""The pictures and the report in headless Chromium, with and without a Japanese font on the
system: with one, every Japanese text is drawn in the first font of the stack
(:data:`adjudicator.core.write.svg.FONT_FAMILY`) that the system has — chosen by the
stack, not left to the system's fallback — and two kanji are two different glyphs; without
one (a fontconfig that knows only a Latin font), the same checks see the boxes (tofu)
Chromium draws instead, so they can tell the two apart.

Which font drew a node's text is asked of Chromium itself (DevTools'
``CSS.getPlatformFontsForNode``). Without fontconfig's ``fc-list``, a Japanese font in the
stack or a Latin font folder, the tests are skipped with the reason (CI installs
``fonts-ipafont-gothic``: see .ci/run)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.write.svg import FONT_FAMILY
from tests.browser.conftest import ARGS, CHROMIUM, _unavailable
from tests.browser.test_report_page import shot
from tests.test_fonts import PICTURES, ROOT, picture

#: Folders of Latin fonts, one of which a system with Chromium has.
LATIN = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation")
#: The texts of a page holding Japanese, as CSS selectors' indexes: each text element.
JAPANESE_TEXTS = (
    "[...document.querySelectorAll('text, h1')].map((e, i) => [i, e.textContent])"
    ".filter(([, t]) => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(t)).map(([i]) => i)"
)


def stack() -> list[str]:
    """The families of :data:`FONT_FAMILY`, in order, without quotes."""
    return [name.strip().strip("'") for name in FONT_FAMILY.split(",")]


def installed_japanese_font() -> str:
    """The first family of the stack the system has (as fontconfig lists it)."""
    if shutil.which("fc-list") is None:
        _unavailable("fontconfig's fc-list is missing (apt-get install fontconfig)")
    listed = subprocess.run(
        ["fc-list", "--format", "%{family}\n"], capture_output=True, text=True, check=True
    ).stdout
    families = {name.strip() for line in listed.splitlines() for name in line.split(",")}
    found = next((name for name in stack()[:-1] if name in families), None)
    if found is None:
        _unavailable("no font of the stack is installed (apt-get install fonts-ipafont-gothic)")
    return str(found)


@pytest.fixture(scope="module")
def latin_only(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A second Chromium, whose fontconfig knows one Latin font folder and nothing else."""
    folder = next((f for f in LATIN if Path(f).is_dir()), None)
    if folder is None:
        _unavailable(f"none of {', '.join(LATIN)} exists (apt-get install fonts-dejavu-core)")
    home = tmp_path_factory.mktemp("fontconfig")
    config = home / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><dir>{folder}</dir><cachedir>{home / 'cache'}</cachedir></fontconfig>\n",
        encoding="utf-8",
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(config)}
    latin = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, args=ARGS, env=env)
    yield latin
    latin.close()


def drawn_fonts(page: Any) -> list[tuple[str, set[str]]]:
    """Each Japanese text of the page and the fonts Chromium drew it with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "text, h1"})["nodeIds"]
    texts = page.evaluate("[...document.querySelectorAll('text, h1')].map(e => e.textContent)")
    found = []
    for i in page.evaluate(JAPANESE_TEXTS):
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": nodes[i]})["fonts"]
        found.append((texts[i], {f["familyName"] for f in fonts}))
    return found


def draws_boxes(browser: Any) -> bool:
    """Whether two different kanji set in the stack come out as the same picture: the box
    (tofu) drawn for a glyph no font has."""
    page = browser.new_page(viewport={"width": 200, "height": 100})
    text = '<text id="{id}" x="10" y="40" font-size="32" font-family="{font}">{kanji}</text>'
    page.set_content(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
        + text.format(id="a", font=FONT_FAMILY.replace("'", "&apos;"), kanji="地")
        + text.format(id="b", font=FONT_FAMILY.replace("'", "&apos;"), kanji="球").replace(
            'x="10"', 'x="100"'
        )
        + "</svg>"
    )
    shots = [page.locator(f"#{i}").screenshot() for i in ("a", "b")]
    page.close()
    return shots[0] == shots[1]


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_a_picture_draws_its_japanese_in_the_stacks_font(
    game: str, tmp_path: Path, browser: Any
) -> None:
    """With a Japanese font installed, each Japanese text of the game's picture (its board,
    its legend, its caption) is drawn in the stack's first installed font, full width, not
    in whatever the system falls back to."""
    expected = installed_japanese_font()
    page = browser.new_page(viewport={"width": 900, "height": 900})
    page.goto(picture(game, tmp_path).resolve().as_uri())
    drawn = drawn_fonts(page)
    assert drawn
    for text, fonts in drawn:
        assert expected in fonts, (text, fonts)
    shot(page, f"picture-{game}-ja")
    page.close()
    assert not draws_boxes(browser)


def test_the_japanese_report_draws_its_text_in_the_stacks_font(
    tmp_path: Path, browser: Any
) -> None:
    """The report's headings and the picture it shows use the same stack."""
    expected = installed_japanese_font()
    out = tmp_path / "report.html"
    record = PICTURES["dark-nebula"]
    command = ["validate", record, "--html", str(out), "--lang", "ja"]
    subprocess.run([sys.executable, "-m", "adjudicator", *command], cwd=ROOT, check=False)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(out.resolve().as_uri() + "#r=0")
    page.wait_for_selector("#v-board svg")
    drawn = drawn_fonts(page)
    assert "大会レポート" in [text for text, _ in drawn]
    assert "タイラント" in [text for text, _ in drawn]
    for text, fonts in drawn:
        assert expected in fonts, (text, fonts)
    page.close()


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_without_a_japanese_font_the_check_sees_the_boxes(
    game: str, tmp_path: Path, latin_only: Any
) -> None:
    """The control: where the system has no Japanese font, no font of the stack draws the
    Japanese text and its width is not that of full-width glyphs — and two kanji come out as
    the same box: what the checks above would see if the pictures fell back to boxes."""
    page = latin_only.new_page(viewport={"width": 900, "height": 900})
    page.goto(picture(game, tmp_path).resolve().as_uri())
    drawn = drawn_fonts(page)
    assert drawn
    for text, fonts in drawn:
        assert not fonts & set(stack()[:-1]), (text, fonts)
    shot(page, f"picture-{game}-ja-without-japanese-font")
    page.close()
    assert draws_boxes(latin_only)
