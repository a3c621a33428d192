"""Shared helpers of the acceptance tests (tests/test_acceptance_*.py): the public JSON API
played black-box through Flask's test client, every expected number computed by hand from
RULES.md (the arithmetic written next to it)."""
from __future__ import annotations

from .examples import PONYTAIL

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


# RULES.md §6 worked example, hands 1 and 2 (tests/examples.py).
PT_H1, PT_H2 = (hand.entries for hand in PONYTAIL.hands)
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
