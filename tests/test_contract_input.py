"""API.md, Safety: "No 500 from input" — issue 23's cases: numbers in the address, numbers of thousands of
digits in a body, names that look the same, and a key given twice in an imported file."""
from __future__ import annotations

import pytest

from .faults import csrf_token
from .pages import error_page, read, url

HAND = {"entries": [{}, {}]}
# not plain 0-9: a superscript two, an Arabic-Indic three, a fraction, a number with letters, a full-width 7
NO_PLAIN_NUMBER = ["%C2%B2", "%D9%A3", "%C2%BD", "1x", "%EF%BC%97", "2%C2%B2"]


@pytest.fixture
def game(make_game, client):
    made = make_game()
    assert client.post(f"/api/games/{made['id']}/hands", json=HAND).status_code == 201
    return made["id"]


@pytest.mark.parametrize("method, path, field", [
    ("put", "/api/games/{game}/hands/{n}", "number"), ("delete", "/api/games/{game}/hands/{n}", "number"),
    ("post", "/api/games/{game}/sides/{n}/failed-meld", "side")])
@pytest.mark.parametrize("number", NO_PLAIN_NUMBER)
def test_an_api_address_number_that_is_not_plain_digits_is_400_naming_it(client, game, method, path, field, number):
    response = getattr(client, method)(path.format(game=game, n=number), json=HAND)
    assert response.status_code == 400
    error, = response.get_json()["errors"]
    assert error["field"] == field
    assert error["message"].startswith(f"The {field} in the address must be a whole number of at most 9 digits, "
                                       "written with 0–9")
    assert client.get(f"/api/games/{game}").get_json()["hands_played"] == 1


@pytest.mark.parametrize("endpoint, method", [("pages.hand_detail", "get"), ("hands.edit_hand", "get"),
                                              ("hands.edit_hand", "post"), ("hands.undo_hand", "post"),
                                              ("hands.delete_hand", "post")])
@pytest.mark.parametrize("number", NO_PLAIN_NUMBER)
def test_a_page_address_hand_number_that_is_not_plain_digits_is_400_in_words(client, game, endpoint, method, number):
    path = url(client.application, endpoint, game_id=game, number=7).replace("/7/", f"/{number}/")
    response = getattr(client, method)(path, data={"csrf_token": csrf_token(client)})
    assert response.status_code == 400 and response.mimetype == "text/html"
    said, = error_page(response)
    assert said.startswith("The number in the address must be a whole number of at most 9 digits")


@pytest.mark.parametrize("number", NO_PLAIN_NUMBER)
def test_a_page_address_side_that_is_not_plain_digits_is_400_in_words(client, game, number):
    path = url(client.application, "pages.failed_meld", game_id=game, side=7).replace("/7/", f"/{number}/")
    response = client.post(path, data={"csrf_token": csrf_token(client)})
    assert response.status_code == 400
    assert error_page(response)[0].startswith("The side in the address must be a whole number")


@pytest.mark.parametrize("method, path", [("put", "/hands/7"), ("delete", "/hands/7"), ("delete", "/hands/x"),
                                          ("delete", "/hands/-1"), ("post", "/sides/x/failed-meld")])
def test_a_plain_number_of_no_hand_and_a_word_are_still_404(client, game, method, path):
    response = getattr(client, method)(f"/api/games/{game}{path}", json=HAND if method == "put" else None)
    assert response.status_code == 404
    assert response.get_json()["errors"][0]["message"]


# -- names that look the same: compared after NFKC, without format characters (Cf), ignoring case -------------

ZWSP = "\u200b"


def sides(first: dict, second: dict) -> dict:
    return {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"], **first},
                                             {"name": "Them", "players": ["Cy", "Di"], **second}]}


@pytest.mark.parametrize("payload, field", [
    (sides({"name": "A"}, {"name": "A" + ZWSP}), "sides[1].name"),
    (sides({"name": "Us"}, {"name": "U" + ZWSP + "s\u2060"}), "sides[1].name"),
    (sides({"name": "AB"}, {"name": "ａｂ"}), "sides[1].name"),  # full-width letters (NFKC)
    (sides({}, {"players": ["Ann" + ZWSP, "Di"]}), "sides[1].players[0]"),
    (sides({}, {"players": ["\ufeffANN", "Di"]}), "sides[1].players[0]"),
    (sides({}, {"players": ["Ａnn", "Di"]}), "sides[1].players[0]"),
])
def test_names_that_look_the_same_are_not_distinct(client, payload, field):
    response = client.post("/api/games", json=payload)
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == field
    assert "give each" in error["message"] and "own name" in error["message"]
    assert client.get("/api/games").get_json() == []


def test_the_new_game_form_says_which_names_look_the_same(client):
    form = {"csrf_token": csrf_token(client), "layout": "pairs", "count": "2", "sides[0].name": "A",
            "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].name": "A" + ZWSP,
            "sides[1].players[0]": "An" + ZWSP + "n", "sides[1].players[1]": "Di"}
    response = client.post(url(client.application, "setup.create_game", variant_id="ponytail"), data=form)
    assert response.status_code == 422
    page = read(response)
    name = page.group("Partnership 2").field("Name on the scoreboard")
    player = page.group("Partnership 2").field("Player 1")
    assert name.invalid and name.descriptions[-1] == f"Side 2's name “A{ZWSP}” looks the same as side 1's; " \
                                                     "give each side its own name."
    assert player.invalid and player.descriptions[-1].startswith(f"“An{ZWSP}n” already sits at side 1, seat 1")
    assert client.get("/api/games").get_json() == []


def test_a_player_whose_name_looks_the_same_is_one_player(client):
    for names in (["Ann", "Bob"], ["Ann" + ZWSP, "Cy"], ["ａｎｎ", "Di"]):
        made = client.post("/api/games", json={"variant": "ponytail", "sides": [
            {"name": "Us", "players": names}, {"name": "Them", "players": ["Eve", "Fay"]}]})
        assert made.status_code == 201
    players = {p["name"]: p["games"] for p in client.get("/api/players").get_json()}
    assert players == {"Ann": 3, "Bob": 1, "Cy": 1, "Di": 1, "Eve": 3, "Fay": 3}
