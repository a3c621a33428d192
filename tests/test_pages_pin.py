"""The table PIN as a player meets it in the pages: the creator is not asked again, a watcher is told how to join."""
from __future__ import annotations

import re

from .helpers import PONYTAIL_PAIRS
from .pages import post, read, url

PIN = "0427"
NEW_GAME = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
            "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di"}
LOCKED = re.compile("^Locked")
NOTICE = "This table has a PIN. Anyone may watch, but to record this hand on this device, enter the table PIN first."


def test_whoever_starts_a_pin_game_can_record_without_unlocking(app, client):
    response = post(client, url(app, "setup.create_game", variant_id="ponytail"), {**NEW_GAME, "pin": PIN})
    assert response.status_code == 303
    game_url = response.headers["Location"]
    scores = read(client.get(game_url)).region("Scores")
    assert scores.all("link", LOCKED) == [] and scores.link("Record hand 1")
    game_id = game_url.rsplit("/", 1)[1]
    form = read(client.get(url(app, "hands.new_hand", game_id=game_id)))
    assert form.by_text(NOTICE) == []
    recorded = post(client, url(app, "hands.record_hand", game_id=game_id),
                    {"revision": form.values["revision"], "entries[0].melded": "120"})
    assert recorded.status_code == 303 and recorded.headers["Location"] == game_url
    assert client.get(f"/api/games/{game_id}").get_json()["hands_played"] == 1


def test_a_refused_pin_game_unlocks_nothing(app, client):
    response = post(client, url(app, "setup.create_game", variant_id="ponytail"),
                    {**NEW_GAME, "sides[1].players[1]": "", "pin": PIN})
    assert response.status_code == 422
    with client.session_transaction() as session:
        assert not session.get("unlocked_games")


def test_another_device_sees_the_game_is_locked_and_where_to_unlock(app, make_game):
    game = make_game({**PONYTAIL_PAIRS, "pin": PIN})
    client = app.test_client()  # a second phone: a session of its own
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 300}, {}]}, headers={"X-Table-PIN": PIN})
    game_page, hand_page = url(app, "pages.game", game_id=game["id"]), url(app, "hands.new_hand", game_id=game["id"])
    scores = read(client.get(game_page)).region("Scores")
    unlock = scores.link("Locked — enter the table PIN to record hands")
    assert unlock.get("href") == url(app, "pin.unlock", game_id=game["id"], next=hand_page)
    assert scores.all("link", re.compile("^Record hand")) == []
    # watchers still see every hand and total
    assert scores.labelled("Us total").text == "300"
    assert scores.region("Hands").disclosure("Hand 1 Us +300 300 Them 0 0")
    hand_form = read(client.get(hand_page))
    assert hand_form.by_text(NOTICE, tag="p")
    assert hand_form.link("enter the table PIN").get("href") == url(app, "pin.unlock", game_id=game["id"],
                                                                   next=hand_page)
    # once unlocked, the button to record is back and the notices are gone
    post(client, url(app, "pin.unlock", game_id=game["id"]), {"pin": PIN})
    scores = read(client.get(game_page)).region("Scores")
    assert scores.link("Record hand 2").get("href") == hand_page and scores.all("link", LOCKED) == []
    assert read(client.get(hand_page)).by_text(NOTICE) == []


def test_a_game_without_pin_never_says_locked(app, client, make_game):
    game = make_game()
    scores = read(client.get(url(app, "pages.game", game_id=game["id"]))).region("Scores")
    assert scores.all("link", LOCKED) == [] and scores.link("Record hand 1")
