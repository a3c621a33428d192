"""RULES.md §14 "Classic (§7)" and `tie_goes_to_going_out` (issue 34): each new house rule's effect, its bounds and
its refusals, with the peer cases the issue lists (−400 for four red threes, a tie to the side that went out, red
threes against a side with no canasta, a wild canasta of 1,000, two canastas to go out, a black three costing 0 or
15)."""
from __future__ import annotations

import io

import pdfplumber
import pytest

from scoring import get_variant
from scoring.game import places, tie_broken

CLASSIC = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                           {"name": "Them", "players": ["Cy", "Di"]}]}


def classic(client, **rules):
    answer = client.post("/api/games", json={**CLASSIC, "options": {"house_rules": rules}})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def record(client, game, *entries):
    return client.post(f"/api/games/{game['id']}/hands", json={"entries": list(entries)})


OUT = {"natural_canastas": 1, "melded": 35, "went_out": True}  # 500 + 100 + 35 = 635


@pytest.mark.parametrize("rules, them, total", [
    # four red threes and nothing melded: −800 by default, what the table sets instead (peer case: −400)
    ({}, {"red_threes": 4, "in_hand": 15}, -815),
    ({"four_red_threes_penalty": 400}, {"red_threes": 4, "in_hand": 15}, -415),
    ({"four_red_threes_penalty": 0}, {"red_threes": 4, "in_hand": 15}, -15),
    ({"four_red_threes_penalty": 400}, {"red_threes": 4, "melded": 50}, 850),  # melded: the bonus, 800
    ({"four_red_threes_penalty": 400}, {"red_threes": 3, "in_hand": 15}, -315),  # fewer than four: 100 each
    # red threes against a side with no canasta (peer case) instead of one that melded nothing
    ({}, {"red_threes": 2, "melded": 50}, 250),
    ({"red_threes_against": "no_canasta"}, {"red_threes": 2, "melded": 50}, -150),
    ({"red_threes_against": "no_canasta"}, {"red_threes": 2, "natural_canastas": 1, "melded": 35}, 735),
    ({"red_threes_against": "no_canasta", "four_red_threes_penalty": 400}, {"red_threes": 4, "melded": 60}, -340),
    # a black three held costing 15 or 0 (peer cases) instead of its 5 in the in-hand points
    ({"black_three_penalty": 15}, {"black_threes": 2, "in_hand": 30, "melded": 50}, -10),
    ({"black_three_penalty": 0}, {"black_threes": 2, "in_hand": 30, "melded": 50}, 20),
    # a wild canasta (peer case: 1,000)
    ({"wild_canasta_bonus": 1000}, {"wild_canastas": 1, "melded": 140}, 1140),
], ids=["four against -800", "four against -400", "four against 0", "four melded +800", "three against",
        "no_meld melded", "no_canasta melded", "no_canasta with canasta", "no_canasta four -400", "black three 15",
        "black three 0", "wild canasta 1000"])
def test_each_classic_house_rule_scores_its_part(client, rules, them, total):
    game = classic(client, **rules)
    answer = record(client, game, OUT, them)
    assert answer.status_code == 201, answer.get_json()
    assert [s["total"] for s in answer.get_json()["hand"]["scores"]] == [635, total]


def test_two_canastas_to_go_out_and_a_wild_canasta_going_out(client):
    """Peer case: a table that needs two canastas to go out; a wild canasta counts as one."""
    game = classic(client, go_out_canastas=2, wild_canasta_bonus=1000)
    refused = record(client, game, OUT, {})
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == [{"field": "entries[0].went_out", "message": (
        "Us cannot go out: going out needs 2 canastas, and Us has 1.")}]
    answer = record(client, game, {"natural_canastas": 1, "wild_canastas": 1, "melded": 175, "went_out": True}, {})
    assert [s["total"] for s in answer.get_json()["hand"]["scores"]] == [500 + 1000 + 100 + 175, 0]
    assert answer.get_json()["hand"]["scores"][0]["breakdown"]["wild_canastas"] == 1000


@pytest.mark.parametrize("rules, entries, field, message", [
    ({}, [{"wild_canastas": 1, "melded": 140}, {}], "entries[0].wild_canastas",
     "Wild canastas is not played at this table (house rule wild_canasta_bonus is off), so it must be 0, not 1."),
    ({}, [{}, {"black_threes": 1}], "entries[1].black_threes",
     "Black threes held is not played at this table (house rule black_three_penalty is off), so it must be 0, not 1."),
    ({"wild_canasta_bonus": 1000}, [{"wild_canastas": 1, "melded": 135}, {}], "entries[0].melded",
     "Melded points are 135, but 1 wild canasta alone hold at least 140 points of cards."),
    # two decks hold 12 jokers and 2s: a wild canasta takes 7, each mixed one at least 1 more
    ({"wild_canasta_bonus": 1000}, [{"wild_canastas": 1, "mixed_canastas": 3, "melded": 290},
                                    {"mixed_canastas": 3, "melded": 150}], "entries[1].mixed_canastas",
     "1 wild canasta and 6 mixed canastas need at least 13 wild cards, but 2 decks hold only 12 jokers and 2s."),
    ({"black_three_penalty": 15}, [{"black_threes": 3}, {"black_threes": 2}], "entries[1].black_threes",
     "5 black threes recorded, but 2 decks hold only 4."),
], ids=["wild off", "black threes off", "wild melded short", "wild cards over", "black threes over"])
def test_a_classic_hand_beyond_its_rules_is_refused(client, rules, entries, field, message):
    game = classic(client, **rules)
    answer = record(client, game, *entries)
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [{"field": field, "message": message}]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0


