"""Hand and Foot's house rules of RULES.md §14 "Hand and Foot (§8)": each key's effect with the peer case that needed
it, its default (§8's scoring unchanged), its bounds, and each refusal naming its field."""
import pytest

from scoring import Refused, prepare_hand
from scoring.game import HandRecord, derive_game
from scoring.variants.hand_and_foot import VARIANT, missing_books

from .examples import HAND_AND_FOOT
from .helpers import refusals, rules_setup

PAIRS = HAND_AND_FOOT.players
OUT = {"natural_canastas": 1, "dirty_canastas": 1, "melded": 85, "went_out": True}  # the least §8 lets a side go out with
AT = "2026-11-27T20:00:00+00:00"


def game(house_rules: dict, rounds: list[list[dict]], **options) -> dict:
    """The game after these rounds, each checked as its own round (needs by round) and replayed."""
    sides, built = rules_setup(VARIANT, PAIRS, house_rules=house_rules, **options)
    hands = []
    for number, entries in enumerate(rounds, start=1):
        payload = {"entries": entries}
        hands.append(HandRecord(prepare_hand(VARIANT, built, sides, payload, number), AT))
    return derive_game(VARIANT, built, sides, hands)


def parts(house_rules: dict, entries: list[dict], number: int = 1) -> list[dict]:
    """Each side's breakdown in round `number` (the earlier rounds: nobody scored)."""
    nothing = [{}, {}]
    return [s["breakdown"] for s in game(house_rules, [nothing] * (number - 1) + [entries])["hands"][-1]["scores"]]


def refused(house_rules: dict, entries: list[dict], number: int = 1) -> list[tuple[str, str]]:
    sides, built = rules_setup(VARIANT, PAIRS, house_rules=house_rules)
    try:
        prepare_hand(VARIANT, built, sides, {"entries": entries}, number)
    except Refused as err:
        return [(e.field, e.message) for e in err.errors]
    return []


# --------------------------------------------------------------------------- effects, with the peer cases

@pytest.mark.parametrize("house_rules, number, expected", [
    pytest.param({}, 3, 100, id="default: 100 every round"),
    pytest.param({"going_out_bonus": 250}, 3, 250, id="one number: every round"),
    pytest.param({"going_out_bonus": [100, 200, 300, 400]}, 1, 100, id="peer: rising bonus, round 1 100"),
    pytest.param({"going_out_bonus": [100, 200, 300, 400]}, 2, 200, id="peer: rising bonus, round 2 200"),
    pytest.param({"going_out_bonus": [100, 200, 300, 400]}, 4, 400, id="peer: rising bonus, round 4 400"),
    pytest.param({"going_out_bonus": [100, 200, 300, 400]}, 6, 400, id="rounds past the list keep its last value"),
    pytest.param({"going_out_bonus": [0, 0, 0, 500]}, 3, 0, id="a bonus in the last round only: none before"),
])
def test_going_out_bonus_by_round(house_rules, number, expected):
    assert parts(house_rules, [OUT, {}], number)[0]["going_out"] == expected


NEEDS = {"natural": 1, "dirty": 1, "wild": 0}
RISING = [NEEDS, {"natural": 2, "dirty": 1}, {"natural": 2, "dirty": 2}]
SEVENS = {"sevens_canasta_bonus": 1000}


