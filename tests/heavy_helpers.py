"""What the heavy-page tests share: a club night of 8 pairs and a round of it played (kept here so that no test
module imports another)."""
from __future__ import annotations

EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": None, "max_hands": 1},
         "entrants": [{"name": f"Pair {i}", "players": [f"North {i}", f"South {i}"]} for i in range(1, 9)],
         "table_size": 2, "rounds": 4, "movement": "draw", "standings": "wins"}
HAND = {"entries": [{"melded": 150}, {"melded": 100}]}


def new_event(client) -> str:
    answer = client.post("/api/events", json=EVENT)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def play_round(client, event_id) -> list[str]:
    answer = client.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201, answer.get_json()
    games = [t["game"] for t in answer.get_json()["tables"]]
    for game_id in games:
        assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    return games
