"""Samba (RULES.md §12) and Bolivia (§13) scoring, table-driven; each case cites the line of RULES.md it follows."""
import pytest

from scoring import derive_game, get_variant, prepare_hand
from scoring.game import HandRecord

from .helpers import refusals, setup, totals

PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]
ALONE = [["Ann"], ["Cy"]]
AT = "2026-11-23T20:00:00+00:00"
# RULES.md:923-934, Samba's worked example
SAMBA_HANDS = [
    [{"natural_canastas": 2, "mixed_canastas": 1, "sequence_canastas": 1, "red_threes": 2, "melded": 820, "in_hand": 40,
      "went_out": True}, {"natural_canastas": 1, "red_threes": 3, "melded": 480, "in_hand": 235}],
    [{"natural_canastas": 1, "sequence_canastas": 2, "red_threes": 1, "melded": 760, "went_out": True},
     {"red_threes": 5, "melded": 150, "in_hand": 610}]]
# RULES.md:1023-1037, Bolivia's worked example
BOLIVIA_HANDS = [
    [{"sequence_canastas": 1, "wild_canastas": 1, "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 6,
      "melded": 910, "in_hand": 55, "black_threes": 1, "went_out": True},
     {"natural_canastas": 1, "mixed_canastas": 1, "melded": 530, "in_hand": 145, "black_threes": 2}],
    [{"sequence_canastas": 2, "red_threes": 1, "melded": 640, "went_out": True},
     {"wild_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "melded": 400, "in_hand": 90, "black_threes": 1}]]


def play(variant_id, hands, sides=PAIRS, **options):
    variant, s, o = setup(variant_id, sides, **options)
    records = [HandRecord(prepare_hand(variant, o, s, {"entries": h}), AT) for h in hands]
    return derive_game(variant, o, s, records)


@pytest.mark.parametrize("variant_id, hands, scores, minimums", [
    ("samba", SAMBA_HANDS[:1], [3980, 445], [120, 50]),  # RULES.md:925-928
    ("samba", SAMBA_HANDS, [8540, -515], [160, 15]),  # RULES.md:931-934
    ("bolivia", BOLIVIA_HANDS[:1], [6755, 985], [120, 50]),  # RULES.md:1025-1031
    ("bolivia", BOLIVIA_HANDS, [10695, 4195], [150, 120]),  # RULES.md:1034-1037
])
def test_worked_examples(variant_id, hands, scores, minimums):
    g = play(variant_id, hands)
    assert [s["score"] for s in g["sides"]] == scores
    assert [s["next_min_meld"] for s in g["sides"]] == minimums
    assert not g["finished"]


@pytest.mark.parametrize("variant_id, entries, expected", [
    # RULES.md:853-859 and 873: two canastas (sambas count) make red threes count for the side
    ("samba", [{"natural_canastas": 1, "sequence_canastas": 1, "red_threes": 1, "melded": 85}, {}],
     [500 + 1500 + 100 + 85, 0]),
    # RULES.md:856: all six red threes (3 decks) 1000, against a side short of two canastas
    ("samba", [{"red_threes": 6, "melded": 0}, {}], [-1000, 0]),
    ("samba", [{"natural_canastas": 2, "red_threes": 6, "melded": 70}, {}], [1000 + 1000 + 70, 0]),
    # RULES.md:862: black 3s in hand are in-hand points in Samba
    ("samba", [{"in_hand": 15}, {}], [-15, 0]),
    # RULES.md:979-987 Bolivia: bolivia 2500, black three held −100, with nobody out too (RULES.md:987-988)
    ("bolivia", [{"wild_canastas": 1, "melded": 140, "black_threes": 2}, {}], [2500 + 140 - 200, 0]),
    # RULES.md:989-990: two canastas of any kinds (no escalera) make red threes count plus in Bolivia
    ("bolivia", [{"natural_canastas": 1, "wild_canastas": 1, "red_threes": 2, "melded": 175}, {}],
     [500 + 2500 + 200 + 175, 0]),
])
def test_hand_totals(variant_id, entries, expected):
    variant, _, options = setup(variant_id, PAIRS)
    assert totals(variant, options, entries) == expected


@pytest.mark.parametrize("variant_id, rules, entries", [
    # a rule switched off refuses its field above 0 (RULES.md:911-912): Bolivia without bolivias or the black-three
    # penalty (its held black threes are then in-hand points)
    ("bolivia", {"wild_canasta_bonus": None}, [{"wild_canastas": 1, "melded": 140}, {}]),
    ("bolivia", {"black_three_penalty": None}, [{"black_threes": 1}, {}]),
])
def test_house_rules_switched_off_refuse_their_fields(variant_id, rules, entries):
    variant, sides, options = setup(variant_id, PAIRS, house_rules=rules)
    assert refusals(variant, sides, options, entries) != []
    _, sides, default = setup(variant_id, PAIRS)
    assert refusals(variant, sides, default, entries) == []


@pytest.mark.parametrize("variant_id, rules, entries, expected", [
    # every house rule changed at least once (RULES.md:945-953, 1043-1049)
    ("samba", {"natural_canasta_bonus": 600}, [{"natural_canastas": 1, "melded": 35}, {}], 600 - 0 + 35),
    ("samba", {"mixed_canasta_bonus": 400}, [{"mixed_canastas": 1, "melded": 50}, {}], 400 + 50),
    ("samba", {"sequence_canasta_bonus": 1000}, [{"sequence_canastas": 1, "melded": 50}, {}], 1000 + 50),
    ("samba", {"wild_canasta_bonus": 2000}, [{"wild_canastas": 1, "melded": 140}, {}], 2000 + 140),
    ("samba", {"going_out_bonus": 100},
     [{"natural_canastas": 2, "melded": 70, "went_out": True}, {}], 1000 + 100 + 70),
    ("samba", {"red_three_bonus": 50}, [{"natural_canastas": 2, "red_threes": 1, "melded": 70}, {}], 1000 + 50 + 70),
    ("samba", {"all_red_threes_bonus": 1200}, [{"natural_canastas": 2, "red_threes": 6, "melded": 70}, {}],
     1000 + 1200 + 70),
    # RULES.md:930: Brazilian tables, red_threes_need_canastas 1: B = 1,045
    ("samba", {"red_threes_need_canastas": 1}, [SAMBA_HANDS[0][1], {}], 1045),
    ("samba", {"black_three_penalty": 15}, [{"black_threes": 2}, {}], -30),
    ("samba", {"go_out_canastas": 1}, [{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], 500 - 0 + 200 + 35),
    ("samba", {"short_sequence_penalty": 1000}, [{"short_sequences": 1, "melded": 15}, {}], 15 - 1000),
    ("samba", {"meld_minimums_by_score": [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 150]]}, None, 150),
    ("bolivia", {"go_out_sequences": 0}, [{"natural_canastas": 2, "melded": 70, "went_out": True}, {}], 1000 + 200 + 70),
])
def test_every_house_rule_changes_the_score(variant_id, rules, entries, expected):
    variant, sides, options = setup(variant_id, PAIRS, house_rules=rules)
    if entries is None:  # a minimum: RULES.md:934 Samba's 160 from 7,000 is 150 under the house rule
        assert variant.min_meld(8540, 1, options) == expected
        return
    assert totals(variant, options, entries)[0] == expected
    assert refusals(variant, sides, options, entries) == []
    _, default_sides, default = setup(variant_id, PAIRS)
    assert refusals(variant, default_sides, default, entries) != [] or totals(variant, default, entries)[0] != expected


@pytest.mark.parametrize("variant_id, total, minimum", [
    # RULES.md:878-881 Samba: below 0 15 · 0-1,495 50 · 1,500-2,995 90 · 3,000-6,995 120 · 7,000 and up 160
    *[("samba", t, m) for t, m in ((-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120),
                                   (7000, 160))],
    # RULES.md:998-1001 Bolivia: the last row 150
    *[("bolivia", t, m) for t, m in ((-5, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150), (14000, 150))],
])
def test_initial_meld_minimum(variant_id, total, minimum):
    variant, _, options = setup(variant_id, PAIRS)
    assert variant.min_meld(total, 0, options) == minimum


@pytest.mark.parametrize("variant_id, target", [("samba", 10000), ("bolivia", 15000)])  # RULES.md:884, 1005
def test_the_game_ends_at_its_target(variant_id, target):
    variant, s, o = setup(variant_id, PAIRS)
    s[0]["start_score"] = target - 270
    g = derive_game(variant, o, s, [HandRecord(prepare_hand(variant, o, s, {"entries": [
        {"natural_canastas": 1, "sequence_canastas": 1, "melded": 85, "went_out": True}, {}]}), AT)])
    assert o["target"] == target and o["decks"] == 3
    assert g["finished"] and g["winner"] == [0]


@pytest.mark.parametrize("variant_id, sides, entries, field, words", [
    # RULES.md:872-874 going out needs two canastas; RULES.md:993-996 in Bolivia one an escalera
    ("samba", PAIRS, [{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], "entries[0].went_out", "has 1"),
    ("bolivia", PAIRS, [{"natural_canastas": 1, "wild_canastas": 1, "melded": 175, "went_out": True}, {}],
     "entries[0].went_out", "escaleras"),
    ("bolivia", PAIRS, [{**BOLIVIA_HANDS[0][0], "sequence_canastas": 0, "melded": 860}, BOLIVIA_HANDS[0][1]],
     "entries[0].went_out", "escaleras"),  # RULES.md:1031-1032
    ("samba", PAIRS, BOLIVIA_HANDS[0], "entries[0].wild_canastas", "not played"),  # RULES.md:1032-1033
    # RULES.md:911-912 off house rules refuse their fields above 0
    ("samba", PAIRS, [{"black_threes": 1}, {}], "entries[0].black_threes", "not played"),
    ("samba", PAIRS, [{"short_sequences": 1, "melded": 15}, {}], "entries[0].short_sequences", "not played"),
    ("bolivia", PAIRS, [{"short_sequences": 1, "melded": 15}, {}], "entries[0].short_sequences", "not played"),
    # RULES.md:897-899, 1011-1012 melded points at least what the canastas hold
    ("samba", PAIRS, [{"sequence_canastas": 1, "melded": 45}, {}], "entries[0].melded", "at least 50"),
    ("bolivia", PAIRS, [{"wild_canastas": 1, "melded": 135}, {}], "entries[0].melded", "at least 140"),
    # RULES.md:900-906 per deck: red threes 6, wild cards 18, naturals 132, sambas 12, card points 1,770
    ("samba", PAIRS, [{"red_threes": 4}, {"red_threes": 3}], "entries[1].red_threes", "red threes"),
    ("samba", PAIRS, [{"mixed_canastas": 10, "melded": 500}, {"mixed_canastas": 9, "melded": 450}],
     "entries[1].mixed_canastas", "wild cards"),
    ("samba", PAIRS, [{"natural_canastas": 10, "melded": 350}, {"sequence_canastas": 9, "melded": 450}],
     "entries[1].sequence_canastas", "natural cards"),
    ("samba", PAIRS, [{"sequence_canastas": 13, "melded": 650}, {}], "entries[0].sequence_canastas", "sambas"),
    ("samba", PAIRS, [{"melded": 1000}, {"in_hand": 775}], "entries[1].in_hand", "1,770"),
    # RULES.md:1013-1018 Bolivia: black threes held 6; three bolivias need 21 of 18 wild cards; 1,770 less 5 a black 3
    ("bolivia", PAIRS, [{"black_threes": 4}, {"black_threes": 3}], "entries[1].black_threes", "black threes"),
    ("bolivia", PAIRS, [{"wild_canastas": 2, "melded": 280}, {"wild_canastas": 1, "melded": 140}],
     "entries[1].wild_canastas", "wild cards"),
    ("bolivia", PAIRS, [{"melded": 1000, "black_threes": 1}, {"in_hand": 770}], "entries[1].in_hand", "1,765"),
    # RULES.md:874-875, 996-997 a player alone who went out holds nothing
    ("samba", ALONE, [{"natural_canastas": 2, "melded": 70, "in_hand": 5, "went_out": True}, {}], "entries[0].in_hand",
     "playing alone"),
    ("bolivia", ALONE, [{"sequence_canastas": 1, "natural_canastas": 1, "melded": 85, "black_threes": 1,
                         "went_out": True}, {}], "entries[0].black_threes", "playing alone"),
    ("samba", PAIRS, [{"natural_canastas": 2, "melded": 70, "went_out": True},
                      {"natural_canastas": 2, "melded": 70, "went_out": True}], "entries[1].went_out", "Only one"),
    # RULES.md:866-868: no concealed bonus, sent as unknown
    ("samba", PAIRS, [{"concealed": True}, {}], "entries[0].concealed", "not a field"),
])
def test_refusals(variant_id, sides, entries, field, words):
    variant, s, options = setup(variant_id, sides)
    found = refusals(variant, s, options, entries)
    assert any(f == field and words in m for f, m in found), found


def test_the_worked_examples_pass_the_checks_and_bolivia_is_samba_with_other_defaults():
    for variant_id, hands in (("samba", SAMBA_HANDS), ("bolivia", BOLIVIA_HANDS)):
        variant, s, options = setup(variant_id, PAIRS)
        assert all(refusals(variant, s, options, h) == [] for h in hands)
    samba, bolivia = get_variant("samba"), get_variant("bolivia")
    assert [f.name for f in samba.fields] == [f.name for f in bolivia.fields]  # RULES.md:1039
    differ = {k for k, v in samba.house_rules.items() if bolivia.house_rules[k] != v}
    assert differ == {"meld_minimums_by_score", "wild_canasta_bonus", "black_three_penalty", "go_out_sequences"}


@pytest.mark.parametrize("variant_id, rules, field", [
    ("samba", {"go_out_sequences": 3}, "options.house_rules.go_out_sequences"),  # RULES.md:919-920
    ("samba", {"meld_minimums_by_score": [[0, 50]]}, "options.house_rules.meld_minimums_by_score[0]"),
    ("samba", {"meld_minimums_by_score": [[None, 15], [100, 50], [100, 90]]},
     "options.house_rules.meld_minimums_by_score[2]"),
    ("samba", {"short_sequence_penalty": 3}, "options.house_rules.short_sequence_penalty"),
    ("bolivia", {"natural_canasta_bonus": None}, "options.house_rules.natural_canasta_bonus"),
])
def test_house_rules_refused(variant_id, rules, field):
    from scoring import Refused, new_game
    with pytest.raises(Refused) as refused:
        new_game(get_variant(variant_id), {"variant": variant_id, "options": {"house_rules": rules},
                                           "sides": [{"name": "A", "players": ["A"]}, {"name": "B", "players": ["B"]}]})
    assert field in [e.field for e in refused.value.errors]
