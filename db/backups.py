"""The server's own rotated backups: file names sortable by time, the newest kept, a share of the free disk at most."""
from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone

import sqlite_utils

from .transfer import CannotUse, backup


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
