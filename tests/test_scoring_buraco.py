"""Buraco (RULES.md §10, lines 509–608): §9's module with Brazilian card values, words and defaults. The worked
example, each value and default that differs, the batida and the morto, every refusal with its field and words, in
every language."""
import pytest

import lang
from scoring import Refused, new_game
from scoring.variants.burraco import BURACO as VARIANT

from .examples import BURACO, BURRACO_PAIRS as PAIRS, nonzero
from .helpers import refusals, rules_setup

TWO = [["Ann", "Bob"], ["Cy", "Di"]]
ALONE = [["Ann"], ["Cy"]]
A, B = BURACO.hands[0].entries


def checked(entries, players=TWO, **house_rules):
    sides, built = rules_setup(VARIANT, players, **({"house_rules": house_rules} if house_rules else {}))
    return refusals(VARIANT, sides, built, entries)


def scored(entries, **house_rules):
    sides, options = rules_setup(VARIANT, TWO, **({"house_rules": house_rules} if house_rules else {}))
    assert refusals(VARIANT, sides, options, entries) == []
    parsed, _ = VARIANT.parse_hand({"entries": entries}, len(entries))
    return [(nonzero(s.breakdown), s.total) for s in VARIANT.score_hand(parsed, options)]


def test_worked_example():
    """Lines 584–588: A = 990, B = 105, each part as RULES.md adds it; every check passes."""
    hand = BURACO.hands[0]
    assert scored(hand.entries) == list(zip(hand.parts, hand.totals))


def test_worked_example_three_sujas_needs_a_limpa_unless_fechado():
    """Lines 588–590: A with only 3 sujas may not go out ("needs a canastra limpa"), and may in fechado."""
    a = {**A, "natural_canastas": 0, "dirty_canastas": 3}
    assert checked([a, B]) == [("entries[0].went_out", "Ann & Bob cannot go out: going out needs a clean canasta (a "
                                "canasta of 500 or a royal canasta counts), and Ann & Bob has none.")]
    assert checked([a, B], go_out_needs_clean=False) == []


def test_worked_example_royal_canasta():
    """Lines 590–592: with ace_to_ace_canasta_bonus 1000: A = 200 + 1000 + 100 + 100 + 420 − 30 = 1,790."""
    a = {**A, "natural_canastas": 1, "ace_to_ace_canastas": 1}
    assert scored([a, B], ace_to_ace_canasta_bonus=1000)[0] == (
        {"natural_canastas": 200, "ace_to_ace_canastas": 1000, "dirty_canastas": 100, "going_out": 100, "melded": 420,
         "in_hand": -30}, 1790)


def test_card_values_are_pagats():
    """Lines 522–523, 595–596: joker 20, A 15, 2 and K–8 10, 7–3 5; no twenties."""
    assert VARIANT.card_values == {"jokers": 20, "fifteens": 15, "tens": 10, "fives": 5}
    assert scored([{"melded": {"jokers": 1, "fifteens": 1, "tens": 1, "fives": 1}}, {}])[0] == ({"melded": 50}, 50)
    assert checked([{"melded": {"twenties": 1}}, {}])[0][0] == "entries[0].melded.twenties"


def test_defaults():
    """Lines 599–602: the house rules' defaults; target 3000, no hand limit, no decks; no minimum (line 570)."""
    options = VARIANT.default_options()
    assert options["house_rules"] == {
        "natural_canasta_bonus": 200, "semiclean_canasta_bonus": None, "dirty_canasta_bonus": 100,
        "full_run_canasta_bonus": None, "ace_to_ace_canasta_bonus": None, "going_out_bonus": 100,
        "kitty_penalty": 100, "go_out_needs_clean": True, "tie_goes_to_going_out": False,  # and §14, every variant
        "tie_plays_another_hand": False, "kitty_taken_bonus": None, "joker_value": 20}  # §14 turn 6 (line 1125)
    assert (options["target"], options["max_hands"], options["decks"]) == (3000, None, None)
    assert VARIANT.min_meld(2500, 4, options) == 0


@pytest.mark.parametrize("entry, rules, parts, total", [
    pytest.param({"natural_canastas": 1, "melded": 35}, {}, {"natural_canastas": 200, "melded": 35}, 235,
                 id="line 529: limpa 200"),
    pytest.param({"dirty_canastas": 1, "melded": 40}, {}, {"dirty_canastas": 100, "melded": 40}, 140,
                 id="line 530: suja 100"),
    pytest.param({"full_run_canastas": 1, "melded": 110}, {"full_run_canasta_bonus": 500},
                 {"full_run_canastas": 500, "melded": 110}, 610, id="line 531: canastra de 500 when on"),
    pytest.param({"natural_canastas": 1, "melded": 35, "went_out": True}, {},
                 {"natural_canastas": 200, "going_out": 100, "melded": 35}, 335, id="line 544: the final batida +100"),
    pytest.param({"melded": 20, "kitty_not_taken": True}, {}, {"melded": 20, "kitty_not_taken": -100}, -80,
                 id="lines 547–552: morto never taken (or by an indirect batida) −100"),
])
def test_each_part(entry, rules, parts, total):
    assert scored([entry, {}], **rules)[0] == (parts, total)


