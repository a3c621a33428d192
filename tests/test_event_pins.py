"""API.md "Who may change what" through the JSON API: a club night's director's PIN guards every change to the night,
each table's own PIN opens that table's game only, the director's PIN opens every table, the table PINs are in the
event object for the director alone, and wrong PINs are counted per event and device."""
from __future__ import annotations

import pytest

from tests.pages import post
from tests.pin_helpers import STRANGER, Clock
from tests.events_helpers import ADJUSTMENT, AS_DIRECTOR, DIRECTOR, HAND, entrants, night, started

def hands(client, game_id) -> int:
    return len(client.get(f"/api/games/{game_id}").get_json()["hands"])


def refusal(answer, status=403) -> str:
    assert answer.status_code == status, answer.get_json()
    [error] = answer.get_json()["errors"]
    return error["message"]


def test_starting_a_round_needs_the_directors_pin_and_its_answer_shows_each_tables_pin(client):
    event = night(client)
    assert (event["has_director_pin"], event["table_pins"], "director_pin" in event) == (True, True, False)
    message = refusal(client.post(f"/api/events/{event['id']}/rounds"))
    assert "director's PIN" in message and "X-Director-PIN" in message
    message = refusal(client.post(f"/api/events/{event['id']}/rounds", headers={"X-Director-PIN": "1111"}))
    assert "not this club night's director's PIN" in message
    assert client.get(f"/api/events/{event['id']}").get_json()["round_list"] == []  # nothing started
    answer = client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201
    pins = [t["pin"] for t in answer.get_json()["tables"]]
    assert len(pins) == 3 and all(len(p) == 4 and p.isdigit() for p in pins)


@pytest.mark.parametrize("action", ["add", "delete"])
def test_adjustments_need_the_directors_pin_and_a_refusal_changes_nothing(client, action):
    event, _ = started(client)
    path = f"/api/events/{event['id']}/adjustments"
    made = client.post(path, json=ADJUSTMENT, headers=AS_DIRECTOR).get_json()
    send = ((lambda **h: client.post(path, json=ADJUSTMENT, headers=h)) if action == "add"
            else (lambda **h: client.delete(f"{path}/{made['id']}", headers=h)))
    message = refusal(send())
    assert "X-Director-PIN" in message
    assert client.get(f"/api/events/{event['id']}").get_json()["adjustments"] == [made]
    assert send(**AS_DIRECTOR).status_code == (201 if action == "add" else 200)


def test_a_session_that_entered_the_directors_pin_changes_the_night_without_the_header(client):
    event = night(client)
    assert post(client, f"/events/{event['id']}/unlock", {"pin": DIRECTOR}).status_code == 303
    assert client.post(f"/api/events/{event['id']}/rounds").status_code == 201
    round_ = client.get(f"/api/events/{event['id']}").get_json()["round_list"][0]
    assert all(len(t["pin"]) == 4 for t in round_["tables"])  # the session is the director's: it sees them
    assert client.post(f"/api/events/{event['id']}/adjustments", json=ADJUSTMENT).status_code == 201
    game_id = round_["tables"][2]["game"]
    assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201  # every table opens to it


def test_a_tables_pin_opens_its_own_game_only(client):
    _, round_ = started(client)
    one, two = round_["tables"][0], round_["tables"][1]
    assert len({t["pin"] for t in round_["tables"]}) == 3  # no two tables of a round share one
    message = refusal(client.post(f"/api/games/{one['game']}/hands", json=HAND))
    assert "X-Table-PIN" in message and "X-Director-PIN" in message
    message = refusal(client.post(f"/api/games/{one['game']}/hands", json=HAND, headers={"X-Table-PIN": two["pin"]}))
    assert "not this table's PIN" in message
    assert hands(client, one["game"]) == 0
    assert client.post(f"/api/games/{one['game']}/hands", json=HAND,
                       headers={"X-Table-PIN": one["pin"]}).status_code == 201
    # deleting a hand is a change too: table 2's game stays shut to table 1's PIN
    assert client.post(f"/api/games/{two['game']}/hands", json=HAND,
                       headers={"X-Table-PIN": two["pin"]}).status_code == 201
    refusal(client.delete(f"/api/games/{two['game']}/hands/1", headers={"X-Table-PIN": one["pin"]}))
    assert hands(client, two["game"]) == 1


def test_the_directors_pin_opens_every_tables_game(client):
    _, round_ = started(client)
    for t in round_["tables"]:
        assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers=AS_DIRECTOR).status_code == 201
        assert client.post(f"/api/games/{t['game']}/hands", json=HAND,
                           headers={"X-Table-PIN": DIRECTOR}).status_code == 201
        assert hands(client, t["game"]) == 2


def test_the_table_pins_are_in_the_event_object_for_the_director_only(client):
    event, round_ = started(client)
    path = f"/api/events/{event['id']}"
    seen = client.get(path).get_json()["round_list"][0]["tables"]
    assert all("pin" not in t for t in seen)
    assert "pin" not in str(client.get("/api/events").get_json())
    shown = client.get(path, headers=AS_DIRECTOR).get_json()["round_list"][0]["tables"]
    assert [t["pin"] for t in shown] == [t["pin"] for t in round_["tables"]]
    refusal(client.get(path, headers={"X-Director-PIN": "1111"}))  # a wrong PIN is said, not ignored


