"""Big events in sections (API.md "Big events: sections", Settled turn 6): the entrants split into k sections A, B,
C … in `entrants` order (the first n mod k sections one entrant larger), each seated by its own movement, ranked as
one field.

- `split(n, k)`: each section's entrants (field indexes), letter and table numbers: a section of s entrants has
  ⌈s / seats⌉ tables (a Mitchell's ⌈s/2⌉), numbered whether or not each is played in a round, section A from 1 and
  each next section going on after the last number of the one before.
- `seat_each(event, rounds, adjustments, seats, seat_one)`: any seating (fixed pairs' pair_round, the players'
  seating) run once per section on the section as an event of its own (its entrants, the games among them, its
  byes and adjustments), its entrant indexes and table numbers mapped back to the field's. A section's standings
  are the field's order restricted to it (its entrants' games are all within it; level entrants of the field
  that never met share no game), so a Danish of a section seats by the field's order restricted to the section.
- `mark_rows(rows, n, k)`: each standings row's `section` and `section_place` (its rank among its section's
  entrants in the field's order: 1 + how many of them are placed above it).
- `mark_rounds(round_list, n, k)`: each table of round_list's `section`.
"""
from __future__ import annotations

import dataclasses
import string
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import lang

from ..base import FieldError
from ..entries import whole_number
from .model import Adjustment, Event, Pairing, Round

LETTERS = string.ascii_uppercase
FEWEST, MOST = 2, 26  # "sections": k, one letter each


@dataclass(frozen=True)
class Section:
    """One section: its letter, its entrants (field indexes, consecutive in `entrants` order) and its tables'
    numbers (`first` … `first + tables - 1`)."""

    letter: str
    entrants: range
    first: int
    tables: int

    @property
    def numbers(self) -> range:
        return range(self.first, self.first + self.tables)


