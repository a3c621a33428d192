"""Issue 31 item 11: a player renamed (or merged) between rounds is renamed in the club night's entrants too, so the
next round seats the new name and the player is not split in two."""
from __future__ import annotations

from tests.events_helpers import finish_round, new_event, start


def players(client):
    return {p["name"]: p["games"] for p in client.get("/api/players").get_json()}


def test_a_rename_between_rounds_seats_the_new_name_next_round(client):
    event = new_event(client, 4).get_json()
    finish_round(client, start(client, event["id"]))
    answer = client.post("/api/players/A1/rename", json={"name": "Anne"})
    assert answer.status_code == 200, answer.get_json()
    event = client.get(f"/api/events/{event['id']}").get_json()
    assert event["entrants"][1] == {"name": "Pair 1", "players": ["Anne", "B1"]}
    round_2 = start(client, event["id"])
    seated = [s["players"] for t in round_2["tables"]
              for s in client.get(f"/api/games/{t['game']}").get_json()["sides"]]
    assert ["Anne", "B1"] in seated and not any("A1" in p for p in seated)
    known = players(client)
    assert known["Anne"] == 2 and "A1" not in known


def test_an_entrant_named_after_its_players_follows_them_and_standings_say_the_new_name(client):
    pairs = [{"name": "Ann & Bob", "players": ["Ann", "Bob"]}, {"name": "Cy & Di", "players": ["Cy", "Di"]},
             {"name": "The Eds", "players": ["Ed", "Flo"]}, {"name": "Gus & Hal", "players": ["Gus", "Hal"]}]
    singles = [{"name": n, "players": [n]} for n in ("Ivy", "Jo", "Kit", "Lou")]
    paired, alone = (new_event(client, 4, entrants=e).get_json()["id"] for e in (pairs, singles))
    for event_id in (paired, alone):
        finish_round(client, start(client, event_id))
    for old, new in (("Ann", "Anna"), ("Ed", "Eddie"), ("Jo", "Joan")):
        assert client.post(f"/api/players/{old}/rename", json={"name": new}).status_code == 200
    names = [e["name"] for e in client.get(f"/api/events/{paired}").get_json()["entrants"]]
    assert names == ["Anna & Bob", "Cy & Di", "The Eds", "Gus & Hal"]  # a name of its own stays
    assert [e["name"] for e in client.get(f"/api/events/{alone}").get_json()["entrants"]] == ["Ivy", "Joan", "Kit",
                                                                                              "Lou"]
    ranked = {r["name"] for r in client.get(f"/api/events/{alone}/standings").get_json()}
    assert "Joan" in ranked and "Jo" not in ranked


def test_a_merge_renames_the_entrant_too(client):
    event = new_event(client, 4).get_json()
    finish_round(client, start(client, event["id"]))
    game = client.post("/api/games", json={"variant": "classic", "sides": [
        {"name": "X", "players": ["Alan", "Zed"]}, {"name": "Y", "players": ["Q", "R"]}]}).get_json()
    assert game["id"]
    answer = client.post("/api/players/A2/merge", json={"into": "Alan"})
    assert answer.status_code == 200, answer.get_json()
    assert client.get(f"/api/events/{event['id']}").get_json()["entrants"][2]["players"] == ["Alan", "B2"]
