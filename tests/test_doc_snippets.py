"""Every JSON and text snippet of the pages a person reads (README.md, README.ja.md,
docs/*.md, docs/ja/*.md) is what the page says it is.

A record snippet carries its expected verdict in an HTML comment on the line before its
fence, ``<!-- verdict: valid -->`` (or ``invalid``, ``pending``, ``unreadable``), and is
validated as a record in both languages; ``<!-- verdict: excerpt -->`` marks a part of a
record or file shown for its form, which is then only required to be what its fence says
(JSON parses). A record snippet without a mark fails, so that a page cannot teach a record
that the tool refuses — as a page once taught ``ruleset`` to games that write ``game``.
Any other JSON snippet must parse, as one value or as JSON Lines (the protocol's
exchanges, checked further by ``tests/test_protocol_doc.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from adjudicator import validate

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    ROOT / "README.ja.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "docs" / "ja").glob("*.md")),
]
VERDICTS = ("valid", "invalid", "pending", "unreadable", "excerpt")
_MARK = re.compile(r"^<!-- verdict: (\w+) -->$")
_TAGGED = re.compile(r'^\[Ruleset "[^"]*"\]$', re.M)
_STATUS = {"valid": "valid", "invalid": "invalid", "pending": "pending", "unreadable": "unreadable"}


@dataclass
class Snippet:
    page: Path
    line: int
    fence: str
    body: str
    verdict: str | None

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def is_record(self) -> bool:
        """A record, whole or in part: a JSON object with a record ``format``, or text
        with a ``[Ruleset]`` tag."""
        if self.fence == "text":
            return bool(_TAGGED.search(self.body))
        try:
            data = json.loads(self.body)
        except json.JSONDecodeError:
            return "-record/" in self.body
        return isinstance(data, dict) and "-record/" in str(data.get("format", ""))


def snippets(page: Path) -> list[Snippet]:
    """The ``json`` and ``text`` blocks of a page, each with the verdict marked before it."""
    found: list[Snippet] = []
    lines = page.read_text("utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```") and len(line) > 3:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            fence = line[3:].strip()
            if fence in ("json", "text"):
                before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
                mark = _MARK.match(before.strip())
                body = "\n".join(lines[i + 1 : end]) + "\n"
                found.append(Snippet(page, i + 1, fence, body, mark[1] if mark else None))
            i = end
        i += 1
    return found


ALL = [s for page in PAGES for s in snippets(page)]


def test_the_pages_have_record_snippets_in_both_languages() -> None:
    """The sweep below has something to hold: record snippets on English and Japanese
    pages, of every game."""
    records = [s for s in ALL if s.is_record()]
    assert any("/ja/" in str(s.page) for s in records)
    for game in ("orbit-dominion", "dark-nebula", "astro-stra"):
        assert any(game in s.body for s in records if s.verdict != "excerpt"), game


@pytest.mark.parametrize("snippet", ALL, ids=str)
def test_every_snippet_is_what_the_page_says(snippet: Snippet) -> None:
    """A record snippet is marked with its verdict and gets it, in English and in
    Japanese; any other JSON snippet parses."""
    if snippet.verdict is not None:
        assert snippet.verdict in VERDICTS, f"{snippet}: unknown verdict {snippet.verdict!r}"
    if snippet.is_record():
        assert snippet.verdict, f"{snippet}: a record snippet without <!-- verdict: … -->"
    if snippet.verdict in _STATUS:
        for lang in ("en", "ja"):
            verdict = validate(snippet.body, lang=lang)
            said = verdict.unreadable.message if verdict.unreadable else verdict.status
            assert verdict.status == _STATUS[snippet.verdict], f"{snippet}: {said}"
    elif snippet.fence == "json":
        try:
            json.loads(snippet.body)
        except json.JSONDecodeError:
            for line in snippet.body.splitlines():
                json.loads(line)


def test_an_unmarked_record_snippet_fails(tmp_path: Path) -> None:
    """The mark is required: a page with a record and no verdict beside it is found."""
    page = tmp_path / "page.md"
    page.write_text('Text.\n\n```text\n[Ruleset "orbit-dominion/4.2"]\n\n*\n```\n', "utf-8")
    (found,) = snippets(page)
    assert found.is_record() and found.verdict is None
    page.write_text('<!-- verdict: valid -->\n```text\n[Ruleset "orbit-dominion/4.2"]\n\n*\n```\n')
    (marked,) = snippets(page)
    assert marked.verdict == "valid"
    assert validate(marked.body).status == "valid"
