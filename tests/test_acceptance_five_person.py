"""Acceptance: Five-person Canasta: deal scores, super canastas, the deal's checks.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

import pytest

from tests.helpers import FIVE

from .acceptance_helpers import (
    alone,
    assert_refused,
    check_breakdowns,
    hand_totals,
    ok_hand,
    scores,
)
from .examples import FIVE_PERSON

# --------------------------------------------------------------------------- Five-person

WORKED = FIVE_PERSON.hands[0]  # RULES.md §6 (tests/examples.py)
# The same own scores (420, -35, 210, 95, -120) reached by other entries:
OTHER_WAY = [
    {"finished": True, "pure_canastas": 1, "kitties": 1, "melded": 220},  # 220 + 50 + 50 + 100 = 420
    {"melded": 40, "in_hand": 75},                                        # 40 - 75 = -35
    {"impure_canastas": 1, "kitties": 1, "melded": 110},                  # 110 + 50 + 50 = 210
    {"impure_canastas": 1, "melded": 60, "in_hand": 15},                  # 60 - 15 + 50 = 95
    {"in_hand": 120}]                                                     # -120


@pytest.mark.parametrize("entries", [WORKED.entries, OTHER_WAY], ids=["RULES.md §6", "other entries"])
def test_five_person_worked_example(client, make_game, entries):
    g = make_game(FIVE_PERSON.game)
    assert g["options"]["target"] == 4000
    b = ok_hand(client, g["id"], entries)
    # partner = seat + 2 mod 5: 630, 60, 90, 515, -155 as RULES.md §6 works them out
    assert [s["own"] for s in b["hand"]["scores"]] == WORKED.own
    assert hand_totals(b["hand"]) == WORKED.totals
    check_breakdowns(b["hand"])
    assert scores(b["game"]) == WORKED.running


def test_five_person_super_canastas_and_target(client, make_game):
    gid = make_game(FIVE)["id"]
    deal = [{"pure_super_canastas": 2, "finished": True, "kitties": 2, "melded": 500},
            {}, {"pure_super_canastas": 1, "melded": 200}, {}, {}]
    b = ok_hand(client, gid, deal)
    # own: seat0 = 2*500 + 50 (finish) + 2*50 (kitties) + 500 = 1,650; seat2 = 500 + 200 = 700; others 0
    # deal: 0 = 1650 + 700 = 2,350; 1 = 0 + 0; 2 = 700 + 0 (seat 4); 3 = 0 + 1650 (seat 0); 4 = 0 + 0 (seat 1)
    assert hand_totals(b["hand"]) == [2350, 0, 700, 1650, 0]
    assert b["game"]["finished"] is False
    deal2 = [{"impure_super_canastas": 1, "pure_canastas": 1, "finished": True, "melded": 150},
             {"in_hand": 30}, {"pure_super_canastas": 1, "impure_canastas": 1, "melded": 300}, {"melded": 35,
                                                                                                 "in_hand": 5}, {}]
    b = ok_hand(client, gid, deal2)
    # seat 0 melds at least 110 (impure super, §4) + 35 (canasta) = 145: 150 is enough
    # own: seat0 = 300 + 100 + 50 + 150 = 600; seat1 = -30; seat2 = 500 + 50 + 300 = 850;
    #      seat3 = 35 - 5 = 30; seat4 = 0
    # deal: 0 = 600 + 850 = 1,450; 1 = -30 + 30 = 0; 2 = 850 + 0 = 850; 3 = 30 + 600 = 630; 4 = 0 + (-30) = -30
    assert hand_totals(b["hand"]) == [1450, 0, 850, 630, -30]
    g = b["game"]
    # totals: 0 = 2350 + 1450 = 3,800; 1 = 0; 2 = 700 + 850 = 1,550; 3 = 1650 + 630 = 2,280; 4 = -30
    assert scores(g) == [3800, 0, 1550, 2280, -30]
    assert g["finished"] is False
    b = ok_hand(client, gid, [{"melded": 200}, {}, {}, {}, {}])
    # own seat0 = 200 -> deal 0 = 200 + 0 = 200; deal 3 = 0 + 200 = 200
    g = b["game"]
    assert scores(g) == [4000, 0, 1550, 2480, -30]  # 3,800 + 200 = 4,000 reaches target
    assert g["finished"] is True and g["winner"] == [0] and g["margin"] == 4000 - 2480  # 1,520


def test_five_person_super_canasta_melded_minimum(client, make_game):
    # RULES.md §4: a super canasta holds one card of every rank of a suit: 115 melded points pure,
    # 110 impure (a joker, 10, in place of the ace, 15); an ordinary canasta 35
    gid = make_game(FIVE)["id"]
    assert_refused(client, gid, [{"pure_super_canastas": 1, "melded": 110}, {}, {}, {}, {}], "entries[0].melded")
    assert_refused(client, gid, [{}, {"impure_super_canastas": 1, "melded": 105}, {}, {}, {}], "entries[1].melded")
    assert_refused(client, gid, [{}, {}, {"impure_canastas": 2, "melded": 65}, {}, {}], "entries[2].melded")
    b = ok_hand(client, gid, [{"pure_super_canastas": 1, "melded": 115}, {"impure_super_canastas": 1, "melded": 110},
                              {"impure_canastas": 2, "melded": 70}, {}, {}])
    # own: seat0 = 500 + 115 = 615; seat1 = 300 + 110 = 410; seat2 = 2*50 + 70 = 170
    # deal: 0 = 615 + 170 (seat 2); 1 = 410 + 0; 2 = 170 + 0; 3 = 0 + 615 (seat 0); 4 = 0 + 410 (seat 1)
    assert hand_totals(b["hand"]) == [785, 410, 170, 615, 410]


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



def test_five_person_finisher_needs_a_canasta(client, make_game):
    # RULES.md §3: finishing needs a canasta of the finisher's own or their partner's (default ON)
    gid = make_game(FIVE)["id"]
    # seat 1 has a canasta, but seat 1 is no partner of seat 0 (seat 2 is)
    assert_refused(client, gid, [{"finished": True, "melded": 50}, {"pure_canastas": 1, "melded": 35}, {}, {}, {}],
                   "entries[0].finished", "neither", "nor their partner")


def test_five_person_finisher_with_partners_canasta(client, make_game):
    gid = make_game(FIVE)["id"]
    b = ok_hand(client, gid, [{"finished": True, "melded": 50}, {}, {"pure_canastas": 1, "melded": 35}, {}, {}])
    # own0 = 50 + 50 (finish) = 100; own2 = 100 + 35 = 135
    # deal: 0 = 100 + 135 = 235; 1 = 0 + 0; 2 = 135 + 0; 3 = 0 + 100; 4 = 0 + 0
    assert hand_totals(b["hand"]) == [235, 0, 135, 100, 0]
