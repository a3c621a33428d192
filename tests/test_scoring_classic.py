"""Classic Canasta scoring and checks (RULES.md §7), one hand at a time, computed by hand."""
import pytest

from scoring import Refused, derive_game, get_variant, prepare_hand
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
    assert variant.min_meld(total, 0, options) == minimum


@pytest.mark.parametrize("entries, field, words", [
    # RULES.md §7: concealed only with went_out, and the message names the field
    ([{"natural_canastas": 1, "melded": 35, "concealed": True}, {}], "entries[0].concealed", "not as going out"),
    # going out needs at least one canasta
    ([{}, {"melded": 90, "went_out": True}], "entries[1].went_out", "needs at least one canasta"),
    # at most one side goes out (RULES.md §4)
    ([{"natural_canastas": 1, "melded": 35, "went_out": True}, {"mixed_canastas": 1, "melded": 50, "went_out": True}],
     "entries[1].went_out", "Only one side can go out in a hand, but Ann & Bob and Cy & Di are marked."),
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


@pytest.mark.parametrize("sides, got", [
    ([["A", "B"], ["C", "D"], ["E", "F"]], "got 3 sides of 2 / 2 / 2 players."),  # three partnerships
    ([["A"], ["B"], ["C"], ["D"]], "got 4 sides of 1 / 1 / 1 / 1 players."),  # four alone
    ([["A", "B"], ["C"]], "got 2 sides of 2 / 1 players."),  # mixed sizes
])
def test_side_arrangements_refused(sides, got):
    with pytest.raises(Refused) as refused:
        setup("classic", sides)
    assert [(e.field, e.message) for e in refused.value.errors] == [
        ("sides", "Classic Canasta is played by 2 partnerships of two players, or by 2 or 3 players alone; " + got)]


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


# The checks at their edges (RULES.md §7 "Checks"): exactly the deck's count is accepted, one more is refused
# with words that give the count and the limit; the limits grow with the decks.
@pytest.mark.parametrize("decks, entries", [
    # 2 decks: 4 red 3s, 12 mixed canastas (12 jokers and 2s), 1,180 card points (590 a deck)
    (2, [{"red_threes": 2, "mixed_canastas": 7, "melded": 350}, {"red_threes": 2, "mixed_canastas": 5, "melded": 250}]),
    (2, [{"melded": 900}, {"in_hand": 280}]),
    # 3 decks: 6 red 3s, 18 mixed canastas, 1,770 card points
    (3, [{"red_threes": 4, "mixed_canastas": 9, "melded": 450}, {"red_threes": 2, "mixed_canastas": 9, "melded": 450}]),
    (3, [{"melded": 1500}, {"in_hand": 270}]),
])
def test_checks_accept_exactly_what_the_decks_hold(decks, entries):
    variant, sides, options = setup("classic", PAIRS, decks=decks)
    assert len(prepare_hand(variant, options, sides, {"entries": entries})) == 2


@pytest.mark.parametrize("decks, entries, field, message", [
    (3, [{"red_threes": 4, "melded": 50}, {"red_threes": 3, "melded": 50}], "entries[1].red_threes",
     "7 red threes recorded, but 3 decks hold only 6."),
    (3, [{"mixed_canastas": 10, "melded": 500}, {"mixed_canastas": 9, "melded": 450}], "entries[1].mixed_canastas",
     "19 mixed canastas need at least 19 wild cards, but 3 decks hold only 18 jokers and 2s."),
    (3, [{"melded": 1500}, {"in_hand": 275}], "entries[1].in_hand",
     "All sides together recorded 1,775 card points, but 3 decks hold only 1,770."),
    # the side that brought the total over, and its melded points when it has nothing in hand
    (2, [{"in_hand": 600}, {"melded": 585}], "entries[1].melded",
     "All sides together recorded 1,185 card points, but 2 decks hold only 1,180."),
    (2, [{"red_threes": 5, "melded": 50}, {}], "entries[0].red_threes", "5 red threes recorded, but 2 decks hold only 4."),
])
def test_checks_refuse_one_over_naming_the_count_and_the_limit(decks, entries, field, message):
    variant, sides, options = setup("classic", PAIRS, decks=decks)
    with pytest.raises(Refused) as refused:
        prepare_hand(variant, options, sides, {"entries": entries})
    assert [(e.field, e.message) for e in refused.value.errors] == [(field, message)]


@pytest.mark.parametrize("entries", [
    [{"mixed_canastas": 1, "melded": 50, "went_out": True, "concealed": True}, {}],  # a mixed canasta is enough
    [{}, {"natural_canastas": 1, "melded": 35, "went_out": True}],
])
def test_going_out_with_any_canasta_is_accepted(entries):
    variant, sides, options = setup("classic", PAIRS)
    assert len(prepare_hand(variant, options, sides, {"entries": entries})) == 2


def test_going_out_and_concealed_refusals_name_the_side():
    variant, sides, options = setup("classic", PAIRS)
    with pytest.raises(Refused) as refused:
        prepare_hand(variant, options, sides, {"entries": [{"melded": 50, "went_out": True}, {"concealed": True}]})
    assert [(e.field, e.message) for e in refused.value.errors] == [
        ("entries[0].went_out", "Ann & Bob cannot go out: going out needs at least one canasta, and Ann & Bob has none."),
        ("entries[1].concealed", "Cy & Di is marked as going out concealed but not as going out; tick Went out too, "
                                 "or untick concealed.")]


@pytest.mark.parametrize("decks, bounds", [
    # natural canastas: 54 cards a deck / 7; mixed: also at most one per joker or 2; red 3s 2 a deck; 590 points a deck
    (1, {"natural_canastas": 7, "mixed_canastas": 6, "red_threes": 2, "melded": 590, "in_hand": 590}),
    (2, {"natural_canastas": 15, "mixed_canastas": 12, "red_threes": 4, "melded": 1180, "in_hand": 1180}),
    (3, {"natural_canastas": 23, "mixed_canastas": 18, "red_threes": 6, "melded": 1770, "in_hand": 1770}),
    (4, {"natural_canastas": 30, "mixed_canastas": 24, "red_threes": 8, "melded": 2360, "in_hand": 2360}),
])
def test_field_bounds_follow_the_decks(decks, bounds):
    classic = get_variant("classic")
    # a wild canasta and black threes held apart are not played unless a house rule sets their points (RULES.md §14)
    assert classic.field_bounds({"decks": decks, "house_rules": classic.house_rules}) == {
        **bounds, "wild_canastas": 0, "black_threes": 0}
    played = {**classic.house_rules, "wild_canasta_bonus": 1000, "black_three_penalty": 0}
    assert classic.field_bounds({"decks": decks, "house_rules": played}) == {
        **bounds, "wild_canastas": 6 * decks // 7, "black_threes": 2 * decks}
