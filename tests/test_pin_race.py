"""Issue 23 (2): taking a PIN try, comparing it and counting it is one step, even for parallel requests
and across server processes on one database. API.md, Safety: "after 5 wrong tries that client waits
… answered `429` with `Retry-After`, and its PIN is not even checked meanwhile"."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import web.plumbing.pin

from .cli_helpers import HAND, PAIRS
from .pin_helpers import PIN, STRANGER, WRONG, Clock, call, counted, failures
from .server import Server


def guesses(servers, game_id, count):
    """`count` wrong PINs sent at once from one address, spread over `servers`; their statuses."""
    path = f"/api/games/{game_id}/hands"
    with ThreadPoolExecutor(max_workers=count) as pool:
        answers = list(pool.map(lambda n: call(servers[n % len(servers)], "POST", path, HAND, pin=f"{1000 + n}"),
                                range(count)))
    return answers


@pytest.fixture
def database(tmp_path):
    return tmp_path / "games.sqlite"


@pytest.fixture
def first(database):
    server = Server(database)
    yield server
    server.stop()


@pytest.fixture
def game(first):
    status, _, created = call(first, "POST", "/api/games", {**PAIRS, "pin": PIN})
    assert status == 201
    return created


def test_forty_parallel_wrong_pins_compare_exactly_five(first, game, database):
    answers = guesses([first], game["id"], 40)
    statuses = sorted(a[0] for a in answers)
    assert statuses == [403] * 5 + [429] * 35
    assert all(int(headers["Retry-After"]) >= 1 for status, headers, _ in answers if status == 429)
    assert counted(database, game["id"]) == 5
    assert call(first, "POST", f"/api/games/{game['id']}/hands", HAND, pin=PIN)[0] == 429  # not even checked
    assert call(first, "POST", f"/api/games/{game['id']}/hands", HAND, pin=PIN, source="127.0.0.2")[0] == 201


def test_two_server_processes_on_one_database_compare_at_most_five(first, game, database):
    second = Server(database)
    try:
        answers = guesses([first, second], game["id"], 30)
    finally:
        second.stop()
    statuses = sorted(a[0] for a in answers)
    assert statuses == [403] * 5 + [429] * 25
    assert counted(database, game["id"]) == 5


@pytest.fixture
def tried(app, client, monkeypatch):
    """The PINs the app compared with the stored hash, in order."""
    seen = []
    matches = web.plumbing.pin.pin_matches
    monkeypatch.setattr(web.plumbing.pin, "pin_matches", lambda pin, stored: seen.append(pin) or matches(pin, stored))
    return seen


def test_the_fifth_wrong_pin_is_wrong_and_the_sixth_waits(app, client, tried):
    app.config["CLOCK"] = Clock()
    made = client.post("/api/games", json={**PAIRS, "pin": PIN}).get_json()

    def send(pin):
        return client.post(f"/api/games/{made['id']}/hands", json=HAND, headers={"X-Table-PIN": pin},
                           environ_base=STRANGER)

    answers = [send(WRONG) for _ in range(5)]
    assert [a.status_code for a in answers] == [403] * 5
    assert "not this table's PIN" in answers[4].get_json()["errors"][0]["message"]
    assert "Wait 30 seconds" in answers[4].get_json()["errors"][0]["message"]  # the 5th says the wait to come
    sixth = send(PIN)
    assert sixth.status_code == 429 and sixth.headers["Retry-After"] == "30"
    assert tried == [WRONG] * 5 and failures(app, made["id"]) == {"10.0.0.66": 5}
