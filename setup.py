"""Build step that setuptools' declarative configuration cannot express: a wheel carries the
repository's conformance suite, JSON Schemas and example engines inside the package
(``adjudicator/_data/``), where :mod:`adjudicator.core.shipped` finds them. The folders stay
at the top of the repository, where they are edited."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("conformance", "schemas", "examples")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the folders of the checkout
        target = Path(self.build_lib, "adjudicator", "_data")
        for name in SHIPPED:
            shutil.copytree(
                name,
                target / name,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules"),
            )


setup(cmdclass={"build_py": BuildWithData})
