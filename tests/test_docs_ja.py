"""The Japanese pages (README.ja.md and docs/ja/): what they show is what the tool prints.

Every ``$ adjudicator …`` line of a ``console`` block of docs/ja/ is run in-process, in a
Japanese locale, from a scratch folder that sees the project's records, and prints the lines
shown under it: exactly, or where a ``…`` line stands for lines left out, the rest in order
(README.ja.md's run in a shell, by tests/test_readme_commands.py). ``$ echo $?`` shows the
exit code of the command before it. Every relative link resolves, each English key page and
its Japanese page link each other, and each game's page gives every numbered interpretation
with the articles it rests on and the values it can be switched to.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.app import build_app
from adjudicator.core.registry import Registry, installed_games

ROOT = Path(__file__).resolve().parents[1]
JA = ROOT / "docs" / "ja"
PAGES = [ROOT / "README.ja.md", *sorted(JA.glob("*.md"))]

GAMES = ("orbit-dominion", "dark-nebula", "astro-stra")

#: Each English key page and its Japanese page.
COUNTERPARTS = {
    "README.md": "README.ja.md",
    "docs/records.md": "docs/ja/records.md",
    "docs/report.md": "docs/ja/directors.md",
    "docs/repair.md": "docs/ja/repair.md",
    "docs/orbit-dominion.md": "docs/ja/orbit-dominion.md",
    "docs/dark-nebula.md": "docs/ja/dark-nebula.md",
    "docs/astro-stra.md": "docs/ja/astro-stra.md",
    "docs/conformance.md": "docs/ja/conformance.md",
}

#: What a director or an arbiter reads, whatever else is added.
REQUIRED = ["README.md", "directors.md", "arbiters.md", "records.md", *(f"{g}.md" for g in GAMES)]

#: The folders of the checkout an example may name.
SHARED = ("records", "examples", "conformance", "schemas")

#: A Japanese locale, as a Japanese director's terminal has.
JAPANESE = {"LANG": "ja_JP.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


@dataclass
class Example:
    """One ``$ …`` line of a page and the output lines shown under it."""

    page: Path
    line: int
    command: str
    shown: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}: {self.command}"


def examples(page: Path) -> list[Example]:
    """The commands of the page's ``console`` blocks, in order, with what each shows."""
    found: list[Example] = []
    inside = False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            inside = line == "```console"
            current = None
        elif inside and line.startswith("$ "):
            current = Example(page, number, line[2:])
            found.append(current)
        elif inside and current is not None:
            current.shown.append(line)
    return found


@dataclass
class Shell:
    """Just enough of a shell for the pages' examples: ``VAR=value`` before the command,
    ``< FILE`` and ``> FILE``, and ``echo $?``. Anything else fails, so that a page never
    shows a line the test does not run."""

    folder: Path
    status: int = 0

    def run(self, command: str) -> tuple[str, int]:
        if command == "echo $?":
            return f"{self.status}\n", 0
        words = shlex.split(command)
        env = dict(JAPANESE)
        while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
            name, _, value = words.pop(0).partition("=")
            env[name] = value
        stdin, stdout = None, None
        for sign in ("<", ">"):
            if sign in words:
                at = words.index(sign)
                target = self.folder / words[at + 1]
                del words[at : at + 2]
                if sign == "<":
                    stdin = target.read_bytes()
                else:
                    stdout = target
        assert words[0] == "adjudicator", f"only adjudicator commands are run: {command}"
        assert not {"|", "&&", ";", "2>&1"} & set(words), f"unsupported shell: {command}"
        runner = CliRunner(env=env)
        result = runner.invoke(build_app(Registry(installed_games())), words[1:], input=stdin)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        self.status = result.exit_code
        if stdout is not None:
            stdout.write_text(result.stdout, encoding="utf-8")
            return result.stderr, result.exit_code
        return result.output, result.exit_code


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _same(shown: str, printed: str) -> bool:
    """A shown line is the printed one, or, ending in ``…``, the start of it."""
    return printed == shown or (shown.endswith("…") and printed.startswith(shown[:-1]))


def _at(shown: list[str], got: list[str], at: int) -> bool:
    return at + len(shown) <= len(got) and all(
        _same(s, g) for s, g in zip(shown, got[at : at + len(shown)], strict=False)
    )


