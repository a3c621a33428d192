"""The table PIN as a player meets it in the pages: the creator is not asked again, a watcher is told how to join."""
from __future__ import annotations

from .helpers import PONYTAIL_PAIRS
from .test_pages import Doc, post

PIN = "0427"
NEW_GAME = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
            "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di"}


def test_whoever_starts_a_pin_game_can_record_without_unlocking(client):
    response = post(client, "/games/new/ponytail", {**NEW_GAME, "pin": PIN})
    assert response.status_code == 303
    game_url = response.headers["Location"]
    page = Doc(client.get(game_url).get_data(as_text=True))
    assert "unlock-link" not in page.texts and "Locked" not in page.text("live")
    form = Doc(client.get(f"{game_url}/hands/new").get_data(as_text=True))
    recorded = post(client, f"{game_url}/hands/new", {"revision": form.values["revision"], "entries[0].melded": "120"})
    assert recorded.status_code == 303 and recorded.headers["Location"] == game_url
    assert client.get(f"/api{game_url}").get_json()["hands_played"] == 1


def test_a_refused_pin_game_unlocks_nothing(client):
    response = post(client, "/games/new/ponytail", {**NEW_GAME, "sides[1].players[1]": "", "pin": PIN})
    assert response.status_code == 422
    with client.session_transaction() as session:
        assert not session.get("unlocked_games")


def test_another_device_sees_the_game_is_locked_and_where_to_unlock(app, make_game):
    game = make_game({**PONYTAIL_PAIRS, "pin": PIN})
    client = app.test_client()  # a second phone: a session of its own
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 300}, {}]}, headers={"X-Table-PIN": PIN})
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    doc = Doc(page)
    assert "Locked — enter the table PIN to record hands" in doc.text("unlock-link")
    assert f'href="/games/{game["id"]}/unlock?next=/games/{game["id"]}/hands/new"' in page
    assert "Record hand 2" not in doc.text("live")
    assert "Hand 1" in doc.text("history-title") + doc.text("live")  # watchers still see every hand and total
    assert "300" in doc.text("live")
    hand_form = Doc(client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True))
    assert "enter the table PIN" in hand_form.text("locked-notice")
    # once unlocked, the button to record is back and the notices are gone
    post(client, f"/games/{game['id']}/unlock", {"pin": PIN})
    doc = Doc(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "Record hand 2" in doc.text("live") and "unlock-link" not in doc.texts
    assert "locked-notice" not in Doc(client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)).texts


def test_a_game_without_pin_never_says_locked(client, make_game):
    game = make_game()
    doc = Doc(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "unlock-link" not in doc.texts and "Record hand 1" in doc.text("live")
