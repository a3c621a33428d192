"""Every limit of RULES.md §1–§5 tried at its edge: the last value allowed passes, the first one past it
is refused, naming the field and saying what is wrong (the engine, through tests/helpers.py)."""
from __future__ import annotations

import pytest

from scoring import Refused, get_variant, new_game, prepare_hand

from .helpers import setup

PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]
THREE = [["P1"], ["P2"], ["P3"]]
FIVE = [["Asha"], ["Ben"], ["Cleo"], ["Dev"], ["Eve"]]
E = {}  # an entry left empty


def refused(variant_id, sides, entries, **options):
    """The (field, message) of every error an entry gets."""
    variant, s, o = setup(variant_id, sides, **options)
    with pytest.raises(Refused) as caught:
        prepare_hand(variant, o, s, {"entries": entries})
    return [(e.field, e.message) for e in caught.value.errors]


def accepted(variant_id, sides, entries, **options):
    variant, s, o = setup(variant_id, sides, **options)
    return prepare_hand(variant, o, s, {"entries": entries})


def five(*entries):
    return list(entries) + [{}] * (5 - len(entries))


# --------------------------------------------------------------------------- §3 the 110-card pack

@pytest.mark.parametrize("entries", [
    five({"melded": 500}, {"in_hand": 480}),
    five({"melded": 980}),
    five({}, {}, {}, {}, {"in_hand": 980}),
    # 14 jokers and 2s: fourteen impure canastas (98 cards, 490 points)
    five({"impure_canastas": 7, "melded": 245}, {"impure_canastas": 7, "melded": 245}),
    # exactly 110 cards: 12 canastas of 7 and 2 super canastas of 13
    five({"pure_canastas": 12, "melded": 420}, {"pure_super_canastas": 2, "melded": 230}),
    five({"kitties": 1}, {"kitties": 1}),
], ids=["§3 980 points across two", "§3 980 points melded", "§3 980 points in hand", "§3 14 wild cards",
        "§3 110 cards of canastas", "§3 two kitties"])
def test_five_person_pack_allows_its_last_card(entries):
    assert accepted("five-person", FIVE, entries)


@pytest.mark.parametrize("entries, expected", [
    (five({"melded": 500}, {"in_hand": 485}),
     [("entries[1].in_hand", "All players together recorded 985 card points, but the 110-card pack holds only 980.")]),
    (five({"in_hand": 500}, {"melded": 485}),
     [("entries[1].melded", "All players together recorded 985 card points, but the 110-card pack holds only 980.")]),
    (five({"melded": 985}),
     [("entries[0].melded", "All players together recorded 985 card points, but the 110-card pack holds only 980.")]),
    (five({"impure_canastas": 8, "melded": 280}, {"impure_canastas": 7, "melded": 245}),
     [("entries[1].impure_canastas", "15 impure canastas need a joker each, but the pack has only 14 jokers and 2s.")]),
    (five({"impure_canastas": 14, "melded": 490}, {"impure_super_canastas": 1, "melded": 110}),
     [("entries[1].impure_super_canastas", "The canastas recorded need at least 111 cards, but the pack has only 110."),
      ("entries[1].impure_super_canastas", "15 impure canastas need a joker each, but the pack has only 14 jokers and 2s.")]),
    (five({"pure_canastas": 14, "melded": 490}, {"pure_super_canastas": 1, "melded": 115}),
     [("entries[1].pure_super_canastas", "The canastas recorded need at least 111 cards, but the pack has only 110.")]),
    (five({"pure_canastas": 8, "melded": 280}, {"pure_canastas": 8, "melded": 280}),
     [("entries[1].pure_canastas", "The canastas recorded need at least 112 cards, but the pack has only 110.")]),
    (five({"pure_canastas": 8, "melded": 280}, {"impure_canastas": 8, "melded": 280}),
     [("entries[1].impure_canastas", "The canastas recorded need at least 112 cards, but the pack has only 110.")]),
    (five({"pure_canastas": 1, "pure_super_canastas": 8, "melded": 955}),
     [("entries[0].pure_super_canastas", "The canastas recorded need at least 111 cards, but the pack has only 110.")]),
    (five({"kitties": 2}, {"kitties": 1}),
     [("entries[1].kitties", "3 kitties recorded, but a deal has only 2.")]),
    (five({"kitties": 3}),
     [("entries[0].kitties", "3 kitties recorded, but a deal has only 2.")]),
], ids=["§3 985 points, last in hand", "§3 985 points, last melded", "§3 985 points melded",
        "§3 15 wild cards", "§3 111 cards and 15 wild cards", "§3 111 cards, super last", "§3 112 cards",
        "§3 112 cards, impure last", "§3 111 cards in one entry", "§3 three kitties", "§3 three kitties at once"])
