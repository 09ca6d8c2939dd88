"""What the runner shows of a failing case, for an engine author who has only the output:
the case's description and the rules it cites (with ``-v`` and in ``--json``), and every
difference with its values written as JSON (``null``, ``"I+"``), never as Python reprs
(``None``, ``'I+'``), in English as in Japanese."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance.cases import Case, CaseFile
from adjudicator.core.conformance.engine import InProcessEngine
from adjudicator.core.conformance.runner import Runner
from adjudicator.core.i18n import in_lang
from adjudicator.core.protocol.serve import Server
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = Registry(installed_games())
RUN_SCHEMA = json.loads((ROOT / "schemas" / "conformance-run.schema.json").read_text("utf-8"))
UNRELIABLE = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'unreliable_engine.py'}"
#: od.perft.start-depth-zero, which the unreliable engine answers 0 instead of 1.
PERFT_ZERO = ["--engine", UNRELIABLE, "--only", "od.perft.start-depth-zero"]
#: A Python repr of a string or of None inside a difference.
PYTHON_REPR = re.compile(r"'[^']*'|\bNone\b|\bTrue\b|\bFalse\b")


def _run(*args: str) -> Any:
    return CliRunner().invoke(build_app(REGISTRY), ["conformance", "run", *args])


class _Lying:
    """The built-in engine with one field of every ``evaluate`` answer replaced: an engine
    whose bug shows in that field."""

    def __init__(self, **replaced: Any) -> None:
        self.inner = InProcessEngine(Server(REGISTRY))
        self.replaced = replaced

    @property
    def last_sent(self) -> str:
        return self.inner.last_sent

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.inner.ask(request)
        if request.get("cmd") != "evaluate":
            return answer
        if "error" in self.replaced:  # answers as if the request were well formed
            return {"id": answer.get("id"), **self.replaced}
        return {**answer, **self.replaced}

    def restart(self) -> None:
        """Nothing to restart."""

    def close(self) -> None:
        """Nothing to close."""


def _case(case_id: str, moves: list[str], expect: dict[str, Any], **more: Any) -> CaseFile:
    case = Case.model_validate(
        {
            "id": case_id,
            "refs": ["4", "ruling-2"],
            "source": "test",
            "description": "A folded\ndescription.\n",
            "moves": moves,
            "expect": expect,
            **more,
        }
    )
    return CaseFile(game="orbit-dominion/4.2", topic="display", title="t", cases=[case])


def _failed(engine: Any, case_file: CaseFile) -> Any:
    rules = {g.id: g.rules for g in REGISTRY.games}
    (result,) = Runner(engine, rules_of=rules.get).run([case_file]).results
    assert result.status == "failed"
    return result


def _both(result: Any) -> list[str]:
    return [in_lang(d, lang) for d in result.diff for lang in ("en", "ja")]


def test_a_wrong_violation_is_shown_as_json_null_not_none() -> None:
    """``violation: expected "same_sector", got null`` — the value the engine sent."""
    case_file = _case(
        "d.rejected", ["I0-I0"], {"rejected": {"index": 0, "violation": "same_sector"}}
    )
    result = _failed(_Lying(violation=None), case_file)
    texts = _both(result)
    assert 'violation: expected "same_sector", got null' in texts
    assert 'violation: 期待値 "same_sector"、実際の値 null' in texts
    assert not any(PYTHON_REPR.search(t) for t in texts), texts


def test_legal_moves_missing_are_listed_as_a_json_array() -> None:
    """``legal_moves: missing ["I+"]``, double quotes, as the protocol writes them."""
    result = _failed(
        _Lying(legal_moves=["I-"]), _case("d.legal", [], {"legal": {"include": ["I+", "I-"]}})
    )
    assert 'legal_moves: missing ["I+"]' in _both(result)
    assert not any(PYTHON_REPR.search(t) for t in _both(result))


def test_an_expected_error_code_is_compared_in_json() -> None:
    """The engine answered a position where the case expects an error: ``null`` for the
    code it did not send, in both languages."""
    result = _failed(_Lying(), _case("d.error", ["I11-I10"], {"error": "malformed_action"}))
    texts = _both(result)
    assert 'error: expected code "malformed_action", got null' in texts
    assert 'error: 期待したコード "malformed_action"、実際のコード null' in texts


def test_an_unexpected_error_names_its_code_in_json() -> None:
    result = _failed(
        _Lying(error={"code": "bad_request", "message": "no"}),
        _case("d.unexpected", [], {"outcome": None}),
    )
    assert result.diff[0] == 'unexpected error "bad_request": no'


def test_acceptance_names_the_refused_violation_in_json() -> None:
    """The acceptance line quotes the violation the engine answered as JSON."""
    result = _failed(
        _Lying(illegal_at=0, violation="game_over"),
        _case("d.accept", ["I11-I10"], {"outcome": None}),
    )
    assert result.diff[0] == 'illegal_at: expected null, got 0 ("game_over")'


def test_a_result_carries_its_description_and_cited_rules() -> None:
    """Each reference is cited as the rulebook names it, in both languages; the folded
    description is one line."""
    result = _failed(_Lying(legal_moves=[]), _case("d.cite", [], {"legal": {"include": ["I+"]}}))
    assert result.description == "A folded description."
    assert result.rules == [
        {"id": "4", "cite": "Art. 4 Navigation and capture", "cite_ja": "第4条 軌道航行と捕獲"},
        {
            "id": "ruling-2",
            "cite": "Rulings row 2 Enemy two sectors away by navigation",
            "cite_ja": "特殊な状況裁定 2 航行で2区画先の敵",
        },
    ]


def test_a_reference_the_installation_does_not_know_keeps_its_id() -> None:
    """A foreign case folder may cite ids of a game not installed: shown by id, null cites."""
    (result,) = (
        Runner(_Lying(legal_moves=[]))
        .run([_case("d.x", [], {"legal": {"include": ["I+"]}})])
        .results
    )
    assert result.rules[0] == {"id": "4", "cite": None, "cite_ja": None}


@pytest.mark.parametrize(
    ("lang", "checks", "rules"),
    [
        (
            "en",
            "checks:   perft at depth 0 is 1 by definition.",
            "rules:    Art. 3 Turns and legal actions (3)",
        ),
        (
            "ja",
            "内容:     深さ0の perft は定義により1。",
            "根拠:     第3条 手番と合法行動 (3)",
        ),
    ],
)
def test_verbose_shows_what_a_failing_case_checks_and_its_rule(
    lang: str, checks: str, rules: str
) -> None:
    """``-v``: the description and the cited rule under the case's head, before the request."""
    out = _run(*PERFT_ZERO, "-v", "--lang", lang).output
    lines = [line.strip() for line in out.splitlines()]
    assert checks in lines and rules in lines, out
    assert (
        lines.index(checks)
        < lines.index(rules)
        < next(i for i, line in enumerate(lines) if line.startswith(("request:", "要求:")))
    )
    quiet = _run(*PERFT_ZERO, "--lang", lang).output
    assert checks not in quiet and rules not in quiet


