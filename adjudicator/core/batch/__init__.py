"""Beside the flow: many records at once.

Finding record files in folders (``walk``), validating each file and keeping order (``files``) and
spreading the work over a Dask cluster (``distributed``).
"""
