"""Modern American Canasta scoring (RULES.md §11), table-driven; each case cites the line of RULES.md it follows."""
import pytest

from scoring import derive_game, prepare_hand
from scoring.game import HandRecord

from .helpers import refusals, setup, totals

PAIRS = [["Ann", "Bob"], ["Cy", "Di"]]
ALONE = [["Ann"], ["Cy"]]
AT = "2026-11-23T20:00:00+00:00"
# RULES.md:760-772, the worked example's hand 1
A1 = {"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1, "red_threes": 2, "black_threes_laid": 1,
      "melded": 480, "in_hand": 35, "went_out": True}
B1 = {"red_threes": 1, "black_threes_laid": 2, "melded": 230, "in_hand": 185, "incomplete_aces": True}
# RULES.md:775-780, hand 2
A2 = {"natural_canastas": 1, "red_threes": 1, "melded": 340, "in_hand": 260, "sevens_penalties": 1}
B2 = {"special_hand": "garbage"}


def game(hands, sides=PAIRS, **options):
    variant, s, o = setup("american", sides, **options)
    records = [HandRecord(prepare_hand(variant, o, s, {"entries": h}), AT) for h in hands]
    return derive_game(variant, o, s, records)


@pytest.mark.parametrize("entries, expected", [
    ([A1, B1], [4245, -3315]),  # RULES.md:762-768
    # RULES.md:769-771 the swing: one mixed canasta, threes count 0 and melded for; two: threes for
    ([A1, {**B1, "mixed_canastas": 1, "melded": 230}], [4245, 300 + 230 - 185 - 2500]),
    ([A1, {**B1, "mixed_canastas": 2, "melded": 230}], [4245, 600 + 400 + 230 - 185 - 2500]),
    ([A2, B2], [-920, 3000]),  # RULES.md:775-779
    # RULES.md:647-649 threes table per colour: 4 red 1000 + 3 black 500 with two canastas
    ([{"natural_canastas": 2, "red_threes": 4, "black_threes_laid": 3, "melded": 70}, {}], [1000 + 1000 + 500 + 70, 0]),
    # RULES.md:652-654 every canasta kind's bonus (aces 2500, wild 2000)
    ([{"aces_canastas": 1, "wild_canastas": 1, "melded": 310}, {}], [2500 + 2000 + 310, 0]),
    ([{"joker_canastas": 1, "melded": 260}, {}], [2500 + 260, 0]),
    ([{"twos_canastas": 1, "melded": 140}, {}], [3000 + 140, 0]),
    # RULES.md:661-666 penalties: threes held 5, incomplete sevens 2500, incomplete wild 2000, aces held 1500 a player
    ([{"natural_canastas": 1, "melded": 35 + 15 + 60, "threes_held": 2, "incomplete_sevens": True,
       "incomplete_wild": True}, {"aces_penalties": 2}], [500 + 110 - 10 - 2500 - 2000, -3000]),
    # RULES.md:766 with an incomplete wild meld of all four jokers (incomplete_jokers_penalty 2000 by default)
    ([{"natural_canastas": 1, "melded": 235, "incomplete_wild": True, "incomplete_wild_jokers": True}, {}],
     [500 + 235 - 2000, 0]),
    # RULES.md:674-676 a special hand scores its value and nothing else; every hand's value (RULES.md:680-690)
    *[([{"special_hand": key}, {}], [value, 0]) for key, value in (
        ("pairs", 2500), ("wild_pairs", 2000), ("miami_pairs", 2500), ("zip_code", 2500), ("straight", 3000),
        ("garbage", 3000), ("blast_off", 3000), ("triples", 3500), ("quads", 3500), ("dream_plus_4", 8500),
        ("dream_plus_5", 8500))],
    # RULES.md:817: special_hand sent as null is the same as left out
    ([{"special_hand": None, "natural_canastas": 1, "melded": 40}, {}], [540, 0]),
])
def test_hand_totals(entries, expected):
    variant, _, options = setup("american", PAIRS)
    assert totals(variant, options, entries) == expected


