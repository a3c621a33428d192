"""Issue 34: Hand and Foot's new house rules on the new-game form (RULES.md §14): a going-out bonus and the books
needed to go out round by round, sevens needed, strict needs, books of black threes, red threes of a side not out,
black threes melded going out, minimums by score and a joker's value; started as typed, shown again, refused at
their box."""
from __future__ import annotations

from .pages import new_game, read, url
from .hand_and_foot_helpers import PAIRS, RULES, VARIANT, start

PEER = {f"{RULES}.going_out_bonus": "100", f"{RULES}.going_out_bonus[1]": "200",
        f"{RULES}.going_out_bonus[2]": "300", f"{RULES}.going_out_bonus[3]": "400",
        f"{RULES}.go_out_needs.natural": "1", f"{RULES}.go_out_needs.dirty": "1",
        f"{RULES}.go_out_needs[1].natural": "1", f"{RULES}.go_out_needs[1].dirty": "1",
        f"{RULES}.go_out_needs[1].sevens": "1", f"{RULES}.go_out_needs[2].natural": "",
        f"{RULES}.sevens_canasta_bonus": "1000", f"{RULES}.go_out_strict": "on",
        f"{RULES}.black_threes_canasta_bonus": "2000", f"{RULES}.red_three_bonus_not_out": "50",
        f"{RULES}.black_three_meld_bonus": "5", f"{RULES}.joker_value": "20",
        f"{RULES}.meld_minimums_by_score[0].min": "50", f"{RULES}.meld_minimums_by_score[1].at": "1500",
        f"{RULES}.meld_minimums_by_score[1].min": "90", f"{RULES}.unplayed_foot_counts": "on"}


def test_a_fresh_form_shows_the_new_rules_at_their_defaults(client):
    doc = new_game(client, VARIANT)
    going_out = doc.group("Going out")
    assert [f.value for f in going_out.all("textbox")] == ["100", ""]  # every round, and a box to add round 2
    assert going_out.field("Going out, Round 1").value == "100"
    needs = doc.group("Books needed to go out")
    assert [needs.field(w).value for w in ("Clean", "Dirty", "Wild", "Sevens")] == ["1", "1", "0", "0"]
    assert needs.field("Sevens, Round 2").value == ""
    assert doc.field("No books of black threes").checked and doc.field("Not scored").checked
    assert doc.field("The same as for the side that went out").checked
    assert not doc.field("Books needed to go out: no book stands in for another").checked
    assert doc.field("Card value of a joker").value == "50"
    assert "Every row empty: by round." in doc.group("Initial meld minimum by score instead").text
    assert "House rules (Hand and Foot defaults filled in)" in doc.text()  # the defaults as they stand change nothing
    game = start(client, {**doc.values, **doc.checked, **PAIRS})  # the form sent as shown: every default kept
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert game["options"]["house_rules"] == listed[VARIANT]["options"]["house_rules"]


def test_the_peer_cases_rules_are_started_as_typed_and_shown_again(client):
    game = start(client, {**PAIRS, **PEER})
    rules = game["options"]["house_rules"]
    assert rules["going_out_bonus"] == [100, 200, 300, 400]
    assert rules["go_out_needs"] == [{"natural": 1, "dirty": 1, "wild": 0},
                                     {"natural": 1, "dirty": 1, "wild": 0, "sevens": 1}]
    assert (rules["go_out_strict"], rules["black_threes_canasta_bonus"], rules["red_three_bonus_not_out"],
            rules["black_three_meld_bonus"], rules["joker_value"]) == (True, 2000, 50, 5, 20)
    assert rules["meld_minimums_by_score"] == [[None, 50], [1500, 90]]
    again = read(client.get(url(client.application, "setup.new_game", variant_id=VARIANT, **{"from": game["id"]})))
    assert [f.value for f in again.group("Going out").all("textbox")] == ["100", "200", "300", "400", ""]
    assert again.group("Books needed to go out").field("Sevens, Round 2").value == "1"
    assert again.field("Books needed to go out: no book stands in for another").checked
    assert again.field("Book of seven black threes").value == "2000"
    assert not again.field("No books of black threes").checked
    changes = again.text()
    assert "Going out: Round 1: 100 · Round 2: 200 · Round 3: 300 · Round 4: 400 (usually 100)" in changes
    assert "Card value of a joker: 20 (usually 50)" in changes
    # the form as shown starts the very same game again
    twice = start(client, {**again.values, **again.checked, **PAIRS})
    assert twice["options"]["house_rules"] == rules


def test_one_round_alone_is_the_value_of_every_round(client):
    game = start(client, {**PAIRS, f"{RULES}.going_out_bonus": "250", f"{RULES}.going_out_bonus[1]": "",
                          f"{RULES}.go_out_needs.natural": "2", f"{RULES}.go_out_needs.dirty": "2"})
    assert game["options"]["house_rules"]["going_out_bonus"] == 250
    assert game["options"]["house_rules"]["go_out_needs"] == {"natural": 2, "dirty": 2, "wild": 0}


def test_a_wrong_round_is_refused_at_its_box_and_starts_nothing(client):
    response = start(client, {**PAIRS, f"{RULES}.going_out_bonus": "100", f"{RULES}.going_out_bonus[1]": "202"})
    assert response.status_code == 422
    box = read(response).field("Going out, Round 2")
    assert box.invalid and "Round 2: Going out must be a multiple of 5: 202 is not." in \
        box.description
    response = start(client, {**PAIRS, f"{RULES}.go_out_needs.dirty": "x", f"{RULES}.go_out_needs[1].dirty": "2"})
    box = read(response).group("Books needed to go out").field("Dirty")  # round 1: the rule's own box
    assert response.status_code == 422 and box.invalid and "Round 1: " in box.description
    response = start(client, {**PAIRS, f"{RULES}.go_out_needs[1].sevens": "1"})  # sevens books left off
    box = read(response).field("Sevens, Round 2")
    assert box.invalid and "Round 2: Going out cannot need a sevens book" in box.description
    response = start(client, {**PAIRS, f"{RULES}.joker_value": "0"})
    assert read(response).field("Card value of a joker").invalid
    assert client.get("/api/games").get_json() == [] or all(
        g["variant"] != VARIANT for g in client.get("/api/games").get_json())
