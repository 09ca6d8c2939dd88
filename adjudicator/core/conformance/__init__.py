"""The conformance suite's machinery: case files, an engine driven over the protocol, the
runner and rule coverage. Game-agnostic: a case names its game, and its expectations are
matched against the fields of the protocol's ``evaluate`` and ``perft`` answers."""
