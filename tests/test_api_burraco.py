"""Burraco and Buraco through the JSON API and the pages (RULES.md §9 and §10, API.md's entry fields): the worked
examples recorded, refusals in the asker's language with nothing stored, the hand form, its live preview, the
scores page, the sheets and rules cards, players and ratings."""
from __future__ import annotations

import pytest

from .examples import BURACO, BURRACO, BURRACO_PAIRS as PAIRS, form_fields
from .pages import post, read, url
from .sheet_helpers import pdf_pages

FIELDS = ["natural_canastas", "semiclean_canastas", "dirty_canastas", "full_run_canastas", "ace_to_ace_canastas",
          "melded", "in_hand", "kitty_not_taken", "went_out"]  # API.md: `burraco`, `buraco`


def record(client, game_id, entries, key):
    return client.post(f"/api/games/{game_id}/hands", json={"entries": entries}, headers={"Idempotency-Key": key})


@pytest.mark.parametrize("example", [BURRACO, BURACO], ids=str)
def test_the_worked_example_recorded_through_the_api(client, example):
    created = client.post("/api/games", json=example.game)
    assert created.status_code == 201
    game = created.get_json()
    assert game["options"]["decks"] is None
    for number, hand in enumerate(example.hands, start=1):
        body = record(client, game["id"], hand.entries, f"{example.id}-{number}").get_json()
        assert [s["total"] for s in body["hand"]["scores"]] == hand.totals
        assert [{k: v for k, v in s["breakdown"].items() if v} for s in body["hand"]["scores"]] == hand.parts
        assert [(s["score"], s["next_min_meld"]) for s in body["game"]["sides"]] == list(zip(hand.running, hand.minimums))
    kept = client.get(f"/api/games/{game['id']}").get_json()
    if example is BURRACO:  # RULES.md §9 line 478: finished after hand 3, NS wins by 85
        assert (kept["finished"], kept["winner"], kept["margin"]) == (True, [0], 85)
        assert record(client, game["id"], example.hands[0].entries, "after").status_code == 409  # line 462
        assert kept["hands"][1]["entries"][0]["in_hand"] == {"jokers": 1, "fifteens": 1, "tens": 7, "fives": 5}
    else:  # §10 line 593: the game goes on to 3,000
        assert not kept["finished"] and kept["options"]["target"] == 3000


@pytest.mark.parametrize("language, words", [
    ("en", "NS cannot close: closing needs the side's pozzetto taken, and NS never took it."),
    ("it", "NS non può chiudere: per chiudere bisogna aver preso il pozzetto, e NS non l'ha mai preso."),
    ("pt-BR", "NS não pode bater: bater exige ter pego o pozzetto, e NS nunca o pegou."),
    ("es", "NS no puede cerrar: para cerrar hay que haber tomado el pozzetto, y NS nunca lo tomó."),
    ("de", "NS kann nicht ausmachen: Dafür muss die Partei ihren Pozzetto aufgenommen haben, und NS hat ihn nie "
           "aufgenommen."),
])
def test_a_refusal_names_its_field_in_the_askers_language_and_stores_nothing(client, make_game, language, words):
    game = make_game(BURRACO.game)
    refused = client.post(f"/api/games/{game['id']}/hands", headers={"Accept-Language": language},
                          json={"entries": [{"natural_canastas": 1, "melded": 35, "went_out": True,
                                             "kitty_not_taken": True}, {}]})
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == [{"field": "entries[0].went_out", "message": words}]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0


@pytest.mark.parametrize("variant, body, field", [
    ("burraco", {"entries": [{"in_hand": {"jokers": 5}}, {}]}, "entries[0].in_hand.jokers"),
    ("buraco", {"entries": [{"melded": {"twenties": 1}}, {}]}, "entries[0].melded.twenties"),
    ("buraco", {"entries": [{"semiclean_canastas": 1, "melded": 45}, {}]}, "entries[0].semiclean_canastas"),
    ("burraco", {"entries": [{"red_threes": 1}, {}]}, "entries[0].red_threes"),
])
def test_impossible_entries_are_refused(client, make_game, variant, body, field):
    game = make_game({"variant": variant, "sides": PAIRS})
    refused = client.post(f"/api/games/{game['id']}/hands", json=body)
    assert refused.status_code == 422 and [e["field"] for e in refused.get_json()["errors"]] == [field]


