"""Small wording on the scoreboard that players read at a glance."""
from __future__ import annotations

from .helpers import PONY_THREE
from .test_pages import Doc


def test_a_three_way_tie_reads_as_a_list_and_a_finished_game_asks_for_no_hand(client, make_game):
    game = make_game(PONY_THREE)
    client.post(f"/api/games/{game['id']}/end")
    doc = Doc(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "P1, P2 and P3 share the win with 0." in doc.text("live")
    assert "No hands yet." in doc.text("live") and "Record hand 1" not in doc.text("live")
