"""Where a line of mixed Japanese and English text may break, and where it must.

Japanese is written without spaces and may break between almost any two characters; rich
breaks lines only at spaces, so to it a Japanese sentence is one long word. Here a line may
break at a space, as in English, and between two characters when either is full-width,
except before a character that may not start a line (、。)」 and the small kana, 行頭禁則)
or after one that may not end it ((「, 行末禁則) — the simple form of JIS X 4051's rules
that terminals and help texts need.
"""

from __future__ import annotations

from rich.cells import cell_len

#: Characters a line may not start with: closing brackets and punctuation, the prolonged
#: sound mark, the iteration mark and the small kana.
NO_START = frozenset(
    ",.:;!?)]}、。，．：；？！）」』】〕〉》”’ー・…々"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
)
#: Characters a line may not end with: opening brackets.
NO_END = frozenset("([{（「『【〔〈《“‘")


def is_wide(char: str) -> bool:
    """Whether the character takes two terminal columns (full-width)."""
    return cell_len(char) == 2


def has_wide(text: str) -> bool:
    """Whether any character of ``text`` is full-width."""
    return any(cell_len(c) == 2 for c in text)


def may_break_before(text: str, i: int) -> bool:
    """Whether a line may break between ``text[i - 1]`` and ``text[i]``: after spaces,
    before a word; or between two characters one of which is full-width, the kinsoku
    rules allowing."""
    before, char = text[i - 1], text[i]
    if char.isspace():
        return False
    if before.isspace():
        return True
    if char in NO_START or before in NO_END:
        return False
    return is_wide(before) or is_wide(char)


def break_offsets(text: str, width: int) -> list[int]:
    """Where to break one line of ``text`` so that each piece, its trailing spaces left
    out, fits in ``width`` columns: at the last place a line may break, else (a word wider
    than the line) at the last character that fits."""
    offsets: list[int] = []
    start, column, last = 0, 0, -1
    for i, char in enumerate(text):
        if i > start and may_break_before(text, i):
            last = i
        cells = cell_len(char)
        if column + cells > width and not char.isspace() and i > start:
            cut = last if last > start else i
            offsets.append(cut)
            start, last = cut, -1
            column = cell_len(text[cut:i])
        column += cells
    return offsets


def narrowest(text: str) -> int:
    """The width of the widest piece of ``text`` between two places a line may break: the
    narrowest column it fits without breaking inside a word."""
    widest, start = 0, 0
    for i in range(1, len(text) + 1):
        if i == len(text) or may_break_before(text, i):
            widest = max(widest, cell_len(text[start:i].rstrip()))
            start = i
    return widest
