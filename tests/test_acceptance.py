"""Acceptance tests: the public JSON API played black-box through Flask's test client.

Every expected number is computed by hand from /work/shared/spec/RULES.md (the arithmetic
is written next to it); every refusal is one RULES.md §4 or API.md says must happen.
"""
from __future__ import annotations

import pytest

from tests.conftest import FIVE, PONY_THREE, PONYTAIL_PAIRS


# --------------------------------------------------------------------------- helpers

def pairs(n):
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    return [{"name": f"Side{i}", "players": [names[2 * i], names[2 * i + 1]]} for i in range(n)]


def alone(n):
    return [{"name": f"P{i + 1}", "players": [f"P{i + 1}"]} for i in range(n)]


def ponytail(sides):
    return {"variant": "ponytail", "sides": sides}


def pony(sides):
    return {"variant": "pony", "sides": sides}


def post_hand(client, gid, entries, **kw):
    return client.post(f"/api/games/{gid}/hands", json={"entries": entries}, **kw)


def ok_hand(client, gid, entries):
    r = post_hand(client, gid, entries)
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert set(body) >= {"hand", "game"}
    return body


def get_game(client, gid):
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 200
    return r.get_json()


def scores(game):
    return [s["score"] for s in game["sides"]]


def mins(game):
    return [s["next_min_meld"] for s in game["sides"]]


def hand_totals(hand):
    return [s["total"] for s in hand["scores"]]


def assert_refused(client, gid, entries, field, *words, status=422):
    """The entry is refused with 422 naming `field`, and nothing at all is stored."""
    before = get_game(client, gid)
    r = post_hand(client, gid, entries)
    assert r.status_code == status, r.get_json()
    body = r.get_json()
    assert isinstance(body["errors"], list) and body["errors"]
    for e in body["errors"]:
        assert set(e) >= {"field", "message"}
        assert isinstance(e["message"], str) and e["message"]
    fields = [e["field"] for e in body["errors"]]
    if field is not None:
        assert field in fields, body
        msg = " ".join(e["message"] for e in body["errors"] if e["field"] == field).lower()
        for w in words:
            assert w.lower() in msg, (w, msg)
    assert get_game(client, gid) == before
    return body


def check_breakdowns(hand):
    for s in hand["scores"]:
        assert sum(s["breakdown"].values()) == s["total"], s


# --------------------------------------------------------------------------- Ponytail, 2 partnerships

# RULES.md §6 worked example, hand 1.
PT_H1 = [{"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1, "wild_canastas": 1,
          "red_threes": 3, "melded": 1230, "went_out": True},
         {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "cut_bonus": True,
          "melded": 640, "in_hand": 185, "black_threes": 2}]
# RULES.md §6 worked example, hand 2.
PT_H2 = [{"natural_canastas": 2, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
          "red_threes": 1, "melded": 1455, "went_out": True},
         {"melded": 220, "in_hand": 410, "black_threes": 1, "unpicked_pony": 125}]
# Hand 3: A went out; B deep in the red.
PT_H3 = [{"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
          "red_threes": 2, "melded": 1500, "went_out": True},
         {"in_hand": 1000, "black_threes": 2}]
# Hand 4: A went out with two sevens canastas.
PT_H4 = [{"natural_canastas": 2, "dirty_canastas": 2, "sevens_canastas": 2, "wild_canastas": 1,
          "red_threes": 4, "melded": 2000, "went_out": True},
         {"natural_canastas": 1, "red_threes": 2, "cut_bonus": True, "melded": 300, "in_hand": 50}]
# Hand 5: nobody went out (stock ran out); A lands exactly on 50,000.
PT_H5 = [{"natural_canastas": 1, "dirty_canastas": 2, "red_threes": 1, "melded": 1015},
         {"sevens_canastas": 1, "melded": 400, "in_hand": 35}]


def play_ponytail_game(client, make_game):
    g = make_game()
    gid = g["id"]
    assert g["options"]["decks"] == 6  # two partnerships: 6 decks
    assert scores(g) == [0, 0] and mins(g) == [50, 50] and g["finished"] is False
    return gid


