"""The pages through Flask's test client: what a player sees after each form post, and what is stored."""
from __future__ import annotations

import re

import pytest

from .examples import PONYTAIL
from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS
from .pages import (  # noqa: F401
    HAND_1_THEM,
    HAND_1_US,
    Doc,
    hand_form,
    inline_code,
    post,
    read,
    token,
    url,
)

HAND_1 = PONYTAIL.hands[0]


def test_home_lists_games_in_play_before_finished_ones(app, client, make_game):
    make_game(PONY_THREE)
    finished = make_game(PONYTAIL_PAIRS)
    client.post(f"/api/games/{finished['id']}/end")
    doc = read(client.get(url(app, "pages.home")))
    [playing] = doc.region("Games in progress").items()
    assert playing.startswith("Pony Canasta P1 0 P2 0 P3 0 0 hands · last played today")
    [over] = doc.region("Finished games").items()
    assert over.startswith("Ponytail Canasta Us 0 Them 0 0 hands")
    assert doc.region("Finished games").link(re.compile("^Ponytail Canasta Us 0 Them 0")).get("href") == \
        url(app, "pages.game", game_id=finished["id"])


def test_a_new_game_from_the_form(app, client):
    response = post(client, url(app, "setup.create_game", variant_id="ponytail"), {
        "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
        "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "sides[1].name": "Them",
        "options.target": "20000", "options.decks": "", "options.house_rules.unpicked_pony_counts": "on",
        "options.house_rules.red_three_bonus": "150"})
    assert response.status_code == 303
    game = client.get("/api" + response.headers["Location"]).get_json()
    assert [(s["name"], s["players"]) for s in game["sides"]] == [("Ann & Bob", ["Ann", "Bob"]), ("Them", ["Cy", "Di"])]
    assert (game["options"]["target"], game["options"]["decks"]) == (20000, 6)
    assert game["options"]["house_rules"]["red_three_bonus"] == 150
    assert game["options"]["house_rules"]["unpicked_pony_counts"] is True


def test_a_refused_new_game_shows_why_at_the_field_and_keeps_the_names(app, client):
    response = post(client, url(app, "setup.create_game", variant_id="ponytail"), {
        "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[1].players[0]": "Cy",
        "sides[1].players[1]": "Di", "options.target": "50000"})
    assert response.status_code == 422
    doc = read(response)
    missing = doc.under("Partnership 1").field("Player 2")
    assert missing.invalid and missing.description == "Player 2 of side 1 is missing; type a name."
    assert doc.under("Partnership 1").field("Player 1").value == "Ann"
    assert doc.under("Partnership 2").field("Player 2").value == "Di"
    assert not doc.under("Partnership 2").field("Player 2").invalid
    assert client.get("/api/games").get_json() == []


def test_a_refused_option_is_shown_at_its_field(app, client):
    response = post(client, url(app, "setup.create_game", variant_id="pony"), {
        "layout": "solo", "count": "2", "sides[0].players[0]": "Ann", "sides[1].players[0]": "Cy",
        "options.target": "lots"})
    assert response.status_code == 422
    target = read(response).group("Options").field("Play to")
    assert target.invalid and target.value == "lots"
    assert target.description.endswith(" The target score must be a whole number, not text.")


@pytest.mark.parametrize("to, layout, count", [("more", "pairs", 3), ("fewer", "pairs", 2), ("solo", "solo", 2)])
def test_layout_buttons_redraw_the_form_keeping_names(app, client, to, layout, count):
    response = post(client, url(app, "setup.change_layout", variant_id="ponytail"),
                    {"layout": "pairs", "count": "2", "to": to, "sides[0].players[0]": "Ann"}, htmx=True)
    assert response.status_code == 200
    doc = read(response)
    [form] = doc.elements()  # htmx gets the form alone
    assert (form.tag, form.get("id")) == ("form", "new-game")
    first = doc.under("Partnership 1") if layout == "pairs" else doc.group("Who plays")
    assert first.field("Player 1").value == "Ann"
    assert len(doc.all("textbox", re.compile(r"^Starting score \(from paper\), (partnership|player) \d$"))) == count
    chosen = "Partnerships" if layout == "pairs" else "Everyone alone"
    assert doc.group("Partnerships or everyone alone").button(chosen).get("aria-pressed") == "true"
    assert client.get("/api/games").get_json() == []


