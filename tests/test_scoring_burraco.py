"""Burraco (RULES.md §9, lines 362–506), computed by hand: the worked example, every part of the hand score and
house rule, closing, no minimum, the end of the game, sides and pack; every refusal with its field and words, in
every language."""
import pytest

import lang
from scoring import Refused, new_game
from scoring.variants.burraco import VARIANT
from scoring.game import HandRecord, derive_game

from .examples import BURRACO, BURRACO_PAIRS as PAIRS, nonzero
from .helpers import refusals, rules_setup

TWO = [["Ann", "Bob"], ["Cy", "Di"]]
ALONE = [["Ann"], ["Cy"]]
H1, H2, H3 = BURRACO.hands
INTERNATIONAL = {"go_out_needs_clean": True, "semiclean_canasta_bonus": None}


def checked(entries, players=TWO, **options):
    sides, built = rules_setup(VARIANT, players, **options)
    return refusals(VARIANT, sides, built, entries)


def scored(entries, players=TWO, **house_rules):
    """Each side's breakdown (parts not 0) and total, every check passed first."""
    sides, options = rules_setup(VARIANT, players, **({"house_rules": house_rules} if house_rules else {}))
    assert refusals(VARIANT, sides, options, entries) == []
    parsed, _ = VARIANT.parse_hand({"entries": entries}, len(entries))
    return [(nonzero(s.breakdown), s.total) for s in VARIANT.score_hand(parsed, options)]


def played(hands, **options):
    sides, built = rules_setup(VARIANT, TWO, **options)
    records = [HandRecord(VARIANT.parse_hand({"entries": h}, 2)[0], "2026-11-27T20:00:00+00:00") for h in hands]
    return derive_game(VARIANT, built, sides, records)


# ------------------------------------------------------------------ the worked example (lines 464–482)

@pytest.mark.parametrize("number", [1, 2, 3])
def test_worked_example_hand_by_hand(number):
    """Lines 466–477: 910 / 75, 165 / 895, 465 / 485, each part as RULES.md adds it."""
    hand = BURRACO.hands[number - 1]
    assert scored(hand.entries) == list(zip(hand.parts, hand.totals))


def test_worked_example_turn_ends_after_three_deals_with_a_winning_by_85():
    """Lines 478–479: MP A 1,540, B 1,455; finished after hand 3 (max_hands 3, target null), A wins by 85."""
    game = played([h.entries for h in BURRACO.hands], max_hands=3, target=None)
    assert [s["score"] for s in game["sides"]] == [1540, 1455]
    assert game["finished"] and game["finish_reasons"] == ["max_hands"]
    assert (game["winner"], game["margin"]) == ([0], 85)
    two = played([h.entries for h in BURRACO.hands[:2]], max_hands=3, target=None)
    assert not two["finished"]


def test_worked_example_in_free_play_goes_on():
    """Line 479: in free play (target 2005) the game would go on."""
    game = played([h.entries for h in BURRACO.hands])
    assert not game["finished"] and [s["score"] for s in game["sides"]] == [1540, 1455]


def test_worked_example_under_the_international_code():
    """Lines 480–482: A's semipulito entered as a sporco: 200 + 200 + 100 + 385 − 25 = 860; B in hand 3 could not
    have closed without a pulito."""
    a = {**H1.entries[0], "semiclean_canastas": 0, "dirty_canastas": 2}
    assert scored([a, H1.entries[1]], **INTERNATIONAL)[0][1] == 860
    b = {**H3.entries[1], "semiclean_canastas": 0, "dirty_canastas": 2, "went_out": True}
    assert checked([H3.entries[0], b], house_rules=INTERNATIONAL) == [("entries[1].went_out", (
        "Cy & Di cannot close: at this table closing needs a clean burraco (a full or ace-to-ace run counts), and Cy & Di has "
        "none."))]


def test_worked_example_checks_pass_and_b_may_not_close_without_its_pozzetto():
    """Lines 468–470: every check passes; B claiming the closing is refused: no pozzetto."""
    assert all(checked(h.entries) == [] for h in BURRACO.hands)
    a, b = H1.entries
    assert checked([{**a, "went_out": False}, {**b, "went_out": True}]) == [("entries[1].went_out", (
        "Cy & Di cannot close: closing needs the side's pozzetto taken, and Cy & Di never took it."))]


