"""Opening the database and running a write as one transaction."""
from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from typing import Iterator

import sqlite_utils

from .files import create_private, make_private, side_files


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode (writes use `write`), WAL journal, foreign keys on.

    The file is made owner-only before SQLite opens it; SQLite gives its -wal and -shm files
    the database file's mode.
    """
    create_private(path)
    make_private(*side_files(path)[1:])
    conn = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")  # an acknowledged hand survives a power cut
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    database = sqlite_utils.Database(conn)
    database.path = os.path.realpath(path)  # names the file in caches keyed by database
    return database


@contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction, taken before reading so two writers never interleave."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