def test_draw_seats_keeps_the_five_players(app, client):
    names = ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    response = post(client, url(app, "setup.draw_seats", variant_id="five-person"), {
        "layout": "solo", "count": "5", **{f"sides[{i}].players[0]": n for i, n in enumerate(names)}})
    doc = read(response)
    assert sorted(doc.group("Who plays").field(f"Seat {i + 1}").value for i in range(5)) == names


def test_recording_a_hand_redirects_to_the_scores(app, client, make_game):
    game = make_game()
    form = hand_form(client, game)
    response = post(client, url(app, "hands.record_hand", game_id=game["id"]),
                    {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM})
    assert response.status_code == 303
    assert response.headers["Location"] == url(app, "pages.game", game_id=game["id"])
    stored = client.get(f"/api/games/{game['id']}").get_json()
    assert [s["score"] for s in stored["sides"]] == HAND_1.running
    # counted card points are kept as counted
    assert stored["hands"][0]["entries"][1]["melded"] == {"jokers": 4, "twenties": 22, "tens": 0, "fives": 0}
    scores = read(client.get(response.headers["Location"])).region("Scores")
    assert [scores.labelled(f"{side} total").text for side in ("Us", "Them")] == ["10,330", "1,355"]


def test_a_refused_hand_shows_why_at_the_field_keeps_everything_and_stores_nothing(app, client, make_game):
    game = make_game()
    form = hand_form(client, game)
    data = {"revision": form.values["revision"], **HAND_1_US, **HAND_1_THEM, "went_out": "1",
            "entries[0].black_threes": "2.5"}
    response = post(client, url(app, "hands.record_hand", game_id=game["id"]), data)
    assert response.status_code == 422
    doc = read(response)
    us, them = doc.region("Us Ann & Bob"), doc.region("Them Cy & Di")
    black_threes = us.field("Black threes, Us: how many")
    assert black_threes.invalid and black_threes.value == "2.5"
    assert black_threes.description == ("Black threes: “2.5” has decimals; only whole numbers are allowed here, "
                                        "e.g. 10330 or 10,330.")
    assert us.group("Black threes, Us").field("5+ (5 or more)").checked
    assert us.field("Melded points, Us, in points").value == "1,230"
    assert them.group("Melded points, Them, in points").field("Count cards").checked
    assert them.block("Melded points, Them, in points").field("Twenties (20 points each), Melded points, Them").value == "22"
    assert doc.group("Who went out?").field("Them").checked
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_going_out_without_the_canastas_is_shown_at_the_choice(app, client, make_game):
    game = make_game()
    response = post(client, url(app, "hands.record_hand", game_id=game["id"]), {**HAND_1_THEM, "went_out": "1"})
    assert response.status_code == 422
    went_out = read(response).group("Who went out?")
    assert went_out.invalid and went_out.description.startswith("Them cannot go out")


def test_a_stale_form_shows_what_changed_and_keeps_what_was_typed(app, client, make_game):
    game = make_game()
    form = hand_form(client, game)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    response = post(client, url(app, "hands.record_hand", game_id=game["id"]),
                    {"revision": form.values["revision"], "number": form.values["number"],
                     "idempotency_key": form.values["idempotency_key"], **HAND_1_US})
    assert response.status_code == 409
    doc = read(response)
    conflict = doc.alert("Another phone recorded hand 1 first")
    assert conflict.under("Hand 1 as it is recorded").items() == ["Us 0", "Them 0"]
    assert conflict.under("What you typed (kept below)").items() == ["Us +10,330", "Them 0"]
    assert conflict.button("Record mine as hand 2") and conflict.button("Replace hand 1 with mine")
    assert conflict.link("Drop mine").get("href") == url(app, "pages.game", game_id=game["id"])
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "1,230"
    # the form now records hand 2 on the new revision, with the same key (a resend lands once)
    assert doc.values["revision"] != form.values["revision"] and doc.values["number"] == "2"
    assert doc.values["idempotency_key"] == form.values["idempotency_key"]
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1


