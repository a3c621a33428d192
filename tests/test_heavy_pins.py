"""Issue 31 item 13: the night's one table PIN is guessed at most 5 times by a device in all, across every table of
every round (API.md, "Tournaments as federations run them": wrong table PINs are counted per event and device),
not 5 times per table game, fresh each round. The lockout is as for a game's own PIN (README, "Table PIN guessing")."""
from __future__ import annotations

import sqlite3

import pytest

from .pages import token
from .pin_helpers import PIN, STRANGER, WRONG, Clock

NEIGHBOUR = {"REMOTE_ADDR": "10.0.0.7"}
EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": None, "max_hands": 1},
         "entrants": [{"name": f"Pair {i}", "players": [f"N{i}", f"S{i}"]} for i in range(1, 9)],
         "table_size": 2, "rounds": 3, "movement": "draw", "standings": "wins", "pin": PIN}
HAND = {"entries": [{"melded": 150}, {"melded": 100}]}


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = Clock()
    return app.config["CLOCK"]


def start(client, event_id) -> list[str]:
    answer = client.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201, answer.get_json()
    return [t["game"] for t in answer.get_json()["tables"]]


def end(client, game_id, pin, who=STRANGER):
    return client.post(f"/api/games/{game_id}/end", headers={"X-Table-PIN": pin}, environ_base=who)


@pytest.fixture
def event(client):
    answer = client.post("/api/events", json=EVENT)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def test_wrong_pins_at_every_table_of_a_round_count_together(client, clock, event):
    games = start(client, event)
    assert len(games) == 4
    tries = [end(client, g, WRONG).status_code for g in games] + [end(client, games[0], WRONG).status_code]
    assert tries == [403] * 5
    for game_id in games:  # the fifth wrong try anywhere started the wait at every table of the night
        answer = end(client, game_id, PIN)
        assert answer.status_code == 429 and answer.headers["Retry-After"] == "30"
    assert end(client, games[2], WRONG, NEIGHBOUR).status_code == 403  # another device has its own count
    assert end(client, games[2], PIN, NEIGHBOUR).status_code == 200  # and the right PIN works for it


def test_a_new_round_brings_no_fresh_tries(client, clock, event):
    games = start(client, event)
    assert [end(client, g, WRONG).status_code for g in games[:3]] == [403] * 3
    for game_id in games:
        assert client.post(f"/api/games/{game_id}/hands", json=HAND, headers={"X-Table-PIN": PIN}).status_code == 201
    games = start(client, event)  # round 2: new games, the same night and the same count for this device
    assert [end(client, g, WRONG).status_code for g in games[:2]] == [403] * 2
    assert end(client, games[2], WRONG).status_code == 429
    clock.now += 30  # waited it out: one more try, and the next wait doubles
    assert end(client, games[3], WRONG).status_code == 403
    assert end(client, games[0], WRONG).headers["Retry-After"] == "60"


def test_the_unlock_page_counts_with_the_event_too(app, client, clock, event):
    games = start(client, event)
    phone = app.test_client()

    def unlock(game_id, pin):
        return phone.post(f"/games/{game_id}/unlock", data={"csrf_token": token(phone), "pin": pin},
                          environ_base=STRANGER)

    assert [unlock(g, WRONG).status_code for g in games + [games[0]]] == [403] * 5
    answer = unlock(games[1], PIN)
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "30"


def test_the_right_pin_at_one_table_takes_back_no_wrong_try_and_a_game_of_no_event_counts_alone(app, client, clock,
                                                                                                  event):
    games = start(client, event)
    for game_id in games:
        end(client, game_id, WRONG)
    assert end(client, games[0], PIN).status_code == 200
    assert end(client, games[1], WRONG).status_code == 403  # the fifth wrong try in all
    assert end(client, games[2], WRONG).status_code == 429
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        counted = conn.execute("SELECT event_id, client, failures FROM event_pin_failures").fetchall()
        per_game = conn.execute("SELECT count(*) FROM pin_failures").fetchone()[0]
    finally:
        conn.close()
    assert counted == [(event, "10.0.0.66", 5)] and per_game == 0
    own = client.post("/api/games", json={"variant": "classic", "pin": PIN,
                                          "sides": [{"name": "Us", "players": ["A", "B"]},
                                                    {"name": "Them", "players": ["C", "D"]}]}).get_json()
    assert [end(client, own["id"], WRONG).status_code for _ in range(4)] == [403] * 4  # its own five
