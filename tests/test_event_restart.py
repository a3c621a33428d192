"""A club night survives its server stopping mid-round (issue 26): the real `python app.py` (tests/server.py) is
stopped, or killed, with a round under way and a hand recorded at one table; a new server on the same database has
the event, the round, its tables and the hand, and the round goes on to its end and the next round starts."""
import pytest

from tests.server import Server

EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000},
         "entrants": [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)],
         "table_size": 2, "rounds": 3, "movement": "round-robin", "standings": "wins"}
HAND = {"entries": [{"melded": 150}, {"melded": 100}]}


def ok(answer, status=200):
    assert answer[0] == status, answer
    return answer[1]


@pytest.mark.parametrize("stop", ["terminate", "kill"])
def test_a_round_goes_on_after_the_server_stops_mid_round(tmp_path, stop):
    database = tmp_path / "club.sqlite"
    first = Server(database)
    try:
        event = ok(first.request("POST", "/api/events", EVENT), 201)
        round_1 = ok(first.request("POST", f"/api/events/{event['id']}/rounds"), 201)
        tables = round_1["tables"]
        assert [t["table"] for t in tables] == [1, 2]
        ok(first.request("POST", f"/api/games/{tables[0]['game']}/hands", HAND), 201)
        before = ok(first.request("GET", f"/api/events/{event['id']}"))
        hand_before = ok(first.request("GET", f"/api/games/{tables[0]['game']}"))["hands"]
    finally:
        if stop == "kill":
            first.process.kill()  # no goodbye: as if the power went
            first.process.wait()
        first.stop()

    second = Server(database)
    try:
        after = ok(second.request("GET", f"/api/events/{event['id']}"))
        assert after == before
        assert after["round_list"] == [{"number": 1, "tables": [{**t, "finished": False} for t in tables],
                                        "byes": [], "movement": "round-robin", "started": round_1["started"]}]
        game = ok(second.request("GET", f"/api/games/{tables[0]['game']}"))
        assert game["hands_played"] == 1 and game["hands"] == hand_before
        assert game["event"] == {"id": event["id"], "round": 1, "table": 1}
        assert [s["score"] for s in game["sides"]] == [150, 100]
        # the round is still under way: no second round yet
        assert second.request("POST", f"/api/events/{event['id']}/rounds")[0] == 409

        # the rest of the round: table 1 ends, table 2 plays its hand and ends
        ok(second.request("POST", f"/api/games/{tables[0]['game']}/end"))
        ok(second.request("POST", f"/api/games/{tables[1]['game']}/hands", HAND), 201)
        ok(second.request("POST", f"/api/games/{tables[1]['game']}/end"))
        standings = ok(second.request("GET", f"/api/events/{event['id']}/standings"))
        assert sorted((r["played"], r["wins"]) for r in standings) == [(1, 0), (1, 0), (1, 1), (1, 1)]
        round_2 = ok(second.request("POST", f"/api/events/{event['id']}/rounds"), 201)
        assert round_2["number"] == 2 and len(round_2["tables"]) == 2
        met = {frozenset(t["entrants"]) for t in tables}
        assert not met & {frozenset(t["entrants"]) for t in round_2["tables"]}  # round robin: new opponents
        event_now = ok(second.request("GET", f"/api/events/{event['id']}"))
        assert [r["number"] for r in event_now["round_list"]] == [1, 2]
        assert all(t["finished"] for t in event_now["round_list"][0]["tables"])
    finally:
        second.stop()