def test_without_a_directors_pin_the_table_pins_are_for_everyone_and_the_night_is_open(client):
    event = night(client, director_pin=None)
    round_ = client.post(f"/api/events/{event['id']}/rounds").get_json()
    shown = client.get(f"/api/events/{event['id']}").get_json()["round_list"][0]["tables"]
    assert [t["pin"] for t in shown] == [t["pin"] for t in round_["tables"]]
    plain = night(client, director_pin=None, table_pins=False)
    client.post(f"/api/events/{plain['id']}/rounds")
    assert all("pin" not in t for t in client.get(f"/api/events/{plain['id']}").get_json()["round_list"][0]["tables"])


@pytest.mark.parametrize("changes, field, words", [
    ({"director_pin": "12"}, "director_pin", "4 to 8 digits"),
    ({"director_pin": "123456789"}, "director_pin", "4 to 8 digits"),
    ({"director_pin": "12a4"}, "director_pin", "4 to 8 digits"),
    ({"director_pin": 1234}, "director_pin", "as text"),
    ({"table_pins": "yes"}, "table_pins", "true"),
    ({"pin": "0427"}, "table_pins", "do not go together"),
])
def test_bad_pins_are_refused_naming_the_field_and_nothing_is_stored(client, changes, field, words):
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(4),
            "rounds": 3, "movement": "round-robin", "standings": "wins", "director_pin": DIRECTOR,
            "table_pins": True, **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["field"] == field and words in error["message"]
    assert client.get("/api/events").get_json() == []


def test_wrong_table_pins_are_counted_per_event_and_device_across_tables(app, client):
    app.config["CLOCK"] = clock = Clock()
    event, round_ = started(client)
    games = [t["game"] for t in round_["tables"]]
    wrong = next(p for p in ("0000", "1111", "2222", "3333") if p not in {t["pin"] for t in round_["tables"]})
    for k in range(4):  # four wrong tries spread over the tables: no table starts its own count
        refusal(client.post(f"/api/games/{games[k % 3]}/hands", json=HAND, headers={"X-Table-PIN": wrong}))
    refusal(client.post(f"/api/events/{event['id']}/rounds", headers={"X-Director-PIN": wrong}))  # the fifth
    right = {"X-Table-PIN": round_["tables"][2]["pin"]}
    answer = client.post(f"/api/games/{games[2]}/hands", json=HAND, headers=right)
    assert answer.status_code == 429 and int(answer.headers["Retry-After"]) > 0  # not even checked meanwhile
    assert hands(client, games[2]) == 0
    # another device is not held up; this one tries again once its wait is over
    assert client.post(f"/api/games/{games[2]}/hands", json=HAND, headers=right,
                       environ_base=STRANGER).status_code == 201
    clock.now += 31
    assert client.post(f"/api/games/{games[2]}/hands", json=HAND, headers=right).status_code == 201


def test_renaming_an_entrants_player_needs_the_directors_pin_and_a_refusal_changes_nothing(client):
    event, round_ = started(client, table_pins=False)
    before = client.get(f"/api/events/{event['id']}").get_json()
    message = refusal(client.post("/api/players/A1/rename", json={"name": "Anne"}))
    assert "Tuesday club" in message and "X-Director-PIN" in message
    refusal(client.post("/api/players/A1/rename", json={"name": "Anne"}, headers={"X-Director-PIN": "1111"}))
    assert client.get(f"/api/events/{event['id']}").get_json() == before
    assert "A1" in [p["name"] for p in client.get("/api/players").get_json()]
    assert client.post("/api/players/A1/rename", json={"name": "Anne"}, headers=AS_DIRECTOR).status_code == 200
    assert client.get(f"/api/events/{event['id']}").get_json()["entrants"][1]["players"] == ["Anne", "B1"]
    page = post(client, "/players/B1/rename?name=Bea")  # the players page, before and after the unlock page
    assert page.status_code == 403 and "director" in page.get_data(as_text=True)
    post(client, f"/events/{event['id']}/unlock", {"pin": DIRECTOR})
    assert post(client, "/players/B1/rename?name=Bea").status_code == 303


def test_the_directors_pin_renames_a_player_at_tables_with_their_own_pins(client):
    event, _ = started(client)
    assert client.post("/api/players/A2/rename", json={"name": "Al"}).status_code == 403
    assert client.post("/api/players/A2/rename", json={"name": "Al"}, headers=AS_DIRECTOR).status_code == 200
    assert client.get(f"/api/events/{event['id']}").get_json()["entrants"][2]["players"] == ["Al", "B2"]


def test_each_tables_pin_is_hashed_for_that_table_when_the_hashes_are_made_side_by_side():
    """service.events.hash_pins hashes the tables' PINs in threads: each hash is its own PIN's, in its table's
    place; the PINs worked out for a round (db.pin_hash.round_shifts) are 4 digits and no two tables share one."""
    from db.pin_hash import new_secret, pin_matches, round_shifts, table_pin
    from service.events import hash_pins
    secret = new_secret()
    shifts = round_shifts(secret, 1, list(range(1, 13)))
    pins = [table_pin(secret, 1, t, 0, s[0]) for t, s in zip(range(1, 13), shifts)]
    assert len(set(pins)) == 12 and all(len(pin) == 4 and pin.isdigit() for pin in pins)
    for k, (pin, hashed) in enumerate(zip(pins, hash_pins(pins))):
        assert pin_matches(pin, hashed)
        assert not pin_matches(pins[(k + 1) % 12], hashed)