@pytest.mark.parametrize("house_rules, books, number, missing", [
    pytest.param({"go_out_needs": RISING}, {}, 1, None, id="peer: rising needs, round 1: 1 clean 1 dirty"),
    pytest.param({"go_out_needs": RISING}, {}, 2, "1 clean book short", id="peer: rising needs, round 2: 2 clean"),
    pytest.param({"go_out_needs": RISING}, {"natural_canastas": 2}, 2, None, id="round 2 with 2 clean and 1 dirty"),
    pytest.param({"go_out_needs": RISING}, {"natural_canastas": 2}, 5, "1 dirty book short",
                 id="rounds past the list keep its last needs"),
    pytest.param({}, {"natural_canastas": 2, "dirty_canastas": 0}, 1, None,
                 id="default: a spare clean book stands in for a dirty one"),
    pytest.param({"go_out_strict": True}, {"natural_canastas": 2, "dirty_canastas": 0}, 1, "1 dirty book short",
                 id="peer: strict needs, no clean book stands in for a dirty one"),
    pytest.param({**SEVENS}, {"natural_canastas": 0, "sevens_canastas": 1}, 1, None,
                 id="default: a sevens book counts as clean"),
    pytest.param({**SEVENS, "go_out_strict": True}, {"natural_canastas": 0, "sevens_canastas": 1}, 1,
                 "1 clean book short", id="strict: a sevens book is no clean book"),
    pytest.param({**SEVENS, "go_out_needs": {**NEEDS, "sevens": 1}}, {}, 1, "1 sevens book short",
                 id="peer: a sevens book required to go out"),
    pytest.param({**SEVENS, "go_out_needs": {**NEEDS, "sevens": 1}}, {"sevens_canastas": 1}, 1, None,
                 id="peer: the sevens book there, the side goes out"),
    pytest.param({**SEVENS, "go_out_needs": {**NEEDS, "sevens": 1}}, {"natural_canastas": 0, "sevens_canastas": 2}, 1,
                 None, id="a second sevens book counts as the clean one"),
])
def test_books_needed_by_round_strictly_and_sevens(house_rules, books, number, missing):
    entry = {**OUT, **books}
    entry["melded"] = 35 * (entry["natural_canastas"] + entry.get("sevens_canastas", 0)) + 50 * entry["dirty_canastas"]
    found = refused(house_rules, [entry, {}], number)
    if missing is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0][0] == "entries[0].went_out" and f"is {missing}" in found[0][1]


def test_strict_needs_say_so_when_refused():
    [(_, message)] = refused({"go_out_strict": True}, [{**OUT, "natural_canastas": 2, "dirty_canastas": 0}, {}])
    assert message == ("Ann & Bob cannot go out: going out needs 1 clean book and 1 dirty book, and Ann & Bob is 1 "
                       "dirty book short. At this table no book stands in for another.")


@pytest.mark.parametrize("strict, held, missing", [
    pytest.param(False, {"natural_canastas": 3, "dirty_canastas": 0, "wild_canastas": 0, "sevens_canastas": 0}, {},
                 id="spare clean books stand in for dirty ones"),
    pytest.param(True, {"natural_canastas": 3, "dirty_canastas": 0, "wild_canastas": 0, "sevens_canastas": 0},
                 {"dirty": 2}, id="strict: they do not"),
])
def test_missing_books(strict, held, missing):
    needs = {"natural": 1, "dirty": 2, "wild": 0}
    assert {k: n for k, n in missing_books(held, needs, strict).items() if n} == missing


def test_black_threes_book_scores_its_bonus_and_counts_against_the_decks():
    """Peer case: a book of seven black threes worth 2,000; 7 black threes of the 2 a deck (5 decks: 10)."""
    rules = {"black_threes_canasta_bonus": 2000}
    assert parts(rules, [{**OUT, "black_threes_canastas": 1}, {}])[0]["black_threes_canastas"] == 2000
    assert refused(rules, [{**OUT, "black_threes_canastas": 1}, {"black_threes": 3}]) == []
    assert refused(rules, [{**OUT, "black_threes_canastas": 1}, {"black_threes": 4}]) == [(
        "entries[0].black_threes_canastas", "11 black threes recorded (held, melded going out, and 7 in each book of "
        "black threes), but 5 decks hold only 10.")]
    assert VARIANT.field_bounds({"decks": 5, "house_rules": VARIANT.house_rules})["black_threes_canastas"] == 0
    assert refused({}, [{**OUT, "black_threes_canastas": 1}, {}]) == [(
        "entries[0].black_threes_canastas", "Books of black threes are not scored at this table (house rule "
        "black_threes_canasta_bonus is off), so Black-three books must be 0, not 1.")]


@pytest.mark.parametrize("house_rules, out_side, expected", [
    pytest.param({}, 0, [200, 200], id="default: 100 a red three to every side"),
    pytest.param({"red_three_bonus_not_out": 50}, 0, [200, 100], id="peer: 100 to the side out, 50 to the other"),
    pytest.param({"red_three_bonus_not_out": 50}, None, [100, 100], id="nobody out: every side 50"),
    pytest.param({"red_three_bonus_not_out": -100}, 0, [200, -200], id="a side not out may lose by them"),
])
def test_red_threes_to_the_side_out_and_the_others(house_rules, out_side, expected):
    entries = [{"red_threes": 2, **(OUT if out_side == 0 else {})}, {"red_threes": 2}]
    assert [p["red_threes"] for p in parts(house_rules, entries)] == expected