# ------------------------------------------------------------------ each part and house rule (lines 393–415, 491–495)

@pytest.mark.parametrize("entry, rules, parts, total", [
    pytest.param({"natural_canastas": 1, "melded": 35}, {}, {"natural_canastas": 200, "melded": 35}, 235,
                 id="line 393: pulito 200"),
    pytest.param({"semiclean_canastas": 1, "melded": 55}, {}, {"semiclean_canastas": 150, "melded": 55}, 205,
                 id="line 394: semipulito 150"),
    pytest.param({"dirty_canastas": 1, "melded": 50}, {}, {"dirty_canastas": 100, "melded": 50}, 150,
                 id="line 397: sporco 100"),
    pytest.param({"full_run_canastas": 1, "melded": 120}, {"full_run_canasta_bonus": 300},
                 {"full_run_canastas": 300, "melded": 120}, 420, id="line 400: a full run scores its bonus when on"),
    pytest.param({"ace_to_ace_canastas": 1, "melded": 135}, {"ace_to_ace_canasta_bonus": 250},
                 {"ace_to_ace_canastas": 250, "melded": 135}, 385, id="line 400: an ace-to-ace run, its bonus when on"),
    pytest.param({"natural_canastas": 1, "melded": 35, "went_out": True}, {},
                 {"natural_canastas": 200, "going_out": 100, "melded": 35}, 335, id="line 407: closing +100"),
    pytest.param({"melded": 60, "in_hand": 80}, {}, {"melded": 60, "in_hand": -80}, -20,
                 id="lines 408–409: melded − in hand"),
    pytest.param({"melded": 60, "kitty_not_taken": True}, {}, {"melded": 60, "kitty_not_taken": -100}, -40,
                 id="line 411: pozzetto never taken −100"),
    pytest.param({"natural_canastas": 1, "melded": 35, "went_out": True, "kitty_not_taken": False},
                 {"natural_canasta_bonus": 300, "going_out_bonus": 150}, {"natural_canastas": 300, "going_out": 150,
                                                                          "melded": 35}, 485,
                 id="line 491: house rules change the bonuses"),
    pytest.param({"melded": 0, "kitty_not_taken": True}, {"kitty_penalty": 0}, {}, 0,
                 id="line 493: kitty_penalty 0 costs nothing"),
])
def test_each_part_of_the_hand_score(entry, rules, parts, total):
    assert scored([entry, {}], **rules)[0] == (parts, total)


def test_card_counts_use_burraco_values():
    """Lines 385–387, 487: jolly 30, pinella 20, ace 15, 10, 5."""
    counts = {"jokers": 1, "twenties": 1, "fifteens": 1, "tens": 1, "fives": 1}
    assert scored([{"melded": counts}, {}])[0] == ({"melded": 80}, 80)


def test_no_minimum_ever():
    """Lines 427–428: next_min_meld is 0 for every side, always, whatever the score."""
    game = played([h.entries for h in BURRACO.hands])
    assert [s["next_min_meld"] for s in game["sides"]] == [0, 0]
    assert VARIANT.min_meld(5000, 7, VARIANT.default_options()) == 0


def test_defaults_and_options():
    """Lines 491–495: the house rules' defaults; target 2005, no hand limit, no decks."""
    options = VARIANT.default_options()
    assert options["house_rules"] == {
        "natural_canasta_bonus": 200, "semiclean_canasta_bonus": 150, "dirty_canasta_bonus": 100,
        "full_run_canasta_bonus": None, "ace_to_ace_canasta_bonus": None, "going_out_bonus": 100,
        "kitty_penalty": 100, "go_out_needs_clean": False, "tie_goes_to_going_out": False,
        "tie_plays_another_hand": False}  # and §14, every variant (turn 6 too)
    assert (options["target"], options["max_hands"], options["decks"]) == (2005, None, None)


@pytest.mark.parametrize("players", [TWO, ALONE], ids=["pairs", "alone"])
def test_sides_two_pairs_or_two_alone(players):
    """Line 373: 2 partnerships of two, or 2 players alone."""
    assert VARIANT.check_sides([{"name": p[0], "players": p} for p in players]) == []


