"""The library examples in the docs (``>>>`` lines in ``pycon`` blocks) print what the page
shows: they are run as doctests from the checkout, as a reader would paste them."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    p
    for p in [*ROOT.glob("docs/**/*.md"), *ROOT.glob("README*.md")]
    if "\n>>> " in p.read_text("utf-8")
)


def test_the_api_page_has_examples() -> None:
    """The API page teaches by example; an empty list would make the test below vacuous."""
    assert ROOT / "docs" / "api.md" in PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_library_example_prints_what_the_page_shows(page: Path) -> None:
    os.chdir(ROOT)
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} differ"
