"""Five-person Canasta scoring (RULES.md §3): own scores and deal scores."""
import pytest

from scoring.variants.five_person import partner, rentrap

from .examples import FIVE_PERSON
from .helpers import example_scores, setup, totals

FIVE = FIVE_PERSON.players


def test_worked_example_deal_scores():
    """RULES.md §6 (tests/examples.py): own scores, deal scores and their breakdown, the opening minimum."""
    variant, options, scores = example_scores(FIVE_PERSON, 1)
    hand = FIVE_PERSON.hands[0]
    assert [s.extra["own"] for s in scores] == hand.own
    assert [s.total for s in scores] == hand.totals
    assert [s.breakdown for s in scores] == hand.parts
    assert [variant.min_meld(total, 0, options) for total in hand.running] == hand.minimums


def test_own_score_breakdown_and_partner():
    _, _, scores = example_scores(FIVE_PERSON, 1)
    assert scores[0].extra["partner"] == 2
    assert scores[0].extra["own_breakdown"] == {"melded": 300, "in_hand": -30, "kitties": 0, "finishing": 50,
                                                "pure_canastas": 100, "impure_canastas": 0,
                                                "pure_super_canastas": 0, "impure_super_canastas": 0}


@pytest.mark.parametrize("entry, own", [
    ({"pure_super_canastas": 1, "melded": 200}, 700),            # 500 replaces the canasta bonus
    ({"impure_super_canastas": 1, "melded": 150}, 450),
    ({"pure_canastas": 2, "impure_canastas": 1, "melded": 250, "in_hand": 15}, 485),
    ({"kitties": 2, "melded": 0}, 100),
    ({"melded": {"fifteens": 2, "tens": 4, "fives": 3}}, 85),   # 30 + 40 + 15
])
def test_own_scores(entry, own):
    variant, _, options = setup("five-person", FIVE)
    # seat 3 has nothing, so seat 1's deal score is its own score
    assert totals(variant, options, [{}, entry, {}, {}, {}])[1] == own


@pytest.mark.parametrize("seat, p, r", [(0, 2, 3), (1, 3, 4), (2, 4, 0), (3, 0, 1), (4, 1, 2)])
def test_partner_two_seats_on_rentrap_two_back(seat, p, r):
    assert (partner(seat), rentrap(seat)) == (p, r)


def test_opening_minimum_is_75_whatever_the_score():
    variant, _, options = setup("five-person", FIVE)
    assert [variant.min_meld(t, 0, options) for t in (-300, 0, 3999)] == [75, 75, 75]


def test_dealing_shows_partners_and_rentraps():
    variant, sides, _ = setup("five-person", FIVE)
    dealing = variant.dealing(sides, 6)
    assert dealing["dealer"] == "Ben"
    assert dealing["partners"][0] == {"player": "Asha", "partner": "Cleo", "rentrap": "Dev"}