@pytest.mark.parametrize("rules, entries, expected", [
    # every house rule changed at least once (RULES.md:802-811)
    ({"mixed_canasta_bonus": 250}, [{"mixed_canastas": 1, "melded": 50}, {}], 250 + 50),
    ({"natural_canasta_bonus": 600}, [{"natural_canastas": 1, "melded": 35}, {}], 600 + 35),
    ({"aces_canasta_bonus": 2000}, [{"aces_canastas": 1, "melded": 140}, {}], 2000 + 140),
    ({"sevens_canasta_bonus": 2000}, [{"sevens_canastas": 1, "melded": 35}, {}], 2000 + 35),
    ({"wild_canasta_bonus": 1500}, [{"wild_canastas": 1, "melded": 170}, {}], 1500 + 170),
    ({"joker_canasta_bonus": 3000}, [{"joker_canastas": 1, "melded": 260}, {}], 3000 + 260),
    ({"twos_canasta_bonus": 4000}, [{"twos_canastas": 1, "melded": 140}, {}], 4000 + 140),
    ({"going_out_bonus": 200}, [{"natural_canastas": 2, "melded": 70, "went_out": True}, {}], 1000 + 200 + 70),
    ({"threes_table": [150, 300, 450, 1200]}, [{"natural_canastas": 2, "red_threes": 1, "melded": 70}, {}],
     1000 + 150 + 70),
    ({"three_held_penalty": 10}, [{"threes_held": 1}, {}], -10),
    ({"incomplete_aces_penalty": 1000}, [{"incomplete_aces": True, "melded": 60}, {}], -60 - 1000),
    ({"incomplete_sevens_penalty": 1000}, [{"incomplete_sevens": True, "melded": 15}, {}], -15 - 1000),
    ({"incomplete_wild_penalty": 1000}, [{"incomplete_wild": True, "melded": 60}, {}], -60 - 1000),
    ({"incomplete_jokers_penalty": 2500},
     [{"incomplete_wild": True, "incomplete_wild_jokers": True, "melded": 200}, {}], -200 - 2500),  # Pagat
    ({"aces_held_penalty": 1000}, [{"aces_penalties": 1}, {}], -1000),
    ({"sevens_held_penalty": 1000}, [{"sevens_penalties": 1}, {}], -1000),
    ({"special_hands": {"garbage": 2000}}, [{"special_hand": "garbage"}, {}], 2000),  # RULES.md:781 Pagat's Garbage
    ({"go_out_canastas": 1}, [{"natural_canastas": 1, "melded": 35, "went_out": True}, {}], 500 + 100 + 35),
])
def test_every_house_rule_changes_the_score(rules, entries, expected):
    variant, sides, options = setup("american", PAIRS, house_rules=rules)
    assert totals(variant, options, entries)[0] == expected
    _, _, default = setup("american", PAIRS)
    if "go_out_canastas" not in rules:
        assert totals(variant, default, entries)[0] != expected


def test_worked_example_two_hands_minimums_and_dream_hand():
    g = game([[A1, B1], [A2, B2]])
    # RULES.md:772 and 776-777: next minimums A 155 B 125 after hand 1; A 3,325 (155) B −315 (125)
    assert [(s["score"], s["next_min_meld"]) for s in g["sides"]] == [(3325, 155), (-315, 125)]
    assert not g["finished"]
    # RULES.md:782-784: Dream hand +4 instead: B 5,185, finished, B wins by 1,860
    g = game([[A1, B1], [A2, {"special_hand": "dream_plus_4"}]])
    assert (g["finished"], g["winner"], g["margin"], g["sides"][1]["score"]) == (True, [1], 1860, 5185)
    assert g["finish_reasons"] == ["won_outright"]
    g = game([[A1, B1], [A2, {"special_hand": "dream_plus_5"}]], house_rules={"dream_hand_wins": False})
    assert not g["finished"]  # RULES.md:784: OFF, the game goes on: nobody has 8,500


