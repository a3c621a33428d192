"""Work already done for a game's current state, kept so that reading a game does not redo it.

Every write bumps a game's revision, so nothing kept here can be out of date: entries are
checked against the revision the database holds now. Only committed states are kept (see
actions._writing).
"""
from __future__ import annotations

import threading
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


# a club night is about 50 tables; a 50-hand game object is about 0.3 MB
games = Recent(64)  # the newest game object derived for each game
# rendered pages and scoreboards: a few per game, each some kB
rendered = Recent(256)


def _key(db: sqlite_utils.Database, game_id: str) -> tuple:
    return getattr(db, "path", None), game_id


def get(db: sqlite_utils.Database, version: dict | None) -> dict | None:
    """The game object for this stored state (id, revision, updated), if derived before.

    Every read asks the database for the game's version first (one small query), so a change
    made by another process, such as an `import` while the server runs, shows on the next
    request.
    """
    if version is None:
        return None
    held = games.get(_key(db, version["id"]))
    if held is None or (held["revision"], held["updated"]) != (version["revision"], version["updated"]):
        return None
    return held


def put(db: sqlite_utils.Database, game_object: dict) -> None:
    """Remember a committed game object (the latest revision of each game is kept)."""
    key = _key(db, game_object["id"])
    # compare and set in one step: a slow reader, or a write racing another, never replaces a
    # newer state
    with _newest:
        held = games.get(key)
        if held is None or held["revision"] <= game_object["revision"]:
            games.put(key, game_object)


_newest = threading.Lock()


def forget(db: sqlite_utils.Database, game_id: str) -> None:
    """Drop a deleted game."""
    games.pop(_key(db, game_id))


# the JSON answer of GET /api/games/<id>: serializing a 50-hand game costs more than the rest of the request
answers = Recent(64)


def json_answer(db: sqlite_utils.Database, game_object: dict, make) -> bytes:
    """The game object as JSON bytes, made by `make` once per revision of the game."""
    key = _key(db, game_object["id"])
    held = answers.get(key)
    if held is not None and held[0] == (game_object["revision"], game_object["updated"]):
        return held[1]
    body = make(game_object)
    answers.put(key, ((game_object["revision"], game_object["updated"]), body))
    return body
