"""Issue 24: a game of another shape is one module. Toy Piles, known only to the tests and registered by a fixture,
plays 3 deals with a minimum set by the deal, piles for melds and teams of three: every page, PDF and API answer
gets its shape and words from its declarations (it never says hand, round or canasta)."""
from __future__ import annotations

import csv
import io
import re

import pytest

from .helpers import registered
from .pages import Doc, post, press, read, record, started
from .sheet_helpers import hand_rows, pdf_pages, render_png
from .toy_variant import DEALS

RULES = "options.house_rules"
ALONE = {"layout": "solo", "count": "2", "sides[0].players[0]": "Ann", "sides[1].players[0]": "Bo"}
FOREIGN = re.compile(r"\b(hands?|rounds?|canastas?)\b", re.IGNORECASE)  # another variant's words


@pytest.fixture
def deals():
    with registered(DEALS):
        yield DEALS


@pytest.fixture
def game(client, deals):
    """A game of Toy Piles started from the new-game form: Ann and Bo alone, 3 deals."""
    return started(client, deals.id, ALONE)


def main_text(client, path) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return " ".join(read(response).landmark("main").text.split())


def foreign(text: str) -> list[str]:
    """Words of another variant's shape in `text` (a page's, a PDF's): none belong to Toy Piles."""
    return FOREIGN.findall(text.replace("Meldbook", "").replace("left in hand", ""))  # cards held, not a round


def test_its_new_game_form_words_deals_piles_and_teams_of_three(client, deals):
    doc = read(client.get(f"/games/new/{deals.id}"))
    options = doc.group("Options")
    assert options.field("Deal limit").value == "3" and options.field("Play to").value == ""
    assert options.button("Play to a score instead of 3 deals")
    listed = doc.group("Opening by deal")
    assert [listed.field(f"Deal {n}").value for n in (1, 2, 3, 4)] == ["20", "40", "60", ""]
    needs = doc.group("Piles needed to finish")
    assert (needs.field("Tall").value, needs.field("Short").value) == ("1", "0")
    assert not doc.field("Short piles are not allowed").checked
    assert doc.group("Everyone alone or teams of three")
    teams = read(press(client, doc, doc.button("Teams of three")))
    assert teams.group("Team 2").field("Player 3")
    scored = read(press(client, doc, doc.button("Play to a score instead of 3 deals")))
    assert (scored.field("Play to").value, scored.field("Deal limit").value) == ("500", "")
    assert foreign(doc.landmark("main").text) == []


def test_its_house_rules_of_every_kind_start_a_game(client, deals):
    typed = {f"{RULES}.opening_by_deal[0]": "25", f"{RULES}.opening_by_deal[1]": "45",
             f"{RULES}.opening_by_deal[2]": "", f"{RULES}.short_pile:off": "on", f"{RULES}.finishing": "−50",
             f"{RULES}.piles_to_finish.tall": "2", f"{RULES}.piles_to_finish.short": "1"}
    response = post(client, f"/games/new/{deals.id}", {**ALONE, **typed})
    assert response.status_code == 303, response.get_data(as_text=True)
    rules = client.get("/api" + response.headers["Location"]).get_json()["options"]["house_rules"]
    assert rules == {"opening_by_deal": [25, 45], "tall_pile": 300, "short_pile": None, "finishing": -50,
                     "piles_to_finish": {"tall": 2, "short": 1}}


