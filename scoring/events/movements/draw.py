"""The draw: random seats each round."""
from __future__ import annotations

from ..model import Pairing

PAIRS_ONLY = False


def seat(seating) -> Pairing:
    """Random seats; the entrants out (n mod size) are drawn among those who sat out least."""
    n, size, had_byes = len(seating.event.entrants), seating.event.table_size, seating.had_byes
    order = list(range(n))
    seating.rng.shuffle(order)
    out = sorted(order, key=lambda e: had_byes[e])[:n % size]  # a stable sort: by lot among equals
    seated = [e for e in order if e not in out]
    return Pairing(tuple(tuple(seated[i:i + size]) for i in range(0, len(seated), size)), tuple(sorted(out)))
