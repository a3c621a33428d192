"""Classic Canasta through the JSON API and the pages (RULES.md §7, API.md): the worked example recorded."""
from __future__ import annotations

from .examples import CLASSIC
from .pages import post
from .sheet_helpers import pdf_pages

CLASSIC_PAIRS = CLASSIC.game
WORKED = CLASSIC.hands[0].payload
# API.md's row, and RULES.md §14's wild_canastas and black_threes (played only when their house rule is set)
FIELDS = ["natural_canastas", "mixed_canastas", "wild_canastas", "red_threes", "black_threes", "melded", "in_hand",
          "went_out", "concealed"]


def test_the_worked_example_recorded_through_the_api(client):
    created = client.post("/api/games", json=CLASSIC_PAIRS)
    assert created.status_code == 201
    game = created.get_json()
    assert (game["options"]["target"], game["options"]["decks"]) == (5000, 2)
    recorded = client.post(f"/api/games/{game['id']}/hands", json=WORKED, headers={"Idempotency-Key": "worked-7"})
    assert recorded.status_code == 201
    body = recorded.get_json()
    # RULES.md §7: 500 + 200 + 140 = 840, next minimum 50; −200 − 15 = −215, next minimum 15
    assert [s["total"] for s in body["hand"]["scores"]] == [840, -215]
    assert [(s["score"], s["next_min_meld"]) for s in body["game"]["sides"]] == [(840, 50), (-215, 15)]
    assert body["hand"]["scores"][1]["breakdown"]["red_threes"] == -200
    assert body["game"]["dealing"]["dealer"] == "Cy"  # the deal passed to the left


def test_concealed_without_going_out_is_refused_naming_the_field(client, make_game):
    game = make_game(CLASSIC_PAIRS)
    refused = client.post(f"/api/games/{game['id']}/hands",
                          json={"entries": [{"natural_canastas": 1, "melded": 35, "concealed": True}, {}]})
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["entries[0].concealed"]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0


def test_variants_and_openapi_list_classic_with_its_entry_fields(client):
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert [f["name"] for f in listed["classic"]["fields"]] == FIELDS + ["adjustment", "adjustment_reason"]
    assert listed["classic"]["card_values"] == {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert "classic" in schemas["NewGame"]["properties"]["variant"]["enum"]
    assert list(schemas["ClassicEntry"]["properties"]) == FIELDS + ["adjustment", "adjustment_reason"]  # RULES.md §14


def test_a_hand_recorded_from_the_form_shows_on_the_pages_and_sheets(client, make_game):
    game = make_game(CLASSIC_PAIRS)
    form = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    assert "Mixed" in form and "Went out concealed" in form
    response = post(client, f"/games/{game['id']}/hands/new",
                    {"number": "1", "entries[0].natural_canastas": "1", "entries[0].melded": "140", "went_out": "0",
                     "entries[0].concealed": "on", "entries[1].red_threes": "2", "entries[1].in_hand": "15"})
    assert response.status_code == 303
    detail = client.get(f"/games/{game['id']}/hands/1/detail").get_data(as_text=True)
    assert "Went out concealed" in detail and "−200" in detail
    sheet = pdf_pages(client.get(f"/games/{game['id']}/sheet.pdf").data)[0]["text"]
    assert "N M R3 Meld Left Out Conc Score Total" in sheet and "840" in sheet and "−215" in sheet
    card = pdf_pages(client.get("/variants/classic/card.pdf").data)[0]["text"]
    for words in ("Mixed Seven or more cards with 1 to 3 wild cards 300", "All four red 3s 800 instead",
                  "below 0 15", "0 to 1,495 50", "1,500 to 2,995 90", "3,000 and up 120", "reaches 5,000"):
        assert words in card
