"""A club night's refusal to start a round carries what it is about (service.events.RoundCannotStart), as Stale
carries its game: which round was asked for, the planned rounds, and the (round, table) numbers still playing; the
director's page says it from those, not by reading the night again. And the round in play leaves the service
typed (service.event_view.RoundView, its tables TableView)."""
from __future__ import annotations

import dataclasses

import pytest

import db
from service import event_view, events

EVENT = {"name": "Tuesday club", "variant": "classic", "entrants": [{"name": n} for n in ("A", "B", "C", "D")],
         "table_size": 2, "rounds": 2, "movement": "round-robin", "standings": "wins"}


def finish(client, game_id):
    assert client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 150}, {"melded": 100}]}
                       ).status_code == 201
    assert client.post(f"/api/games/{game_id}/end").status_code == 200


def refusal(conn, event_id) -> events.RoundCannotStart:
    with pytest.raises(events.RoundCannotStart) as caught:
        events.start_round(conn, event_id)
    assert caught.value.status == 409
    return caught.value


def test_a_round_refused_names_the_tables_still_playing_and_then_that_every_round_is_played(client, app):
    event_id = client.post("/api/events", json=EVENT).get_json()["id"]
    conn = db.connect(app.config["DATABASE"])
    first = events.start_round(conn, event_id)
    refused = refusal(conn, event_id)
    assert (refused.number, refused.rounds, refused.playing, refused.all_played) == (2, 2, ((1, 1), (1, 2)), False)
    finish(client, first["tables"][0]["game"])
    assert refusal(conn, event_id).playing == ((1, 2),)
    finish(client, first["tables"][1]["game"])
    for table in events.start_round(conn, event_id)["tables"]:
        finish(client, table["game"])
    refused = refusal(conn, event_id)
    assert (refused.number, refused.rounds, refused.playing, refused.all_played) == (3, 2, (), True)


def test_the_round_in_play_leaves_the_service_typed_with_its_tables(client, app):
    event_id = client.post("/api/events", json=EVENT).get_json()["id"]
    conn = db.connect(app.config["DATABASE"])
    assert event_view.round_in_play(conn, event_id) is None
    first = events.start_round(conn, event_id)
    playing = event_view.round_in_play(conn, event_id)
    assert isinstance(playing, event_view.RoundView) and playing.number == 1 and len(playing.tables) == 2
    assert playing.at(2) == event_view.TableView(2, first["tables"][1]["game"], tuple(first["tables"][1]["entrants"]),
                                                 False)
    assert playing.at(3) is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        playing.number = 2  # type: ignore[misc]
