"""The rules card printed on every score sheet, as each variant words it (RULES.md): its bonus rows, its
meld-minimum rows and what going out needs, at the default house rules and with the table's own.

A wrong number here is a wrong rule in the players' hands, so every row is pinned whole. The PDF tests
(tests/test_sheets_*.py) check that the card is printed; these check what it says, fast enough for
`make mutants`.
"""
from __future__ import annotations

import pytest

from scoring import get_variant, vocabulary

MINUS = "\u2212"
BASE = [("Melded points (canasta cards included)", "plus"), ("Points left in hand", "minus")]


def rules(variant_id: str, **changed) -> dict:
    """The variant's house rules at their defaults, with `changed` ones as a table set them (older keys read in
    today's names, RULES.md §14: these tables were written with them)."""
    found = {r.key: r.default for r in get_variant(variant_id).rules}
    changed = vocabulary.renamed(variant_id, changed, found)
    assert set(changed) <= set(found), set(changed) - set(found)
    return {**found, **changed}


BONUS_ROWS = [
    ("ponytail", {}, BASE + [
        ("Red three laid down", "+100 each"), ("Black three left in hand", f"{MINUS}100 each"), ("Going out", "+200"),
        ("Cut bonus: cut exactly 4 hands and 1 card", "+100"), ("Pony never picked up", "minus its points")]),
    ("ponytail", {"red_three": 150, "black_three": 2000, "going_out": 250, "cut_bonus": 1500,
                  "unpicked_pony_counts": False}, BASE + [
        ("Red three laid down", "+150 each"), ("Black three left in hand", f"{MINUS}2,000 each"),
        ("Going out", "+250"), ("Cut bonus: cut exactly 4 hands and 1 card", "+1,500"),
        ("Pony never picked up", "not counted")]),
    ("pony", {}, BASE + [
        ("Red trey laid down", "+100 each"), ("Each complete set of four red treys", "1,000 instead"),
        ("Black trey left in hand", f"{MINUS}100 each"), ("Going out", "+100"),
        ("Asked permission to go out, then could not (partners; taken even if the side goes out later in the round)",
         f"{MINUS}100"),
        ("Pony never picked up", "minus its points")]),
    ("pony", {"red_trey": 120, "red_trey_set": 1200, "black_trey": 110, "going_out": 300, "failed_going_out": 1050,
              "unpicked_pony_counts": False}, BASE + [
        ("Red trey laid down", "+120 each"), ("Each complete set of four red treys", "1,200 instead"),
        ("Black trey left in hand", f"{MINUS}110 each"), ("Going out", "+300"),
        ("Asked permission to go out, then could not (partners; taken even if the side goes out later in the round)",
         f"{MINUS}1,050"),
        ("Pony never picked up", "not counted")]),
    ("five-person", {}, BASE + [
        ("Kitty picked up (at most 2 a deal)", "+50 each"), ("Finishing (going out)", "+50"),
        ("Super canasta (13-card sequence, at least 115 melded points; 110 with a joker): its bonus replaces the "
         "canasta bonus", ""),
        ("Deal score: your own score + your partner's (two seats on)", "")]),
    ("five-person", {"max_kitties": 3, "kitty": 75, "finishing": 1100}, BASE + [
        ("Kitty picked up (at most 3 a deal)", "+75 each"), ("Finishing (going out)", "+1,100"),
        ("Super canasta (13-card sequence, at least 115 melded points; 110 with a joker): its bonus replaces the "
         "canasta bonus", ""),
        ("Deal score: your own score + your partner's (two seats on)", "")]),
    ("classic", {}, BASE + [
        ("Red 3 laid down", "+100 each"), ("All four red 3s", "800 instead"),
        ("Red 3s of a side that melded nothing in the hand count against it", "minus"),
        ("All four red 3s against a side", f"{MINUS}800"), ("Going out", "+100"),
        ("Going out concealed (the whole hand in one turn)", "+200 instead"),
        ("Black 3s left in hand count as in-hand points (5 each)", "")]),
    ("classic", {"red_three": 125, "red_three_all_four": 1000, "going_out": 150, "going_out_concealed": 2500}, BASE + [
        ("Red 3 laid down", "+125 each"), ("All four red 3s", "1,000 instead"),
        ("Red 3s of a side that melded nothing in the hand count against it", "minus"),
        ("All four red 3s against a side", f"{MINUS}1,000"), ("Going out", "+150"),
        ("Going out concealed (the whole hand in one turn)", "+2,500 instead"),
        ("Black 3s left in hand count as in-hand points (5 each)", "")]),
    # RULES.md §14's Classic house rules: four red threes against for 400, counted against a side with no canasta,
    # black threes held apart at 15
    ("classic", {"four_red_threes_penalty": 400, "red_threes_against": "no_canasta", "black_three_penalty": 15},
     BASE + [
        ("Red 3 laid down", "+100 each"), ("All four red 3s", "800 instead"),
        ("Red 3s of a side that has no canasta count against it", "minus"),
        ("All four red 3s against a side", f"{MINUS}400"), ("Going out", "+100"),
        ("Going out concealed (the whole hand in one turn)", "+200 instead"),
        ("Black 3 left in hand (not in the in-hand points)", f"{MINUS}15 each")]),
]


