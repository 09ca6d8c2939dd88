"""What a Japanese user reads is Japanese (issue: "a user with a Japanese locale sees no English
in any command's normal output").

Every command a director, an arbiter or an engine author runs by hand is run here, in this
process, under ``LANG=ja_JP.UTF-8``, on the bundled samples, and its output read for English
words. Latin letters may stay only where they are data, not prose: the kept tokens of help
(options, paths, ids, formats: :data:`tests.test_help_ja.KEPT`), violation and reason codes,
input quoted back in 「」, and the games' notation — every word the sample records write
when converted to their text notation. Machine-readable output (``--json``, CSV, SVG files) is
for programs and is not read here.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest

from adjudicator.core.capabilities import Skeleton, need
from adjudicator.core.game import FEATURES, feature_meaning
from tests.test_help_ja import KEPT, REGISTRY, run
from tests.test_help_ja import ROOT as ROOT_COMMAND

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"
OD, DN, AS = (
    str(RECORDS / game / "valid") for game in ("orbit-dominion", "dark-nebula", "astro-stra")
)

#: Data, not prose: codes (``wrong_winner``, ``Shift_JIS``), input quoted back in 「」, the
#: rulebooks' own Latin names, ID as Japanese writes it (星域ID) and the digest's algorithm.
DATA = [
    r"「[^」]*」",
    r"\([a-z_]+\)",  # an id after its Japanese name: 赤 (red), 記録形式(format)
    r"\b[0-9a-f]{16,}\b",  # nonces and digests
    r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b",
    r"Artemis|ID|sha256",
]
WORD = re.compile(r"[A-Za-z]{2,}")
DN_AT_5 = "1.4 rebel production: battleship@raigerin battleship@raigerin"
AS_SKIPPED = (
    "3. black: dice black-red=1 green=6 cyan=2 | S=black-red T=green A=cyan | skill - "
    "| target - | moves -"
)
SOLVABLE = "..b........./....r......./R.....r..B.. r 0 -"

#: One normal run of every command a person reads, by game where a command is per game.
COMMANDS = [
    ["games"],
    ["validate", str(RECORDS)],
    ["validate", str(RECORDS), "--quiet"],
    ["validate", "/no/such/record.json"],
    ["replay", f"{OD}/pincer.json"],
    ["replay", f"{DN}/worked-game.json"],
    ["replay", str(RECORDS / "dark-nebula/pending/unopened-commitment.json")],
    ["replay", f"{AS}/random-game.json", "--to", "20"],
    ["adjudicate", "--record", f"{OD}/pincer.json", "--at", "5", "--action", "O+"],
    ["adjudicate", "--record", f"{OD}/pincer.json", "--at", "5", "--action", "O0-I0"],
    ["adjudicate", "--record", f"{OD}/unfinished.json", "--at", "31", "--solve", "--depth", "3"],
    ["adjudicate", "--record", f"{DN}/worked-game.json", "--at", "5", "--action", DN_AT_5],
    ["adjudicate", "--record", f"{AS}/random-game.json", "--at", "5", "--action", AS_SKIPPED],
    ["orbit-dominion", "analyze", "--moves", "I11-I10 O+"],
    ["orbit-dominion", "perft", "--depth", "2", "--divide"],
    ["orbit-dominion", "solve", SOLVABLE, "--depth", "3"],
    ["dark-nebula", "commit", "--game-id", "2026-11-29-table-3", "--sector", "地球"],
    ["dark-nebula", "board"],
    ["astro-stra", "draw"],
    ["astro-stra", "draw", "b:1=2,2=2 w:5=1", "--geometry", "one-loop"],
]


@cache
def notation_words() -> frozenset[str]:
    """Every word of the games' notation, as the sample records write it in text, and the
    ids records, options and engines use for sides, reasons and protocol features."""
    words: set[str] = set(FEATURES)
    for game in REGISTRY.games:
        words |= {*game.sides, *game.reasons}
    for record in RECORDS.glob("*/[vip]*/*"):
        if record.suffix == ".json":
            text = run("convert", str(record), "--lenient").stdout
        else:
            text = record.read_text(encoding="utf-8")
        words |= set(WORD.findall(text))
    return frozenset(words)


def english_left(output: str) -> list[str]:
    """The lines of ``output`` with a word of English that is neither kept nor notation."""
    notation = notation_words()
    lines = []
    for line in output.splitlines():
        rest = line
        for pattern in (*DATA, *KEPT):
            rest = re.sub(pattern, " ", rest)
        if any(word not in notation for word in WORD.findall(rest)):
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_no_english_under_a_japanese_locale(args: list[str]) -> None:
    """The command's whole output (verdicts, drawings, tables, input errors) in Japanese."""
    result = run(*args)
    assert result.exit_code in (0, 1, 2, 3), result.output
    assert result.output.strip()
    assert english_left(result.output) == []


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["dark-nebula", "board"],
        ["dark-nebula", "commit", "--game-id", "g", "--sector", "earth"],
        ["astro-stra", "draw"],
        ["validate", "/no/such/record.json"],
    ],
    ids=" ".join,
)
def test_the_check_sees_english(args: list[str]) -> None:
    """The same commands under an English locale are caught: the notation allowed is not a
    loophole for prose."""
    assert english_left(run(*args, lang="C.UTF-8").output) != []


