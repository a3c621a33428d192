"""Classic Canasta scoring and checks (RULES.md §7), one hand at a time, computed by hand."""
import pytest

from scoring import Refused, derive_game, prepare_hand
from scoring.game import HandRecord

from .examples import CLASSIC
from .helpers import setup, totals

PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]
# RULES.md §7, worked example
WORKED_A, WORKED_B = CLASSIC.hands[0].entries


@pytest.mark.parametrize("entries, expected", [
    # §7 worked example: 500 + 200 + 140 = 840; −200 − 15 = −215
    ([WORKED_A, WORKED_B], [840, -215]),
    # going out, not concealed: 100; 1 mixed canasta (300) with 2 red 3s (200) and 220 melded
    ([{"natural_canastas": 1, "melded": 300, "went_out": True}, {"mixed_canastas": 1, "red_threes": 2, "melded": 220}],
     [500 + 100 + 300, 300 + 200 + 220]),
    # all four red 3s count 800, not 400
    ([{"red_threes": 4, "melded": 60}, {}], [800 + 60, 0]),
    # all four red 3s of a side that melded nothing: −800, and its cards in hand
    ([{"red_threes": 4, "in_hand": 35}, {"melded": 90}], [-800 - 35, 90]),
    # one red 3, melded nothing: −100
    ([{"red_threes": 1}, {}], [-100, 0]),
    # card points given as counts: 2×50 + 3×20 = 160 melded, 2 black 3s (5 each) in hand = 10
    ([{"melded": {"jokers": 2, "twenties": 3}, "in_hand": {"fives": 2}}, {}], [150, 0]),
])
def test_hand_totals(entries, expected):
    variant, _, options = setup("classic", PAIRS)
    assert totals(variant, options, entries) == expected


def test_breakdown_names_every_part_and_adds_up():
    variant, sides, options = setup("classic", PAIRS)
    a, b = variant.score_hand(prepare_hand(variant, options, sides, {"entries": [WORKED_A, WORKED_B]}), options)
    assert a.breakdown == {"natural_canastas": 500, "mixed_canastas": 0, "red_threes": 0, "going_out": 0,
                           "concealed": 200, "melded": 140, "in_hand": 0}
    assert b.breakdown == {"natural_canastas": 0, "mixed_canastas": 0, "red_threes": -200, "going_out": 0,
                           "concealed": 0, "melded": 0, "in_hand": -15}


def test_worked_example_next_minimums():
    # RULES.md §7: A 840 → next minimum 50; B −215 → 15 (below 0)
    variant, sides, options = setup("classic", PAIRS)
    entries = prepare_hand(variant, options, sides, {"entries": [WORKED_A, WORKED_B]})
    game = derive_game(variant, options, sides, [HandRecord(entries, "2026-11-23T20:00:00+00:00")])
    assert [(s["score"], s["next_min_meld"]) for s in game["sides"]] == [(840, 50), (-215, 15)]


@pytest.mark.parametrize("total, minimum", [
    # RULES.md §7: below 0: 15 · 0 to 1,495: 50 · 1,500 to 2,995: 90 · 3,000 and up: 120
    (-5, 15), (-2000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120),
])
def test_initial_meld_minimum_tiers(total, minimum):
    variant, _, options = setup("classic", PAIRS)
    assert variant.min_meld(total, options) == minimum


@pytest.mark.parametrize("entries, field, words", [
    # RULES.md §7: concealed only with went_out, and the message names the field
    ([{"natural_canastas": 1, "melded": 35, "concealed": True}, {}], "entries[0].concealed", "not as going out"),
    # going out needs at least one canasta
    ([{}, {"melded": 90, "went_out": True}], "entries[1].went_out", "needs at least one canasta"),
    # at most one side goes out (RULES.md §4)
    ([{"natural_canastas": 1, "melded": 35, "went_out": True}, {"mixed_canastas": 1, "melded": 50, "went_out": True}],
     "entries[1].went_out", "Only one side"),
    # red 3s: at most 2 per deck, all sides together (2 decks: 4)
    ([{"red_threes": 3, "melded": 50}, {"red_threes": 2, "melded": 50}], "entries[1].red_threes", "hold only 4"),
    # melded points at least 35 per natural canasta
    ([{"natural_canastas": 2, "melded": 65}, {}], "entries[0].melded", "at least 70"),
    # and 50 per mixed canasta
    ([{"mixed_canastas": 1, "melded": 45}, {}], "entries[0].melded", "at least 50"),
    # every mixed canasta holds a wild card: 2 decks hold 12 jokers and 2s
    ([{"mixed_canastas": 7, "melded": 350}, {"mixed_canastas": 6, "melded": 300}], "entries[1].mixed_canastas",
     "12 jokers and 2s"),
    # all card points together: 2 decks hold 1,180
    ([{"melded": 900}, {"in_hand": 285}], "entries[1].in_hand", "hold only 1,180"),
])
def test_checks_refuse(entries, field, words):
    variant, sides, options = setup("classic", PAIRS)
    with pytest.raises(Refused) as refused:
        prepare_hand(variant, options, sides, {"entries": entries})
    assert [e.field for e in refused.value.errors] == [field]
    assert words in refused.value.errors[0].message


@pytest.mark.parametrize("sides", [
    [["A", "B"], ["C", "D"], ["E", "F"]],  # three partnerships
    [["A"], ["B"], ["C"], ["D"]],  # four alone
    [["A", "B"], ["C"]],  # mixed sizes
])
def test_side_arrangements_refused(sides):
    with pytest.raises(Refused) as refused:
        setup("classic", sides)
    assert "2 partnerships of two players, or by 2 or 3 players alone" in refused.value.errors[0].message


@pytest.mark.parametrize("sides", [PAIRS, [["A"], ["B"]], [["A"], ["B"], ["C"]]])
def test_allowed_sides_play_with_two_decks(sides):
    _, _, options = setup("classic", sides)
    assert options["decks"] == 2 and options["target"] == 5000


def test_game_ends_after_the_hand_a_side_reaches_5000():
    variant, sides, options = setup("classic", PAIRS)
    hand = prepare_hand(variant, options, sides, {"entries": [{"natural_canastas": 4, "mixed_canastas": 4,
                                                               "melded": 600, "went_out": True}, {}]})
    # 2000 + 1200 + 100 + 600 = 3,900 a hand: 3,900 after one, 7,800 after two
    records = [HandRecord(hand, "2026-11-23T20:00:00+00:00")]
    assert derive_game(variant, options, sides, records)["finished"] is False
    game = derive_game(variant, options, sides, records * 2)
    assert (game["finished"], game["finish_reasons"], game["winner"]) == (True, ["target"], [0])


def test_the_deal_passes_left_and_the_dealers_left_plays_first():
    variant, sides, _ = setup("classic", PAIRS)
    # seats: Ann, Cy, Bob, Di (partners opposite)
    assert variant.dealing(sides, 0) == {"dealer": "Ann", "pony_dealer": None, "cutter": None,
                                         "first_player": "Cy", "seats": ["Ann", "Cy", "Bob", "Di"]}
    assert variant.dealing(sides, 5)["dealer"] == "Cy"
