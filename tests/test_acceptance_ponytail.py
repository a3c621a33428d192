"""Acceptance: Ponytail Canasta with two partnerships: a whole game, meld tiers, corrections and deletions.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

from .acceptance_helpers import (
    PT_H1,
    PT_H2,
    PT_H3,
    PT_H4,
    PT_H5,
    check_breakdowns,
    get_game,
    hand_totals,
    mins,
    ok_hand,
    post_hand,
    scores,
)
from .examples import PONYTAIL

# --------------------------------------------------------------------------- Ponytail, 2 partnerships

def play_ponytail_game(client, make_game):
    g = make_game()
    gid = g["id"]
    assert g["options"]["decks"] == 6  # two partnerships: 6 decks
    assert scores(g) == [0, 0] and mins(g) == [50, 50] and g["finished"] is False
    return gid


def test_ponytail_pairs_full_game_to_50000(client, make_game):
    gid = play_ponytail_game(client, make_game)

    # hands 1 and 2 are RULES.md §6's worked example (tests/examples.py, the arithmetic there):
    # 10,330 and 1,355, then 20,885 (minimum 90) and 940
    for number, (entries, expected) in enumerate(zip((PT_H1, PT_H2), PONYTAIL.hands), start=1):
        b = ok_hand(client, gid, entries)
        assert b["hand"]["number"] == number
        assert hand_totals(b["hand"]) == expected.totals
        check_breakdowns(b["hand"])
        assert scores(b["game"]) == expected.running
        assert mins(b["game"]) == expected.minimums

    b = ok_hand(client, gid, PT_H3)
    # A = 500 + 300 + 5000 + 2500 + 200 + 200 + 1500 = 10,200 -> 20,885 + 10,200 = 31,085
    # B = -1000 - 2*100 = -1,200 -> 940 - 1,200 = -260
    assert hand_totals(b["hand"]) == [10200, -1200]
    assert scores(b["game"]) == [31085, -260]
    assert mins(b["game"]) == [120, 50]  # 30,000 and up -> 120; negative -> 50
    assert b["game"]["finished"] is False

    b = ok_hand(client, gid, PT_H4)
    # A = 2*500 + 2*300 + 2*5000 + 2500 + 4*100 + 200 + 2000 = 16,700 -> 31,085 + 16,700 = 47,785
    # B = 500 + 2*100 + 100 (cut) + 300 - 50 = 1,050 -> -260 + 1,050 = 790
    assert hand_totals(b["hand"]) == [16700, 1050]
    assert scores(b["game"]) == [47785, 790]
    assert mins(b["game"]) == [120, 50]
    assert b["game"]["finished"] is False and b["game"]["winner"] is None

    b = ok_hand(client, gid, PT_H5)
    # A = 500 + 2*300 + 100 + 1015 = 2,215 -> 47,785 + 2,215 = 50,000 (reaches the target)
    # B = 5000 + 400 - 35 = 5,365 -> 790 + 5,365 = 6,155
    assert hand_totals(b["hand"]) == [2215, 5365]
    g = b["game"]
    assert scores(g) == [50000, 6155]
    assert g["finished"] is True
    assert g["winner"] == [0]
    assert g["margin"] == 50000 - 6155  # 43,845
    assert [h["number"] for h in g["hands"]] == [1, 2, 3, 4, 5]

    # the game is over: no more hands (409), nothing stored
    before = get_game(client, gid)
    r = post_hand(client, gid, PT_H5)
    assert r.status_code == 409
    assert "errors" in r.get_json()
    assert get_game(client, gid) == before


def test_ponytail_min_meld_tier_boundaries(client, make_game):
    gid = make_game()["id"]
    b = ok_hand(client, gid, [
        {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 2, "wild_canastas": 1,
         "melded": 1500, "went_out": True},
        {"natural_canastas": 8, "sevens_canastas": 1, "wild_canastas": 2, "melded": 995}])
    # A = 500 + 300 + 2*5000 + 2500 + 200 + 1500 = 15,000
    # B = 8*500 + 5000 + 2*2500 + 995 = 14,995
    assert scores(b["game"]) == [15000, 14995]
    assert mins(b["game"]) == [90, 50]  # exactly 15,000 -> 90; 14,995 -> 50
    b = ok_hand(client, gid, [
        {"natural_canastas": 8, "sevens_canastas": 1, "wild_canastas": 2, "melded": 1000},
        {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 2, "wild_canastas": 1,
         "red_threes": 3, "melded": 1200, "went_out": True}])
    # A = 8*500 + 5000 + 2*2500 + 1000 = 15,000 -> 30,000
    # B = 500 + 300 + 10,000 + 2500 + 300 + 200 + 1200 = 15,000 -> 29,995
    assert scores(b["game"]) == [30000, 29995]
    assert mins(b["game"]) == [120, 90]  # 30,000 -> 120; 29,995 -> 90


def test_ponytail_correction_recomputes_totals_and_finished_state(client, make_game):
    gid = play_ponytail_game(client, make_game)
    for h in (PT_H1, PT_H2, PT_H3, PT_H4, PT_H5):
        ok_hand(client, gid, h)
    assert get_game(client, gid)["finished"] is True

    corrected = [dict(PT_H1[0], melded=1000), PT_H1[1]]
    r = client.put(f"/api/games/{gid}/hands/1", json={"entries": corrected})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    # hand 1 A = 500 + 600 + 5000 + 2500 + 300 + 200 + 1000 = 10,100 (230 less than before)
    assert body["hand"]["number"] == 1
    assert hand_totals(body["hand"]) == [10100, 1355]
    g = body["game"]
    # A final: 50,000 - 230 = 49,770 -> below target, no longer finished
    assert scores(g) == [49770, 6155]
    assert g["finished"] is False and g["winner"] is None and g["margin"] is None
    # later running totals recomputed: after hand 2 A = 10,100 + 10,555 = 20,655
    assert g["hands"][1]["scores"][0]["running_total"] == 20655
    assert get_game(client, gid) == g

    # the game goes on: another hand is accepted
    b = ok_hand(client, gid, [{"melded": 230}, {}])
    # A = 230 -> 49,770 + 230 = 50,000 -> finished again
    assert scores(b["game"]) == [50000, 6155]
    assert b["game"]["finished"] is True and b["game"]["winner"] == [0]

    # correct hand 6 back down: no longer finished
    r = client.put(f"/api/games/{gid}/hands/6", json={"entries": [{"melded": 225}, {}]})
    assert r.status_code == 200
    assert scores(r.get_json()["game"]) == [49995, 6155]  # 49,770 + 225
    assert r.get_json()["game"]["finished"] is False


def test_ponytail_correction_can_finish_game(client, make_game):
    gid = play_ponytail_game(client, make_game)
    for h in (PT_H1, PT_H2, PT_H3, PT_H4):
        ok_hand(client, gid, h)
    # A 47,785. Correct hand 2 so that A scores 2,215 more:
    # 2 more natural (+1000), 2 more dirty (+600), 6 more red threes (+600), 15 more melded points
    fixed = [dict(PT_H2[0], natural_canastas=4, dirty_canastas=3, red_threes=7, melded=1470), PT_H2[1]]
    r = client.put(f"/api/games/{gid}/hands/2", json={"entries": fixed})
    assert r.status_code == 200, r.get_json()
    # hand 2 A = 4*500 + 3*300 + 5000 + 2500 + 7*100 + 200 + 1470 = 12,770 (was 10,555, +2,215)
    # A total 47,785 + 2,215 = 50,000 -> finished after hand 4; B 790
    g = r.get_json()["game"]
    assert hand_totals(r.get_json()["hand"]) == [12770, -415]
    assert scores(g) == [50000, 790]
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 50000 - 790


def test_ponytail_delete_renumbers_and_recomputes(client, make_game):
    gid = play_ponytail_game(client, make_game)
    for h in (PT_H1, PT_H2, PT_H3, PT_H4):
        ok_hand(client, gid, h)
    r = client.delete(f"/api/games/{gid}/hands/2")
    assert r.status_code == 200, r.get_json()
    g = r.get_json()
    assert [h["number"] for h in g["hands"]] == [1, 2, 3]
    # the old hand 3 is now hand 2, with its own entries
    assert g["hands"][1]["entries"][1]["in_hand"] == 1000
    assert g["hands"][2]["entries"][0]["sevens_canastas"] == 2
    # totals without hand 2: A = 10,330 + 10,200 + 16,700 = 37,230; B = 1,355 - 1,200 + 1,050 = 1,205
    assert scores(g) == [37230, 1205]
    # running totals: after (new) hand 2: A 10,330 + 10,200 = 20,530, B 1,355 - 1,200 = 155
    assert [s["running_total"] for s in g["hands"][1]["scores"]] == [20530, 155]
    assert mins(g) == [120, 50]
    assert get_game(client, gid) == g
    # hand 4 no longer exists
    assert client.delete(f"/api/games/{gid}/hands/4").status_code == 404
    assert client.put(f"/api/games/{gid}/hands/4", json={"entries": PT_H1}).status_code == 404
    assert get_game(client, gid) == g


def test_ponytail_delete_can_unfinish(client, make_game):
    gid = play_ponytail_game(client, make_game)
    for h in (PT_H1, PT_H2, PT_H3, PT_H4, PT_H5):
        ok_hand(client, gid, h)
    r = client.delete(f"/api/games/{gid}/hands/5")
    assert r.status_code == 200
    g = r.get_json()
    assert scores(g) == [47785, 790] and g["finished"] is False and g["winner"] is None
