"""Club nights' pages (issue 26) through Flask's test client: the list and the new-club-night form with its
refusals at their inputs, the director's page (Start round, a double tap, 409 in words), the players' table picker,
the standings screen's poll, and the seating and results PDFs."""
from __future__ import annotations

import re

import pytest

from tests.pages import inline_code, post, read
from tests.event_page_helpers import FORM, create, errors_at, field_errors, finish, rounds, start
from tests.sheet_helpers import pdf_pages


# -- the list and the form ---------------------------------------------------------------------------------------

def test_the_form_makes_the_event_the_api_reads_pairs_split_on_and_or_ampersand(client):
    page = read(client.get("/events/new"))
    assert page.one("button", "Create the club night") and not inline_code(page)
    assert page.by_id("table_size").value == "2" and "0 10 10" in page.by_id("vp_scale").value
    event_id = create(client)
    event = client.get(f"/api/events/{event_id}").get_json()
    assert event["entrants"] == [{"name": "Ann & Bob", "players": ["Ann", "Bob"]},
                                 {"name": "Cy & Di", "players": ["Cy", "Di"]},
                                 {"name": "Ed & Flo", "players": ["Ed", "Flo"]},
                                 {"name": "Gus & Hal", "players": ["Gus", "Hal"]}]
    assert (event["options"]["target"], event["rounds"], event["movement"], event["standings"]) == (
        500, 3, "round-robin", "wins")
    listed = read(client.get("/events"))
    assert "Tuesday club" in listed.text() and f"/events/{event_id}" in listed.links


def test_single_names_play_alone_and_victory_points_read_their_scale(client):
    event_id = create(client, variant="pony", entrants="Pat\nQuin\nRos\nSam\nTed\nUma", table_size="3",
                      movement="swiss", standings="points", rounds="2", **{"options.target": ""})
    event = client.get(f"/api/events/{event_id}").get_json()
    assert event["entrants"][0] == {"name": "Pat", "players": ["Pat"]} and event["table_size"] == 3
    event_id = create(client, standings="vp", vp_scale="0 10 10\n\n500 15 5\n1,500 20 0")
    assert client.get(f"/api/events/{event_id}").get_json()["vp_scale"] == [[0, 10, 10], [500, 15, 5],
                                                                            [1500, 20, 0]]


@pytest.mark.parametrize("changes, field, words", [
    ({"name": ""}, "name", "name"),
    ({"entrants": "Ann & Bob"}, "entrants", "At least 2 entrants"),
    ({"entrants": "Ann & Bob\nCy & Di\nAnn & Bob"}, "entrants", "Line 3 “Ann & Bob”"),
    ({"entrants": "Ann & Bob\nCy & Ann"}, "entrants", "“Ann” already plays in entrant 1"),
    ({"rounds": "9"}, "rounds", "A round robin of 4 entrants has 3 rounds"),
    ({"rounds": "x"}, "rounds", "rounds"),
    ({"table_size": "3"}, "movement", "A round robin seats two entrants a table"),
    ({"options.target": "-5"}, "options-target", "target"),
    ({"standings": "vp", "vp_scale": "0 10 10\n500 5 15"}, "vp_scale", "Line 2 “500 5 15”: Row 2 gives the loser"),
    ({"standings": "vp", "vp_scale": "100 10 10"}, "vp_scale", "The first row's margin must be 0"),
])
def test_a_refusal_is_said_at_its_input_in_words_and_nothing_is_stored(client, changes, field, words):
    answer = post(client, "/events/new", {**FORM, **changes})
    assert answer.status_code == 422
    page = read(answer)
    said = " ".join(field_errors(page, field))
    assert words in said, (errors_at(page), page.text())
    assert not re.search(r"table_size|vp_scale|margin_at_least|entrants\[", said)
    if page.by_id(field) is not None:
        assert page.by_id(field).invalid
    assert page.by_id("entrants").value.strip() == changes.get("entrants", FORM["entrants"]).strip()
    assert client.get("/api/events").get_json() == []


def test_the_same_form_sent_twice_makes_one_event(client):
    page = read(client.get("/events/new"))
    key = page.values["idempotency_key"]
    first = post(client, "/events/new", {**FORM, "idempotency_key": key})
    again = post(client, "/events/new", {**FORM, "idempotency_key": key})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert len(client.get("/api/events").get_json()) == 1
    assert read(client.get("/events/new")).values["idempotency_key"] != key  # a new form: a new event
    post(client, "/events/new", {**FORM, "idempotency_key": "other"})
    assert len(client.get("/api/events").get_json()) == 2


