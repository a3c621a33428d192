"""Every check of RULES.md §4: the refusal names the field and says what is wrong."""
import pytest

from scoring import Refused, prepare_hand

from .helpers import setup

PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]
THREE = [["P1"], ["P2"], ["P3"]]
FIVE = [["Asha"], ["Ben"], ["Cleo"], ["Dev"], ["Eve"]]
ALL_FOUR = {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1, "melded": 300}
PONY_FOUR = {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "black_canastas": 1, "melded": 300}


def refusal(variant_id, sides, entries, **options):
    variant, s, o = setup(variant_id, sides, **options)
    with pytest.raises(Refused) as refused:
        prepare_hand(variant, o, s, {"entries": entries})
    return [(e.field, e.message) for e in refused.value.errors]


@pytest.mark.parametrize("entries, field, words", [
    # counts are whole numbers ≥ 0
    ([{"natural_canastas": 1.5}, {}], "entries[0].natural_canastas", "whole number"),
    ([{"red_threes": -1}, {}], "entries[0].red_threes", "cannot be negative"),
    ([{"red_threes": "3"}, {}], "entries[0].red_threes", "not text"),
    ([{"red_threes": None}, {}], "entries[0].red_threes", "whole number"),
    ([{"red_threes": True}, {}], "entries[0].red_threes", "whole number"),
    ([{"red_threes": [1]}, {}], "entries[0].red_threes", "whole number"),
    ([{}, {"black_threes": 1e308}], "entries[1].black_threes", "too large"),
    # card points are multiples of 5, or counts by value
    ([{"melded": 33}, {}], "entries[0].melded", "multiple of 5"),
    ([{"in_hand": {"sixes": 2}}, {}], "entries[0].in_hand.sixes", "jokers, twenties, tens, fives"),
    ([{"in_hand": {"tens": -2}}, {}], "entries[0].in_hand.tens", "cannot be negative"),
    # flags are true or false
    ([{"went_out": "yes"}, {}], "entries[0].went_out", "true or false"),
    # unknown fields are refused, never scored as 0
    ([{"natural_canastaz": 1}, {}], "entries[0].natural_canastaz", "not a field"),
    # melded points cover the declared canastas: natural 35, dirty 50, wild 140
    ([{"natural_canastas": 1, "melded": 30}, {}], "entries[0].melded", "at least 35"),
    ([{"natural_canastas": 1, "dirty_canastas": 1, "wild_canastas": 1, "melded": 220}, {}],
     "entries[0].melded", "at least 225"),
    # six decks hold 12 red threes and 12 black threes, all sides together
    ([{"red_threes": 7}, {"red_threes": 6}], "entries[1].red_threes", "13 red threes recorded, but 6 decks hold only 12"),
    ([{"black_threes": 12}, {"black_threes": 1}], "entries[1].black_threes", "hold only 12"),
    # 36 wild cards in six decks: 5 wild-card canastas (35) + 2 dirty (≥ 2) is too many
    ([{"wild_canastas": 3, "melded": 420}, {"wild_canastas": 2, "dirty_canastas": 2, "melded": 380}],
     "entries[1].wild_canastas", "at least 37 wild cards"),
    # 24 sevens in six decks: 4 sevens canastas need 28
    ([{"sevens_canastas": 2, "melded": 70}, {"sevens_canastas": 2, "melded": 70}],
     "entries[1].sevens_canastas", "28 sevens"),
    # 6 × 580 = 3,480 card points, unpicked ponies included
    ([{"melded": 2000}, {"in_hand": 1000, "unpicked_pony": 485}], "entries[1].in_hand", "3,485 card points"),
    # at most one side goes out, and only with all four kinds
    ([ALL_FOUR | {"went_out": True}, ALL_FOUR | {"went_out": True}], "entries[1].went_out", "Only one side"),
    ([{"natural_canastas": 2, "dirty_canastas": 1, "melded": 200, "went_out": True}, {}], "entries[0].went_out",
     "has no natural sevens or wild-card canasta"),
    # the cut bonus goes to one side a hand
    ([{"cut_bonus": True}, {"cut_bonus": True}], "entries[1].cut_bonus", "Only one side"),
    # one entry per side
    ([{}], "entries", "needs 2 entries"),
])
def test_ponytail_refusals(entries, field, words):
    errors = refusal("ponytail", PAIRS, entries)
    assert any(f == field and words in m for f, m in errors), errors


