"""Acceptance: Ponytail Canasta set-ups and options: three partnerships, players alone, house rules, limits.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

import pytest

from tests.helpers import PONYTAIL_PAIRS

from .acceptance_helpers import (
    PT_H2,
    alone,
    assert_refused,
    check_breakdowns,
    get_game,
    hand_totals,
    mins,
    ok_hand,
    pairs,
    ponytail,
    post_hand,
    scores,
)

# --------------------------------------------------------------------------- Ponytail, 3 partnerships

PT3_HAND = [
    {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 2, "wild_canastas": 1,
     "red_threes": 5, "melded": 1500, "went_out": True},
    {"sevens_canastas": 2, "red_threes": 5, "melded": 800, "in_hand": 100},
    {"natural_canastas": 1, "red_threes": 4, "melded": 300, "in_hand": 200, "black_threes": 1,
     "unpicked_pony": 150}]


def test_ponytail_three_partnerships_eight_decks(client, make_game):
    g = make_game(ponytail(pairs(3)))
    assert g["options"]["decks"] == 8  # three partnerships: 8 decks
    # 14 red threes (<= 8*2 = 16, > 6*2 = 12) and 4 sevens canastas = 28 sevens (<= 8*4 = 32, > 24)
    b = ok_hand(client, g["id"], PT3_HAND)
    # A = 500 + 300 + 2*5000 + 2500 + 5*100 + 200 + 1500 = 15,500
    # B = 2*5000 + 5*100 + 800 - 100 = 11,200
    # C = 500 + 4*100 + 300 - 200 - 100 - 150 = 750
    assert hand_totals(b["hand"]) == [15500, 11200, 750]
    assert scores(b["game"]) == [15500, 11200, 750]
    assert mins(b["game"]) == [90, 50, 50]


def test_ponytail_three_partnerships_six_decks_refuses_same_hand(client, make_game):
    g = make_game(ponytail(pairs(3)), decks=6)
    assert g["options"]["decks"] == 6
    assert_refused(client, g["id"], PT3_HAND, None)
    # only the red threes over: 14 > 12 (sevens 3 canastas = 21 <= 24)
    only_red = [PT3_HAND[0], dict(PT3_HAND[1], sevens_canastas=1), PT3_HAND[2]]
    body = assert_refused(client, g["id"], only_red, None)
    assert any("red_threes" in (e["field"] or "") for e in body["errors"]), body
    # only the sevens over: 28 > 24 (red threes 5 + 5 + 2 = 12)
    only_sevens = [PT3_HAND[0], PT3_HAND[1], dict(PT3_HAND[2], red_threes=2)]
    body = assert_refused(client, g["id"], only_sevens, None)
    assert any("sevens_canastas" in (e["field"] or "") for e in body["errors"]), body


def test_ponytail_three_partnerships_card_points_limit(client, make_game):
    g = make_game(ponytail(pairs(3)))
    entries = [{"melded": 2000}, {"melded": 1500}, {"in_hand": 500}]  # 4,000 <= 8*580 = 4,640
    b = ok_hand(client, g["id"], entries)
    assert hand_totals(b["hand"]) == [2000, 1500, -500]
    g6 = make_game(ponytail(pairs(3)), decks=6)
    # 4,000 > 6*580 = 3,480
    body = assert_refused(client, g6["id"], entries, None)
    assert any(e["field"] and e["field"].startswith("entries[") for e in body["errors"])
    # 4,645 > 4,640 at 8 decks
    assert_refused(client, g["id"], [{"melded": 2000}, {"melded": 1500}, {"in_hand": 1000, "unpicked_pony": 145}],
                   None)
    # exactly 4,640 is fine: -(1000 + 140) = -1,140
    b = ok_hand(client, g["id"], [{"melded": 2000}, {"melded": 1500}, {"in_hand": 1000, "unpicked_pony": 140}])
    assert hand_totals(b["hand"]) == [2000, 1500, -1140]


# --------------------------------------------------------------------------- Ponytail, individuals

@pytest.mark.parametrize("players,decks", [(2, 6), (3, 6), (4, 6), (5, 7), (6, 8)])
def test_ponytail_individual_deck_counts(make_game, players, decks):
    # individuals: 6, plus one per player above four
    assert make_game(ponytail(alone(players)))["options"]["decks"] == decks


def test_ponytail_five_individuals_seven_decks(client, make_game):
    g = make_game(ponytail(alone(5)))
    assert g["options"]["decks"] == 7
    gid = g["id"]
    entries = [
        {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
         "red_threes": 4, "melded": 1000, "went_out": True},
        {"natural_canastas": 1, "red_threes": 3, "cut_bonus": True, "melded": 200, "in_hand": 50},
        {"red_threes": 3, "melded": 100, "in_hand": 90},
        {"red_threes": 2, "in_hand": 40, "black_threes": 1, "unpicked_pony": 60},
        {"red_threes": 3, "in_hand": 205}]
    # 15 red threes > 7*2 = 14 -> refused, nothing stored
    assert_refused(client, gid, entries, None)
    entries[4]["red_threes"] = 2  # 4+3+3+2+2 = 14 = 7*2: fine
    b = ok_hand(client, gid, entries)
    # P1 = 500 + 300 + 5000 + 2500 + 400 + 200 + 1000 = 9,900
    # P2 = 500 + 300 + 100 (cut) + 200 - 50 = 1,050
    # P3 = 300 + 100 - 90 = 310
    # P4 = 200 - 40 - 100 - 60 = 0
    # P5 = 200 - 205 = -5
    assert hand_totals(b["hand"]) == [9900, 1050, 310, 0, -5]
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [9900, 1050, 310, 0, -5]
    assert mins(b["game"]) == [50] * 5


def test_ponytail_unpicked_pony_house_rule_off(client, make_game):
    g = make_game(PONYTAIL_PAIRS, house_rules={"unpicked_pony_counts": False})
    assert g["options"]["house_rules"]["unpicked_pony_counts"] is False
    b = ok_hand(client, g["id"], PT_H2)
    # A = 10,555 as in the worked example
    # B = 220 - 410 - 100 = -290 (pony of 125 not counted)
    assert hand_totals(b["hand"]) == [10555, -290]
    # with the default (ON): -415, shown by the worked example
    g2 = make_game()
    assert hand_totals(ok_hand(client, g2["id"], PT_H2)["hand"]) == [10555, -415]


def test_ponytail_cut_bonus(client, make_game):
    g = make_game(ponytail(alone(3)))
    gid = g["id"]
    # at most one side a hand
    assert_refused(client, gid, [{"cut_bonus": True}, {"cut_bonus": True}, {}], "entries[1].cut_bonus")
    assert_refused(client, gid, [{"cut_bonus": True}, {}, {"cut_bonus": True}], "entries[2].cut_bonus")
    # the cutter may also go out
    b = ok_hand(client, gid, [
        {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
         "cut_bonus": True, "went_out": True, "melded": 400},
        {"melded": 50, "in_hand": 20},
        {}])
    # P1 = 500 + 300 + 5000 + 2500 + 200 + 100 + 400 = 9,000
    # P2 = 50 - 20 = 30; P3 = 0
    assert hand_totals(b["hand"]) == [9000, 30, 0]
    b = ok_hand(client, gid, [{}, {}, {"cut_bonus": True}])
    assert hand_totals(b["hand"]) == [0, 0, 100]  # cut bonus alone: 100
    assert scores(b["game"]) == [9000, 30, 100]


@pytest.mark.parametrize("entry,missing,present", [
    ({"natural_canastas": 1, "dirty_canastas": 1, "wild_canastas": 1, "melded": 500}, ["sevens"], []),
    ({"natural_canastas": 1, "melded": 500}, ["dirty", "sevens", "wild"], []),
    ({"dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1, "melded": 500}, ["natural"], []),
    ({"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "melded": 500}, ["wild"], ["dirty"]),
    ({}, ["natural", "dirty", "sevens", "wild"], []),
])
def test_ponytail_going_out_needs_all_four_kinds(client, make_game, entry, missing, present):
    gid = make_game()["id"]
    body = assert_refused(client, gid, [dict(entry, went_out=True), {}], "entries[0].went_out", *missing)
    msg = [e["message"] for e in body["errors"] if e["field"] == "entries[0].went_out"][0].lower()
    # the part naming what the side lacks must not name a kind it has
    tail = msg.split("has no")[-1] if "has no" in msg else msg
    for kind in present:
        assert kind not in tail, msg


def test_ponytail_nobody_going_out_is_fine(client, make_game):
    gid = make_game()["id"]
    b = ok_hand(client, gid, [{"natural_canastas": 1, "melded": 100, "in_hand": 15}, {"in_hand": 5}])
    assert hand_totals(b["hand"]) == [500 + 100 - 15, -5]  # 585, -5


def test_ponytail_players_alone_stop_after_four_hands_by_default(client, make_game):
    # RULES.md §1: the hand limit defaults to 4 for individual players (seed 000)
    g = make_game(ponytail(alone(3)))
    assert g["options"]["max_hands"] == 4
    gid = g["id"]
    hands = [
        [{"melded": 100}, {"melded": 50}, {"in_hand": 30}],          # 100, 50, -30
        [{"natural_canastas": 1, "melded": 40}, {}, {"melded": 200}],  # 540, 0, 200
        [{}, {"red_threes": 2}, {"black_threes": 1}],                  # 0, 200, -100
    ]
    for h in hands:
        assert ok_hand(client, gid, h)["game"]["finished"] is False
    b = ok_hand(client, gid, [{"in_hand": 10}, {"dirty_canastas": 1, "melded": 60}, {}])  # -10, 360, 0
    # P1 = 100 + 540 + 0 - 10 = 630; P2 = 50 + 0 + 200 + 360 = 610; P3 = -30 + 200 - 100 + 0 = 70
    g = b["game"]
    assert scores(g) == [630, 610, 70]
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 20  # 630 - 610
    r = post_hand(client, gid, [{}, {}, {}])
    assert r.status_code == 409
    assert len(get_game(client, gid)["hands"]) == 4


@pytest.mark.parametrize("sides, options, limit", [
    (alone(2), {}, 4),
    (alone(6), {}, 4),
    (alone(3), {"max_hands": None}, None),   # null: the table plays without a limit
    (alone(3), {"max_hands": 7}, 7),
    (pairs(2), {}, None),                    # partnerships: no limit
    (pairs(3), {"max_hands": 4}, 4),
], ids=["§1 two alone", "§1 six alone", "§1 alone, no limit chosen", "§1 alone, 7 chosen", "§1 partnerships",
        "§1 partnerships, 4 chosen"])
def test_ponytail_hand_limit_default_and_choice(client, make_game, sides, options, limit):
    assert make_game(ponytail(sides), **options)["options"]["max_hands"] == limit


def test_ponytail_alone_without_a_limit_plays_on(client, make_game):
    gid = make_game(ponytail(alone(2)), max_hands=None)["id"]
    for _ in range(5):
        game = ok_hand(client, gid, [{"melded": 50}, {}])["game"]
    assert game["finished"] is False and game["hands_played"] == 5


def test_ponytail_finish_at_in_past(client, make_game):
    g = make_game(ponytail(alone(2)), finish_at="2000-01-01T00:00:00+00:00")
    gid = g["id"]
    assert g["finished"] is False  # finished once a hand is recorded at or after it
    b = ok_hand(client, gid, [{"melded": 50}, {"melded": 100}])
    g = b["game"]
    assert g["finished"] is True and g["winner"] == [1] and g["margin"] == 50  # 100 - 50
    assert post_hand(client, gid, [{}, {}]).status_code == 409


def test_finish_at_in_future_does_not_finish(client, make_game):
    g = make_game(ponytail(alone(2)), finish_at="2999-01-01T00:00:00+00:00")
    b = ok_hand(client, g["id"], [{"melded": 50}, {"melded": 100}])
    assert b["game"]["finished"] is False
