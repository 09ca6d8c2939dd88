"""The engine author's reference of each game (``docs/engines/<game>.md``), generated.

An author writing an engine from the protocol's pages alone needs, per game, what those
pages leave to the game: how positions are written and what their claim means, what perft
counts, every violation code with what it means and the rule it cites, the alternative
spellings the lenient reader takes, and what each optional feature obliges an engine to
answer. All of it is data already — the game's ``rules.yaml`` (its violations, reasons,
references and ``engine`` notes) and the conformance cases an engine is run against — so
the page is rendered from that data rather than written by hand: ``adjudicator schemas``
writes it, and ``--check`` and a test report a committed page that differs, so that the page
cannot drift from the rules or the suite. Every obligation listed is a case of the suite,
with what it sends and what it expects."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from adjudicator.core import generated
from adjudicator.core.conformance.cases import Case, CaseFile, case_files
from adjudicator.core.errors import INPUT_ERRORS, InputError
from adjudicator.core.game import FEATURES, Game, feature_meaning
from adjudicator.core.i18n import say
from adjudicator.core.judge.references import CheckOrder, RuleData
from adjudicator.core.read import strict_json
from adjudicator.core.read.numbers import read_int
from adjudicator.core.read.yaml_data import safe_load
from adjudicator.core.registry import Registry
from adjudicator.core.write.files import make_folder

#: Where the pages go, under a checkout's ``docs/`` (a built wheel has no docs to keep).
FOLDER = Path("engines")


def docs_folder() -> Path | None:
    """The checkout's ``docs/`` folder, or ``None`` in an installed package."""
    docs = Path(__file__).resolve().parents[3] / "docs"
    return docs if (docs / "protocol.md").is_file() else None


def page_path(docs: Path, game: Game) -> Path:
    return docs / FOLDER / f"{game.slug}.md"


def _code_meaning(code: str) -> str:
    """What an input error code means, in English, as the catalogue says it."""
    return say(INPUT_ERRORS[code], "en") if code in INPUT_ERRORS else "see the protocol"


