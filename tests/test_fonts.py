"""Japanese in the pictures and the report is set in a Japanese font wherever the viewer has
one: every text of every game's picture, the caption, and the HTML report name the one
font stack (:data:`adjudicator.core.write.svg.FONT_FAMILY`: Noto Sans CJK JP, IPA Gothic,
Hiragino, Yu Gothic, Meiryo, then sans-serif) rather than a bare ``sans-serif``, which
leaves Japanese to the system's fallback: boxes where it has none, Chinese glyph forms
where a Chinese font comes first. (tests/browser/test_fonts.py draws them in Chromium.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core.write.report_html import _asset
from adjudicator.core.write.svg import FONT_FAMILY

ROOT = Path(__file__).resolve().parents[1]
#: A record of each game whose last position, captioned in Japanese, has Japanese text.
PICTURES = {
    "orbit-dominion": "records/orbit-dominion/invalid/illegal-action-in-the-middle.json",
    "dark-nebula": "records/dark-nebula/valid/guard-destroyed.json",
    "astro-stra": "records/astro-stra/valid/random-game.json",
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def picture(game: str, folder: Path) -> Path:
    """The game's picture, drawn by ``replay --svg --caption --lang ja``."""
    out = folder / f"{game}.svg"
    command = ["replay", PICTURES[game], "--svg", str(out), "--caption", "--lang", "ja"]
    subprocess.run(
        [sys.executable, "-m", "adjudicator", *command],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    return out


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_every_text_of_a_picture_names_the_japanese_font_stack(game: str, tmp_path: Path) -> None:
    svg = picture(game, tmp_path).read_text("utf-8")
    assert JAPANESE.search(svg)
    families = set(re.findall(r'font-family="([^"]*)"', svg))
    assert families <= {FONT_FAMILY, "monospace"}, families
    assert FONT_FAMILY in families
    for group in re.findall(r"<text[^>]*>[^<]*</text>", svg):
        if JAPANESE.search(group.rsplit(">", 2)[-2]):
            assert "monospace" not in group, group


def test_the_report_sets_its_text_in_the_same_stack() -> None:
    css = _asset("report.css")
    assert f":root {{ font-family: {FONT_FAMILY};" in css
    assert FONT_FAMILY.index("'Noto Sans CJK JP'") < FONT_FAMILY.index("Meiryo")
    assert FONT_FAMILY.endswith(", sans-serif")
