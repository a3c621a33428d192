"""Shared helpers of the players tests: games played through the API."""
from __future__ import annotations

from .pages import Doc, post, token  # noqa: F401 (the one HTML reader, tests/html.py; forms post with the token)

# a Ponytail hand the first side wins: 500 + 500 = 1,000 against 300 + 300 = 600
WIN_FIRST = [{"natural_canastas": 1, "melded": 500}, {"dirty_canastas": 1, "melded": 300}]
WIN_SECOND = [WIN_FIRST[1], WIN_FIRST[0]]
LEVEL = [{"melded": 100}, {"melded": 100}]


def pairs(us, them, **extra) -> dict:
    """A Ponytail game of two partnerships named 'A & B' as the form names them."""
    return {"variant": "ponytail", "sides": [{"name": " & ".join(us), "players": list(us), **extra.get("us", {})},
                                             {"name": " & ".join(them), "players": list(them)}]}


def play(client, payload: dict, *hands: list, end: bool = True) -> dict:
    """Create a game, record the hands, end it (unless told not to); returns the game object."""
    r = client.post("/api/games", json=payload)
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    for entries in hands:
        r = client.post(f"/api/games/{game['id']}/hands", json={"entries": entries})
        assert r.status_code == 201, r.get_json()
        game = r.get_json()["game"]
    if end:
        r = client.post(f"/api/games/{game['id']}/end")
        assert r.status_code == 200, r.get_json()
        game = r.get_json()
    return game


def player(client, name: str) -> dict:
    r = client.get(f"/api/players/{name}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def listed(client) -> dict:
    """GET /api/players by name."""
    r = client.get("/api/players")
    assert r.status_code == 200
    return {p["name"]: p for p in r.get_json()}
