"""`python app.py` as a real process: it prints its URL and plays a short game over HTTP."""
import pytest

from .examples import PONYTAIL
from .server import Server

HAND_1, HAND_2 = PONYTAIL.hands


@pytest.mark.slow
def test_prints_its_url_and_plays_a_game(server, tmp_path):
    assert f"http://127.0.0.1:{server.port}/" in server.banner
    assert str(tmp_path / "games.sqlite") in server.banner
    status, game = server.request("POST", "/api/games", {**PONYTAIL.game, "options": {"target": 20000}})
    assert status == 201
    path = f"/api/games/{game['id']}/hands"
    status, answer = server.request("POST", path, HAND_1.payload)
    assert (status, [s["score"] for s in answer["game"]["sides"]]) == (201, HAND_1.running)
    status, answer = server.request("POST", path, {"entries": [{"red_threes": 20}, {}]})
    assert status == 422 and answer["errors"][0]["field"] == "entries[0].red_threes"
    status, answer = server.request("POST", path, HAND_2.payload)
    assert status == 201
    final = answer["game"]
    assert (final["finished"], final["winner"], final["margin"]) == (True, [0], HAND_2.running[0] - HAND_2.running[1])
    assert server.request("POST", path, {"entries": [{}, {}]})[0] == 409
    status, games = server.request("GET", "/api/games")
    assert [g["id"] for g in games] == [game["id"]]


@pytest.mark.slow
def test_games_survive_a_restart(tmp_path):
    first = Server(tmp_path / "kept.sqlite")
    try:
        _, game = first.request("POST", "/api/games", {"variant": "pony", "sides": [
            {"name": "Zoë", "players": ["Zoë"]}, {"name": "José", "players": ["José"]}]})
        first.request("POST", f"/api/games/{game['id']}/hands", {"entries": [{"melded": 120}, {"in_hand": 15}]})
    finally:
        first.stop()
    second = Server(tmp_path / "kept.sqlite")
    try:
        status, again = second.request("GET", f"/api/games/{game['id']}")
        assert status == 200
        assert [(s["name"], s["score"]) for s in again["sides"]] == [("Zoë", 120), ("José", -15)]
    finally:
        second.stop()
