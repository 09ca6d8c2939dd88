"""Settings shared by the whole suite.

Hypothesis's per-example deadline measures wall time, which on a loaded two-core machine
says more about the neighbours than about the code: it is off for every property test.
Speed is measured by the benchmarks, never by a test.

Tests run under an English locale unless they ask for Japanese, so that the English help
and messages they read do not depend on the machine's locale.
"""

import pytest
from hypothesis import settings

settings.register_profile("adjudicator", deadline=None)
settings.load_profile("adjudicator")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts under an English locale, whatever the machine's: a test that wants
    Japanese says so (``--lang ja`` or ``LANG=ja_JP.UTF-8`` in its own environment)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