# ------------------------------------------------------------------ closing (lines 417–425)

@pytest.mark.parametrize("entries, players, rules", [
    pytest.param([{"dirty_canastas": 1, "melded": 50, "went_out": True}, {}], TWO, {},
                 id="line 418: any burraco will do (FIBUR)"),
    pytest.param([{"full_run_canastas": 1, "melded": 120, "went_out": True}, {}], TWO,
                 {**INTERNATIONAL, "full_run_canasta_bonus": 300}, id="line 419: a full run counts as clean"),
    pytest.param([{"melded": 0, "in_hand": 40}, {"melded": 0, "in_hand": 30}], TWO, {},
                 id="lines 422–425: nobody closed (the stock ran out)"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "in_hand": 25, "went_out": True}, {}], TWO, {},
                 id="line 422: a partner's cards count against a pair that closed"),
])
def test_closing_allowed(entries, players, rules):
    assert checked(entries, players, house_rules=rules) == []


# ------------------------------------------------------------------ refusals (lines 441–462, §4)

REFUSED = [
    pytest.param([{"melded": 12}, {}], {}, TWO, "entries[0].melded", "Melded points must be a multiple of 5",
                 id="§4 card points are multiples of 5"),
    pytest.param([{"natural_canastas": 1.5}, {}], {}, TWO, "entries[0].natural_canastas",
                 "Clean burracos must be a whole number (no fractions)", id="§4 counts are whole"),
    pytest.param([{"in_hand": {"jokers": 5}}, {}], {}, TWO, "entries[0].in_hand.jokers",
                 "In-hand points: 5 jokers counted, but the pack holds only 4.", id="§4 settled: 5 jolly, the pack has 4"),
    pytest.param([{"melded": {"twenties": 9}}, {}], {}, TWO, "entries[0].melded.twenties",
                 "Melded points: 9 pinelle counted, but the pack holds only 8.", id="§4 settled: 8 pinelle"),
    pytest.param([{"natural_canastas": 2, "melded": 65}, {}], {}, TWO, "entries[0].melded",
                 "Melded points are 65, but 2 clean burracos alone hold at least 70 points of cards.",
                 id="line 443: 35 per pulito"),
    pytest.param([{"semiclean_canastas": 1, "melded": 50}, {}], {}, TWO, "entries[0].melded",
                 "Melded points are 50, but 1 semi-clean burraco alone hold at least 55 points of cards.",
                 id="line 444: 55 per semipulito"),
    pytest.param([{"dirty_canastas": 1, "melded": 45}, {}], {}, TWO, "entries[0].melded",
                 "Melded points are 45, but 1 dirty burraco alone hold at least 50 points of cards.",
                 id="line 444: 50 per sporco"),
    pytest.param([{"full_run_canastas": 1, "melded": 115}, {}], {"full_run_canasta_bonus": 300}, TWO,
                 "entries[0].melded", "1 full run alone hold at least 120", id="line 445: 120 per full run"),
    pytest.param([{"ace_to_ace_canastas": 1, "melded": 130}, {}], {"ace_to_ace_canasta_bonus": 300}, TWO,
                 "entries[0].melded", "1 ace-to-ace run alone hold at least 135", id="line 446: 135 per ace-to-ace"),
    pytest.param([{"melded": 600}, {"melded": 300, "in_hand": 185}], {}, TWO, "entries[1].in_hand",
                 "All sides together recorded 1,085 card points, but the 108-card pack holds only 1,080.",
                 id="line 447: 1,080 card points"),
    pytest.param([{"dirty_canastas": 7, "melded": 350}, {"semiclean_canastas": 6, "melded": 330}], {}, TWO,
                 "entries[1].semiclean_canastas", "6 semi-clean burracos and 7 dirty burracos hold a wild card each, "
                 "but the pack has only 12 jokers and 2s.", id="line 448: 12 burracos with a matta"),
    pytest.param([{"full_run_canastas": 5, "melded": 600}, {"full_run_canastas": 4, "melded": 480}],
                 {"full_run_canasta_bonus": 300}, TWO, "entries[1].full_run_canastas",
                 "9 full runs each hold a 2 in its natural place, but the pack has only 8 2s.",
                 id="line 449: 8 full and ace-to-ace runs"),
    pytest.param([{"full_run_canastas": 2, "melded": 240}, {"dirty_canastas": 11, "melded": 550}],
                 {"full_run_canasta_bonus": 300}, TWO, "entries[1].dirty_canastas",
                 "11 dirty burracos and 2 full runs each hold a joker or a 2, but the pack has only 12 of them.",
                 id="line 450: runs with the mattas at most 12"),
    pytest.param([{"full_run_canastas": 3, "melded": 360}, {"ace_to_ace_canastas": 3, "melded": 405}],
                 {"full_run_canasta_bonus": 300, "ace_to_ace_canasta_bonus": 300}, TWO,
                 "entries[1].ace_to_ace_canastas", "3 full runs and 3 ace-to-ace runs need 9 aces, but the pack has "
                 "only 8.", id="line 451: full + 2 × ace-to-ace ≤ 8 aces"),
    pytest.param([{"natural_canastas": 14, "melded": 490}, {"natural_canastas": 1, "semiclean_canastas": 1,
                                                              "melded": 90}], {}, TWO,
                 "entries[1].semiclean_canastas", "15 clean burracos and 1 semi-clean burraco need at least 113 cards, "
                 "but the pack has only 108.", id="line 452: 108 cards in burracos"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "went_out": True},
                  {"natural_canastas": 1, "melded": 35, "went_out": True}], {}, TWO, "entries[1].went_out",
                 "Only one side can go out in a deal, but Ann & Bob and Cy & Di are marked.", id="line 455: at most one side closes"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "went_out": True, "kitty_not_taken": True}, {}], {}, TWO,
                 "entries[0].went_out", "Ann & Bob cannot close: closing needs the side's pozzetto taken, and Ann & Bob never took "
                 "it.", id="line 417: closing needs the pozzetto taken"),
    pytest.param([{"melded": 30, "went_out": True}, {}], {}, TWO, "entries[0].went_out",
                 "Ann & Bob cannot close: closing needs at least one burraco, and Ann & Bob has none.",
                 id="line 418: closing needs a burraco"),
    pytest.param([{"dirty_canastas": 2, "melded": 100, "went_out": True}, {}], {"go_out_needs_clean": True}, TWO,
                 "entries[0].went_out", "Ann & Bob cannot close: at this table closing needs a clean burraco (a full or "
                 "ace-to-ace run counts), and Ann & Bob has none.", id="line 419: the international code's pulito"),
    pytest.param([{"natural_canastas": 1, "melded": 35, "in_hand": 10, "went_out": True}, {}], {}, ALONE,
                 "entries[0].in_hand", "Ann closed playing alone, so nothing is left in hand: In-hand points must be "
                 "0, not 10.", id="line 421: a player alone who closed holds nothing"),
    pytest.param([{"semiclean_canastas": 1, "melded": 55}, {}], {"semiclean_canasta_bonus": None}, TWO,
                 "entries[0].semiclean_canastas", "Semi-clean burracos are not scored apart at this table (house rule "
                 "semiclean_canasta_bonus is off): enter them as Dirty burracos and leave Semi-clean burracos at 0, "
                 "not 1.", id="line 456: semiclean refused while off"),
    pytest.param([{}, {"full_run_canastas": 1, "melded": 120}], {}, TWO, "entries[1].full_run_canastas",
                 "Full runs are not scored apart at this table (house rule full_run_canasta_bonus is off): enter them "
                 "as Clean burracos", id="line 457: full runs refused while off"),
    pytest.param([{}, {"ace_to_ace_canastas": 2, "melded": 270}], {}, TWO, "entries[1].ace_to_ace_canastas",
                 "house rule ace_to_ace_canasta_bonus is off", id="line 457: ace-to-ace runs refused while off"),
]


