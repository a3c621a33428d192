"""Club nights played through the API for the seasons and membership-number tests: a night of pairs, its rounds
started and finished with chosen totals."""
from __future__ import annotations


def pairs(*names: str) -> list[dict]:
    """Entrants of two players each from "Ann & Bob" strings."""
    return [{"name": n, "players": [p.strip() for p in n.split("&")]} for n in names]


def new_event(client, entrants: list[dict], rounds: int = 1, **changes) -> dict:
    """A club night of classic games to 5,000, seated by a draw, ranked by wins unless `changes` say otherwise."""
    body = {"name": "Night", "variant": "classic", "options": {"target": 5000}, "entrants": entrants,
            "table_size": 2, "rounds": rounds, "movement": "draw", "standings": "wins", **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def start(client, event_id: str) -> dict:
    answer = client.post(f"/api/events/{event_id}/rounds")
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def finish(client, game_id: str, first: int, second: int) -> None:
    """One hand scoring these totals (multiples of 5), then the game ended: the higher total wins."""
    hand = {"entries": [{"total": first}, {"total": second}]}
    assert client.post(f"/api/games/{game_id}/hands", json=hand).status_code == 201
    assert client.post(f"/api/games/{game_id}/end").status_code == 200


def play_night(client, name: str, entrants: list[dict], scores: dict[str, int], **changes) -> dict:
    """A one-round night whose every entrant scores `scores[its name]` in its table's game; the finished event."""
    event = new_event(client, entrants, name=name, **changes)
    round_ = start(client, event["id"])
    for table in round_["tables"]:
        a, b = (event["entrants"][i]["name"] for i in table["entrants"])
        finish(client, table["game"], scores[a], scores[b])
    return client.get(f"/api/events/{event['id']}").get_json()
