"""API.md "Tournaments as federations run them": deals_per_round and round_minutes through the API, and the round's
clock on the director's page, the room's screen and every table's game page (a ten-minute warning, then time)."""
from datetime import datetime, timedelta, timezone

import pytest

from tests.events_helpers import entrants, start
from web.present.event_clock import round_clock


def new_event(client, **changes):
    body = {"name": "Venerdì", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(4),
            "rounds": 2, "movement": "mitchell", "standings": "points", **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_deals_per_round_gives_every_table_that_many_hands_and_no_target(client):
    event = new_event(client, deals_per_round=3)
    assert event["deals_per_round"] == 3
    assert event["options"]["max_hands"] == 3 and event["options"]["target"] is None
    for t in start(client, event["id"])["tables"]:
        game = client.get(f"/api/games/{t['game']}").get_json()
        assert game["options"]["max_hands"] == 3 and game["options"]["target"] is None


def test_round_minutes_sets_each_table_s_finish_time_from_the_round_s_start(client):
    event = new_event(client, round_minutes=45)
    round_ = start(client, event["id"])
    started = datetime.fromisoformat(round_["started"])
    for t in round_["tables"]:
        game = client.get(f"/api/games/{t['game']}").get_json()
        assert datetime.fromisoformat(game["options"]["finish_at"]) == started + timedelta(minutes=45)
    untimed = new_event(client)
    assert all(client.get(f"/api/games/{t['game']}").get_json()["options"]["finish_at"] is None
               for t in start(client, untimed["id"])["tables"])


@pytest.mark.parametrize("field, value", [
    ("deals_per_round", 0), ("deals_per_round", "3"), ("deals_per_round", 1.5), ("round_minutes", 4),
    ("round_minutes", 241), ("round_minutes", True),
])
def test_deals_and_minutes_out_of_range_are_refused_naming_the_field(client, field, value):
    body = {"name": "Venerdì", "variant": "classic", "entrants": entrants(4), "rounds": 2, "movement": "mitchell",
            "standings": "points", field: value}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 422 and [e["field"] for e in answer.get_json()["errors"]] == [field]
    assert client.get("/api/events").get_json() == []


@pytest.mark.parametrize("minutes_in, warning, over, left", [
    (30, False, False, 30), (10, True, False, 10), (1, True, False, 1), (0, False, True, 0), (-5, False, True, 0),
])
def test_the_round_clock_warns_ten_minutes_before_then_calls_time(minutes_in, warning, over, left):
    started = datetime(2026, 11, 27, 20, 0, tzinfo=timezone.utc)
    event = {"round_minutes": 60, "round_list": [{"started": started.isoformat(), "tables": [{"finished": False}]}]}
    clock = round_clock(event, started + timedelta(minutes=60 - minutes_in))
    assert (clock["warning"], clock["over"], clock["minutes_left"]) == (warning, over, left)
    event["round_list"][0]["tables"][0]["finished"] = True
    assert round_clock(event, started) is None  # every table finished: no clock


def test_the_director_s_page_and_the_screen_show_the_time_left(client):
    event = new_event(client, round_minutes=60)
    start(client, event["id"])
    for page in (f"/events/{event['id']}", f"/events/{event['id']}/screen"):
        html = client.get(page).get_data(as_text=True)
        assert "round-clock" in html and "min left" in html and "Ten-minute warning" not in html
    soon = new_event(client, round_minutes=5)
    start(client, soon["id"])
    for page in (f"/events/{soon['id']}", f"/events/{soon['id']}/screen"):
        assert "Ten-minute warning" in client.get(page).get_data(as_text=True)


def test_a_table_s_game_page_warns_then_says_time(client):
    soon = new_event(client, round_minutes=5)
    game = start(client, soon["id"])["tables"][0]["game"]
    assert "Ten-minute warning" in client.get(f"/games/{game}").get_data(as_text=True)
    past = (datetime.now(timezone.utc) - timedelta(minutes=1)).isoformat(timespec="seconds")
    made = client.post("/api/games", json={"variant": "classic", "sides": [{"name": "Us"}, {"name": "Them"}],
                                           "options": {"finish_at": past}}).get_json()
    html = client.get(f"/games/{made['id']}").get_data(as_text=True)
    assert "<strong>Time:</strong> finish the hand in play" in html
