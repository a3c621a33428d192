"""Danish (API.md "Tournaments as federations run them"; for players, "Partners who change"): the standings before
the round seat the tables; meeting again is allowed. A first round that is Danish is seated by lot."""
from __future__ import annotations

from collections import Counter

import lang

from ..model import Pairing
from .protocol import Movement, PlayerSeating, Seating, player_byes, tables_of_four


def seat(seating: Seating) -> Pairing:
    """Fixed pairs, two a table: 1st v 2nd, 3rd v 4th … (sharing a place: `entrants` order), the best placed at
    table 1 and listed first; with an odd count, of the entrants who sat out least, the lowest placed sits out (the
    last in `entrants` order among those sharing that place)."""
    return danish(first_order(seating), seating.had_byes)


def first_order(seating: Seating) -> list[int]:
    """The standings' order, or a lot for a first round."""
    if not seating.rounds_so_far:
        order = list(range(len(seating.event.entrants)))
        seating.rng.shuffle(order)
        return order
    return seating.order()


def danish(order: list[int], had_byes) -> Pairing:
    """Tables of consecutive entrants in `order` (best first), the one out chosen as seat() says."""
    byes = ()
    if len(order) % 2:
        least = min(had_byes[e] for e in order)
        out = next(e for e in reversed(order) if had_byes[e] == least)
        byes, order = (out,), [e for e in order if e != out]
    return Pairing(tuple((order[i], order[i + 1]) for i in range(0, len(order), 2)), byes)


def player_order(seating: PlayerSeating) -> list[int]:
    """The standings' order; a first round's by lot."""
    order = list(seating.order)
    if seating.round_number == 1:
        seating.rng.shuffle(order)
    return order


def seat_players(seating: PlayerSeating) -> Pairing:
    """Players: n mod 4 sit out first (protocol.player_byes); then at table k the places 4k−3, 4k−2, 4k−1, 4k sit
    N, S, E, W (N & S partners)."""
    return danish_players(player_order(seating), seating.had_byes)


def danish_players(order: list[int], had_byes: Counter) -> Pairing:
    out = player_byes(order, had_byes, len(order) % 4)
    return Pairing(tables_of_four([e for e in order if e not in out]), tuple(out))


MOVEMENT = Movement(
    name="danish", label=lang.L_("Danish"),
    help=lang.L_("Each round seats by the standings: 1st against 2nd, 3rd against 4th … (meeting again is allowed). "
                 "Two at a table only."),
    players_help=lang.L_("Each round seats by the standings: 1st and 2nd partners against 3rd and 4th, and so on; "
                         "the first round by lot."),
    word=lang.L_("Danish"), seat=seat, seat_players=seat_players, two_a_table=True)
