"""What an event is made of, as the rules read it: its entrants, the checked event, a table's game, a round played
and a new round's seating."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Entrant:
    """A side that plays the event's games: a pair, or one player."""

    name: str
    players: tuple[str, ...]
    # each player's federation number as the new event gave it (None: not given); kept with the player, not the event
    members: tuple[str | None, ...] = ()

    def side(self) -> dict:
        """This entrant as a side of a table's game (POST /api/games)."""
        return {"name": self.name, "players": list(self.players)}


@dataclass(frozen=True)
class Bye:
    """What an entrant who sits out a round gets: VP, and MP counted into its points and margin."""

    vp: int
    points: int

    def as_dict(self) -> dict:
        return {"vp": self.vp, "points": self.points}


@dataclass(frozen=True)
class Event:
    """A checked event: what check_event read from a POST /api/events body."""

    name: str
    variant: str
    options: dict  # the options snapshot every table's game gets, defaults filled in (as a game's)
    entrants: tuple[Entrant, ...]
    table_size: int
    rounds: int
    movement: str
    standings: str
    vp_scale: tuple[tuple[int, int, int], ...] | None = None
    pin: str | None = None  # the table PIN every table's game gets (stored only as a hash; never in as_dict)
    vp_scale_name: str | None = None  # the shipped scale the rows were copied from (vp_scales.SCALES), if one
    deals_per_round: int | None = None
    round_minutes: int | None = None
    bye: Bye | None = None  # None: the 0 row's winner VP and 0 points
    director_pin: str | None = None  # needed to change the event (stored only as a hash; never in as_dict)
    table_pins: bool = False  # every table of every round gets its own PIN
    sections: int | None = None  # API.md "Big events: sections": k sections A, B … (sections.py), None: one field

    def as_dict(self) -> dict:
        """The event's stored fields; those a tournament adds only when set (an older export compares equal)."""
        body = {"name": self.name, "variant": self.variant, "options": self.options,
                "entrants": [e.side() for e in self.entrants], "table_size": self.table_size,
                "rounds": self.rounds, "movement": self.movement, "standings": self.standings}
        if self.vp_scale is not None:
            body["vp_scale"] = [list(row) for row in self.vp_scale]
        for key in ("vp_scale_name", "deals_per_round", "round_minutes"):
            if getattr(self, key) is not None:
                body[key] = getattr(self, key)
        if self.bye is not None:
            body["bye"] = self.bye.as_dict()
        if self.table_pins:
            body["table_pins"] = True
        if self.sections:
            body["sections"] = self.sections
        return body


@dataclass(frozen=True)
class TableGame:
    """One table's game as the event reads it: its entrants in seat order and, when finished, each seat's total
    and its winners (seat positions, as the game object's `winner`)."""

    entrants: tuple[int, ...]
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    finished: bool = False

    @classmethod
    def of(cls, entrants: Sequence[int], game: dict) -> TableGame:
        """From a table's game object (API.md): sides' scores, winner and finished."""
        return cls(tuple(entrants), tuple(s["score"] for s in game["sides"]), tuple(game["winner"] or ()),
                   bool(game["finished"]))


@dataclass(frozen=True)
class Adjustment:
    """A director's penalty or award to one entrant in one round: VP, and points counted into points and margin."""

    entrant: int
    round: int
    vp: int
    points: int


@dataclass(frozen=True)
class Round:
    """A round played or under way: its tables' games, who sat out, and the movement that seated it."""

    tables: tuple[TableGame, ...]
    byes: tuple[int, ...] = ()
    movement: str | None = None  # None: the event's own


@dataclass(frozen=True)
class Pairing:
    """A new round's seating: each table's entrant indexes in seat order (table 1 first), and the byes; `numbers`
    the tables' numbers when they are not 1, 2, 3 … (a Mitchell North-South entrant keeps its table)."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    numbers: tuple[int, ...] | None = None

    def table_numbers(self) -> tuple[int, ...]:
        return self.numbers if self.numbers is not None else tuple(range(1, len(self.tables) + 1))
