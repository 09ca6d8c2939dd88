"""The engine author's reference (``docs/engines/<game>.md``): generated from each game's
rule data and its conformance cases, committed, and reachable from the protocol's pages.
An engine written from the docs alone names the sections it was written from, and they
exist (the suite passing on it is ``tests/test_conformance.py``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.conformance.cases import case_files
from adjudicator.core.game import FEATURES, Game
from adjudicator.core.protocol import reference as engine_reference
from adjudicator.core.read.yaml_data import safe_load
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SUITE = ROOT / "conformance"
REGISTRY = Registry(installed_games())
GAMES = list(REGISTRY.games)


def _page(slug: str) -> str:
    return (DOCS / "engines" / f"{slug}.md").read_text("utf-8")


def _section(page: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    start = page.index(f"\n{heading}\n")
    rest = page[start + len(heading) + 2 :]
    ends = [m.start() for m in re.finditer(f"^#{{1,{len(level)}}} ", rest, re.MULTILINE)]
    return rest[: ends[0]] if ends else rest


def _row(section: str, *cells: str) -> bool:
    """Whether a table row of ``section`` holds every one of ``cells``, in order."""
    pattern = r".*\|.*".join(re.escape(c) for c in cells)
    return any(re.search(pattern, line) for line in section.splitlines() if line.startswith("|"))


def test_the_committed_pages_are_what_the_data_gives() -> None:
    """A change to a rules.yaml or a case file without `adjudicator schemas` fails here."""
    assert engine_reference.drift(REGISTRY, DOCS, SUITE) == []


def test_drift_names_a_hand_edited_page_and_a_page_left_over(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "engines").mkdir(parents=True)
    written = engine_reference.write(REGISTRY, docs, SUITE)
    assert engine_reference.drift(REGISTRY, docs, SUITE) == []
    edited = docs / "engines" / "orbit-dominion.md"
    edited.write_text(edited.read_text("utf-8").replace("`pincer`", "`pinch`"), "utf-8")
    (docs / "engines" / "go.md").write_text("# Go\n", "utf-8")
    assert engine_reference.drift(REGISTRY, docs, SUITE) == [edited, docs / "engines" / "go.md"]
    assert len(written) == len(GAMES)


def test_schemas_check_reports_a_stale_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`adjudicator schemas --check` holds the pages as it holds the schemas (exit 1)."""
    docs = tmp_path / "docs"
    shutil.copytree(DOCS / "engines", docs / "engines")
    stale = docs / "engines" / "dark-nebula.md"
    stale.write_text("# stale\n", "utf-8")
    monkeypatch.setattr(engine_reference, "docs_folder", lambda: docs)
    result = CliRunner().invoke(build_app(REGISTRY), ["schemas", "--check"])
    assert result.exit_code == 1
    assert "drift:" in result.stderr and "dark-nebula.md" in result.stderr


def test_a_new_violation_in_the_rule_data_reaches_the_page() -> None:
    """The page is rendered from the rule data given, not from text kept beside it."""
    game = REGISTRY.get("orbit-dominion/4.2")
    assert game is not None
    data = safe_load((ROOT / "adjudicator" / "orbit_dominion" / "rules.yaml").read_text("utf-8"))
    data["violations"].append(
        {"code": "orbit_jammed", "rules": ["6"], "ja": "回せません。", "en": "It is jammed."}
    )
    from adjudicator.core.judge.references import RuleData

    files = [f for _, f in case_files(SUITE, game.id, trusted=True)]
    page = engine_reference.render(game, RuleData.model_validate(data), files, "rules.yaml")
    assert _row(_section(page, "## Violation codes"), "`orbit_jammed`", "Art. 6", "It is jammed.")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_violation_code_is_listed_with_its_rule_and_meaning(game: Game) -> None:
    section = _section(_page(game.slug), "## Violation codes")
    for spec in game.rules.violations:
        cites = ", ".join(game.rules.ref(r).cite_en for r in spec.rules)
        assert _row(section, f"`{spec.code}`", cites), spec.code


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_feature_states_what_it_obliges(game: Game) -> None:
    """Each feature of the vocabulary has its section; every case needing it is named
    there, and every error a case expects is listed with its input, code and field."""
    page = _page(game.slug)
    cases = [c for _, f in case_files(SUITE, game.id, trusted=True) for c in f.cases]
    for feature in FEATURES:
        section = _section(page, f"### `{feature}`")
        needing = [c for c in cases if feature in c.needed_features()]
        if feature == "violation_codes":  # compared only when declared; never skipped
            needing = [c for c in cases if c.expect.rejected and c.expect.rejected.violation]
        for case in needing:
            assert f"`{case.id}`" in section, (feature, case.id)
        if not needing:
            assert "No case of the suite needs it" in section
    errors = _section(page, "### `malformed_input`")
    for case in cases:
        if case.expect.kind == "error":
            error = case.expect.error
            code = error if isinstance(error, str) else error.code
            assert _row(errors, f"`{case.id}`", f"`{code}`"), case.id


