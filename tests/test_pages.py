"""The pages through Flask's test client: what a player sees after each form post, and what is stored."""
from __future__ import annotations

import re

import pytest

from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS

from .pages import HAND_1_THEM, HAND_1_US, Doc, hand_form, post, token  # noqa: F401 (used by other modules too)


def test_home_lists_games_in_play_before_finished_ones(client, make_game):
    playing = make_game(PONY_THREE)
    finished = make_game(PONYTAIL_PAIRS)
    client.post(f"/api/games/{finished['id']}/end")
    doc = Doc(client.get("/").get_data(as_text=True))
    assert doc.text("playing-games").startswith("Pony Canasta P1 0 P2 0 P3 0 0 hands · last played today")
    assert doc.text("finished-games").startswith("Ponytail Canasta Us 0 Them 0 0 hands")
    assert "Ponytail" not in doc.text("playing-games")


def test_a_new_game_from_the_form(client):
    response = post(client, "/games/new/ponytail", {
        "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
        "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "sides[1].name": "Them",
        "options.target": "20000", "options.decks": "", "options.house_rules.unpicked_pony_counts": "on",
        "options.house_rules.red_three": "150"})
    assert response.status_code == 303
    game = client.get("/api" + response.headers["Location"]).get_json()
    assert [(s["name"], s["players"]) for s in game["sides"]] == [("Ann & Bob", ["Ann", "Bob"]), ("Them", ["Cy", "Di"])]
    assert (game["options"]["target"], game["options"]["decks"]) == (20000, 6)
    assert game["options"]["house_rules"]["red_three"] == 150
    assert game["options"]["house_rules"]["unpicked_pony_counts"] is True


def test_a_refused_new_game_shows_why_at_the_field_and_keeps_the_names(client):
    response = post(client, "/games/new/ponytail", {
        "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[1].players[0]": "Cy",
        "sides[1].players[1]": "Di", "options.target": "50000"})
    assert response.status_code == 422
    doc = Doc(response.get_data(as_text=True))
    assert doc.text("sides-0-players-1-error") == "Player 2 of side 1 is missing; type a name."
    assert (doc.values["sides[0].players[0]"], doc.values["sides[1].players[1]"]) == ("Ann", "Di")
    assert client.get("/api/games").get_json() == []


def test_a_refused_option_is_shown_at_its_field(client):
    response = post(client, "/games/new/pony", {"layout": "solo", "count": "2", "sides[0].players[0]": "Ann",
                                                "sides[1].players[0]": "Cy", "options.target": "lots"})
    assert response.status_code == 422
    doc = Doc(response.get_data(as_text=True))
    assert doc.text("options-target-error") == "The target score must be a whole number, not text."
    assert doc.values["options.target"] == "lots"