def test_five_person_pack_refuses_one_card_more(entries, expected):
    assert refused("five-person", FIVE, entries) == expected


def test_five_person_kitty_limit_is_a_house_rule():
    # RULES.md §3 "at most two kitties" is the default; a table allowing three takes three
    assert accepted("five-person", FIVE, five({"kitties": 3}), house_rules={"max_kitties": 3})
    assert refused("five-person", FIVE, five({"kitties": 2}), house_rules={"max_kitties": 1}) == [
        ("entries[0].kitties", "2 kitties recorded, but a deal has only 1.")]


def test_five_person_refusals_come_together():
    # §3/§4: every error found is reported at once, each at its own field
    entries = five({"finished": True, "melded": 30, "pure_canastas": 1, "kitties": 3},
                   {"finished": True, "in_hand": 980})
    assert [f for f, _ in refused("five-person", FIVE, entries)] == [
        "entries[0].melded", "entries[0].kitties", "entries[1].in_hand", "entries[1].finished", "entries[1].finished"]


# --------------------------------------------------------------------------- §1/§2/§4 54-card decks

@pytest.mark.parametrize("variant_id, sides, entries", [
    ("ponytail", PAIRS, [{"black_threes": 6}, {"black_threes": 6}]),
    ("ponytail", PAIRS, [{"red_threes": 12}, {}]),
    ("ponytail", PAIRS, [{"sevens_canastas": 3, "melded": 105}, {}]),
    ("ponytail", PAIRS, [{"wild_canastas": 5, "melded": 700}, {"dirty_canastas": 1, "melded": 50}]),
    ("ponytail", PAIRS, [{"melded": 3480}, {}]),
    ("ponytail", PAIRS, [{"unpicked_pony": 3480}, {}]),
    ("pony", THREE, [{"red_treys": 12}, {}, {}]),
    ("pony", THREE, [{"sevens_canastas": 3, "melded": 105}, {}, {}]),
    ("pony", THREE, [{"wild_canastas": 5, "melded": 700}, {}, {"black_canastas": 1, "melded": 50}]),
], ids=["§1 12 black threes", "§1 12 red threes", "§1 21 sevens", "§1 36 wild cards", "§1 3,480 melded",
        "§1 3,480 in ponies", "§2 12 red treys", "§2 21 sevens", "§2 36 wild cards"])
def test_six_decks_allow_their_last_card(variant_id, sides, entries):
    assert accepted(variant_id, sides, entries)


