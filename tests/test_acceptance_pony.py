"""Acceptance: Pony Canasta: worked example, red trey sets, surprises, going out, failed melds, deck limits.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

import pytest

from tests.helpers import FIVE, PONY_THREE

from .acceptance_helpers import (
    alone,
    assert_refused,
    check_breakdowns,
    get_game,
    hand_totals,
    mins,
    ok_hand,
    pairs,
    pony,
    scores,
)
from .examples import PONY

# --------------------------------------------------------------------------- Pony

# RULES.md §6's worked example (tests/examples.py) for P1 and P2; here P3 has 300 in hand and 2 black treys
WORKED = PONY.hands[0]
PONY_WORKED = [*WORKED.entries[:2], {"in_hand": 300, "black_treys": 2}]


def test_pony_individuals_worked_example(client, make_game):
    g = make_game(PONY.game)
    assert g["options"]["decks"] == 6  # two decks per player
    b = ok_hand(client, g["id"], PONY_WORKED)
    # P1 9,610 and P2 1,010 as RULES.md §6 works them out; P3 = -300 - 2*100 = -500
    assert hand_totals(b["hand"]) == [*WORKED.totals[:2], -500]
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [*WORKED.running[:2], -500]
    assert mins(b["game"]) == WORKED.minimums


def test_pony_red_trey_sets(client, make_game):
    g = make_game(pony(alone(4)))
    assert g["options"]["decks"] == 8  # 16 red treys in play
    gid = g["id"]
    b = ok_hand(client, gid, [{"red_treys": 4}, {"red_treys": 5}, {"red_treys": 7}, {}])
    # 4 -> 1000; 5 -> 1000 + 100 = 1100; 7 -> 1000 + 3*100 = 1300
    assert hand_totals(b["hand"]) == [1000, 1100, 1300, 0]
    b = ok_hand(client, gid, [{"red_treys": 8}, {"red_treys": 3}, {"red_treys": 1}, {"black_treys": 2}])
    # 8 -> 2*1000 = 2000; 3 -> 300; 1 -> 100; 2 black treys -> -200
    assert hand_totals(b["hand"]) == [2000, 300, 100, -200]
    assert scores(b["game"]) == [3000, 1400, 1400, -200]
    # 17 red treys > 16 refused
    assert_refused(client, gid, [{"red_treys": 8}, {"red_treys": 8}, {"red_treys": 1}, {}], None)


def test_pony_partnerships_surprise_and_failed_going_out(client, make_game):
    g = make_game(pony(pairs(2)))
    assert g["options"]["decks"] == 8
    b = ok_hand(client, g["id"], [
        {"wild_canastas": 2, "surprise_wild": 1, "sevens_canastas": 1, "surprise_sevens": 1,
         "natural_canastas": 2, "surprise_natural": 1, "black_canastas": 1, "surprise_black": 1,
         "red_treys": 2, "melded": 1500, "went_out": True},
        {"natural_canastas": 1, "failed_going_out": True, "melded": 400, "in_hand": 120, "black_treys": 1,
         "unpicked_pony": 80}])
    # A canastas: 2*2500 + 500 + 2500 + 500 + 2*500 + 300 + 300 + 100 = 10,200
    # A = 10,200 + 200 (treys) + 100 (out) + 1500 = 12,000
    # B = 500 + 400 - 120 - 100 - 100 (failed going out) - 80 = 500
    assert hand_totals(b["hand"]) == [12000, 500]
    check_breakdowns(b["hand"])


def test_pony_team_that_failed_and_then_went_out_gets_both(client, make_game):
    # RULES.md §2: the permission penalty and going out are not exclusive ("the permission remains
    # during the rest of the round. However the team is penalized 100 points")
    g = make_game(pony(pairs(2)))
    b = ok_hand(client, g["id"], [
        {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "black_canastas": 1, "melded": 400,
         "went_out": True, "failed_going_out": True},
        {"melded": 80}])
    # A = 2500 + 2500 + 500 + 300 + 400 + 100 (out) - 100 (failed first) = 6,200 ; B = 80
    assert hand_totals(b["hand"]) == [6200, 80]
    parts = b["hand"]["scores"][0]["breakdown"]
    assert (parts["going_out"], parts["failed_going_out"]) == (100, -100)


def test_pony_failed_going_out_refused_for_single_player(client, make_game):
    gid = make_game(PONY_THREE)["id"]
    assert_refused(client, gid, [{}, {"failed_going_out": True}, {}], "entries[1].failed_going_out")


@pytest.mark.parametrize("field,canasta", [("surprise_wild", "wild_canastas"),
                                           ("surprise_sevens", "sevens_canastas"),
                                           ("surprise_natural", "natural_canastas"),
                                           ("surprise_black", "black_canastas")])
def test_pony_surprise_more_than_canastas_refused(client, make_game, field, canasta):
    gid = make_game(PONY_THREE)["id"]
    entry = {canasta: 1, field: 2, "melded": 1000}
    assert_refused(client, gid, [{}, entry, {}], f"entries[1].{field}")
    assert_refused(client, gid, [{field: 1, "melded": 500}, {}, {}], f"entries[0].{field}")


def test_pony_going_out_requirement(client, make_game):
    gid = make_game(PONY_THREE)["id"]
    entry = {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "melded": 600, "went_out": True}
    assert_refused(client, gid, [entry, {}, {}], "entries[0].went_out", "black")
    # with only surprise canastas it is fine (they count as their kind)
    entry = dict(entry, black_canastas=1, surprise_wild=1, surprise_sevens=1, surprise_natural=1, surprise_black=1)
    b = ok_hand(client, gid, [entry, {}, {}])
    # 2500 + 500 + 2500 + 500 + 500 + 300 + 300 + 100 + 100 (out) + 600 = 7,900
    assert hand_totals(b["hand"]) == [7900, 0, 0]
    # two going out refused
    full = {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "black_canastas": 1,
            "melded": 300, "went_out": True}
    assert_refused(client, gid, [full, dict(full), {}], None)


def test_pony_failed_meld_endpoint(client, make_game):
    g = make_game(PONY_THREE)
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/sides/1/failed-meld")
    assert r.status_code == 200
    assert mins(r.get_json()) == [50, 60, 50]  # 50 + 10
    r = client.post(f"/api/games/{gid}/sides/1/failed-meld")
    assert mins(r.get_json()) == [50, 70, 50]  # 50 + 2*10
    r = client.post(f"/api/games/{gid}/sides/2/failed-meld")
    assert mins(r.get_json()) == [50, 70, 60]
    assert mins(get_game(client, gid)) == [50, 70, 60]
    # cleared when the next hand is recorded
    b = ok_hand(client, gid, [{"melded": 100}, {}, {}])
    assert mins(b["game"]) == [50, 50, 50]
    assert scores(b["game"]) == [100, 0, 0]
    # the step adds to the tier minimum: P1 reaches 15,000 -> 90, then fails once -> 100
    ok_hand(client, gid, [{"wild_canastas": 2, "sevens_canastas": 2, "natural_canastas": 4, "black_canastas": 1,
                           "red_treys": 2, "melded": 1600, "went_out": True}, {}, {}])
    # P1 = 5000 + 5000 + 2000 + 300 + 200 + 100 + 1600 = 14,200 -> 14,300: still 50
    g = get_game(client, gid)
    assert scores(g) == [14300, 0, 0] and mins(g) == [50, 50, 50]
    ok_hand(client, gid, [{"natural_canastas": 1, "melded": 200}, {}, {}])  # 500 + 200 = 700 -> 15,000
    r = client.post(f"/api/games/{gid}/sides/0/failed-meld")
    assert mins(r.get_json()) == [100, 50, 50]  # 90 + 10


def test_pony_failed_meld_other_variants_and_finished(client, make_game):
    gid = make_game()["id"]
    before = get_game(client, gid)
    r = client.post(f"/api/games/{gid}/sides/0/failed-meld")
    assert r.status_code == 422 and "errors" in r.get_json()
    assert get_game(client, gid) == before
    gid5 = make_game(FIVE)["id"]
    assert client.post(f"/api/games/{gid5}/sides/0/failed-meld").status_code == 422
    gp = make_game(PONY_THREE)["id"]
    assert client.post(f"/api/games/{gp}/end").status_code == 200
    before = get_game(client, gp)
    assert client.post(f"/api/games/{gp}/sides/0/failed-meld").status_code == 409
    assert get_game(client, gp) == before
    assert client.post("/api/games/nosuchgame/sides/0/failed-meld").status_code == 404


def test_pony_game_to_50000(client, make_game):
    gid = make_game(pony(alone(2)))["id"]  # 4 decks: 8 red treys, 24 wild cards, 16 sevens, 2,320 points
    big = [{"wild_canastas": 3, "surprise_wild": 3, "sevens_canastas": 2, "surprise_sevens": 2,
            "natural_canastas": 5, "surprise_natural": 5, "black_canastas": 1, "surprise_black": 1,
            "red_treys": 8, "melded": 2000, "went_out": True},
           {"in_hand": 100}]
    b = ok_hand(client, gid, big)
    # P1 = 3*(2500+500) + 2*(2500+500) + 5*(500+300) + (300+100) + 2000 (8 treys) + 100 + 2000
    #    = 9000 + 6000 + 4000 + 400 + 2000 + 100 + 2000 = 23,500; P2 = -100
    assert hand_totals(b["hand"]) == [23500, -100]
    assert mins(b["game"]) == [90, 50]
    b = ok_hand(client, gid, big)
    assert scores(b["game"]) == [47000, -200]  # 2*23,500; 2*-100
    assert mins(b["game"]) == [120, 50] and b["game"]["finished"] is False
    b = ok_hand(client, gid, [{"natural_canastas": 2, "melded": 2000}, {"in_hand": 100}])
    # P1 = 2*500 + 2000 = 3,000 -> 50,000; P2 -> -300
    g = b["game"]
    assert scores(g) == [50000, -300]
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 50300  # 50,000 - (-300)


def test_pony_finish_at_past(client, make_game):
    g = make_game(PONY_THREE, finish_at="2001-06-01T12:00:00+00:00")
    assert g["finished"] is False
    b = ok_hand(client, g["id"], [{"melded": 10}, {"melded": 20}, {"melded": 20}])
    assert b["game"]["finished"] is True and b["game"]["winner"] == [1, 2] and b["game"]["margin"] == 0



def test_pony_deck_limits(client, make_game):
    gid = make_game(pony(alone(2)))["id"]  # 2 players -> 4 decks
    # wild cards: 3 wild canastas (21) + 4 black canastas (>= 4) = 25 > 4*6 = 24
    assert_refused(client, gid, [{"wild_canastas": 3, "melded": 420}, {"black_canastas": 4, "melded": 200}], None)
    # sevens: 3 sevens canastas = 21 > 4*4 = 16
    assert_refused(client, gid, [{"sevens_canastas": 2, "melded": 70}, {"sevens_canastas": 1, "melded": 35}], None)
    # card points 2,325 > 4*580 = 2,320
    assert_refused(client, gid, [{"melded": 2000}, {"in_hand": 325}], None)
    # red treys 5 + 4 = 9 > 8; black treys 5 + 4 = 9 > 8
    assert_refused(client, gid, [{"red_treys": 5}, {"red_treys": 4}], None)
    assert_refused(client, gid, [{"black_treys": 5}, {"black_treys": 4}], None)
    b = ok_hand(client, gid, [{"wild_canastas": 3, "melded": 420}, {"black_canastas": 3, "melded": 150,
                                                                   "in_hand": 1750}])
    # P1 = 3*2500 + 420 = 7,920; P2 = 3*300 + 150 - 1750 = -700 (points 420 + 150 + 1750 = 2,320)
    assert hand_totals(b["hand"]) == [7920, -700]


def test_pony_three_partnerships_twelve_decks(client, make_game):
    g = make_game(pony(pairs(3)))
    assert g["options"]["decks"] == 12  # 6 players * 2
    b = ok_hand(client, g["id"], [{"red_treys": 12}, {"red_treys": 12}, {"failed_going_out": True}])
    # 12 -> 3 sets = 3,000 each (24 = 12*2 red treys in play); failed going out -100
    assert hand_totals(b["hand"]) == [3000, 3000, -100]