def test_json_gives_a_failing_case_its_description_and_rule() -> None:
    """``--json``: ``description`` and ``rules`` of the result, valid against the schema."""
    result = _run(*PERFT_ZERO, "--json")
    data = json.loads(result.output)
    jsonschema.validate(data, RUN_SCHEMA)
    (case,) = data["results"]
    assert case["status"] == "failed"
    assert case["description"] == "perft at depth 0 is 1 by definition."
    assert case["rules"] == [
        {"id": "3", "cite": "Art. 3 Turns and legal actions", "cite_ja": "第3条 手番と合法行動"}
    ]
    assert case["diff"] == ["perft 0: expected 1, got 0"]


def test_a_description_from_a_case_file_is_shown_as_written(tmp_path: Path) -> None:
    """A case file's description is input: with ``-v`` it is neither read as markup
    (``[/]`` closing no tag was a MarkupError) nor let through with its controls raw."""
    case = {
        "id": "hostile.description",
        "refs": ["2"],
        "source": "2",
        "description": "[/]closes \x1b[2J\u202e nothing",
        "expect": {"position": "not this"},
    }
    data = {"game": "orbit-dominion/4.2", "topic": "hostile", "title": "t", "cases": [case]}
    (tmp_path / "hostile.yaml").write_text(json.dumps(data), encoding="utf-8")
    result = _run("--cases", str(tmp_path), "-v", "--lang", "en")
    assert result.exit_code == 1, result.output
    assert "checks:   [/]closes \\x1b[2J\\u202e nothing" in result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
    data = json.loads(_run("--cases", str(tmp_path), "--json").output)
    assert data["results"][0]["description"] == "[/]closes \x1b[2J\u202e nothing"
