"""A big event's sections as its pages and files read them (API.md "Big events: sections"): the section a page is
asked for (`?section=B`), the rows and the event object of one section, and the section of a table's game. The rules
(the split, the numbering, the seating per section, section places) are scoring.events.sections'."""
from __future__ import annotations

from typing import Any

import sqlite_utils

import lang
from db import events as store
from scoring.base import listed
from scoring.events import sections

from .ids import not_found


def section_asked(db: sqlite_utils.Database, event_id: str, asked: Any) -> str | None:
    """The section a page or file is asked for (`?section=B`, or b: its letter; None, or empty: all of the event),
    or Refused 404 in words for a section the event does not have (or an event in no sections), and for an unknown
    event."""
    row = store.get_event(db, event_id) if isinstance(event_id, str) else None
    if row is None:
        raise not_found(lang._("There is no event with id “%(id)s”.", id=event_id))
    if asked in (None, ""):
        return None
    found = sections.section_named(row.get("sections"), asked)
    if found is not None:
        return found
    shown = asked if isinstance(asked, str) and len(asked) <= 12 else "…"
    if not row.get("sections"):
        raise not_found(lang._("There is no section “%(section)s”: this event is not split into sections; leave "
                               "section out.", section=shown))
    raise not_found(lang._("There is no section “%(section)s” in this event; its sections are %(letters)s.",
                           section=shown, letters=listed(sections.letter_names(row["sections"]), "and")))


def in_section(rows: list[dict], section: str | None) -> list[dict]:
    """Standings rows (or any rows with `section`) of one section, in their order (all of them for None)."""
    return rows if section is None else [r for r in rows if r.get("section") == section]


def event_in_section(event: dict, section: str | None) -> dict:
    """The event object with each round's tables and byes of one section only (as it is for None)."""
    if section is None:
        return event
    inside = sections.in_section(section, len(event["entrants"]), event.get("sections"))
    return {**event, "round_list": [{**r, "tables": [t for t in r["tables"] if t.get("section") == section],
                                     "byes": [e for e in r["byes"] if inside(e)]} for r in event["round_list"]]}


def table_section(db: sqlite_utils.Database, seat: dict | None) -> str | None:
    """The section letter of a game's seat ({"id", "round", "table"}: a table's game's `event`), None in an event
    in no sections (or for no seat)."""
    row = store.get_event(db, seat["id"]) if seat else None
    return section_of_table(db, row, seat) if row else None


def section_of_table(db: sqlite_utils.Database, row: dict, seat: dict) -> str | None:
    """The section letter of a seat's table in the stored event `row` (None in an event in no sections)."""
    if not row.get("sections"):
        return None
    seated = next((t["entrants"] for t in store.round_seats(db, row["id"], seat["round"])
                   if t["table"] == seat["table"]), None)
    return sections.letters(len(row["entrants"]), row["sections"])[seated[0]] if seated else None
