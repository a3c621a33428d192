"""Issue 24: the new-game form of Hand and Foot, from its declarations alone: teams of three, 4 rounds or a score
instead, its minimums by round as a box each, the books needed to go out as a box each, and bonuses a table may
switch off with a tick."""
from __future__ import annotations

import re

import pytest

from .hand_and_foot_helpers import PAIRS, RULES, VARIANT, start
from .pages import games, new_game, press, read, url

def minimums(doc) -> list[str]:
    group = doc.group("Initial meld minimum by round")
    return [group.field(f"Round {n}").value for n in range(1, len(group.all("textbox")) + 1)]


def test_a_fresh_form_offers_its_seatings_4_rounds_and_its_house_rules(client):
    doc = new_game(client, VARIANT)
    seatings = doc.group("Partnerships, teams of three or everyone alone")
    assert [b.text for b in seatings.all("button")] == ["Partnerships", "Teams of three", "Everyone alone"]
    options = doc.group("Options")
    assert options.field("Play to").value == "" and options.field("Round limit").value == "4"
    assert "Leave empty for no target" in options.field("Play to").description
    assert options.button("Play to a score instead of 4 rounds")
    assert minimums(doc) == ["50", "90", "120", "150", ""]  # and an empty box to add a round
    needs = doc.group("Books needed to go out")
    assert [needs.field(w).value for w in ("Clean", "Dirty", "Wild")] == ["1", "1", "0"]
    assert not doc.field("Wild books are not allowed").checked and doc.field("Wild book").value == "1500"
    assert doc.field("A sevens book is a clean book").checked and doc.field("Sevens book").value == ""
    assert "Canasta" not in doc.landmark("main").text


def test_teams_of_three_are_seated_and_named_after_their_players(client):
    doc = read(press(client, new_game(client, VARIANT), new_game(client, VARIANT).button("Teams of three")))
    assert doc.button("Teams of three").get("aria-pressed") == "true"
    team = doc.group("Team 1")
    assert [f.name for f in team.all("textbox")] == ["Player 1", "Player 2", "Player 3", "Name on the scoreboard"]
    assert not doc.all("button", "Add a team")  # two teams of three, no more
    names = {f"sides[{i}].players[{j}]": n for i, trio in enumerate((("Ann", "Bob", "Cy"), ("Di", "Ed", "Flo")))
             for j, n in enumerate(trio)}
    game = start(client, {**doc.values, **doc.checked, **names})
    assert [s["players"] for s in game["sides"]] == [["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"]]
    assert [s["name"] for s in game["sides"]] == ["Ann, Bob & Cy", "Di, Ed & Flo"]
    assert (game["options"]["decks"], game["options"]["max_hands"], game["options"]["target"]) == (7, 4, None)
    again = read(client.get(url(client.application, "setup.new_game", variant_id=VARIANT, **{"from": game["id"]})))
    assert again.button("Teams of three").get("aria-pressed") == "true"
    assert again.group("Team 2").field("Player 3").value == "Flo"


def test_a_table_playing_to_10000_sets_the_target_and_clears_the_rounds(client):
    doc = new_game(client, VARIANT)
    doc = read(press(client, doc, doc.button("Play to a score instead of 4 rounds"), **PAIRS))
    options = doc.group("Options")
    assert options.field("Play to").value == "10000" and options.field("Round limit").value == ""
    assert options.button("Play 4 rounds instead of to a score")
    assert doc.group("Partnership 1").field("Player 1").value == "Ann"  # nothing typed is lost
    game = start(client, {**doc.values, **doc.checked})
    assert (game["options"]["target"], game["options"]["max_hands"]) == (10000, None)
    back = read(press(client, doc, doc.button("Play 4 rounds instead of to a score")))
    assert (back.field("Play to").value, back.field("Round limit").value) == ("", "4")


def test_house_rules_of_every_kind_are_started_as_typed(client):
    typed = {f"{RULES}.meld_minimums[0]": "50", f"{RULES}.meld_minimums[1]": "90", f"{RULES}.meld_minimums[2]": "",
             f"{RULES}.meld_minimums[3]": "", f"{RULES}.meld_minimums[4]": "",
             f"{RULES}.wild_canasta_bonus": "1500", f"{RULES}.wild_canasta_bonus:off": "on",
             f"{RULES}.sevens_canasta_bonus": "750", f"{RULES}.go_out_needs.natural": "2",
             f"{RULES}.go_out_needs.dirty": "2", f"{RULES}.go_out_needs.wild": "",
             f"{RULES}.red_three_bonus": "−100", f"{RULES}.unplayed_foot_counts": "on"}
    game = start(client, {**PAIRS, **typed})
    rules = game["options"]["house_rules"]
    assert rules["meld_minimums"] == [50, 90]  # the emptied boxes at the end drop those rounds
    assert (rules["wild_canasta_bonus"], rules["sevens_canasta_bonus"], rules["red_three_bonus"]) == (None, 750, -100)
    assert rules["go_out_needs"] == {"natural": 2, "dirty": 2, "wild": 0}
    again = read(client.get(url(client.application, "setup.new_game", variant_id=VARIANT, **{"from": game["id"]})))
    assert minimums(again) == ["50", "90", ""] and again.field("Wild books are not allowed").checked
    assert not again.field("A sevens book is a clean book").checked and again.field("Sevens book").value == "750"
    assert again.group("Books needed to go out").field("Clean").value == "2"


@pytest.mark.parametrize("typed, label, message", [
    ({f"{RULES}.meld_minimums[0]": "50", f"{RULES}.meld_minimums[1]": "", f"{RULES}.meld_minimums[2]": "120"},
     "Round 2", "Initial meld minimum by round, Round 2 must be a whole number, not empty."),
    ({f"{RULES}.meld_minimums[0]": "50", f"{RULES}.meld_minimums[1]": "92"},
     "Round 2", "Initial meld minimum by round, Round 2 must be a multiple of 5: 92 is not."),
    ({f"{RULES}.go_out_needs.natural": "two"}, "Clean",
     "Books needed to go out: Clean must be a whole number, not text."),
    ({f"{RULES}.sevens_canasta_bonus": ""}, "Sevens book",
     "Sevens book: type its points, or tick “A sevens book is a clean book”."),
    ({f"{RULES}.wild_canasta_bonus": "-5"}, "Wild book",
     "Wild book cannot be negative (got -5). Or tick “Wild books are not allowed”."),
], ids=["a blank round between two", "not in fives", "a count in words", "sevens on without points",
        "a negative bonus"])
def test_a_wrong_house_rule_is_refused_at_its_box_and_starts_nothing(client, typed, label, message):
    response = start(client, {**PAIRS, **typed})
    assert response.status_code == 422
    doc = read(response)
    assert doc.field(label).invalid and message in doc.field(label).description
    assert doc.disclosure(re.compile(r"^House rules.*Hand and Foot defaults")).expanded
    assert games(client) == []


def test_a_form_without_the_rounds_and_without_a_target_is_refused_in_rounds(client):
    response = start(client, {**PAIRS, "options.max_hands": "", "options.target": ""})
    assert response.status_code == 422 and games(client) == []
    assert "a number of rounds" in read(response).alert().text
