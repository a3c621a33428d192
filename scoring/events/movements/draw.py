"""The draw: random seats each round (for players who change partners, random partners too)."""
from __future__ import annotations

import lang

from ..model import Pairing
from .protocol import Movement, PlayerSeating, Seating, player_byes


def seat(seating: Seating) -> Pairing:
    """Random seats; the entrants out (n mod size) are drawn among those who sat out least."""
    n, size, had_byes = len(seating.event.entrants), seating.event.table_size, seating.had_byes
    order = list(range(n))
    seating.rng.shuffle(order)
    out = sorted(order, key=lambda e: had_byes[e])[:n % size]  # a stable sort: by lot among equals
    seated = [e for e in order if e not in out]
    return Pairing(tuple(tuple(seated[i:i + size]) for i in range(0, len(seated), size)), tuple(sorted(out)))


def seat_players(seating: PlayerSeating) -> Pairing:
    """Seats and partners by lot, four a table in seat order N, E, S, W; n mod 4 sit out, by lot among those who sat
    out least."""
    out = player_byes(seating.order, seating.had_byes, seating.n % 4, seating.rng)
    seated = [e for e in seating.order if e not in out]
    seating.rng.shuffle(seated)
    return Pairing(tuple(tuple(seated[i:i + 4]) for i in range(0, len(seated), 4)), tuple(sorted(out)))


MOVEMENT = Movement(name="draw", label=lang.L_("Draw"), help=lang.L_("Seats are drawn at random every round."),
                    players_help=lang.L_("Seats and partners are drawn at random every round."),
                    word=lang.L_("drawn seats"), seat=seat, seat_players=seat_players)