def test_orbit_dominion_states_the_obligations_of_malformed_input() -> None:
    """Declaring malformed_input obliges noncanonical_notation for the rulebook's arrows,
    full-width characters and O+1, and for `-` onto an enemy ship (not marker_mismatch);
    the malformed positions are listed with theirs."""
    page = _page("orbit-dominion")
    errors = _section(page, "### `malformed_input`")
    for written in ("I11 → I10", "O4⇄M4", "Ｏ４－Ｍ４", "O+1", "O11-O0"):
        assert _row(errors, f"`{written}`", "strict", "`noncanonical_notation`", "`moves[0]`"), (
            written
        )
    assert _row(errors, "od.notation.position-claim-without-any-gate", "`malformed_position`")
    assert _row(errors, "od.art9.history-malformed-entry", "`malformed_position`", "history[1]")
    violations = _section(page, "## Violation codes")
    (row,) = [line for line in violations.splitlines() if line.startswith("| `marker_mismatch`")]
    assert "Never answered by `evaluate`" in row
    assert "`O11-O0` onto an enemy ship" in row and "`noncanonical_notation`" in row


def test_orbit_dominion_gives_positions_the_claim_and_perft() -> None:
    page = _page("orbit-dominion")
    positions = _section(page, "## Positions")
    assert "`<O>/<M>/<I> <side> <ply> <claim>`" in positions
    assert "answers the standard start: `r....bb....r/rr....bb..../R....bB....r r 0 -`" in page
    claim = _section(page, "### The claim")
    assert "The claim is history, not board" in claim
    perft = _section(page, "## perft")
    assert "perft(p, 0) = 1" in perft
    assert _row(perft, "`od.perft.start`", "1: 22, 2: 484, 3: 11405")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_documented_spelling_is_listed(game: Game) -> None:
    """The lenient reader's spellings are the suite's normalization cases: each written
    form is on the page with its canonical form."""
    section = _section(_page(game.slug), "### `lenient_notation`")
    for _, f in case_files(SUITE, game.id, trusted=True):
        for case in f.cases:
            for n in case.expect.normalized or []:
                written = n.written.replace("|", "\\|")
                canonical = n.canonical.replace("|", "\\|")
                assert _row(section, written, canonical, case.id), case.id


@pytest.mark.parametrize("doc", ["protocol.md", "conformance.md"])
def test_the_protocol_pages_link_every_game_reference(doc: str) -> None:
    text = (DOCS / doc).read_text("utf-8")
    for game in GAMES:
        link = f"(engines/{game.slug}.md)"
        assert link in text, (doc, game.slug)
        assert (DOCS / "engines" / f"{game.slug}.md").is_file()


#: ``docs/x.md: Section | Section`` lines under the example engine's "Written from" line.
_SOURCE_LINE = re.compile(r"^(?://)?\s+(docs/[\w/.-]+\.md): (.+)$")


def _written_from(path: Path) -> dict[str, list[str]]:
    lines = path.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if "Written from these sections" in line)
    named: dict[str, list[str]] = {}
    for line in lines[start + 1 :]:
        m = _SOURCE_LINE.match(line)
        if not m:
            break
        named[m[1]] = [s.strip() for s in m[2].split(" | ")]
    return named


def _headings(doc: Path) -> set[str]:
    return {
        m[1].strip() for m in re.finditer(r"^#{1,6} (.+)$", doc.read_text("utf-8"), re.MULTILINE)
    }


@pytest.mark.parametrize("example", ["minimal_engine.js", "minimal_engine.py"])
def test_the_example_engines_name_doc_sections_that_exist(example: str) -> None:
    """Each example engine's header names the sections it was written from; a renamed or
    removed section fails here, so the claim "written from the docs alone" stays checkable."""
    named = _written_from(ROOT / "examples" / example)
    assert "docs/protocol.md" in named and "docs/engines/orbit-dominion.md" in named
    for doc, sections in named.items():
        headings = _headings(ROOT / doc)
        missing = [s for s in sections if s not in headings]
        assert not missing, (doc, missing)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_order_of_checks_is_pinned_by_cases_with_several_faults(game: Game) -> None:
    """Which fault is answered when an event has several (the page's "Several faults in
    one event"): each order the rule data states is pinned by cases of the game's suite,
    and each such case expects a code the order names, so the stated order cannot drift
    from what the suite holds engines to."""
    notes = game.rules.engine
    assert notes is not None and notes.order, f"{game.id}: no order of checks stated"
    cases = {c.id: c for _, f in case_files(SUITE / game.slug) for c in f.cases}
    for order in notes.order:
        named = set(re.findall(r"`([a-z_]+)`", " ".join(order.checks)))
        for case_id in order.cases:
            assert case_id in cases, f"{game.id}: {order.event}: no case {case_id}"
            expect = cases[case_id].expect
            code = (
                expect.rejected.violation
                if expect.kind == "rejected" and expect.rejected
                else expect.error.code
                if expect.kind == "error" and expect.error
                else None
            )
            assert code in named, f"{case_id} expects {code}, which {order.event!r} names not"
        assert "## Several faults in one event" in _page(game.slug)
