"""Hand and Foot scoring (RULES.md §8), one round at a time, computed by hand: the worked example, every part of
the hand score and every house rule, going out, the minimum by round, the end of the game, sides and decks.
The refusals of §4 and §8 are in test_scoring_hand_and_foot_checks.py."""
import pytest

from scoring.game import HandRecord, derive_game
from scoring.variants.hand_and_foot import (
    DEFAULT_MAX_HANDS,
    DEFAULT_TARGET,
    VARIANT,
    missing_books,
)

from .examples import HAND_AND_FOOT, nonzero
from .helpers import refusals, rules_setup

PAIRS = HAND_AND_FOOT.players
WORKED_A, WORKED_B = HAND_AND_FOOT.hands[0].entries
# RULES.md §8: B with "unplayed foot counts" OFF: the foot never taken up is not entered, neither its points nor
# its red three and black three
WORKED_B_FOOT_OFF = {**WORKED_B, "in_foot": 0, "red_threes_held": 0, "black_threes": 1}


def scores(entries, players=PAIRS, **house_rules):
    """Each side's SideScore for these entries, every check passed first."""
    sides, options = rules_setup(VARIANT, players, **({"house_rules": house_rules} if house_rules else {}))
    assert refusals(VARIANT, sides, options, entries) == []
    parsed, _ = VARIANT.parse_hand({"entries": entries}, len(entries))
    return VARIANT.score_hand(parsed, options)


def totals(entries, players=PAIRS, **house_rules):
    return [s.total for s in scores(entries, players, **house_rules)]


# --------------------------------------------------------------------------- §8 worked example

def test_worked_example():
    """RULES.md §8: A = 4,475, B = 595; each part of the breakdown, and the parts add up."""
    a, b = scores(HAND_AND_FOOT.hands[0].entries)
    assert [a.total, b.total] == [4475, 595] == HAND_AND_FOOT.hands[0].totals
    assert [nonzero(a.breakdown), nonzero(b.breakdown)] == HAND_AND_FOOT.hands[0].parts
    assert all(sum(s.breakdown.values()) == s.total for s in (a, b))


@pytest.mark.parametrize("entries, house_rules, expected", [
    pytest.param([WORKED_A, WORKED_B], {"red_three_penalty": 100}, [4475, 995],
                 id="§8 worked example: Pagat's red threes (bonus 100, penalty 100): B = 995"),
    pytest.param([WORKED_A, WORKED_B_FOOT_OFF], {"unplayed_foot_counts": False}, [4475, 1220],
                 id="§8 worked example: unplayed foot OFF: B = 1310 − 85 − 5 = 1,220"),
    pytest.param([WORKED_A, WORKED_B], {"go_out_needs": {"natural": 2, "dirty": 2, "wild": 1}}, [4475, 595],
                 id="§8 worked example: A also has Pagat's books to go out (2 clean, 2 dirty, 1 wild)"),
])
def test_worked_example_with_house_rules(entries, house_rules, expected):
    assert totals(entries, **house_rules) == expected


def test_worked_example_next_minimum_is_round_twos_for_both_sides_whatever_the_totals():
    _, options = rules_setup(VARIANT, PAIRS)
    assert [VARIANT.min_meld(0, 0, options)] * 2 == [50, 50]  # round 1 (none played yet): both sides 50
    assert [VARIANT.min_meld(t, 1, options) for t in (4475, 595)] == HAND_AND_FOOT.hands[0].minimums == [90, 90]


# --------------------------------------------------------------------------- §8 hand score, part by part

