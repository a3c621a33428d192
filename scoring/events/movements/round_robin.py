"""Round robin (two entrants a table): every entrant meets every other once, FIDE Berger tables."""
from __future__ import annotations

import lang

from ...base import FieldError
from ..model import Pairing
from .protocol import Movement, Seating


def most_rounds(n: int) -> int:
    """A round robin's rounds: n − 1, or n with an odd count (each entrant also sits out once)."""
    return n if n % 2 else n - 1


def seat(seating: Seating) -> Pairing:
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


def wider(table_size: int) -> FieldError:
    return FieldError("movement", lang._("A round robin seats two entrants a table (each meets every other once); "
                                         "with table_size %(size)s choose “swiss” or “draw”.", size=table_size))


def refuses(entrants: int, rounds: int | None) -> list[FieldError]:
    """More rounds than the round robin of `entrants` has: refused, naming `rounds`."""
    if not entrants or rounds is None:
        return []
    most = most_rounds(entrants)
    if rounds > most:
        if entrants % 2:
            return [FieldError("rounds", lang.ngettext(
                "A round robin of %(entrants)s entrants has %(num)s round (an odd count: each entrant also sits out "
                "once); rounds must be from 1 to %(most)s (got %(got)s).",
                "A round robin of %(entrants)s entrants has %(num)s rounds (an odd count: each entrant also sits out "
                "once); rounds must be from 1 to %(most)s (got %(got)s).", most, entrants=entrants, most=most,
                got=rounds))]
        return [FieldError("rounds", lang.ngettext(
            "A round robin of %(entrants)s entrants has %(num)s round; rounds must be from 1 to %(most)s (got %(got)s).",
            "A round robin of %(entrants)s entrants has %(num)s rounds; rounds must be from 1 to %(most)s "
            "(got %(got)s).", most, entrants=entrants, most=most, got=rounds))]
    return []


MOVEMENT = Movement(
    name="round-robin", label=lang.L_("Round robin"),
    help=lang.L_("Every pair meets every other pair once. Two at a table only; with an odd number someone sits out "
                 "each round."),
    word=lang.L_("round robin"), seat=seat, two_a_table=True, most_rounds=most_rounds, refuses=refuses, wider=wider,
    libraries={2: "caissify_pairings"})
