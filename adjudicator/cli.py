"""The ``adjudicator`` console script: the core's commands plus every installed game's."""

from __future__ import annotations

from adjudicator.core.cli import build_app
from adjudicator.core.registry import Registry, installed_games


def main() -> None:
    build_app(Registry(installed_games()))()


if __name__ == "__main__":
    main()
