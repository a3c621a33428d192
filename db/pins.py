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


def count_failure(db: sqlite_utils.Database, game_id: str, client: str, now: float, *, limit: int,
                  first_wait: float, longest_wait: float) -> dict:
    """Count one wrong PIN in one write transaction; from the `limit`-th on, lock the client out.

    The wait doubles with every wrong try past the limit, up to `longest_wait`. Returns the
    new {failures, locked_until}.
    """
    with write(db):
        db.execute("INSERT INTO pin_failures (game_id, client, failures) VALUES (?, ?, 1) "
                   "ON CONFLICT (game_id, client) DO UPDATE SET failures = failures + 1", [game_id, client])
        failures = get_failures(db, game_id, client)["failures"]
        if failures >= limit:
            wait = min(first_wait * 2 ** min(failures - limit, 32), longest_wait)
            db.execute("UPDATE pin_failures SET locked_until = ? WHERE game_id = ? AND client = ?",
                       [now + wait, game_id, client])
        return get_failures(db, game_id, client)


def clear_failures(db: sqlite_utils.Database, game_id: str, client: str) -> None:
    """The client gave the right PIN: its count starts again."""
    with write(db):
        db.execute("DELETE FROM pin_failures WHERE game_id = ? AND client = ?", [game_id, client])


def set_pin_hash(db: sqlite_utils.Database, game_id: str, pin_hash: str) -> None:
    """Store a game's PIN hash in a newer form (same PIN; the game's state and revision are unchanged)."""
    with write(db):
        db.execute("UPDATE games SET pin_hash = ? WHERE id = ?", [pin_hash, game_id])