def test_ponytail_pairs_full_game_to_50000(client, make_game):
    gid = play_ponytail_game(client, make_game)

    b = ok_hand(client, gid, PT_H1)
    # A = 500 + 2*300 + 5000 + 2500 + 3*100 + 200 + 1230 = 10,330
    # B = 500 + 300 + 2*100 + 100 (cut) + 640 - 185 - 2*100 = 1,355
    assert hand_totals(b["hand"]) == [10330, 1355]
    assert b["hand"]["number"] == 1
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [10330, 1355]
    assert mins(b["game"]) == [50, 50]  # both below 15,000

    b = ok_hand(client, gid, PT_H2)
    # A = 2*500 + 300 + 5000 + 2500 + 100 + 200 + 1455 = 10,555 -> 10,330 + 10,555 = 20,885
    # B = 220 - 410 - 100 - 125 (unpicked pony counts, default ON) = -415 -> 1,355 - 415 = 940
    assert hand_totals(b["hand"]) == [10555, -415]
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [20885, 940]
    assert mins(b["game"]) == [90, 50]  # 15,000..29,995 -> 90; below 15,000 -> 50

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


def test_ponytail_max_hands_four(client, make_game):
    g = make_game(ponytail(alone(3)), max_hands=4)
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


# --------------------------------------------------------------------------- Pony

PONY_WORKED = [
    {"wild_canastas": 1, "surprise_wild": 1, "sevens_canastas": 1, "natural_canastas": 2, "black_canastas": 1,
     "red_treys": 5, "melded": 1610, "went_out": True},
    {"natural_canastas": 1, "red_treys": 3, "melded": 540, "in_hand": 230, "black_treys": 1},
    {"in_hand": 300, "black_treys": 2}]


def test_pony_individuals_worked_example(client, make_game):
    g = make_game(PONY_THREE)
    assert g["options"]["decks"] == 6  # two decks per player
    b = ok_hand(client, g["id"], PONY_WORKED)
    # P1 = 2500 + 500 (surprise wild) + 2500 + 2*500 + 300 + 1100 (5 treys) + 100 + 1610 = 9,610
    # P2 = 500 + 300 + 540 - 230 - 100 = 1,010
    # P3 = -300 - 2*100 = -500
    assert hand_totals(b["hand"]) == [9610, 1010, -500]
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [9610, 1010, -500]
    assert mins(b["game"]) == [50, 50, 50]


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


# --------------------------------------------------------------------------- Five-person

FIVE_WORKED = [
    {"finished": True, "pure_canastas": 1, "kitties": 1, "melded": 220},  # 220 + 50 + 50 + 100 = 420
    {"melded": 40, "in_hand": 75},                                        # 40 - 75 = -35
    {"impure_canastas": 1, "kitties": 1, "melded": 110},                  # 110 + 50 + 50 = 210
    {"impure_canastas": 1, "melded": 60, "in_hand": 15},                  # 60 - 15 + 50 = 95
    {"in_hand": 120}]                                                     # -120


def test_five_person_worked_example(client, make_game):
    g = make_game(FIVE)
    assert g["options"]["target"] == 4000
    b = ok_hand(client, g["id"], FIVE_WORKED)
    # partner = seat + 2 mod 5:
    # 0: 420 + 210 = 630; 1: -35 + 95 = 60; 2: 210 + (-120) = 90; 3: 95 + 420 = 515; 4: -120 + (-35) = -155
    assert hand_totals(b["hand"]) == [630, 60, 90, 515, -155]
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == [630, 60, 90, 515, -155]


