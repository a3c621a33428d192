"""API.md "Tournaments as federations run them", the movements through the JSON API: Mitchell seats every
North-South entrant against every East-West one once (odd and even counts, byes), a Mitchell round past t is
refused (409), a round seated by another movement ({"movement": "danish"}), Danish by the standings, each round's
movement and start time; and the seating worked out before the write (issue 31 item 19)."""
import sqlite3

import pytest

import service.events
from tests.events_helpers import entrants, finish


def mitchell_event(client, n, rounds=None, movement="mitchell", **changes):
    body = {"name": "Venerdì", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(n),
            "rounds": rounds or (n + 1) // 2 + 1, "movement": movement, "standings": "points", **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def start(client, event_id, movement=None):
    answer = (client.post(f"/api/events/{event_id}/rounds", json={"movement": movement}) if movement
              else client.post(f"/api/events/{event_id}/rounds"))
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def play(client, round_, scores=lambda t: (150, 100)):
    for t in round_["tables"]:
        finish(client, t["game"], *scores(t))


@pytest.mark.parametrize("n", [6, 7, 8, 9])
def test_mitchell_seats_every_north_south_against_every_east_west_once(client, n):
    t = (n + 1) // 2
    event = mitchell_event(client, n)
    met, byes = [], []
    for k in range(1, t + 1):
        round_ = start(client, event["id"])
        assert round_["movement"] == "mitchell" and round_["started"].endswith("+00:00")
        for table in round_["tables"]:
            ns, ew = table["entrants"]
            assert ns < t <= ew and table["table"] == ns + 1  # North-South listed first, at its own table
            assert table["table"] == ((ew - t + k - 1) % t) + 1
            met.append((ns, ew))
        assert len(round_["byes"]) == n % 2 and all(b < t for b in round_["byes"])
        byes += round_["byes"]
        play(client, round_)
    assert sorted(met) == [(i, j) for i in range(t) for j in range(t, n)]
    assert len(byes) == len(set(byes))  # with an odd count each North-South table sits out once at most
    refused = client.post(f"/api/events/{event['id']}/rounds")
    assert refused.status_code == 409 and refused.get_json()["errors"][0]["field"] == "movement"
    danish = start(client, event["id"], "danish")  # the usual evening: then a Danish round
    assert danish["movement"] == "danish" and [t["table"] for t in danish["tables"]] == list(
        range(1, n // 2 + 1))
    round_list = client.get(f"/api/events/{event['id']}").get_json()["round_list"]
    assert [r["movement"] for r in round_list] == ["mitchell"] * t + ["danish"]


def test_a_mitchell_table_whose_pair_sits_out_has_no_game_and_the_others_keep_their_number(client):
    event = mitchell_event(client, 5)
    start_1 = start(client, event["id"])
    play(client, start_1)
    round_2 = start(client, event["id"])
    assert [t["table"] for t in round_2["tables"]] == [2, 3] and round_2["byes"] == [0]
    game = client.get(f"/api/games/{round_2['tables'][0]['game']}").get_json()
    assert game["event"]["table"] == 2 and [s["name"] for s in game["sides"]] == ["Pair 1", "Pair 3"]
    # the table picker's table 3 is the game at table 3
    assert client.get(f"/events/{event['id']}/tables/3").headers["Location"].endswith(round_2["tables"][1]["game"])


def test_a_danish_round_seats_by_the_standings(client):
    event = mitchell_event(client, 6, rounds=3, movement="swiss")
    round_1 = start(client, event["id"], "danish")  # a first Danish round: by lot
    assert round_1["movement"] == "danish"
    margins = {0: 300, 1: 200, 2: 100}  # table k's first entrant wins by this
    play(client, round_1, lambda t: (100 + margins[t["table"] - 1], 100))
    standings = client.get(f"/api/events/{event['id']}/standings").get_json()
    order = [row["entrant"] for row in standings]
    round_2 = start(client, event["id"], "danish")
    assert [t["entrants"] for t in round_2["tables"]] == [order[0:2], order[2:4], order[4:6]]


def test_a_danish_round_with_an_odd_count_gives_the_bye_to_the_lowest_placed_of_those_out_least(client):
    event = mitchell_event(client, 5, rounds=3, movement="danish")
    round_1 = start(client, event["id"])
    play(client, round_1, lambda t: (200, 100))
    out_before = round_1["byes"][0]
    order = [r["entrant"] for r in client.get(f"/api/events/{event['id']}/standings").get_json()]
    round_2 = start(client, event["id"])
    lowest = [e for e in order if e != out_before][-1]
    assert round_2["byes"] == [lowest]


@pytest.mark.parametrize("body, status, field", [
    ({"movement": "howell"}, 422, "movement"),
    ({"movement": 5}, 422, "movement"),
    ({"movement": {}}, 422, "movement"),
    ({"movement": ["danish"]}, 422, "movement"),
    ({"tables": 3}, 422, None),
])
def test_a_round_start_refuses_a_movement_it_does_not_know(client, body, status, field):
    event = mitchell_event(client, 6)
    answer = client.post(f"/api/events/{event['id']}/rounds", json=body)
    assert answer.status_code == status and answer.get_json()["errors"][0]["field"] == field
    assert client.get(f"/api/events/{event['id']}").get_json()["round_list"] == []


def test_a_movement_for_pairs_is_refused_for_a_round_of_bigger_tables(client):
    body = {"name": "Big", "variant": "hand-and-foot", "entrants": entrants(6), "table_size": 3, "rounds": 2,
            "movement": "swiss", "standings": "points"}
    event = client.post("/api/events", json=body).get_json()
    answer = client.post(f"/api/events/{event['id']}/rounds", json={"movement": "mitchell"})
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "movement"
    mitchell = client.post("/api/events", json={**body, "movement": "danish"})
    assert mitchell.status_code == 422 and mitchell.get_json()["errors"][0]["field"] == "movement"


def test_the_seating_is_worked_out_before_the_write_transaction(client, monkeypatch):
    """Issue 31 item 19: no write waits on a pairing search."""
    seated_in = []
    real = service.events.pair_round

    def watched(*args, **kwargs):
        from web.plumbing.database import get_db
        seated_in.append(get_db().conn.in_transaction)
        return real(*args, **kwargs)

    monkeypatch.setattr(service.events, "pair_round", watched)
    event = mitchell_event(client, 8, movement="swiss")
    start(client, event["id"])
    assert seated_in == [False]


def test_a_change_while_the_round_is_seated_seats_it_again_or_refuses(client, app, monkeypatch):
    event = mitchell_event(client, 6, movement="swiss")
    round_1 = start(client, event["id"])
    play(client, round_1)
    calls = []
    real = service.events.pair_round

    def meanwhile(*args, **kwargs):  # another phone corrects a game while the round is seated
        calls.append(1)
        if len(calls) <= changes:
            with sqlite3.connect(app.config["DATABASE"]) as other:
                other.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", [round_1["tables"][0]["game"]])
        return real(*args, **kwargs)

    monkeypatch.setattr(service.events, "pair_round", meanwhile)
    changes = 1
    assert start(client, event["id"])["number"] == 2 and len(calls) == 2  # seated again from the new state
    play(client, client.get(f"/api/events/{event['id']}").get_json()["round_list"][1])
    calls.clear()
    changes = 99
    refused = client.post(f"/api/events/{event['id']}/rounds")
    assert refused.status_code == 409 and "changed while round 3 was being seated" in refused.get_json()[
        "errors"][0]["message"]
    assert len(client.get(f"/api/events/{event['id']}").get_json()["round_list"]) == 2  # nothing stored


def test_a_rename_while_the_round_is_seated_seats_the_new_name(client, app, monkeypatch):
    import json
    event = mitchell_event(client, 4, movement="swiss")
    real = service.events.pair_round
    calls = []

    def meanwhile(*args, **kwargs):  # an entrant renamed between rounds (issue 31 item 11) while this one is seated
        calls.append(1)
        if len(calls) == 1:
            renamed = entrants(4)
            renamed[0]["name"] = "Pair Zero"
            with sqlite3.connect(app.config["DATABASE"]) as other:
                other.execute("UPDATE events SET entrants = ? WHERE id = ?", [json.dumps(renamed), event["id"]])
        return real(*args, **kwargs)

    monkeypatch.setattr(service.events, "pair_round", meanwhile)
    round_ = start(client, event["id"])
    names = [s["name"] for t in round_["tables"] for s in client.get(f"/api/games/{t['game']}").get_json()["sides"]]
    assert "Pair Zero" in names and "Pair 0" not in names and len(calls) == 2