def test_limits_follow_the_deck_count():
    # 8 decks hold 16 red threes, so 13 is fine there
    variant, sides, options = setup("ponytail", PAIRS, decks=8)
    assert prepare_hand(variant, options, sides, {"entries": [{"red_threes": 7}, {"red_threes": 6}]})
    assert refusal("ponytail", PAIRS, [{"red_threes": 9}, {"red_threes": 8}], decks=8)[0][1] == \
        "17 red threes recorded, but 8 decks hold only 16."


def test_the_whole_deck_is_allowed():
    # exactly 12 red threes, 36 wild cards, 24 sevens and 3,480 points: nothing over
    variant, sides, options = setup("ponytail", PAIRS)
    entries = [{"red_threes": 12, "wild_canastas": 4, "dirty_canastas": 4, "sevens_canastas": 3, "melded": 1000},
               {"black_threes": 12, "dirty_canastas": 4, "melded": 200, "in_hand": 2280}]
    assert prepare_hand(variant, options, sides, {"entries": entries})


def test_a_whole_number_written_with_a_point_is_accepted():
    variant, sides, options = setup("ponytail", PAIRS)
    assert prepare_hand(variant, options, sides, {"entries": [{"red_threes": 2.0}, {}]})[0]["red_threes"] == 2


@pytest.mark.parametrize("entries, field, words", [
    ([{"natural_canastas": 1, "surprise_natural": 2, "melded": 70}, {}, {}], "entries[0].surprise_natural",
     "only 1 natural canasta"),
    ([{"surprise_wild": 1}, {}, {}], "entries[0].surprise_wild", "only 0 wild canastas"),
    # an individual player asks nobody's permission
    ([{"failed_going_out": True}, {}, {}], "entries[0].failed_going_out", "plays alone"),
    ([{"wild_canastas": 1, "melded": 100}, {}, {}], "entries[0].melded", "at least 140"),
    ([{"black_canastas": 1, "melded": 45}, {}, {}], "entries[0].melded", "at least 50"),
    ([PONY_FOUR | {"sevens_canastas": 0, "went_out": True}, {}, {}], "entries[0].went_out", "has no sevens canasta"),
    ([PONY_FOUR | {"went_out": True}, PONY_FOUR | {"went_out": True}, {}], "entries[1].went_out", "Only one side"),
    # three players: 6 decks, 12 red treys
    ([{"red_treys": 5}, {"red_treys": 5}, {"red_treys": 3}], "entries[2].red_treys", "13 red treys"),
    ([{"melded": 3000}, {"in_hand": 485}, {}], "entries[1].in_hand", "hold only 3,480"),
    ([{"cut_bonus": True}, {}, {}], "entries[0].cut_bonus", "not a field"),
])
def test_pony_refusals(entries, field, words):
    errors = refusal("pony", THREE, entries)
    assert any(f == field and words in m for f, m in errors), errors


def test_pony_partnership_may_fail_going_out():
    variant, sides, options = setup("pony", [["Ann", "Bob"], ["Cy", "Di"]])
    assert prepare_hand(variant, options, sides, {"entries": [{"failed_going_out": True}, {}]})


