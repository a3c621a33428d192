"""Pony Canasta scoring (RULES.md §2), computed by hand."""
import pytest

from scoring import prepare_hand

from .examples import PONY, nonzero
from .helpers import example_scores, setup, totals

THREE = PONY.players
PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]


def test_worked_example():
    """RULES.md §6 (tests/examples.py): each player's total, the parts of the breakdown, the next minimum."""
    variant, options, scores = example_scores(PONY, 1)
    hand = PONY.hands[0]
    assert [s.total for s in scores] == hand.totals
    assert [nonzero(s.breakdown) for s in scores] == hand.parts
    assert all(sum(s.breakdown.values()) == s.total for s in scores)
    assert [variant.min_meld(total, 0, options) for total in hand.running] == hand.minimums


@pytest.mark.parametrize("entries, expected", [
    # a surprise black canasta: 300 + 100 extra + 50 melded
    ([{"black_canastas": 1, "surprise_black": 1, "melded": 50}, {}, {}], [450, 0, 0]),
    # surprise natural and sevens: 500 + 300 + 2500 + 500 + 70
    ([{"natural_canastas": 1, "surprise_natural": 1, "sevens_canastas": 1, "surprise_sevens": 1, "melded": 70},
      {}, {}], [3870, 0, 0]),
    # unpicked pony counts against by default
    ([{"in_hand": 40, "unpicked_pony": 205}, {}, {}], [-245, 0, 0]),
])
def test_hand_totals_alone(entries, expected):
    variant, _, options = setup("pony", THREE)
    assert totals(variant, options, entries) == expected


@pytest.mark.parametrize("red_treys, points", [
    (0, 0), (1, 100), (3, 300), (4, 1000), (5, 1100), (7, 1300), (8, 2000), (9, 2100), (12, 3000),
])
def test_red_treys_sets_of_four(red_treys, points):
    variant, _, options = setup("pony", THREE)
    assert totals(variant, options, [{"red_treys": red_treys}, {}, {}])[0] == points


FOUR = {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "black_canastas": 1, "melded": 400}


# RULES.md §2: −100 for a team given permission that then could not go out; not exclusive with going
# out later in the same round (+100 and −100)
@pytest.mark.parametrize("entries, expected", [
    # going out: 2500 + 2500 + 500 + 300 + 100 + 400 ; the other side: 80 − 100
    ([FOUR | {"went_out": True}, {"melded": 80, "failed_going_out": True}], [6300, -20]),
    # failed first, went out later in the round: 5800 + 400 + 100 − 100 ; the other side 80
    ([FOUR | {"went_out": True, "failed_going_out": True}, {"melded": 80}], [6200, 80]),
    # failed, and the stock ran out: nobody went out
    ([{"melded": 80, "failed_going_out": True}, {}], [-20, 0]),
], ids=["§2 the other side failed", "§2 failed, then went out", "§2 failed, nobody out"])
def test_partnership_failed_going_out_costs_100(entries, expected):
    variant, sides, options = setup("pony", PAIRS)
    assert totals(variant, options, entries) == expected
    assert prepare_hand(variant, options, sides, {"entries": entries})  # none of them is refused


@pytest.mark.parametrize("total, failed, minimum", [
    (0, 0, 50), (0, 1, 60), (0, 3, 80), (15000, 0, 90), (15000, 2, 110), (30000, 1, 130), (-200, 0, 50),
])
def test_meld_minimum_with_failed_melds(total, failed, minimum):
    variant, _, options = setup("pony", THREE)
    assert variant.min_meld(total, 0, options, {"failed_melds": failed}) == minimum


@pytest.mark.parametrize("sides, decks", [(THREE, 6), (PAIRS, 8), ([["A"], ["B"]], 4)])
def test_two_decks_a_player(sides, decks):
    _, _, options = setup("pony", sides)
    assert options["decks"] == decks


def test_pony_has_no_dealer():
    variant, sides, _ = setup("pony", THREE)
    dealing = variant.dealing(sides, 3)
    assert dealing["dealer"] is None and "highest card" in dealing["note"]
