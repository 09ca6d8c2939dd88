"""What the conformance commands say to a person, in each language. The machine-readable
outputs (``--json``, the report's JSON, the exported files) keep their English field values;
only these lines follow ``--lang`` or the locale."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.i18n import Lang, Said, in_both, in_lang, templates
from adjudicator.core.write.display import pad, width

#: A case's status as a person reads it, by status: the catalogue's id; the JSON keeps
#: the codes (passed, failed, …).
STATUS_WORDS: dict[str, str] = {
    "passed": "core.conformance_status.passed",
    "failed": "core.conformance_status.failed",
    "skipped": "core.conformance_status.skipped",
    "errored": "core.conformance_status.errored",
}

#: Each case's mark in the list of results, by status: the catalogue's id.
MARKS: dict[str, str] = {
    "passed": "core.conformance_mark.passed",
    "failed": "core.conformance_mark.failed",
    "skipped": "core.conformance_mark.skipped",
    "errored": "core.conformance_mark.errored",
}

#: What the commands say, by key: the catalogue's id. The labels under a failed or
#: errored case (``request`` … ``received``) are aligned by :func:`labels`.
WORDS: dict[str, str] = {
    "count": "core.conformance_word.count",
    "and": "core.conformance_word.and",
    "nothing ran": "core.conformance_word.nothing_ran",
    "request": "core.conformance_word.request",
    "description": "core.conformance_word.description",
    "rule": "core.conformance_word.rule",
    "none": "core.conformance_word.none",
    "expected": "core.conformance_word.expected",
    "actual": "core.conformance_word.actual",
    "diff": "core.conformance_word.diff",
    "received": "core.conformance_word.received",
    "stderr": "core.conformance_word.stderr",
    "undeclared game": "core.conformance_word.undeclared_game",
    "engine": "core.conformance_word.engine",
    "summary": "core.conformance_word.summary",
    "restarts": "core.conformance_word.restarts",
    "unknown features": "core.conformance_word.unknown_features",
    "not run": "core.conformance_word.not_run",
    "did not start": "core.conformance_word.did_not_start",
    "not declared": "core.conformance_word.not_declared",
    "did not run": "core.conformance_word.did_not_run",
    "wrote": "core.conformance_word.wrote",
    "not locked": "core.conformance_word.not_locked",
    "locked": "core.conformance_word.locked",
    "unversioned": "core.conformance_word.unversioned",
    "exported": "core.conformance_word.exported",
    "covered": "core.conformance_word.covered",
    "uncovered": "core.conformance_word.uncovered",
    "more": "core.conformance_word.more",
    "unknown reference": "core.conformance_word.unknown_reference",
    "playthrough coverage": "core.conformance_word.playthrough_coverage",
    "feature": "core.conformance_word.feature",
    "below minimum": "core.conformance_word.below_minimum",
    "playthroughs written": "core.conformance_word.playthroughs_written",
    "playthroughs differ": "core.conformance_word.playthroughs_differ",
    "playthroughs agree": "core.conformance_word.playthroughs_agree",
    "playthroughs stale": "core.conformance_word.playthroughs_stale",
}


def word_table(lang: Lang) -> dict[str, str]:
    """What the commands say in ``lang``, by key, their parameters left to fill."""
    return templates(WORDS, lang)


def status_words(lang: Lang) -> dict[str, str]:
    """Each status as a person reads it in ``lang``."""
    return templates(STATUS_WORDS, lang)


def marks(lang: Lang) -> dict[str, str]:
    """Each status's mark in ``lang``."""
    return templates(MARKS, lang)


def counts_text(counts: dict[str, int], lang: Lang) -> str:
    """``82 passed, 1 failed`` (``合格 82、失敗 1``): the statuses that occurred, in order."""
    said, names = word_table(lang), status_words(lang)
    parts = [said["count"].format(n=counts[s], status=names[s]) for s in names if counts.get(s)]
    return said["and"].join(parts) or said["nothing ran"]


def version_text(version: str, lang: Lang) -> str:
    """The suite's version, or that it has none, as a person reads it."""
    return word_table(lang)["unversioned"] if version == "unversioned" else version


def joined(parts: Sequence[str], separator: str = "; ") -> Said:
    """Messages joined by ``separator``, each in its own language."""
    return in_both(lambda lang: separator.join(in_lang(p, lang) for p in parts))


def said_of(exc: BaseException) -> str:
    """The message an exception was raised with, a :class:`Said` kept as it is
    (``str(exc)`` would be the English alone)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)


#: The labels of the lines under a failed or errored case, and the one shown in red.
#: ``description`` and ``rule`` (what the case checks, the rules it cites) are shown with -v.
LABELLED = ("description", "rule", "request", "expected", "actual", "diff", "received")


def labels(lang: Lang) -> dict[str, str]:
    """Each label of :data:`LABELLED` indented, with its colon, padded to one column by
    display width (a Japanese character takes two), as rich markup: ``diff`` in red."""
    said = word_table(lang)
    column = max(width(said[key]) for key in LABELLED) + 2
    out = {}
    for key in LABELLED:
        word = said[key]
        cell = pad(f"{word}:", column)
        out[key] = f"    [red]{word}[/]{cell[len(word) :]}" if key == "diff" else f"    {cell}"
    return out