def test_five_person_super_canastas_and_target(client, make_game):
    gid = make_game(FIVE)["id"]
    deal = [{"pure_super_canastas": 2, "finished": True, "kitties": 2, "melded": 500},
            {}, {"pure_super_canastas": 1, "melded": 200}, {}, {}]
    b = ok_hand(client, gid, deal)
    # own: seat0 = 2*500 + 50 (finish) + 2*50 (kitties) + 500 = 1,650; seat2 = 500 + 200 = 700; others 0
    # deal: 0 = 1650 + 700 = 2,350; 1 = 0 + 0; 2 = 700 + 0 (seat 4); 3 = 0 + 1650 (seat 0); 4 = 0 + 0 (seat 1)
    assert hand_totals(b["hand"]) == [2350, 0, 700, 1650, 0]
    assert b["game"]["finished"] is False
    deal2 = [{"impure_super_canastas": 1, "pure_canastas": 1, "finished": True, "melded": 100},
             {"in_hand": 30}, {"pure_super_canastas": 1, "impure_canastas": 1, "melded": 300}, {"melded": 35,
                                                                                                 "in_hand": 5}, {}]
    b = ok_hand(client, gid, deal2)
    # own: seat0 = 300 + 100 + 50 + 100 = 550; seat1 = -30; seat2 = 500 + 50 + 300 = 850;
    #      seat3 = 35 - 5 = 30; seat4 = 0
    # deal: 0 = 550 + 850 = 1,400; 1 = -30 + 30 = 0; 2 = 850 + 0 = 850; 3 = 30 + 550 = 580; 4 = 0 + (-30) = -30
    assert hand_totals(b["hand"]) == [1400, 0, 850, 580, -30]
    g = b["game"]
    # totals: 0 = 2350 + 1400 = 3,750; 1 = 0; 2 = 700 + 850 = 1,550; 3 = 1650 + 580 = 2,230; 4 = -30
    assert scores(g) == [3750, 0, 1550, 2230, -30]
    assert g["finished"] is False
    b = ok_hand(client, gid, [{"melded": 250}, {}, {}, {}, {}])
    # own seat0 = 250 -> deal 0 = 250 + 0 = 250; deal 3 = 0 + 250 = 250
    g = b["game"]
    assert scores(g) == [4000, 0, 1550, 2480, -30]  # 3,750 + 250 = 4,000 reaches target
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 4000 - 2480  # 1,520


def test_five_person_super_canasta_melded_minimum(client, make_game):
    gid = make_game(FIVE)["id"]
    # a super canasta needs 65 melded points; 60 is too little
    assert_refused(client, gid, [{"pure_super_canastas": 1, "melded": 60}, {}, {}, {}, {}], "entries[0].melded")
    assert_refused(client, gid, [{}, {"impure_canastas": 2, "melded": 65}, {}, {}, {}], "entries[1].melded")
    b = ok_hand(client, gid, [{"pure_super_canastas": 1, "melded": 65}, {"impure_canastas": 2, "melded": 70},
                              {}, {}, {}])
    # own: seat0 = 500 + 65 = 565; seat1 = 2*50 + 70 = 170 (2*35 = 70 is just enough)
    # deal: 0 = 565 + 0; 1 = 170 + 0; 2 = 0 + 0; 3 = 0 + 565; 4 = 0 + 170
    assert hand_totals(b["hand"]) == [565, 170, 0, 565, 170]


def test_five_person_checks(client, make_game):
    gid = make_game(FIVE)["id"]
    # three kitties in one deal
    assert_refused(client, gid, [{"kitties": 1}, {"kitties": 1}, {"kitties": 1}, {}, {}], None)
    assert_refused(client, gid, [{"kitties": 3}, {}, {}, {}, {}], "entries[0].kitties")
    # two finishers
    fin = {"finished": True, "pure_canastas": 1, "melded": 50}
    assert_refused(client, gid, [fin, dict(fin), {}, {}, {}], None)
    # card points beyond the 980-point pack, all players together: 985
    assert_refused(client, gid, [{"melded": 500}, {"melded": 300}, {"in_hand": 185}, {}, {}], None)
    # four entries for five players
    assert_refused(client, gid, [{}, {}, {}, {}], None)
    # Ponytail's fields are not Five-person fields
    assert_refused(client, gid, [{"red_threes": 1}, {}, {}, {}, {}], "entries[0].red_threes")
    # exactly 980 is fine: own 500, 300, -180, 0, 0
    b = ok_hand(client, gid, [{"melded": 500}, {"melded": 300}, {"in_hand": 180}, {}, {}])
    # deal: 0 = 500 + (-180) = 320; 1 = 300 + 0 = 300; 2 = -180 + 0 = -180; 3 = 0 + 500; 4 = 0 + 300
    assert hand_totals(b["hand"]) == [320, 300, -180, 500, 300]