def check(example: Example, printed: str) -> None:
    """The lines shown are printed, all of them and nothing else, trailing spaces aside —
    except where a line ``…`` (indented or not) stands for lines left out, and a line ending
    in ``…`` for a printed line that begins with it. The runs of lines between the ``…``
    lines are printed whole and in order; the first starts the output and the last ends it,
    unless a ``…`` stands before or after them."""
    shown = _lines("\n".join(example.shown))
    got = _lines(printed)
    runs: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == "…":
            runs.append([])
        else:
            runs[-1].append(line)
    message = f"{example} printed:\n" + "\n".join(got)
    if len(runs) == 1:
        assert len(got) == len(shown) and _at(shown, got, 0), message
        return
    first, *middle, last = runs
    assert _at(first, got, 0), message
    position = len(first)
    for run in middle:
        found = next((at for at in range(position, len(got) + 1) if _at(run, got, at)), None)
        assert found is not None, f"{example}: {run!r} not printed (in order):\n" + "\n".join(got)
        position = found + len(run)
    assert len(got) - len(last) >= position and _at(last, got, len(got) - len(last)), message


def test_the_japanese_pages_exist_and_have_examples() -> None:
    """The quickstart speaks to directors and arbiters; the index, their guides, records and
    each game have a page, and the guides show commands (prose only would test nothing)."""
    assert set(REQUIRED) <= {p.name for p in JA.glob("*.md")}
    readme = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    assert "大会運営者" in readme and "審判" in readme
    for name in ("directors.md", "arbiters.md", "records.md"):
        assert len(examples(JA / name)) >= 3, name


#: The guides' pages; README.ja.md's commands run as a reader types them, in a shell with the
#: installed command, in tests/test_readme_commands.py.
GUIDES = [page for page in PAGES if page.parent == JA]


@pytest.mark.parametrize("page", GUIDES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_prints_what_the_page_shows(page: Path, tmp_path: Path, monkeypatch) -> None:
    """Each command runs in a Japanese locale (no usage error, no internal error) and prints
    the lines shown under it; a command shown without output is still run. The commands of a
    page run in order in one scratch folder, so one may read what an earlier one wrote."""
    for name in SHARED:
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    shell = Shell(tmp_path)
    for example in examples(page):
        if "--engine" in example.command:
            continue  # an engine in a subprocess: docs/conformance.md's examples run it
        printed, status = shell.run(example.command)
        usage_error = "Usage:" in printed or "使い方:" in printed
        assert not usage_error and status != 4, f"{example}:\n{printed}"
        if example.shown:
            check(example, printed)


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _relative_links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if not re.match(r"[a-z]+:", target) and not target.startswith("#")
    ]


def _anchors(page: Path) -> set[str]:
    """The fragment each heading gets, as GitHub makes it: lower case, punctuation dropped,
    spaces as hyphens (Japanese letters stay)."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    headings = re.findall(r"^#+ (.+)$", text, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    """Each link names a file that exists and, with ``#``, a heading of that page."""
    for target in _relative_links(page):
        path, _, anchor = target.partition("#")
        linked = page.parent / path
        assert linked.exists(), f"{page.relative_to(ROOT)} links {target}"
        if anchor:
            assert anchor in _anchors(linked), f"{page.relative_to(ROOT)} links {target}"


@pytest.mark.parametrize(("english", "japanese"), COUNTERPARTS.items())
def test_each_key_page_links_its_japanese_page_and_back(english: str, japanese: str) -> None:
    """A reader of either language finds the other from the top of the page."""
    en, ja = ROOT / english, ROOT / japanese

    def links(page: Path) -> set[Path]:
        return {(page.parent / t.split("#")[0]).resolve() for t in _relative_links(page)}

    assert ja.resolve() in links(en), f"{english} does not link {japanese}"
    assert en.resolve() in links(ja), f"{japanese} does not link {english}"


