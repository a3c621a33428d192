"""Counts on the hand form as chips (issue 13): a chip is the count, "5+" reads the box (empty: 5)."""
from __future__ import annotations

from .pages import Doc, hand_form, post


def test_chips_count_and_more_reads_the_box(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    assert form.checked["entries[0].natural_canastas:chip"] == "0"  # nobody taps for a count of none
    data = {"revision": form.values["revision"],
            "entries[0].natural_canastas:chip": "more", "entries[0].natural_canastas": "6",
            "entries[0].dirty_canastas:chip": "more", "entries[0].dirty_canastas": "",
            "entries[0].red_threes:chip": "3", "entries[0].red_threes": "1",  # the chip wins over the box
            "entries[0].melded": "3000"}
    assert post(client, f"/games/{game['id']}/hands/new", data).status_code == 303
    entry = client.get(f"/api/games/{game['id']}").get_json()["hands"][0]["entries"][0]
    assert (entry["natural_canastas"], entry["dirty_canastas"], entry["red_threes"]) == (6, 5, 3)
    # the correction opens with the same chips chosen, the big number in its box
    doc = Doc(client.get(f"/games/{game['id']}/hands/1/edit").get_data(as_text=True))
    assert doc.checked["entries[0].natural_canastas:chip"] == "more"
    assert doc.values["entries[0].natural_canastas"] == "6"
    assert doc.checked["entries[0].red_threes:chip"] == "3"


def test_a_refused_count_keeps_what_was_typed_after_5_plus(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], "entries[1].black_threes:chip": "more",
            "entries[1].black_threes": "5.5", "entries[1].melded": "100"}
    response = post(client, f"/games/{game['id']}/hands/new", data)
    assert response.status_code == 422
    doc = Doc(response.get_data(as_text=True))
    assert doc.checked["entries[1].black_threes:chip"] == "more" and doc.values["entries[1].black_threes"] == "5.5"
    assert "whole number" in doc.text("entries-1-black_threes-error")
