"""Rotation (API.md "Partners who change", `rotation`): a whist schedule — over the whole rotation every two players
are partners exactly once and opponents exactly twice. n ≡ 0 (mod 4): n − 1 rounds; n ≡ 1 (mod 4): n rounds, one
player out each round (each once); up to 32 players. The schedules are data (whist.json), made once by whist_gen.py
and proved by the tests; rounds are played in the schedule's order, player i being the i-th of `entrants`."""
from __future__ import annotations

import json
import pathlib
from functools import lru_cache

import lang

from ...base import FieldError
from ..model import Pairing
from .protocol import Movement, PlayerSeating

MOST = 32


@lru_cache(maxsize=1)
def schedules() -> dict[int, tuple[tuple[tuple[int, int, int, int], ...], ...]]:
    """n → its rounds, each its tables in seat order (N, E, S, W)."""
    raw = json.loads(pathlib.Path(__file__).with_name("whist.json").read_text(encoding="utf-8"))
    return {int(n): tuple(tuple(tuple(t) for t in r) for r in rounds) for n, rounds in raw.items()}


def most_rounds(n: int) -> int:
    """The rotation's length: n − 1 rounds, or n (n ≡ 1 mod 4); 0 for a count it has no schedule for."""
    return len(schedules().get(n, ()))


def seat_players(seating: PlayerSeating) -> Pairing:
    """Round k of the schedule of n: its tables as shipped, the player left out (n ≡ 1) sitting out."""
    n = seating.n
    tables = schedules()[n][seating.round_number - 1]
    seated = {e for t in tables for e in t}
    return Pairing(tables, tuple(e for e in range(n) if e not in seated))


def refuses(n: int, rounds: int | None) -> list[FieldError]:
    """n not ≡ 0 or 1 (mod 4), or above 32: `entrants`; more rounds than the rotation has: `rounds`."""
    if n % 4 not in (0, 1) or not 4 <= n <= MOST or n not in schedules():
        return [FieldError("entrants", lang._("The rotation seats 4, 5, 8, 9 … up to %(most)s players (a multiple of "
                                              "4, or one more); got %(got)s.", most=MOST, got=n))]
    if rounds is not None and rounds > most_rounds(n):
        return [FieldError("rounds", lang._("The rotation of %(n)s players has %(most)s rounds; rounds must be from 1 "
                                            "to %(most)s (got %(got)s).", n=n, most=most_rounds(n), got=rounds))]
    return []


MOVEMENT = Movement(
    name="rotation", label=lang.L_("Rotation"),
    help=lang.L_("A fixed scheme: every player partners every other once and opposes each twice."),
    players_help=lang.L_("A fixed scheme: every player partners every other once and opposes each twice."),
    word=lang.L_("rotation"), seat_players=seat_players, two_a_table=True, most_rounds=most_rounds,
    refuses=refuses)
