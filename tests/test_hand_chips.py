"""Counts on the hand form as chips (issue 13): a chip is the count, "5+" reads the box (empty: 5)."""
from __future__ import annotations

from .pages import hand_form, post, read, url

MORE = "5+ (5 or more)"


def test_chips_count_and_more_reads_the_box(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    us = form.region("Us Ann & Bob")
    assert us.group("Natural canastas, Us").field("0").checked  # nobody taps for a count of none
    data = {"revision": form.values["revision"],
            "entries[0].natural_canastas:chip": "more", "entries[0].natural_canastas": "6",
            "entries[0].dirty_canastas:chip": "more", "entries[0].dirty_canastas": "",
            "entries[0].red_threes:chip": "3", "entries[0].red_threes": "1",  # the chip wins over the box
            "entries[0].melded": "3000"}
    assert post(client, url(client.application, "hands.record_hand", game_id=game["id"]), data).status_code == 303
    entry = client.get(f"/api/games/{game['id']}").get_json()["hands"][0]["entries"][0]
    assert (entry["natural_canastas"], entry["dirty_canastas"], entry["red_threes"]) == (6, 5, 3)
    # the correction opens with the same chips chosen, the big number in its box
    doc = read(client.get(url(client.application, "hands.edit_hand", game_id=game["id"], number=1)))
    us = doc.region("Us Ann & Bob")
    assert us.group("Natural canastas, Us").field(MORE).checked
    assert us.field("Natural canastas, Us: how many").value == "6"
    assert [chip.name for chip in us.group("Red threes, Us").all("radio") if chip.checked] == ["3"]


def test_a_refused_count_keeps_what_was_typed_after_5_plus(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], "entries[1].black_threes:chip": "more",
            "entries[1].black_threes": "5.5", "entries[1].melded": "100"}
    response = post(client, url(client.application, "hands.record_hand", game_id=game["id"]), data)
    assert response.status_code == 422
    them = read(response).region("Them Cy & Di")
    assert them.group("Black threes, Them").field(MORE).checked
    box = them.field("Black threes, Them: how many")
    assert box.value == "5.5" and box.invalid and "whole number" in box.description
