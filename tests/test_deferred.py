"""Deferred checks in the core's validation loop: a check waiting for hidden information
makes a record 'pending' (exit code 3), never 'valid'; a violation it finds once the
information opens is reported at the event where it happened. The game here is a stand-in:
events are words, 'hide' registers a check, 'open' runs them."""

from __future__ import annotations

from rich.console import Console

from adjudicator.core.judge.outcome import Outcome
from adjudicator.core.judge.references import RuleData
from adjudicator.core.judge.replay import ACCEPTED, Deferred, Replay, Step
from adjudicator.core.judge.validation import validate
from adjudicator.core.judge.verdict import ClaimedResult
from adjudicator.core.judge.violations import Violations
from adjudicator.core.read.records import Event, GameRecord
from adjudicator.core.write.output import Output
from adjudicator.core.write.report import VerdictPrinter

RULES = RuleData.model_validate(
    {
        "rulebook": "stand-in",
        "references": [
            {
                "id": "1",
                "cite_ja": "第1条",
                "cite_en": "Art. 1",
                "title_ja": "秘密",
                "title_en": "Secret",
            }
        ],
        "interpretations": [],
        "violations": [
            {"code": "concealed", "rules": ["1"], "ja": "隠蔽。", "en": "Concealed."},
        ],
        "reasons": [],
    }
)
VIOLATIONS = Violations(lambda: RULES)


class HiddenReplay(Replay):
    rules = RULES

    def __init__(self) -> None:
        self.plies = 0
        self.waiting: list[Deferred] = []
        self.decided: Outcome | None = None

    def attempt(self, written: str, *, lenient: bool) -> Step:
        self.plies += 1
        if written == "win":
            self.decided = Outcome(winner="a", reason="won", decided_at=self.plies)
        elif written.startswith("hide"):
            text = {"en": f"whether {written} hid well", "ja": f"{written} が隠れていたか"}
            self.waiting.append(Deferred("concealed", self.plies, text))
        elif written.startswith("open"):
            waiting, self.waiting = self.waiting, []
            for check in waiting:
                if written.endswith("bad"):
                    return Step(violation=VIOLATIONS("concealed"), at=check.ply)
        return ACCEPTED

    def check(self, written: str) -> None:
        return None

    def outcome(self) -> Outcome | None:
        return self.decided

    def end_outside_play(self, winner: str | None, reason: str, resigned: str | None) -> None:
        raise AssertionError("not used")

    def ply(self) -> int:
        return self.plies

    def actions_made(self) -> int:
        return self.plies

    def side_to_move(self) -> str:
        return "a"

    def position_text(self) -> str:
        return f"after {self.plies}"

    def drawing(self) -> str:
        return ""

    def pending(self) -> list[Deferred]:
        return list(self.waiting)


def run(*events: str, lang: str = "en"):
    record = GameRecord(
        game="stand-in/1",
        game_id=None,
        model=None,
        events=[Event(e) for e in events],
        claimed=ClaimedResult(winner=None, reason=None),
    )
    return validate("test", record, HiddenReplay(), lenient=False, lang=lang)


def test_unopened_checks_make_the_record_pending_not_valid() -> None:
    verdict = run("move", "hide base", "move")
    assert verdict.status == "pending" and verdict.exit_code == 3
    [check] = verdict.pending
    assert (check.ply, check.code, check.rules) == (2, "concealed", ["1"])
    assert check.citation == "Art. 1 Secret"


def test_opened_checks_that_hold_leave_the_record_valid() -> None:
    verdict = run("move", "hide base", "open")
    assert verdict.status == "valid" and verdict.pending == []


def test_a_violation_found_on_opening_is_reported_where_it_happened() -> None:
    verdict = run("move", "hide base", "move", "open bad", "move")
    assert verdict.status == "invalid"
    assert verdict.problem.ply == 2 and verdict.problem.action == "hide base"
    assert "ply 4" in verdict.problem.message


def test_a_win_after_a_fault_found_on_opening_is_no_result() -> None:
    """The game was illegal from the hidden fault on: the win played after it, before the
    information was opened, is not the rules' result (a record that knew the information
    from the start stops at the fault)."""
    verdict = run("move", "hide base", "win", "open bad")
    assert verdict.status == "invalid" and verdict.problem.ply == 2
    assert verdict.computed is None


def test_the_report_lists_the_pending_checks_in_both_languages() -> None:
    for lang, words, check in (
        ("en", "hidden checks pending", "whether hide base hid well"),
        ("ja", "検査が未了", "hide base が隠れていたか"),
    ):
        console = Console(record=True, width=200)
        VerdictPrinter(Output(console), lang, codes=True)(run("move", "hide base", lang=lang))
        text = console.export_text()
        assert words in text and check in text and "concealed" in text
        quiet = Console(record=True, width=200)  # the code for programs, on request only
        VerdictPrinter(Output(quiet), lang)(run("move", "hide base", lang=lang))
        assert check in quiet.export_text() and "concealed" not in quiet.export_text()
