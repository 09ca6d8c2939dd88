"""The JSON that ``conformance run --json`` and ``conformance report --json`` print, as
models, so that their JSON Schemas are committed under ``schemas/`` for the programs that
read them (a CI job gating on a run, a dashboard). The tests validate real output against
these schemas."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Counts(_Strict):
    passed: int
    failed: int
    skipped: int
    errored: int


class SuiteVersion(_Strict):
    version: str = Field(description="The suite's version, or 'unversioned'.")


class DeclaredEngine(_Strict):
    name: str
    version: str
    games: list[str]
    features: dict[str, list[str]] = Field(description="Per game, as read from hello.")
    unknown_features: list[str] = Field(description="Declared but outside the vocabulary.")


class CitedRule(_Strict):
    id: str = Field(description="The reference id, as in refs.")
    cite: str | None = Field(
        description="How the rulebook names it, in English ('Art. 4 Navigation and capture'); "
        "null for a reference this installation does not know."
    )
    cite_ja: str | None = Field(description="The same in Japanese ('第4条 軌道航行と捕獲').")


class Result(_Strict):
    id: str
    game: str
    topic: str
    status: Literal["passed", "failed", "skipped", "errored"]
    refs: list[str]
    rules: list[CitedRule] = Field(
        default_factory=list, description="The refs as the rulebook names them, in order."
    )
    description: str = Field(default="", description="What the case checks (its case file's).")
    description_ja: str | None = Field(
        default=None, description="The same in Japanese; null when the case gives none."
    )
    detail: str = Field(description="For a person: the difference, the skip or the error.")
    request: str | None = Field(
        default=None, description="Failed and errored: the exact request line sent."
    )
    expected: Any = Field(default=None, description="Failed: the expected value.")
    actual: Any = Field(default=None, description="Failed: the engine's value.")
    diff: list[str] | None = Field(default=None, description="Failed: each difference.")
    received: str | None = Field(
        default=None, description="Errored: the line answered, when it was not a response."
    )
    stderr: str | None = Field(default=None, description="Errored: the engine's last stderr.")


class GameCounts(_Strict):
    summary: Counts
    topics: dict[str, Counts]


class RunOutput(_Strict):
    """``conformance run --json``."""

    suite: SuiteVersion
    engine: DeclaredEngine | None
    summary: Counts
    restarts: int = Field(description="Times the engine was restarted after an error.")
    stopped: str | None = Field(description="Why the run stopped early (--max-fail, …).")
    not_run: int = Field(description="Cases left when the run stopped early.")
    games: dict[str, GameCounts]
    results: list[Result]


class EngineEntry(_Strict):
    name: str
    command: str
    problem: str | None = Field(description="Why the engine did not run, if it did not.")
    run: RunOutput | None


class ReportOutput(_Strict):
    """``conformance report --json``."""

    suite: SuiteVersion
    engines: list[EngineEntry]
    matrix: dict[str, dict[str, dict[str, Counts]]] = Field(
        description="game → topic → engine name → counts."
    )


def output_models() -> dict[str, type[BaseModel]]:
    return {"conformance-run": RunOutput, "conformance-report": ReportOutput}
