"""Acceptance: API.md details: errors, If-Match, ending a game, listings, variants, game-state rules.

Every expected number is computed by hand from RULES.md (the arithmetic is written next to it).
"""
from __future__ import annotations

from tests.helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS

from .acceptance_helpers import (
    PT_H1,
    PT_H2,
    alone,
    get_game,
    ok_hand,
    pairs,
    ponytail,
    post_hand,
    scores,
)
from .examples import PONYTAIL

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
    assert scores(r.get_json()["game"]) == PONYTAIL.hands[1].running


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
    assert set(variants) == {"ponytail", "pony", "five-person", "classic", "hand-and-foot", "american", "samba",
                             "bolivia", "burraco", "buraco"}
    expected = {
        "ponytail": ["natural_canastas", "dirty_canastas", "sevens_canastas", "wild_canastas", "red_threes",
                     "black_threes", "melded", "in_hand", "unpicked_pony", "went_out", "cut_bonus"],
        "pony": ["wild_canastas", "sevens_canastas", "natural_canastas", "black_canastas", "surprise_wild",
                 "surprise_sevens", "surprise_natural", "surprise_black", "red_treys", "black_treys", "melded",
                 "in_hand", "unpicked_pony", "went_out", "failed_going_out"],
        "five-person": ["pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas",
                        "kitties", "finished", "melded", "in_hand"],
        # API.md's row, and RULES.md §14's wild_canastas and black_threes (played only when their house rule is set)
        "classic": ["natural_canastas", "mixed_canastas", "wild_canastas", "red_threes", "black_threes", "melded",
                    "in_hand", "went_out", "concealed"],
        "hand-and-foot": ["natural_canastas", "dirty_canastas", "wild_canastas", "sevens_canastas",
                          "black_threes_canastas", "black_threes_melded", "red_threes",
                          "red_threes_held", "black_threes", "exact_pickups", "melded", "in_hand", "in_foot",
                          "went_out"],
        # API.md's entry-field rows of american, samba and bolivia
        "american": ["natural_canastas", "mixed_canastas", "aces_canastas", "sevens_canastas", "wild_canastas",
                     "joker_canastas", "twos_canastas", "red_threes", "black_threes_laid", "threes_held",
                     "aces_penalties", "sevens_penalties", "melded", "in_hand", "went_out", "incomplete_aces",
                     "incomplete_sevens", "incomplete_wild", "incomplete_wild_jokers", "special_hand",
                     "concealed"],  # RULES.md §14 (turn 6): the flag of going_out_concealed_bonus
        "samba": ["natural_canastas", "mixed_canastas", "sequence_canastas", "wild_canastas", "red_threes",
                  "black_threes", "short_sequences", "melded", "in_hand", "went_out"],
        "bolivia": ["natural_canastas", "mixed_canastas", "sequence_canastas", "wild_canastas", "red_threes",
                    "black_threes", "short_sequences", "melded", "in_hand", "went_out"],
        # API.md's entry-field row of burraco and buraco
        "burraco": ["natural_canastas", "semiclean_canastas", "dirty_canastas", "full_run_canastas",
                    "ace_to_ace_canastas", "melded", "in_hand", "kitty_not_taken", "went_out"],
        "buraco": ["natural_canastas", "semiclean_canastas", "dirty_canastas", "full_run_canastas",
                   "ace_to_ace_canastas", "melded", "in_hand", "kitty_not_taken", "went_out"],
    }
    flags = {"went_out", "cut_bonus", "failed_going_out", "finished", "concealed", "incomplete_aces",
             "incomplete_sevens", "incomplete_wild", "incomplete_wild_jokers", "kitty_not_taken"}
    # fields whose house rule is off by default (RULES.md §8, §12, §13): offered with a largest value of 0
    off_by_default = {("hand-and-foot", "sevens_canastas"), ("hand-and-foot", "black_threes_canastas"),
                      ("hand-and-foot", "black_threes_melded"), ("samba", "wild_canastas"), ("samba", "black_threes"),
                      ("samba", "short_sequences"), ("bolivia", "short_sequences"),
                      # RULES.md §9 lines 491-493, §10 lines 599-600: runs (and Buraco's semi-clean) off by default
                      ("burraco", "full_run_canastas"), ("burraco", "ace_to_ace_canastas"),
                      ("buraco", "semiclean_canastas"), ("buraco", "full_run_canastas"),
                      ("buraco", "ace_to_ace_canastas"),
                      # RULES.md §14: Classic's wild canastas and black threes held apart, off by default
                      ("classic", "wild_canastas"), ("classic", "black_threes")}
    for vid, names in expected.items():
        v = variants[vid]
        assert v["name"]
        assert isinstance(v["options"], dict)
        fields = {f["name"]: f for f in v["fields"]}
        # RULES.md §14: every variant's entry also takes a penalty or award and its reason, listed last
        assert list(fields)[-2:] == ["adjustment", "adjustment_reason"], vid
        said = fields.pop("adjustment")
        assert said == {"name": "adjustment", "kind": "adjustment", "label": "Penalty or award", "help": said["help"],
                        "type": "integer", "min": -1_000_000, "max": 1_000_000, "multiple_of": 5} and said["help"]
        assert fields.pop("adjustment_reason")["max_length"] == 100
        assert set(fields) == set(names), vid
        for name, f in fields.items():
            assert f.get("kind"), f
            if f["kind"] == "choice":  # American's special hand: one of RULES.md §11's eleven ids, or none
                assert len(f["choices"]) == 11 and f["nullable"], f
            elif name not in flags:
                assert f["min"] == 0, f
                off = (vid, name) in off_by_default
                assert isinstance(f["max"], int) and (f["max"] == 0 if off else f["max"] > 0), f
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
    a, b_total = PONYTAIL.hands[0].running
    assert b["game"]["finished"] is True and b["game"]["winner"] == [0]
    assert b["game"]["margin"] == a - b_total  # 8,975


# --------------------------------------------------------------------------- more game-state rules

def test_winner_is_highest_total_not_first_to_reach_target(client, make_game):
    g = make_game(PONYTAIL_PAIRS, target=10000)
    b = ok_hand(client, g["id"], [PT_H1[0], {"sevens_canastas": 2, "melded": 1000}])
    # A = 10,330 (worked example); B = 2*5000 + 1000 = 11,000: both reach 10,000, B is higher
    g = b["game"]
    a = PONYTAIL.hands[0].totals[0]
    assert scores(g) == [a, 11000]
    assert g["finished"] is True and g["winner"] == [1] and g["margin"] == 11000 - a  # 670


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
