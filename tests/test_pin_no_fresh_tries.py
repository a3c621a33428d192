"""Issue 39 item 14 (HIGH): a right PIN takes back no wrong try (API.md "Who may change what", settled turn 6). A
guesser who knows its own table's PIN, typing it after every four wrong guesses, still gets 5 wrong tries in all at
the director's PIN and other tables' PINs, then waits; the count is forgotten only an hour after that device's last
wrong try. The same holds for a game's own PIN and a night's one table PIN."""
from __future__ import annotations

import pytest

from .pages import token
from .pin_helpers import PIN, STRANGER, Clock

DIRECTOR = "9876"
HAND = {"entries": [{"melded": 100}, {}]}
PAIRS = [{"name": f"Pair {i}", "players": [f"N{i}", f"S{i}"]} for i in range(1, 7)]
NIGHT = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": PAIRS,
         "table_size": 2, "rounds": 3, "movement": "round-robin", "standings": "points"}


@pytest.fixture
def clock(app):
    app.config["CLOCK"] = Clock()
    return app.config["CLOCK"]


@pytest.fixture
def tables(client, clock):
    """A night with a director's PIN and a PIN for each table, its first round started: (event id, tables)."""
    event = client.post("/api/events", json={**NIGHT, "director_pin": DIRECTOR, "table_pins": True}).get_json()
    answer = client.post(f"/api/events/{event['id']}/rounds", headers={"X-Director-PIN": DIRECTOR})
    assert answer.status_code == 201, answer.get_json()
    return event["id"], answer.get_json()["tables"]


def wrong_pin(tables) -> str:
    return next(p for p in ("0000", "1111", "2222", "3333", "4444") if p not in {t["pin"] for t in tables} | {DIRECTOR})


def hand(client, game_id, headers):
    return client.post(f"/api/games/{game_id}/hands", json=HAND, headers=headers, environ_base=STRANGER)


def first_refusal(statuses: list[int]) -> int:
    return statuses.index(429) if 429 in statuses else -1


def test_the_own_tables_right_pin_between_guesses_gives_no_fresh_tries(client, tables):
    event_id, round_ = tables
    own, other = round_[0], round_[1]
    wrong = wrong_pin(round_)
    statuses, wrong_tries = [], 0
    for _ in range(20):  # four wrong guesses, then the guesser's own table's PIN, over and over
        for k in range(4):
            if k % 2:
                answer = client.post(f"/api/events/{event_id}/rounds", headers={"X-Director-PIN": wrong},
                                     environ_base=STRANGER)
            else:
                answer = hand(client, other["game"], {"X-Table-PIN": wrong})
            statuses.append(answer.status_code)
            wrong_tries += answer.status_code == 403
        statuses.append(hand(client, own["game"], {"X-Table-PIN": own["pin"]}).status_code)
    assert statuses[:6] == [403, 403, 403, 403, 201, 403]  # the fifth wrong try in all starts the wait
    assert first_refusal(statuses) == 6 and set(statuses[6:]) == {429}
    assert wrong_tries == 5
    assert len(client.get(f"/api/games/{other['game']}").get_json()["hands"]) == 0
    assert len(client.get(f"/api/games/{own['game']}").get_json()["hands"]) == 1


def test_the_directors_right_pin_gives_no_fresh_tries_either(client, tables):
    event_id, round_ = tables
    wrong = wrong_pin(round_)
    for _ in range(4):
        assert hand(client, round_[1]["game"], {"X-Table-PIN": wrong}).status_code == 403
    assert hand(client, round_[1]["game"], {"X-Director-PIN": DIRECTOR}).status_code == 201
    assert hand(client, round_[2]["game"], {"X-Table-PIN": round_[2]["pin"]}).status_code == 201
    assert hand(client, round_[1]["game"], {"X-Table-PIN": wrong}).status_code == 403
    assert hand(client, round_[1]["game"], {"X-Table-PIN": round_[1]["pin"]}).status_code == 429


def test_the_directors_unlock_page_counts_with_the_same_tries(app, client, tables):
    event_id, round_ = tables
    phone = app.test_client()

    def unlock(pin):
        return phone.post(f"/events/{event_id}/unlock", data={"csrf_token": token(phone), "pin": pin},
                          environ_base=STRANGER)

    wrong = wrong_pin(round_)
    for _ in range(2):
        assert [unlock(wrong).status_code for _ in range(2)] == [403, 403]
        assert phone.post(f"/games/{round_[0]['game']}/unlock",
                          data={"csrf_token": token(phone), "pin": round_[0]["pin"]},
                          environ_base=STRANGER).status_code == 303
    fifth = unlock(wrong)
    assert fifth.status_code == 403  # answered as wrong, and the wait starts
    answer = unlock(DIRECTOR)
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "30"


@pytest.mark.parametrize("night_pin", [False, True])
def test_a_games_own_pin_and_a_nights_one_pin_give_no_fresh_tries(client, clock, night_pin):
    if night_pin:
        event = client.post("/api/events", json={**NIGHT, "pin": PIN}).get_json()
        game_id = client.post(f"/api/events/{event['id']}/rounds").get_json()["tables"][0]["game"]
    else:
        game_id = client.post("/api/games", json={"variant": "classic", "pin": PIN, "sides": PAIRS[:2]}).get_json()["id"]
    statuses = []
    for _ in range(10):
        statuses += [hand(client, game_id, {"X-Table-PIN": "1111"}).status_code for _ in range(4)]
        statuses.append(hand(client, game_id, {"X-Table-PIN": PIN}).status_code)
    assert statuses[:7] == [403, 403, 403, 403, 201, 403, 429]
    assert set(statuses[6:]) == {429}


def test_the_count_is_forgotten_an_hour_after_the_last_wrong_try_not_after_a_right_pin(client, clock, tables):
    _, round_ = tables
    wrong, game_id = wrong_pin(round_), round_[1]["game"]
    for _ in range(4):
        assert hand(client, game_id, {"X-Table-PIN": wrong}).status_code == 403
    clock.now += 3000
    assert hand(client, game_id, {"X-Table-PIN": round_[1]["pin"]}).status_code == 201  # 50 minutes on
    clock.now += 599  # 59 min 59 s after the last wrong try: still counted
    assert hand(client, game_id, {"X-Table-PIN": wrong}).status_code == 403
    assert hand(client, game_id, {"X-Table-PIN": wrong}).status_code == 429
    clock.now += 3601  # more than an hour after the last wrong try (its wait was 30 s): forgotten
    assert [hand(client, game_id, {"X-Table-PIN": wrong}).status_code for _ in range(5)] == [403] * 5
    assert hand(client, game_id, {"X-Table-PIN": round_[1]["pin"]}).status_code == 429


def test_a_right_pin_that_is_the_fifth_try_starts_no_wait(client, tables):
    _, round_ = tables
    wrong, game_id = wrong_pin(round_), round_[1]["game"]
    for _ in range(4):
        hand(client, game_id, {"X-Table-PIN": wrong})
    assert hand(client, game_id, {"X-Table-PIN": round_[1]["pin"]}).status_code == 201
    assert hand(client, game_id, {"X-Table-PIN": round_[1]["pin"]}).status_code == 201  # not waiting: its own tries
