"""Progressive (API.md "Partners who change", `progressive`; an American canasta party): the first round by lot;
after it, at every table but table 1 the winning side moves up one table and the losing side stays; at table 1 the
winners stay and the losers go to the last table. At each table the two who stayed split up: the one who sat first
in seat order (N, E, S, W) sits N, the other E; of the two who arrive, the better placed in the standings after the
round (equal: `entrants` order) sits S, partnering N, and the other W. A table's winners are its game's; when they
share, side 1 (N & S) counts as the winner. At least 8 players, a multiple of four."""
from __future__ import annotations

import lang

from ...base import FieldError
from ..model import Pairing
from .protocol import Movement, PlayerSeating

LEAST = 8


def seat_players(seating: PlayerSeating) -> Pairing:
    if seating.round_number == 1 or not seating.previous:
        order = list(seating.order)
        seating.rng.shuffle(order)
        return Pairing(tuple(tuple(order[i:i + 4]) for i in range(0, len(order), 4)), ())
    return Pairing(progress(seating.previous, seating.winners, seating.place()), ())


def progress(previous, side_one_won, place: dict[int, int]) -> tuple[tuple[int, int, int, int], ...]:
    """The next round's tables (N, E, S, W) from the last round's (`previous`, each N, E, S, W), whether side 1
    counted as each table's winner, and each player's place after the round (0: the best)."""
    sides = [((n, s), (e, w)) if one else ((e, w), (n, s)) for (n, e, s, w), one in zip(previous, side_one_won)]
    count = len(previous)
    tables = []
    for t in range(count):
        stay = sides[0][0] if t == 0 else sides[t][1]  # (winners, losers)
        arrive = sides[t + 1][0] if t + 1 < count else sides[0][1]
        at = previous[t]
        north, east = sorted(stay, key=at.index)
        south, west = sorted(arrive, key=lambda e: (place[e], e))
        tables.append((north, east, south, west))
    return tuple(tables)


def refuses(n: int, rounds: int | None) -> list[FieldError]:
    if n < LEAST or n % 4:
        return [FieldError("entrants", lang._("A progressive party seats a multiple of 4 players, at least %(least)s; "
                                              "got %(got)s.", least=LEAST, got=n))]
    return []


MOVEMENT = Movement(
    name="progressive", label=lang.L_("Progressive"),
    help=lang.L_("Winners move up a table and split up; table 1's losers go to the last table."),
    players_help=lang.L_("Winners move up a table and split up; table 1's losers go to the last table."),
    word=lang.L_("progressive"), seat_players=seat_players, two_a_table=True, refuses=refuses)
