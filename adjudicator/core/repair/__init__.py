"""Beside the flow: repairing a score sheet that does not replay.

The search for the smallest plausible corrections (``search``), what a copying error costs
(``transcription``) and a repair said in words (``words``).
"""
