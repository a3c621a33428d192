"""Issue 31 item 20: every cache the server keeps is bounded in bytes, not in entries (cachetools' maxsize with a
getsizeof: service.cache.Recent), so the pages of the largest club night in five languages cannot take the server
from 54 MB to 326 MB (README budget 80 MB; `make bench` measures it)."""
from __future__ import annotations

import gc
import sys

import service
import service.cache
import service.events
import service.hands
import service.players
import web.plumbing.drawings
import web.present.once
from service.cache import Recent, game_bytes, size_of

from .conftest import PONYTAIL_PAIRS

MB = 2 ** 20


def every_cache() -> dict[str, Recent]:
    """Every module-level cache of the server's code, found by looking (not by a list kept by hand)."""
    found = {}
    for name, module in sorted(sys.modules.items()):
        if name.split(".")[0] in ("service", "web", "db", "sheets", "lang", "scoring"):
            for attr, value in vars(module).items():
                if isinstance(value, Recent):
                    found[f"{name}.{attr}"] = value
    return found


def test_every_cache_is_bounded_in_bytes_and_all_together_fit_the_memory_budget():
    caches = every_cache()
    assert {"service.cache._states", "service.events._seated", "service.events._standings", "service.hands._notes",
            "service.players._tables", "service.players._rated", "web.present.once._kept",
            "web.plumbing.drawings._kept"} <= set(caches)
    budgets = {name: cache.max_bytes for name, cache in caches.items()}
    assert all(MB // 4 <= b <= 12 * MB for b in budgets.values()), budgets
    assert sum(budgets.values()) <= 40 * MB, budgets  # 54 MB of a server with nothing kept, 80 MB the budget


def test_a_cache_forgets_the_oldest_by_bytes_and_keeps_nothing_larger_than_itself():
    kept = Recent(1000, sizeof=len)
    kept.put("a", b"x" * 400)
    kept.put("b", b"x" * 400)
    kept.get("a")  # read: now the newest
    kept.put("c", b"x" * 400)  # 1,200 bytes: the least recently used goes
    assert (kept.get("a"), kept.get("b"), kept.get("c") is not None) == (b"x" * 400, None, True)
    assert kept.bytes == 800
    kept.put("a", b"x" * 2000)  # larger than the whole cache: not kept, and the older one under its key goes too
    assert kept.get("a") is None and kept.bytes == 400


def test_sizes_are_weighed_whole_and_shared_objects_once():
    text = "y" * 10_000
    assert size_of([text, text]) < 10_000 + 1_000  # the same string twice is one string
    assert size_of({"k": (text, "z" * 5_000)}) > 15_000  # everything it reaches counts
    assert size_of(list(range(100))) < size_of(list(range(1000, 1100)))  # small ints are the process's own


def test_game_states_stay_within_their_bytes_however_many_games_are_read(client, monkeypatch):
    small = Recent(200_000, lambda state: state.weight())
    monkeypatch.setattr(service.cache, "_states", small)
    games = [client.post("/api/games", json=PONYTAIL_PAIRS).get_json()["id"] for _ in range(40)]
    for game_id in games:
        for _ in range(3):
            client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 150}, {"melded": 100}]})
        assert client.get(f"/api/games/{game_id}").status_code == 200  # its JSON body is kept with its state
    assert 100_000 < small.bytes <= 200_000
    gc.collect()


def test_a_long_games_weight_is_near_its_real_size(client):
    game_id = client.post("/api/games", json=PONYTAIL_PAIRS).get_json()["id"]
    for n in range(40):
        client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 150 + 5 * n}, {"melded": 100}]})
    with client.application.app_context():
        from web.plumbing.database import get_db

        game = service.get_game(get_db(), game_id)
    real = size_of(game)
    assert real <= game_bytes(game) <= 2 * real  # never less than it holds


def test_the_server_threads_share_two_malloc_heaps(monkeypatch):
    """glibc would give each of the 8 waitress threads a heap of its own, each keeping what a big page left behind
    (6 MB more after the largest club night's pages): the server caps them before its threads start."""
    import platform

    from flask import Flask

    from web.plumbing import serving

    called = []
    monkeypatch.setattr(serving, "fewer_malloc_arenas", lambda: called.append(True) or True)
    serving.make_server(Flask(__name__), "127.0.0.1", 0, 2).close()
    assert called
    monkeypatch.undo()
    if platform.libc_ver()[0] == "glibc":
        assert serving.fewer_malloc_arenas() is True
