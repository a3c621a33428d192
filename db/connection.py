"""Opening the database and running a write as one transaction."""
from __future__ import annotations

import functools
import itertools
import os
import sqlite3
import time
from contextlib import contextmanager
from typing import Iterator

import sqlite_utils

from .files import create_private, make_private, side_files

BUSY_SECONDS = 5  # a write waits this long for another writer, then is refused (API.md: busy storage)
# A file's modification time is coarse (2 s on a FAT memory stick) and a commit's last fsync comes after
# its last write, so a file written this recently does not yet say whether another write followed.
SETTLE_SECONDS = 5

_commits = itertools.count(1)  # next() is atomic: two threads never get the same number
_savepoints = itertools.count(1)
_last_commit = 0  # the number of this process's latest committed write transaction (any database)


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
    database = sqlite_utils.Database(conn)
    database.meldbook_path = path  # database_path: what caches of this file's games are keyed by
    return database


def database_path(db: sqlite_utils.Database) -> str:
    """The file a connection was opened on (`connect`): the first part of every cache key of its games."""
    path = getattr(db, "meldbook_path", None)
    if path is None:  # a connection not opened by `connect` (a test's): ask SQLite once
        path = db.meldbook_path = db.execute("PRAGMA database_list").fetchone()[2] or f"memory:{id(db)}"
    return path


def check(db: sqlite_utils.Database) -> None:
    """Raise Damaged when SQLite's quick integrity check finds the file broken (a truncated or overwritten file)."""
    found = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    if found != ["ok"]:
        raise Damaged(f"database disk image is malformed ({integrity_summary(found)})")


def integrity_summary(found: list[str]) -> str:
    """SQLite's integrity check findings as one line: the first problem and how many there are.

    A damaged file can give hundreds of findings, several lines to a row ("*** in database main ***").
    """
    problems = [line.strip() for row in found for line in str(row).splitlines()
                if line.strip() and not line.startswith("*** in database")]
    if not problems:
        return "the integrity check failed"
    more = len(problems) - 1
    if not more:
        return problems[0]
    at_least = "at least " if len(problems) >= 100 else ""  # quick_check stops at 100 findings
    return f"{problems[0]}, and {at_least}{more} more problem{'s' if more > 1 else ''}"


@contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction, taken before reading so two writers never interleave.

    When anything fails, including the commit itself (a full disk), nothing of it stays, and
    the error raised is the one that happened, not a failed rollback's.
    """
    global _last_commit
    if db.conn.in_transaction:  # inside another write (one use case made of others): a savepoint of it
        yield from _nested(db)
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
        _last_commit = next(_commits)
    except BaseException:
        if db.conn.in_transaction:  # SQLite already rolled back after some errors (SQLITE_FULL)
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the connection is unusable; the transaction is not committed either way
        raise


def _nested(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """A write inside an open write transaction: a savepoint, undone alone when it fails (the error raised as it
    was), committed only with the transaction around it, so a crash in between leaves neither."""
    name = f"nested_{next(_savepoints)}"
    db.execute(f"SAVEPOINT {name}")
    try:
        yield db
        db.execute(f"RELEASE {name}")
    except BaseException:
        if db.conn.in_transaction:
            try:
                db.execute(f"ROLLBACK TO {name}")
                db.execute(f"RELEASE {name}")
            except sqlite3.Error:
                pass
        raise


def in_write(db: sqlite_utils.Database) -> bool:
    """Whether a write transaction is open on this connection (what is written is not committed yet)."""
    return db.conn.in_transaction


@functools.lru_cache(maxsize=16)
def _wal_file(path: str) -> str:
    """The -wal file beside the database file itself (SQLite follows a link to it), found once."""
    return side_files(path)[1]


def quiet_mark(path: str) -> tuple | None:
    """What stays the same while nothing is written to the database at `path`, read without a query.

    In WAL mode (connect) every commit, by this process or any other, is written to the database's
    -wal file; and every commit in this process counts one. The mark is that count with the -wal
    file's identity, size and modification time. A state read by a query made after this mark was
    taken is still current while the mark is unchanged. None (ask the database) when there is no
    -wal file or it was written within the last SETTLE_SECONDS.

    One stat per call, no query: every poll of every device asks, and each call that leaves Python
    (a query, a stat) lets the server's other threads take over, which costs far more than the call
    itself (bench/RESULTS.md, issue 16).
    """
    try:
        found = os.stat(_wal_file(path))
    except OSError:
        return None
    if found.st_mtime_ns > time.time_ns() - SETTLE_SECONDS * 1_000_000_000:
        return None
    return _last_commit, found.st_ino, found.st_size, found.st_mtime_ns