def test_the_feature_vocabulary_is_in_japanese_too() -> None:
    """``adjudicator games`` explains each protocol feature in the user's language."""
    for feature in FEATURES:
        assert feature_meaning(feature, "ja") != feature_meaning(feature, "en"), feature


def test_the_samples_notation_is_collected() -> None:
    """The allowed words are the notation's own: a step, a die colour, a sector id."""
    assert {"production", "clear", "tyrann"} <= notation_words()
    assert not {"price", "passed", "point"} & notation_words()


# --- every message, every drawing's text, the report ---------------------------------------
#
# A narrower check than the commands' above: a Latin-letter token is kept only when it is
# notation as the sample records write it (their events, word for word, and the shapes of
# the positions the games print) or a whole id of a game's vocabulary (codes, ids of
# references, interpretations and their readings, sector ids, the protocol's features) or
# a name the rulebooks themselves print in Latin letters. A word of the notation that has
# a Japanese name (a die colour, a side) is not kept: in Japanese prose it is said in
# Japanese.

#: Positions and held dice as the games print them, each a whole token.
NOTATION_SHAPES = re.compile(
    r"\b[bw]:[\d=,]+"  # Astro-Stra pieces on points: b:1=2,2=2
    r"|\b[a-z-]+=\d+"  # a die as colour=pips (green=5)
    r"|\b(?:as|held|swap)=[\w:-]+"  # an Astro-Stra skill's parameter as written: as=blue
    r"|[rRbB.]{12}(?:/[rRbB.]{12}){2}(?: [rb] \d+ \S+)?"  # an Orbit Dominion position
    r"|\b[a-z0-9-]+\[[^\]]*\]"  # a Dark Nebula sector and who stands there
    r"|\b[OMI](?:\d+|k)(?:[-x⇄][OMI](?:\d+|k))?\b"  # Orbit Dominion squares, moves: I11xI10
    r"|[^\s/]*/[^\s]*\.(?:json|txt|html|svg|yaml)\b|\b[\w.-]+\.(?:json|txt|html|svg|yaml)\b"
)
#: Names the Japanese rulebooks print in Latin letters (Astro-Stra's characters, as in
#: its table of skills: Trihaira(トリハイラ) …, and its "PL" for a player).
RULEBOOK_NAMES = frozenset(
    {"Artemis", "Trihaira", "Cetustein", "Karjan", "Necromass", "Scar", "Phrenios", "Melgee"}
    | {"PL", "ID"}
)
#: Names of formats and encodings, of keys on the keyboard (the report's viewer: Home,
#: End), and the time standard (the workbook's 作成日時(UTC)). The games' titles as their
#: rulebooks print them (ORBIT DOMINION, vs) are ids too.
FORMATS_AND_KEYS = frozenset(
    {
        *("JSON", "YAML", "CSV", "SVG", "HTML", "UTF-8", "UTF-16", "Shift_JIS", "NUL"),
        *("Home", "End", "UTC"),
    }
)
#: rich's console markup, never shown: [bold red]…[/]
MARKUP = re.compile(r"\[/?(?:(?:bold|dim|red|green|yellow) ?)*\]")
TOKEN = re.compile(r"-{0,2}[A-Za-z0-9][A-Za-z0-9_-]*")