def test_the_japanese_readme_leads_to_every_japanese_page() -> None:
    readme = {(ROOT / t).resolve() for t in _relative_links(ROOT / "README.ja.md")}
    index = {(JA / t).resolve() for t in _relative_links(JA / "README.md")}
    assert (JA / "README.md").resolve() in readme
    assert {p.resolve() for p in JA.glob("*.md")} - {(JA / "README.md").resolve()} <= index


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n#", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_page_gives_every_interpretation_its_articles_and_switches(name: str) -> None:
    """Each numbered interpretation has its own heading (number and id), cites each article it
    rests on as the rulebook numbers it, and names every value it can be switched to, with
    the ``-I`` field that switches it."""
    rules = Registry(installed_games()).find(name).rules
    text = (JA / f"{name}.md").read_text(encoding="utf-8")
    for interpretation in rules.interpretations:
        heading = f"### 解釈 {interpretation.number} — `{interpretation.id}`"
        assert heading in text, heading
        section = _section(text, heading)
        for rule in interpretation.rules:
            assert rules.ref(rule).cite_ja in section, (interpretation.id, rule)
        for value in interpretation.alternatives:
            shown = (f"{interpretation.id}={value}", f"`{value}`")
            assert any(s in section for s in shown), (interpretation.id, value)


def test_the_astro_stra_page_maps_each_colour_and_skill_to_the_rulebooks_name() -> None:
    """A Japanese reader writes a record's colours and skills as the notation spells them
    (``black-red``) and reads messages in the rulebook's names (S:スキルの一覧, 黒色赤目): the
    page's table gives, for each, exactly the names the messages use (the game's ``terms``)."""
    rules = Registry(installed_games()).find("astro-stra").rules
    dice, skills = ({t.code: t.ja for t in table.names} for table in rules.terms)
    expected = [(code, dice.get(code, "—"), ja) for code, ja in skills.items()]
    assert set(dice) <= set(skills)
    text = (JA / "astro-stra.md").read_text(encoding="utf-8")
    table = text.split("| 記録での表記 | ダイスの色 | スキル(キャラクタ) |\n", 1)[1].split("\n\n")[
        0
    ]
    rows = re.findall(r"^\| `([a-z-]+)` \| ([^|]+) \| ([^|]+) \|$", table, flags=re.MULTILINE)
    assert [(code, a.strip(), b.strip()) for code, a, b in rows] == expected


@pytest.mark.parametrize("name", GAMES)
def test_each_game_page_lists_every_violation_code_and_reason(name: str) -> None:
    """An arbiter looking up a code from a verdict finds it on the game's page."""
    rules = Registry(installed_games()).find(name).rules
    text = (JA / f"{name}.md").read_text(encoding="utf-8")
    for entry in (*rules.violations, *rules.reasons):
        assert f"| `{entry.code}` |" in text, entry.code


def test_an_example_fails_when_the_output_differs() -> None:
    """The comparison is exact unless ``…`` says lines are left out, and order counts."""
    example = Example(ROOT / "README.ja.md", 1, "adjudicator x", ["a", "…", "c…"])
    check(example, "a\nb\ncd\n")
    check(example, "a\ncd\n")
    for printed in ("a\nb\n", "cd\na\n", "a\nb\nd\n", "a\ncd\ne\n", "x\na\ncd\n"):
        with pytest.raises(AssertionError):
            check(example, printed)
    exact = Example(ROOT / "README.ja.md", 1, "adjudicator x", ["a", "b"])
    check(exact, "a  \nb\n\n")
    for printed in ("a\nb\nc\n", "a\nx\nb\n", " a\nb\n"):
        with pytest.raises(AssertionError):
            check(exact, printed)


def test_only_an_elision_lets_lines_be_left_out() -> None:
    """Lines shown together are printed together: without a ``…`` between them no line may
    come between; an indented ``…`` is an elision too, and one at the start or the end lets
    the output begin or go on with other lines."""
    example = Example(ROOT / "README.md", 1, "adjudicator x", ["…", "b", "c", "  …", "e"])
    check(example, "a\nb\nc\nd\ne\n")
    check(example, "b\nc\ne\n")
    for printed in ("a\nb\nx\nc\nd\ne\n", "b\nc\nd\ne\nf\n", "b\nc\n", "c\nb\ne\n"):
        with pytest.raises(AssertionError):
            check(example, printed)
    tail = Example(ROOT / "README.md", 1, "adjudicator x", ["a", "…"])
    check(tail, "a\nb\n")
    with pytest.raises(AssertionError):
        check(tail, "b\na\n")
