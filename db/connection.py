"""Opening the database and running a write as one transaction."""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

import sqlite_utils

from .files import create_private, make_private, side_files

BUSY_SECONDS = 5  # a write waits this long for another writer, then is refused (API.md: busy storage)


class Damaged(sqlite3.DatabaseError):
    """The database file fails SQLite's own integrity check."""


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode (writes use `write`), WAL journal, foreign keys on.

    The file is made owner-only before SQLite opens it; SQLite gives its -wal and -shm files
    the database file's mode.
    """
    create_private(path)
    make_private(*side_files(path)[1:])
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout={BUSY_SECONDS * 1000}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")  # an acknowledged hand survives a power cut
    conn.execute("PRAGMA foreign_keys=ON")
    return sqlite_utils.Database(conn)


def check(db: sqlite_utils.Database) -> None:
    """Raise Damaged when SQLite's quick integrity check finds the file broken (a truncated or overwritten file)."""
    found = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    if found != ["ok"]:
        raise Damaged(f"database disk image is malformed ({found[0]})")


@contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction, taken before reading so two writers never interleave.

    When anything fails, including the commit itself (a full disk), nothing of it stays, and
    the error raised is the one that happened, not a failed rollback's.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:  # SQLite already rolled back after some errors (SQLITE_FULL)
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the connection is unusable; the transaction is not committed either way
        raise
