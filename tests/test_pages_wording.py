"""Small wording on the scoreboard that players read at a glance."""
from __future__ import annotations

import re

from .helpers import PONY_THREE
from .pages import read, url


def test_a_three_way_tie_reads_as_a_list_and_a_finished_game_asks_for_no_hand(app, client, make_game):
    game = make_game(PONY_THREE)
    client.post(f"/api/games/{game['id']}/end")
    scores = read(client.get(url(app, "pages.game", game_id=game["id"]))).region("Scores")
    assert scores.status(re.compile("^Game over")).by_text("P1, P2 and P3 share the win with 0.", tag="p")
    assert scores.region("Hands").by_text("No hands yet.")
    assert scores.all("link", re.compile("^Record hand")) == []