def test_five_person_card_count_objects(client, make_game):
    gid = make_game(FIVE)["id"]
    b = ok_hand(client, gid, [{"melded": {"fifteens": 1, "tens": 9, "fives": 4}}, {}, {}, {}, {}])
    # 15 + 90 + 20 = 125; deal 0 = 125, deal 3 = 0 + 125
    assert hand_totals(b["hand"]) == [125, 0, 0, 125, 0]
    assert_refused(client, gid, [{"melded": {"jokers": 1}}, {}, {}, {}, {}], "entries[0].melded.jokers")


@pytest.mark.parametrize("sides", [alone(4), alone(6),
                                   [{"name": "A", "players": ["A", "B"]}] + alone(4)])
def test_five_person_needs_exactly_five_single_players(client, sides):
    before = client.get("/api/games").get_json()
    r = client.post("/api/games", json={"variant": "five-person", "sides": sides})
    assert r.status_code == 422
    assert r.get_json()["errors"]
    assert client.get("/api/games").get_json() == before


# --------------------------------------------------------------------------- §4 checks

def test_fractions_negatives_and_multiples_of_five(client, make_game):
    gid = make_game()["id"]
    assert_refused(client, gid, [{}, {"red_threes": 1.5}], "entries[1].red_threes")
    assert_refused(client, gid, [{"natural_canastas": 0.5, "melded": 100}, {}], "entries[0].natural_canastas")
    assert_refused(client, gid, [{"melded": 12.5}, {}], "entries[0].melded")
    assert_refused(client, gid, [{}, {"black_threes": -1}], "entries[1].black_threes")
    assert_refused(client, gid, [{"in_hand": -5}, {}], "entries[0].in_hand")
    assert_refused(client, gid, [{"melded": 123}, {}], "entries[0].melded")
    assert_refused(client, gid, [{}, {"unpicked_pony": 7}], "entries[1].unpicked_pony")
    assert_refused(client, gid, [{"melded": "lots"}, {}], "entries[0].melded")
    assert_refused(client, gid, [{"went_out": "yes"}, {}], "entries[0].went_out")
    assert get_game(client, gid)["hands"] == []


def test_card_count_objects_convert_and_score(client, make_game):
    gid = make_game()["id"]
    b = ok_hand(client, gid, [{"melded": {"jokers": 2, "twenties": 5, "tens": 12, "fives": 7}},
                              {"in_hand": {"tens": 3, "fives": 1}, "unpicked_pony": {"jokers": 1}}])
    # A = 2*50 + 5*20 + 12*10 + 7*5 = 100 + 100 + 120 + 35 = 355
    # B = -(3*10 + 5) - 50 = -85
    assert hand_totals(b["hand"]) == [355, -85]
    assert scores(b["game"]) == [355, -85]
    assert_refused(client, gid, [{"melded": {"queens": 2}}, {}], "entries[0].melded.queens")
    assert_refused(client, gid, [{"melded": {"fifteens": 1}}, {}], "entries[0].melded.fifteens")
    assert_refused(client, gid, [{}, {"in_hand": {"tens": 1.5}}], None)
    assert_refused(client, gid, [{}, {"in_hand": {"tens": -1}}], None)


def test_card_count_objects_pony(client, make_game):
    gid = make_game(PONY_THREE)["id"]
    b = ok_hand(client, gid, [{"melded": {"jokers": 1, "twenties": 2, "fives": 3}}, {}, {"in_hand": {"tens": 2}}])
    # 50 + 40 + 15 = 105; -20
    assert hand_totals(b["hand"]) == [105, 0, -20]


