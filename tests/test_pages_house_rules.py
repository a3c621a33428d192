"""The new-game form's house rules: tiers as many as the table wants, kept through seating changes and 'same players'."""
from __future__ import annotations

import re

import pytest

from .helpers import PONYTAIL_PAIRS
from .html import Doc
from .pages import post, read, url

TIERS = "options.house_rules.meld_minimums_by_score"  # RULES.md §14: min_meld and its tiers as one table
NAMES = {"sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy",
         "sides[1].players[1]": "Di"}
THREE_TIERS = {f"{TIERS}[0].min": "50", f"{TIERS}[1].at": "15000", f"{TIERS}[1].min": "90", f"{TIERS}[2].at": "30000",
               f"{TIERS}[2].min": "120", f"{TIERS}[3].at": "40000", f"{TIERS}[3].min": "150"}


def tier_rows(doc: Doc) -> list[tuple[str, str]]:
    """Each row of the minimums by score after the first (every score below the next row): (from a score of, the
    minimum is)."""
    tiers = doc.group("Initial meld minimum by score")
    at, least = tiers.all("textbox", "From a score of"), tiers.all("textbox", "the minimum is")
    assert len(at) == len(least)
    return [(a.value, m.value) for a, m in zip(at, least)]


HOUSE_RULES = re.compile(r"^House rules(: \d+ changes? from the | \()Ponytail Canasta defaults")  # changed or not


def house_rules_open(doc: Doc) -> bool:
    return doc.disclosure(HOUSE_RULES).expanded


def new_game(client):
    return url(client.application, "setup.new_game", variant_id="ponytail")


def change_layout(client):
    return url(client.application, "setup.change_layout", variant_id="ponytail")


def test_the_form_offers_the_defaults_and_an_empty_row_to_add_a_tier(client):
    doc = read(client.get(new_game(client)))
    assert tier_rows(doc) == [("15000", "90"), ("30000", "120"), ("", "")]
    assert not house_rules_open(doc)


def test_a_third_tier_typed_in_the_empty_row_is_kept(client):
    response = post(client, new_game(client), {"layout": "pairs", "count": "2", **NAMES, **THREE_TIERS})
    assert response.status_code == 303
    game = client.get("/api" + response.headers["Location"]).get_json()
    assert game["options"]["house_rules"]["meld_minimums_by_score"] == [[None, 50], [15000, 90], [30000, 120],
                                                                        [40000, 150]]


def test_an_emptied_row_drops_its_tier(client):
    response = post(client, new_game(client), {"layout": "pairs", "count": "2", **NAMES,
                                               f"{TIERS}[0].min": "50", f"{TIERS}[1].at": "", f"{TIERS}[1].min": "",
                                               f"{TIERS}[2].at": "30000", f"{TIERS}[2].min": "120"})
    game = client.get("/api" + response.headers["Location"]).get_json()
    assert game["options"]["house_rules"]["meld_minimums_by_score"] == [[None, 50], [30000, 120]]


def test_changing_the_seating_keeps_every_tier_and_the_rules_open(client):
    for to in ("more", "solo"):
        response = post(client, change_layout(client), {"layout": "pairs", "count": "2", "to": to, **NAMES,
                                                   **THREE_TIERS, "options.house_rules.red_three_bonus": "150"},
                        htmx=True)
        doc = read(response)
        assert tier_rows(doc) == [("15000", "90"), ("30000", "120"), ("40000", "150"), ("", "")]
        assert house_rules_open(doc) and doc.field("Red three").value == "150"


def test_untouched_rules_stay_folded_when_the_seating_changes(client):
    doc = read(post(client, change_layout(client), {"layout": "pairs", "count": "2", "to": "solo",
                                               f"{TIERS}[0].min": "50", f"{TIERS}[1].at": "15000",
                                               f"{TIERS}[1].min": "90", f"{TIERS}[2].at": "30000",
                                               f"{TIERS}[2].min": "120",
                                               "options.house_rules.unpicked_pony_counts": "on"}, htmx=True))
    assert not house_rules_open(doc)
    assert doc.field("An unpicked pony counts against the side").checked


def test_same_players_again_keeps_all_the_tiers_of_the_last_game(client):
    rules = {"min_meld_tiers": [[10000, 70], [20000, 90], [30000, 120]]}
    game = client.post("/api/games", json={**PONYTAIL_PAIRS, "options": {"house_rules": rules}}).get_json()
    doc = read(client.get(url(client.application, "setup.new_game", variant_id="ponytail", **{"from": game["id"]})))
    assert tier_rows(doc) == [("10000", "70"), ("20000", "90"), ("30000", "120"), ("", "")]


# RULES.md §1: a Ponytail game of players alone stops after 4 hands unless the table changes it;
# partnerships have no limit. The box shows the default of the seating on screen until the table
# types in it; an emptied box then means "no limit".
LIMIT = "options.max_hands"
ALONE = {"sides[0].players[0]": "Ann", "sides[1].players[0]": "Cy"}


@pytest.mark.parametrize("posted, shown", [
    ({"layout": "pairs", "count": "2", "to": "solo", LIMIT: ""}, "4"),    # untouched: the new default
    ({"layout": "solo", "count": "2", "to": "pairs", LIMIT: "4"}, ""),
    ({"layout": "solo", "count": "2", "to": "more", LIMIT: "4"}, "4"),
    ({"layout": "solo", "count": "2", "to": "pairs", LIMIT: "7"}, "7"),   # typed: kept
    ({"layout": "pairs", "count": "2", "to": "solo", LIMIT: "6"}, "6"),
    ({"layout": "solo", "count": "3", "to": "more", LIMIT: ""}, ""),      # emptied on purpose: kept
    ({"layout": "solo", "count": "3", "to": "pairs", LIMIT: ""}, ""),
], ids=["§1 pairs→alone", "§1 alone→pairs", "§1 alone, one more", "§1 typed 7 kept", "§1 typed 6 kept",
        "§1 emptied kept", "§1 emptied→pairs"])
def test_the_hand_limit_box_follows_the_seating_until_the_table_types_in_it(client, posted, shown):
    doc = read(post(client, change_layout(client), posted, htmx=True))
    assert doc.group("Options").field("Hand limit").value == shown


def test_a_fresh_form_shows_no_limit_for_the_usual_seating(client):
    assert read(client.get(new_game(client))).group("Options").field("Hand limit").value == ""


@pytest.mark.parametrize("posted, limit", [
    ({"layout": "solo", LIMIT: "4"}, 4),
    ({"layout": "solo", LIMIT: " 9 "}, 9),
    ({"layout": "solo", LIMIT: ""}, None),   # the table emptied the box: no limit
    ({"layout": "solo"}, 4),                 # a form without the box: the default
    ({"layout": "pairs", **NAMES, LIMIT: ""}, None),
    ({"layout": "pairs", **NAMES, LIMIT: "5"}, 5),
], ids=["§1 alone 4", "§1 alone 9", "§1 alone emptied", "§1 alone no box", "§1 pairs empty", "§1 pairs 5"])
def test_the_hand_limit_as_started(client, posted, limit):
    response = post(client, new_game(client), {"count": "2", **ALONE, **posted})
    assert response.status_code == 303
    game = client.get("/api" + response.headers["Location"]).get_json()
    assert game["options"]["max_hands"] == limit
