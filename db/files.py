"""The files around a database: owner-only modes, SQLite's side files, and the lock a running server holds."""
from __future__ import annotations

import fcntl
import os
import stat
import tempfile
import time
from datetime import datetime

OWNER_ONLY = 0o600
SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite keeps un-checkpointed writes and locks in these


def side_files(database: str) -> list[str]:
    """The database's own path and SQLite's files beside it, resolved."""
    real = os.path.realpath(database)
    return [real] + [real + suffix for suffix in SIDE_FILES]


def create_private(path: str) -> None:
    """Make an empty file only its owner can read, unless it exists already (then tighten its mode)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))
    except FileExistsError:
        make_private(path)


def make_private(*paths: str) -> None:
    """Owner-only mode for each file that exists (games and PIN hashes are nobody else's business).

    Only others' access is taken away: a file its owner made read-only stays read-only (0444 becomes 0400).
    """
    for path in paths:
        try:
            mode = os.stat(path).st_mode
            if stat.S_ISREG(mode) and mode & 0o077:
                os.chmod(path, mode & OWNER_ONLY)
        except OSError:
            pass  # missing, or not ours to change: SQLite opens it or says why


def private_temp(beside: str, suffix: str = ".partial") -> str:
    """A new owner-only file in the folder of `beside`, to be renamed onto it once complete."""
    folder, name = os.path.split(os.path.abspath(beside))
    fd, path = tempfile.mkstemp(prefix=f".{name}.", suffix=suffix, dir=folder)  # mkstemp makes it 0600
    os.close(fd)
    return path


def lock_path(database: str) -> str:
    return os.path.realpath(database) + ".lock"


def hold_server_lock(database: str, wait: float = 30.0) -> int:
    """Take the shared lock a serving process holds for its lifetime; returns its descriptor.

    Servers share it; `restore` needs it alone, so it can tell a database is in use. Waits
    (bounded) while a restore is swapping the file in.
    """
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, OWNER_ONLY)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise
            time.sleep(0.1)


def take_sole_lock(database: str) -> int | None:
    """The lock alone (no server uses the database), or None when a server holds it."""
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, OWNER_ONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def release(fd: int) -> None:
    os.close(fd)  # closing the descriptor drops its flock


def remove_with_side_files(path: str) -> None:
    """Delete a (temporary) database and any -wal/-shm/-journal SQLite left beside it."""
    for name in [path] + [path + suffix for suffix in SIDE_FILES]:
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


def put_in_place(complete: str, database: str) -> str | None:
    """Rename `complete` onto `database`; the database it replaces (with its -wal) is kept beside it.

    Returns the kept name (`meldbook.sqlite.replaced-20261123-2104`), or None when there was none.
    Only for a database no process has open (see take_sole_lock).
    """
    kept = None
    if os.path.exists(database):
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        kept = f"{database}.replaced-{stamp}"
        n = 1
        while any(os.path.lexists(kept + s) for s in ("", *SIDE_FILES)):
            n += 1
            kept = f"{database}.replaced-{stamp}-{n}"
        for suffix in SIDE_FILES:  # un-checkpointed writes stay with the database they belong to
            if os.path.exists(database + suffix):
                os.rename(database + suffix, kept + suffix)
        os.rename(database, kept)
    os.replace(complete, database)
    folder = os.open(os.path.dirname(database), os.O_RDONLY)
    try:
        os.fsync(folder)  # the renames survive a power cut
    finally:
        os.close(folder)
    return kept
