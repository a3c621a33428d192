"""Meldbook's benchmarks: `python bench/run.py` (see run.py)."""