@pytest.mark.parametrize("entry,ok_melded", [
    ({"natural_canastas": 1}, 35),
    ({"sevens_canastas": 1}, 35),
    ({"dirty_canastas": 1}, 50),
    ({"wild_canastas": 1}, 140),
    ({"natural_canastas": 2, "dirty_canastas": 1, "wild_canastas": 1}, 2 * 35 + 50 + 140),  # 260
])
def test_ponytail_melded_below_canasta_minimum(client, make_game, entry, ok_melded):
    gid = make_game()["id"]
    assert_refused(client, gid, [{}, dict(entry, melded=ok_melded - 5)], "entries[1].melded")
    assert_refused(client, gid, [{}, dict(entry)], "entries[1].melded")
    b = ok_hand(client, gid, [{}, dict(entry, melded=ok_melded)])
    assert b["hand"]["scores"][1]["total"] > 0


@pytest.mark.parametrize("entry,ok_melded", [
    ({"natural_canastas": 1}, 35),
    ({"sevens_canastas": 1}, 35),
    ({"black_canastas": 1}, 50),
    ({"wild_canastas": 1}, 140),
])
def test_pony_melded_below_canasta_minimum(client, make_game, entry, ok_melded):
    gid = make_game(PONY_THREE)["id"]
    assert_refused(client, gid, [dict(entry, melded=ok_melded - 5), {}, {}], "entries[0].melded")
    ok_hand(client, gid, [dict(entry, melded=ok_melded), {}, {}])


def test_deck_limits_across_all_sides(client, make_game):
    gid = make_game()["id"]  # 6 decks
    # red threes 7 + 6 = 13 > 12 (each alone is fine)
    assert_refused(client, gid, [{"red_threes": 7}, {"red_threes": 6}], None)
    # black threes 6 + 7 = 13 > 12
    assert_refused(client, gid, [{"black_threes": 6}, {"black_threes": 7}], None)
    # sevens: 2 + 2 sevens canastas = 28 sevens > 24
    assert_refused(client, gid, [{"sevens_canastas": 2, "melded": 70}, {"sevens_canastas": 2, "melded": 70}], None)
    # wild cards: 3 wild canastas (21) + 2 wild (14) + 2 dirty (>= 2) = 37 > 36
    assert_refused(client, gid, [{"wild_canastas": 3, "melded": 420},
                                 {"wild_canastas": 2, "dirty_canastas": 2, "melded": 380}], None)
    # card points: 2000 + 1000 + 400 + 85 = 3,485 > 3,480 (unpicked pony included)
    assert_refused(client, gid, [{"melded": 2000}, {"melded": 1000, "in_hand": 400, "unpicked_pony": 85}], None)
    assert get_game(client, gid)["hands"] == []
    # the same limits exactly reached are fine
    b = ok_hand(client, gid, [{"red_threes": 6, "black_threes": 6, "wild_canastas": 3, "sevens_canastas": 1,
                               "melded": 2000},
                              {"red_threes": 6, "black_threes": 6, "wild_canastas": 2, "dirty_canastas": 1,
                               "sevens_canastas": 2, "melded": 1000, "in_hand": 400, "unpicked_pony": 80}])
    # A = 3*2500 + 5000 + 600 + 2000 - 600 = 14,500
    # B = 2*2500 + 300 + 2*5000 + 600 + 1000 - 400 - 600 - 80 = 15,820
    assert hand_totals(b["hand"]) == [14500, 15820]


def test_two_sides_going_out_refused(client, make_game):
    gid = make_game()["id"]
    full = {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
            "melded": 300, "went_out": True}
    body = assert_refused(client, gid, [full, dict(full)], None)
    assert any(e["field"] and "went_out" in e["field"] for e in body["errors"])