def test_the_preview_names_each_part_of_the_score(app, client, make_game):
    game = make_game()
    response = post(client, url(app, "hands.preview_hand", game_id=game["id"]), {**HAND_1_US, **HAND_1_THEM},
                    htmx=True)
    parts = {e.get("hx-target"): e for e in read(response).walk() if e.tag == "hx-partial"}
    assert list(parts) == ["#preview-side-0", "#preview-side-1", "#note-side-0", "#note-side-1", "#preview-bar",
                           "#preview-problems", "#count-entries-1-melded"]
    assert parts["#note-side-0"].text == parts["#note-side-1"].text == ""  # Ponytail has no swing to tell
    us, them = parts["#preview-side-0"], parts["#preview-side-1"]
    assert us.by_text("Us this hand +10,330", tag="summary")  # the summary of the side's preview
    assert us.items()[:2] == ["Natural canastas 1 × 500 +500", "Dirty canastas 2 × 300 +600"]
    assert them.by_text("Them this hand +1,355", tag="summary")
    assert "Melded points 4 jokers × 50 + 22 twenties × 20 +640" in them.items()
    assert parts["#preview-bar"].items() == ["Us +10,330 · 0", "Them +1,355 · 0"]  # this hand · total so far
    assert parts["#preview-bar"].text.startswith("This hand · total so far This hand")
    assert parts["#preview-problems"].text == ""
    assert parts["#count-entries-1-melded"].text == "= 640 points"
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_the_edit_form_opens_as_the_hand_was_entered(app, client, make_game):
    game = make_game()
    post(client, url(app, "hands.record_hand", game_id=game["id"]), {**HAND_1_US, **HAND_1_THEM})
    doc = read(client.get(url(app, "hands.edit_hand", game_id=game["id"], number=1)))
    us, them = doc.region("Us Ann & Bob"), doc.region("Them Cy & Di")
    assert us.group("Red threes, Us").field("3").checked
    assert us.field("Melded points, Us, in points").value == "1230"
    assert doc.group("Who went out?").field("Us").checked
    assert doc.group("Who earned the cut bonus?").field("Them").checked
    assert them.group("Melded points, Them, in points").field("Count cards").checked
    assert them.block("Melded points, Them, in points").field("Jokers (50 points each), Melded points, Them").value == "4"
    response = post(client, url(app, "hands.replace_hand", game_id=game["id"], number=1),
                    {**HAND_1_US, **HAND_1_THEM, "entries[1].in_hand": "285", "revision": doc.values["revision"]})
    assert response.status_code == 303
    # 100 more in Them's hand
    assert [s["score"] for s in client.get(f"/api/games/{game['id']}").get_json()["sides"]] == \
        [HAND_1.running[0], HAND_1.running[1] - 100]


def test_the_scoreboard_poll_answers_204_until_something_changes(app, client, make_game):
    game = make_game()
    page = read(client.get(url(app, "pages.game", game_id=game["id"])))
    live = page.region("Scores").get("data-poll")
    assert live.startswith(url(app, "pages.live", game_id=game["id"]) + "?")
    assert client.get(live).status_code == 204
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    response = client.get(live)
    assert response.status_code == 200
    scores = read(response).region("Scores")
    assert scores.region("Hands").heading("Hands", level=2)
    assert scores.labelled("Us total").text == "100"


@pytest.mark.parametrize("htmx", [False, True])
def test_pony_failed_meld(app, client, make_game, htmx):
    game = make_game(PONY_THREE)
    response = post(client, url(app, "pages.mark_side", game_id=game["id"], side=1, action="failed-meld"), {"revision": game["revision"]},
                    htmx=htmx)
    if htmx:
        assert response.status_code == 200
        [live] = read(response).elements()  # htmx gets the scores alone
        assert live.role == "region" and live.name == "Scores"
        assert live.under("P2").by_text("Next meld 60 raised 10 this hand", tag="p")
        assert live.under("P1").by_text("Next meld 50", tag="p")
    else:
        assert response.status_code == 303
    assert [s["next_min_meld"] for s in client.get(f"/api/games/{game['id']}").get_json()["sides"]] == [50, 60, 50]


