"""What a club night's own pages read of it (the director's page, the standings screen, the table picker): the round
in play with its tables, the earlier rounds without theirs, and the standings as kept per state of the event
(service.events.standings). The largest event the API accepts has 10,000 tables: these pages read the 100 they show,
not every one per request and per server thread (issue 31 item 20); the API's event object (get_event) stays whole.
"""
from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from db import events as store
from scoring.events import sections

from .events import event_of, stored_event, table_game, games_playing


@dataclass(frozen=True)
class TableView:
    """A table of a round: its number, its game's id, its entrants (indexes into the event's), whether its game is
    finished, and its own PIN where the director asked for it."""
    table: int
    game: str
    entrants: tuple[int, ...]
    finished: bool
    pin: str | None = None
    section: str | None = None  # its section's letter, in an event in sections


@dataclass(frozen=True)
class RoundView:
    """A round of a club night: its number, its tables, its byes (entrant indexes), its movement and when it
    started."""
    number: int
    tables: tuple[TableView, ...]
    byes: tuple[int, ...]
    movement: str
    started: str

    @classmethod
    def of(cls, round_: dict) -> "RoundView":
        """The view of a round as round_list holds it."""
        return cls(round_["number"], tuple(TableView(t["table"], t["game"], tuple(t["entrants"]), t["finished"],
                                                     t.get("pin"), t.get("section")) for t in round_["tables"]),
                   tuple(round_["byes"]), round_["movement"], round_["started"])

    def at(self, number: int) -> TableView | None:
        """Table `number` of the round, or None when it has none of that number."""
        return next((t for t in self.tables if t.table == number), None)


def page_event(db: sqlite_utils.Database, event_id: str, *, pins: bool = False) -> dict:
    """The event object as its pages show it, or Refused 404: every field of get_event's, but only the round in play
    (the last) lists its tables; each earlier round of round_list has its number, byes, movement and times, and
    `tables` empty. `finished` is the whole event's (every planned round played, none of its games playing);
    `pins`: the tables with their own PINs, for the director."""
    row = stored_event(db, event_id)
    heads = store.round_heads(db, row["id"])
    round_list = [_round(head, row["movement"], []) for head in heads[:-1]]
    if heads:
        current = heads[-1]
        round_list.append(_round(current, row["movement"], current_tables(db, row["id"], current["number"], pins)))
    tournament = {"vp_scale_name": None, "deals_per_round": None, "round_minutes": None, "bye": None,
                  "sections": None}
    sections.mark_rounds(round_list, len(row["entrants"]), row.get("sections"))  # each table's "section": "B"
    finished = len(heads) == row["rounds"] and games_playing(db, row["id"]) == 0
    return {"id": row["id"], **tournament, **event_of(row).as_dict(), "has_pin": bool(row.get("pin_hash")),
            "has_director_pin": bool(row.get("director_pin_hash")), "table_pins": bool(row.get("table_pins")),
            "finished": finished, "round_list": round_list, "adjustments": store.get_adjustments(db, row["id"])}


def current_tables(db: sqlite_utils.Database, event_id: str, number: int, pins: bool = False) -> list[dict]:
    """Round `number`'s tables as round_list's elements hold them: table, game, entrants, finished (each game's
    finished read from what is kept per game revision), and with `pins` each table's own PIN where it has one."""
    return [{"table": t["table"], "game": t["game"], "entrants": t["entrants"], "finished": table_game(db, t).finished}
            | ({"pin": t["pin"]} if pins and t.get("pin") else {})
            for t in store.round_seats(db, event_id, number)]


def round_in_play(db: sqlite_utils.Database, event_id: str) -> RoundView | None:
    """The last round started, with its tables, or None before round 1; Refused 404 for an unknown event. What a
    phone's tap on its table number reads."""
    row = stored_event(db, event_id)
    heads = store.round_heads(db, row["id"])
    if not heads:
        return None
    playing = _round(heads[-1], row["movement"], current_tables(db, row["id"], heads[-1]["number"]))
    return RoundView.of(sections.mark_rounds([playing], len(row["entrants"]), row.get("sections"))[0])


def _round(head: dict, movement: str, tables: list[dict]) -> dict:
    """A round as an element of the event object's round_list (`movement`: the event's, for a round that does not
    name its own)."""
    return {"number": head["number"], "tables": tables, "byes": head["byes"],
            "movement": head.get("movement") or movement, "started": head["started"]}