TERMS = frozenset(n.code for g in REGISTRY.games for t in g.rules.terms for n in t.names)
#: Words of the notation that have a Japanese name: never kept alone.
NAMED = frozenset(
    {
        *(s.code for g in REGISTRY.games for s in g.rules.sides),
        *TERMS,
    }
)
#: Input quoted back as the person wrote it, and the notation's forms quoted as examples.
QUOTED = re.compile(
    r"「[^」]*」|'[^']*'|\"[^\"]*\""  # input quoted back, forms and JSON values as examples
    r"|(?<![\w.\[\]-])[\w.\[\]]+: (?=[^\x00-\x7f])"  # a field path (venue: 未知の…), whole
    r"|(?<=[^\x00-\x7f] )\([a-z_-]+\)"  # an id after its Japanese name: 赤 (red)
    r"|\{\w+\}"  # a template's placeholder, filled by the report's viewer
    r"|\b[0-9a-f]{16,}\b",  # a digest, a nonce
    re.M,
)


def _command_objects(command: Any) -> Iterator[Any]:
    """Every command of the tree, its sub-commands' names being ids (commit, draw)."""
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _command_objects(sub)


def _commands(command: Any) -> Iterator[list[str]]:
    """The option names of every command of the tree (the CLI's own ids: --jobs)."""
    yield [name for param in command.params for name in getattr(param, "opts", [])]
    for sub in getattr(command, "commands", {}).values():
        yield from _commands(sub)


@cache
def vocabulary() -> frozenset[str]:
    """The ids of the games' vocabularies: whole tokens, never the words they are made of."""
    from adjudicator.core.errors import INPUT_ERRORS
    from adjudicator.core.judge.validation import RECORD_MESSAGES

    words: set[str] = {"adjudicator", *FEATURES, *INPUT_ERRORS, *RECORD_MESSAGES}
    for game in REGISTRY.games:
        rules = game.rules
        words |= {game.slug, game.id, *(r.id for r in rules.references)}
        words |= {*TOKEN.findall(game.title_ja), *TOKEN.findall(game.title_en)}
        words |= {f.split("/")[0] for f in (*game.record_formats, *game.rulesets)}
        words |= {s.code for s in rules.violations} | {r.code for r in rules.reasons}
        for i in rules.interpretations:
            words |= {i.id, *i.alternatives, *(f"{i.id}={v}" for v in i.alternatives)}
    words |= {"hello", *(c for g in REGISTRY.games for c in g.commands)}
    words |= {option for command in _commands(ROOT_COMMAND) for option in command}
    for schema in (ROOT / "schemas").glob("*.record.schema.json"):
        words |= set(re.findall(r'"([a-z0-9_]+)": \{', schema.read_text("utf-8")))
    for game in REGISTRY.games:  # the tags of text records, as the skeletons write them
        words |= set(re.findall(r"\[(\w+) ", need(game, Skeleton).skeleton("text", "en")))
    for game in REGISTRY.games:  # the readings' values, as tags and skeletons write them
        package = type(game).__module__.rsplit(".", 1)[0]
        if importlib.util.find_spec(f"{package}.readings") is None:
            continue  # a game without switchable readings
        readings = importlib.import_module(f"{package}.readings")
        for field in readings.Readings.model_fields.values():
            values = get_args(field.annotation)
            words |= {str(v) for v in values} if values else {"true", "false"}
    words |= {i.id.replace("-", "_") for g in REGISTRY.games for i in g.rules.interpretations}
    words |= {"--help", *(c.name for c in _command_objects(ROOT_COMMAND))}
    words |= {path.stem.split("-", 1)[-1] for path in (ROOT / "conformance").glob("*/*.yaml")}
    for path in (ROOT / "conformance").glob("*/*.yaml"):  # a topic as its case file names it
        words |= set(re.findall(r"^topic: (\S+)$", path.read_text("utf-8"), re.MULTILINE))
    board = json.loads((ROOT / "adjudicator/dark_nebula/boards/default.json").read_text("utf-8"))
    words |= {sector["id"] for sector in board["sectors"]} | set(TOKEN.findall(board["id"]))
    words |= {counter["id"] for counter in board["counters"]}
    return frozenset(words - NAMED)