def test_a_dream_hand_wins_even_when_behind_with_margin_never_below_zero():
    # RULES.md:714-716: its side is the winner whatever the totals; margin never below 0
    variant, s, o = setup("american", PAIRS)
    s[0]["start_score"] = 8000
    g = derive_game(variant, o, s, [HandRecord(prepare_hand(variant, o, s, {"entries": [
        {"natural_canastas": 2, "melded": 400}, {"special_hand": "dream_plus_4"}]}), AT)])
    assert g["finished"] and g["winner"] == [1] and g["margin"] == 0


def test_both_past_the_target_the_higher_total_wins():
    # RULES.md:785-786: A 8,120 and B 7,950 score 905 and 1,240: B wins by 165
    variant, s, o = setup("american", PAIRS)
    s[0]["start_score"], s[1]["start_score"] = 8120, 7950
    hand = [{"natural_canastas": 1, "melded": 405}, {"natural_canastas": 1, "melded": 740}]
    g = derive_game(variant, o, s, [HandRecord(prepare_hand(variant, o, s, {"entries": hand}), AT)])
    assert [x["score"] for x in g["sides"]] == [9025, 9190]
    assert (g["finished"], g["winner"], g["margin"]) == (True, [1], 165)


@pytest.mark.parametrize("total, minimum", [
    # RULES.md:702-704: below 3,000 (negative included) 125 · 3,000 to 4,995 155 · 5,000 and up 180
    (-5000, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180), (8000, 180),
])
def test_initial_meld_minimum_by_score(total, minimum):
    variant, _, options = setup("american", PAIRS)
    assert variant.min_meld(total, 0, options) == minimum
    assert variant.minimum_said(minimum).endswith(", with a clean triple")


def test_minimums_by_hand_and_by_a_table_of_its_own():
    # RULES.md:707-709 NVSO: meld_minimums [125, 155, 180] go by the hand number whatever the scores
    variant, _, options = setup("american", PAIRS, house_rules={"meld_minimums": [125, 155, 180]})
    assert [variant.min_meld(9000, n, options) for n in range(4)] == [125, 155, 180, 180]
    variant, _, options = setup("american", PAIRS, house_rules={"meld_minimums_by_score": [[None, 100], [2000, 150]]})
    assert [variant.min_meld(t, 0, options) for t in (-10, 1995, 2000)] == [100, 100, 150]


NOT_OUT = {"natural_canastas": 1, "melded": 35}