@pytest.mark.parametrize("variant_id, sides, entries, expected", [
    ("ponytail", PAIRS, [{"black_threes": 13}, {}],
     [("entries[0].black_threes", "13 black threes recorded, but 6 decks hold only 12.")]),
    ("ponytail", PAIRS, [{"wild_canastas": 5, "melded": 700}, {"dirty_canastas": 2, "melded": 100}],
     [("entries[1].dirty_canastas", "5 wild-card canastas and 2 dirty canastas need at least 37 wild cards, "
                                    "but 6 decks hold only 36 jokers and 2s.")]),
    ("ponytail", PAIRS, [{"dirty_canastas": 2, "melded": 100}, {"wild_canastas": 5, "melded": 700}],
     [("entries[1].wild_canastas", "5 wild-card canastas and 2 dirty canastas need at least 37 wild cards, "
                                   "but 6 decks hold only 36 jokers and 2s.")]),
    ("ponytail", PAIRS, [{"sevens_canastas": 4, "melded": 140}, {}],
     [("entries[0].sevens_canastas", "4 sevens canastas need 28 sevens, but 6 decks hold only 24.")]),
    ("ponytail", PAIRS, [{"melded": 3485}, {}],
     [("entries[0].melded", "All sides together recorded 3,485 card points (melded, in hand and ponies), "
                            "but 6 decks hold only 3,480.")]),
    ("ponytail", PAIRS, [{"melded": 3000}, {"unpicked_pony": 485}],
     [("entries[1].unpicked_pony", "All sides together recorded 3,485 card points (melded, in hand and ponies), "
                                   "but 6 decks hold only 3,480.")]),
    ("ponytail", PAIRS, [{"in_hand": 3000}, {"melded": 485}],
     [("entries[1].melded", "All sides together recorded 3,485 card points (melded, in hand and ponies), "
                            "but 6 decks hold only 3,480.")]),
    ("pony", THREE, [{"black_treys": 7}, {}, {"black_treys": 6}],
     [("entries[2].black_treys", "13 black treys recorded, but 6 decks hold only 12.")]),
    ("pony", THREE, [{"wild_canastas": 5, "melded": 700}, {"black_canastas": 2, "melded": 100}, {}],
     [("entries[1].black_canastas", "5 wild canastas and 2 black canastas need at least 37 wild cards, "
                                    "but 6 decks hold only 36 jokers and 2s.")]),
    ("pony", THREE, [{"sevens_canastas": 2, "melded": 70}, {}, {"sevens_canastas": 2, "melded": 70}],
     [("entries[2].sevens_canastas", "4 sevens canastas need 28 sevens, but 6 decks hold only 24.")]),
], ids=["§1 13 black threes", "§1 37 wild cards, dirty last", "§1 37 wild cards, wild last", "§1 28 sevens",
        "§1 3,485 melded", "§1 3,485 with a pony", "§1 3,485, melded last", "§2 13 black treys",
        "§2 37 wild cards", "§2 28 sevens"])
def test_six_decks_refuse_one_card_more(variant_id, sides, entries, expected):
    assert refused(variant_id, sides, entries) == expected


def test_one_deck_is_counted_as_one():
    # §4 limits scale with the deck count, down to a single deck
    assert accepted("ponytail", PAIRS, [{"red_threes": 2, "black_threes": 2}, {}], decks=1)
    assert refused("ponytail", PAIRS, [{"red_threes": 3}, {}], decks=1) == [
        ("entries[0].red_threes", "3 red threes recorded, but 1 deck hold only 2.")]


def test_every_deck_limit_is_reported_at_once():
    # §4: one entry over every limit gets one error per limit, in a fixed order
    entries = [{"red_threes": 13, "black_threes": 13, "wild_canastas": 6, "sevens_canastas": 4,
                "melded": 3485}, {}]
    assert [f for f, _ in refused("ponytail", PAIRS, entries)] == [
        "entries[0].red_threes", "entries[0].black_threes", "entries[0].wild_canastas",
        "entries[0].sevens_canastas", "entries[0].melded"]


# --------------------------------------------------------------------------- §1–§3 sides and decks

def sides_of(sizes):
    names = iter(f"N{i}" for i in range(40))
    return [{"name": f"S{i}", "players": [next(names) for _ in range(n)]} for i, n in enumerate(sizes)]


