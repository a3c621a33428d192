"""Work already done for a game's current state, kept so that reading a game does not redo it.

Every write bumps a game's revision, so nothing kept here can be out of date: entries are
checked against the revision they were made for. Only committed states are kept (see
actions._writing).
"""
from __future__ import annotations

import threading
import time
from typing import Any, Hashable

import sqlite_utils


class Recent:
    """A bounded map that forgets the oldest entry first; reads take no lock.

    Every poll reads it, so a read is a plain dict lookup (atomic in CPython); writes,
    which are rare, take the lock.
    """

    def __init__(self, size: int):
        self.size = size
        self._items: dict = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        return self._items.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items.pop(key, None)  # re-inserted last: the newest
            self._items[key] = value
            while len(self._items) > self.size:
                del self._items[next(iter(self._items))]

    def pop(self, key: Hashable) -> None:
        with self._lock:
            self._items.pop(key, None)


FRESH_FOR = 1.0  # seconds a confirmed state is served without asking the database again

# a club night is about 50 tables; a 50-hand game object is about 0.3 MB
games = Recent(64)  # (game object, when it was last confirmed)
# rendered pages and scoreboards: a few per game, each some kB
rendered = Recent(256)


def _key(db: sqlite_utils.Database, game_id: str) -> tuple:
    return getattr(db, "path", None), game_id


def fresh(db: sqlite_utils.Database, game_id: str) -> dict | None:
    """The game object if its state was confirmed against the database within FRESH_FOR seconds.

    Writes made by this server put their new state here as they commit, so this server's own
    changes are never missed; only a change by another process (an `import` while the server
    runs) can take up to FRESH_FOR to show. Every device polls, and this spares most polls a
    database round trip.
    """
    held = games.get(_key(db, game_id))
    if held is not None and time.monotonic() - held[1] < FRESH_FOR:
        return held[0]
    return None


def get(db: sqlite_utils.Database, version: dict | None) -> dict | None:
    """The game object for this stored state (id, revision, updated), if derived before."""
    if version is None:
        return None
    key = _key(db, version["id"])
    held = games.get(key)
    if held is None or (held[0]["revision"], held[0]["updated"]) != (version["revision"], version["updated"]):
        return None
    _keep(key, held[0])  # confirmed just now
    return held[0]


def put(db: sqlite_utils.Database, game_object: dict) -> None:
    """Remember a committed game object (the latest revision of each game is kept)."""
    _keep(_key(db, game_object["id"]), game_object)


_newest = threading.Lock()


def _keep(key: tuple, game_object: dict) -> None:
    # compare and set in one step: a slow reader, or a confirmation racing a write, never
    # replaces a newer state (which would then be served as fresh)
    with _newest:
        held = games.get(key)
        if held is None or held[0]["revision"] <= game_object["revision"]:
            games.put(key, (game_object, time.monotonic()))


def forget(db: sqlite_utils.Database, game_id: str) -> None:
    """Drop a deleted game."""
    games.pop(_key(db, game_id))
