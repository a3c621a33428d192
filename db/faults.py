"""What a storage error means at the table: the database is busy, the disk full, the file damaged or read-only."""
from __future__ import annotations

import errno
import os
import sqlite3

BUSY, FULL, DAMAGED, READ_ONLY, UNREACHABLE = "busy", "full", "damaged", "read-only", "unreachable"

_BY_CODE = {sqlite3.SQLITE_BUSY: BUSY, sqlite3.SQLITE_LOCKED: BUSY, sqlite3.SQLITE_FULL: FULL,
            sqlite3.SQLITE_CORRUPT: DAMAGED, sqlite3.SQLITE_NOTADB: DAMAGED, sqlite3.SQLITE_READONLY: READ_ONLY,
            sqlite3.SQLITE_IOERR: UNREACHABLE, sqlite3.SQLITE_CANTOPEN: UNREACHABLE}
_BY_ERRNO = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EROFS: READ_ONLY, errno.EACCES: READ_ONLY,
             errno.EPERM: READ_ONLY, errno.EIO: UNREACHABLE}
_BY_WORDS = (("locked", BUSY), ("disk is full", FULL), ("malformed", DAMAGED), ("not a database", DAMAGED),
             ("readonly", READ_ONLY), ("unable to open", UNREACHABLE), ("disk i/o", UNREACHABLE))


def fault(err: BaseException) -> str | None:
    """BUSY, FULL, DAMAGED, READ_ONLY or UNREACHABLE for a storage error; None for anything else (a bug)."""
    if isinstance(err, sqlite3.Error):
        code = getattr(err, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in _BY_CODE:  # extended codes keep the primary one in the low byte
            return _BY_CODE[code & 0xFF]
        text = str(err).lower()
        return next((kind for words, kind in _BY_WORDS if words in text), None)
    if isinstance(err, OSError):
        return _BY_ERRNO.get(err.errno)
    return None


STARTUP = {
    BUSY: "another program holds it locked; stop that program (or the other Meldbook) and start again",
    FULL: "the disk is full; free some space and start again",
    DAMAGED: "the file is damaged ({detail}); put back a backup or move the file away, and start again",
    READ_ONLY: "the file or its folder cannot be written ({detail}); make it writable and start again",
    UNREACHABLE: "it cannot be opened or read ({detail}); check the path and the disk, and start again",
}


def _writable(path: str) -> bool:
    """True when SQLite could write `path` and the files it keeps beside it (-wal, -shm) in its folder."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(folder, os.W_OK) and (not os.path.exists(path) or os.access(path, os.W_OK))


def _kind(path: str, err: BaseException) -> tuple[str, str] | None:
    """The fault `err` is on the database at `path`, and its detail; None when it is no storage fault."""
    kind = fault(err)
    if kind is None:
        return None
    detail = " ".join(str(getattr(err, "strerror", None) or err).split())  # one line, whatever SQLite said
    if kind in (READ_ONLY, UNREACHABLE) and not _writable(path):
        # SQLite only says it cannot open the file; a read-only file or folder is the usual reason
        kind, detail = READ_ONLY, "read-only"
    return kind, detail


def startup_refusal(path: str, err: BaseException) -> str | None:
    """The one line the server prints when it cannot start on this database; None when `err` is no storage fault."""
    found = _kind(path, err)
    if found is None:
        return None
    kind, detail = found
    return f"Meldbook cannot use {path}: {STARTUP[kind].format(detail=detail)}."


COMMAND = {
    BUSY: "another program is holding it (a running Meldbook saving a change, or a backup); wait a few seconds "
          "and try again",
    FULL: "the disk is full; free some space and try again",
    DAMAGED: "it is damaged or not a Meldbook database ({detail}); put back a backup",
    READ_ONLY: "the file or its folder cannot be written ({detail}); make it writable and try again",
    UNREACHABLE: "it cannot be opened or read ({detail}); check the path and the disk, and try again",
}


def command_refusal(path: str, err: BaseException) -> str | None:
    """The one line export, import, backup or restore prints when the database meets `err`; None when it is no
    storage fault."""
    found = _kind(path, err)
    if found is None:
        return None
    kind, detail = found
    return f"{path}: {COMMAND[kind].format(detail=detail)}. Nothing was changed."