@pytest.mark.parametrize("entries, field, words", [
    ([{"kitties": 2}, {"kitties": 1}, {}, {}, {}], "entries[1].kitties", "3 kitties recorded"),
    ([{"finished": True, "pure_canastas": 1, "melded": 35}, {"finished": True, "pure_canastas": 1, "melded": 35},
      {}, {}, {}], "entries[1].finished", "Only one player"),
    ([{"melded": 500}, {"in_hand": 485}, {}, {}, {}], "entries[1].in_hand", "holds only 980"),
    # RULES.md §4: 115 melded points per pure super canasta, 110 per impure one, 35 per canasta
    ([{"pure_super_canastas": 1, "melded": 110}, {}, {}, {}, {}], "entries[0].melded", "at least 115"),
    ([{"impure_super_canastas": 1, "melded": 105}, {}, {}, {}, {}], "entries[0].melded", "at least 110"),
    ([{"pure_super_canastas": 1, "impure_super_canastas": 1, "impure_canastas": 1, "melded": 255}, {}, {}, {}, {}],
     "entries[0].melded", "at least 260"),
    ([{"pure_canastas": 2, "melded": 65}, {}, {}, {}, {}], "entries[0].melded", "at least 70"),
    ([{"cut_bonus": True}, {}, {}, {}, {}], "entries[0].cut_bonus", "not a field"),
    ([{"melded": {"jokers": 1}}, {}, {}, {}, {}], "entries[0].melded.jokers", "fifteens, tens, fives"),
])
def test_five_person_refusals(entries, field, words):
    errors = refusal("five-person", FIVE, entries)
    assert any(f == field and words in m for f, m in errors), errors


@pytest.mark.parametrize("entries", [
    [{"pure_super_canastas": 1, "melded": 115}, {}, {}, {}, {}],
    [{"impure_super_canastas": 1, "melded": 110}, {}, {}, {}, {}],
    [{"pure_super_canastas": 1, "impure_super_canastas": 1, "impure_canastas": 1, "melded": 260}, {}, {}, {}, {}],
], ids=["§4 pure super 115", "§4 impure super 110", "§4 together 260"])
def test_five_person_super_canasta_minimum_is_enough(entries):
    variant, sides, options = setup("five-person", FIVE)
    assert prepare_hand(variant, options, sides, {"entries": entries})


# RULES.md §3: finishing needs a canasta of the finisher's own or of their partner's (two seats
# after), house rule finish_needs_canasta, default ON
FINISHER = {"finished": True, "melded": 40}


@pytest.mark.parametrize("entries, house_rules", [
    ([FINISHER, {}, {}, {}, {}], {}),
    ([FINISHER, {}, {}, {}, {}], {"finish_needs_canasta": True}),
    # the neighbours' canastas are not the partner's: seat 0's partner is seat 2
    ([FINISHER, {"pure_canastas": 1, "melded": 35}, {}, {"pure_canastas": 1, "melded": 35},
      {"pure_canastas": 1, "melded": 35}], {}),
], ids=["§3 default on", "§3 on", "§3 others' canastas do not count"])
def test_five_person_finishing_without_a_canasta_is_refused(entries, house_rules):
    errors = refusal("five-person", FIVE, entries, house_rules=house_rules)
    assert errors == [("entries[0].finished", "Asha cannot finish: finishing needs a canasta, and neither Asha "
                                              "nor their partner Cleo has one.")]


@pytest.mark.parametrize("entries, house_rules", [
    ([FINISHER, {}, {}, {}, {}], {"finish_needs_canasta": False}),
    ([FINISHER | {"pure_canastas": 1}, {}, {}, {}, {}], {}),
    ([FINISHER, {}, {"impure_canastas": 1, "melded": 90}, {}, {}], {}),
    ([FINISHER, {}, {"pure_super_canastas": 1, "melded": 115}, {}, {}], {}),
    # seat 4's partner is seat 1 (two seats after, round the table)
    ([{}, {"impure_canastas": 1, "melded": 35}, {}, {}, FINISHER], {}),
], ids=["§3 off", "§3 own canasta", "§3 partner's canasta", "§3 partner's super canasta",
        "§3 partner round the table"])
def test_five_person_finishing_with_a_canasta_at_hand(entries, house_rules):
    variant, sides, options = setup("five-person", FIVE, house_rules=house_rules)
    assert prepare_hand(variant, options, sides, {"entries": entries})


@pytest.mark.parametrize("payload, field", [
    ([], None),
    ({"entries": {}}, "entries"),
    ({"entries": [{}, {}], "extra": 1}, "extra"),
    ({"entries": [{}, 5]}, "entries[1]"),
])
def test_hand_shape_refusals(payload, field):
    variant, sides, options = setup("ponytail", PAIRS)
    with pytest.raises(Refused) as refused:
        prepare_hand(variant, options, sides, payload)
    assert refused.value.errors[0].field == field