@pytest.mark.parametrize("change, layout, count", [("more", "pairs", 3), ("fewer", "pairs", 2), ("solo", "solo", 2)])
def test_layout_buttons_redraw_the_form_keeping_names(client, change, layout, count):
    response = post(client, "/games/new/ponytail", {"layout": "pairs", "count": "2", "change": change,
                                                    "sides[0].players[0]": "Ann"}, htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<form id="new-game"')  # htmx gets the form alone
    doc = Doc(html)
    assert (doc.values["layout"], doc.values["count"], doc.values["sides[0].players[0]"]) == (layout, str(count), "Ann")
    assert client.get("/api/games").get_json() == []


def test_draw_seats_keeps_the_five_players(client):
    names = ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    response = post(client, "/games/new/five-person", {"layout": "solo", "count": "5", "change": "draw",
                                                       **{f"sides[{i}].players[0]": n for i, n in enumerate(names)}})
    doc = Doc(response.get_data(as_text=True))
    assert sorted(doc.values[f"sides[{i}].players[0]"] for i in range(5)) == names


def test_recording_a_hand_redirects_to_the_scores(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    response = post(client, f"/games/{game['id']}/hands/new",
                    {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game['id']}"
    stored = client.get(f"/api/games/{game['id']}").get_json()
    assert [s["score"] for s in stored["sides"]] == [10330, 1355]
    # counted card points are kept as counted
    assert stored["hands"][0]["entries"][1]["melded"] == {"jokers": 4, "twenties": 22, "tens": 0, "fives": 0}


def test_a_refused_hand_shows_why_at_the_field_keeps_everything_and_stores_nothing(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM, "went_out": "1",
            "entries[0].black_threes": "2.5"}
    response = post(client, f"/games/{game['id']}/hands/new", data)
    assert response.status_code == 422
    doc = Doc(response.get_data(as_text=True))
    assert doc.text("entries-0-black_threes-error") == \
        "Black threes must be a whole number (no fractions): 2.5 is not."
    assert doc.values["entries[0].black_threes"] == "2.5"
    assert doc.values["entries[0].melded"] == "1,230"
    assert doc.values["entries[1].melded.twenties"] == "22"
    assert doc.checked["entries[1].melded:mode"] == "count"
    assert doc.checked["went_out"] == "1"
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_going_out_without_the_canastas_is_shown_at_the_choice(client, make_game):
    game = make_game()
    response = post(client, f"/games/{game['id']}/hands/new", {**HAND_1_THEM, "went_out": "1"})
    doc = Doc(response.get_data(as_text=True))
    assert doc.text("went_out-error").startswith("Them cannot go out")


def test_a_stale_form_shows_what_changed_and_keeps_what_was_typed(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    response = post(client, f"/games/{game['id']}/hands/new",
                    {"revision": form.values["revision"], "number": form.values["number"],
                     "idempotency_key": form.values["idempotency_key"], **HAND_1_US})
    assert response.status_code == 409
    doc = Doc(response.get_data(as_text=True))
    assert doc.text("conflict-title") == "Another phone recorded hand 1 first"
    assert doc.values["entries[0].melded"] == "1,230"
    assert doc.values["revision"] != form.values["revision"] and doc.values["number"] == "2"
    assert doc.values["idempotency_key"] == form.values["idempotency_key"]
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1


def test_the_preview_names_each_part_of_the_score(client, make_game):
    game = make_game()
    response = post(client, f"/games/{game['id']}/hands/preview", {**HAND_1_US, **HAND_1_THEM}, htmx=True)
    html = response.get_data(as_text=True)
    parts = re.findall(r'<hx-partial hx-target="#([\w-]+)"', html)
    assert parts == ["preview-side-0", "preview-side-1", "preview-bar", "preview-problems", "count-entries-1-melded"]
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Us this hand +10,330 Natural canastas 1 × 500 +500 Dirty canastas 2 × 300 +600" in text
    assert "Melded points 4 jokers × 50 + 22 twenties × 20 +640" in text
    assert "= 640 points" in text
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_the_edit_form_opens_as_the_hand_was_entered(client, make_game):
    game = make_game()
    post(client, f"/games/{game['id']}/hands/new", {**HAND_1_US, **HAND_1_THEM})
    doc = Doc(client.get(f"/games/{game['id']}/hands/1/edit").get_data(as_text=True))
    assert (doc.values["entries[0].red_threes"], doc.values["entries[0].melded"]) == ("3", "1230")
    assert (doc.checked["went_out"], doc.checked["cut_bonus"]) == ("0", "1")
    assert doc.checked["entries[1].melded:mode"] == "count" and doc.values["entries[1].melded.jokers"] == "4"
    response = post(client, f"/games/{game['id']}/hands/1/edit",
                    {**HAND_1_US, **HAND_1_THEM, "entries[1].in_hand": "285", "revision": doc.values["revision"]})
    assert response.status_code == 303
    assert [s["score"] for s in client.get(f"/api/games/{game['id']}").get_json()["sides"]] == [10330, 1255]


def test_the_scoreboard_poll_answers_204_until_something_changes(client, make_game):
    game = make_game()
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    live = re.search(r'data-poll="(/games/\w+/live\?[^"]+)"', page)[1].replace("&amp;", "&")
    assert client.get(live).status_code == 204
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    response = client.get(live)
    assert response.status_code == 200
    assert Doc(response.get_data(as_text=True)).text("history-title") == "Hands"


@pytest.mark.parametrize("htmx", [False, True])
def test_pony_failed_meld(client, make_game, htmx):
    game = make_game(PONY_THREE)
    response = post(client, f"/games/{game['id']}/sides/1/failed-meld", {"revision": game["revision"]}, htmx=htmx)
    if htmx:
        assert response.status_code == 200
        assert response.get_data(as_text=True).lstrip().startswith('<section id="live"')
    else:
        assert response.status_code == 303
    assert [s["next_min_meld"] for s in client.get(f"/api/games/{game['id']}").get_json()["sides"]] == [50, 60, 50]


def test_a_failed_meld_on_an_old_version_shows_the_new_one(client, make_game):
    game = make_game(PONY_THREE)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}, {}]})
    response = post(client, f"/games/{game['id']}/sides/0/failed-meld", {"revision": game["revision"]}, htmx=True)
    assert response.status_code == 409
    assert "Someone else just changed this" in response.get_data(as_text=True)
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0]["failed_melds"] == 0


