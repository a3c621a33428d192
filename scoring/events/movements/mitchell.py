"""Mitchell (two entrants a table, API.md "Tournaments as federations run them"): the first ⌈n/2⌉ entrants are the
North-South line and keep their table; the East-West line moves one table up each Mitchell round."""
from __future__ import annotations

import lang

from ..model import Pairing
from .protocol import Movement, Seating


def tables(n: int) -> int:
    """t = ⌈n/2⌉: the North-South line, one table each."""
    return (n + 1) // 2


def most_rounds(n: int) -> int:
    """Within t Mitchell rounds no two entrants meet twice; there is no (t + 1)-th."""
    return tables(n)


def seat(seating: Seating) -> Pairing:
    """The event's k-th Mitchell round: North-South entrant i at table i + 1, East-West entrant j (0-based in its
    line) at table ((j + k − 1) mod t) + 1; with an odd n the North-South entrant whose table gets no East-West
    entrant sits out. A table lists its North-South entrant first."""
    return mitchell(len(seating.event.entrants), seating.kth())


def mitchell(n: int, k: int) -> Pairing:
    t = tables(n)
    east_west = {((j + k - 1) % t): t + j for j in range(n - t)}  # table index → East-West entrant
    seated = [(i + 1, (i, east_west[i])) for i in range(t) if i in east_west]
    return Pairing(tuple(s for _, s in seated), tuple(i for i in range(t) if i not in east_west),
                   tuple(number for number, _ in seated))


def next_tables(n: int, k: int) -> dict[int, int]:
    """Where each East-West entrant sits in the event's (k + 1)-th Mitchell round (entrant → table), after the k-th;
    nothing after the last (North-South entrants keep their table)."""
    if k >= most_rounds(n):
        return {}
    pairing = mitchell(n, k + 1)
    return {east_west: table for (_, east_west), table in zip(pairing.tables, pairing.table_numbers())}


MOVEMENT = Movement(
    name="mitchell", label=lang.L_("Mitchell"),
    help=lang.L_("The first half of the list (North-South) keeps its table; the other half (East-West) moves one "
                 "table on each round, so every East-West pair meets every North-South pair once. Two at a table "
                 "only."),
    word=lang.L_("Mitchell"), seat=seat, two_a_table=True, most_rounds=most_rounds, next_tables=next_tables,
    # a table's first entrant is North-South, the other East-West
    lines=((lang.lazy_pgettext("a Mitchell line, short", "NS"), lang.L_("North-South")),
           (lang.lazy_pgettext("a Mitchell line, short", "EW"), lang.L_("East-West"))),
    then="danish")  # the usual evening: the Mitchell rounds, then a Danish
