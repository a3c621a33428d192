"""Every check of RULES.md §4 and §8 on a Hand and Foot round and on a new game's options: what passes at the
edge passes, and each refusal names its field and says what is wrong and what is allowed."""
import pytest

from scoring.variants.hand_and_foot import VARIANT

from .examples import HAND_AND_FOOT
from .helpers import refusals, rules_setup

PAIRS = HAND_AND_FOOT.players
ALONE = [["Ann"], ["Cy"]]
TRIOS = [["A", "B", "C"], ["D", "E", "F"]]


def checked(entries, players=PAIRS, **options):
    sides, built = rules_setup(VARIANT, players, **options)
    return refusals(VARIANT, sides, built, entries)


# --------------------------------------------------------------------------- refused rounds

@pytest.mark.parametrize("entries, options, field, words", [
    # §4: counts whole numbers ≥ 0, card points whole multiples of 5, only the variant's fields and card values
    pytest.param([{"red_threes_held": 1.5}, {}], {}, "entries[0].red_threes_held", "Red threes held must be a whole "
                 "number (no fractions)", id="§4 a count is a whole number: no fraction"),
    pytest.param([{}, {"exact_pickups": -1}], {}, "entries[1].exact_pickups", "Exact pick-ups cannot be negative",
                 id="§4 a count is ≥ 0"),
    pytest.param([{"in_foot": 12}, {}], {}, "entries[0].in_foot", "Unplayed foot must be a multiple of 5",
                 id="§4 card points are multiples of 5"),
    pytest.param([{"in_foot": {"threes": 1}}, {}], {}, "entries[0].in_foot.threes", "'threes' is not a card value here. "
                 "Use jokers, twenties, tens, fives.", id="§8 threes are never card points"),
    pytest.param([{"unpicked_pony": 10}, {}], {}, "entries[0].unpicked_pony", "'unpicked_pony' is not a field of a Hand "
                 "and Foot hand.", id="§4 an unknown field is refused"),
    pytest.param([{"went_out": "yes"}, {}], {}, "entries[0].went_out", "Went out must be true or false.",
                 id="§4 a flag is true or false"),
    # §4/§8: melded points at least what the books hold
    pytest.param([{"natural_canastas": 2, "melded": 65}, {}], {}, "entries[0].melded", "Melded points are 65, but 2 "
                 "clean books alone hold at least 70 points of cards.", id="§8 melded: 35 per clean book"),
    pytest.param([{"dirty_canastas": 1, "melded": 45}, {}], {}, "entries[0].melded", "1 dirty book alone hold at least 50",
                 id="§8 melded: 50 per dirty book"),
    pytest.param([{}, {"wild_canastas": 1, "melded": 135}], {}, "entries[1].melded", "1 wild book alone hold at least 140",
                 id="§8 melded: 140 per wild book"),
    pytest.param([{"sevens_canastas": 1, "melded": 30}, {}], {"house_rules": {"sevens_canasta_bonus": 1000}},
                 "entries[0].melded", "1 sevens book alone hold at least 35", id="§8 melded: 35 per sevens book"),
    pytest.param([{"natural_canastas": 2, "dirty_canastas": 2, "wild_canastas": 1, "melded": 305}, {}], {},
                 "entries[0].melded", "at least 310", id="§8 worked example check: A's books need 310 melded"),
    # §4/§8: all sides of the round together, per deck in play (5 decks here)
    pytest.param([{"red_threes": 6}, {"red_threes": 2, "red_threes_held": 3}], {}, "entries[1].red_threes_held",
                 "11 red threes recorded, but 5 decks hold only 10.", id="§8 decks: 2 red threes a deck, laid and held"),
    pytest.param([{"black_threes": 6}, {"black_threes": 5}], {}, "entries[1].black_threes",
                 "11 black threes recorded, but 5 decks hold only 10.", id="§8 decks: 2 black threes a deck"),
    pytest.param([{"wild_canastas": 4, "melded": 560}, {"dirty_canastas": 3, "melded": 150}], {},
                 "entries[1].dirty_canastas", "4 wild books and 3 dirty books need at least 31 wild cards, but 5 decks "
                 "hold only 30 jokers and 2s.", id="§8 decks: 6 wild cards a deck (7 a wild book, 1 a dirty)"),
    pytest.param([{"natural_canastas": 31, "melded": 1085}, {"dirty_canastas": 1, "melded": 50}], {},
                 "entries[1].dirty_canastas", "31 clean books and 1 dirty book need at least 221 natural cards (4s to "
                 "aces), but 5 decks hold only 220.", id="§8 decks: 44 naturals 4 to A a deck (7 a clean, 4 a dirty)"),
    pytest.param([{"sevens_canastas": 2, "melded": 70}, {"sevens_canastas": 1, "melded": 35}],
                 {"house_rules": {"sevens_canasta_bonus": 1000}}, "entries[1].sevens_canastas",
                 "3 sevens books need 21 sevens, but 5 decks hold only 20.", id="§8 decks: 4 sevens a deck"),
    pytest.param([{"melded": 2000}, {"in_foot": 905}], {}, "entries[1].in_foot", "All sides together recorded 2,905 "
                 "card points (melded, in hands and in feet), but 5 decks hold only 2,900.",
                 id="§8 decks: 580 card points a deck, melded + in hand + in foot"),
    pytest.param([{"red_threes": 3}, {"red_threes": 2}], {"decks": 2}, "entries[1].red_threes",
                 "5 red threes recorded, but 2 decks hold only 4.", id="§8 decks option: the limits follow the decks"),
    # §8: exact pick-ups at most the side's players
    pytest.param([{"exact_pickups": 3}, {}], {}, "entries[0].exact_pickups", "Ann & Bob has 2 players, so at most 2 "
                 "exact pick-ups (one a player), not 3.", id="§8 exact pick-ups at most the side's players"),
    # §4/§8: at most one side goes out
    pytest.param([{"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True},
                  {"natural_canastas": 2, "melded": 70, "went_out": True}], {}, "entries[1].went_out",
                 "Only one side can go out in a round, but Ann & Bob and Cy & Di are marked.",
                 id="§4 at most one side goes out"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], {}, "entries[0].went_out",
                 "Ann & Bob cannot go out: going out needs 1 clean book and 1 dirty book, and Ann & Bob is 1 dirty "
                 "book short.", id="§8 going out needs the books of go_out_needs"),
    # §8: a count above 0 while its house rule is off
    pytest.param([{"wild_canastas": 1, "melded": 140}, {}], {"house_rules": {"wild_canasta_bonus": None}},
                 "entries[0].wild_canastas", "Wild books are not allowed at this table (house rule wild_canasta_bonus "
                 "is off), so Wild books must be 0, not 1.", id="§8 wild books forbidden: wild_canastas refused"),
    pytest.param([{}, {"sevens_canastas": 1, "melded": 35}], {}, "entries[1].sevens_canastas", "Sevens books are not "
                 "scored apart at this table: count a sevens book as a clean book and leave Sevens books at 0, not 1.",
                 id="§8 sevens not scored apart (default): sevens_canastas refused"),
    pytest.param([HAND_AND_FOOT.hands[0].entries[0], HAND_AND_FOOT.hands[0].entries[1]],
                 {"house_rules": {"unplayed_foot_counts": False}}, "entries[1].in_foot", "An unplayed foot does not "
                 "count at this table (house rule unplayed_foot_counts is off): leave Unplayed foot at 0, not 120, and "
                 "its threes out of the threes held.", id="§8 unplayed foot not counted: in_foot refused"),
])
def test_a_round_is_refused_naming_the_field(entries, options, field, words):
    found = checked(entries, **options)
    assert [f for f, _ in found] == [field]
    assert words in found[0][1]


