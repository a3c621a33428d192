"""Issue 24: the help of "Go on from a game begun on paper" says what is true of a game of a number of rounds: the
rounds played on paper are not rounds here (the round limit and each round's minimum count the rounds recorded
here, from 1), in the variant's own words, never its name; and that it is so."""
from __future__ import annotations

import re

import pytest

from scoring import VARIANTS, derive_game, new_game
from scoring.game import HandRecord

from .helpers import registered
from .pages import new_game as new_game_form
from .toy_variant import DEALS

SUMMARY = "Go on from a game begun on paper"


def help_text(client, variant_id: str) -> str:
    [help_p] = new_game_form(client, variant_id).disclosure(SUMMARY).by_text(re.compile("^Type each side's total"), tag="p")
    return help_p.text


@pytest.fixture
def deals():
    with registered(DEALS):
        yield DEALS


def test_a_game_of_rounds_says_the_rounds_on_paper_are_not_counted_here(client):
    text = " ".join(help_text(client, "hand-and-foot").split())
    assert text == ("Type each side's total from the paper sheet; the game goes on from there (a target, if you set "
                    "one, counts it). The rounds played on paper are not counted as rounds here: the first round you "
                    "record is round 1, so set the round limit to the rounds still to play and, under House rules, "
                    "“Initial meld minimum by round” to those rounds’ minimums.")
    assert str(VARIANTS["hand-and-foot"].name) not in text


def test_another_variant_of_rounds_says_it_in_its_own_words(client, deals):
    text = " ".join(help_text(client, deals.id).split())
    assert ("The deals played on paper are not counted as deals here: the first deal you record is deal 1, so set "
            "the deal limit to the deals still to play and, under House rules, “Opening by deal” to those deals’ "
            "minimums.") in text
    assert "round" not in text and str(deals.name) not in text


def test_a_game_to_a_target_with_minimums_by_score_says_what_it_did(client):
    text = " ".join(help_text(client, "ponytail").split())
    assert text == ("Type each side's total from the paper sheet; the game goes on from there (minimums and the "
                    "target count it).")


def test_what_the_help_says_is_what_the_game_does():
    variant = VARIANTS["hand-and-foot"]
    sides = [{"name": n, "players": [n + "1", n + "2"], "start_score": s} for n, s in (("Us", 6000), ("Them", 5000))]
    kept, options = new_game(variant, {"variant": variant.id, "sides": sides})
    nothing = {f.name: False if f.kind == "flag" else 0 for f in variant.fields}
    rounds = [HandRecord([nothing, nothing], "2026-11-25T20:00:00+00:00")]
    state = derive_game(variant, options, kept, [])
    assert [s["next_min_meld"] for s in state["sides"]] == [50, 50]  # round 1 here: the list's first, not round 3's
    state = derive_game(variant, options, kept, rounds * 3)
    assert not state["finished"] and [s["score"] for s in state["sides"]] == [6000, 5000]
    assert derive_game(variant, options, kept, rounds * 4)["finish_reasons"] == ["max_hands"]  # 4 recorded here


def test_a_game_of_rounds_played_to_a_score_instead_says_so(client):
    from .pages import press, read
    doc = new_game_form(client, "hand-and-foot")
    doc = read(press(client, doc, doc.button("Play to a score instead of 4 rounds")))
    [help_p] = doc.disclosure(SUMMARY).by_text(re.compile("^Type each side's total"), tag="p")
    assert " ".join(help_p.text.split()) == (
        "Type each side's total from the paper sheet; the game goes on from there (the target counts it). The rounds "
        "played on paper are not counted as rounds here: the first round you record is round 1, so under House rules "
        "set “Initial meld minimum by round” to the minimums of the rounds still to play.")