@pytest.mark.parametrize("variant_id, changed, expected", BONUS_ROWS)
def test_bonus_rows(variant_id, changed, expected):
    assert get_variant(variant_id).bonus_rows(rules(variant_id, **changed)) == expected


TIERED = "Negative scores use the lowest minimum."
FAILED = ("A side that lays down too little and cannot mend it takes the meld back; its minimum rises by {} for the "
          "rest of the hand, for each such failure.")

MELD_ROWS = [
    ("ponytail", {}, [("below 15,000", "50"), ("15,000 to 29,995", "90"), ("30,000 and up", "120")], TIERED),
    ("ponytail", {"min_meld": 60, "min_meld_tiers": [[20000, 1000], [5000, 75]]},
     [("below 5,000", "60"), ("5,000 to 19,995", "75"), ("20,000 and up", "1,000")], TIERED),
    ("ponytail", {"min_meld": 40, "min_meld_tiers": []}, [("any score", "40")], TIERED),
    ("pony", {}, [("below 15,000", "50"), ("15,000 to 29,995", "90"), ("30,000 and up", "120")],
     f"{TIERED} {FAILED.format(10)}"),
    ("pony", {"failed_meld_step": 1500, "min_meld_tiers": [[1000, 55]]},
     [("below 1,000", "50"), ("1,000 and up", "55")], f"{TIERED} {FAILED.format('1,500')}"),
    ("five-person", {}, [("Opening minimum", "75"),
                         ("With a kitty, when finishing, or when the partner has a canasta", "25")], ""),
    ("five-person", {"opening_minimum": 1200, "opening_minimum_reduced": 30},
     [("Opening minimum", "1,200"), ("With a kitty, when finishing, or when the partner has a canasta", "30")], ""),
    ("classic", {}, [("below 0", "15"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"), ("3,000 and up", "120")], ""),
]


@pytest.mark.parametrize("variant_id, changed, rows, note", MELD_ROWS)
def test_meld_rows(variant_id, changed, rows, note):
    assert get_variant(variant_id).meld_rows(rules(variant_id, **changed)) == (rows, note)


GOING_OUT = [
    ("ponytail", {}, "To go out a side needs at least one canasta of each kind: natural, dirty, natural sevens and "
                     "wild-card. At most one side goes out; a hand may also end when the stock runs out."),
    ("pony", {}, "To go out a side needs at least one canasta of each kind: wild, sevens, natural and black. At most "
                 "one side goes out; a hand may also end when the stock runs out."),
    ("five-person", {}, "To finish, the player or their partner (two seats after) must have a canasta. At most one "
                        "player finishes a deal."),
    ("five-person", {"finish_needs_canasta": False},
     "A player may finish without a canasta. At most one player finishes a deal."),
    ("classic", {}, "To go out a side needs at least one canasta, natural or mixed. At most one side goes out; going "
                    "out concealed means melding the whole hand in one turn without having melded before."),
    ("classic", {"go_out_canastas": 2}, "To go out a side needs at least 2 canastas. At most one side goes out; going "
                                        "out concealed means melding the whole hand in one turn without having melded "
                                        "before."),
]


@pytest.mark.parametrize("variant_id, changed, expected", GOING_OUT)
def test_what_going_out_needs(variant_id, changed, expected):
    assert get_variant(variant_id).going_out_text(rules(variant_id, **changed)) == expected