@cache
def written_events() -> tuple[str, ...]:
    """Every event of the sample records as written, longest first: notation quoted back."""
    events: set[str] = set()
    for path in sorted(RECORDS.glob("*/[vip]*/*")):
        text = run("convert", str(path), "--to", "text", "--lenient").stdout
        for line in text.splitlines():
            if line and not line.startswith(("[", "#", ";")):
                events.add(line.strip())
                events.update(part.strip() for part in line.split("|"))
    return tuple(sorted(events, key=len, reverse=True))


@cache
def notation_tokens() -> frozenset[str]:
    """The tokens of the samples' events (Dark Nebula's steps and pieces: ``production``,
    ``command_ship``), but for the words that have a Japanese name (a die colour, a side):
    those are said in Japanese wherever they are not notation quoted whole."""
    tokens = {t for event in written_events() for t in TOKEN.findall(event)}
    return frozenset(tokens - TERMS)


@cache
def quoted_events() -> re.Pattern[str]:
    """The samples' events, longest first, each only where it stands whole (``dice`` inside
    the topic ``held-dice`` is no event)."""
    events = (re.escape(e) for e in written_events() if len(e) > 3)
    return re.compile("|".join(rf"(?<![\w-]){e}(?![\w-])" for e in events))


def prose_english(text: str) -> list[str]:
    """The tokens of ``text`` in Latin letters that are neither notation nor an id."""
    text = quoted_events().sub(" ", text)
    text = MARKUP.sub(" ", NOTATION_SHAPES.sub(" ", QUOTED.sub(" ", text)))
    allowed = vocabulary() | notation_tokens() | RULEBOOK_NAMES | FORMATS_AND_KEYS
    return [
        token
        for token in TOKEN.findall(text)
        if re.search("[A-Za-z]{2}", token) and token not in allowed
    ]


def _arguments(game: Any, fields: set[str]) -> dict[str, Any]:
    """Representative arguments: a side, a reason, a word of the notation the rule data
    names (a die colour), a number for the rest."""
    from adjudicator.core.judge.violations import REASON_ARGS, SIDE_ARGS

    rules = game.rules
    args: dict[str, Any] = {}
    for name in fields:
        table = next((t for t in rules.terms if name in t.args), None)
        if name in SIDE_ARGS:
            args[name] = game.sides[-1]
        elif name in REASON_ARGS:
            args[name] = rules.reasons[0].code
        elif table is not None:
            args[name] = table.names[-1].code
        else:
            args[name] = "3"
    return args


