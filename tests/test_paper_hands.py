"""A hand copied from paper (API.md, "A hand copied from paper"): each side's total as written on a score slip,
through the JSON API and the slip page."""
from __future__ import annotations

import io
import json

import pdfplumber
import pytest

from app import create_app
from app import main as app_main

from tests.helpers import FIVE, PONYTAIL_PAIRS
from tests.pages import post, read, url

CLASSIC = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                            {"name": "Them", "players": ["Cy", "Di"]}]}


def totals(*scores):
    return {"entries": [{"total": s} for s in scores]}


def game_of(client, payload=CLASSIC, **options):
    r = client.post("/api/games", json={**payload, "options": options} if options else payload)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def test_a_paper_hand_counts_its_totals_as_one_part(client):
    game = game_of(client)
    r = client.post(f"/api/games/{game}/hands", json=totals(-45, 1230))
    assert r.status_code == 201
    hand = r.get_json()["hand"]
    assert hand["from_paper"] is True
    assert hand["entries"] == [{"total": -45}, {"total": 1230}]
    assert [(s["total"], s["breakdown"]) for s in hand["scores"]] == [(-45, {"paper": -45}), (1230, {"paper": 1230})]
    sides = r.get_json()["game"]["sides"]
    assert [s["score"] for s in sides] == [-45, 1230]
    # minimums follow the totals as for any hand (RULES.md §7: below 0 → 15, 0 to 1,495 → 50)
    assert [s["next_min_meld"] for s in sides] == [15, 50]


def test_a_hand_of_fields_says_it_is_not_from_paper(client):
    game = game_of(client)
    r = client.post(f"/api/games/{game}/hands", json={"entries": [{"melded": 50}, {}]})
    assert r.get_json()["hand"]["from_paper"] is False


def test_paper_hands_end_the_game_and_count_for_the_winner(client):
    game = game_of(client)
    client.post(f"/api/games/{game}/hands", json=totals(2500, 300))
    r = client.post(f"/api/games/{game}/hands", json=totals(2600, -100))
    g = r.get_json()["game"]
    assert (g["finished"], g["winner"], g["margin"]) == (True, [0], 4900)


def test_five_person_paper_totals_are_the_deal_scores_as_written(client):
    game = game_of(client, FIVE)
    r = client.post(f"/api/games/{game}/hands", json=totals(630, 60, 90, 515, -155))
    assert [s["total"] for s in r.get_json()["hand"]["scores"]] == [630, 60, 90, 515, -155]


@pytest.mark.parametrize("entries, field, words", [
    ([{"total": 3}, {"total": 0}], "entries[0].total", "multiple of 5"),
    ([{"total": 0}, {"total": 1_000_005}], "entries[1].total", "to 1,000,000 (got 1,000,005)"),
    ([{"total": "10"}, {"total": 0}], "entries[0].total", "whole number"),
    ([{"total": True}, {"total": 0}], "entries[0].total", "whole number"),
    ([{"total": 10.5}, {"total": 0}], "entries[0].total", "whole number"),
    ([{"total": 10}, {"melded": 50}], "entries[1]", "gives no total"),
    ([{"total": 10, "melded": 50}, {"total": 0}], "entries[0].melded", "cannot go with a total"),
    ([{"total": 10}], "entries", "needs 2 entries"),
])
def test_a_bad_paper_hand_is_refused_naming_its_field(client, entries, field, words):
    game = game_of(client)
    r = client.post(f"/api/games/{game}/hands", json={"entries": entries})
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert any(e["field"] == field and words in e["message"] for e in errors), errors
    assert client.get(f"/api/games/{game}").get_json()["hands"] == []


def test_a_paper_hand_may_be_corrected_to_fields_and_back(client):
    game = game_of(client)
    client.post(f"/api/games/{game}/hands", json=totals(100, 200))
    r = client.put(f"/api/games/{game}/hands/1", json={"entries": [{"melded": 50}, {"melded": 60}]})
    assert r.status_code == 200, r.get_json()
    assert [s["score"] for s in r.get_json()["game"]["sides"]] == [50, 60]
    r = client.put(f"/api/games/{game}/hands/1", json=totals(-5, 5))
    assert [s["score"] for s in r.get_json()["game"]["sides"]] == [-5, 5]


def test_the_export_keeps_paper_hands_and_the_import_reads_them_back(client, app, tmp_path):
    game = game_of(client, PONYTAIL_PAIRS)
    client.post(f"/api/games/{game}/hands", json=totals(10330, 1355))
    path, moved = tmp_path / "games.json", tmp_path / "moved.sqlite"
    assert app_main(["export", str(path), "--db", app.config["DATABASE"]]) in (0, None)
    assert json.loads(path.read_text())["games"][0]["hands"][0]["entries"] == [{"total": 10330}, {"total": 1355}]
    assert app_main(["import", str(path), "--db", str(moved)]) in (0, None)
    other = create_app({"TESTING": True, "DATABASE": str(moved), "SECRET_KEY": "test"}).test_client()
    back = other.get(f"/api/games/{game}").get_json()
    assert back["hands"][0]["from_paper"] is True and [s["score"] for s in back["sides"]] == [10330, 1355]


