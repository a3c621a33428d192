"""Issue 39: the new-club-night form offers first, chosen, the game the club played last (its last night's, else its
last game's): it opened on Ponytail, and an Italian director scrolled past eight games to Burraco every time."""
from __future__ import annotations

from scoring import VARIANTS
from tests.pages import read


def offered(client) -> tuple[list[str], str]:
    """The form's games in order, and the one chosen."""
    page = read(client.get("/events/new"))
    radios = [e for e in page.walk() if e.tag == "input" and e.get("name") == "variant"]
    return [r.get("value") for r in radios], next(r.get("value") for r in radios if r.get("checked") is not None)


def test_a_new_database_offers_the_games_in_their_order(client):
    order, chosen = offered(client)
    assert order == list(VARIANTS) and chosen == order[0]


def test_the_clubs_last_game_then_its_last_night_come_first_and_chosen(client):
    game = {"variant": "burraco", "sides": [{"name": "Noi", "players": ["Anna", "Bruno"]},
                                            {"name": "Loro", "players": ["Carla", "Dario"]}]}
    assert client.post("/api/games", json=game).status_code == 201
    order, chosen = offered(client)
    assert order[0] == chosen == "burraco" and sorted(order) == sorted(VARIANTS)
    night = {"name": "Quinta", "variant": "buraco", "entrants": [{"name": n, "players": [n]} for n in ("Ana", "Bia")],
             "rounds": 1, "movement": "round-robin", "standings": "wins"}
    assert client.post("/api/events", json=night).status_code == 201
    assert client.post("/api/games", json=game).status_code == 201  # a game after the night: the night decides
    order, chosen = offered(client)
    assert order[0] == chosen == "buraco"
