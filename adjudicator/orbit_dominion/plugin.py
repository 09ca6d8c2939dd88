"""Orbit Dominion as a game of the core: its ids, features, commands and schema models.

Only the game's names are loaded with it; the rules, the models and the CLI are imported
when a method first needs them, so that listing the installed games costs no start-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, get_args

from adjudicator.core.capabilities import (
    Capability,
    LegalList,
    Perft,
    Playthroughs,
    Positions,
    Repairable,
    Skeleton,
    Solver,
)
from adjudicator.core.errors import InputError
from adjudicator.core.game import Game
from adjudicator.core.i18n import said, say
from adjudicator.core.judge.legal import LegalGroup, LegalNext
from adjudicator.orbit_dominion.identity import FORMAT, GAME_ID, RULESET, Reason, Side

if TYPE_CHECKING:
    from pydantic import BaseModel

    from adjudicator.core.conformance.making import PlaythroughMaker
    from adjudicator.core.i18n import Lang
    from adjudicator.core.judge.references import RuleData
    from adjudicator.core.judge.replay import Replay
    from adjudicator.core.read.records import GameRecord
    from adjudicator.orbit_dominion.proof import Solution
    from adjudicator.orbit_dominion.record import Record


class OrbitDominion(Game, Solver, Positions, LegalList, Perft, Repairable, Skeleton, Playthroughs):
    id = GAME_ID
    slug = "orbit-dominion"
    title_ja = "星環戦略 ORBIT DOMINION 4.2"
    title_en = "Orbit Dominion, official rules 4.2"
    sides = get_args(Side)
    reasons = get_args(Reason)
    capabilities = frozenset(Capability)
    engine_features = frozenset(
        {"perft_divide", "history", "violation_codes", "lenient_notation", "malformed_input"}
    )
    cli_module = "adjudicator.orbit_dominion.cli"
    record_formats = (FORMAT,)
    rulesets = (RULESET,)
    #: the orbits' letters, and the separators of a navigation or jump and of a capture
    confusables = ("OMI", "-x")
    #: red's and blue's actions alternate
    stride = 2

    @property
    def rules(self) -> RuleData:
        from adjudicator.orbit_dominion.references import rule_data

        return rule_data()

    def evaluate(self, request: dict[str, Any]) -> dict[str, Any]:
        from adjudicator.orbit_dominion import protocol

        return protocol.evaluate(request)

    def perft(self, request: dict[str, Any]) -> dict[str, Any]:
        from adjudicator.orbit_dominion import protocol

        return protocol.perft_command(request)

    def playthroughs(self) -> PlaythroughMaker:
        from adjudicator.orbit_dominion.playthroughs import OrbitDominionPlaythroughs

        return OrbitDominionPlaythroughs()

    def schema_models(self) -> dict[str, type[BaseModel]]:
        from adjudicator.orbit_dominion import protocol
        from adjudicator.orbit_dominion.proof import Proof, Solution
        from adjudicator.orbit_dominion.record import Record

        return {
            "orbit-dominion.evaluate.request": protocol.EvaluateRequest,
            "orbit-dominion.evaluate.response": protocol.EvaluateResponse,
            "orbit-dominion.perft.request": protocol.PerftRequest,
            "orbit-dominion.perft.response": protocol.PerftResponse,
            "orbit-dominion.record": Record,
            "orbit-dominion.proof": Proof,
            "orbit-dominion.solution": Solution,
        }

    def read_json_record(self, data: dict[str, Any], *, lenient: bool) -> GameRecord:
        from adjudicator.core.read.records import load_model

        ruleset = data.get("ruleset")
        if ruleset != RULESET and ("ruleset" in data or "game" not in data):
            from adjudicator.core.protocol.requests import shown

            # a string is said within quotes of each language's own, as JSON escapes it
            named = isinstance(ruleset, str)
            key = (
                "orbit_dominion.plugin.unsupported_ruleset"
                if named
                else "orbit_dominion.plugin.unsupported_value"
            )
            raise InputError(
                "unsupported_ruleset",
                said(key, written=shown(ruleset)[1:-1] if named else shown(ruleset)),
                field="ruleset",
                expected=said("orbit_dominion.plugin.one_of", rulesets=", ".join(self.rulesets)),
            )
        from adjudicator.orbit_dominion.record import Record

        record, notes = load_model(Record, data, lenient=lenient)
        return record.to_game_record(notes)

    def read_text_record(self, text: str, *, lenient: bool) -> GameRecord:
        from adjudicator.orbit_dominion import record_text

        record, notes = record_text.parse(text, lenient=lenient)
        return record.to_game_record(notes)

    def skeleton(self, form: str, lang: Lang) -> str:
        from adjudicator.orbit_dominion.skeleton import skeleton

        return skeleton(form, lang, self.rules)

    def write_record(self, record: GameRecord, to: str) -> str:
        from adjudicator.orbit_dominion import record_text

        model = record.model
        if to == "text":
            return record_text.format_record(model)
        from adjudicator.core.read.strict_json import dumps

        return dumps(model.dump(), indent=2) + "\n"

    def on_sheet(self, record: GameRecord, ply: int, lang: Lang) -> str | None:
        """The sheet numbers move pairs, red's action opening each (``6. I11-I0 O6-O8``:
        ply 12 is move 6, blue); when blue moves first, move 1 is blue's alone (``1...``)."""
        from adjudicator.core.write.report import side_name
        from adjudicator.orbit_dominion.board import BLUE
        from adjudicator.orbit_dominion.position import start_position

        n = ply if start_position(record.model.start).turn == BLUE else ply - 1
        side = side_name(self.rules, "red" if n % 2 == 0 else "blue", lang)
        return say("orbit_dominion.repair.on_sheet", lang, move=n // 2 + 1, side=side)

    def line_events(self, record: GameRecord) -> tuple[int, int]:
        """A sheet line is a move pair, red's action and blue's; blue's first action alone
        on the first line when blue moves first."""
        from adjudicator.orbit_dominion.board import BLUE
        from adjudicator.orbit_dominion.position import start_position

        return 2, 1 if start_position(record.model.start).turn == BLUE else 2

    def read_sheet(self, text: str) -> GameRecord:
        """The sheet's move numbers read as evidence of a pair left out or written twice,
        not refused (:func:`.record_text.parse_sheet`)."""
        from dataclasses import replace

        from adjudicator.orbit_dominion import record_text

        record, notes, gaps = record_text.parse_sheet(text)
        return replace(record.to_game_record(notes), gaps=gaps)

    def with_events(self, record: GameRecord, events: list[tuple[str, int | None]]) -> GameRecord:
        model: Record = record.model  # this game's record holds its own model
        moves = [line if origin is None else model.moves[origin] for line, origin in events]
        return model.model_copy(update={"moves": moves}).to_game_record([])

    def replay(self, record: GameRecord) -> Replay:
        from adjudicator.orbit_dominion.replay import OrbitDominionReplay

        return OrbitDominionReplay(record.model.start)

    def solve(
        self,
        replay: Replay,
        depth: int,
        *,
        executor: str | None,
        progress: Callable[[int, int, float], None] | None = None,
        max_nodes: int | None = None,
        seconds: float | None = None,
    ) -> Solution:
        from adjudicator.orbit_dominion.budget import DEFAULT_MAX_NODES, DEFAULT_SECONDS, Budget
        from adjudicator.orbit_dominion.replay import OrbitDominionReplay
        from adjudicator.orbit_dominion.solving import solve_state

        assert isinstance(replay, OrbitDominionReplay), "this game's replay"
        budget = Budget(
            DEFAULT_MAX_NODES if max_nodes is None else max_nodes,
            DEFAULT_SECONDS if seconds is None else seconds,
            progress,
        )
        return solve_state(replay.state, depth, executor=executor, budget=budget)

    def legal_next(self, replay: Replay, lang: Lang, roll: str | None) -> LegalNext:
        """第3条: the side to move chooses one of 航行・ジャンプ・軌道回転; grouped as the
        rulebook names them (第4条 航行 and 捕獲, 第5条 ジャンプ and 位置交換, 第6条
        軌道回転), with the actions 第9条 forbids apart. Nothing of chance: ``roll``
        is refused."""
        from adjudicator.orbit_dominion.replay import OrbitDominionReplay

        assert isinstance(replay, OrbitDominionReplay), "this game's replay"
        _no_roll(self.id, roll)
        state, rules = replay.state, self.rules
        legal = state.legal_actions()
        groups = []
        for kind, (key, article) in _KINDS.items():
            lines = tuple(a.text for a in sorted(legal, key=_order) if a.kind == kind)
            if lines:
                word = say(key, lang)
                groups.append(LegalGroup(kind, f"{word} ({rules.cite([article], lang)})", lines))
        return LegalNext(
            say("orbit_dominion.legal.actions", lang),
            tuple(groups),
            tuple(a.text for a in sorted(state.banned_actions(), key=_order)),
            rules.cite(["9"], lang),
        )

    def replay_from_position(self, position: str, history: list[str]) -> Replay:
        from adjudicator.orbit_dominion.replay import OrbitDominionReplay

        return OrbitDominionReplay(position, history, field="--position", history_field="--history")


#: Each kind of action (:mod:`.actions`): its name as the rulebook says it, and the article
#: that defines it, in the order 第3条 lists them.
_KINDS: dict[str, tuple[str, str]] = {
    "navigate": ("orbit_dominion.legal.navigate", "4"),
    "capture": ("orbit_dominion.legal.capture", "4"),
    "jump": ("orbit_dominion.legal.jump", "5"),
    "swap": ("orbit_dominion.legal.swap", "5"),
    "rotate": ("orbit_dominion.legal.rotate", "6"),
}


def _order(action: Any) -> tuple[int, int]:
    """Actions listed by the sector they start from, then the one they reach."""
    return action.src, action.dst


def _no_roll(game_id: str, roll: str | None) -> None:
    """A game without chance takes no ``--dice``: given, it would be ignored, so it is
    refused."""
    if roll is not None:
        raise InputError(
            "usage",
            said("orbit_dominion.plugin.no_dice", game=game_id),
            field="--dice",
        )