@pytest.mark.parametrize("variant, options, field", [
    ("burraco", {"decks": 2}, "options.decks"),
    ("buraco", {"house_rules": {"kitty_penalty": 7}}, "options.house_rules.kitty_penalty"),
    ("burraco", {"house_rules": {"natural_canasta": 300}}, "options.house_rules.natural_canasta"),
])
def test_new_game_options_refused(client, variant, options, field):
    refused = client.post("/api/games", json={"variant": variant, "sides": PAIRS, "options": options})
    assert refused.status_code == 422 and field in [e["field"] for e in refused.get_json()["errors"]]


def test_variants_and_openapi_list_both_with_their_entry_fields(client):
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert [f["name"] for f in listed["burraco"]["fields"]] == FIELDS + ["adjustment", "adjustment_reason"]
    assert [f["name"] for f in listed["buraco"]["fields"]] == FIELDS + ["adjustment", "adjustment_reason"]
    assert listed["burraco"]["card_values"] == {"jokers": 30, "twenties": 20, "fifteens": 15, "tens": 10, "fives": 5}
    assert listed["buraco"]["card_values"] == {"jokers": 20, "fifteens": 15, "tens": 10, "fives": 5}
    bounds = {f["name"]: f.get("max") for f in listed["burraco"]["fields"]}
    assert (bounds["melded"], bounds["full_run_canastas"], bounds["semiclean_canastas"]) == (1080, 0, 12)
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert {"burraco", "buraco"} <= set(schemas["NewGame"]["properties"]["variant"]["enum"])
    every_variants = ["adjustment", "adjustment_reason"]  # RULES.md §14: a penalty or award, in every variant
    assert list(schemas["BurracoEntry"]["properties"]) == FIELDS + every_variants
    assert list(schemas["BuracoEntry"]["properties"]) == FIELDS + every_variants


def test_players_get_a_burraco_rating_from_the_finished_turn(client):
    game = client.post("/api/games", json=BURRACO.game).get_json()
    for number, hand in enumerate(BURRACO.hands, start=1):
        record(client, game["id"], hand.entries, f"r{number}")
    players = {p["name"]: p for p in client.get("/api/players").get_json()}
    assert players["Ann"]["wins"] == 1 and players["Cy"]["wins"] == 0
    assert players["Ann"]["rating"]["burraco"]["ordinal"] > players["Cy"]["rating"]["burraco"]["ordinal"]
    ann = client.get("/api/players/Ann").get_json()
    assert ann["best_game"]["burraco"]["score"] == 1540


def test_the_hand_form_records_with_chips_and_card_counts_and_previews_live(app, client, make_game):
    game = make_game(BURRACO.game)
    doc = read(client.get(url(app, "hands.new_hand", game_id=game["id"])))
    ns = doc.region("NS Ann & Bob")
    for label in ("Clean burracos, NS", "Semi-clean burracos, NS", "Dirty burracos, NS"):
        assert ns.group(label).field("0").checked  # a chip a kind, one tap
    assert ns.field("Pozzetto not taken, NS The side never took its pozzetto")  # the pozzetto, a tick per side
    assert doc.group("Who went out?").field("NS")
    page = doc.text()
    assert "Full runs" not in page and "Next meld" not in page and "minimum" not in page.lower()  # off, and none
    data = form_fields(BURRACO.hands[1].entries)
    preview = read(post(client, url(app, "hands.preview_hand", game_id=game["id"]), data, htmx=True))
    parts = {e.get("hx-target"): e for e in preview.walk() if e.tag == "hx-partial"}
    assert parts["#preview-bar"].items() == ["NS +165 · 0", "EW +895 · 0"]  # this deal · total so far
    assert "In-hand points 1 joker × 30 + 1 ace × 15 + 7 tens × 10 + 5 fives × 5 −140" in \
        parts["#preview-side-0"].items()
    assert post(client, url(app, "hands.record_hand", game_id=game["id"]), data).status_code == 303
    scores = client.get(f"/api/games/{game['id']}").get_json()
    assert [s["score"] for s in scores["sides"]] == [165, 895]
    board = read(client.get(url(app, "pages.game", game_id=game["id"])))
    assert "Deal 2 of 3" in board.text() and "Next meld" not in board.text()