def test_unknown_field_and_wrong_entry_count(client, make_game):
    gid = make_game()["id"]
    assert_refused(client, gid, [{"melded": 100}, {"meldd": 100}], "entries[1].meldd")
    assert_refused(client, gid, [{"surprise_wild": 1}, {}], "entries[0].surprise_wild")  # a Pony field
    assert_refused(client, gid, [{}], None)
    assert_refused(client, gid, [{}, {}, {}], None)
    assert_refused(client, gid, [], None)
    before = get_game(client, gid)
    for body in ({}, {"entries": "x"}, {"entries": [1, 2]}, [1, 2]):
        r = client.post(f"/api/games/{gid}/hands", json=body)
        assert r.status_code in (400, 422), body
        assert r.get_json()["errors"]
    assert get_game(client, gid) == before


def test_bad_correction_stores_nothing(client, make_game):
    gid = make_game()["id"]
    ok_hand(client, gid, PT_H1)
    before = get_game(client, gid)
    r = client.put(f"/api/games/{gid}/hands/1", json={"entries": [{"red_threes": 1.5}, {}]})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["field"] == "entries[0].red_threes"
    assert get_game(client, gid) == before


# --------------------------------------------------------------------------- API details

def test_malformed_json_is_400(client, make_game):
    gid = make_game()["id"]
    ok_hand(client, gid, PT_H1)
    before = get_game(client, gid)
    for url, method in ((f"/api/games/{gid}/hands", client.post), (f"/api/games/{gid}/hands/1", client.put),
                        ("/api/games", client.post)):
        r = method(url, data="{not json", content_type="application/json")
        assert r.status_code == 400
        errs = r.get_json()["errors"]
        assert errs and set(errs[0]) >= {"field", "message"}
    assert get_game(client, gid) == before


def test_unknown_game_and_hand_404(client, make_game):
    for r in (client.get("/api/games/nope"),
              client.post("/api/games/nope/hands", json={"entries": [{}, {}]}),
              client.put("/api/games/nope/hands/1", json={"entries": [{}, {}]}),
              client.delete("/api/games/nope/hands/1"),
              client.post("/api/games/nope/end")):
        assert r.status_code == 404
        assert r.get_json()["errors"]
    gid = make_game()["id"]
    ok_hand(client, gid, PT_H1)
    assert client.put(f"/api/games/{gid}/hands/2", json={"entries": PT_H1}).status_code == 404
    assert client.delete(f"/api/games/{gid}/hands/2").status_code == 404
    assert client.delete(f"/api/games/{gid}/hands/0").status_code == 404


def test_if_match(client, make_game):
    g = make_game()
    gid, rev = g["id"], g["revision"]
    b = ok_hand(client, gid, PT_H1)
    new_rev = b["game"]["revision"]
    assert new_rev != rev
    before = get_game(client, gid)
    r = post_hand(client, gid, PT_H2, headers={"If-Match": str(rev)})
    assert r.status_code == 409 and r.get_json()["errors"]
    r = client.put(f"/api/games/{gid}/hands/1", json={"entries": PT_H2}, headers={"If-Match": str(rev)})
    assert r.status_code == 409
    r = client.delete(f"/api/games/{gid}/hands/1", headers={"If-Match": str(rev)})
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/end", headers={"If-Match": str(rev)})
    assert r.status_code == 409
    assert get_game(client, gid) == before
    r = post_hand(client, gid, PT_H2, headers={"If-Match": str(new_rev)})
    assert r.status_code == 201
    assert scores(r.get_json()["game"]) == [20885, 940]


def test_end_by_hand_winner_and_tie(client, make_game):
    gid = make_game(ponytail(alone(3)))["id"]
    ok_hand(client, gid, [{"melded": 300}, {"melded": 300}, {"melded": 100}])
    r = client.post(f"/api/games/{gid}/end")
    assert r.status_code == 200
    g = r.get_json()
    assert g["finished"] is True
    assert sorted(g["winner"]) == [0, 1]  # 300 = 300: the tie shares the win
    assert g["margin"] == 0
    assert post_hand(client, gid, [{}, {}, {}]).status_code == 409
    assert get_game(client, gid)["finished"] is True

    gid = make_game()["id"]
    ok_hand(client, gid, [{"melded": 100}, {"in_hand": 50}])
    g = client.post(f"/api/games/{gid}/end").get_json()
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 150  # 100 - (-50)


