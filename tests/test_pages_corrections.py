"""A correction meets a hand another device deleted meanwhile: what was typed is kept, and the page says what happened."""
from __future__ import annotations

import sqlite3

from .pages import post, read, url


def two_hands_apart(app, client, game):
    """Hands 1 (100 melded) and 2 (200) recorded at different times, as hands played minutes apart are."""
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("UPDATE hands SET recorded_at = '2025-01-01T20:00:00+00:00' WHERE game_id = ?", [game["id"]])
    # the next write makes a new revision, so nothing derived from the old recording time is kept
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 200}, {}]})


def open_correction(client, game, number):
    return read(client.get(url(client.application, "hands.edit_hand", game_id=game["id"], number=number)))


def save(client, game, number, data):
    return post(client, url(client.application, "hands.replace_hand", game_id=game["id"], number=number), data)


def test_correcting_a_hand_deleted_meanwhile_keeps_the_entries_for_a_new_hand(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    form = open_correction(client, game, 1)
    assert client.delete(f"/api/games/{game['id']}/hands/1").status_code == 200  # another device
    typed = {"revision": form.values["revision"], "number": "1", "recorded_at": form.values["recorded_at"],
             "entries[0].melded": "450", "entries[1].red_threes": "2", "went_out": "none"}
    response = save(client, game, 1, typed)
    assert response.status_code == 409
    doc = read(response)
    assert doc.alert().text == ("Hand 1 was deleted on another device. Your entries are kept: record them as hand 1, "
                                "or go back to the scores.")
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "450"
    assert doc.region("Them Cy & Di").group("Red threes, Them").field("2").checked
    recording = url(client.application, "hands.record_hand", game_id=game["id"])
    assert doc.button("Record hand 1").action == recording
    recorded = post(client, recording, {**typed, "revision": doc.values["revision"]})
    assert recorded.status_code == 303
    assert [h["scores"][0]["total"] for h in client.get(f"/api/games/{game['id']}").get_json()["hands"]] == [450]


def test_a_hand_deleted_while_a_later_one_takes_its_number_is_not_overwritten(app, client, make_game):
    game = make_game()
    two_hands_apart(app, client, game)
    form = open_correction(client, game, 1)
    client.delete(f"/api/games/{game['id']}/hands/1")  # the old hand 2 is hand 1 now
    response = save(client, game, 1, {"revision": form.values["revision"], "recorded_at": form.values["recorded_at"],
                                      "entries[0].melded": "150"})
    assert response.status_code == 409
    doc = read(response)
    assert doc.alert().text.startswith("Hand 1 was deleted on another device.")
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "150"
    assert [h["scores"][0]["total"] for h in client.get(f"/api/games/{game['id']}").get_json()["hands"]] == [200]


def test_a_hand_that_moved_up_is_corrected_under_its_new_number(app, client, make_game):
    game = make_game()
    two_hands_apart(app, client, game)
    form = open_correction(client, game, 2)
    client.delete(f"/api/games/{game['id']}/hands/1")
    response = save(client, game, 2, {"revision": form.values["revision"], "recorded_at": form.values["recorded_at"],
                                      "entries[0].melded": "250"})
    assert response.status_code == 409
    doc = read(response)
    assert "the hand you are correcting is now hand 1" in doc.alert().text
    assert doc.button("Save hand 1").action == url(client.application, "hands.replace_hand", game_id=game["id"],
                                                   number=1)
    saved = save(client, game, 1, {"revision": doc.values["revision"], "recorded_at": doc.values["recorded_at"],
                                   "entries[0].melded": "250"})
    assert saved.status_code == 303
    assert [h["scores"][0]["total"] for h in client.get(f"/api/games/{game['id']}").get_json()["hands"]] == [250]


def test_a_correction_of_a_hand_another_device_corrected_is_still_just_stale(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    form = open_correction(client, game, 1)
    client.put(f"/api/games/{game['id']}/hands/1", json={"entries": [{"melded": 120}, {}]})
    response = save(client, game, 1, {"revision": form.values["revision"], "recorded_at": form.values["recorded_at"],
                                      "entries[0].melded": "130"})
    assert response.status_code == 409
    doc = read(response)
    conflict = doc.alert("Another phone changed this game while you corrected hand 1")
    # theirs beside mine, nothing overwritten
    assert conflict.under("Hand 1 as it is recorded").items() == ["Us +120", "Them 0"]
    assert conflict.under("What you typed (kept below)").items() == ["Us +130", "Them 0"]
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "130"