@pytest.mark.parametrize("game", REGISTRY.games, ids=lambda g: g.slug)
def test_every_rule_message_reads_japanese(game: Any) -> None:
    """Each violation of the game's rules.yaml, with representative arguments, its
    citation, and the game's sides, reasons, references and interpretations: in Japanese
    (Astro-Stra's 透明 for ``clear``, never the colour's notation)."""
    from adjudicator.core.judge.violations import Violations

    violations = Violations(lambda: game.rules)
    rules = game.rules
    texts = []
    for spec in rules.violations:
        fields = {name for _, name, _, _ in string.Formatter().parse(spec.ja) if name}
        v = violations(spec.code, **_arguments(game, fields))
        texts += [v.message("ja"), v.cite(rules, "ja")]
    texts += [s.ja for s in rules.sides] + [r.ja for r in rules.reasons]
    texts += [i.reading_ja for i in rules.interpretations]
    texts += [name.ja for table in rules.terms for name in table.names]
    left = {text: prose_english(text) for text in texts}
    assert {text: words for text, words in left.items() if words} == {}


def test_every_core_message_reads_japanese() -> None:
    """The core's message tables (the report's labels, the record checks, …) and its
    input errors' meanings, formatted with numbers for their arguments."""
    from adjudicator.core.errors import INPUT_ERRORS
    from adjudicator.core.i18n import say
    from tests.test_translations import TABLES

    texts = [say(key, "ja") for key in INPUT_ERRORS.values()]
    for pair in TABLES.values():
        ja = pair["ja"]
        for template in ja.values() if isinstance(ja, dict) else [ja]:
            fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            texts.append(template.format(**dict.fromkeys(fields, 3)))
    left = {text: prose_english(text) for text in texts}
    assert {text: words for text, words in left.items() if words} == {}


@pytest.fixture(scope="module")
def raised_violations() -> list[Any]:
    """Every violation the rules raise over the whole conformance suite and the samples,
    with the arguments the games really give."""
    from adjudicator.core.conformance.cases import case_files
    from adjudicator.core.conformance.engine import InProcessEngine
    from adjudicator.core.conformance.runner import Runner
    from adjudicator.core.judge.violations import Violations
    from adjudicator.core.protocol.serve import Server

    seen: list[Any] = []
    call = Violations.__call__

    def recording(self: Violations, code: str, **args: Any) -> Any:
        seen.append(violation := call(self, code, **args))
        return violation

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Violations, "__call__", recording)
        Runner(InProcessEngine(Server(REGISTRY))).run(
            [f for _, f in case_files(ROOT / "conformance")]
        )
        run("validate", str(RECORDS), "--lang", "ja")
    return seen


def test_every_violation_raised_reads_japanese(raised_violations: list[Any]) -> None:
    """The arguments as the rules give them — a die's colour, a skill, why a skill is
    not written right, which event comes where — in Japanese words."""
    codes = {v.code for v in raised_violations}
    assert {"die_value", "bad_skill", "draft_twice", "event_order"} <= codes
    left = {}
    for v in raised_violations:
        words = prose_english(v.message("ja"))
        if words:
            left[v.code] = (v.message("ja"), words)
    assert left == {}


