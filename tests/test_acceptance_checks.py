"""Acceptance: RULES.md §4: every check an entry gets, each refusal naming its field and storing nothing.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

import pytest

from tests.helpers import PONY_THREE

from .acceptance_helpers import (
    PT_H1,
    assert_refused,
    get_game,
    hand_totals,
    ok_hand,
    scores,
)

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



def test_counts_must_be_numbers_not_flags(client, make_game):
    gid = make_game()["id"]
    assert_refused(client, gid, [{"natural_canastas": True, "melded": 50}, {}], "entries[0].natural_canastas")
    assert_refused(client, gid, [{"went_out": 1}, {}], "entries[0].went_out")