@pytest.mark.parametrize("entries, players, rules, field, words", [
    pytest.param([{"dirty_canastas": 1, "melded": 35}, {}], TWO, {}, "entries[0].melded",
                 "Melded points are 35, but 1 dirty canasta alone hold at least 40 points of cards.",
                 id="line 578: 40 per suja"),
    pytest.param([{"natural_canastas": 1, "melded": 30}, {}], TWO, {}, "entries[0].melded",
                 "1 clean canasta alone hold at least 35", id="line 578: 35 per limpa"),
    pytest.param([{"full_run_canastas": 1, "melded": 105}, {}], TWO, {"full_run_canasta_bonus": 500},
                 "entries[0].melded", "1 canasta of 500 alone hold at least 110", id="line 579: 110 per canastra de 500"),
    pytest.param([{"ace_to_ace_canastas": 1, "melded": 120}, {}], TWO, {"ace_to_ace_canasta_bonus": 1000},
                 "entries[0].melded", "1 royal canasta alone hold at least 125", id="line 579: 125 per real"),
    pytest.param([{"semiclean_canastas": 1, "melded": 40}, {}], TWO, {"semiclean_canasta_bonus": 150},
                 "entries[0].melded", "1 semi-clean canasta alone hold at least 45",
                 id="§4 settled: a semi-clean canastra 7 × 5 + a 2 at 10 = 45"),
    pytest.param([{"melded": 500}, {"melded": 300, "in_hand": 165}], TWO, {}, "entries[1].in_hand",
                 "All sides together recorded 965 card points, but the 108-card pack holds only 960.",
                 id="line 580: 960 card points"),
    pytest.param([{"dirty_canastas": 7, "melded": 280}, {"dirty_canastas": 6, "melded": 240}], TWO, {},
                 "entries[1].dirty_canastas", "13 dirty canastas hold a wild card each, but the pack has only 12 "
                 "jokers and 2s.", id="line 581: 12 sujas"),
    pytest.param([{"semiclean_canastas": 1, "melded": 45}, {}], TWO, {}, "entries[0].semiclean_canastas",
                 "Semi-clean canastas are not scored apart at this table (house rule semiclean_canasta_bonus is off)",
                 id="line 582: semiclean refused (the rule is off)"),
    pytest.param([{"melded": {"jokers": 5}}, {}], TWO, {}, "entries[0].melded.jokers",
                 "Melded points: 5 jokers counted, but the pack holds only 4.", id="§4 settled: 4 jokers in the pack"),
    pytest.param([{"in_hand": {"tens": 57}}, {}], TWO, {}, "entries[0].in_hand.tens",
                 "In-hand points: 57 tens counted, but the pack holds only 56.", id="§4 settled: 48 K–8 and 8 2s"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "went_out": True, "kitty_not_taken": True}, {}], TWO, {},
                 "entries[0].went_out", "Ann & Bob cannot go out: the final batida needs the side's morto taken, and "
                 "Ann & Bob never took it.", id="line 555: the batida needs the morto"),
    pytest.param([{"melded": 20, "went_out": True}, {}], TWO, {"go_out_needs_clean": False}, "entries[0].went_out",
                 "Ann & Bob cannot go out: going out needs at least one canasta, and Ann & Bob has none.",
                 id="line 566: fechado still needs a canasta"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "in_hand": 5, "went_out": True}, {}], ALONE, {},
                 "entries[0].in_hand", "Ann went out playing alone, so nothing is left in hand: In-hand points must "
                 "be 0, not 5.", id="line 567: a player alone who went out holds nothing"),
])
def test_refused(entries, players, rules, field, words):
    found = checked(entries, players, **rules)
    assert len(found) == 1 and found[0][0] == field and words in found[0][1], found


def test_decks_and_sides_refused():
    """Lines 517–518: decks refused, two sides of the same size."""
    with pytest.raises(Refused) as refused:
        new_game(VARIANT, {"variant": "buraco", "sides": [PAIRS[0], {"name": "X", "players": ["x"]}],
                           "options": {"decks": 2}})
    said = {e.field: e.message for e in refused.value.errors}
    assert said["sides"].startswith("Buraco is played by 2 partnerships of two players or by 2 players alone")
    assert said["options.decks"] == "Buraco always uses its own pack; leave decks out."


IN_LANGUAGES = {
    "pt_BR": "Ann & Bob não pode bater: a batida final exige ter pego o morto, e Ann & Bob nunca o pegou.",
    "it": "Ann & Bob non può chiudere: per la chiusura finale bisogna aver preso il morto, e Ann & Bob non l'ha mai "
          "preso.",
    "es": "Ann & Bob no puede cerrar: el cierre final exige haber tomado el muerto, y Ann & Bob nunca lo tomó.",
    "de": "Ann & Bob kann nicht ausmachen: Die letzte Batida braucht den aufgenommenen Morto, und Ann & Bob hat ihn nie "
          "aufgenommen.",
}


@pytest.mark.parametrize("locale", sorted(IN_LANGUAGES))
def test_refusal_in_every_language(locale):
    """Line 555 in the table's language: the batida without the morto."""
    with lang.using(locale):
        found = checked([{"natural_canastas": 1, "melded": 35, "went_out": True, "kitty_not_taken": True}, {}])
    assert found == [("entries[0].went_out", IN_LANGUAGES[locale])]