@pytest.mark.parametrize("variant_id, sizes, decks, max_hands", [
    ("ponytail", [2, 2], 6, None),
    ("ponytail", [2, 2, 2], 8, None),
    ("ponytail", [1, 1], 6, 4),
    ("ponytail", [1] * 4, 6, 4),
    ("ponytail", [1] * 5, 7, 4),
    ("ponytail", [1] * 6, 8, 4),
    ("pony", [1, 1], 4, None),
    ("pony", [1] * 16, 32, None),
    ("pony", [2, 2], 8, None),
    ("pony", [2] * 8, 32, None),
    ("five-person", [1] * 5, None, None),
], ids=["§1 two partnerships", "§1 three partnerships", "§1 two alone", "§1 four alone", "§1 five alone",
        "§1 six alone", "§2 two alone", "§2 sixteen alone", "§2 two partnerships", "§2 eight partnerships",
        "§3 five players"])
def test_every_seating_allowed_at_its_edges(variant_id, sizes, decks, max_hands):
    sides, options = new_game(get_variant(variant_id), {"variant": variant_id, "sides": sides_of(sizes)})
    assert [len(s["players"]) for s in sides] == sizes
    assert options["decks"] == decks
    assert options["max_hands"] == max_hands


@pytest.mark.parametrize("variant_id, sizes, words", [
    ("ponytail", [2, 2, 2, 2], "got 4 sides of 2 / 2 / 2 / 2 players"),
    ("ponytail", [2], "got 1 side of 2 players"),
    ("ponytail", [1], "got 1 side of 1 player"),
    ("ponytail", [1] * 7, "got 7 sides of 1 / 1 / 1 / 1 / 1 / 1 / 1 players"),
    ("ponytail", [2, 1], "got 2 sides of 2 / 1 players"),
    ("pony", [1], "got 1 side of 1 player"),
    ("pony", [2], "got 1 side of 2 players"),
    ("pony", [2] * 9, "got 9 sides of 2 / 2 / 2 / 2 / 2 / 2 / 2 / 2 / 2 players"),
    ("pony", [1, 2], "got 2 sides of 1 / 2 players"),
    ("five-person", [1] * 4, "got 4 sides of 1 / 1 / 1 / 1 players"),
    ("five-person", [1] * 6, "got 6 sides of 1 / 1 / 1 / 1 / 1 / 1 players"),
    ("five-person", [1, 1, 1, 1, 2], "got 5 sides of 1 / 1 / 1 / 1 / 2 players"),
], ids=["§1 four partnerships", "§1 one partnership", "§1 one alone", "§1 seven alone", "§1 mixed",
        "§2 one alone", "§2 one partnership", "§2 nine partnerships", "§2 mixed", "§3 four", "§3 six",
        "§3 a pair among five"])
def test_seatings_past_the_edges_are_refused(variant_id, sizes, words):
    with pytest.raises(Refused) as caught:
        new_game(get_variant(variant_id), {"variant": variant_id, "sides": sides_of(sizes)})
    [(field, message)] = [(e.field, e.message) for e in caught.value.errors]
    assert field == "sides"
    assert words in message


def test_at_most_sixteen_sides():
    with pytest.raises(Refused) as caught:
        new_game(get_variant("pony"), {"variant": "pony", "sides": sides_of([1] * 17)})
    assert [(e.field, e.message) for e in caught.value.errors] == [("sides", "At most 16 sides can play; got 17.")]


@pytest.mark.parametrize("option, value, stored", [
    ("decks", 1, 1), ("decks", 40, 40), ("max_hands", 1, 1), ("max_hands", 1000, 1000), ("max_hands", None, None),
    ("target", 1, 1), ("target", 1_000_000, 1_000_000), ("decks", 7.0, 7),
    ("finish_at", "2000-01-01T00:00", "2000-01-01T00:00:00"),
    ("finish_at", "2999-12-31T23:59", "2999-12-31T23:59:00"),
], ids=["§4 one deck", "§4 forty decks", "§1 one hand", "§1 1,000 hands", "§1 no hand limit", "§5 target 1",
        "§5 target 1,000,000", "§4 decks as 7.0", "§2 finish in 2000", "§2 finish in 2999"])
