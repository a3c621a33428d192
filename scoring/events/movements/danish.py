"""Danish (two entrants a table, API.md "Tournaments as federations run them"): the standings before the round seat
the tables, 1st v 2nd, 3rd v 4th …; meeting again is allowed. A first round that is Danish is seated by lot."""
from __future__ import annotations

from ..model import Pairing

PAIRS_ONLY = True


def seat(seating) -> Pairing:
    """Entrants sharing a place in `entrants` order, the best placed at table 1 and listed first; with an odd count,
    of the entrants who sat out least, the lowest placed sits out (the last in `entrants` order among those sharing
    that place)."""
    if not seating.rounds_so_far:
        order = list(range(len(seating.event.entrants)))
        seating.rng.shuffle(order)
    else:
        order = [row.entrant for row in seating.standings()]  # place, then entrants order
    return danish(order, seating.had_byes)


def danish(order: list[int], had_byes) -> Pairing:
    """Tables of consecutive entrants in `order` (best first), the one out chosen as seat() says."""
    byes = ()
    if len(order) % 2:
        least = min(had_byes[e] for e in order)
        out = next(e for e in reversed(order) if had_byes[e] == least)
        byes, order = (out,), [e for e in order if e != out]
    return Pairing(tuple((order[i], order[i + 1]) for i in range(0, len(order), 2)), byes)