def test_a_form_sent_changed_after_it_made_an_event_makes_no_second_one_even_after_a_restart(app, client, tmp_path):
    from app import create_app

    key = read(client.get("/events/new")).values["idempotency_key"]
    made = post(client, "/events/new", {**FORM, "idempotency_key": key}).headers["Location"]
    again = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True, "SECRET_KEY": "test"}).test_client()
    changed = post(again, "/events/new", {**FORM, "name": "Tuesday club, again", "idempotency_key": key})
    assert changed.status_code == 303 and changed.headers["Location"] == made
    assert "already made this club night" in again.get(made).get_data(as_text=True)
    assert len(client.get("/api/events").get_json()) == 1


def test_the_api_answers_an_event_sent_again_under_its_idempotency_key(client):
    payload = client.get("/api/events").get_json() or None
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000},
            "entrants": [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cy", "Di")], "rounds": 3,
            "movement": "round-robin", "standings": "wins"}
    first = client.post("/api/events", json=body, headers={"Idempotency-Key": "k1"})
    again = client.post("/api/events", json=body, headers={"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201 and first.get_json()["id"] == again.get_json()["id"]
    other = client.post("/api/events", json={**body, "name": "Other"}, headers={"Idempotency-Key": "k1"})
    assert other.status_code == 422 and other.get_json()["errors"][0]["field"] == "Idempotency-Key"
    assert payload is None and len(client.get("/api/events").get_json()) == 1


# -- the director's page ------------------------------------------------------------------------------------------

def test_the_director_starts_a_round_once_for_a_double_tap_and_sees_its_tables(client):
    event_id = create(client)
    page = read(client.get(f"/events/{event_id}"))
    assert "No round started yet (3 planned)" in page.text() and not inline_code(page)
    key = page.values["idempotency_key"]
    assert page.one("button", "Start round 1")
    first, again = start(client, event_id, key), start(client, event_id, key)
    assert first.status_code == again.status_code == 303
    assert len(rounds(client, event_id)) == 1
    page = read(client.get(f"/events/{event_id}"))
    text = page.text()
    assert "Round 1 of 3" in text and page.one("button", "Start round 2")
    games = [t["game"] for t in rounds(client, event_id)[0]["tables"]]
    assert {f"/games/{g}" for g in games} <= set(page.links)
    assert text.count("Not started") == 2
    assert client.post(f"/api/games/{games[0]}/hands", json={"entries": [{"melded": 150}, {"melded": 100}]}
                       ).status_code == 201
    assert "Hand 2: 150 – 100" in read(client.get(f"/events/{event_id}")).text()
    assert client.post(f"/api/games/{games[0]}/end").status_code == 200
    assert "Finished: 150 – 100" in read(client.get(f"/events/{event_id}")).text()


def test_a_start_while_a_table_plays_is_refused_in_words(client):
    event_id = create(client)
    start(client, event_id, "a")
    games = [t["game"] for t in rounds(client, event_id)[0]["tables"]]
    finish(client, games[0])
    answer = start(client, event_id, "b")
    assert answer.status_code == 409
    problem = read(answer).one("alert").text
    assert "Round 2 did not start" in problem and "Table 2 is still playing." in problem
    finish(client, games[1])
    assert start(client, event_id, "b").status_code == 303 and len(rounds(client, event_id)) == 2
    for g in [t["game"] for t in rounds(client, event_id)[1]["tables"]]:
        finish(client, g)
    start(client, event_id, "c")
    for g in [t["game"] for t in rounds(client, event_id)[2]["tables"]]:
        finish(client, g)
    page = read(client.get(f"/events/{event_id}"))
    assert "Finished: all 3 rounds played" in page.text() and not page.all("button", re.compile("Start round"))
    answer = start(client, event_id, "d")
    assert answer.status_code == 409 and "Every planned round is played (3)" in read(answer).one("alert").text


def standings_rows(page) -> list[list[str]]:
    table = next(e for e in page.walk() if e.tag == "table" and "standings" in e.get("class", "").split())
    return [[next((b.text for b in c.walk() if b.tag == "bdi"), c.text) for c in r.elements() if c.tag in ("td", "th")]
            for r in table.walk() if r.tag == "tr" and r.parent.tag == "tbody"]  # a name cell: the name alone


def test_the_director_sees_standings_log_paper_and_the_address_for_phones(client):
    event_id = create(client)
    start(client, event_id)
    tables = rounds(client, event_id)[0]["tables"]
    for t in tables:
        finish(client, t["game"], 200, 100)
    names = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"]
    winners = {names[t["entrants"][0]] for t in tables}
    page = read(client.get(f"/events/{event_id}"))
    assert "No game was changed after its round closed." in page.text()
    rows = standings_rows(page)
    assert {r[1] for r in rows[:2]} == winners and [r[0] for r in rows] == ["1", "1", "3", "3"]
    assert [r[2] for r in rows] == ["1", "1", "0", "0"]  # wins, the ranking figure, beside the name
    start(client, event_id, "k2")  # round 1 closes: a change now is logged
    game = tables[0]["game"]
    assert client.put(f"/api/games/{game}/hands/1", json={"entries": [{}, {"melded": 500}]}).status_code == 200
    page = read(client.get(f"/events/{event_id}"))
    log = next(e for e in page.walk() if e.tag == "table" and "event-log" in e.get("class", "").split())
    assert "Round 1, table 1, hand 1 corrected" in log.text and "127.0.0.1" in log.text
    assert names[tables[0]["entrants"][1]] in {r[1] for r in standings_rows(page)[:2]}
    assert f"/events/{event_id}/seating.pdf?round=1" in page.links and f"/events/{event_id}/seating.pdf?round=2" in \
        page.links and f"/events/{event_id}/results.pdf" in page.links
    address = page.one("link", re.compile(r"/events/.+/tables$"))
    assert address.get("href").endswith(f"/events/{event_id}/tables")
    assert page.one("img", re.compile("QR code that opens the table picker")).get("src") == f"/events/{event_id}/qr.svg"
    qr = client.get(f"/events/{event_id}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"


def test_unknown_events_are_not_found_in_words(client):
    for path in ("/events/nope", "/events/nope/tables", "/events/nope/screen", "/events/nope/results.pdf",
                 "/events/nope/seating.pdf", "/events/nope/tables/1", "/events/nope/qr.svg"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert "There is no event with id “nope”." in answer.get_data(as_text=True), path


# -- the players' table picker -------------------------------------------------------------------------------------

def test_a_player_picks_the_table_number_and_lands_on_that_tables_game(client):
    event_id = create(client)
    page = read(client.get(f"/events/{event_id}/tables"))
    assert "Round 1 has not started yet" in page.text() and not page.all("link", re.compile("^Table"))
    assert client.get(f"/events/{event_id}/tables/1").status_code == 404
    start(client, event_id)
    page = read(client.get(f"/events/{event_id}/tables"))
    tables = rounds(client, event_id)[0]["tables"]
    for t in tables:
        button = page.one("link", re.compile(f"^Table {t['table']}"))
        answer = client.get(button.get("href"))
        assert answer.status_code == 303 and answer.headers["Location"] == f"/games/{t['game']}"
    missing = client.get(f"/events/{event_id}/tables/3")
    assert missing.status_code == 404 and "There is no table 3 in round 1 (it has 2)." in missing.get_data(True)
    for t in tables:
        finish(client, t["game"])
    start(client, event_id, "k2")
    second = rounds(client, event_id)[1]["tables"][0]["game"]
    assert client.get(f"/events/{event_id}/tables/1").headers["Location"] == f"/games/{second}"


def test_the_table_picker_polls_and_shows_the_tables_once_round_1_starts(client):
    event_id = create(client)
    poll = read(client.get(f"/events/{event_id}/tables")).by_id("picker").get("data-poll")
    assert client.get(poll).status_code == 204
    start(client, event_id)
    answer = client.get(poll)
    assert answer.status_code == 200 and "Table 2" in read(answer).text()


# -- the standings screen -----------------------------------------------------------------------------------------

def test_the_screen_answers_204_until_a_table_changes_then_the_new_board(client):
    event_id = create(client)
    start(client, event_id)
    page = read(client.get(f"/events/{event_id}/screen"))
    assert "Round 1 of 3" in page.text() and "Tables 1 and 2 are still playing." in page.text() and not inline_code(page)
    poll = page.by_id("board").get("data-poll")
    assert client.get(poll).status_code == 204
    game = rounds(client, event_id)[0]["tables"][1]["game"]
    finish(client, game, 300, 100)
    answer = client.get(poll)
    assert answer.status_code == 200
    board = read(answer)
    assert "Table 1 is still playing" in board.text()
    table = next(e for e in board.walk() if e.tag == "table")
    first = [c.text for c in next(r for r in table.walk() if r.tag == "tr" and r.parent.tag == "tbody").elements()
             if c.tag in ("td", "th")]
    assert first[0] == "1" and first[2] == "1" and first[1] in ("Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal")
    new_poll = board.by_id("board").get("data-poll")
    assert new_poll != poll and client.get(new_poll).status_code == 204


def test_the_screen_shows_the_next_rounds_seating_when_it_is_made(client):
    event_id = create(client)
    start(client, event_id)
    for t in rounds(client, event_id)[0]["tables"]:
        finish(client, t["game"])
    page = read(client.get(f"/events/{event_id}/screen"))
    assert "Every table has finished" in page.text()
    # both winners won 150 to 100: level on wins, margin and points, so each row says the place is shared (the screen
    # in short, the director's page in words)
    assert page.text().count("(shared)") == 4
    director = read(client.get(f"/events/{event_id}")).text()
    assert director.count("Level on every tie-break: place shared") == 4
    poll = page.by_id("board").get("data-poll")
    start(client, event_id, "k2")
    board = read(client.get(poll))
    assert "Round 2 of 3" in board.text() and "Round 2 seating" in board.text()
    for t in rounds(client, event_id)[1]["tables"]:
        names = " v ".join(["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"][i] for i in t["entrants"])
        assert names in board.text()


# -- paper --------------------------------------------------------------------------------------------------------

def test_the_seating_and_results_are_pdfs_with_the_names_in_them(client):
    event_id = create(client)
    assert client.get(f"/events/{event_id}/seating.pdf").status_code == 404
    start(client, event_id)
    for t in rounds(client, event_id)[0]["tables"]:
        finish(client, t["game"], 250, 100)
    seating = client.get(f"/events/{event_id}/seating.pdf?round=1")
    assert seating.status_code == 200 and seating.mimetype == "application/pdf"
    text = " ".join(p["text"] for p in pdf_pages(seating.data))
    assert "round 1 seating" in text and all(n in text for n in ("Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"))
    assert client.get(f"/events/{event_id}/seating.pdf?round=2").status_code == 404
    results = client.get(f"/events/{event_id}/results.pdf")
    assert results.status_code == 200 and results.mimetype == "application/pdf"
    text = " ".join(p["text"] for p in pdf_pages(results.data))
    assert "Tuesday club" in text and "Standings" in text and "Gus & Hal" in text and "250" in text


def test_a_table_pin_set_on_the_form_is_asked_for_at_every_table_and_by_a_phone_that_takes_over(app, client):
    event_id = create(client, pin="0427")
    assert client.get(f"/api/events/{event_id}").get_json()["has_pin"] is True
    assert start(client, event_id).status_code == 303
    phone = app.test_client()
    game_page = phone.get(f"/events/{event_id}/tables/1")
    assert game_page.status_code == 303
    page = phone.get(game_page.headers["Location"]).get_data(as_text=True)
    assert "Locked — enter the table PIN" in page
    game_id = game_page.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    unlocked = post(phone, f"/games/{game_id}/unlock", {"pin": "0427", "next": f"/games/{game_id}"})
    assert unlocked.status_code == 303
    assert "Locked — enter the table PIN" not in phone.get(f"/games/{game_id}").get_data(as_text=True)
    spare = app.test_client()  # a flat battery: another phone opens the same table and is asked for the PIN too
    again = spare.get(spare.get(f"/events/{event_id}/tables/1").headers["Location"]).get_data(as_text=True)
    assert "Locked — enter the table PIN" in again


def test_a_short_table_pin_is_refused_at_its_field(client):
    page = read(post(client, "/events/new", {**FORM, "pin": "12"}))
    assert "4 to 8 digits" in " ".join(field_errors(page, "pin"))
    assert client.get("/api/events").get_json() == []
