"""What an action decides, said for a ruling: the winner and the reason with the article
that decides it, or that nothing is decided and why not — a claim that an action wins is
always answered (``adjudicate --action``), in both languages."""

from __future__ import annotations

from pydantic import BaseModel, Field

from adjudicator.core.i18n import Lang, said, say
from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.replay import Replay, Undecided
from adjudicator.core.write.report import decided_line

#: Reasons that end a game outside play: never what an action decides.
OUTSIDE_PLAY = ("resignation", "forfeit")


class OutcomeAfter(BaseModel):
    """The outcome after a legal action: decided (winner, reason, when) or not, with the
    rules that say so and the sentence a person reads."""

    decided: bool
    winner: str | None = Field(default=None, description="A side, or 'draw'.")
    reason: str | None = None
    decided_at: int | None = None
    rules: list[str] = Field(description="The rule references that decide it (or do not).")
    citation: str
    message: str


def outcome_after(rules: RuleData, after: Replay, lang: Lang) -> OutcomeAfter:
    """What the action that led to ``after`` decided, in words of ``lang``."""
    outcome: Outcome | None = after.outcome()
    if outcome is not None:
        refs = rules.reason(outcome.reason).rules
        citation = rules.cite(refs, lang)
        line = decided_line(rules, lang, outcome.decided_at, outcome.winner, outcome.reason)
        return OutcomeAfter(
            decided=True,
            winner=outcome.winner,
            reason=outcome.reason,
            decided_at=outcome.decided_at,
            rules=refs,
            citation=citation,
            message=say("core.outcome.decided", lang, line=line, citation=citation),
        )
    why = after.undecided_because() or _none_met(rules)
    citation = rules.cite(why.rules, lang)
    why_said = why.ja if lang == "ja" else why.en
    return OutcomeAfter(
        decided=False,
        rules=why.rules,
        citation=citation,
        message=say("core.outcome.undecided", lang, why=why_said, citation=citation),
    )


def _none_met(rules: RuleData) -> Undecided:
    """No end condition met: the article of every reason an action can decide (the first
    each cites, the one that states it)."""
    refs: list[str] = []
    for reason in rules.reasons:
        if reason.code not in OUTSIDE_PLAY and reason.rules and reason.rules[0] not in refs:
            refs.append(reason.rules[0])
    none_met = said("core.outcome.none_met")
    return Undecided(str(none_met), none_met.ja, refs)
