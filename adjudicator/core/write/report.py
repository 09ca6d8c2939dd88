"""Verdicts for people: one block per record, in Japanese or English, with the position
before a rejected action drawn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from adjudicator.core.i18n import Lang, templates
from adjudicator.core.judge.plies import Counting, before_ply, count, ply_name
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.verdict import Verdict
from adjudicator.core.read.strict_json import one_line
from adjudicator.core.write.display import printable
from adjudicator.core.write.output import bare

if TYPE_CHECKING:
    from adjudicator.core.judge.outcome import Outcome
    from adjudicator.core.registry import Registry
    from adjudicator.core.write.output import Output

#: The labels of a report, by key: the id of each in the catalogue.
LABELS: dict[str, str] = {
    "valid": "core.label.valid",
    "invalid": "core.label.invalid",
    "pending": "core.label.pending",
    "pending_check": "core.label.pending_check",
    "unreadable": "core.label.unreadable",
    "decided": "core.label.decided",
    "draw": "core.label.draw",
    "unfinished": "core.label.unfinished",
    "at_ply": "core.label.at_ply",
    "before": "core.label.before",
    "at_end": "core.label.at_end",
    "warning": "core.label.warning",
    "suggest": "core.label.suggest",
    "summary": "core.label.summary",
    "interpretations": "core.label.interpretations",
    "to_move": "core.label.to_move",
    "game_over": "core.label.game_over",
    "opened_at": "core.label.opened_at",
    "proves": "core.label.proves",
    "legal": "core.label.legal",
    "allowed_by": "core.label.allowed_by",
    "illegal": "core.label.illegal",
    "leads_to": "core.label.leads_to",
    "turn_start": "core.label.turn_start",
    "decided_after": "core.label.decided_after",
    "pending_exit": "core.label.pending_exit",
    "interrupted": "core.label.interrupted",
    "jobs_capped": "core.label.jobs_capped",
}


def labels(lang: Lang) -> dict[str, str]:
    """The labels of a report in ``lang``, their parameters left to fill."""
    return templates(LABELS, lang)


#: The mark that opens a verdict, and its colour.
_MARK = {
    "valid": ("✓", "green"),
    "invalid": ("✗", "red"),
    "pending": ("…", "yellow"),
    "unreadable": ("!", "red"),
}

#: A piece of a printed line: its text and its rich style ("" for none).
Segment = tuple[str, str]


def side_name(rules: RuleData | None, side: str, lang: Lang) -> str:
    return rules.side_name(side, lang) if rules is not None else side


def counting_of(rules: RuleData | None) -> Counting | None:
    """How the game of ``rules`` says its plies (``None``: the common way)."""
    return rules.counting if rules is not None else None


def reason_name(rules: RuleData | None, reason: str, lang: Lang) -> str:
    return rules.reason_name(reason, lang) if rules is not None else reason


def _result(verdict: Verdict, lang: Lang, rules: RuleData | None) -> str:
    label = labels(lang)
    o = verdict.computed
    if o is None:
        return label["unfinished"]
    return outcome_line(rules, o, lang)


def outcome_line(rules: RuleData | None, o: Outcome, lang: Lang) -> str:
    """:func:`won_line` of an outcome: what a picture of a finished game is titled, since
    no side is to move once the game is decided."""
    return won_line(rules, lang, o.decided_at, o.winner, o.reason)


def won_line(rules: RuleData | None, lang: Lang, decided_at: int, winner: str, reason: str) -> str:
    """ "red by new two-point pincer after ply 83": who has won, how and when."""
    key = "draw" if winner == "draw" else "decided"
    return labels(lang)[key].format(
        winner=side_name(rules, winner, lang),
        reason=reason_name(rules, reason, lang),
        ply=ply_name(counting_of(rules), decided_at, lang),
    )


def decided_line(
    rules: RuleData | None, lang: Lang, decided_at: int, winner: str, reason: str
) -> str:
    """ "decided after N actions: red (pincer)", in words of ``lang``."""
    return labels(lang)["decided_after"].format(
        ply=ply_name(counting_of(rules), decided_at, lang),
        winner=side_name(rules, winner, lang),
        reason=reason_name(rules, reason, lang),
    )


class VerdictPrinter:
    """Prints a batch's verdicts, one block each, in words of ``lang``.

    ``rules_of`` gives a game's rule data by id, so sides and reasons are named in words
    (``None``, the default: as codes); it is asked once per game. Whether the output is
    :attr:`~adjudicator.core.write.output.Output.plain` is decided once too: to a plain stream rich
    would only drop the styles, at a cost of hundreds of microseconds a line, so each block
    is written directly as one text — for a batch of thousands of records that is most of
    the time the report takes, and with several jobs it is the one process's work that the
    others wait for."""

    def __init__(
        self,
        out: Output,
        lang: Lang,
        rules_of: Callable[[str], RuleData | None] = lambda _game: None,
        *,
        codes: bool = False,
    ) -> None:
        self.out = out
        self.lang = lang
        self.codes = codes
        self.rules_of = rules_of
        self._rules: dict[str, RuleData | None] = {}
        self._plain = out.plain

    def __call__(self, verdict: Verdict) -> None:
        game = verdict.game or ""
        if game not in self._rules:
            self._rules[game] = self.rules_of(game)
        lines = verdict_lines(verdict, self.lang, self._rules[game], codes=self.codes)
        if not self._plain:
            for line in lines:
                self.out.line(*line)
            return
        stream = self.out.file
        stream.write(plain_block(lines))
        stream.flush()


def plain_block(lines: list[list[Segment]]) -> str:
    """Lines of styled pieces as bare text, each line ending in a newline."""
    return "".join(bare(line) + "\n" for line in lines)


class Shown(NamedTuple):
    """A verdict as a plain stream shows it: its status, for the counts, its exit code
    (an internal error's is not its status's), and its text."""

    status: str
    text: str
    exit_code: int = 0


@dataclass(frozen=True)
class PlainText:
    """Turns a verdict into the text a plain stream gets, where the verdict is judged: the
    report's block in words of ``lang``, or with ``jsonl`` its JSON line.

    With several jobs a worker does this, and the one process that prints only writes
    text: a verdict model sent back from a worker cost that process about 30 µs to unpickle
    and 25 µs to print, a tenth of what a worker spends judging a record, and the workers
    shared the machine's cores with it."""

    lang: Lang
    jsonl: bool = False
    codes: bool = False

    def __call__(self, verdict: Verdict, registry: Registry) -> Shown:
        if self.jsonl:
            text = one_line(verdict.model_dump_json()) + "\n"
            return Shown(verdict.status, text, verdict.exit_code)
        game = registry.get(verdict.game) if verdict.game else None
        rules = game.rules if game is not None else None
        block = plain_block(verdict_lines(verdict, self.lang, rules, codes=self.codes))
        return Shown(verdict.status, block, verdict.exit_code)


