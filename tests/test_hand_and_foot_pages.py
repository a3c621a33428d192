"""Issue 24: a game of Hand and Foot on every page, in its own words. The scoreboard and the hand form say which
round of how many and the minimum once for everyone; a game of rounds has nothing 'to go'; it is over after 4
rounds; the history, chart, CSV and table display count rounds."""
from __future__ import annotations

import csv
import io
import re

import pytest

from .examples import HAND_AND_FOOT, form_fields
from .pages import hand_form, post, read, url

ROUND_1 = form_fields(HAND_AND_FOOT.hands[0].entries)  # RULES.md §8's worked example: 4,475 and 595


@pytest.fixture
def game(client):
    response = client.post("/api/games", json=HAND_AND_FOOT.game)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def record(client, game: dict, number: int, fields: dict = ROUND_1):
    response = post(client, url(client.application, "hands.record_hand", game_id=game["id"]),
                    {"number": str(number), **fields})
    assert response.status_code == 303, response.get_data(as_text=True)


def scores(client, game: dict, page: str = "pages.game"):
    return read(client.get(url(client.application, page, game_id=game["id"]))).region("Scores")


def test_a_fresh_game_shows_round_1_of_4_and_one_minimum_for_everyone(client, game):
    board = scores(client, game)
    assert board.by_text("Round 1 of 4", tag="p") and board.by_text("Minimum 50 for everyone", tag="p")
    assert board.by_text("Round 1: Ann deals · Cy plays first", tag="p")
    assert "Next meld" not in board.text and "to go" not in board.text  # no target: nothing to go
    assert not [e for e in board.walk() if e.tag == "progress"]
    assert board.link("Record round 1") and "hand" not in board.text.lower().replace("hand and foot", "")


def test_the_hand_form_is_headed_with_the_round_and_its_minimum(client, game):
    record(client, game, 1)
    form = hand_form(client, game)
    assert form.heading("Round 2 of 4 \u2014 minimum 90 for everyone", level=1)
    assert form.button("Record round 2")
    books = form.group("Books, Us")
    # sevens books are off by default (RULES.md §8: entered as clean books): the form does not offer them
    assert [f.name for f in books.all("group")] == ["Clean books, Us", "Dirty books, Us", "Wild books, Us"]
    assert form.group("Threes, Them") and form.group("Cards, Them").field("Unplayed foot, Them, in points")
    assert "canasta" not in form.landmark("main").text.lower()


def test_the_hand_form_offers_only_what_the_tables_house_rules_count(client):
    rules = {"sevens_canasta_bonus": 750, "wild_canasta_bonus": None, "unplayed_foot_counts": False}
    game = client.post("/api/games", json={**HAND_AND_FOOT.game, "options": {"house_rules": rules}}).get_json()
    form = hand_form(client, game)
    assert [f.name for f in form.group("Books, Us").all("group")] == ["Clean books, Us", "Dirty books, Us",
                                                                      "Sevens books, Us"]
    cards = [f.name for f in form.group("Cards, Us").all("textbox") if f.name.endswith("in points")]
    assert cards == ["Melded points, Us, in points", "In-hand points, Us, in points"]  # no unplayed foot
    record(client, game, 1, {"entries[0].sevens_canastas": "1", "entries[0].melded": "35", "went_out": "none"})
    assert scores(client, game).labelled("Us total").text == "785"  # 750 + 35


def test_the_live_preview_words_a_side_this_round(client, game):
    response = post(client, url(client.application, "hands.preview_hand", game_id=game["id"]),
                    {"number": "1", **ROUND_1}, htmx=True)
    text = " ".join(read(response).text().split())
    assert "Us this round +4,475" in text and "Them this round +595" in text
    assert "Clean books 2 × 500 +1,000" in text and "Unplayed foot \u2212120" in text


def test_after_a_round_the_board_shows_the_next_round_and_its_minimum(client, game):
    record(client, game, 1)
    for page in ("pages.game", "pages.table"):
        board = scores(client, game, page)
        assert board.labelled("Us total").text == "4,475" and board.labelled("Them total").text == "595"
        assert board.by_text("Round 2 of 4", tag="p") and board.by_text("Minimum 90 for everyone", tag="p")
    history = scores(client, game).region("Rounds")
    assert [s.text for s in history.walk() if "hand-number" in s.get("class", "")] == ["Round 1"]
    assert scores(client, game).by_text("Round 1 was just recorded.")


def test_after_4_rounds_the_game_is_over(client, game):
    for number in range(1, 5):
        record(client, game, number)
    board = scores(client, game)
    text = " ".join(board.text.split())
    assert "Game over" in text and "All 4 rounds are played." in text and "Us win by 15,520." in text
    assert not board.all("link", "Record round 5") and "Minimum" not in text
    assert "4 rounds played of 4" in text
    share = next(e for e in board.walk() if e.get("data-share-text"))
    assert share.get("data-share-text") == "Hand and Foot: Us won by 15,520. Us 17,900 · Them 2,380 (4 rounds)."
    api = client.get(f"/api/games/{game['id']}").get_json()
    assert (api["finished"], api["finish_reasons"], api["winner"]) == (True, ["max_hands"], [0])


