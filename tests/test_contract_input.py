"""API.md, Safety: "No 500 from input" — issue 23's cases: numbers in the address, numbers of thousands of
digits in a body, names that look the same, and a key given twice in an imported file."""
from __future__ import annotations

import json

import pytest

from .cli_helpers import assert_refused, dump, make_database, run_app
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
    path = url(client.application, "pages.mark_side", game_id=game, side=7, action="failed-meld").replace("/7/", f"/{number}/")
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
    # a mark that shows nothing is taken out of a name as it is read (scoring.names.visible): the two are one name
    assert name.invalid and name.descriptions[-1] == "Two sides are called “A”; give each side its own name."
    # the side's name put right, the player's name that looks the same is said at its box
    response = client.post(url(client.application, "setup.create_game", variant_id="ponytail"),
                           data={**form, "sides[1].name": "B"})
    player = read(response).group("Partnership 2").field("Player 1")
    assert player.invalid and player.descriptions[-1].startswith("“Ann” already sits at side 1, seat 1")
    assert client.get("/api/games").get_json() == []


def test_a_player_whose_name_looks_the_same_is_one_player(client):
    for names in (["Ann", "Bob"], ["Ann" + ZWSP, "Cy"], ["ａｎｎ", "Di"]):
        made = client.post("/api/games", json={"variant": "ponytail", "sides": [
            {"name": "Us", "players": names}, {"name": "Them", "players": ["Eve", "Fay"]}]})
        assert made.status_code == 201
    players = {p["name"]: p["games"] for p in client.get("/api/players").get_json()}
    # one player, shown by the newest spelling: the three games may share a second, so any of the three
    ann = [name for name in players if name in ("Ann", "Ann" + ZWSP, "ａｎｎ")]
    assert len(ann) == 1 and players.pop(ann[0]) == 3
    assert players == {"Bob": 1, "Cy": 1, "Di": 1, "Eve": 3, "Fay": 3}


# -- a number of thousands of digits is refused by the field it was given for -----------------------------------

THOUSANDS = "1" + "0" * 5000  # beyond Python's int() limit of 4,300 digits
NEW_GAME = ('{"variant": "pony", "sides": [{"name": "Us", "players": ["Ann", "Bob"]%s}, '
            '{"name": "Them", "players": ["Cy", "Di"]}], "options": {%s}}')


@pytest.mark.parametrize("body, field", [
    (NEW_GAME % ("", f'"target": {THOUSANDS}'), "options.target"),
    (NEW_GAME % ("", f'"target": -{THOUSANDS}'), "options.target"),
    (NEW_GAME % ("", f'"max_hands": {THOUSANDS}'), "options.max_hands"),
    (NEW_GAME % ("", f'"decks": {THOUSANDS}'), "options.decks"),
    (NEW_GAME % ("", f'"house_rules": {{"failed_meld_step": {THOUSANDS}}}'), "options.house_rules.failed_meld_step"),
    (NEW_GAME % ("", f'"house_rules": {{"min_meld_tiers": [[{THOUSANDS}, 90]]}}'), "options.house_rules.min_meld_tiers"),
    (NEW_GAME % (f', "start_score": {THOUSANDS}', ""), "sides[0].start_score"),
    (NEW_GAME % (f', "start_score": -{THOUSANDS}', ""), "sides[0].start_score"),
])
def test_a_new_game_names_the_field_of_a_number_of_thousands_of_digits(client, body, field):
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == field and len(error["message"]) < 120  # the number is not echoed back in full
    assert client.get("/api/games").get_json() == []


@pytest.fixture
def pony(client):
    made = client.post("/api/games", json={"variant": "pony", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                                        {"name": "Them", "players": ["Cy", "Di"]}]})
    assert made.status_code == 201
    game = made.get_json()["id"]
    assert client.post(f"/api/games/{game}/hands", json=HAND).status_code == 201
    return game


