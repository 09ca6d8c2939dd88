"""Every help page of the command line, in both languages, saved to a folder to compare.

A change meant to keep the help as it is (where its texts are kept, how the language is
chosen) is checked by saving these pages before and after and comparing the two folders
byte for byte: each command's and group's ``--help`` (and ``-h``), a group with no command,
under an English and a Japanese locale (``LANG``, ``LC_ALL``), with ``--lang ja`` under the
English one and ``--lang en`` under the Japanese one, ``--lang`` before the command too,
and a usage error, each with its exit code. The real console script is run, at a fixed
width, as a person runs it.

    python -m tests.help_outputs before/      # on the old tree
    python -m tests.help_outputs after/       # on the new one
    diff -r before/ after/
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ENGLISH = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
JAPANESE = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
#: How a language is chosen: (name, locale, words before the command, words after it).
WAYS: tuple[tuple[str, dict[str, str], list[str], list[str]], ...] = (
    ("en", ENGLISH, [], ["--help"]),
    ("ja", JAPANESE, [], ["--help"]),
    ("lc-all-ja", {**ENGLISH, "LC_ALL": "ja_JP.UTF-8"}, [], ["-h"]),
    ("lang-ja", ENGLISH, [], ["--lang", "ja", "--help"]),
    ("lang-en", JAPANESE, [], ["--help", "--lang=en"]),
    ("lang-ja-first", ENGLISH, ["--lang", "ja"], ["--help"]),
)


def command_paths() -> list[tuple[list[str], bool]]:
    """Every command's path (the root's is empty), and whether it is a group."""
    import typer

    from adjudicator.cli.app import build_app
    from adjudicator.core.registry import Registry, installed_games

    def walk(command: object, path: list[str]) -> Iterator[tuple[list[str], bool]]:
        subs: dict[str, object] = getattr(command, "commands", {})
        yield path, bool(subs)
        for name, sub in subs.items():
            yield from walk(sub, [*path, name])

    root = typer.main.get_command(build_app(Registry(installed_games())))
    return list(walk(root, []))


def runs() -> Iterator[tuple[str, dict[str, str], list[str]]]:
    """(file name, environment, arguments) of every page saved."""
    for path, group in command_paths():
        name = "-".join(path) or "adjudicator"
        for way, env, before, after in WAYS:
            yield f"{name}.{way}", env, [*before, *path, *after]
        if group:  # a group with no command prints its help
            yield f"{name}.bare.en", ENGLISH, path
            yield f"{name}.bare.ja", JAPANESE, path
            yield f"{name}.bare.lang-ja", ENGLISH, [*path, "--lang", "ja"]
    for way, env in (("en", ENGLISH), ("ja", JAPANESE)):
        yield f"usage-error.{way}", env, ["validate", "--nope"]
        yield f"no-such-command.{way}", env, ["valdate"]


def save(folder: Path, name: str, env: dict[str, str], args: list[str]) -> None:
    command = [shutil.which("adjudicator") or "adjudicator", *args]
    environment = {**os.environ, **env, "COLUMNS": "100", "TERM": "dumb"}
    done = subprocess.run(command, capture_output=True, env=environment, check=False)
    (folder / name).write_bytes(
        b"$ "
        + " ".join(args).encode()
        + b"\n"
        + done.stdout
        + b"\n--- stderr\n"
        + done.stderr
        + f"\n--- exit {done.returncode}\n".encode()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    folder: Path = parser.parse_args().folder
    folder.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:
        for future in [pool.submit(save, folder, *run) for run in runs()]:
            future.result()


if __name__ == "__main__":
    main()