@pytest.mark.parametrize("field, value, label", [
    pytest.param("in_hand", 15, "In-hand points", id="§8 a player alone who went out holds nothing: in_hand"),
    pytest.param("in_foot", 40, "Unplayed foot", id="§8 a player alone who went out holds nothing: in_foot"),
    pytest.param("red_threes_held", 1, "Red threes held", id="§8 a player alone who went out: red_threes_held"),
    pytest.param("black_threes", 2, "Black threes held", id="§8 a player alone who went out: black_threes"),
])
def test_a_player_alone_who_went_out_holds_nothing(field, value, label):
    out = {"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True}
    assert checked([{}, {**out, field: value}], ALONE) == [
        (f"entries[1].{field}", f"Cy went out playing alone, so nothing is left in hand or foot: {label} must be 0, "
                                f"not {value}.")]
    assert checked([{}, out], ALONE) == []  # holding nothing, Cy goes out
    assert checked([{field: value}, out], ALONE) == []  # Ann, who did not go out, may hold anything


def test_an_unplayed_foot_not_counted_is_refused_once_for_a_player_alone_who_went_out():
    out = {"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True, "in_foot": 20}
    assert [f for f, _ in checked([out, {}], ALONE, house_rules={"unplayed_foot_counts": False})] == ["entries[0].in_foot"]


def test_every_refusal_of_one_round_comes_at_once():
    found = checked([{"natural_canastas": 1, "melded": 20, "exact_pickups": 2, "went_out": True},
                     {"sevens_canastas": 1, "in_foot": 10}], ALONE, house_rules={"unplayed_foot_counts": False})
    assert [f for f, _ in found] == ["entries[0].melded", "entries[1].melded", "entries[0].exact_pickups",
                                     "entries[1].sevens_canastas", "entries[1].in_foot", "entries[0].went_out"]


# --------------------------------------------------------------------------- passing at the edge

@pytest.mark.parametrize("entries, players, options", [
    pytest.param([HAND_AND_FOOT.hands[0].entries[0], HAND_AND_FOOT.hands[0].entries[1]], PAIRS, {},
                 id="§8 worked example: every check passes (melded 905 ≥ 310, 410 ≥ 85; 5 of 10 red threes; "
                    "10 of 30 wild cards; 33 of 220 naturals; 1,550 of 2,900 card points)"),
    pytest.param([{"red_threes": 6}, {"red_threes": 1, "red_threes_held": 3}], PAIRS, {}, id="§8 decks: 10 red threes"),
    pytest.param([{"wild_canastas": 4, "melded": 560}, {"dirty_canastas": 2, "melded": 100}], PAIRS, {},
                 id="§8 decks: 30 wild cards"),
    pytest.param([{"natural_canastas": 28, "melded": 980}, {"dirty_canastas": 6, "melded": 300}], PAIRS, {},
                 id="§8 decks: 220 naturals"),
    pytest.param([{"sevens_canastas": 2, "melded": 70}, {}], PAIRS, {"house_rules": {"sevens_canasta_bonus": 1000}},
                 id="§8 decks: 14 of 20 sevens"),
    pytest.param([{"melded": 2000, "in_hand": 500}, {"in_foot": 400}], PAIRS, {}, id="§8 decks: 2,900 card points"),
    pytest.param([{"exact_pickups": 2}, {}], PAIRS, {}, id="§8 exact pick-ups: both partners"),
    pytest.param([{"exact_pickups": 3}, {}], TRIOS, {}, id="§8 exact pick-ups: a team of three, all three"),
    pytest.param([{"exact_pickups": 1}, {}], ALONE, {}, id="§8 exact pick-ups: a player alone, once"),
    pytest.param([{"wild_canastas": 0}, {}], PAIRS, {"house_rules": {"wild_canasta_bonus": None}},
                 id="§8 wild books forbidden: 0 is fine"),
    pytest.param([{}, {"in_foot": 0}], PAIRS, {"house_rules": {"unplayed_foot_counts": False}},
                 id="§8 unplayed foot not counted: 0 is fine"),
    pytest.param([{}, {}], PAIRS, {}, id="§8 nobody out, nothing entered"),
])
def test_a_round_at_the_edge_passes(entries, players, options):
    assert checked(entries, players, **options) == []


def test_exact_pickups_over_a_team_of_three_refused():
    assert checked([{"exact_pickups": 4}, {}], TRIOS) == [
        ("entries[0].exact_pickups", "A & B & C has 3 players, so at most 3 exact pick-ups (one a player), not 4.")]


# --------------------------------------------------------------------------- new games: sides, options, house rules

@pytest.mark.parametrize("players, got", [
    pytest.param([["A", "B"]], "1 side of 2 players", id="§8 sides: one side"),
    pytest.param([["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]], "4 sides of 2 / 2 / 2 / 2 players",
                 id="§8 sides: four partnerships"),
    pytest.param([["A", "B", "C"]] * 3, "3 sides of 3 / 3 / 3 players", id="§8 sides: three teams of three"),
    pytest.param([[c] for c in "ABCDEFG"], "7 sides of 1 / 1 / 1 / 1 / 1 / 1 / 1 players", id="§8 sides: seven alone"),
    pytest.param([["A", "B"], ["C"]], "2 sides of 2 / 1 players", id="§8 sides: mixed sizes"),
])
def test_sides_refused(players, got):
    sides = [{"name": "".join(p), "players": p} for p in players]
    assert [(e.field, e.message) for e in VARIANT.check_sides(sides)] == [
        ("sides", "Hand and Foot is played by 2 or 3 partnerships of two players, by two teams of three, or by 2 to 6 "
                  f"players alone; got {got}.")]


SIDES = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


@pytest.mark.parametrize("options, field, words", [
    pytest.param({"house_rules": {"meld_minimums": []}}, "options.house_rules.meld_minimums",
                 "House rule 'meld_minimums' must be a list of 1 to 100 numbers, e.g. [50, 90, 120, 150].",
                 id="§8 meld_minimums: a non-empty list"),
    pytest.param({"house_rules": {"meld_minimums": 50}}, "options.house_rules.meld_minimums", "must be a list",
                 id="§8 meld_minimums: a list, not a number"),
    pytest.param({"house_rules": {"meld_minimums": [50, 92]}}, "options.house_rules.meld_minimums[1]",
                 "House rule 'meld_minimums', number 2 must be a multiple of 5: 92 is not.",
                 id="§8 meld_minimums: multiples of 5"),
    pytest.param({"house_rules": {"meld_minimums": [50, -5]}}, "options.house_rules.meld_minimums[1]",
                 "cannot be negative", id="§8 meld_minimums: ≥ 0"),
    pytest.param({"house_rules": {"natural_canasta_bonus": 502}}, "options.house_rules.natural_canasta_bonus",
                 "House rule 'natural_canasta_bonus' must be a multiple of 5: 502 is not.", id="§8 a bonus: multiple of 5"),
    pytest.param({"house_rules": {"black_three_penalty": -5}}, "options.house_rules.black_three_penalty",
                 "House rule 'black_three_penalty' cannot be negative (got -5).", id="§8 a penalty: ≥ 0"),
    pytest.param({"house_rules": {"going_out_bonus": None}}, "options.house_rules.going_out_bonus",
                 "House rule 'going_out_bonus' must be a whole number, not empty.",
                 id="§8 only wild and sevens bonuses take null"),
    pytest.param({"house_rules": {"red_three_bonus": -102}}, "options.house_rules.red_three_bonus",
                 "must be a multiple of 5: -102 is not.", id="§8 red_three_bonus below 0: still a multiple of 5"),
    pytest.param({"house_rules": {"red_three_bonus": -2.5}}, "options.house_rules.red_three_bonus",
                 "must be a whole number from \u22121,000,000 to 1,000,000: -2.5 is not.",
                 id="§8 red_three_bonus below 0: still a whole number"),
    pytest.param({"house_rules": {"wild_canasta_bonus": "none"}}, "options.house_rules.wild_canasta_bonus",
                 "House rule 'wild_canasta_bonus' must be a whole number, not text. Or null: wild books are not allowed.",
                 id="§8 wild_canasta_bonus: a number or null"),
    pytest.param({"house_rules": {"sevens_canasta_bonus": 7}}, "options.house_rules.sevens_canasta_bonus",
                 "must be a multiple of 5: 7 is not. Or null: a sevens book is a clean book.",
                 id="§8 sevens_canasta_bonus: a multiple of 5 or null"),
    pytest.param({"house_rules": {"go_out_needs": [1, 1, 0]}}, "options.house_rules.go_out_needs[0]",
                 "Round 1: House rule 'go_out_needs' must be an object of whole numbers by natural, dirty, wild and "
                 'sevens, e.g. {"natural": 1, "dirty": 1, "wild": 0}.',
                 id="§8 go_out_needs: an object (§14: or a list of them, one a round)"),
    pytest.param({"house_rules": {"go_out_needs": {"clean": 1}}}, "options.house_rules.go_out_needs.clean",
                 "'clean' is not part of house rule 'go_out_needs'; use natural, dirty, wild or sevens (one left out "
                 "counts 0).", id="§8 go_out_needs: no keys but natural, dirty, wild (and §14 sevens)"),
    pytest.param({"house_rules": {"go_out_needs": {"dirty": 1.5}}}, "options.house_rules.go_out_needs.dirty",
                 "House rule 'go_out_needs': dirty must be a whole number (no fractions): 1.5 is not.",
                 id="§8 go_out_needs: whole numbers"),
    pytest.param({"house_rules": {"go_out_needs": {"wild": -1}}}, "options.house_rules.go_out_needs.wild",
                 "cannot be negative", id="§8 go_out_needs: ≥ 0"),
    pytest.param({"house_rules": {"wild_canasta_bonus": None, "go_out_needs": {"natural": 2, "dirty": 2, "wild": 1}}},
                 "options.house_rules.go_out_needs.wild", "Going out cannot need a wild book while wild books are not "
                 "allowed (wild_canasta_bonus is null): set wild to 0 in go_out_needs, or give wild books a bonus.",
                 id="§8 go_out_needs: no wild book required while wild books are forbidden"),
    pytest.param({"house_rules": {"unplayed_foot_counts": "no"}}, "options.house_rules.unplayed_foot_counts",
                 "House rule 'unplayed_foot_counts' must be true or false.", id="§8 unplayed_foot_counts: a flag"),
    pytest.param({"house_rules": {"natural_canasta": 600}}, "options.house_rules.natural_canasta",
                 "'natural_canasta' is not a house rule of Hand and Foot.", id="§8 house rules: §8's keys, not Ponytail's"),
    pytest.param({"decks": 1}, "options.decks", "The number of decks must be from 2 to 12.", id="§8 decks: at least 2"),
    pytest.param({"decks": 13}, "options.decks", "The number of decks must be from 2 to 12.", id="§8 decks: at most 12"),
    pytest.param({"max_hands": None}, "options", "A game needs a way to end: a target score, a number of rounds "
                 "or a finish time.", id="§8 end: no rounds and no target refused"),
])
def test_options_refused_naming_the_field(options, field, words):
    _, errors = VARIANT.build_options(options, SIDES)
    assert [e.field for e in errors] == [field]
    assert words in errors[0].message


@pytest.mark.parametrize("options, kept", [
    pytest.param({"house_rules": {"meld_minimums": [150, 50, 90]}}, {"meld_minimums": [150, 50, 90]},
                 id="§8 meld_minimums: any order"),
    pytest.param({"house_rules": {"red_three_bonus": -100}}, {"red_three_bonus": -100},
                 id="§8 red_three_bonus may be negative"),
    pytest.param({"house_rules": {"wild_canasta_bonus": None, "sevens_canasta_bonus": 1000}},
                 {"wild_canasta_bonus": None, "sevens_canasta_bonus": 1000}, id="§8 wild off, sevens on"),
    pytest.param({"house_rules": {"go_out_needs": {"dirty": 2}}}, {"go_out_needs": {"natural": 0, "dirty": 2, "wild": 0}},
                 id="§8 go_out_needs replaces the default whole"),
    pytest.param({"house_rules": {"go_out_needs": {"natural": 0, "dirty": 0, "wild": 0}}},
                 {"go_out_needs": {"natural": 0, "dirty": 0, "wild": 0}}, id="§8 go_out_needs all 0 allowed"),
    pytest.param({"decks": 2}, {}, id="§8 decks: 2, fewer than players + 1"),
    pytest.param({"decks": 12}, {}, id="§8 decks: 12"),
    pytest.param({"target": 10000, "max_hands": None}, {}, id="§8 end: to a target, no set rounds"),
])
def test_options_allowed(options, kept):
    built, errors = VARIANT.build_options(options, SIDES)
    assert errors == []
    assert {k: built["house_rules"][k] for k in kept} == kept
    assert all(built[k] == v for k, v in options.items() if k != "house_rules")
