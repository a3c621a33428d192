"""The movement protocol: what every movement declares (one module each, `MOVEMENT = Movement(...)`), and the typed
input it seats a round from. The form, the sheets, the pages, the screen, the checks and the service read these;
none of them names a movement.

- Fixed pairs (an entrant is a side): `seat(Seating) -> Pairing`, each table's entrants in seat order.
- Players who change partners (an entrant is one player, API.md "Partners who change"): `seat_players(
  PlayerSeating) -> Pairing`, each table's four players in seat order N, E, S, W (N & S side 1, E & W side 2).
A movement declares the one it can do, or both; one with neither set for a kind of event is refused for it.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

from ..model import Adjustment, Event, Pairing, Round

FIXED, ROTATING = "fixed", "rotating"  # API.md's "partners": an entrant is a side, or one player


@dataclass(frozen=True)
class Seating:
    """What a movement seats a round of fixed pairs from: the event, its rounds so far, the new round's number, the
    lots (`rng`), the director's adjustments so far, and the movement asked for this round."""

    event: Event
    rounds_so_far: Sequence[Round]
    round_number: int
    rng: random.Random
    adjustments: Sequence[Adjustment] = ()
    movement: str = ""

    @cached_property
    def met(self) -> Counter:
        """How often each pair of entrants (a frozenset) has sat at one table."""
        return Counter(frozenset(pair) for r in self.rounds_so_far for t in r.tables
                       for pair in itertools.combinations(t.entrants, 2))

    @cached_property
    def met_last(self) -> frozenset:
        """The pairs of entrants (frozensets) who sat at one table in the round before this one."""
        last = self.rounds_so_far[-1].tables if self.rounds_so_far else ()
        return frozenset(frozenset(p) for t in last for p in itertools.combinations(t.entrants, 2))

    @cached_property
    def had_byes(self) -> Counter:
        """How often each entrant has sat out."""
        return Counter(b for r in self.rounds_so_far for b in r.byes)

    def standings(self):
        """The standings before the round (scoring.events.standings' rows, first place first)."""
        from ..standings import standings
        return standings(self.event, [t for r in self.rounds_so_far for t in r.tables],
                         [b for r in self.rounds_so_far for b in r.byes], self.adjustments)

    def order(self) -> list[int]:
        """The entrants best placed first (sharing a place: `entrants` order)."""
        return [row.entrant for row in self.standings()]

    def times(self, name: str | None = None) -> int:
        """How many rounds so far the movement `name` (this round's, by default) seated."""
        name = name or self.movement
        return sum((r.movement or self.event.movement) == name for r in self.rounds_so_far)

    def kth(self) -> int:
        """Which round of its movement this one is (k = 1, 2 …): its number less the rounds other movements
        seated."""
        return self.round_number - (len(self.rounds_so_far) - self.times())

    def last_planned(self) -> bool:
        return self.round_number == self.event.rounds


@dataclass(frozen=True)
class PlayerSeating:
    """What a movement seats a round of players who change partners from (API.md "Partners who change").

    `order`: every entrant (player index) best placed first, by the standings before the round (sharing a place:
    `entrants` order; before the first round: `entrants` order); `opposed_last`: the pairs of players (frozensets)
    who were opponents in the previous round; `had_byes`: how often each player has sat out; `round_number` from 1;
    `last_round`: the event's last planned round; `rng`: the lots; `previous`: the previous round's tables in seat
    order N, E, S, W (the progressive movement's moves); `winners`: for each of those tables, whether side 1 (N & S)
    counts as its winner."""

    order: tuple[int, ...]
    round_number: int
    last_round: int
    rng: random.Random
    opposed_last: frozenset = frozenset()
    had_byes: Counter = field(default_factory=Counter)
    previous: tuple[tuple[int, int, int, int], ...] = ()
    winners: tuple[bool, ...] = ()

    @property
    def n(self) -> int:
        return len(self.order)

    def place(self) -> dict[int, int]:
        """Each player's position in `order` (0: the best placed)."""
        return {e: k for k, e in enumerate(self.order)}


@dataclass(frozen=True)
class Movement:
    """A movement, as every part of Meldbook reads it.

    `label` and `help`: the new-event form's name and one line of help; `word`: the movement mid-line on a sheet
    ("Mitchell, Danish"); `seat` (fixed pairs) and `seat_players` (players who change partners): what it can seat;
    `two_a_table`: it seats two entrants a table only; `most_rounds(n)`: its last round for n entrants (None: no
    last round); `lines`: the lines it seats a table's entrants by, each (short word, long word), in seat order;
    `then`: the movement offered once its rounds are used up; `next_tables(n, k)`: where each entrant goes in its
    (k + 1)-th round, when it says so already; `refuses(n, rounds)`: what it refuses of n entrants and a count of
    rounds (FieldErrors), checked when the event is made; `libraries`: what it loads to seat."""

    name: str
    label: Any
    help: Any
    word: Any
    seat: Callable[[Seating], Pairing] | None = None
    seat_players: Callable[[PlayerSeating], Pairing] | None = None
    two_a_table: bool = False
    most_rounds: Callable[[int], int] | None = None
    lines: tuple[tuple[Any, Any], ...] | None = None
    then: str | None = None
    next_tables: Callable[[int, int], dict[int, int]] | None = None
    players_help: Any = None  # the form's line of help when it seats players who change partners
    refuses: Callable[[int, int | None], list] | None = None
    wider: Callable[[int], Any] | None = None  # its own refusal of a table of more than two (else checks' words)
    # table size → the library it loads when it first seats a round (README.md, "Club night pairings"): the service
    # loads it when the event is made, so the first round start, with every table waiting, does not wait for it
    libraries: Mapping[int, str] = field(default_factory=dict)

    def seats(self, partners: str = FIXED) -> bool:
        """Whether it seats events whose partners are `partners` ("fixed" or "rotating")."""
        return (self.seat if partners == FIXED else self.seat_players) is not None

    @property
    def partners(self) -> tuple[str, ...]:
        """What it seats: ("fixed",), ("rotating",) or both."""
        return tuple(p for p in (FIXED, ROTATING) if self.seats(p))


def player_byes(order: Sequence[int], had_byes: Counter, out: int, rng: random.Random | None = None) -> list[int]:
    """The `out` players who sit out (API.md "Partners who change", Settled): chosen before any table is filled, one
    after another, of those who sat out least the lowest placed (the last in `order`; with `rng`, the draw's: by lot
    among them); when that group is used up, the next-least group gives the rest."""
    chosen: list[int] = []
    for times in sorted({had_byes[e] for e in order}):
        group = [e for e in reversed(order) if had_byes[e] == times]
        if rng is not None:
            rng.shuffle(group)
        chosen += group[:out - len(chosen)]
        if len(chosen) == out:
            break
    return chosen


def tables_of_four(players: Sequence[int]) -> tuple[tuple[int, int, int, int], ...]:
    """Consecutive players four a table, places 1–4 sitting N, S, E, W (N & S partners): seat order (N, E, S, W)."""
    return tuple((players[i], players[i + 2], players[i + 1], players[i + 3]) for i in range(0, len(players), 4))