@pytest.mark.parametrize("method, path, body, field", [
    ("post", "/hands", f'{{"entries": [{{"melded": {THOUSANDS}}}, {{}}]}}', "entries[0].melded"),
    ("post", "/hands", f'{{"entries": [{{}}, {{"red_treys": -{THOUSANDS}}}]}}', "entries[1].red_treys"),
    ("post", "/hands", f'{{"entries": [{{"in_hand": {{"jokers": {THOUSANDS}}}}}, {{}}]}}', "entries[0].in_hand.jokers"),
    ("post", "/hands", f'{{"entries": [{{}}, {{}}], "revision": {THOUSANDS}}}', "revision"),
    ("put", "/hands/1", f'{{"entries": [{{"melded": {THOUSANDS}}}, {{}}]}}', "entries[0].melded"),
    ("put", "/hands/1", f'{{"entries": [{{"wild_canastas": {THOUSANDS}}}, {{}}]}}', "entries[0].wild_canastas"),
    ("post", "/sides/0/failed-meld", f'{{"revision": {THOUSANDS}}}', "revision"),
    ("post", "/end", f'{{"revision": -{THOUSANDS}}}', "revision"),
    ("delete", "/hands/1", f'{{"revision": {THOUSANDS}}}', "revision"),
])
def test_a_write_names_the_field_of_a_number_of_thousands_of_digits(client, pony, method, path, body, field):
    before = client.get(f"/api/games/{pony}").get_json()
    response = getattr(client, method)(f"/api/games/{pony}{path}", data=body, content_type="application/json",
                                       headers={"Idempotency-Key": "k1"})
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == [field]
    assert client.get(f"/api/games/{pony}").get_json() == before


@pytest.mark.parametrize("typed, field", [(THOUSANDS, "options.target"), ("9" * 40, "options.target"),
                                          (THOUSANDS, "options.max_hands")])
def test_the_new_game_form_names_the_field_of_a_number_of_thousands_of_digits(client, typed, field):
    form = {"csrf_token": csrf_token(client), "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann",
            "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di",
            "options.max_hands": "", field: typed}
    response = client.post(url(client.application, "setup.create_game", variant_id="ponytail"), data=form)
    assert response.status_code == 422
    box = next(e for e in read(response).walk() if e.tag == "input" and e.get("name") == field)
    assert box.invalid and box.value == typed and "too large" in box.descriptions[-1]
    assert client.get("/api/games").get_json() == []


# -- `import` refuses a file with a key given twice, as the API refuses such a body ---------------------------

@pytest.fixture
def export_text(tmp_path):
    make_database(tmp_path / "source.sqlite")
    return json.dumps(dump(tmp_path / "source.sqlite"), indent=1)


@pytest.mark.parametrize("key, once, twice", [
    ("variant", '"variant": "ponytail"', '"variant": "ponytail", "variant": "pony"'),
    ("format", '"format": "meldbook-games"', '"format": "meldbook-games", "format": "meldbook-games"'),
    ("melded", '"melded": 50', '"melded": 0, "melded": 50'),
    ("name", '"name": "Us"', '"name": "Us", "name": "Them"'),
])
def test_import_refuses_a_file_with_a_key_given_twice(tmp_path, export_text, key, once, twice):
    target = tmp_path / "target.sqlite"
    make_database(target)
    before = dump(target)
    assert once in export_text
    bad = tmp_path / "twice.json"
    bad.write_text(export_text.replace(once, twice, 1), encoding="utf-8")
    line = assert_refused(run_app("import", bad, "--db", target), bad)
    assert line == f"{bad} was refused, nothing was imported: “{key}” is given twice in one object; give each key once."
    assert dump(target) == before


def test_import_names_the_field_of_a_number_of_thousands_of_digits(tmp_path, export_text):
    target = tmp_path / "target.sqlite"
    make_database(target)
    before = dump(target)
    bad = tmp_path / "huge.json"
    bad.write_text(export_text.replace('"melded": 50', f'"melded": {THOUSANDS}', 1), encoding="utf-8")
    line = assert_refused(run_app("import", bad, "--db", target), bad)
    assert line == (f"{bad} was refused, nothing was imported: Game 2, hand 1: entries[0].melded: "
                    "Melded points is too large (at most 1,000,000).")
    assert dump(target) == before
