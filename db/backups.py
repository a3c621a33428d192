"""Backups: SQLite's online copy of the live database, without the nights' table PIN secrets (backup), the refusal
of a target that would destroy games or overwrite a file unasked (check_backup_target, CannotUse), a database file
copied with the last writes of its -wal (copy_database); and the server's own rotated backups: file names sortable
by time, the newest kept, a share of the free disk at most."""
from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils

from .files import private_temp, side_files


class CannotUse(ValueError):
    """A file a command refuses to read or write; the message names the file and says why."""


def check_backup_target(database: str, target: str, *, force: bool = False, verb: str = "back up to") -> None:
    """Refuse (CannotUse) a backup target that would destroy games or overwrite a file unasked."""
    live = dict(zip(side_files(database), ("the live database", "the live database's write-ahead log (-wal)",
                                           "the live database's shared-memory file (-shm)",
                                           "the live database's rollback journal (-journal)")))
    real = os.path.realpath(target)
    what = live.get(real) or next((name for path, name in live.items() if _same_file(path, target)), None)
    if what:
        raise CannotUse(f"Cannot {verb} {target}: it is {what}, and writing there would destroy games. "
                        "Choose another file.")
    if os.path.isdir(target):
        raise CannotUse(f"Cannot {verb} {target}: it is a folder. Give a file name, e.g. {target}/meldbook.bak.")
    if not os.path.isdir(os.path.dirname(os.path.abspath(target))):
        raise CannotUse(f"Cannot {verb} {target}: its folder does not exist.")
    if os.path.lexists(target) and not force:
        raise CannotUse(f"Cannot {verb} {target}: the file exists already. Add --force to overwrite it.")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)  # a hard link or another name for the same file
    except OSError:
        return False


def backup(db: sqlite_utils.Database, target: str) -> str:
    """Copy the live database to `target` (owner-only) with SQLite's online backup; returns its integrity check.

    The copy is written to a temporary file beside the target and renamed into place, so an
    interrupted backup never leaves a half-written file under the real name.
    """
    source_file = db.execute("PRAGMA database_list").fetchone()[2]
    if source_file:
        check_backup_target(source_file, target, force=True)
    partial = private_temp(target)
    try:
        copy = sqlite3.connect(partial)
        try:
            db.conn.backup(copy)  # a consistent snapshot even while the server keeps writing
            _without_pin_secrets(copy)
            status = copy.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            copy.close()
        if status != "ok":
            raise CannotUse(f"The copy made for {target} failed its integrity check ({status}); nothing was written.")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return status


def _without_pin_secrets(copy: sqlite3.Connection) -> None:
    """A backup carries no night's secret for its tables' PINs (wiped, with secure_delete so its bytes do not stay
    in a freed page): a night restored from it gets new table PINs (new_table_pins)."""
    columns = {row[1] for row in copy.execute("PRAGMA table_info(events)")}
    if "pin_secret" in columns:
        copy.execute("PRAGMA secure_delete = ON")
        copy.execute("UPDATE events SET pin_secret = NULL WHERE pin_secret IS NOT NULL")
        copy.commit()


def copy_database(source: str, target: str) -> None:
    """Copy the database file `source` onto the new file `target` through SQLite's backup, so the last writes still
    in its -wal (a server killed before it checkpointed them) come along; `source` is opened read-only.

    Raises sqlite3.Error when SQLite cannot read it (not a database, an unreadable -wal…)."""
    reading = sqlite3.connect(Path(source).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(target)
        try:
            reading.backup(copy)
        finally:
            copy.close()
    finally:
        reading.close()


def prefix(database: str) -> str:
    """Backups of `games.sqlite` are `games-backup-<UTC time>.sqlite`, so two databases never mix theirs."""
    return os.path.splitext(os.path.basename(database))[0] + "-backup-"


def backup_name(database: str, when: datetime) -> str:
    """`meldbook-backup-20261123-210405-123456.sqlite`: UTC, so names sort by time whatever the clocks do."""
    return f"{prefix(database)}{when.astimezone(timezone.utc):%Y%m%d-%H%M%S-%f}.sqlite"


def list_backups(folder: str, database: str) -> list[str]:
    """The database's backups in `folder`, oldest first."""
    start = prefix(database)
    return sorted(os.path.join(folder, name) for name in os.listdir(folder)
                  if name.startswith(start) and name.endswith(".sqlite"))


def to_remove(sizes: list[tuple[str, int]], keep: int, allowance: float) -> list[str]:
    """Of backups (path, bytes) oldest first, those to delete: beyond the newest `keep`, or past `allowance` bytes."""
    kept, total, remove = 0, 0, []
    for path, size in reversed(sizes):
        if kept < keep and total + size <= allowance:
            kept, total = kept + 1, total + size
        else:
            remove.append(path)
    return remove


def write_backup(db: sqlite_utils.Database, folder: str, *, keep: int, disk_share: float,
                 now: datetime | None = None) -> str:
    """Write one consistent backup into `folder` and rotate; returns its path.

    All backups together stay within `disk_share` of the disk space that is free or theirs;
    raises CannotUse (or OSError) when this one would not fit, or cannot be written.
    """
    database = db.execute("PRAGMA database_list").fetchone()[2]
    existing = [(path, os.path.getsize(path)) for path in list_backups(folder, database)]
    allowance = disk_share * (shutil.disk_usage(folder).free + sum(size for _, size in existing))
    page_size, pages = (db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_size", "page_count"))
    if page_size * pages > allowance:
        raise CannotUse(f"No backup written to {folder}: a backup ({page_size * pages} bytes) would take more "
                        f"than {disk_share:.0%} of the free disk space.")
    target = os.path.join(folder, backup_name(database, now or datetime.now(timezone.utc)))
    backup(db, target)
    for path in to_remove(existing + [(target, os.path.getsize(target))], keep, allowance):
        os.remove(path)
    return target
