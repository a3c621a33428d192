"""API.md, Safety: Table PIN guessing is slow everywhere. Wrong PINs are counted in the database per game
and client address (surviving a restart and parallel requests); after 5 wrong tries that client waits,
doubling each time (30 s, 60 s … up to 1 hour), answered 429 with Retry-After, and its PIN is not even
checked meanwhile. The right PIN from another client still works, and devices that already entered
the PIN are never affected."""
import hashlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor

import pytest

import web.plumbing.pin

from .cli_helpers import HAND, PAIRS
from .pages import read, url
from .pin_helpers import PIN, STRANGER, WRONG, Clock, call, counted, failures
from .server import Server

TOKEN = "t" * 43  # a CSRF token of the shape the app makes (see web/plumbing/security.py)
NEIGHBOUR = {"REMOTE_ADDR": "10.0.0.7"}


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = Clock()
    return app.config["CLOCK"]


@pytest.fixture
def game(client):
    return client.post("/api/games", json={**PAIRS, "pin": PIN}).get_json()


def end(client, game, pin, who=STRANGER):
    return client.post(f"/api/games/{game['id']}/end", headers={"X-Table-PIN": pin}, environ_base=who)


def test_after_five_wrong_pins_the_client_waits_doubling_up_to_an_hour(app, client, clock, game):
    assert [end(client, game, WRONG).status_code for _ in range(5)] == [403] * 5
    waits = []
    for _ in range(10):
        answer = end(client, game, WRONG)
        assert answer.status_code == 429 and "wait" in answer.get_json()["errors"][0]["message"].lower()
        waits.append(int(answer.headers["Retry-After"]))
        clock.now += waits[-1]  # waited it out: one more try, answered as wrong, and the wait doubles
        assert end(client, game, WRONG).status_code == 403
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]
    assert failures(app, game["id"]) == {"10.0.0.66": 15}


def test_while_waiting_the_pin_is_not_even_checked(client, clock, game, monkeypatch):
    for _ in range(5):
        end(client, game, WRONG)
    checked = []
    monkeypatch.setattr(web.plumbing.pin, "pin_matches", lambda pin, stored: checked.append(pin) or True)
    answer = end(client, game, PIN)
    assert answer.status_code == 429 and int(answer.headers["Retry-After"]) == 30
    clock.now += 29
    assert int(end(client, game, PIN).headers["Retry-After"]) == 1
    assert checked == []
    monkeypatch.undo()
    clock.now += 1
    assert end(client, game, PIN).status_code == 200  # waited: the right PIN works


def test_the_right_pin_takes_back_no_wrong_try(app, client, clock, game):
    for _ in range(4):
        end(client, game, WRONG)
    assert client.post(f"/api/games/{game['id']}/hands", json=HAND, headers={"X-Table-PIN": PIN},
                       environ_base=STRANGER).status_code == 201
    assert failures(app, game["id"]) == {"10.0.0.66": 4}  # the right PIN's own try is not counted, nor forgiven
    assert end(client, game, WRONG).status_code == 403
    assert end(client, game, WRONG).status_code == 429


def test_a_stranger_cannot_lock_out_another_client(app, client, clock, game):
    for _ in range(6):
        end(client, game, WRONG)
    assert end(client, game, WRONG, NEIGHBOUR).status_code == 403  # its own count
    hand = client.post(f"/api/games/{game['id']}/hands", json=HAND, headers={"X-Table-PIN": PIN},
                       environ_base=NEIGHBOUR)
    assert hand.status_code == 201
    # the sixth came while it waited: not even checked; the neighbour's right PIN took back none of its wrong tries
    assert failures(app, game["id"]) == {"10.0.0.66": 5, "10.0.0.7": 1}


