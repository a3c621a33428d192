"""Named queries for table PINs: the stored hash, and wrong tries per game and client address."""
from __future__ import annotations

import sqlite_utils

from .connection import write
from .games import rows


def get_failures(db: sqlite_utils.Database, game_id: str, client: str) -> dict | None:
    """{failures, locked_until} for this game and client, or None when it has no wrong tries."""
    found = rows(db, "SELECT failures, locked_until FROM pin_failures WHERE game_id = ? AND client = ?",
                 [game_id, client])
    return found[0] if found else None


def take_try(db: sqlite_utils.Database, game_id: str, client: str, now: float, *, limit: int,
             first_wait: float, longest_wait: float) -> tuple[bool, dict]:
    """Reserve one PIN comparison for this client, in one write transaction: (may compare, {failures, locked_until}).

    A client still waiting may not compare. Otherwise the try is counted as wrong before the PIN is
    compared (the safe side: a request that dies meanwhile stays counted), and the `limit`-th
    counted try already starts the wait, so parallel requests, in this process or another, never
    get more than `limit` comparisons. A right PIN then clears the count (clear_failures). The wait
    doubles with every try past the limit, up to `longest_wait`.
    """
    with write(db):  # BEGIN IMMEDIATE: one reservation at a time across threads and processes
        held = get_failures(db, game_id, client)
        if held and held["locked_until"] > now:
            return False, held
        failures = (held["failures"] if held else 0) + 1
        locked_until = held["locked_until"] if held else 0
        if failures >= limit:
            locked_until = now + min(first_wait * 2 ** min(failures - limit, 32), longest_wait)
        db.execute("INSERT INTO pin_failures (game_id, client, failures, locked_until) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT (game_id, client) DO UPDATE SET failures = excluded.failures, "
                   "locked_until = excluded.locked_until", [game_id, client, failures, locked_until])
    return True, {"failures": failures, "locked_until": locked_until}


def clear_failures(db: sqlite_utils.Database, game_id: str, client: str) -> None:
    """The client gave the right PIN: its count starts again."""
    with write(db):
        db.execute("DELETE FROM pin_failures WHERE game_id = ? AND client = ?", [game_id, client])


def set_pin_hash(db: sqlite_utils.Database, game_id: str, pin_hash: str) -> None:
    """Store a game's PIN hash in a newer form (same PIN; the game's state and revision are unchanged)."""
    with write(db):
        db.execute("UPDATE games SET pin_hash = ? WHERE id = ?", [pin_hash, game_id])
