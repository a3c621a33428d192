"""Work already done for a game's current state, kept so that reading a game does not redo it.

Every write bumps a game's revision, so nothing kept here can be out of date: entries are
checked against the revision they were made for. Only committed states are kept (see
actions._writing).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Hashable

import sqlite_utils


class Recent:
    """A bounded, thread-safe map that forgets the least recently used entry first."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def pop(self, key: Hashable) -> None:
        with self._lock:
            self._items.pop(key, None)


# a club night is about 50 tables; a 50-hand game object is about 0.3 MB
games = Recent(64)
# rendered pages and scoreboards: a few per game, each some kB
rendered = Recent(256)


def _key(db: sqlite_utils.Database, game_id: str) -> tuple:
    return getattr(db, "path", None), game_id


def get(db: sqlite_utils.Database, game: dict | None) -> dict | None:
    """The game object for this stored game row's revision (id, revision, updated), if derived before."""
    if game is None:
        return None
    found = games.get(_key(db, game["id"]))
    if found is None or (found["revision"], found["updated"]) != (game["revision"], game["updated"]):
        return None
    return found


def put(db: sqlite_utils.Database, game_object: dict) -> None:
    """Remember a committed game object (the latest revision of each game is kept)."""
    key = _key(db, game_object["id"])
    held = games.get(key)
    if held is None or held["revision"] <= game_object["revision"]:  # a slow reader never replaces a newer state
        games.put(key, game_object)


def forget(db: sqlite_utils.Database, game_id: str) -> None:
    """Drop a deleted game."""
    games.pop(_key(db, game_id))