def test_a_wild_canasta_and_five_mixed_fit_two_decks(client):
    game = classic(client, wild_canasta_bonus=1000)
    answer = record(client, game, {"wild_canastas": 1, "mixed_canastas": 3, "melded": 290},
                    {"mixed_canastas": 2, "melded": 100})
    assert answer.status_code == 201, answer.get_json()


@pytest.mark.parametrize("rules, field, words", [
    ({"go_out_canastas": 0}, "go_out_canastas", "Canastas needed to go out must be from 1 to 12, not 0."),
    ({"go_out_canastas": 13}, "go_out_canastas", "Canastas needed to go out must be from 1 to 12, not 13."),
    ({"red_threes_against": "never"}, "red_threes_against",
     "House rule 'red_threes_against' must be one of \"no_meld\" or \"no_canasta\"."),
    ({"four_red_threes_penalty": -400}, "four_red_threes_penalty", "cannot be negative"),
    ({"four_red_threes_penalty": "half"}, "four_red_threes_penalty", "Or null: the same as their bonus."),
    ({"wild_canasta_bonus": 99.5}, "wild_canasta_bonus", "no fractions"),
    ({"black_three_penalty": True}, "black_three_penalty", "must be a whole number, not true/false"),
    ({"tie_goes_to_going_out": "yes"}, "tie_goes_to_going_out",
     "House rule 'tie_goes_to_going_out' must be true or false."),
], ids=["go out 0", "go out 13", "against unknown", "penalty below 0", "penalty text", "wild fraction", "black flag",
        "tie text"])
def test_a_classic_house_rule_out_of_bounds_is_refused(client, rules, field, words):
    answer = client.post("/api/games", json={**CLASSIC, "options": {"house_rules": rules}})
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["field"] == f"options.house_rules.{field}" and words in error["message"], error


def test_the_bounds_themselves_are_allowed(client):
    rules = classic(client, go_out_canastas=12, four_red_threes_penalty=None, red_threes_against="no_canasta",
                    wild_canasta_bonus=0, black_three_penalty=0, tie_goes_to_going_out=True)["options"]["house_rules"]
    assert (rules["go_out_canastas"], rules["four_red_threes_penalty"], rules["wild_canasta_bonus"]) == (12, None, 0)


# -- a tie at the end --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rule, us, winner", [
    (True, OUT, [0]),  # peer case: the tie goes to the side that went out, margin 0
    (False, OUT, [0, 1]),
    (True, {"natural_canastas": 1, "melded": 135}, [0, 1]),  # nobody went out: still shared
])
def test_a_tie_goes_to_the_side_that_went_out_when_the_table_says_so(client, rule, us, winner):
    game = classic(client, tie_goes_to_going_out=rule)
    them = {"natural_canastas": 1, "melded": 135}  # 635, level with a side that went out with 35 melded
    answer = record(client, game, us, them)
    assert answer.status_code == 201, answer.get_json()
    ended = client.post(f"/api/games/{game['id']}/end").get_json()
    assert (ended["winner"], ended["margin"]) == (winner, 0)
    assert ended["sides"][0]["score"] == ended["sides"][1]["score"]
    sheet = pdf_text(client.get(f"/games/{game['id']}/sheet.pdf").data)
    assert ("Us won the tie at 635, having gone out in the last hand" in sheet) == (winner == [0])
    card = pdf_text(client.get(f"/games/{game['id']}/card.pdf").data)
    assert ("equal totals go to the side among them that went out in the last hand" in card) == rule


def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def test_a_tie_broken_in_every_variant_reads_its_own_going_out_flag():
    five = get_variant("five-person")
    rules = {"house_rules": {**five.house_rules, "tie_goes_to_going_out": True}}
    last = [{"finished": False}, {"finished": False}, {"finished": True}, {"finished": False}, {"finished": False}]
    assert tie_broken(five, rules, [0, 2], last) == [2]
    assert tie_broken(five, {"house_rules": five.house_rules}, [0, 2], last) == [0, 2]
    assert tie_broken(five, rules, [0, 2], []) == [0, 2]  # the last hand copied from paper says nobody went out
    assert places([635, 635, 100], [1]) == [(1, 1), (2, 0), (3, 2)]
    assert places([635, 635, 100]) == [(1, 0), (1, 1), (3, 2)]


@pytest.mark.parametrize(("rules", "said"), [
    ({}, "100 each, 800 for all four; against the side if it melded nothing"),
    ({"red_three_bonus": 50, "red_threes_against": "no_canasta"},
     "50 each, 800 for all four; against the side if it has no canasta"),
    ({"four_red_threes_bonus": 1000, "four_red_threes_penalty": 500},
     "100 each, 1,000 for all four (500 against); against the side if it melded nothing"),
])
def test_the_red_threes_help_on_the_hand_form_says_the_tables_rules(client, rules, said):
    game = classic(client, **rules)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    assert f'id="entries-0-red_threes-help">{said}</span>' in page