@pytest.mark.parametrize("sides, entries, field, words", [
    # RULES.md:747-749 a special hand is the side's whole score; one a hand; then nobody went out
    (PAIRS, [{"special_hand": "garbage", "red_threes": 1}, {}], "entries[0].red_threes", "whole score"),
    (PAIRS, [{"special_hand": "garbage"}, {"special_hand": "pairs"}], "entries[1].special_hand", "Only one"),
    (PAIRS, [{"special_hand": "garbage"}, {"natural_canastas": 2, "melded": 70, "went_out": True}],
     "entries[1].went_out", "Nobody goes out"),
    (PAIRS, [{"special_hand": "royal"}, {}], "entries[0].special_hand", "must be one of"),
    (PAIRS, [{"special_hand": 3}, {}], "entries[0].special_hand", "must be one of"),
    # RULES.md:693-696 going out needs 2 canastas and no incomplete aces, sevens or wild meld
    (PAIRS, [{**NOT_OUT, "went_out": True}, {}], "entries[0].went_out", "needs 2 canastas"),
    (PAIRS, [{"natural_canastas": 2, "melded": 130, "went_out": True, "incomplete_aces": True}, {}],
     "entries[0].went_out", "incomplete"),
    (PAIRS, [{"natural_canastas": 2, "melded": 70, "went_out": True}, {"natural_canastas": 2, "melded": 70,
                                                                        "went_out": True}],
     "entries[1].went_out", "Only one side"),
    # RULES.md:720-724 melded points at least what the canastas and incomplete melds hold
    (PAIRS, [{"aces_canastas": 1, "melded": 135}, {}], "entries[0].melded", "at least 140"),
    (PAIRS, [{"incomplete_wild": True, "incomplete_wild_jokers": True, "melded": 195}, {}], "entries[0].melded",
     "at least 200"),
    # RULES.md:728 threes: 4 of a colour, 8 in all
    (PAIRS, [{"red_threes": 5}, {}], "entries[0].red_threes", "4"),
    (PAIRS, [{"red_threes": 3}, {"red_threes": 2}], "entries[1].red_threes", "red threes"),
    (PAIRS, [{"red_threes": 4, "black_threes_laid": 3}, {"threes_held": 2}], "entries[1].threes_held", "threes"),
    # RULES.md:729-733 wild cards 12, jokers 4, twos 8: one wild canasta of any kind a hand
    (PAIRS, [{"wild_canastas": 1, "melded": 170}, {"twos_canastas": 1, "melded": 140}], "entries[1].twos_canastas",
     "wild cards"),
    (PAIRS, [{"joker_canastas": 1, "melded": 260}, {"incomplete_wild": True, "incomplete_wild_jokers": True,
                                                    "melded": 200}], "entries[1].incomplete_wild_jokers", "8 jokers"),
    # RULES.md:734-738 aces 8 and sevens 8
    (PAIRS, [{"aces_canastas": 1, "melded": 140}, {"incomplete_aces": True, "melded": 60}],
     "entries[1].incomplete_aces", "aces"),
    (PAIRS, [{"sevens_penalties": 2}, {"sevens_penalties": 1}], "entries[1].sevens_penalties", "sevens"),
    # RULES.md:739-741 canastas by rank: natural ≤ 9, natural + mixed + aces ≤ 10, sevens ≤ 1
    (PAIRS, [{"natural_canastas": 5, "melded": 175}, {"natural_canastas": 5, "melded": 175}],
     "entries[1].natural_canastas", "no rank has two"),
    (PAIRS, [{"natural_canastas": 5, "melded": 175}, {"mixed_canastas": 6, "melded": 300}],
     "entries[1].mixed_canastas", "no rank has two"),
    (PAIRS, [{"sevens_canastas": 1, "melded": 35}, {"sevens_canastas": 1, "melded": 35}],
     "entries[1].sevens_canastas", "sevens"),
    # RULES.md:742 card points 1,160
    (PAIRS, [{"melded": 800}, {"in_hand": 365}], "entries[1].in_hand", "1,160"),
    # RULES.md:743-746 per side: threes held at most players + 1 (1 for a partnership that went out); penalties
    (PAIRS, [{"threes_held": 4}, {}], "entries[0].threes_held", "at most 3"),
    (PAIRS, [{"natural_canastas": 2, "melded": 70, "went_out": True, "threes_held": 2}, {}], "entries[0].threes_held",
     "at most 1"),
    (PAIRS, [{"aces_penalties": 3}, {}], "entries[0].aces_penalties", "2 players"),
    (PAIRS, [{"natural_canastas": 2, "melded": 70, "went_out": True, "aces_penalties": 2}, {}],
     "entries[0].aces_penalties", "1 players"),
    (ALONE, [{"natural_canastas": 2, "melded": 70, "went_out": True, "in_hand": 5}, {}], "entries[0].in_hand",
     "playing alone"),
    (PAIRS, [{"incomplete_wild_jokers": True, "melded": 200}, {}], "entries[0].incomplete_wild_jokers",
     "Incomplete wild meld"),
])
def test_refusals(sides, entries, field, words):
    variant, s, options = setup("american", sides)
    found = refusals(variant, s, options, entries)
    assert any(f == field and words in m for f, m in found), found


def test_a_special_hand_not_played_at_the_table_is_refused():
    # RULES.md:691-692: a table that does not play a hand sets its value to null; an entry naming it is refused
    variant, s, options = setup("american", PAIRS, house_rules={"special_hands": {"straight": None}})
    found = refusals(variant, s, options, [{"special_hand": "straight"}, {}])
    assert found and found[0][0] == "entries[0].special_hand"
    assert refusals(variant, s, options, [{"special_hand": "garbage"}, {}]) == []


def test_the_worked_example_checks_pass():
    variant, s, options = setup("american", PAIRS)
    assert refusals(variant, s, options, [A1, B1]) == [] and refusals(variant, s, options, [A2, B2]) == []
