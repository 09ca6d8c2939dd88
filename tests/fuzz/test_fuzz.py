"""Every parser answers any input with a verdict or an input error, never an internal
error (a few examples each here; ``python -m tests.fuzz --minutes 10`` for a long run)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.targets import Target, targets


@pytest.mark.parametrize("target", targets(), ids=lambda t: t.name)
def test_no_input_makes_an_internal_error(target: Target) -> None:
    @settings(
        max_examples=target.examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(target.strategy)
    def run(text: str) -> None:
        target.check(text)

    run()
