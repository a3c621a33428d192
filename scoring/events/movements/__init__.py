"""The movements: who sits where in a new round. Each is one module beside the others, picked by name from
MOVEMENTS (as caissify-pairings' engines are), and each takes the same input (a `Seating`) and answers the same
output (a `Pairing`): `seat(seating)`; `PAIRS_ONLY` when it seats two entrants a table only, and `most_rounds(n)`
when it has a last round (a round robin's, a Mitchell's).

- round-robin: FIDE Berger tables (caissify-pairings). swiss: near standing, never the same opponents twice while
  another seating exists (networkx's matching with two a table). draw: by lot. mitchell and danish: API.md
  "Tournaments as federations run them".
"""
from __future__ import annotations

import importlib
import itertools
import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Sequence

import lang

from ...base import FieldError, Refused
from ..model import Adjustment, Event, Pairing, Round

MOVEMENTS = {"round-robin": "round_robin", "swiss": "swiss", "draw": "draw", "mitchell": "mitchell",
             "danish": "danish"}
# each movement as a results sheet names it mid-line ("Mitchell, Danish")
WORDS = {"round-robin": lang.L_("round robin"), "swiss": lang.L_("Swiss"), "draw": lang.L_("drawn seats"),
         "mitchell": lang.L_("Mitchell"), "danish": lang.L_("Danish")}


def movement(name: str) -> ModuleType:
    """The module of the movement `name` (imported when first asked for); KeyError for an unknown name."""
    return importlib.import_module(f"{__name__}.{MOVEMENTS[name]}")


def pairs_only(name: str) -> bool:
    """Whether the movement seats two entrants a table only."""
    return movement(name).PAIRS_ONLY


def word(name: str | None) -> str:
    """The movement `name` as a sheet names it ("Mitchell"), in the sheet's language; an unknown name as it is."""
    return lang.shown(WORDS[name]) if name in WORDS else str(name or "")


def used(event: dict) -> list[str]:
    """The movements that seated the rounds of API.md's event object, each once, in the order first used; the
    event's own movement before any round is seated."""
    names = [r.get("movement") or event.get("movement") for r in event.get("round_list") or []]
    return list(dict.fromkeys(names)) or [event.get("movement")]


def by_lines(name: str | None) -> bool:
    """Whether the movement seats by lines: a table's first entrant North-South, the other East-West (a Mitchell)."""
    return name in MOVEMENTS and getattr(movement(name), "LINES", False)


def moves_next(event: dict, round_number: int) -> dict[int, int]:
    """Entrant → the table it moves to in the next round of the same movement, where the movement says it already
    (a Mitchell's East-West line: API.md's formula with k + 1), for round `round_number` of API.md's event object;
    {} for any other movement, or after the movement's last round. (The director may seat the next round by
    another movement: this is where the same movement would put it.)"""
    rounds = event.get("round_list") or []
    name = rounds[round_number - 1].get("movement") or event.get("movement")
    module = movement(name) if name in MOVEMENTS else None
    if module is None or not hasattr(module, "next_tables"):
        return {}
    k = sum((r.get("movement") or event.get("movement")) == name for r in rounds[:round_number])
    return module.next_tables(len(event["entrants"]), k)


@dataclass(frozen=True)
class Seating:
    """What every movement seats a round from: the event, its rounds so far, the new round's number, the lots
    (`rng`), the director's adjustments so far, and the movement asked for this round."""

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
    def had_byes(self) -> Counter:
        """How often each entrant has sat out."""
        return Counter(b for r in self.rounds_so_far for b in r.byes)

    def standings(self):
        """The standings before the round (scoring.events.standings' rows, first place first)."""
        from ..standings import standings
        return standings(self.event, [t for r in self.rounds_so_far for t in r.tables],
                         [b for r in self.rounds_so_far for b in r.byes], self.adjustments)

    def times(self, name: str | None = None) -> int:
        """How many rounds so far the movement `name` (this round's, by default) seated."""
        name = name or self.movement
        return sum((r.movement or self.event.movement) == name for r in self.rounds_so_far)

    def kth(self) -> int:
        """Which round of its movement this one is (k = 1, 2 …): its number less the rounds other movements
        seated."""
        return self.round_number - (len(self.rounds_so_far) - self.times())


def pair_round(event: Event, rounds_so_far: Sequence[Round], round_number: int, rng: random.Random,
               movement_name: str | None = None, adjustments: Sequence[Adjustment] = ()) -> Pairing:
    """Seat round `round_number` (from 1) after the rounds so far, by `movement_name` (the event's movement when
    None). `rng` draws lots (the draw, the order of entrants level in the standings, a first Danish round).
    Refused 409 once a movement with a last round (a Mitchell's) has seated all of its rounds."""
    if not 1 <= round_number <= event.rounds:
        raise ValueError(f"round {round_number} is not one of the event's {event.rounds} rounds")
    name = movement_name or event.movement
    module = movement(name)
    seating = Seating(event, tuple(rounds_so_far), round_number, rng, tuple(adjustments), name)
    most = getattr(module, "most_rounds", None)
    if most is not None and seating.kth() > most(len(event.entrants)):
        raise Refused([FieldError("movement", lang.ngettext(
            "The %(movement)s movement of %(entrants)s entrants has %(num)s round, and it has been played; choose "
            "another movement for this round.",
            "The %(movement)s movement of %(entrants)s entrants has %(num)s rounds, and all have been played; "
            "choose another movement for this round.", most(len(event.entrants)), movement=name,
            entrants=len(event.entrants)))], status=409)
    return module.seat(seating)
