"""Hand and Foot's house rules of RULES.md §14 through the JSON API and the pages: a game made with them, its rounds
scored and refused by them, the variant's description, the OpenAPI schema, the new-game form, the hand form, the
rules card and the score sheet."""
from __future__ import annotations

from .examples import HAND_AND_FOOT
from .pages import post, read
from .sheet_helpers import pdf_pages

# every peer case of the issue at one table
PEER_RULES = {"going_out_bonus": [100, 200, 300, 400],
              "go_out_needs": [{"natural": 1, "dirty": 1}, {"natural": 1, "dirty": 1, "sevens": 1}],
              "go_out_strict": True, "sevens_canasta_bonus": 1000, "black_threes_canasta_bonus": 2000,
              "red_three_bonus_not_out": 50, "black_three_meld_bonus": 5, "joker_value": 20,
              "meld_minimums_by_score": [[None, 50], [1500, 90], [3000, 120]]}
OUT = {"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True}


def new_game(client, house_rules=PEER_RULES):
    response = client.post("/api/games", json={**HAND_AND_FOOT.game, "options": {"house_rules": house_rules}})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def record(client, game_id, entries):
    return client.post(f"/api/games/{game_id}/hands", json={"entries": entries})


def test_a_game_with_every_new_house_rule_scores_its_rounds_by_them(client):
    game = new_game(client)
    assert game["options"]["house_rules"]["go_out_needs"][1] == {"natural": 1, "dirty": 1, "wild": 0, "sevens": 1}
    # round 1: jokers counted at 20, black threes melded going out +5, red threes 100 out / 50 not out, a book of
    # black threes 2,000
    first = record(client, game["id"], [
        {**OUT, "melded": {"jokers": 2, "tens": 5, "fives": 1}, "red_threes": 1, "black_threes_melded": 2},
        {"red_threes": 2, "black_threes_canastas": 1, "melded": 0}])
    assert first.status_code == 201, first.get_json()
    a, b = first.get_json()["hand"]["scores"]
    assert a["breakdown"]["melded"] == 95 and a["breakdown"]["black_threes_melded"] == 10
    assert a["breakdown"]["going_out"] == 100 and a["breakdown"]["red_threes"] == 100
    assert b["breakdown"]["red_threes"] == 100 and b["breakdown"]["black_threes_canastas"] == 2000
    assert (a["total"], b["total"]) == (500 + 300 + 100 + 100 + 95 + 10, 100 + 2000)
    # the opening minimum follows each side's score: A 1,105 → 50, B 2,100 → 90
    after = client.get(f"/api/games/{game['id']}").get_json()
    assert [s["next_min_meld"] for s in after["sides"]] == [50, 90]
    # round 2 needs a sevens book too, and no book stands in for another
    refused = record(client, game["id"], [{**OUT, "natural_canastas": 2, "melded": 120}, {}])
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == [{"field": "entries[0].went_out", "message": (
        "Us cannot go out: going out needs 1 clean book, 1 dirty book and 1 sevens book, and Us is 1 sevens book "
        "short. At this table no book stands in for another.")}]
    second = record(client, game["id"], [{**OUT, "sevens_canastas": 1, "melded": 120}, {}])
    assert second.status_code == 201, second.get_json()
    a, _ = second.get_json()["hand"]["scores"]
    assert a["breakdown"]["going_out"] == 200 and a["breakdown"]["sevens_canastas"] == 1000
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 2  # the refused round stored nothing


def test_entries_refused_by_the_new_rules_store_nothing(client):
    game = new_game(client)
    cases = [([OUT, {"black_threes_melded": 1}], "entries[1].black_threes_melded"),
             ([{**OUT, "black_threes_canastas": 1}, {"black_threes": 4}], "entries[0].black_threes_canastas"),
             ([{**OUT, "melded": 2600}, {"in_hand": 5}], "entries[1].in_hand")]  # 5 decks at 520 with jokers at 20
    for entries, field in cases:
        response = record(client, game["id"], entries)
        assert response.status_code == 422 and [e["field"] for e in response.get_json()["errors"]] == [field]
    plain = new_game(client, {})
    response = record(client, plain["id"], [{**OUT, "black_threes_melded": 1}, {}])
    assert [e["field"] for e in response.get_json()["errors"]] == ["entries[0].black_threes_melded"]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_a_new_game_with_a_wrong_house_rule_is_refused_naming_it(client):
    for rules, field in [({"going_out_bonus": [100, 205, "x"]}, "options.house_rules.going_out_bonus[2]"),
                         ({"go_out_needs": {"sevens": 1}}, "options.house_rules.go_out_needs.sevens"),
                         ({"joker_value": 1000}, "options.house_rules.joker_value")]:
        response = client.post("/api/games", json={**HAND_AND_FOOT.game, "options": {"house_rules": rules}})
        assert response.status_code == 422 and [e["field"] for e in response.get_json()["errors"]] == [field]


def test_the_variant_lists_the_new_keys_and_fields(client):
    described = {v["id"]: v for v in client.get("/api/variants").get_json()}["hand-and-foot"]
    fields = {f["name"]: f for f in described["fields"]}
    assert fields["black_threes_canastas"]["max"] == 0 and fields["black_threes_melded"]["max"] == 0  # off by default
    assert described["options"]["house_rules"]["joker_value"] == 50
    assert described["options"]["house_rules"]["go_out_strict"] is False


def test_the_rules_card_and_the_score_sheet_show_them(client):
    game = new_game(client)
    record(client, game["id"], [{**OUT, "black_threes_melded": 2}, {"black_threes_canastas": 1}])
    card = pdf_pages(client.get(f"/games/{game['id']}/card.pdf").data)[0]["text"]
    for words in ("Joker 20", "Book of seven black threes +2,000", "Black three melded by the player going out +5",
                  "Red three laid down by a side that did not go out +50 each",
                  "+100 in round 1, +200 in", "and +400 from round 4",
                  "No book stands in for another", "below 1,500 50"):
        assert words in card, words
    sheet = pdf_pages(client.get(f"/games/{game['id']}/sheet.pdf").data)[0]["text"]
    assert "B3B" in sheet and "B3m" in sheet
    plain = pdf_pages(client.get(f"/games/{new_game(client, {})['id']}/sheet.pdf").data)[0]["text"]
    assert "B3B" not in plain and "B3m" not in plain


def test_the_hand_form_offers_the_new_fields_only_when_their_rule_is_set(client):
    doc = read(client.get(f"/games/{new_game(client)['id']}/hands/new"))
    assert "Black threes melded going out" in doc.text() and "Black-three books" in doc.text()
    plain = read(client.get(f"/games/{new_game(client, {})['id']}/hands/new"))
    assert "Black threes melded going out" not in plain.text() and "Black-three books" not in plain.text()


def test_the_card_counter_counts_jokers_at_the_tables_value(client):
    game = new_game(client, {"joker_value": 20})
    assert "Jokers Joker · 20" in read(client.get(f"/games/{game['id']}/hands/new")).text()
    preview = post(client, f"/games/{game['id']}/hands/preview",
                   {"number": "1", "entries[0].melded:mode": "count", "entries[0].melded.jokers": "2"})
    shown = read(preview).text()
    assert "= 40 points" in shown and "2 jokers × 20" in shown