def test_a_game_of_it_is_played_deal_by_deal_to_its_end(client, deals, game):
    board = read(client.get(f"/games/{game}")).region("Scores")
    assert board.by_text("Deal 1 of 3", tag="p") and board.by_text("Minimum 20 for everyone", tag="p")
    assert board.by_text("Deal 1: Ann deals · Bo plays first", tag="p") and "to go" not in board.text
    form = read(client.get(f"/games/{game}/hands/new"))
    assert form.heading("Deal 1 of 3 \u2014 minimum 20 for everyone", level=1) and form.button("Record deal 1")
    assert form.group("Piles, Ann") and "Bo this deal" in form.text()
    preview = post(client, f"/games/{game}/hands/preview", {"number": "1", "entries[0].tall_piles": "1",
                                                             "entries[0].melded": "45"}, htmx=True)
    assert "Ann this deal +345" in " ".join(Doc(preview.get_data(as_text=True)).text().split())
    record(client, game, 1, {"entries[0].tall_piles": "1", "entries[0].melded": "45", "finished": "0"})
    page = read(client.get(f"/games/{game}"))
    board = page.region("Scores")
    assert board.by_text("Deal 2 of 3", tag="p") and board.by_text("Minimum 40 for everyone", tag="p")
    assert board.labelled("Ann total").text == "395"  # 300 + 45 + 50 for finishing
    assert page.region("Deals") and page.one("img", re.compile("^Running totals, deal by deal"))
    detail = " ".join(Doc(client.get(f"/games/{game}/hands/1/detail").get_data(as_text=True)).text().split())
    assert "Total after deal 1: 395" in detail and "Correct deal 1" in detail
    correction = read(client.get(f"/games/{game}/hands/1/edit"))
    assert correction.heading("Correct deal 1", level=1)
    assert foreign(page.landmark("main").text) == [] and foreign(read(client.get(f"/games/{game}/table")).text()) == []
    record(client, game, 2, {"entries[1].short_piles": "1", "entries[1].melded": "25"})
    record(client, game, 3, {"entries[1].melded": "5"})
    over = " ".join(read(client.get(f"/games/{game}")).region("Scores").text.split())
    assert "Game over" in over and "All 3 deals are played." in over and "Ann wins by 265." in over
    text = client.get(f"/games/{game}/scores.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["Deal"] for r in rows] == ["1", "2", "3"] and rows[0]["Ann: deal score"] == "395"
    assert foreign(text) == []


def test_every_pdf_of_it_says_deals_and_piles(client, deals, game):
    record(client, game, 1, {"entries[0].tall_piles": "1", "entries[0].melded": "45"})
    sheet = client.get(f"/games/{game}/sheet.pdf").data
    text = " ".join(pdf_pages(sheet)[0]["text"].split())
    assert "no target · ends after 3 deals" in text and "In progress after 1 deal" in text
    assert "Running totals, deal by deal" in text and foreign(text) == []
    blank = client.get(f"/games/{game}/blank-sheet.pdf").data
    assert sorted(hand_rows(blank)) == ["1", "2", "3"]
    text = " ".join(pdf_pages(blank)[0]["text"].split())
    for words in ("Pile bonuses", "Pile Contents Bonus", "Deal Minimum", "Deal 1 20", "Deal 3 and later 60",
                  "Score the deal's score"):
        assert words in text, words
    assert foreign(text) == []
    card = client.get(f"/variants/{deals.id}/card.pdf").data
    text = " ".join(pdf_pages(card)[0]["text"].split())
    for words in ("Pile bonuses", "Every other part of a deal's score", "The game ends after 3 deals.",
                  "The same for every side, whatever the score."):
        assert words in text, words
    assert foreign(text) == []
    render_png(card, "rules-card-toy-deals")


def test_the_api_and_openapi_document_describe_it(client, deals):
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert listed[deals.id]["options"]["target"] is None and listed[deals.id]["options"]["max_hands"] == 3
    assert set(listed[deals.id]["sides"]) == {"individuals", "teams_of_three"}
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    rules = schemas["ToyDealsHouseRules"]["properties"]
    assert rules["opening_by_deal"]["items"]["multipleOf"] == 5 and rules["short_pile"]["type"] == ["integer", "null"]
    assert rules["finishing"]["minimum"] < 0 and set(rules["piles_to_finish"]["properties"]) == {"tall", "short"}
    assert "Toy Piles, players alone: 3 deals" in schemas["NewOptions"]["properties"]["max_hands"]["description"]
    trio = {"variant": deals.id, "sides": [{"name": "A", "players": ["A1", "A2", "A3"]},
                                           {"name": "B", "players": ["B1", "B2", "B3"]}]}
    made = client.post("/api/games", json=trio)
    assert made.status_code == 201 and made.get_json()["sides"][1]["next_min_meld"] == 20
