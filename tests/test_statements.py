"""Issue 16: recording a hand costs at most four SQL statements (read the game, bump its revision,
keep the Idempotency-Key when sent, insert the hand), counted with SQLite's trace callback.

BEGIN IMMEDIATE and COMMIT are counted apart: they frame the write, they do not read or write a row.
"""
from __future__ import annotations

from web.forms.keys import KEY_FIELD

from .helpers import traced
from .pages import HAND_1_THEM, HAND_1_US, token

FRAME = ("BEGIN", "COMMIT", "ROLLBACK")
A = [{"melded": 100}, {"melded": 50}]


def counted(seen: list[str]) -> tuple[list[str], list[str]]:
    """(statements, BEGIN/COMMIT) of what was traced."""
    work = [s for s in seen if not s.lstrip().upper().startswith(FRAME)]
    return work, [s for s in seen if s.lstrip().upper().startswith(FRAME)]


def test_a_hand_through_the_api_without_a_key_costs_three_statements(app, client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": A})  # a game with a hand already
    with traced(app) as seen:
        answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": A})
    assert answer.status_code == 201 and answer.get_json()["hand"]["number"] == 2
    work, frame = counted(seen)
    assert len(work) == 3, work
    assert [s.split()[0].upper() for s in work] == ["SELECT", "UPDATE", "INSERT"], work
    assert [s.upper() for s in frame] == ["BEGIN IMMEDIATE", "COMMIT"], frame


def test_a_hand_through_the_api_with_a_key_costs_four_statements(app, client, make_game):
    game = make_game()
    with traced(app) as seen:
        answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": A},
                             headers={"Idempotency-Key": "tap-1", "If-Match": str(game["revision"])})
    assert answer.status_code == 201
    work, _ = counted(seen)
    assert len(work) == 4, work
    assert any("request_keys" in s for s in work), work
    # and the key was kept: the repeat answers the same hand, storing nothing
    again = client.post(f"/api/games/{game['id']}/hands", json={"entries": A}, headers={"Idempotency-Key": "tap-1"})
    assert again.get_json()["hand"] == answer.get_json()["hand"]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 1


def test_a_hand_through_the_web_form_costs_four_statements(app, client, make_game):
    game = make_game()
    form = {"csrf_token": token(client), KEY_FIELD: "k" * 22, "revision": str(game["revision"]),
            **HAND_1_US, **HAND_1_THEM}
    with traced(app) as seen:
        answer = client.post(f"/games/{game['id']}/hands/new", data=form)
    assert answer.status_code == 303
    work, _ = counted(seen)
    assert len(work) <= 4, work
    shown = client.get(f"/api/games/{game['id']}").get_json()
    assert shown["hands_played"] == 1 and shown["sides"][0]["score"] > 0