def verdict_lines(
    verdict: Verdict, lang: Lang, rules: RuleData | None = None, *, codes: bool = False
) -> list[list[Segment]]:
    """The lines of a verdict, each as styled pieces. Every string that comes from the
    input (a file name, an action, a message quoting it) is made :func:`printable`.

    Violation and error codes are for programs (JSON, CSV): a person reads the article and
    the message, in words; ``codes`` (``--codes``) shows them too."""
    label = labels(lang)
    mark, colour = _MARK[verdict.status]
    head: list[Segment] = [
        (mark, colour),
        (" ", ""),
        (printable(verdict.source), "bold"),
        (f" — {label[verdict.status]}", ""),
    ]
    if verdict.unreadable is not None:
        u = verdict.unreadable
        code = [(f" ({printable(u.code)})", "dim")] if codes else []
        return [[*head, (f": {printable(u.message)}", ""), *code]]
    lines: list[list[Segment]] = []
    p = verdict.problem
    if p is None:
        n = count(counting_of(rules), verdict.plies, lang)
        lines.append([*head, (f" · {n} · {_result(verdict, lang, rules)}", "")])
    else:
        at = ply_name(counting_of(rules), p.ply, lang) if p.ply is not None else ""
        where = f" {label['at_ply'].format(ply=at)}" if p.ply is not None else ""
        action = f" {printable(p.action)}" if p.action else ""
        code = [(" ", ""), (printable(p.code), "bold")] if codes else []
        said = f"{where}:{action}" if action or codes else where
        lines.append([*head, (said, ""), *code])
        if p.citation:
            lines.append([(f"    {printable(p.citation)}", "")])
        lines.append([(f"    {printable(p.message)}", "")])
        if p.suggestion:
            suggestion = label["suggest"].format(suggestion=printable(p.suggestion))
            lines.append([(f"    {suggestion}", "")])
        if p.position:
            key = "before" if p.ply is not None and p.action else "at_end"
            before = before_ply(counting_of(rules), p.ply or 0, lang)
            position = label[key].format(before=before, position=printable(p.position))
            lines.append([(f"    {position}", "")])
        if p.drawing:
            for line in p.drawing.rstrip("\n").split("\n"):
                lines.append([(f"    {printable(line)}", "")])
    switched = [printable(i) for i in verdict.interpretations if "=" in i]
    if switched:
        text = label["interpretations"].format(switched=", ".join(switched))
        lines.append([("    ", ""), (text, "dim")])
    for check in verdict.pending:
        where = label["at_ply"].format(ply=ply_name(counting_of(rules), check.ply, lang))
        lines.append(
            [
                ("    ", ""),
                (label["pending_check"], "yellow"),
                (f" {where}: {printable(check.description)} ", ""),
                (
                    f"({printable(check.code) + '; ' if codes else ''}{printable(check.citation)})",
                    "dim",
                ),
            ]
        )
    for w in verdict.warnings:
        lines.append(
            [
                ("    ", ""),
                (label["warning"], "yellow"),
                (f" {printable(w.location)}: {printable(w.message)}", ""),
                *([(f" ({printable(w.code)})", "dim")] if codes else []),
            ]
        )
    return lines


def summary(counts: Mapping[str, int], lang: Lang) -> str:
    """The batch in one line, from the number of records of each status."""
    total = sum(counts.values())
    return labels(lang)["summary"].format(
        total=total,
        valid=counts["valid"],
        invalid=counts["invalid"],
        pending=counts["pending"],
        unreadable=counts["unreadable"],
    )
