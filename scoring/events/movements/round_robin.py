"""Round robin (two entrants a table): every entrant meets every other once, FIDE Berger tables."""
from __future__ import annotations

from ..model import Pairing

PAIRS_ONLY = True


def most_rounds(n: int) -> int:
    """A round robin's rounds: n − 1, or n with an odd count (each entrant also sits out once)."""
    return n if n % 2 else n - 1


def seat(seating) -> Pairing:
    """The event's k-th round-robin round is Berger's round k."""
    return berger(len(seating.event.entrants), seating.kth())


def berger(n: int, round_number: int) -> Pairing:
    """FIDE Berger tables (caissify-pairings' round_robin engine): entrant i is pairing number i + 1; with an odd
    count whoever meets the phantom sits out."""
    from caissify_pairings import generate_pairings  # loaded when a round robin is first paired

    players = [{"id": i, "name": str(i), "starting_number": i + 1} for i in range(n)]
    rows = generate_pairings(system="round_robin", players=players, previous_pairings=set(),
                             round_number=round_number, total_rounds=most_rounds(n))
    tables = tuple((p["white_id"], p["black_id"]) for p in rows if not p.get("bye"))
    return Pairing(tables, tuple(p["white_id"] for p in rows if p.get("bye")))