def test_end_with_no_hands(client, make_game):
    gid = make_game()["id"]
    g = client.post(f"/api/games/{gid}/end").get_json()
    assert g["finished"] is True and sorted(g["winner"]) == [0, 1] and g["margin"] == 0  # 0 = 0


def test_list_games(client, make_game):
    g1 = make_game()
    g2 = make_game(FIVE)
    ok_hand(client, g1["id"], PT_H1)
    client.post(f"/api/games/{g1['id']}/end")
    r = client.get("/api/games")
    assert r.status_code == 200
    rows = {row["id"]: row for row in r.get_json()}
    assert set(rows) == {g1["id"], g2["id"]}
    assert rows[g1["id"]]["variant"] == "ponytail"
    assert rows[g1["id"]]["names"] == ["Us", "Them"]
    assert rows[g1["id"]]["finished"] is True
    assert rows[g2["id"]]["variant"] == "five-person"
    assert rows[g2["id"]]["names"] == ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    assert rows[g2["id"]]["finished"] is False
    for row in rows.values():
        assert isinstance(row["updated"], str) and row["updated"]


def test_variants_list(client):
    r = client.get("/api/variants")
    assert r.status_code == 200
    variants = {v["id"]: v for v in r.get_json()}
    assert set(variants) == {"ponytail", "pony", "five-person"}
    expected = {
        "ponytail": ["natural_canastas", "dirty_canastas", "sevens_canastas", "wild_canastas", "red_threes",
                     "black_threes", "melded", "in_hand", "unpicked_pony", "went_out", "cut_bonus"],
        "pony": ["wild_canastas", "sevens_canastas", "natural_canastas", "black_canastas", "surprise_wild",
                 "surprise_sevens", "surprise_natural", "surprise_black", "red_treys", "black_treys", "melded",
                 "in_hand", "unpicked_pony", "went_out", "failed_going_out"],
        "five-person": ["pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas",
                        "kitties", "finished", "melded", "in_hand"],
    }
    flags = {"went_out", "cut_bonus", "failed_going_out", "finished"}
    for vid, names in expected.items():
        v = variants[vid]
        assert v["name"]
        assert isinstance(v["options"], dict)
        fields = {f["name"]: f for f in v["fields"]}
        assert set(fields) == set(names), vid
        for name, f in fields.items():
            assert f.get("kind"), f
            if name not in flags:
                assert f["min"] == 0, f
                assert isinstance(f["max"], int) and f["max"] > 0, f
    assert variants["ponytail"]["options"]["target"] == 50000
    assert variants["pony"]["options"]["target"] == 50000
    assert variants["five-person"]["options"]["target"] == 4000
    fp = {f["name"]: f for f in variants["five-person"]["fields"]}
    assert fp["kitties"]["max"] == 2
    assert fp["melded"]["max"] == 980


def test_create_game_validation(client):
    before = client.get("/api/games").get_json()
    bad = [
        {"variant": "bridge", "sides": alone(2)},
        {"variant": "ponytail", "sides": [{"name": "", "players": ["A"]}, {"name": "B", "players": ["B"]}]},
        {"variant": "ponytail", "sides": [{"name": "X", "players": ["A"]}, {"name": "X", "players": ["B"]}]},
        {"variant": "ponytail", "sides": alone(1)},
        {"variant": "ponytail", "sides": pairs(4)},
    ]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, body
        assert r.get_json()["errors"]
    assert client.get("/api/games").get_json() == before


def test_options_snapshot_and_house_rule(client, make_game):
    g = make_game(PONYTAIL_PAIRS, target=10000)
    assert g["options"]["target"] == 10000
    b = ok_hand(client, g["id"], PT_H1)  # A 10,330 >= 10,000
    assert b["game"]["finished"] is True and b["game"]["winner"] == [0]
    assert b["game"]["margin"] == 10330 - 1355  # 8,975


# --------------------------------------------------------------------------- more game-state rules