def test_a_table_playing_to_a_score_sees_it_to_go(client):
    body = {**HAND_AND_FOOT.game, "options": {"target": 10000, "max_hands": None}}
    game = client.post("/api/games", json=body).get_json()
    record(client, game, 1)
    board = scores(client, game)
    assert board.by_text("1 round played · to 10,000", tag="p") and "5,525 to go" in board.text
    assert board.by_text("Minimum 90 for everyone", tag="p")


def test_the_chart_and_csv_count_rounds_and_draw_no_target(client, game):
    record(client, game, 1)
    record(client, game, 2)
    page = read(client.get(url(client.application, "pages.game", game_id=game["id"])))
    chart = page.one("img", re.compile("^Running totals, round by round Running totals after each round"))
    assert not [e for e in chart.walk() if e.tag == "line" and "target" in e.get("class", "")]
    text = client.get(url(client.application, "downloads.game_scores", game_id=game["id"])).get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["Round"] for r in rows] == ["1", "2"]
    assert rows[1]["Us: Clean books"] == "2" and rows[1]["Us: Clean books (points)"] == "1000"
    assert rows[1]["Them: Unplayed foot (points)"] == "-120" and rows[1]["Them: Red threes held"] == "1"
    assert rows[1]["Us: round score"] == "4475" and rows[1]["Us: running total"] == "8950"


def test_a_team_of_three_records_its_exact_pick_ups(client):
    body = {"variant": "hand-and-foot", "sides": [{"name": "Reds", "players": ["Ann", "Bob", "Cy"]},
                                                  {"name": "Blues", "players": ["Di", "Ed", "Flo"]}]}
    game = client.post("/api/games", json=body).get_json()
    form = hand_form(client, game)
    assert form.heading("Round 1 of 4 \u2014 minimum 50 for everyone", level=1)
    record(client, game, 1, {"entries[0].exact_pickups": "3", "entries[0].melded": "60", "went_out": "none"})
    assert scores(client, game).labelled("Reds total").text == "360"  # 3 × 100 + 60
    refused = post(client, url(client.application, "hands.record_hand", game_id=game["id"]),
                   {"number": "2", "entries[1].exact_pickups": "4"})
    assert refused.status_code == 422
    assert "Blues has 3 players, so at most 3 exact pick-ups (one a player), not 4." in refused.get_data(as_text=True)


def test_a_team_of_three_is_a_team_on_the_players_pages_and_in_ratings(client):
    from .player_helpers import listed, play, player

    trios = {"variant": "hand-and-foot", "sides": [{"name": "Ann, Bob & Cy", "players": ["Ann", "Bob", "Cy"]},
                                                   {"name": "Di, Ed & Flo", "players": ["Di", "Ed", "Flo"]}]}
    game = play(client, trios, *[[{"melded": 100}, {"melded": 50}]] * 4, end=False)
    assert game["finished"] and game["winner"] == [0]  # after 4 rounds, nothing to end by hand
    everyone = listed(client)
    assert sorted(everyone) == ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    assert everyone["Cy"]["wins"] == 1 and everyone["Flo"]["wins"] == 0
    assert everyone["Cy"]["rating"]["hand-and-foot"]["ordinal"] > everyone["Flo"]["rating"]["hand-and-foot"]["ordinal"]
    ann = player(client, "Ann")
    assert sorted(p["name"] for p in ann["partners"]) == ["Bob", "Cy"]
    assert sorted(p["name"] for p in ann["opponents"]) == ["Di", "Ed", "Flo"]
    page = read(client.get(url(client.application, "players.player", name="Ann")))
    assert "Hand and Foot" in page.landmark("main").text
    assert client.post("/api/players/cy/rename", json={"name": "Cyd"}).status_code == 200
    after = client.get(f"/api/games/{game['id']}").get_json()
    assert after["sides"][0]["name"] == "Ann, Bob & Cyd"  # a team named after its players follows the rename


def test_refusals_say_round_where_the_game_is_played_in_rounds(client, game):
    for number in range(1, 5):
        record(client, game, number)
    entries = {"entries": HAND_AND_FOOT.hands[0].entries}
    finished = client.post(f"/api/games/{game['id']}/hands", json=entries).get_json()["errors"][0]["message"]
    assert finished == ("This game is finished, so no more rounds can be recorded. Correct or delete a round, "
                        "or start a new game.")
    missing = client.delete(f"/api/games/{game['id']}/hands/9").get_json()["errors"][0]["message"]
    assert missing == "There is no round 9 in this game (it has 4)."
    page = client.get(f"/games/{game['id']}/hands/9/detail")
    assert page.status_code == 404 and "There is no round 9 in this game" in page.get_data(as_text=True)
