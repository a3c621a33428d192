"""API.md, Safety: "A write that cannot get the database within 5 seconds gets 503 … reads keep answering meanwhile."

The players list and a player's page are reads, though they keep each game's summary in the database
as they go (a cache): while another program holds the database for writing they must answer at once
from what they worked out, not wait for the lock (issue 23: GET /api/players waited 5 s).
"""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from db import connection

from .faults import held
from .pages import read, url
from .player_helpers import WIN_FIRST, pairs, play

# Here a write waits an hour for the database: a read that waited for the lock would not answer within
# the test at all, while one that does not wait answers at once (no timing is measured).
AN_HOUR = 3600
PATIENCE = 30  # how long the test waits for an answer before it says the read waited for the lock


def answered_while_held(client, database: Path, path: str):
    """GET `path` from another thread while another program holds the database; the answer, or None if it waited."""
    found = []
    asking = threading.Thread(target=lambda: found.append(client.get(path)), daemon=True)
    with held(database, "IMMEDIATE"):
        asking.start()
        asking.join(PATIENCE)
        waited = asking.is_alive()
    asking.join()  # the lock is released: a read that waited for it ends now
    return None if waited else found[0]


@pytest.fixture
def games(app, client, monkeypatch):
    """Two finished games; every connection opened from here on waits an hour for a writer."""
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    play(client, pairs(("Ann", "Cy"), ("Bob", "Di")), WIN_FIRST)
    monkeypatch.setattr(connection, "BUSY_SECONDS", AN_HOUR)  # read by db.connect in the asking thread
    return Path(app.config["DATABASE"])


def test_the_players_list_answers_while_another_program_holds_the_database(client, games):
    answer = answered_while_held(client, games, "/api/players")
    assert answer is not None, "GET /api/players waited for the other program's lock"
    assert answer.status_code == 200
    assert {p["name"]: (p["games"], p["wins"]) for p in answer.get_json()} == {
        "Ann": (2, 2), "Bob": (2, 1), "Cy": (2, 1), "Di": (2, 0)}
    assert client.get("/api/players").get_json() == answer.get_json()  # the same once the database is free


def test_one_player_answers_while_another_program_holds_the_database(client, games):
    answer = answered_while_held(client, games, "/api/players/Bob")
    assert answer is not None, "GET /api/players/Bob waited for the other program's lock"
    assert answer.status_code == 200
    bob = answer.get_json()
    assert (bob["games"], bob["wins"]) == (2, 1)
    assert bob["partners"] == [{"name": "Ann", "games": 1, "wins": 1}, {"name": "Di", "games": 1, "wins": 0}]


def test_the_players_page_answers_while_another_program_holds_the_database(app, client, games):
    answer = answered_while_held(client, games, url(app, "players.players"))
    assert answer is not None, "the players page waited for the other program's lock"
    assert answer.status_code == 200
    assert read(answer).link("Ann")