@pytest.mark.parametrize("entries, expected", [
    pytest.param([{"natural_canastas": 1, "melded": 35}, {}], [500 + 35, 0], id="§8 hand score: clean book 500"),
    pytest.param([{"dirty_canastas": 2, "melded": 100}, {}], [600 + 100, 0], id="§8 hand score: dirty book 300"),
    pytest.param([{"wild_canastas": 1, "melded": 140}, {}], [1500 + 140, 0], id="§8 hand score: wild book 1500"),
    pytest.param([{"red_threes": 2}, {}], [200, 0], id="§8 hand score: red three laid down +100 each"),
    pytest.param([{"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True}, {}],
                 [500 + 300 + 100 + 85, 0], id="§8 hand score: going out +100"),
    pytest.param([{"exact_pickups": 2}, {"exact_pickups": 1}], [200, 100], id="§8 hand score: exact pick-ups +100 each"),
    pytest.param([{"melded": 60, "in_hand": 45}, {}], [60 - 45, 0], id="§8 hand score: melded plus, in-hand minus"),
    pytest.param([{"in_foot": 120}, {}], [-120, 0], id="§8 hand score: a foot never taken up counts against"),
    pytest.param([{"red_threes_held": 1}, {}], [-500, 0], id="§8 hand score: red three held −500"),
    pytest.param([{"black_threes": 3}, {}], [-15, 0], id="§8 hand score: black three held −5"),
    pytest.param([{"natural_canastas": 1, "melded": 35}, {"dirty_canastas": 1, "melded": 50, "in_hand": 20}],
                 [535, 330], id="§8 nobody out (the stock ran out): no going-out bonus, the rest scores"),
    pytest.param([{"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "in_hand": 30, "in_foot": 40,
                   "red_threes_held": 1, "black_threes": 1, "went_out": True}, {}], [500 + 300 + 100 + 85 - 30 - 40 - 505, 0],
                 id="§8 going out: a partner's hand and unplayed foot still count against the partnership"),
    pytest.param([{"melded": {"jokers": 2, "twenties": 5, "tens": 12, "fives": 7}, "in_foot": {"tens": 3}}, {}],
                 [355 - 30, 0], id="§4 card points given as counts: 2×50 + 5×20 + 12×10 + 7×5 melded, 3×10 in foot"),
])
def test_hand_score_parts(entries, expected):
    assert totals(entries) == expected


@pytest.mark.parametrize("house_rules, entries, expected", [
    pytest.param({"natural_canasta_bonus": 600}, [{"natural_canastas": 1, "melded": 35}], 635,
                 id="§8 house rule natural_canasta_bonus"),
    pytest.param({"dirty_canasta_bonus": 250}, [{"dirty_canastas": 1, "melded": 50}], 300,
                 id="§8 house rule dirty_canasta_bonus"),
    pytest.param({"wild_canasta_bonus": 2500}, [{"wild_canastas": 1, "melded": 140}], 2640,
                 id="§8 house rule wild_canasta_bonus"),
    pytest.param({"sevens_canasta_bonus": 1000}, [{"sevens_canastas": 1, "natural_canastas": 1, "melded": 70}], 1570,
                 id="§8 house rule sevens_canasta_bonus on: a sevens book scores it instead of 500"),
    pytest.param({"going_out_bonus": 250}, [{"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True}],
                 1135, id="§8 house rule going_out_bonus"),
    pytest.param({"red_three_bonus": -100}, [{"red_threes": 2, "melded": 20}], -180,
                 id="§8 house rule red_three_bonus may be negative"),
    pytest.param({"red_three_bonus": 0}, [{"red_threes": 2}], 0, id="§8 house rule red_three_bonus 0"),
    pytest.param({"red_three_penalty": 100}, [{"red_threes_held": 2}], -200, id="§8 house rule red_three_penalty"),
    pytest.param({"black_three_penalty": 100}, [{"black_threes": 2}], -200, id="§8 house rule black_three_penalty"),
    pytest.param({"exact_pickup_bonus": 50}, [{"exact_pickups": 2}], 100, id="§8 house rule exact_pickup_bonus"),
    pytest.param({"unplayed_foot_counts": False}, [{"in_hand": 30, "black_threes": 1}], -35,
                 id="§8 house rule unplayed_foot_counts OFF: only the hands count"),
])
def test_house_rules_change_the_score(house_rules, entries, expected):
    assert totals(entries + [{}], **house_rules)[0] == expected


def test_breakdown_names_every_part_even_when_0():
    a, b = scores([WORKED_A, WORKED_B])
    assert list(a.breakdown) == list(b.breakdown) == [
        "natural_canastas", "dirty_canastas", "wild_canastas", "sevens_canastas", "red_threes", "going_out",
        "exact_pickups", "melded", "in_hand", "in_foot", "red_threes_held", "black_threes"]
    assert (a.breakdown["in_foot"], b.breakdown["going_out"], a.breakdown["sevens_canastas"]) == (0, 0, 0)


# --------------------------------------------------------------------------- §8 going out

CLEAN, DIRTY, WILD, SEVENS = "natural_canastas", "dirty_canastas", "wild_canastas", "sevens_canastas"
PAGAT = {"natural": 2, "dirty": 2, "wild": 1}


def books(clean=0, dirty=0, wild=0, sevens=0):
    return {CLEAN: clean, DIRTY: dirty, WILD: wild, SEVENS: sevens}


@pytest.mark.parametrize("held, needs, missing", [
    pytest.param(books(clean=1, dirty=1), None, {}, id="§8 going out: one clean and one dirty by default"),
    pytest.param(books(sevens=1, dirty=1), None, {}, id="§8 going out: sevens counts as clean"),
    pytest.param(books(clean=2), None, {}, id="§8 going out: a spare clean stands in for a missing dirty"),
    pytest.param(books(clean=1, sevens=1), None, {}, id="§8 going out: a spare sevens stands in for a missing dirty"),
    pytest.param(books(clean=4), PAGAT, {"wild": 1}, id="§8 going out: nothing stands in for a wild book"),
    pytest.param(books(clean=2, dirty=2, wild=1), PAGAT, {}, id="§8 going out: Pagat's 2 clean, 2 dirty, 1 wild"),
    pytest.param(books(clean=3, dirty=1, wild=1), PAGAT, {}, id="§8 going out: Pagat's, a third clean for a dirty"),
    pytest.param(books(), {"natural": 0, "dirty": 0, "wild": 0}, {}, id="§8 go_out_needs all 0: no book needed"),
    pytest.param(books(dirty=1), {"dirty": 1}, {}, id="§8 go_out_needs replaces the default whole: a key left out is 0"),
    pytest.param(books(clean=1), None, {"dirty": 1}, id="§8 going out: a dirty book missing"),
    pytest.param(books(dirty=3), None, {"natural": 1}, id="§8 going out: a dirty book never stands in for a clean"),
    pytest.param(books(clean=1, wild=2), None, {"dirty": 1}, id="§8 going out: a wild book never stands in for a dirty"),
    pytest.param(books(dirty=1, wild=2), None, {"natural": 1}, id="§8 going out: a wild book never stands in for a clean"),
    pytest.param(books(clean=1), PAGAT, {"natural": 1, "dirty": 2, "wild": 1}, id="§8 going out: several missing"),
])
def test_books_missing_to_go_out(held, needs, missing):
    needs = needs or VARIANT.house_rules["go_out_needs"]
    whole = {"natural": 0, "dirty": 0, "wild": 0} | needs  # as the house rule keeps it: a key left out is 0
    assert {k: n for k, n in missing_books(held, whole).items() if n} == missing
    rules = {"go_out_needs": needs, "sevens_canasta_bonus": 1000}
    melded = 35 * (held[CLEAN] + held[SEVENS]) + 50 * held[DIRTY] + 140 * held[WILD]
    sides, options = rules_setup(VARIANT, PAIRS, house_rules=rules)
    found = refusals(VARIANT, sides, options, [{**held, "melded": melded, "went_out": True}, {}])
    assert [f for f, _ in found] == (["entries[0].went_out"] if missing else [])


def test_going_out_refused_names_what_is_missing():
    sides, options = rules_setup(VARIANT, PAIRS, house_rules={"go_out_needs": PAGAT})
    assert refusals(VARIANT, sides, options, [{}, {CLEAN: 1, "melded": 35, "went_out": True}]) == [(
        "entries[1].went_out", "Cy & Di cannot go out: going out needs 2 clean books, 2 dirty books and 1 wild book, "
        "and Cy & Di is 1 clean book, 2 dirty books and 1 wild book short. A sevens book counts as clean and a spare "
        "clean book may stand in for a dirty one; a wild book stands in for neither.")]


# --------------------------------------------------------------------------- §8 minimum by round, end of game

@pytest.mark.parametrize("round_number, minimums, expected", [
    pytest.param(1, None, 50, id="§8 minimum: round 1 50"),
    pytest.param(2, None, 90, id="§8 minimum: round 2 90"),
    pytest.param(3, None, 120, id="§8 minimum: round 3 120"),
    pytest.param(4, None, 150, id="§8 minimum: round 4 150"),
    pytest.param(5, None, 150, id="§8 minimum: rounds past the list keep its last value"),
    pytest.param(40, None, 150, id="§8 minimum: round 40 still the last value"),
    pytest.param(3, [75], 75, id="§8 house rule meld_minimums: one value for every round"),
    pytest.param(2, [150, 50], 50, id="§8 house rule meld_minimums: any order"),
    pytest.param(1, [120, 150], 120, id="§8 a game begun on paper: the rounds still to play (round 3 first)"),
])
def test_meld_minimum_for_round(round_number, minimums, expected):
    rules = {**VARIANT.house_rules, **({"meld_minimums": minimums} if minimums else {})}
    assert VARIANT.min_meld(5000, round_number - 1, {"house_rules": rules}) == expected


@pytest.mark.parametrize("options, rounds, totals_now, reasons", [
    pytest.param({}, 3, [9000, 100], [], id="§8 end: by default no target, 3 of 4 rounds played: goes on"),
    pytest.param({}, 4, [900, 100], ["max_hands"], id="§8 end: after max_hands 4 rounds"),
    pytest.param({"target": 10000, "max_hands": None}, 7, [9995, 0], [], id="§8 end: to a target, not reached"),
    pytest.param({"target": 10000, "max_hands": None}, 2, [10000, 0], ["target"], id="§8 end: to a target, reached"),
    pytest.param({"target": 10000}, 2, [10500, 0], ["target"], id="§8 end: target and default rounds, target first"),
    pytest.param({"target": 10000}, 4, [8000, 0], ["max_hands"], id="§8 end: target and default rounds, rounds first"),
    pytest.param({"target": 10000}, 4, [8000, 10000], ["target", "max_hands"], id="§8 end: target and rounds at once"),
])
def test_how_the_game_ends(options, rounds, totals_now, reasons):
    sides, built = rules_setup(VARIANT, PAIRS, **options)
    sides = [{**side, "start_score": total} for side, total in zip(sides, totals_now)]  # totals as if played before
    nothing = {f.name: False if f.kind == "flag" else 0 for f in VARIANT.fields}
    hands = [HandRecord([nothing, nothing], "2026-11-25T20:00:00+00:00")] * rounds
    assert derive_game(VARIANT, built, sides, hands)["finish_reasons"] == reasons


# --------------------------------------------------------------------------- §8 sides, decks, options, dealing

@pytest.mark.parametrize("players, decks", [
    pytest.param(PAIRS, 5, id="§8 sides: two partnerships, 5 decks"),
    pytest.param(PAIRS + [["Ed", "Flo"]], 7, id="§8 sides: three partnerships, 7 decks"),
    pytest.param([["A", "B", "C"], ["D", "E", "F"]], 7, id="§8 sides: two teams of three, 7 decks"),
    pytest.param([["A"], ["B"]], 3, id="§8 sides: 2 players alone, 3 decks"),
    pytest.param([["A"], ["B"], ["C"], ["D"], ["E"], ["F"]], 7, id="§8 sides: 6 players alone, 7 decks"),
])
def test_sides_allowed_and_their_default_options(players, decks):
    _, options = rules_setup(VARIANT, players)
    assert (options["decks"], options["max_hands"], options["target"]) == (decks, DEFAULT_MAX_HANDS, DEFAULT_TARGET)
    assert (DEFAULT_MAX_HANDS, DEFAULT_TARGET) == (4, None)


def test_house_rule_defaults_are_rules_md_s():
    assert VARIANT.house_rules == {
        "meld_minimums": [50, 90, 120, 150], "natural_canasta_bonus": 500, "dirty_canasta_bonus": 300,
        "wild_canasta_bonus": 1500, "sevens_canasta_bonus": None, "going_out_bonus": 100, "red_three_bonus": 100,
        "red_three_penalty": 500, "black_three_penalty": 5, "exact_pickup_bonus": 100,
        "go_out_needs": {"natural": 1, "dirty": 1, "wild": 0}, "unplayed_foot_counts": True,
        # RULES.md §14 "Hand and Foot": each new key's default leaves the scoring of §8 as it was
        "meld_minimums_by_score": None, "black_threes_canasta_bonus": None, "red_three_bonus_not_out": None,
        "black_three_meld_bonus": None, "go_out_strict": False, "joker_value": 50,
        "tie_goes_to_going_out": False, "tie_plays_another_hand": False}  # RULES.md §14, every variant


def test_entry_fields_are_api_md_s_and_say_books():
    assert [f.name for f in VARIANT.fields] == [
        "natural_canastas", "dirty_canastas", "wild_canastas", "sevens_canastas", "black_threes_canastas", "red_threes",
        "red_threes_held", "black_threes", "black_threes_melded", "exact_pickups", "melded", "in_hand", "in_foot",
        "went_out"]
    assert [f.label for f in VARIANT.fields[:5]] == ["Clean books", "Dirty books", "Wild books", "Sevens books",
                                                     "Black-three books"]
    assert [f.group for f in VARIANT.fields] == ["Books"] * 5 + ["Threes"] * 4 + ["Cards"] * 4 + [""]
    assert list(VARIANT.card_values) == ["jokers", "twenties", "tens", "fives"]


def test_the_deal_passes_left_and_the_dealers_left_plays_first():
    sides, _ = rules_setup(VARIANT, PAIRS)
    assert VARIANT.dealing(sides, 0) == {"dealer": "Ann", "pony_dealer": None, "cutter": None, "first_player": "Cy",
                                         "seats": ["Ann", "Cy", "Bob", "Di"]}
    assert VARIANT.dealing(sides, 1)["dealer"] == "Cy" and VARIANT.dealing(sides, 4)["dealer"] == "Ann"


def test_rules_card_words():
    rules = {**VARIANT.house_rules, "meld_minimums": [50, 90], "go_out_needs": PAGAT}
    assert VARIANT.meld_rows(rules) == ([("Round 1", "50"), ("Round 2 and later", "90")],
                                        "The same for every side, whatever the score.")
    assert VARIANT.going_out_text(rules).startswith("To go out a side needs 2 clean books, 2 dirty books and 1 wild book:")
    assert ("Red three laid down", "\u2212100 each") in VARIANT.bonus_rows({**rules, "red_three_bonus": -100})
