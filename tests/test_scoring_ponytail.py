"""Ponytail Canasta scoring (RULES.md §1), one hand at a time, computed by hand."""
import pytest

from scoring import Refused

from .examples import PONYTAIL, nonzero
from .helpers import example_scores, setup, totals

PAIRS = PONYTAIL.players
(WORKED_A1, WORKED_B1), (WORKED_A2, WORKED_B2) = (hand.entries for hand in PONYTAIL.hands)


@pytest.mark.parametrize("number", [1, 2], ids=["§6 hand 1", "§6 hand 2"])
def test_worked_example(number):
    """RULES.md §6 (tests/examples.py): each side's total, the parts of its breakdown, its next minimum."""
    variant, options, scores = example_scores(PONYTAIL, number)
    hand = PONYTAIL.hands[number - 1]
    assert [s.total for s in scores] == hand.totals
    assert [nonzero(s.breakdown) for s in scores] == hand.parts
    assert all(sum(s.breakdown.values()) == s.total for s in scores)
    assert [variant.min_meld(total, 0, options) for total in hand.running] == hand.minimums


@pytest.mark.parametrize("entries, expected", [
    # nothing melded: in-hand points and black threes only
    ([{"in_hand": 300, "black_threes": 3}, {}], [-600, 0]),
    # 2 dirty canastas and their cards: 600 + 400
    ([{"dirty_canastas": 2, "melded": 400}, {"in_hand": 45}], [1000, -45]),
    # cut bonus and four red threes with nothing else: 100 + 400
    ([{"cut_bonus": True, "red_threes": 4}, {"red_threes": 1, "melded": 60, "in_hand": 20}], [500, 140]),
    # card points given as counts: 2×50 + 5×20 + 12×10 + 7×5 = 355 melded, 3×10 = 30 in hand
    ([{"melded": {"jokers": 2, "twenties": 5, "tens": 12, "fives": 7}, "in_hand": {"tens": 3}}, {}], [325, 0]),
    # two wild-card canastas (each 7 wild cards, 140 points at least) and one sevens canasta
    ([{"wild_canastas": 2, "sevens_canastas": 1, "melded": 400}, {}], [5000 + 5000 + 400, 0]),
])
def test_hand_totals(entries, expected):
    variant, _, options = setup("ponytail", PAIRS)
    assert totals(variant, options, entries) == expected


def test_breakdown_names_every_part_even_when_0():
    _, _, (a, b) = example_scores(PONYTAIL, 1)
    every = {"natural_canastas", "dirty_canastas", "sevens_canastas", "wild_canastas", "red_threes", "going_out",
             "cut_bonus", "melded", "in_hand", "black_threes", "unpicked_pony"}
    assert set(a.breakdown) == set(b.breakdown) == every
    assert (a.breakdown["cut_bonus"], b.breakdown["going_out"]) == (0, 0)


def test_unpicked_pony_house_rule_off_does_not_count():
    variant, _, options = setup("ponytail", PAIRS, house_rules={"unpicked_pony_counts": False})
    # 220 − 410 − 100, the 125-point pony ignored
    assert totals(variant, options, [WORKED_A2, WORKED_B2]) == [10555, -290]


def test_house_rule_numbers_replace_the_defaults():
    variant, _, options = setup("ponytail", PAIRS, house_rules={"natural_canasta": 600, "going_out": 300,
                                                                "black_three": 200})
    # 600 + 600 + 5000 + 2500 + 300 + 300 + 1230 ; 600 + 300 + 200 + 100 + 640 − 185 − 400
    assert totals(variant, options, [WORKED_A1, WORKED_B1]) == [10530, 1255]


@pytest.mark.parametrize("total, minimum", [
    (-5000, 50), (0, 50), (14995, 50), (15000, 90), (29995, 90), (30000, 120), (49995, 120), (80000, 120),
])
def test_initial_meld_minimum_tiers(total, minimum):
    variant, _, options = setup("ponytail", PAIRS)
    assert variant.min_meld(total, 0, options) == minimum


@pytest.mark.parametrize("sides, decks", [
    (PAIRS, 6),
    (PAIRS + [["Ed", "Flo"]], 8),
    ([["A"], ["B"]], 6),
    ([["A"], ["B"], ["C"], ["D"]], 6),
    ([["A"], ["B"], ["C"], ["D"], ["E"]], 7),
    ([["A"], ["B"], ["C"], ["D"], ["E"], ["F"]], 8),
])
def test_default_decks(sides, decks):
    _, _, options = setup("ponytail", sides)
    assert options["decks"] == decks


@pytest.mark.parametrize("sides", [
    [["A", "B"]],                                   # one side
    [["A"], ["B"], ["C"], ["D"], ["E"], ["F"], ["G"]],  # seven players alone
    [["A", "B"], ["C"]],                            # mixed sizes
    [["A", "B"]] * 0 + [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]],  # four partnerships
])
def test_side_arrangements_refused(sides):
    with pytest.raises(Refused) as refused:
        setup("ponytail", [[f"{p}{i}" for p in s] for i, s in enumerate(sides)])
    assert refused.value.errors[0].field == "sides"


def test_dealing_order_moves_left_each_hand():
    variant, sides, _ = setup("ponytail", PAIRS)
    # seats clockwise: Ann, Cy, Bob, Di (partners opposite)
    assert variant.dealing(sides, 0) == {"dealer": "Ann", "pony_dealer": "Cy", "cutter": "Di",
                                         "first_player": "Cy", "seats": ["Ann", "Cy", "Bob", "Di"]}
    second = variant.dealing(sides, 1)
    assert (second["dealer"], second["pony_dealer"], second["cutter"]) == ("Cy", "Bob", "Ann")
    assert variant.dealing(sides, 4)["dealer"] == "Ann"
