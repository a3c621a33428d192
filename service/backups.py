"""Automatic backups while the server runs: at most one an hour while games change, and one after a game ends.

A background thread writes them, woken by committed writes, so recording a hand never waits
for a backup; a backup that fails (full disk, missing folder) is logged in one line and the
next change tries again. A serving app starts one per database file (`start`); every committed
write of a game tells it (`changed`, from service.games.committed).
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time

import db
from db.backups import list_backups, write_backup

log = logging.getLogger("meldbook.backups")
IDLE_CHECK = 60.0  # seconds the thread sleeps when nothing changed, before looking again


class Backups:
    """The backup thread of one server: `changed()` after each committed write."""

    def __init__(self, database: str, folder: str, *, interval: float, keep: int, disk_share: float):
        self.database, self.folder = database, folder
        self.interval, self.keep, self.disk_share = interval, keep, disk_share
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._dirty = self._urgent = self._stopped = False
        self._last = self._newest_existing()
        self._thread: threading.Thread | None = None

    def _newest_existing(self) -> float:
        """When the newest backup already in the folder was written, so a restart does not add another at once."""
        try:
            found = list_backups(self.folder, self.database)
            return os.path.getmtime(found[-1]) if found else 0.0
        except OSError:
            return 0.0

    def changed(self, finished: bool = False) -> None:
        """A write committed; `finished`: it left a game finished, which is backed up right away."""
        with self._lock:
            self._dirty = True
            self._urgent = self._urgent or finished
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="meldbook-backups", daemon=True)
                self._thread.start()
        self._wake.set()

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def _due_in(self) -> float | None:
        """Seconds until a backup is due; 0 now, None when nothing changed since the last one."""
        with self._lock:
            if self._urgent:
                return 0.0
            if not self._dirty:
                return None
            return max(0.0, self._last + self.interval - time.time())

    def _run(self) -> None:
        conn = None
        while not self._stopped:
            due = self._due_in()
            if due is None or due > 0:
                self._wake.wait(IDLE_CHECK if due is None else min(due, IDLE_CHECK))
                self._wake.clear()
                continue
            with self._lock:  # a write during the backup marks it dirty again, for the next one
                self._dirty = self._urgent = False
                self._last = time.time()
            try:
                conn = conn or db.connect(self.database)
                write_backup(conn, self.folder, keep=self.keep, disk_share=self.disk_share)
            except (OSError, ValueError, sqlite3.Error) as err:
                log.warning("Automatic backup of %s into %s failed: %s", self.database, self.folder,
                            str(err).replace("\n", " "))
        if conn is not None:
            conn.conn.close()


_workers: dict[str, Backups] = {}  # database file -> its backup thread, for the apps that back up
_workers_lock = threading.Lock()


def start(database: str, folder: str, *, interval: float, keep: int, disk_share: float) -> Backups:
    """Back up `database` into `folder` while its games change (the one worker for that file, replaced)."""
    worker = Backups(database, folder, interval=interval, keep=keep, disk_share=disk_share)
    with _workers_lock:
        old = _workers.get(database)
        _workers[database] = worker
    if old is not None:
        old.stop()
    return worker


def worker_for(database: str) -> Backups | None:
    return _workers.get(database)


def changed(database: str, finished: bool = False) -> None:
    """A write to `database` committed (`finished`: it left a game finished): its backup thread, if any, hears."""
    worker = _workers.get(database)
    if worker is not None:
        worker.changed(finished=finished)