def test_a_failed_meld_on_an_old_version_shows_the_new_one(app, client, make_game):
    game = make_game(PONY_THREE)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}, {}]})
    response = post(client, url(app, "pages.mark_side", game_id=game["id"], side=0, action="failed-meld"), {"revision": game["revision"]},
                    htmx=True)
    assert response.status_code == 409
    live = read(response).region("Scores")
    assert live.status("Someone else just changed this — here is the new version.")
    assert live.button("Undo hand 1")  # the new version: hand 1 is there
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0]["failed_melds"] == 0


def test_delete_a_hand_end_the_game_delete_the_game(app, client, make_game):
    game = make_game()
    for melded in (100, 200):
        client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": melded}, {}]})
    revision = client.get(f"/api/games/{game['id']}").get_json()["revision"]
    deleted = post(client, url(app, "hands.delete_hand", game_id=game["id"], number=1), {"revision": revision})
    assert deleted.status_code == 303
    current = client.get(f"/api/games/{game['id']}").get_json()
    assert [h["scores"][0]["total"] for h in current["hands"]] == [200]
    assert post(client, url(app, "pages.end_game", game_id=game["id"]),
                {"revision": current["revision"]}).status_code == 303
    over = read(client.get(url(app, "pages.game", game_id=game["id"]))).status(re.compile("^Game over"))
    assert over.heading("Game over", level=2)
    assert over.text.startswith("Game over Us win by 200. The table ended the game.")
    assert over.table_rows("Final scores") == [["Place", "Side", "Total"], ["1", "Us", "200"], ["2", "Them", "0"]]
    assert post(client, url(app, "pages.delete_game", game_id=game["id"])).status_code == 303
    assert client.get("/api/games").get_json() == []


def test_five_person_scoreboard_shows_partners_and_rentraps(app, client, make_game):
    game = make_game(FIVE)
    scores = read(client.get(url(app, "pages.game", game_id=game["id"]))).region("Scores")
    assert scores.by_text("Deal 1: Asha deals · Ben plays first", tag="p")  # Five-person plays deals (RULES.md §3)
    assert scores.table_rows("Partners this game")[:3] == [["Player", "Partner", "Rentrap"],
                                                           ["Asha", "Cleo", "Dev"], ["Ben", "Dev", "Eve"]]


def test_an_unknown_game_is_a_page_in_words(app, client):
    response = client.get(url(app, "pages.game", game_id="nosuchgame"))
    assert response.status_code == 404
    main = read(response).landmark("main")
    assert main.heading("Not found", level=1)
    assert main.by_text("There is no game with id “nosuchgame”.", tag="p")
    assert main.link("Back to the games").get("href") == url(app, "pages.home")


def test_the_qr_code_opens_the_game(app, client, make_game):
    game = make_game()
    response = client.get(url(app, "pages.qr_code", game_id=game["id"]))
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).startswith("<svg")


PAGES = [("pages.home", {}), ("setup.choose_variant", {}), ("setup.new_game", {"variant_id": "ponytail"}),
         ("setup.new_game", {"variant_id": "pony"}), ("setup.new_game", {"variant_id": "five-person"}),
         ("pages.game", {"game_id": None}), ("hands.new_hand", {"game_id": None}), ("pages.table", {"game_id": None})]


@pytest.mark.parametrize("endpoint, values", PAGES, ids=[f"{e}{'-' + v['variant_id'] if 'variant_id' in v else ''}"
                                                         for e, v in PAGES])
def test_pages_have_no_inline_scripts_styles_or_handlers(app, client, make_game, endpoint, values):
    game = make_game()
    page = read(client.get(url(app, endpoint, **{k: v or game["id"] for k, v in values.items()})))
    assert inline_code(page) == []
    # nothing from outside: works offline
    assert [e.get(a) for e in page.walk() for a in ("src", "href") if re.match(r"(https?:)?//", e.get(a, ""))] == []


def test_an_unknown_address_and_a_stale_token_are_pages_in_words(app, client):
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    main = read(missing).landmark("main")
    assert main.heading("Not found", level=1) and main.by_text("There is nothing at this address.", tag="p")
    token(client)
    forged = client.post(url(app, "setup.create_game", variant_id="ponytail"), data={"csrf_token": "wrong"})
    assert forged.status_code == 400
    main = read(forged).landmark("main")
    assert main.heading("That did not work", level=1)
    assert main.by_text(re.compile("Reload the page and try again; nothing was saved.$"), tag="p")