def _svg_text(svg: str) -> list[str]:
    """The words an SVG (or a layer of one) shows or says: its texts, title and
    description."""
    import html

    found = re.findall(r"<(text|title|desc)\b[^>]*>(.*?)</\1>", svg, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", inner)) for _, inner in found]


SVG_SAMPLES = [
    "orbit-dominion/valid/pincer.json",
    "orbit-dominion/invalid",
    "dark-nebula/valid/worked-game.json",
    "dark-nebula/invalid",
    "astro-stra/valid/random-game.json",
    "astro-stra/invalid",
]


@pytest.mark.parametrize("sample", SVG_SAMPLES)
def test_every_drawing_reads_japanese(sample: str) -> None:
    """Every position of the samples drawn as SVG with ``--lang ja`` (each ply of a valid
    game up to 40, the refused event of an invalid one): the dice are 赤色, 透明 …"""
    from adjudicator.cli.records import load

    paths = sorted((RECORDS / sample).glob("*.json")) if "." not in sample else [RECORDS / sample]
    texts: list[str] = []
    for path in paths:
        game, record, _ = load(REGISTRY, path, lenient=True)
        replay = game.replay(record)
        for event in record.events[:40]:
            step = replay.attempt(event.played, lenient=True)
            refused = step.violation is not None or step.decided is not None
            picture = replay.picture(event.written if refused else None, lang="ja")
            if picture is not None:
                texts += _svg_text(picture.svg())
            if refused:
                break
    assert texts
    left = {text: prose_english(text) for text in texts}
    assert {text: words for text, words in left.items() if words} == {}


def test_the_html_report_reads_japanese(tmp_path: Path) -> None:
    """``validate records --html --lang ja``: the page's own words, the summary, and what
    the viewer shows of each record (verdict, citation, suggestion, pending checks,
    warnings, the interpretations in force, each picture's title, description and
    drawing)."""
    import base64
    import html
    import zlib

    report = tmp_path / "report.html"
    run("validate", str(RECORDS), "--lang", "ja", "--html", str(report))
    page = report.read_text("utf-8")
    scripts = dict(re.findall(r'<script type="[^"]*" id="([^"]+)">(.*?)</script>', page, re.S))
    visible = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    texts = [html.unescape(t) for t in re.sub(r"<[^>]+>", "\n", visible).splitlines()]
    texts += [v for v in json.loads(scripts["labels"]).values()]
    boards = json.loads(scripts["boards"]).values()
    texts += [t for svg in boards for t in _svg_text(svg)]
    for key, packed in scripts.items():
        if not re.fullmatch(r"r\d+", key):
            continue
        data = json.loads(zlib.decompress(base64.b64decode(packed)))
        v = data["verdict"]
        p, u = v.get("problem") or {}, v.get("unreadable") or {}
        texts += [p.get(k, "") for k in ("message", "citation", "suggestion")]
        texts += [u.get("message", "")]
        texts += [c["description"] for c in v.get("pending", [])]
        texts += [w["message"] + " " + w["location"] for w in v.get("warnings", [])]
        assert len(data["interp"]) == len(v.get("interpretations", [])), key
        texts += [title for title, _ in data["interp"]]
        texts += data["t"] + data["d"]
        texts += [t for part in data["parts"] for t in _svg_text(part)]
    left = {text: prose_english(text) for text in texts if text.strip()}
    assert {text: words for text, words in left.items() if words} == {}


def test_the_narrow_check_sees_english_and_colours() -> None:
    """The check is real: English prose and a die colour in a Japanese sentence are
    caught; notation quoted back, positions, codes and sector ids are not."""
    assert prose_english("clear のダイスの目 7 は 1〜6 ではありません。") == ["clear"]
    assert prose_english("The red die shows 7") == ["The", "red", "shows"]
    assert prose_english("黒 は black-red を選んでいます") == ["black-red"]
    kept = "b:1=2,2=2 w:13=6; green=5 (die_value) tyrann records/orbit-dominion/valid/pincer.json"
    assert prose_english(kept) == []


#: The main commands beyond those above: a record skeleton, a repair, the conformance run.
MORE_COMMANDS = [
    ["new", "astro-stra"],
    ["new", "dark-nebula"],
    ["new", "orbit-dominion"],
    [
        "repair",
        str(RECORDS / "orbit-dominion/invalid/illegal-action-in-the-middle.json"),
        "--time",
        "3",
    ],
    ["replay", str(RECORDS / "astro-stra/invalid/die-of-seven.json")],
    ["conformance", "run", "--game", "astro-stra"],
]


@pytest.mark.parametrize("args", COMMANDS + MORE_COMMANDS, ids=" ".join)
def test_no_english_word_in_a_commands_prose(args: list[str]) -> None:
    """The narrow check over each command a person runs under a Japanese locale: no die
    colour in a sentence (透明 のダイスの目 7), no skeleton's ``True``, no code on a
    verdict line but for ids of the vocabulary."""
    result = run(*args)
    assert result.exit_code in (0, 1, 2, 3), result.output
    left = {line: prose_english(line) for line in result.output.splitlines()}
    assert {line: words for line, words in left.items() if words} == {}
