"""What the club-night API tests share: entrants, a new event, a round started, a game finished, a snapshot of
what a night answers (kept here so that no test module imports another)."""
from __future__ import annotations


def entrants(n):
    return [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)]


def new_event(client, n=4, **changes):
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(n),
            "table_size": 2, "rounds": n - 1 if n % 2 == 0 else n, "movement": "round-robin", "standings": "wins",
            **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer


def start(client, event_id, **headers):
    answer = client.post(f"/api/events/{event_id}/rounds", headers=headers)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def finish(client, game_id, first=100, second=100):
    """One hand scoring these totals, then the game ended (the higher total wins; equal totals share the win)."""
    entries = [{"melded": first} if first else {}, {"melded": second} if second else {}]
    assert client.post(f"/api/games/{game_id}/hands", json={"entries": entries}).status_code == 201
    assert client.post(f"/api/games/{game_id}/end").status_code == 200


def finish_round(client, round_, scores=lambda table: (150, 100)):
    for t in round_["tables"]:
        finish(client, t["game"], *scores(t))


def snapshot(client, event_id):
    return (client.get(f"/api/events/{event_id}").get_json(), client.get(f"/api/events/{event_id}/standings").get_json(),
            client.get(f"/api/events/{event_id}/log").get_json(), client.get("/api/events").get_json())


DIRECTOR = "9876"
AS_DIRECTOR = {"X-Director-PIN": DIRECTOR}
HAND = {"entries": [{"melded": 100}, {}]}
ADJUSTMENT = {"entrant": 0, "round": 1, "vp": 0, "points": -50, "reason": "late start"}


def night(client, **changes) -> dict:
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(6),
            "table_size": 2, "rounds": 3, "movement": "round-robin", "standings": "points",
            "director_pin": DIRECTOR, "table_pins": True, **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def started(client, **changes) -> tuple[dict, dict]:
    """A night with its first round started by the director: (event, round)."""
    event = night(client, **changes)
    answer = client.post(f"/api/events/{event['id']}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201, answer.get_json()
    return event, answer.get_json()


def imported_client(target, document):
    """A test client of an app on a new database at `target` into which the export `document` was imported."""
    import db
    from app import create_app
    from db import imports

    conn = db.connect(str(target))
    db.migrate(conn)
    imports.import_games(conn, document["games"], events=document["events"])
    return create_app({"TESTING": True, "DATABASE": str(target), "SECRET_KEY": "t"}).test_client()