def test_options_allowed_at_their_edges(option, value, stored):
    _, options = new_game(get_variant("ponytail"), {"variant": "ponytail", "sides": sides_of([1, 1]),
                                                    "options": {option: value}})
    assert options[option] == stored


@pytest.mark.parametrize("option, value, message", [
    ("decks", 0, "The number of decks must be from 1 to 40."),
    ("decks", 41, "The number of decks must be from 1 to 40."),
    ("decks", -1, "The number of decks cannot be negative (got -1)."),
    ("max_hands", 0, "The hand limit must be from 1 to 1,000 hands, or empty for no limit."),
    ("max_hands", 1001, "The hand limit must be from 1 to 1,000 hands, or empty for no limit."),
    ("max_hands", 2.5, "The hand limit must be a whole number (no fractions): 2.5 is not."),
    ("target", 0, "The target score must be at least 1."),
    ("target", 1_000_001, "The target score is too large: 1,000,001 (at most 1,000,000)."),
    ("target", "50000", "The target score must be a whole number, not text."),
    ("finish_at", "1999-12-31T23:59", "The finish time must be a date and time like 2026-11-22T22:30 (years 2000 to 2999)."),
    ("finish_at", "3000-01-01T00:00", "The finish time must be a date and time like 2026-11-22T22:30 (years 2000 to 2999)."),
    ("finish_at", 20261122, "The finish time must be a date and time like 2026-11-22T22:30 (years 2000 to 2999)."),
], ids=["§4 no deck", "§4 41 decks", "§4 negative decks", "§1 no hands", "§1 1,001 hands", "§1 half a hand",
        "§5 target 0", "§5 target too large", "§5 target as text", "§2 finish in 1999", "§2 finish in 3000",
        "§2 finish as a number"])
def test_options_past_their_edges_are_refused(option, value, message):
    with pytest.raises(Refused) as caught:
        new_game(get_variant("ponytail"), {"variant": "ponytail", "sides": sides_of([1, 1]),
                                           "options": {option: value}})
    assert [(e.field, e.message) for e in caught.value.errors] == [(f"options.{option}", message)]


def test_five_person_takes_no_deck_count():
    with pytest.raises(Refused) as caught:
        new_game(get_variant("five-person"), {"variant": "five-person", "sides": sides_of([1] * 5),
                                              "options": {"decks": 1}})
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("options.decks", "Five-person Canasta always uses its own pack; leave decks out.")]


# --------------------------------------------------------------------------- §4 numbers as sent

@pytest.mark.parametrize("entry, field, value", [
    ({"melded": 35.0}, "melded", 35),
    ({"red_threes": 2.0}, "red_threes", 2),
    ({"in_hand": {"tens": 2.0, "fives": 1}}, "in_hand", 25),
    ({"melded": {"jokers": 1, "twenties": 2, "tens": 3, "fives": 4}}, "melded", 140),
    ({"melded": {}}, "melded", 0),
    ({"melded": 0}, "melded", 0),
    ({"revision": 3}, None, None),
], ids=["§4 points 35.0", "§4 count 2.0", "§4 counts 2.0 tens", "§4 counts of every value", "§4 no cards",
        "§4 zero points", "§4 revision is no field"])
def test_numbers_as_json_sends_them(entry, field, value):
    if field is None:
        variant, s, o = setup("ponytail", PAIRS)
        assert prepare_hand(variant, o, s, {"entries": [{}, {}], "revision": 3})
        return
    [first, _] = accepted("ponytail", PAIRS, [entry, {}])
    assert first[field] == value and type(first[field]) is int