def test_the_italian_form_says_the_games_own_words(app, client, make_game):
    game = make_game(BURRACO.game)
    page = read(client.get(url(app, "hands.new_hand", game_id=game["id"]), headers={"Accept-Language": "it"})).text()
    for words in ("Burrachi", "Puliti", "Semi\u00adpuliti", "Sporchi", "Pozzetto non preso", "Chi ha chiuso?",
                  "Smazzata 1 di 3"):
        assert words in page, words


def test_the_sheets_and_rules_cards(client):
    game = client.post("/api/games", json=BURRACO.game).get_json()
    for number, hand in enumerate(BURRACO.hands, start=1):
        record(client, game["id"], hand.entries, f"s{number}")
    sheet = pdf_pages(client.get(f"/games/{game['id']}/sheet.pdf").data)[0]["text"]
    assert "C SC D Meld Left NoK Out Score Total" in sheet and "1,540" in sheet and "1,455" in sheet
    card = pdf_pages(client.get("/variants/burraco/card.pdf").data)[0]["text"]
    for words in ("Joker 30", "2 (pinella) 20", "A 15", "7, 6, 5, 4, 3 5", "Opening minimum none",
                  "Dirty Seven or more cards with a matta (jolly or pinella) 100", "Clean 200", "Semi-clean 150",
                  "Full run A to K of one suit, 13 cards, no matta enter a full run as",
                  "Pozzetto never taken −100", "Closing (going out) +100", "reaches 2,005"):
        assert words in card, words
    card_it = pdf_pages(client.get("/variants/burraco/card.pdf?lang=it").data)[0]["text"]
    for words in ("Jolly 30", "Pulito", "Semipulito", "Sporco", "Pozzetto non preso −100", "Chiusura +100"):
        assert words in card_it, words
    buraco = pdf_pages(client.get("/variants/buraco/card.pdf?lang=pt_BR").data)[0]["text"]
    for words in ("Joker 20", "Limpa", "Suja", "Morto não pego", "3.000"):
        assert words in buraco, words
    blank = pdf_pages(client.get("/variants/buraco/blank-sheet.pdf?lang=pt_BR").data)[0]["text"]
    assert "# L S Mesa Mão SMo Bat Pontuação Total" in blank and "Meta 3.000" in blank
    assert "SMo Não pegou o morto" in blank


def test_a_tournament_turn_under_the_international_code_from_the_new_game_form(app, client):
    """RULES.md §9 lines 430–432 and 480–482: 3 deals and no target; semipulito off, closing needs a pulito."""
    names = {"sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy",
             "sides[1].players[1]": "Di"}
    response = post(client, url(app, "setup.new_game", variant_id="burraco"),
                    {"layout": "pairs", "count": "2", **names, "options.target": "", "options.max_hands": "3",
                     "options.house_rules.semiclean_canasta_bonus:off": "on",
                     "options.house_rules.go_out_needs_clean": "on"})
    assert response.status_code == 303, read(response).text()
    game = client.get("/api/games/" + response.headers["Location"].rstrip("/").split("/")[-1]).get_json()
    assert (game["options"]["target"], game["options"]["max_hands"]) == (None, 3)
    assert game["options"]["house_rules"]["semiclean_canasta_bonus"] is None
    assert game["options"]["house_rules"]["go_out_needs_clean"] is True
    form = read(client.get(url(app, "hands.new_hand", game_id=game["id"]))).text()
    assert "Semi-clean" not in form  # switched off: the form leaves it out
    refused = record(client, game["id"], [{"dirty_canastas": 2, "melded": 100, "went_out": True}, {}], "intl")
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["field"] == "entries[0].went_out"
    sheet = pdf_pages(client.get(f"/games/{game['id']}/sheet.pdf").data)[0]["text"]
    assert "Closing needs a clean burraco" in sheet
