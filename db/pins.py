"""Named queries for table PINs: the stored hash, and wrong tries per game (or club night) and client address.

A table of a club night shares the night's one PIN with every other table, so its wrong tries are counted per
event and client (`event_pin_failures`); a game of no event counts its own (`pin_failures`). A `Scope` names
which count a try goes to: any table of counts with the columns (key, client, failures, locked_until, last_wrong)
and the primary key (key, client) can be one (a new kind of PIN adds its own such table).
"""
from __future__ import annotations

from typing import NamedTuple

import sqlite_utils

from .connection import write
from .games import rows


class Scope(NamedTuple):
    """Where wrong tries are counted: the table and its key column, and the game's or event's id."""
    table: str
    column: str
    id: str


def scope_of(game_id: str, event_id: str | None) -> Scope:
    """A club night's table counts with its event; any other game on its own."""
    if event_id:
        return event_scope(event_id)
    return Scope("pin_failures", "game_id", game_id)


def event_scope(event_id: str) -> Scope:
    """A club night's count: its tables' PINs and its director's PIN alike."""
    return Scope("event_pin_failures", "event_id", event_id)


def get_failures(db: sqlite_utils.Database, scope: Scope, client: str) -> dict | None:
    """{failures, locked_until, last_wrong} for this game (or event) and client, or None when it has no wrong tries."""
    found = rows(db, f"SELECT failures, locked_until, last_wrong FROM {scope.table} WHERE {scope.column} = ? "
                     "AND client = ?", [scope.id, client])
    return found[0] if found else None


def take_try(db: sqlite_utils.Database, scope: Scope, client: str, now: float, *, limit: int,
             first_wait: float, longest_wait: float, forget_after: float) -> tuple[bool, dict]:
    """Reserve one PIN comparison for this client, in one write transaction: (may compare, {failures, locked_until,
    last_wrong, before}); `before` is the count as it stood, for give_back.

    A client still waiting may not compare. Otherwise the try is counted as wrong before the PIN is
    compared (the safe side: a request that dies meanwhile stays counted), and the `limit`-th
    counted try already starts the wait, so parallel requests, in this process or another, never
    get more than `limit` comparisons. A right PIN then gives back only its own try (give_back): it takes
    back no wrong one, and the count is forgotten only `forget_after` seconds after the client's last wrong try
    (API.md, settled turn 6). The wait doubles with every try past the limit, up to `longest_wait`.
    """
    with write(db):  # BEGIN IMMEDIATE: one reservation at a time across threads and processes
        held = get_failures(db, scope, client)
        if held and held["locked_until"] > now:
            return False, held
        if held and now - held["last_wrong"] > forget_after:
            held = None  # an hour and more since its last wrong try: the count is forgotten
        failures = (held["failures"] if held else 0) + 1
        locked_until = held["locked_until"] if held else 0
        if failures >= limit:
            locked_until = now + min(first_wait * 2 ** min(failures - limit, 32), longest_wait)
        db.execute(f"INSERT INTO {scope.table} ({scope.column}, client, failures, locked_until, last_wrong) "
                   f"VALUES (?, ?, ?, ?, ?) ON CONFLICT ({scope.column}, client) DO UPDATE SET "
                   "failures = excluded.failures, locked_until = excluded.locked_until, "
                   "last_wrong = excluded.last_wrong", [scope.id, client, failures, locked_until, now])
    return True, {"failures": failures, "locked_until": locked_until, "last_wrong": now, "before": held}


def give_back(db: sqlite_utils.Database, scope: Scope, client: str, taken: dict) -> None:
    """The try `taken` (take_try's answer) was the right PIN: it is not counted, and a wait it started, or the time
    of a last wrong try it set, goes back to what it was. Wrong tries before it stay counted. A try reserved
    meanwhile by a parallel request (which moved the wait or the time again) keeps what it set."""
    before = taken["before"] or {"failures": 0, "locked_until": 0, "last_wrong": 0}
    with write(db):
        held = get_failures(db, scope, client)
        if held is None:
            return
        failures = max(0, held["failures"] - 1)
        locked_until = before["locked_until"] if held["locked_until"] == taken["locked_until"] else held["locked_until"]
        last_wrong = before["last_wrong"] if held["last_wrong"] == taken["last_wrong"] else held["last_wrong"]
        if failures == 0:
            db.execute(f"DELETE FROM {scope.table} WHERE {scope.column} = ? AND client = ?", [scope.id, client])
        else:
            db.execute(f"UPDATE {scope.table} SET failures = ?, locked_until = ?, last_wrong = ? "
                       f"WHERE {scope.column} = ? AND client = ?",
                       [failures, locked_until, last_wrong, scope.id, client])


def set_pin_hash(db: sqlite_utils.Database, game_id: str, pin_hash: str) -> None:
    """Store a game's PIN hash in a newer form (same PIN; the game's state and revision are unchanged)."""
    with write(db):
        db.execute("UPDATE games SET pin_hash = ? WHERE id = ?", [pin_hash, game_id])


def event_locks(db: sqlite_utils.Database, event_id: str) -> dict | None:
    """A club night's PINs as the checks read them: {director_pin_hash, table_pins}, or None for no such event."""
    found = rows(db, "SELECT director_pin_hash, table_pins FROM events WHERE id = ?", [event_id])
    return found[0] if found else None
