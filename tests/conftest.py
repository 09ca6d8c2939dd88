"""Settings shared by the whole suite.

Hypothesis's per-example deadline measures wall time, which on a loaded two-core machine
says more about the neighbours than about the code: it is off for every property test.
Speed is measured by the benchmarks, never by a test.
"""

from hypothesis import settings

settings.register_profile("adjudicator", deadline=None)
settings.load_profile("adjudicator")