def test_black_threes_melded_going_out():
    """Peer case: black threes melded by the player going out, +5 each; only the side out may have them."""
    rules = {"black_three_meld_bonus": 5}
    assert parts(rules, [{**OUT, "black_threes_melded": 3}, {}])[0]["black_threes_melded"] == 15
    assert refused(rules, [{**OUT}, {"black_threes_melded": 1}]) == [(
        "entries[1].black_threes_melded", "Cy & Di did not go out: only the player going out melds black threes, so "
        "Black threes melded going out must be 0, not 1 (or mark Cy & Di as out).")]
    assert refused({}, [{**OUT, "black_threes_melded": 1}, {}])[0][0] == "entries[0].black_threes_melded"
    # held, melded and booked black threes together: at most 2 a deck
    assert refused(rules, [{**OUT, "black_threes_melded": 3}, {"black_threes": 8}])[0][0] == \
        "entries[0].black_threes_melded"


def test_the_defaults_add_no_part_to_the_breakdown():
    """An old game's breakdown stays as it was: the new parts show only where their rule is set."""
    assert "black_threes_canastas" not in parts({}, [OUT, {}])[0]
    assert "black_threes_melded" not in parts({}, [OUT, {}])[0]


@pytest.mark.parametrize("house_rules, total, rounds_played, expected", [
    pytest.param({}, 5000, 0, 50, id="default: by the round, whatever the score"),
    pytest.param({"meld_minimums_by_score": [[None, 50], [1500, 90], [3000, 120]]}, 2000, 0, 90,
                 id="peer: by the side's score instead of the round"),
    pytest.param({"meld_minimums_by_score": [[None, 50], [1500, 90], [3000, 120]]}, -200, 3, 50,
                 id="by score: below the first row's next, the first minimum, whatever the round"),
    pytest.param({"meld_minimums_by_score": [[None, 50], [1500, 90]], "meld_minimums": [150]}, 3000, 0, 90,
                 id="meld_minimums is then not used"),
])
def test_opening_minimum_by_score(house_rules, total, rounds_played, expected):
    _, built = rules_setup(VARIANT, PAIRS, house_rules=house_rules)
    assert VARIANT.min_meld(total, rounds_played, built) == expected


def test_minimum_by_score_on_the_rules_card():
    rules = {**VARIANT.house_rules, "meld_minimums_by_score": [[None, 50], [1500, 90]]}
    assert VARIANT.meld_rows(rules) == ([("below 1,500", "50"), ("1,500 and up", "90")],
                                        "Each side's own minimum, by its score before the round.")


def test_jokers_worth_20_when_counting_cards_and_in_the_deck_limit():
    """Peer case: jokers worth 20 when card points are counted by value; a deck then holds 520 points."""
    rules = {"joker_value": 20}
    counted = {**OUT, "melded": {"jokers": 2, "tens": 8, "fives": 1}}  # 40 + 80 + 5
    assert parts(rules, [counted, {}])[0]["melded"] == 125
    assert parts({}, [counted, {}])[0]["melded"] == 185
    assert refused(rules, [{**OUT, "melded": 2600}, {}]) == []
    assert refused(rules, [{**OUT, "melded": 2600}, {"in_hand": 5}])[0][0] == "entries[1].in_hand"
    assert refused({}, [{**OUT, "melded": 2600}, {"in_hand": 300}]) == []  # 580 a deck by default


# --------------------------------------------------------------------------- bounds and refusals

