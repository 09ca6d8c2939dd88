"""Fuzzing every parser: in CI a few examples each (tests/fuzz/test_fuzz.py), and a long
run with ``python -m tests.fuzz --minutes N`` (see tests/fuzz/__main__.py)."""