# -- the slip page ------------------------------------------------------------------------------------------------

def slip(client, game):
    return read(client.get(url(client.application, "paper.paper_slip", game_id=game)))


def test_the_slip_offers_a_row_per_hand_still_to_play(client):
    game = game_of(client, max_hands=3, target=None)
    doc = slip(client, game)
    assert doc.heading("Copy from a paper slip", level=1)
    names = [e.get("name") for e in doc.walk() if e.tag == "input" and e.get("name", "").startswith("hands[")]
    assert names == [f"hands[{n}].entries[{i}].total" for n in (1, 2, 3) for i in (0, 1)]


def test_a_slip_of_three_deals_is_copied_in_one_go(client):
    game = game_of(client, max_hands=3, target=None)
    doc = slip(client, game)
    typed = {"hands[1].entries[0].total": "1,230", "hands[1].entries[1].total": "-45",
             "hands[2].entries[0].total": "300", "hands[2].entries[1].total": "\u2212100",
             "hands[3].entries[0].total": "0", "hands[3].entries[1].total": "2,005"}
    r = post(client, f"/games/{game}/paper", {**doc.values, **typed})
    assert r.status_code == 303, r.get_data(as_text=True)
    g = client.get(f"/api/games/{game}").get_json()
    assert [[s["total"] for s in h["scores"]] for h in g["hands"]] == [[1230, -45], [300, -100], [0, 2005]]
    assert g["finished"] and [s["score"] for s in g["sides"]] == [1530, 1860]


def test_the_same_slip_sent_twice_is_copied_once(client):
    game = game_of(client)
    doc = slip(client, game)
    typed = {**doc.values, "hands[1].entries[0].total": "50", "hands[1].entries[1].total": "20"}
    assert post(client, f"/games/{game}/paper", typed).status_code == 303
    assert post(client, f"/games/{game}/paper", typed).status_code == 303  # a double tap: same key
    assert len(client.get(f"/api/games/{game}").get_json()["hands"]) == 1


def test_a_half_filled_row_is_refused_at_its_box_and_nothing_is_stored(client):
    game = game_of(client)
    doc = slip(client, game)
    r = post(client, f"/games/{game}/paper", {**doc.values, "hands[1].entries[0].total": "50",
                                              "hands[2].entries[0].total": "70", "hands[2].entries[1].total": "7"})
    assert r.status_code == 422
    page = read(r)
    assert "Type Them's total for this row" in page.by_id("hands-1-entries-1-total-error").text
    assert "multiple of 5" in page.by_id("hands-2-entries-1-total-error").text
    assert page.by_id("hands-2-entries-0-total").get("value") == "70"  # what was typed is kept
    assert client.get(f"/api/games/{game}").get_json()["hands"] == []


def test_a_row_past_the_end_of_the_game_refuses_the_whole_slip(client):
    game = game_of(client, max_hands=2, target=None)
    r = post(client, f"/games/{game}/paper?rows=3", {**slip(client, game).values,
             **{f"hands[{n}].entries[{i}].total": "10" for n in (1, 2, 3) for i in (0, 1)}})
    assert r.status_code == 409
    assert "The game is over before row 3" in r.get_data(as_text=True)
    assert client.get(f"/api/games/{game}").get_json()["hands"] == []


def test_a_paper_row_is_corrected_on_the_slip_and_a_full_hand_is_not_offered(client):
    game = game_of(client)
    client.post(f"/api/games/{game}/hands", json={"entries": [{"melded": 50}, {"melded": 60}]})
    client.post(f"/api/games/{game}/hands", json=totals(100, 200))
    doc = slip(client, game)
    assert doc.by_id("hands-1-entries-0-total") is None  # a hand entered in full is corrected on its own form
    assert doc.by_id("hands-2-entries-0-total").get("value") == "100"
    r = post(client, f"/games/{game}/paper", {**doc.values, "hands[2].entries[0].total": "150"})
    assert r.status_code == 303
    g = client.get(f"/api/games/{game}").get_json()
    assert [s["score"] for s in g["sides"]] == [200, 260] and len(g["hands"]) == 2
    # the hand's own Correct button leads to the slip
    edit = client.get(url(client.application, "hands.edit_hand", game_id=game, number=2))
    assert edit.status_code == 303 and edit.headers["Location"].endswith(f"/games/{game}/paper")


def test_a_paper_hand_shows_its_part_on_the_page_the_sheet_and_the_csv(client):
    game = game_of(client)
    client.post(f"/api/games/{game}/hands", json=totals(-45, 1230))
    detail = read(client.get(url(client.application, "pages.hand_detail", game_id=game, number=1)))
    assert "Score copied from paper" in detail.text()
    csv = client.get(f"/games/{game}/scores.csv").get_data(as_text=True).splitlines()
    assert csv[1].split(",")[:5] == ["1", "", "", "", "-45"]  # no canastas were entered: blank, not 0
    with pdfplumber.open(io.BytesIO(client.get(f"/games/{game}/sheet.pdf").data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "1,230" in text and "\u221245" in text
