"""Issue 31 item 12: a club night's polls that say "nothing changed" cost the same however big the event. The
standings screen and the table picker poll every 0.6 s; their key is the event's revision, kept by triggers in the
same transaction as every change its pages show (db/migrations.py), so a poll reads one row. Here: the statements a
204 poll runs are the same few for an event of one round as of four, and every kind of change makes the next
poll draw again."""
from __future__ import annotations

import re

import pytest

from .helpers import traced
from .heavy_helpers import HAND, new_event, play_round
from .pages import read

POLLED = [("screen", "board"), ("tables", "picker")]


def poll_of(client, event_id, page, part) -> str:
    return read(client.get(f"/events/{event_id}/{page}")).by_id(part).get("data-poll")


@pytest.mark.parametrize("page, part", POLLED)
def test_a_poll_that_finds_nothing_changed_costs_the_same_for_a_big_event(app, client, page, part):
    small, big = new_event(client), new_event(client)
    play_round(client, small)
    for _ in range(4):
        play_round(client, big)
    ran = {}
    for event_id in (small, big):
        poll = poll_of(client, event_id, page, part)
        with traced(app) as seen:
            assert client.get(poll).status_code == 204
        ran[event_id] = [re.sub(r"'[^']*'", "?", s) for s in seen]
    assert ran[small] == ran[big] and len(ran[big]) == 1, ran  # one row read: the event's revision


@pytest.mark.parametrize("page, part", POLLED)
def test_every_change_the_page_shows_makes_the_next_poll_draw_again(client, page, part):
    event_id = new_event(client)
    games = play_round(client, event_id)
    changes = [
        lambda: client.post(f"/api/events/{event_id}/rounds"),  # a round starts
        lambda: client.post(f"/api/games/{rounds(client, event_id)[-1]['tables'][0]['game']}/hands", json=HAND),
        lambda: client.delete(f"/api/games/{games[0]}/hands/1"),  # a late change to a closed round: logged
        lambda: client.post("/api/players/north%201/rename", json={"name": "Nora 1"}),  # a table's game renamed
    ]
    for change in changes:
        poll = poll_of(client, event_id, page, part)
        assert client.get(poll).status_code == 204
        assert change().status_code in (200, 201)
        answer = client.get(poll)
        assert answer.status_code == 200 and read(answer).by_id(part) is not None


def rounds(client, event_id):
    return client.get(f"/api/events/{event_id}").get_json()["round_list"]


def test_an_unknown_events_poll_is_not_found_in_words(client):
    answer = client.get("/events/nosuchevent/screen/live?key=1")
    assert answer.status_code == 404 and "There is no event" in answer.get_data(as_text=True)
