"""Issue 24: Hand and Foot registered, on paper and in the API's description. Its rules card, blank sheet and
score sheet say books and rounds, print the minimums by round and the house rules a table chose in words; the
OpenAPI document describes its new kinds of house rule and its teams of three."""
from __future__ import annotations

from tests.examples import HAND_AND_FOOT
from tests.sheet_helpers import hand_rows, pdf_pages, render_png

TRIOS = {"variant": "hand-and-foot", "sides": [{"name": "Reds", "players": ["Ann", "Bob", "Cy"]},
                                               {"name": "Blues", "players": ["Di", "Ed", "Flo"]}]}


def flat(data: bytes, page: int = 0) -> str:
    return " ".join(pdf_pages(data)[page]["text"].split())


def pdf(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", response.get_data(as_text=True)
    return response.data


def test_the_rules_card_says_books_rounds_and_the_minimum_of_each_round(client):
    data = pdf(client, "/variants/hand-and-foot/card.pdf")
    assert len(pdf_pages(data)) == 1
    text = flat(data)
    for words in ("Book bonuses", "Book Contents Bonus", "Clean 500", "Dirty 300", "Wild 7 jokers and 2s, nothing else "
                  "1,500", "Round Minimum", "Round 1 50", "Round 2 90", "Round 3 120", "Round 4 and later 150",
                  "The same for every side, whatever the score.", "Every other part of a round's score",
                  "To go out a side needs 1 clean book and 1 dirty book", "The game ends after 4 rounds."):
        assert words in text, words
    assert "A sevens book is" in text and "a clean book" in text  # off by default: said in words, not a number
    assert "Canasta" not in text and "hand's score" not in text
    render_png(data, "rules-card-hand-and-foot-books")


def test_a_blank_sheet_has_a_row_for_each_round_and_the_minimums_under_them(client, make_game):
    game = make_game(HAND_AND_FOOT.game)
    data = pdf(client, f"/games/{game['id']}/blank-sheet.pdf")
    assert len(pdf_pages(data)) == 1
    assert sorted(hand_rows(data)) == ["1", "2", "3", "4"]  # 4 rounds, a row each
    text = flat(data)
    for words in ("no target · ends after 4 rounds · 5 decks", "Book bonuses", "Round 1 50", "Round 4 and later 150",
                  "Score the round's score", "blank score sheet · 4 rounds"):
        assert words in text, words
    render_png(data, "blank-sheet-hand-and-foot")


def test_a_table_playing_to_a_score_gets_a_page_of_rows(client, make_game):
    game = make_game(HAND_AND_FOOT.game, target=10000, max_hands=None)
    data = pdf(client, f"/games/{game['id']}/blank-sheet.pdf")
    assert len(hand_rows(data)) == 12 and "Target 10,000 · no round limit" in flat(data)


def test_the_score_sheet_says_rounds_and_the_house_rules_chosen_in_words(client, make_game):
    game = make_game(HAND_AND_FOOT.game, house_rules={
        "meld_minimums": [50, 90], "wild_canasta_bonus": None, "red_three_bonus": -100,
        "go_out_needs": {"natural": 2, "dirty": 2}, "sevens_canasta_bonus": 750})
    hand = {"entries": [{**HAND_AND_FOOT.hands[0].entries[0], "wild_canastas": 0, "natural_canastas": 3},
                        HAND_AND_FOOT.hands[0].entries[1]]}
    assert client.post(f"/api/games/{game['id']}/hands", json=hand).status_code == 201
    data = pdf(client, f"/games/{game['id']}/sheet.pdf")
    text = flat(data)
    for words in ("1 round", "no target · ends after 4 rounds", "In progress after 1 round",
                  "Meld minimums by round 50, 90 (usually 50, 90, 120, 150)",
                  "Wild book wild books are not allowed (usually 1,500)",
                  "Red three laid down, each \u2212100 (usually 100)",
                  "Sevens book 750 (usually a sevens book is a clean book)",
                  "Books needed to go out 2 clean, 2 dirty (usually 1 clean, 1 dirty)",
                  "Running totals, round by round"):
        assert words in text, words
    render_png(data, "score-sheet-hand-and-foot")


def test_a_team_of_three_is_a_side_on_every_sheet(client, make_game):
    game = make_game(TRIOS)
    assert [s["players"] for s in game["sides"]] == [["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"]]
    assert game["options"]["decks"] == 7  # one more than the six players
    text = flat(pdf(client, f"/games/{game['id']}/blank-sheet.pdf"))
    assert "Reds Ann, Bob & Cy" in text or ("Ann, Bob & Cy" in text and "Di, Ed & Flo" in text)


def test_a_side_of_three_is_refused_where_the_variant_seats_none(client):
    body = {**TRIOS, "variant": "ponytail"}
    errors = client.post("/api/games", json=body).get_json()["errors"]
    assert {"field": "sides[0].players", "message": "Side 1's players must be a list of one or two names."} in errors
    four = {**TRIOS, "sides": [{"name": "A", "players": ["A", "B", "C", "D"]}, TRIOS["sides"][1]]}
    errors = client.post("/api/games", json=four).get_json()["errors"]
    assert errors == [{"field": "sides[0].players", "message": "Side 1's players must be a list of one to three names."}]


def test_the_openapi_document_describes_its_house_rules_and_seatings(client):
    document = client.get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    rules = schemas["HandAndFootHouseRules"]["properties"]
    assert rules["meld_minimums"] == {"type": "array", "minItems": 1, "maxItems": 100,
                                      "items": {"type": "integer", "minimum": 0, "maximum": 1000000, "multipleOf": 5},
                                      "default": [50, 90, 120, 150],
                                      "description": "Initial meld minimum by round: round 1, round 2 …; later "
                                                     "rounds keep the last"}
    # RULES.md §14: go_out_needs and going_out_bonus may be one value or a list of them, one a round; sevens may be needed
    needs, each_round = rules["go_out_needs"]["oneOf"]
    assert needs["type"] == "object" and needs["additionalProperties"] is False and each_round["items"] == needs
    assert set(needs["properties"]) == {"natural", "dirty", "wild", "sevens"} and each_round["type"] == "array"
    assert rules["wild_canasta_bonus"]["type"] == ["integer", "null"]
    assert "null: wild books are not allowed" in rules["wild_canasta_bonus"]["description"]
    assert rules["sevens_canasta_bonus"]["default"] is None
    assert rules["red_three_bonus"]["minimum"] == -1000000 and rules["red_three_bonus"]["multipleOf"] == 5
    going_out = rules["going_out_bonus"]["oneOf"]
    assert going_out[0]["type"] == "integer" and going_out[0]["minimum"] == 0 and going_out[1]["items"] == going_out[0]
    assert rules["joker_value"]["default"] == 50 and rules["black_threes_canasta_bonus"]["type"] == ["integer", "null"]
    assert rules["meld_minimums_by_score"]["type"] == ["array", "null"] and rules["go_out_strict"]["type"] == "boolean"
    assert schemas["NewSide"]["properties"]["players"]["maxItems"] == 3
    sides = schemas["Variant"]["properties"]["sides"]["description"]
    assert "teams_of_three" in sides and "Hand and Foot, teams of three: 4 rounds" in sides
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert listed["hand-and-foot"]["sides"]["teams_of_three"] == {"sides": [2, 2], "players_per_side": 3,
                                                                  "max_hands": 4}
