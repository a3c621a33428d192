"""Modified Danish (API.md "Partners who change", `danish-modified`, also for fixed pairs): as Danish, but no two
entrants who were opponents in the previous round meet again, except in the event's last planned round, which is
seated as plain Danish. The tables are filled from the top: each takes the best placed entrant not yet seated, then
the next best placed who meet no one at the table they opposed last round; where no such entrant is left, the best
placed one left."""
from __future__ import annotations

from typing import Callable

import lang

from ..model import Pairing
from .danish import danish, danish_players, first_order, player_order
from .protocol import Movement, PlayerSeating, Seating, player_byes


def _first_fit(left: list[int], fits: Callable[[int], bool]) -> int:
    """The best placed of `left` that fits, else the best placed of `left`."""
    return next((e for e in left if fits(e)), left[0])


def seat(seating: Seating) -> Pairing:
    """Fixed pairs: table 1 is the best placed against the best placed it did not meet last round, and so on down;
    the one out (an odd count) as Danish chooses it; the last planned round (and a first round, by lot) is Danish."""
    order = first_order(seating)
    if not seating.rounds_so_far or seating.last_planned():
        return danish(order, seating.had_byes)
    byes = danish(order, seating.had_byes).byes
    return Pairing(modified_pairs([e for e in order if e not in byes], seating.met_last), byes)


def modified_pairs(order: list[int], met_last: frozenset) -> tuple[tuple[int, int], ...]:
    """Two a table from the top of `order`, each against the best placed left it did not meet last round."""
    left, tables = list(order), []
    while left:
        first = left.pop(0)
        other = _first_fit(left, lambda e: frozenset((first, e)) not in met_last)
        left.remove(other)
        tables.append((first, other))
    return tuple(tables)


def seat_players(seating: PlayerSeating) -> Pairing:
    """Players: n mod 4 sit out first; then each table takes N, the best placed left; S, the best placed left who
    did not oppose N last round; E and W, the best placed left who opposed neither N nor S (each: else the best
    placed left). Seat order N, E, S, W. The last planned round (and a first round, by lot) is Danish."""
    order = player_order(seating)
    if seating.round_number == 1 or seating.round_number == seating.last_round:
        return danish_players(order, seating.had_byes)
    out = player_byes(order, seating.had_byes, len(order) % 4)
    return Pairing(modified_fours([e for e in order if e not in out], seating.opposed_last), tuple(out))


def modified_fours(order: list[int], opposed_last: frozenset) -> tuple[tuple[int, int, int, int], ...]:
    left, tables = list(order), []

    def free(e: int, *of: int) -> bool:
        return all(frozenset((e, o)) not in opposed_last for o in of)

    while left:
        north = left.pop(0)
        south = _first_fit(left, lambda e: free(e, north))
        left.remove(south)
        east = _first_fit(left, lambda e: free(e, north, south))
        left.remove(east)
        west = _first_fit(left, lambda e: free(e, north, south))
        left.remove(west)
        tables.append((north, east, south, west))
    return tuple(tables)


MOVEMENT = Movement(
    name="danish-modified", label=lang.L_("Modified Danish"),
    help=lang.L_("As Danish, by the standings, but two pairs who met in the last round do not meet again, except in "
                 "the last round. Two at a table only."),
    players_help=lang.L_("As Danish, by the standings, but last round's opponents do not face each other again, "
                         "except in the last round."),
    word=lang.L_("modified Danish"), seat=seat, seat_players=seat_players, two_a_table=True)
