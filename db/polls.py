"""What a poll's 'nothing changed' follows (web/plumbing/polls.py): one row read on the poll gate's own connection,
and SQLite's count of commits made by every other connection (this server's threads or another process)."""
from __future__ import annotations

import sqlite3

from db.files import create_private


def connect(path: str) -> sqlite3.Connection:
    """A reading connection of its own (autocommit: it never holds a snapshot, so data_version moves)."""
    create_private(path)
    conn = sqlite3.connect(path, isolation_level=None, timeout=1, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout=1000")
    return conn


def data_version(conn: sqlite3.Connection) -> int:
    """Changes whenever another connection, in this process or another, has committed a write."""
    return conn.execute("PRAGMA data_version").fetchone()[0]


def game(conn: sqlite3.Connection, game_id: str) -> tuple | None:
    """A game's stored state as far as any of its polls can tell (None: no such game)."""
    return conn.execute("SELECT revision, updated, taken_back, options FROM games WHERE id = ?", [game_id]).fetchone()


def event(conn: sqlite3.Connection, event_id: str) -> tuple | None:
    """An event's revision and last change, kept by triggers on every write its pages read (None: no such event)."""
    return conn.execute("SELECT revision, changed, round_minutes FROM events WHERE id = ?", [event_id]).fetchone()