def test_winner_is_highest_total_not_first_to_reach_target(client, make_game):
    g = make_game(PONYTAIL_PAIRS, target=10000)
    b = ok_hand(client, g["id"], [PT_H1[0], {"sevens_canastas": 2, "melded": 1000}])
    # A = 10,330 (worked example); B = 2*5000 + 1000 = 11,000: both reach 10,000, B is higher
    g = b["game"]
    assert scores(g) == [10330, 11000]
    assert g["finished"] is True and g["winner"] == [1] and g["margin"] == 670  # 11,000 - 10,330


def test_both_reach_target_with_equal_totals_share_the_win(client, make_game):
    g = make_game(ponytail(alone(3)), target=1000)
    b = ok_hand(client, g["id"], [{"natural_canastas": 1, "melded": 500}, {"natural_canastas": 1, "melded": 500},
                                  {"melded": 900}])
    # 500 + 500 = 1,000 each for P1 and P2; P3 900
    g = b["game"]
    assert scores(g) == [1000, 1000, 900]
    assert g["finished"] is True and sorted(g["winner"]) == [0, 1] and g["margin"] == 0


def test_ended_by_table_stays_finished_through_corrections(client, make_game):
    gid = make_game()["id"]
    ok_hand(client, gid, [{"melded": 50}, {}])
    ok_hand(client, gid, [{"melded": 50}, {}])
    assert client.post(f"/api/games/{gid}/end").get_json()["winner"] == [0]
    r = client.put(f"/api/games/{gid}/hands/1", json={"entries": [{}, {"melded": 100}]})
    assert r.status_code == 200
    g = r.get_json()["game"]
    # A = 0 + 50 = 50; B = 100 + 0 = 100 -> still ended, winner now B, margin 50
    assert scores(g) == [50, 100]
    assert g["finished"] is True and g["winner"] == [1] and g["margin"] == 50
    r = client.delete(f"/api/games/{gid}/hands/2")
    g = r.get_json()
    assert scores(g) == [0, 100] and g["finished"] is True and g["winner"] == [1] and g["margin"] == 100


def test_max_hands_delete_reopens(client, make_game):
    gid = make_game(PONYTAIL_PAIRS, max_hands=2)["id"]
    ok_hand(client, gid, [{"melded": 50}, {}])
    g = ok_hand(client, gid, [{}, {"melded": 20}])["game"]
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 30  # 50 - 20
    g = client.delete(f"/api/games/{gid}/hands/1").get_json()
    assert g["finished"] is False and g["winner"] is None and scores(g) == [0, 20]
    assert ok_hand(client, gid, [{}, {}])["game"]["finished"] is True


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


def test_counts_must_be_numbers_not_flags(client, make_game):
    gid = make_game()["id"]
    assert_refused(client, gid, [{"natural_canastas": True, "melded": 50}, {}], "entries[0].natural_canastas")
    assert_refused(client, gid, [{"went_out": 1}, {}], "entries[0].went_out")


def test_five_person_finisher_with_partners_canasta(client, make_game):
    gid = make_game(FIVE)["id"]
    b = ok_hand(client, gid, [{"finished": True, "melded": 50}, {}, {"pure_canastas": 1, "melded": 35}, {}, {}])
    # own0 = 50 + 50 (finish) = 100; own2 = 100 + 35 = 135
    # deal: 0 = 100 + 135 = 235; 1 = 0 + 0; 2 = 135 + 0; 3 = 0 + 100; 4 = 0 + 0
    assert hand_totals(b["hand"]) == [235, 0, 135, 100, 0]


def test_failed_meld_if_match_and_unknown_side(client, make_game):
    g = make_game(PONY_THREE)
    gid = g["id"]
    ok_hand(client, gid, [{}, {}, {}])
    before = get_game(client, gid)
    r = client.post(f"/api/games/{gid}/sides/0/failed-meld", headers={"If-Match": str(g["revision"])})
    assert r.status_code == 409
    assert get_game(client, gid) == before
    assert client.post(f"/api/games/{gid}/sides/7/failed-meld").status_code in (404, 422)
    assert get_game(client, gid) == before
