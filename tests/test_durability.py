"""A server killed with SIGKILL in the middle of a burst of writes loses no acknowledged hand and keeps
nothing half-written."""
import http.client
import json
import sqlite3
import threading
import urllib.error
import urllib.request

import pytest

from .server import Server

WRITERS = 8
KILL_AFTER = 60  # acknowledged hands before the kill; the writers are still sending then
MAX_MARKER = 696  # 5 × 696 is the most card points six decks hold


def post(url, body):
    """(status, answer), or (None, None) when the server went away before answering."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")
    except (OSError, ValueError, http.client.HTTPException):  # refused, reset or cut off mid-answer: unknown
        return None, None


@pytest.mark.slow
def test_sigkill_mid_burst_loses_no_acknowledged_hand(tmp_path):
    path = tmp_path / "games.sqlite"
    server = Server(path)
    status, game = server.request("POST", "/api/games", {
        "variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                         {"name": "Them", "players": ["Cy", "Di"]}]})
    assert status == 201
    url = f"{server.url}/api/games/{game['id']}/hands"
    acknowledged, refused, lock, enough, sent = [], [], threading.Lock(), threading.Event(), []

    def writer(w):
        for marker in range(1 + w, MAX_MARKER + 1, WRITERS):
            with lock:
                sent.append(marker)
            status, answer = post(url, {"entries": [{"in_hand": 5 * marker}, {"melded": 5}]})
            if status is None:
                return  # the server is gone
            if status != 201:
                refused.append((status, answer))  # checked by the test thread: an assert here would be lost
                return
            with lock:
                acknowledged.append((marker, answer["hand"]["number"]))
                if len(acknowledged) >= KILL_AFTER:
                    enough.set()

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    for t in threads:
        t.start()
    try:
        assert enough.wait(timeout=30), "the burst never got going"
        server.process.kill()  # SIGKILL: no clean shutdown, no last flush
        for t in threads:
            t.join(timeout=30)
    finally:
        server.stop()
    assert refused == []
    assert len(sent) > len(acknowledged)  # some writes were in flight when it died

    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    again = Server(path)
    try:
        status, after = again.request("GET", f"/api/games/{game['id']}")
    finally:
        again.stop()
    assert status == 200
    stored = [h["entries"][0]["in_hand"] // 5 for h in after["hands"]]
    assert len(stored) == len(set(stored))  # nothing doubled
    assert {m for m, _ in acknowledged} <= set(stored) <= set(sent)  # nothing acknowledged lost
    for marker, number in acknowledged:
        assert stored[number - 1] == marker  # each where its answer said
    for h in after["hands"]:  # nothing half-written: every hand whole, scored, and counted in the revision
        assert h["entries"][1]["melded"] == 5 and len(h["scores"]) == 2
    assert after["revision"] == game["revision"] + len(stored)
    assert after["sides"][1]["score"] == 5 * len(stored)
