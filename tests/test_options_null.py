"""API.md, Creating a game: "Every option may be left out (the variant's default applies); `target` or `max_hands`
given as `null` means none (no target, no hand limit), and a game needs at least one way to end (a target, a hand
limit or `finish_at`)." Issue 23: `"target": null` on a Classic game silently became 5,000."""
from __future__ import annotations

import re

import pytest

from .faults import csrf_token
from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS
from .pages import read, url
from .sheet_helpers import pdf_pages

CLASSIC = {"variant": "classic", "sides": PONYTAIL_PAIRS["sides"]}
PONYTAIL_ALONE = {"variant": "ponytail", "sides": [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cy")]}
FINISH = "2026-11-23T22:30:00+01:00"
NO_END = ("A game needs a way to end: a target score, a number of {} or a finish time. "
          "Give at least one of them.")

# (game, options sent) -> (target, max_hands) of the game made
MADE = [
    (CLASSIC, {}, 5000, None),  # left out: the variant's defaults
    (CLASSIC, {"target": None, "max_hands": 6}, None, 6),
    (CLASSIC, {"target": None, "finish_at": FINISH}, None, None),
    (CLASSIC, {"max_hands": None}, 5000, None),
    (PONYTAIL_PAIRS, {"target": None, "max_hands": 10}, None, 10),
    (PONYTAIL_PAIRS, {"max_hands": 10}, 50000, 10),
    (PONYTAIL_ALONE, {}, 50000, 4),
    (PONYTAIL_ALONE, {"target": None}, None, 4),  # players alone still stop after 4 hands
    (PONYTAIL_ALONE, {"max_hands": None}, 50000, None),
    (PONY_THREE, {"target": None, "max_hands": 3}, None, 3),
    (PONY_THREE, {"target": 20000}, 20000, None),
    (FIVE, {"target": None, "finish_at": FINISH}, None, None),
    (FIVE, {"target": None, "max_hands": 8}, None, 8),
]


@pytest.mark.parametrize("game, options, target, max_hands", MADE)
def test_a_null_option_means_none_and_a_left_out_one_the_default(client, game, options, target, max_hands):
    response = client.post("/api/games", json={**game, "options": options})
    assert response.status_code == 201, response.get_json()
    made = response.get_json()["options"]
    assert (made["target"], made["max_hands"]) == (target, max_hands)
    assert client.get(f"/api/games/{response.get_json()['id']}").get_json()["options"] == made


# a game with no target, no hand limit and no finish time would never end
ENDLESS = [  # (game, options sent, what the variant calls its rounds)
    (CLASSIC, {"target": None}, "hands"),
    (CLASSIC, {"target": None, "max_hands": None}, "hands"),
    (CLASSIC, {"target": None, "max_hands": None, "finish_at": None}, "hands"),
    (PONYTAIL_PAIRS, {"target": None}, "hands"),
    (PONYTAIL_ALONE, {"target": None, "max_hands": None}, "hands"),
    (PONY_THREE, {"target": None}, "hands"),
    (FIVE, {"target": None}, "deals"),
]


@pytest.mark.parametrize("game, options, rounds", ENDLESS)
def test_a_game_with_no_way_to_end_is_refused_naming_options(client, game, options, rounds):
    response = client.post("/api/games", json={**game, "options": options})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"field": "options", "message": NO_END.format(rounds)}]
    assert client.get("/api/games").get_json() == []


def test_a_wrong_target_is_named_alone_not_as_an_endless_game(client):
    response = client.post("/api/games", json={**CLASSIC, "options": {"target": "none", "max_hands": None}})
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == ["options.target"]


@pytest.fixture
def no_target(client):
    """A Classic game with no target that ends after 2 hands; Us brought 9,000 forward, past Classic's usual 5,000."""
    sides = [{**CLASSIC["sides"][0], "start_score": 9000}, CLASSIC["sides"][1]]
    response = client.post("/api/games", json={**CLASSIC, "sides": sides, "options": {"target": None, "max_hands": 2}})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def record(client, game_id: str) -> dict:
    response = client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 50}, {}]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["game"]


def test_a_game_without_a_target_ends_by_its_hand_limit_only(client, no_target):
    assert record(client, no_target)["finished"] is False  # 9,050 is past 5,000: no target, so it goes on
    game = record(client, no_target)
    assert (game["finished"], game["finish_reasons"], game["winner"]) == (True, ["max_hands"], [0])


def test_the_scoreboard_of_a_game_without_a_target_shows_no_distance_to_one(client, no_target):
    record(client, no_target)
    page = read(client.get(url(client.application, "pages.game", game_id=no_target)))
    scores = page.region("Scores")
    assert scores.labelled("Us total").text == "9,050"
    assert not re.search(r"to go|Reached|towards", scores.text)
    assert "Hand 2 of 2" in scores.text and " · to " not in scores.text  # a game of 2 hands: the hand to play next
    table = read(client.get(url(client.application, "pages.table", game_id=no_target)))
    assert table.region("Scores").labelled("Us total").text == "9,050"


def test_the_score_sheet_of_a_game_without_a_target_says_so(client, no_target):
    record(client, no_target)
    response = client.get(url(client.application, "sheets.game_sheet", game_id=no_target))
    assert response.status_code == 200
    assert "no target · ends after 2 hands" in pdf_pages(response.data)[0]["text"]


def test_the_new_game_form_plays_to_the_variants_target_when_its_box_is_left_empty(client):
    form = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
            "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "options.target": "", "options.max_hands": ""}
    response = client.post(url(client.application, "setup.create_game", variant_id="classic"),
                           data={"csrf_token": csrf_token(client), **form})
    assert response.status_code == 303
    game, = client.get("/api/games").get_json()
    options = client.get(f"/api/games/{game['id']}").get_json()["options"]
    assert (options["target"], options["max_hands"]) == (5000, None)  # never a game without an end