@pytest.mark.parametrize("entries, rules, players, field, words", REFUSED)
def test_refused(entries, rules, players, field, words):
    found = checked(entries, players, house_rules=rules)
    assert any(f == field and words in message for f, message in found), found
    assert len({f for f, _ in found}) == len(found) or len(found) == 3, found  # one refusal a limit (9 runs break 3)


@pytest.mark.parametrize("payload, field, words", [
    pytest.param({"sides": [{"name": "A", "players": ["a", "b"]}, {"name": "B", "players": ["c"]}]}, "sides",
                 "Burraco is played by 2 partnerships of two players or by 2 players alone; got 2 sides of 2 / 1 "
                 "players.", id="line 458: both sides the same size"),
    pytest.param({"sides": [{"name": n, "players": [n]} for n in "ABC"]}, "sides", "got 3 sides of 1 / 1 / 1",
                 id="line 374: three players are not offered"),
    pytest.param({"options": {"decks": 2}}, "options.decks", "Burraco always uses its own pack; leave decks out.",
                 id="line 383: decks refused"),
    pytest.param({"options": {"house_rules": {"kitty_penalty": 12}}}, "options.house_rules.kitty_penalty",
                 "must be a multiple of 5", id="line 459: a bonus or penalty is a multiple of 5"),
    pytest.param({"options": {"house_rules": {"going_out_bonus": 1000005}}}, "options.house_rules.going_out_bonus",
                 "too large", id="line 459: at most 1,000,000"),
    pytest.param({"options": {"house_rules": {"dirty_canasta_bonus": None}}},
                 "options.house_rules.dirty_canasta_bonus", "must be a whole number",
                 id="line 460: only three bonuses take null"),
    pytest.param({"options": {"house_rules": {"go_out_needs_clean": 1}}}, "options.house_rules.go_out_needs_clean",
                 "must be true or false", id="line 461: go_out_needs_clean true or false"),
    pytest.param({"options": {"house_rules": {"min_meld": 50}}}, "options.house_rules.min_meld",
                 "'min_meld' is not a house rule of Burraco", id="§4 settled: an unnamed house rule is refused"),
])
def test_new_game_refused(payload, field, words):
    body = {"variant": "burraco", "sides": PAIRS, **payload}
    with pytest.raises(Refused) as refused:
        new_game(VARIANT, body)
    assert any(e.field == field and words in e.message for e in refused.value.errors), refused.value.errors


