"""Judging a replayed record: what is wrong, which article says so, and the verdict.

Violations with their stable codes (``violations``), rule references and interpretations
(``references``), how a game ended (``outcome``, ``outcome_after``), how a ply is counted
(``plies``), the verdict a director reads (``verdict``) and a ruling on a disputed moment
(``ruling``).
"""
