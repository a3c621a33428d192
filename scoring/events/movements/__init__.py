"""The movements: who sits where in a new round. Each is one module beside the others declaring itself by the
movement protocol (protocol.py: `MOVEMENT = Movement(...)`: its name and words, what it seats — fixed pairs,
players who change partners or both — its last round, its lines, the movement that follows it, and `seat()` /
`seat_players()` with typed input and output); MOVEMENTS lists them by name, in the order the form offers them.
A new movement is one module and one line below.

- round-robin: FIDE Berger tables (caissify-pairings). swiss: near standing, never the same opponents twice while
  another seating exists (networkx's matching with two a table). draw: by lot. mitchell, danish, danish-modified,
  rotation, progressive: API.md "Tournaments as federations run them" and "Partners who change".
"""
from __future__ import annotations

import random
from typing import Sequence

import lang

from ...base import FieldError, Refused
from .. import sections
from ..model import Adjustment, Event, Pairing, Round
from . import danish, danish_modified, draw, mitchell, progressive, rotation, round_robin, swiss
from .protocol import FIXED, ROTATING, Movement, PlayerSeating, Seating

MOVEMENTS: dict[str, Movement] = {m.name: m for m in (
    round_robin.MOVEMENT, swiss.MOVEMENT, draw.MOVEMENT, mitchell.MOVEMENT, danish.MOVEMENT,
    danish_modified.MOVEMENT, rotation.MOVEMENT, progressive.MOVEMENT)}
DEFAULT = "swiss"  # the new-event form's first choice


def register(movement: Movement) -> None:
    """Make a movement known everywhere: the new-event form, the API and its checks, OpenAPI, the pages and sheets
    all read MOVEMENTS (a movement is one module declaring `MOVEMENT = Movement(...)`)."""
    if movement.name in MOVEMENTS:
        raise ValueError(f"a movement named {movement.name!r} is already registered")
    MOVEMENTS[movement.name] = movement


def unregister(name: str) -> None:
    """Forget a movement added with register."""
    MOVEMENTS.pop(name, None)


def movement(name: str) -> Movement:
    """The movement `name`; KeyError for an unknown name."""
    return MOVEMENTS[name]


def offered(partners: str = FIXED) -> dict[str, Movement]:
    """The movements that seat events whose partners are `partners` ("fixed" or "rotating"), by name."""
    return {name: m for name, m in MOVEMENTS.items() if m.seats(partners)}


def pairs_only(name: str) -> bool:
    """Whether the movement seats two entrants (sides) a table only."""
    return MOVEMENTS[name].two_a_table


def label(name: str | None) -> str:
    """The movement as the form and the pages name it ("Modified Danish"), in the page's language; an unknown name
    as it is."""
    return str(MOVEMENTS[name].label) if name in MOVEMENTS else str(name or "")


def word(name: str | None) -> str:
    """The movement `name` as a sheet names it ("Mitchell"), in the sheet's language; an unknown name as it is."""
    return lang.shown(MOVEMENTS[name].word) if name in MOVEMENTS else str(name or "")


def used(event: dict) -> list[str]:
    """The movements that seated the rounds of API.md's event object, each once, in the order first used; the
    event's own movement before any round is seated."""
    names = [r.get("movement") or event.get("movement") for r in event.get("round_list") or []]
    return list(dict.fromkeys(names)) or [event.get("movement")]


def by_lines(name: str | None) -> bool:
    """Whether the movement seats by lines: a table's first entrant North-South, the other East-West (a Mitchell)."""
    return name in MOVEMENTS and MOVEMENTS[name].lines is not None


def lines(name: str | None) -> list[tuple[str, str]]:
    """The movement's lines in seat order, each (short word, long word) in the page's language ([("NS",
    "North-South"), ("EW", "East-West")]); [] for a movement that seats by no lines."""
    found = MOVEMENTS[name].lines if name in MOVEMENTS else None
    return [(str(short), str(long)) for short, long in found or ()]


def next_movement(event: dict) -> str:
    """The movement "Start round" offers first for API.md's event object: the event's own, or the one that follows
    it once its rounds are all played (a Mitchell's: Danish)."""
    name = event["movement"]
    own = MOVEMENTS.get(name)
    if own is None or own.then is None or own.most_rounds is None:
        return name
    played = sum((r.get("movement") or name) == name for r in event.get("round_list") or [])
    size = sections.smallest(len(event["entrants"]), event.get("sections"))  # each section has its own movement
    return own.then if played >= own.most_rounds(size) else name


def moves_next(event: dict, round_number: int) -> dict[int, int]:
    """Entrant → the table it moves to in the next round of the same movement, where the movement says it already
    (a Mitchell's East-West line: API.md's formula with k + 1), for round `round_number` of API.md's event object;
    {} for any other movement, or after the movement's last round. (The director may seat the next round by
    another movement: this is where the same movement would put it.)"""
    rounds = event.get("round_list") or []
    name = rounds[round_number - 1].get("movement") or event.get("movement")
    found = MOVEMENTS.get(name)
    if found is None or found.next_tables is None:
        return {}
    k = sum((r.get("movement") or event.get("movement")) == name for r in rounds[:round_number])
    return sections.moves_next(len(event["entrants"]), event.get("sections"), found.next_tables, k)


def pair_round(event: Event, rounds_so_far: Sequence[Round], round_number: int, rng: random.Random,
               movement_name: str | None = None, adjustments: Sequence[Adjustment] = ()) -> Pairing:
    """Seat round `round_number` (from 1) after the rounds so far, by `movement_name` (the event's movement when
    None). `rng` draws lots (the draw, the order of entrants level in the standings, a first Danish round).
    Refused 409 once a movement with a last round (a Mitchell's) has seated all of its rounds."""
    if not 1 <= round_number <= event.rounds:
        raise ValueError(f"round {round_number} is not one of the event's {event.rounds} rounds")
    name = movement_name or event.movement
    module = movement(name)
    if module.seat is None:
        raise ValueError(f"the {name} movement seats no fixed pairs")  # checks.movement_fits refuses it first
    seating = Seating(event, tuple(rounds_so_far), round_number, rng, tuple(adjustments), name)
    most = module.most_rounds
    if most is not None and seating.kth() > most(len(event.entrants)):
        raise Refused([FieldError("movement", lang.ngettext(
            "The %(movement)s movement of %(entrants)s entrants has %(num)s round, and it has been played; choose "
            "another movement for this round.",
            "The %(movement)s movement of %(entrants)s entrants has %(num)s rounds, and all have been played; "
            "choose another movement for this round.", most(len(event.entrants)), movement=name,
            entrants=len(event.entrants)))], status=409)
    return module.seat(seating)


__all__ = ["DEFAULT", "FIXED", "MOVEMENTS", "Movement", "PlayerSeating", "ROTATING", "Seating", "by_lines", "label",
           "lines", "movement", "moves_next", "next_movement", "offered", "pair_round", "pairs_only", "used", "word"]