def sizes(n: int, k: int) -> list[int]:
    """The k sections' sizes for n entrants: the first n mod k sections one entrant larger."""
    return [n // k + (i < n % k) for i in range(k)]


def split(n: int, k: int, seats: int = 2) -> tuple[Section, ...]:
    """The k sections of n entrants, `seats` entrants a table (two sides; four players who change partners)."""
    found, start, first = [], 0, 1
    for i, size in enumerate(sizes(n, k)):
        tables = -(-size // seats)
        found.append(Section(LETTERS[i], range(start, start + size), first, tables))
        start, first = start + size, first + tables
    return tuple(found)


def check(raw: Any, n: int | None, seats: int | None, most_tables: int) -> tuple[int | None, list[FieldError]]:
    """`"sections"` of a new event: left out (None), or a whole number from 2 to 26 that leaves every section at
    least one table of `seats` entrants (n: the entrants, None when they are wrong already; seats: a table's, None
    when unknown) and the sections' tables together at most `most_tables`; refusals name `sections`."""
    if raw is None:
        return None, []
    k, err = whole_number(raw, "sections", lang._("sections (how many sections the entrants are split into)"))
    if err:
        return None, [err]
    if not FEWEST <= k <= MOST:
        return None, [FieldError("sections", lang._(
            "sections must be from %(low)s to %(high)s (sections A to Z; got %(got)s), or left out for one field.",
            low=FEWEST, high=MOST, got=lang.number(k)))]
    if not n or not seats:
        return k, []
    if n // k < seats:
        return None, [FieldError("sections", lang._(
            "%(entrants)s entrants in %(sections)s sections leave a section with %(smallest)s, fewer than one table "
            "of %(seats)s; with %(entrants)s entrants choose at most %(most)s sections.",
            entrants=lang.number(n), sections=k, smallest=lang.number(n // k), seats=seats,
            most=max(n // seats, 1)))]
    tables = sum(s.tables for s in split(n, k, seats))
    if tables > most_tables:
        return None, [FieldError("sections", lang._(
            "%(entrants)s entrants in %(sections)s sections need %(tables)s tables a round; at most %(most)s tables "
            "can play a round: choose fewer sections.", entrants=lang.number(n), sections=k,
            tables=lang.number(tables), most=lang.number(most_tables)))]
    return k, []


def letters(n: int, k: int | None) -> list[str | None]:
    """Each entrant's section letter (None for every entrant of an event in no sections)."""
    if not k:
        return [None] * n
    return [s.letter for s in split(n, k) for _ in s.entrants]


def letter_names(k: int) -> list[str]:
    """The letters of k sections: A, B …"""
    return list(LETTERS[:k])


def section_named(k: int | None, letter: str | None) -> str | None:
    """The letter asked for (`?section=b` is B) if the event has that section, else None."""
    if not k or not isinstance(letter, str):
        return None
    found = letter.strip().upper()
    return found if found in letter_names(k) else None


def table_label(section: str | None, table: int | str) -> str:
    """A table as pages and slips show it: "B 13" in a section, "13" otherwise (`table` already as shown)."""
    return f"{section} {table}" if section else str(table)


def within(event: Event, rounds_so_far: Sequence[Round], adjustments: Sequence[Adjustment], section: Section
           ) -> tuple[Event, tuple[Round, ...], tuple[Adjustment, ...]]:
    """The section as an event of its own: its entrants, its rounds (the tables and byes of its entrants, indexes
    from 0 in the section) and its adjustments."""
    start, inside = section.entrants.start, set(section.entrants)

    def own(entrants: Iterable[int]) -> tuple[int, ...]:
        return tuple(e - start for e in entrants)

    rounds = tuple(Round(tuple(dataclasses.replace(t, entrants=own(t.entrants)) for t in r.tables
                               if t.entrants and t.entrants[0] in inside),
                         own(b for b in r.byes if b in inside), r.movement) for r in rounds_so_far)
    sub = dataclasses.replace(event, entrants=event.entrants[section.entrants.start:section.entrants.stop],
                              sections=None)
    return sub, rounds, tuple(dataclasses.replace(a, entrant=a.entrant - start) for a in adjustments
                              if a.entrant in inside)


SeatOne = Callable[[Event, Sequence[Round], Sequence[Adjustment]], Pairing]


def seat_each(event: Event, rounds_so_far: Sequence[Round], adjustments: Sequence[Adjustment], seat_one: SeatOne,
              seats: int = 2) -> Pairing:
    """A round of every section at once: `seat_one(event, rounds_so_far, adjustments)` (a movement's seating of one
    event) run on each section in turn, A first, its tables numbered in the section's numbers and its entrants
    mapped back to the field's; an event in no sections is seated as it is. Table numbers keep their order within
    a section, and sections follow each other."""
    if not event.sections:
        return seat_one(event, rounds_so_far, adjustments)
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    numbers: list[int] = []
    for section in split(len(event.entrants), event.sections, seats):
        sub, rounds, adjusted = within(event, rounds_so_far, adjustments, section)
        pairing = seat_one(sub, rounds, adjusted)
        start = section.entrants.start
        tables += [tuple(e + start for e in t) for t in pairing.tables]
        byes += [e + start for e in pairing.byes]
        numbers += [section.first - 1 + number for number in pairing.table_numbers()]
    return Pairing(tuple(tables), tuple(byes), tuple(numbers))


def smallest(n: int, k: int | None) -> int:
    """The entrants of the smallest section (all n in no sections): what a movement's last round is counted by."""
    return min(sizes(n, k)) if k else n


def moves_next(n: int, k: int | None, next_tables: Callable[[int, int], dict[int, int]], kth: int,
               seats: int = 2) -> dict[int, int]:
    """A movement's `next_tables(size, k)` (entrant → table, within one event) for every section, in field indexes
    and numbers."""
    if not k:
        return next_tables(n, kth)
    going: dict[int, int] = {}
    for section in split(n, k, seats):
        for e, table in next_tables(len(section.entrants), kth).items():
            going[section.entrants.start + e] = section.first - 1 + table
    return going


def own_table(n: int, k: int | None, entrant: int, seats: int = 2) -> int:
    """The table a Mitchell's North-South entrant keeps (entrant i of its section at the section's (i + 1)-th)."""
    if not k:
        return entrant + 1
    section = next(s for s in split(n, k, seats) if entrant in s.entrants)
    return section.first + entrant - section.entrants.start


def mark_rows(rows: list[dict], n: int, k: int | None) -> list[dict]:
    """The standings rows (field order, first place first), each with its `section` and `section_place` in an
    event in sections (else as they are)."""
    if not k:
        return rows
    of = letters(n, k)
    above: dict[str, list[int]] = {}  # each section's places so far, in the field's order
    marked = []
    for row in rows:
        letter = of[row["entrant"]]
        places = above.setdefault(letter, [])
        places.append(row["place"])
        marked.append({**row, "section": letter,
                       "section_place": 1 + sum(p < row["place"] for p in places)})
    return marked


def mark_rounds(round_list: list[dict], n: int, k: int | None) -> list[dict]:
    """Each table of round_list with its `section` letter (by its first entrant), in an event in sections; in
    place, and returned."""
    if k:
        of = letters(n, k)
        for r in round_list:
            for t in r["tables"]:
                t["section"] = of[t["entrants"][0]]
    return round_list


def in_section(letter: str | None, n: int, k: int | None) -> Callable[[int], bool]:
    """Whether an entrant (field index) is in section `letter` (every entrant when `letter` is None)."""
    if letter is None or not k:
        return lambda e: True
    of = letters(n, k)
    return lambda e: 0 <= e < n and of[e] == letter


__all__ = ["FEWEST", "LETTERS", "MOST", "Section", "in_section", "letter_names", "letters", "mark_rounds",
           "mark_rows", "moves_next", "seat_each", "section_named", "sizes", "smallest", "split", "table_label",
           "within"]