def test_null_bonuses_are_accepted():
    """Line 460: semiclean, full-run and ace-to-ace bonuses take null."""
    rules = {"semiclean_canasta_bonus": None, "full_run_canasta_bonus": None, "ace_to_ace_canasta_bonus": None}
    _, options = new_game(VARIANT, {"variant": "burraco", "sides": PAIRS, "options": {"house_rules": rules}})
    assert all(options["house_rules"][k] is None for k in rules)


# ------------------------------------------------------------------ in every language

IN_LANGUAGES = {
    "it": ["Ann & Bob non può chiudere: per chiudere bisogna aver preso il pozzetto, e Ann & Bob non l'ha mai preso.",
           "Punti in mano: contati 5 jolly, ma il mazzo ne ha solo 4."],
    "pt_BR": ["Ann & Bob não pode bater: bater exige ter pego o pozzetto, e Ann & Bob nunca o pegou.",
              "Pontos na mão: contados 5 jokers, mas o baralho tem só 4."],
    "es": ["Ann & Bob no puede cerrar: para cerrar hay que haber tomado el pozzetto, y Ann & Bob nunca lo tomó.",
           "Puntos en la mano: contaste 5 jokers, pero el mazo tiene solo 4."],
    "de": ["Ann & Bob kann nicht ausmachen: Dafür muss die Partei ihren Pozzetto aufgenommen haben, und Ann & Bob hat ihn nie "
           "aufgenommen.", "Punkte auf der Hand: 5 Joker gezählt, aber das Spiel hat nur 4."],
}


@pytest.mark.parametrize("locale", sorted(IN_LANGUAGES))
def test_refusals_in_every_language(locale):
    """Lines 417 and §4: the pozzetto refusal and a card count beyond the pack, in the table's language."""
    closing, jokers = IN_LANGUAGES[locale]
    with lang.using(locale):
        assert checked([{"natural_canastas": 1, "melded": 35, "went_out": True, "kitty_not_taken": True}, {}]) == [
            ("entries[0].went_out", closing)]
        found = checked([{"in_hand": {"jokers": 5}}, {}])
        assert found == [("entries[0].in_hand.jokers", jokers)], found