@pytest.mark.parametrize("entry, field, message", [
    ({"melded": 31}, "entries[0].melded",
     "Melded points must be a multiple of 5 (every card counts 5, 10, 15, 20 or 50): 31 is not."),
    ({"in_hand": 31.0}, "entries[0].in_hand",
     "In-hand points must be a multiple of 5 (every card counts 5, 10, 15, 20 or 50): 31 is not."),
    ({"melded": 35.5}, "entries[0].melded", "Melded points must be a whole number (no fractions): 35.5 is not."),
    ({"melded": float("nan")}, "entries[0].melded", "Melded points must be a whole number (no fractions): nan is not."),
    ({"melded": float("inf")}, "entries[0].melded", "Melded points must be a whole number (no fractions): inf is not."),
    ({"melded": -5}, "entries[0].melded", "Melded points cannot be negative (got -5)."),
    ({"melded": -5.0}, "entries[0].melded", "Melded points cannot be negative (got -5)."),
    ({"melded": 1_000_005}, "entries[0].melded", "Melded points is too large: 1,000,005 (at most 1,000,000)."),
    ({"red_threes": 1_000_001}, "entries[0].red_threes", "Red threes is too large: 1,000,001 (at most 1,000,000)."),
    ({"red_threes": -1}, "entries[0].red_threes", "Red threes cannot be negative (got -1)."),
    ({"red_threes": 0.5}, "entries[0].red_threes", "Red threes must be a whole number (no fractions): 0.5 is not."),
    ({"red_threes": True}, "entries[0].red_threes", "Red threes must be a whole number, not true/false."),
    ({"red_threes": None}, "entries[0].red_threes", "Red threes must be a whole number, not empty."),
    ({"red_threes": "2"}, "entries[0].red_threes", "Red threes must be a whole number, not text."),
    ({"red_threes": [2]}, "entries[0].red_threes", "Red threes must be a whole number, not a list."),
    ({"red_threes": {"n": 2}}, "entries[0].red_threes", "Red threes must be a whole number, not an object."),
    ({"melded": "35"}, "entries[0].melded", "Melded points must be a whole number, not text."),
    ({"went_out": 1}, "entries[0].went_out", "Went out must be true or false."),
    ({"went_out": None}, "entries[0].went_out", "Went out must be true or false."),
    ({"melded": {"tens": 2.5}}, "entries[0].melded.tens",
     "Melded points: number of tens must be a whole number (no fractions): 2.5 is not."),
    ({"melded": {"tens": -1}}, "entries[0].melded.tens", "Melded points: number of tens cannot be negative (got -1)."),
    ({"melded": {"tens": True}}, "entries[0].melded.tens",
     "Melded points: number of tens must be a whole number, not true/false."),
    ({"melded": {"threes": 1}}, "entries[0].melded.threes",
     "Melded points: 'threes' is not a card value here. Use jokers, twenties, tens, fives."),
    ({"melded": {"jokers": 20_001}}, "entries[0].melded",
     "Melded points adds up to 1,000,050 points, which is too large."),
    ({"melded": {"jokers": 1_000_001}}, "entries[0].melded.jokers",
     "Melded points: number of jokers is too large: 1,000,001 (at most 1,000,000)."),
    ({"melded": [35]}, "entries[0].melded", "Melded points must be a whole number, not a list."),
], ids=["§4 points 31", "§4 points 31.0", "§4 points 35.5", "§4 points NaN", "§4 points infinite",
        "§4 points -5", "§4 points -5.0", "§4 points too large", "§4 count too large", "§4 count -1",
        "§4 count 0.5", "§4 count true", "§4 count null", "§4 count text", "§4 count list", "§4 count object",
        "§4 points text", "§4 flag 1", "§4 flag null", "§4 counts 2.5 tens", "§4 counts -1 tens",
        "§4 counts true tens", "§4 counts of threes", "§4 counts too many points", "§4 counts too many jokers",
        "§4 points list"])
def test_numbers_refused_as_sent(entry, field, message):
    errors = refused("ponytail", PAIRS, [entry, {}])
    assert errors == [(field, message)]


def test_the_largest_number_reaches_the_deck_checks():
    # 1,000,000 is a number (§4); it is then too many for the decks, not too large to read
    assert refused("ponytail", PAIRS, [{}, {"black_threes": 1_000_000}]) == [
        ("entries[1].black_threes", "1,000,000 black threes recorded, but 6 decks hold only 12.")]
