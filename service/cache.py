"""Each game's game object, derived once per revision and kept, with whatever else is made from it.

Every change to a game bumps its revision. A read asks the database for the game's revision
(one small query) and uses a kept state only while its game is still at the revision it was
derived from; once a query has confirmed a kept state, later reads use it without a query
while nothing at all has been written to the database since (db.quiet_mark). States are keyed
by the database file and the game id; only committed states are kept (games.committed).

Anything else made from one game state (its JSON body, say) is kept with that state
(`made_from`): its key is the state itself, so it can never outlive the revision it was made at.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Hashable

from cachetools import LRUCache


class Recent:
    """A bounded map that forgets the least recently used entry first (cachetools' LRU), safe across threads."""

    def __init__(self, size: int):
        self._items: LRUCache = LRUCache(maxsize=size)
        self._lock = threading.Lock()  # an LRU reorders itself on every read

    def get(self, key: Hashable) -> Any:
        with self._lock:
            return self._items.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value

    def pop(self, key: Hashable) -> None:
        with self._lock:
            self._items.pop(key, None)


def version(game: Any) -> tuple:
    """What names one stored state of a game (a game object or a stored row): its revision and last change."""
    if isinstance(game, dict):
        return game["revision"], game["updated"]
    return game.revision, game.updated


class State:
    """One game at one revision: its game object, and what was made from it (`made_from`)."""

    def __init__(self, game: Any):
        self.game = game
        self.version = version(game)
        self.confirmed: tuple | None = None  # the database's quiet mark when a query last found this state current
        self.made: dict[str, Any] = {}


# a club night is about 50 tables; a 50-hand game object is about 0.3 MB, its JSON 0.1 MB
_states = Recent(64)
_newest = threading.Lock()


def kept(database: str, stored: dict | None, mark: tuple | None = None) -> Any:
    """The game object of this stored state (anything with id, revision, updated), if derived before.

    `stored` was just read from the database after `mark` (db.quiet_mark) was taken: a kept state it
    finds current is remembered as confirmed at that mark (see `unchanged`).
    """
    state = _states.get((database, stored["id"])) if stored is not None else None
    if state is None or state.version != version(stored):
        return None
    if mark is not None:
        state.confirmed = mark
    return state.game


def unchanged(database: str, game_id: str, mark: tuple | None) -> Any:
    """The kept game object, without a query, when nothing was written to the database since a query
    found it current (`mark`, db.quiet_mark, is the one taken before that query); else None."""
    state = _states.get((database, game_id))
    return state.game if mark is not None and state is not None and state.confirmed == mark else None


def keep(database: str, game: Any) -> None:
    """Keep a committed game object; a state older than the one kept is ignored."""
    key = (database, game.id)
    with _newest:  # compare and set in one step: a slow reader never replaces a newer state
        held = _states.get(key)
        if held is None or held.version[0] <= game.revision:
            _states.put(key, State(game))


def forget(database: str, game_id: str) -> None:
    """Drop a deleted or renamed game."""
    _states.pop((database, game_id))


def made_from(database: str, game: Any, what: str, make: Callable[[], Any]) -> Any:
    """`make()`, kept with this game state under `what` while it is the kept state (made anew otherwise)."""
    state = _states.get((database, game.id))
    if state is None or state.game is not game:
        return make()
    found = state.made.get(what)
    if found is None:
        found = state.made[what] = make()
    return found