@pytest.mark.parametrize("house_rules, field, words", [
    pytest.param({"going_out_bonus": []}, "options.house_rules.going_out_bonus",
                 "House rule 'going_out_bonus' must be one value for every round, or a list of 1 to 100 values, one "
                 "per round, e.g. [100, 100].", id="going_out_bonus: not an empty list"),
    pytest.param({"going_out_bonus": [100] * 101}, "options.house_rules.going_out_bonus", "a list of 1 to 100 values",
                 id="going_out_bonus: at most 100 rounds"),
    pytest.param({"going_out_bonus": [100, 202]}, "options.house_rules.going_out_bonus[1]",
                 "Round 2: House rule 'going_out_bonus' must be a multiple of 5: 202 is not.",
                 id="going_out_bonus: each round in fives"),
    pytest.param({"going_out_bonus": [100, -5]}, "options.house_rules.going_out_bonus[1]", "cannot be negative",
                 id="going_out_bonus: each round ≥ 0"),
    pytest.param({"go_out_needs": [NEEDS, {"dirty": "two"}]}, "options.house_rules.go_out_needs[1].dirty",
                 "Round 2: House rule 'go_out_needs': dirty must be a whole number, not text.",
                 id="go_out_needs by round: each an object of whole numbers"),
    pytest.param({"go_out_needs": {"sevens": 1}}, "options.house_rules.go_out_needs.sevens",
                 "Going out cannot need a sevens book while sevens books are not scored apart (sevens_canasta_bonus is "
                 "null): set sevens to 0 in go_out_needs, or give sevens books a bonus.",
                 id="go_out_needs sevens: sevens books must be on"),
    pytest.param({"go_out_needs": [NEEDS, {"sevens": 1}]}, "options.house_rules.go_out_needs[1].sevens",
                 "Round 2: Going out cannot need a sevens book", id="go_out_needs sevens by round: named by its round"),
    pytest.param({"go_out_strict": "yes"}, "options.house_rules.go_out_strict",
                 "House rule 'go_out_strict' must be true or false.", id="go_out_strict: true or false"),
    pytest.param({"black_threes_canasta_bonus": 2002}, "options.house_rules.black_threes_canasta_bonus",
                 "must be a multiple of 5: 2002 is not. Or null: no books of black threes.",
                 id="black_threes_canasta_bonus: fives, or null"),
    pytest.param({"red_three_bonus_not_out": 52}, "options.house_rules.red_three_bonus_not_out",
                 "must be a multiple of 5: 52 is not. Or null: the same as for the side that went out.",
                 id="red_three_bonus_not_out: fives, or null"),
    pytest.param({"black_three_meld_bonus": -5}, "options.house_rules.black_three_meld_bonus",
                 "cannot be negative", id="black_three_meld_bonus: ≥ 0"),
    pytest.param({"meld_minimums_by_score": [[0, 50]]}, "options.house_rules.meld_minimums_by_score[0]",
                 "must be a list of [from, minimum] rows, the first from null", id="meld_minimums_by_score: rows"),
    pytest.param({"joker_value": 0}, "options.house_rules.joker_value",
                 "House rule 'joker_value' must be from 5 to 500 (a joker's card value; 50 by the rules, some tables "
                 "play 20): 0 is not.", id="joker_value: at least 5"),
    pytest.param({"joker_value": 505}, "options.house_rules.joker_value", "must be from 5 to 500",
                 id="joker_value: at most 500"),
    pytest.param({"joker_value": 22}, "options.house_rules.joker_value",
                 "House rule 'joker_value' must be a multiple of 5: 22 is not.", id="joker_value: in fives"),
])
def test_house_rules_refused_naming_the_field(house_rules, field, words):
    sides = [{"name": "A", "players": ["Ann", "Bob"]}, {"name": "B", "players": ["Cy", "Di"]}]
    _, errors = VARIANT.build_options({"house_rules": house_rules}, sides)
    assert [e.field for e in errors] == [field] and words in errors[0].message


@pytest.mark.parametrize("house_rules", [
    pytest.param({"going_out_bonus": [100]}, id="a list of one"),
    pytest.param({"go_out_needs": [{"natural": 0, "dirty": 0}]}, id="needs of no book"),
    pytest.param({"red_three_bonus_not_out": -50}, id="a side not out may lose by its red threes"),
    pytest.param({"joker_value": 5}, id="joker_value 5"),
    pytest.param({"joker_value": 500}, id="joker_value 500"),
    pytest.param({"black_threes_canasta_bonus": 0, "black_three_meld_bonus": 0}, id="bonuses of 0"),
])
def test_house_rules_at_their_edges_pass(house_rules):
    sides = [{"name": "A", "players": ["Ann", "Bob"]}, {"name": "B", "players": ["Cy", "Di"]}]
    assert VARIANT.build_options({"house_rules": house_rules}, sides)[1] == []


def test_a_round_of_a_game_with_needs_by_round_is_checked_by_its_own_needs():
    """The checks read the round's needs: a hand refused as round 2 passes as round 1."""
    sides, built = rules_setup(VARIANT, PAIRS, house_rules={"go_out_needs": RISING})
    assert refusals(VARIANT, sides, built, [OUT, {}]) == []  # round 1 when no round is named
    assert refused({"go_out_needs": RISING}, [OUT, {}], 2) != []
    assert len(game({"go_out_needs": RISING}, [[OUT, {}], [{**OUT, "natural_canastas": 2, "melded": 120}, {}]])[
        "hands"]) == 2