def test_delete_a_hand_end_the_game_delete_the_game(client, make_game):
    game = make_game()
    for melded in (100, 200):
        client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": melded}, {}]})
    revision = client.get(f"/api/games/{game['id']}").get_json()["revision"]
    assert post(client, f"/games/{game['id']}/hands/1/delete", {"revision": revision}).status_code == 303
    current = client.get(f"/api/games/{game['id']}").get_json()
    assert [h["scores"][0]["total"] for h in current["hands"]] == [200]
    assert post(client, f"/games/{game['id']}/end", {"revision": current["revision"]}).status_code == 303
    over = Doc(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert over.text("live").startswith("Game over Us win by 200. The table ended the game. Final scores Place Side Total 1 Us 200 2 Them 0")
    assert post(client, f"/games/{game['id']}/delete").status_code == 303
    assert client.get("/api/games").get_json() == []


def test_five_person_scoreboard_shows_partners_and_rentraps(client, make_game):
    game = make_game(FIVE)
    doc = Doc(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "Hand 1: Asha deals · Ben plays first" in doc.text("live")
    assert "Player Partner Rentrap Asha Cleo Dev Ben Dev Eve" in doc.text("live")


def test_an_unknown_game_is_a_page_in_words(client):
    response = client.get("/games/nosuchgame")
    assert response.status_code == 404
    assert "There is no game with id “nosuchgame”." in response.get_data(as_text=True)


def test_the_qr_code_opens_the_game(client, make_game):
    game = make_game()
    response = client.get(f"/games/{game['id']}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).startswith("<svg")


@pytest.mark.parametrize("path", ["/", "/games/new", "/games/new/ponytail", "/games/new/pony", "/games/new/five-person",
                                  "{game}", "{game}/hands/new", "{game}/table"])
def test_pages_have_no_inline_scripts_styles_or_handlers(client, make_game, path):
    game = make_game()
    html = client.get(path.format(game=f"/games/{game['id']}")).get_data(as_text=True)
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>|\sstyle=|\son[a-z]+=", html) == []
    assert re.findall(r'(?:src|href)="(?:https?:)?//', html) == []  # nothing from outside: works offline


def test_an_unknown_address_and_a_stale_token_are_pages_in_words(client):
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    assert Doc(missing.get_data(as_text=True)).text("main").startswith("Not found There is nothing at this address.")
    token(client)
    forged = client.post("/games/new/ponytail", data={"csrf_token": "wrong"})
    assert forged.status_code == 400
    assert "Reload the page and try again; nothing was saved." in Doc(forged.get_data(as_text=True)).text("main")