def test_an_unlocked_device_is_never_affected(app, clock, game):
    table = app.test_client()
    table.set_cookie("meldbook_csrf", TOKEN)
    unlocked = table.post(url(app, "pin.unlock", game_id=game["id"]), data={"pin": PIN, "csrf_token": TOKEN},
                          environ_base=STRANGER)
    assert unlocked.status_code == 303
    stranger = app.test_client()  # same address, no session: a guesser on the same network
    assert end(stranger, game, WRONG).status_code == 403
    for _ in range(5):
        end(stranger, game, WRONG)
    assert end(stranger, game, PIN).status_code == 429
    assert table.post(f"/api/games/{game['id']}/hands", json=HAND, environ_base=STRANGER).status_code == 201


def test_the_unlock_page_says_429_with_retry_after(client, clock, game):
    client.set_cookie("meldbook_csrf", TOKEN)

    def unlock(pin):
        return client.post(url(client.application, "pin.unlock", game_id=game["id"]),
                           data={"pin": pin, "csrf_token": TOKEN}, environ_base=STRANGER)

    assert [unlock(WRONG).status_code for _ in range(4)] == [403] * 4
    fifth = unlock(WRONG)
    assert fifth.status_code == 403 and "Wait 30 seconds" in read(fifth).alert().text
    answer = unlock(PIN)
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "30"
    assert "Wait 30 seconds" in read(answer).alert().text
    clock.now += 30
    assert unlock(PIN).status_code == 303


def legacy_hash(pin):
    """A PIN hash in the form the app stored before it used Werkzeug's."""
    salt = bytes(range(16))
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2 ** 14, r=8, p=1)
    return f"scrypt$16384$8$1${salt.hex()}${digest.hex()}"


def test_an_old_pin_hash_is_replaced_by_werkzeugs_on_the_next_right_pin(app, client, game):
    conn = sqlite3.connect(app.config["DATABASE"])
    conn.execute("UPDATE games SET pin_hash = ? WHERE id = ?", [legacy_hash(PIN), game["id"]])
    conn.commit()
    assert end(client, game, "0428").status_code == 403
    before = client.get(f"/api/games/{game['id']}").get_json()
    assert client.post(f"/api/games/{game['id']}/hands", json=HAND, headers={"X-Table-PIN": PIN}).status_code == 201
    stored, = conn.execute("SELECT pin_hash FROM games WHERE id = ?", [game["id"]]).fetchone()
    conn.close()
    assert stored.startswith("scrypt:16384:8:1$")
    assert web.plumbing.pin.pin_matches(PIN, stored) and not web.plumbing.pin.pin_matches("0428", stored)
    assert client.get(f"/api/games/{game['id']}").get_json()["revision"] == before["revision"] + 1  # the hand only


@pytest.fixture
def served(tmp_path):
    server = Server(tmp_path / "games.sqlite")
    status, _, created = call(server, "POST", "/api/games", {**PAIRS, "pin": PIN})
    assert status == 201
    yield server, created, tmp_path / "games.sqlite"
    server.stop()


def test_parallel_wrong_guesses_are_each_counted(served):
    server, game, path = served
    url = f"/api/games/{game['id']}/end"
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda n: call(server, "POST", url, pin=f"{n:04d}"), range(1000, 1012)))
    checked = [a for a in answers if "not this table's PIN" in a[2]["errors"][0]["message"]]
    assert {a[0] for a in answers} <= {403, 429} and len(checked) >= 5
    assert counted(path, game["id"]) == len(checked)  # every PIN that was checked and wrong, none lost
    status, headers, _ = call(server, "POST", url, pin=PIN)
    assert status == 429 and 1 <= int(headers["Retry-After"]) <= 3600


def test_a_restart_keeps_the_lockout(served, tmp_path):
    server, game, path = served
    url = f"/api/games/{game['id']}/end"
    assert [call(server, "POST", url, pin=WRONG)[0] for _ in range(5)] == [403] * 5
    server.stop()
    again = Server(path)
    try:
        status, headers, _ = call(again, "POST", url, pin=PIN)
        assert status == 429 and 1 <= int(headers["Retry-After"]) <= 30
        assert call(again, "POST", url, pin=PIN, source="127.0.0.2")[0] == 200  # another client is not held up
    finally:
        again.stop()
