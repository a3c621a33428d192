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

import sys
import threading
from types import MappingProxyType
from typing import Any, Callable, Hashable

from cachetools import LRUCache

_ATOMS = (str, bytes, bytearray, int, float, complex, bool, type(None))
_SHARED = (type, type(sys), type(len), type(lambda: None))  # classes, modules, functions: not the entry's own


def size_of(value: Any) -> int:
    """About how many bytes `value` holds, everything it refers to included (sys.getsizeof of each object it reaches
    once: containers, read-only mappings, dataclasses with slots or a __dict__); what every entry shares
    (classes, modules, functions, a variant) is not counted."""
    seen: set[int] = set()
    total, pending = 0, [value]
    while pending:
        item = pending.pop()
        if id(item) in seen or isinstance(item, _SHARED) or item is None or item is True or item is False:
            continue
        if type(item) is int and -5 <= item <= 256:  # one object each, shared by the whole process
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, _ATOMS):
            continue
        if isinstance(item, (dict, MappingProxyType)):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            pending.extend(item)
        else:
            pending.extend(getattr(item, name) for cls in type(item).__mro__ for name in getattr(cls, "__slots__", ())
                        if hasattr(item, name))
            if hasattr(item, "__dict__"):
                pending.append(item.__dict__)
    return total


class Recent:
    """A map bounded in bytes that forgets the least recently used entry first (cachetools' LRU), safe across
    threads. Each entry is weighed by `sizeof(value)` when given, else by `size_of` of its key and value. An entry
    larger than the whole budget is not kept."""

    def __init__(self, max_bytes: int, sizeof: Callable[[Any], int] | None = None):
        self._items: LRUCache = LRUCache(maxsize=max_bytes, getsizeof=lambda entry: entry[0])
        self._weigh = sizeof
        self._lock = threading.Lock()  # an LRU reorders itself on every read

    @property
    def max_bytes(self) -> int:
        return int(self._items.maxsize)

    @property
    def bytes(self) -> int:
        """The bytes its entries hold now (as weighed when they were put)."""
        with self._lock:
            return int(self._items.currsize)

    def get(self, key: Hashable) -> Any:
        with self._lock:
            found = self._items.get(key)
        return None if found is None else found[1]

    def put(self, key: Hashable, value: Any) -> None:
        # weighed outside the lock: a big entry holds no other reader meanwhile
        weight = self._weigh(value) if self._weigh else size_of(key) + size_of(value)
        with self._lock:
            try:
                self._items[key] = (weight, value)
            except ValueError:  # larger than the whole budget: not kept (an older entry under this key neither)
                self._items.pop(key, None)

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
        self._game_bytes: int | None = None
        self.made_bytes = 0

    def weight(self) -> int:
        """Its bytes: the game object's (weighed once) and what was made from it."""
        if self._game_bytes is None:
            self._game_bytes = game_bytes(self.game)
        return self._game_bytes + self.made_bytes + 512  # the State itself, its version and dict


def game_bytes(game: Any) -> int:
    """About how many bytes a game object holds: its hands are alike, so the first and the last are weighed for
    them all (what a later hand adds to the first: the names they share counted once). A whole 50-hand game takes
    milliseconds to walk, and every recorded hand keeps a new state."""
    hands = getattr(game, "hands", None)
    if not hands or len(hands) < 3:
        return size_of(game)
    rest = [getattr(game, name) for name in getattr(type(game), "__slots__", ()) if name != "hands"]
    first = size_of(hands[0])
    more = size_of((hands[0], hands[-1])) - first - sys.getsizeof((0, 0))
    return size_of(rest) + sys.getsizeof(hands) + first + more * (len(hands) - 1)


# a club night is 50 tables or more (the largest event's round 100); a 50-hand game object is about 0.3 MB, its
# JSON 0.1 MB, a one-hand table's game some 10 KB: what is made from a state is weighed with it (State.weight)
_states = Recent(8 * 2 ** 20, lambda state: state.weight())
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
        state.made_bytes += size_of(what) + size_of(found)
        with _newest:  # weighed again with what was made, unless a newer state took its place meanwhile
            if _states.get((database, game.id)) is state:
                _states.put((database, game.id), state)
    return found
