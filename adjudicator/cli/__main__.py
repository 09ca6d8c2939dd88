"""``python -m adjudicator.cli``: the console script."""

from adjudicator.cli import main

main()