def _cell(text: Any) -> str:
    """Text fit for one cell of a Markdown table: one line, ``|`` escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(value: Any) -> str:
    """A value as code in a table cell: a string as written, anything else as JSON."""
    text = value if isinstance(value, str) else strict_json.dumps(value)
    text = text.replace("|", "\\|")
    if text == "":
        return '`""` (empty)'
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}"


def _cases(files: Iterable[CaseFile]) -> list[Case]:
    return [case for f in files for case in f.cases]


#: A field naming an item of a list of the request: ``moves[2]``, ``moves[1].event``,
#: ``history[0]``.
_ITEM = re.compile(r"^(moves|history)\[([0-9]{1,6})\]")


def _where(case: Case, field: str | None) -> Any:
    """What an error case puts at fault: the value at its expected field (``moves[2]``,
    ``start``, ``history[1]``), else its moves or its start."""
    item = _ITEM.match(field or "")
    if item:
        items = case.moves if item[1] == "moves" else case.request.get("history", [])
        index = read_int(item[2])
        if index < len(items):
            return items[index]
    if field == "start":
        return case.start
    if field in case.request:
        return case.request[field]
    return case.moves if case.moves else case.start


def _cites(rules: RuleData, refs: list[str]) -> str:
    """``Art. 4, Rulings row 2 (第4条, 特殊な状況裁定 2)``: as the English docs and the
    rulebook name them."""
    found = [rules.ref(r) for r in refs]
    return f"{', '.join(r.cite_en for r in found)} ({', '.join(r.cite_ja for r in found)})"


def _table(head: list[str], rows: Iterable[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def _start_answer(game: Game) -> str | None:
    """The position this project's engine answers to ``evaluate`` with no moves, or
    ``None`` for a game whose request needs more (Dark Nebula's commitment)."""
    try:
        answer = game.handle("evaluate", {"cmd": "evaluate", "game": game.id, "moves": []})
    except InputError:
        return None
    position = answer.get("position")
    return position if isinstance(position, str) else None


def render(game: Game, rules: RuleData, files: list[CaseFile], source: str) -> str:
    """The reference page of ``game`` from its ``rules`` and its case ``files``;
    ``source`` names the rule data file as the page cites it."""
    cases = _cases(files)
    notes = rules.engine
    out = [
        f"# Engine reference: {game.title_ja} — {game.title_en} (`{game.id}`)",
        "",
        "<!-- Generated by `adjudicator schemas` from the game's rule data and its conformance"
        " cases; do not edit. `adjudicator schemas --check` and the tests report drift. -->",
        "",
        f"What an engine of `{game.id}` must answer, beyond the [protocol](../protocol.md) "
        f"and the [conformance suite](../conformance.md): generated from `{source}` and the "
        f"cases in `conformance/{game.slug}/`, so that it says what the suite checks. The "
        f"rules as this project reads them are in [{game.slug}.md](../{game.slug}.md).",
        "",
        f"- Commands besides `hello`: {', '.join(f'`{c}`' for c in sorted(game.commands))}.",
        f"- Features this project's engine declares for it: "
        f"{', '.join(f'`{f}`' for f in sorted(game.features))}.",
        f"- Sides: {', '.join(f'`{s}`' for s in game.sides)}.",
        "",
        "## Positions",
        "",
        notes.position if notes else "This game has no position notation of its own.",
        "",
    ]
    start = _start_answer(game)
    if start is not None:
        out += [
            f"`evaluate` with no moves answers the standard start: `{start}`.",
            "",
        ]
    if notes and notes.claim:
        out += ["### The claim", "", notes.claim, ""]
    out += _positions_from_cases(cases)
    if notes and notes.perft:
        out += ["## perft", "", notes.perft, "", *_perft_cases(cases)]
    if notes and notes.legal:
        out += ["## The list of legal events", "", notes.legal, ""]
    out += _violations(rules, cases)
    out += _check_order(notes.order if notes else [])
    out += _reasons(game, rules)
    out += _features(game, cases)
    return "\n".join(out).rstrip("\n") + "\n"


def _positions_from_cases(cases: list[Case]) -> list[str]:
    """The cases that expect a position: each an example the suite holds an engine to."""
    rows = [
        [f"`{c.id}`", _code(c.expect.position), _cell(c.description)]
        for c in cases
        if c.expect.kind == "position" and c.expect.position is not None
    ]
    if not rows:
        return []
    return [
        "The positions the suite expects (`position`), each after its case's moves:",
        "",
        *_table(["case", "position", "what it checks"], rows),
        "",
    ]


def _perft_cases(cases: list[Case]) -> list[str]:
    rows = []
    for c in cases:
        if c.expect.kind == "perft" and c.expect.perft:
            counts = ", ".join(f"{d}: {n}" for d, n in sorted(c.expect.perft.items()))
            rows.append([f"`{c.id}`", _code(c.start), counts, _cell(c.description)])
    if not rows:
        return []
    return [
        "The counts the suite checks (feature `perft`), depth: nodes:",
        "",
        *_table(["case", "start", "counts", "what it checks"], rows),
        "",
    ]


def _violations(rules: RuleData, cases: list[Case]) -> list[str]:
    """Every violation code with the rule it cites, what it means (its English message,
    arguments in braces) and the cases that expect it (compared with feature
    ``violation_codes``)."""
    notes = rules.engine
    pinned: dict[str, list[str]] = {}
    for c in cases:
        if c.expect.kind == "rejected" and c.expect.rejected and c.expect.rejected.violation:
            pinned.setdefault(c.expect.rejected.violation, []).append(c.id)
    rows = [
        [
            f"`{spec.code}`",
            _cell(_cites(rules, spec.rules)),
            _cell(_meaning(spec.en, notes.codes.get(spec.code) if notes else None)),
            ", ".join(f"`{i}`" for i in pinned.get(spec.code, [])) or "—",
        ]
        for spec in rules.violations
    ]
    return [
        "## Violation codes",
        "",
        "A refused action or event is answered with `illegal_at` (its 0-based index) and, "
        "with the feature `violation_codes`, `violation`: one of these codes. The meaning is "
        "the English message, its arguments in braces.",
        "",
        *_table(["code", "cites", "meaning", "cases"], rows),
        "",
    ]


def _check_order(orders: list[CheckOrder]) -> list[str]:
    """Which fault is answered when one event has several: per kind of event, its checks
    in the order made, and the cases with several faults that pin the order."""
    if not orders:
        return []
    out = [
        "## Several faults in one event",
        "",
        "An event or action with several faults is refused for the first one found, the "
        "checks being made in this order:",
        "",
    ]
    for order in orders:
        out += [f"### {order.event}", ""]
        out += [f"{n}. {check}" for n, check in enumerate(order.checks, 1)]
        out += ["", "Cases with several faults: " + ", ".join(f"`{c}`" for c in order.cases)]
        out += [""]
    return out


def _meaning(message: str, note: str | None) -> str:
    """The message, and the rule data's word for engines on the code, where it has one."""
    return f"{message} **For engines:** {note}" if note else message


def _reasons(game: Game, rules: RuleData) -> list[str]:
    rows = [
        [f"`{r.code}`", _cell(_cites(rules, r.rules)), _cell(r.en)]
        for r in rules.reasons
        if r.code in game.reasons
    ]
    return [
        "## Outcome reasons",
        "",
        '`outcome` is `null` or `{"winner", "reason", "decided_at"}`, the reason one of:',
        "",
        *_table(["reason", "cites", "meaning"], rows),
        "",
    ]


#: Per feature, the part of its obligations the page lists in a table of its own.
_Detail = Callable[[list[Case]], list[str]]


def _features(game: Game, cases: list[Case]) -> list[str]:
    out = [
        "## Features and what each obliges",
        "",
        "An engine declares features per game in `hello`; the runner then holds it to every "
        "case below that needs a feature it declared, and skips the others. Declaring a "
        "feature is declaring all of its cases.",
        "",
    ]
    details: dict[str, _Detail] = {
        "malformed_input": _errors,
        "lenient_notation": _spellings,
    }
    for feature in FEATURES:
        needing = _obliged(feature, cases)
        out += [f"### `{feature}`", "", f"The engine {feature_meaning(feature, 'en')}."]
        if not needing:
            out += ["", "No case of the suite needs it for this game.", ""]
            continue
        out += ["", f"{len(needing)} case{'s need' if len(needing) > 1 else ' needs'} it."]
        if feature in details:
            out += ["", *details[feature](needing)]
        else:
            out += [
                "",
                *_table(
                    ["case", "what it checks"],
                    ([f"`{c.id}`", _cell(c.description)] for c in needing),
                ),
                "",
            ]
    return out


def _obliged(feature: str, cases: list[Case]) -> list[Case]:
    """The cases a feature holds an engine to: those that need it, and for
    ``violation_codes`` the refusals whose code is compared only when it is declared (the
    case runs without it, on ``illegal_at`` alone)."""
    if feature == "violation_codes":
        return [
            c
            for c in cases
            if c.expect.kind == "rejected" and c.expect.rejected and c.expect.rejected.violation
        ]
    return [c for c in cases if feature in c.needed_features()]


def _errors(cases: list[Case]) -> list[str]:
    """What an engine declaring ``malformed_input`` must answer with an error, and where."""
    rows, codes = [], []
    for c in cases:
        if c.expect.kind != "error":
            continue
        error = c.expect.error
        assert error is not None, "an error expectation sets its error"
        code, field = (error, None) if isinstance(error, str) else (error.code, error.field)
        codes.append(code)
        rows.append(
            [
                f"`{c.id}`",
                _code(_where(c, field)),
                c.notation,
                f"`{code}`",
                f"`{field}`" if field else "—",
                _cell(c.description),
            ]
        )
    meanings = [f"- `{code}`: {_code_meaning(code)}" for code in dict.fromkeys(sorted(codes))]
    return [
        "Each request below must be answered with the error object "
        '`{"code", "message", "field"}`, its `code` (and `field`, where given) as listed; '
        "the input is the value at that field. The codes "
        "([all of them](../protocol.md#errors)):",
        "",
        *meanings,
        "",
        *_table(["case", "input", "notation", "code", "field", "what it checks"], rows),
        "",
    ]


def _spellings(cases: list[Case]) -> list[str]:
    """The documented alternative spellings: each written form the lenient reader takes,
    and the canonical form it must report in ``normalized``."""
    rows = []
    for c in cases:
        if c.expect.kind != "normalized":
            continue
        for n in c.expect.normalized or []:
            rows.append([_code(n.written), _code(n.canonical), f"`{c.id}`", _cell(c.description)])
    others = [c for c in cases if not (c.expect.kind == "normalized" and c.expect.normalized)]
    out = [
        'With `"notation":"lenient"` the engine reads these alternative spellings and lists '
        "each in `normalized` (its index, as written, its canonical form); in strict mode "
        "the same spelling is an error (see `malformed_input`).",
        "",
        *_table(["written", "canonical", "case", "what it checks"], rows),
        "",
    ]
    if others:
        out += [
            "The other cases played in lenient notation (nothing to normalise, or another "
            "expectation):",
            "",
            *_table(
                ["case", "what it checks"],
                ([f"`{c.id}`", _cell(c.description)] for c in others),
            ),
            "",
        ]
    return out


def due(registry: Registry, docs: Path, suite: Path) -> dict[Path, str]:
    """Each game's page, by path, from its rule data and the suite's cases."""
    out = {}
    for game in registry.games:
        files = [f for _, f in case_files(suite, game.id, trusted=True)]
        rules_yaml = Path(sys.modules[type(game).__module__].__file__ or "").parent / "rules.yaml"
        # the YAML as it stands, not the JSON copy the game read before it was rewritten
        rules = RuleData.model_validate(safe_load(rules_yaml.read_text("utf-8")))
        source = f"adjudicator/{rules_yaml.parent.name}/rules.yaml"
        out[page_path(docs, game)] = render(game, rules, files, source)
    return out


def write(registry: Registry, docs: Path, suite: Path) -> list[Path]:
    make_folder(docs / FOLDER, "DIRECTORY")
    return generated.write(due(registry, docs, suite))


def drift(registry: Registry, docs: Path, suite: Path) -> list[Path]:
    """The pages missing or differing from what the data gives, and any page left over
    from a game no longer shipped."""
    pages = due(registry, docs, suite)
    stale = sorted(p for p in (docs / FOLDER).glob("*.md") if p not in pages)
    return [*generated.differing(pages), *stale]
