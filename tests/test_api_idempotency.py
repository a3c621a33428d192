"""API.md "Safety", first clause — One hand, once: POST (and PUT) of a hand with an Idempotency-Key.

A repeat of the request with the same key for the same game answers what the first one answered
(same status, same hand number) and stores nothing new; a different body under a used key is 422.
"""
import pytest

from .helpers import PONYTAIL_PAIRS

A1 = {"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1, "wild_canastas": 1, "red_threes": 3,
      "melded": 1230, "went_out": True}
B1 = {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "cut_bonus": True, "melded": 640,
      "in_hand": 185, "black_threes": 2}
SMALL = [{"melded": 100}, {"melded": 50}]


def post(client, game_id, entries, key=None, **headers):
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(f"/api/games/{game_id}/hands", json={"entries": entries}, headers=headers)


def hands_played(client, game_id):
    return client.get(f"/api/games/{game_id}").get_json()["hands_played"]


def test_a_repeat_answers_the_first_answer_and_stores_nothing(client, make_game):
    game = make_game()
    first = post(client, game["id"], [A1, B1], key="tap-1")
    again = post(client, game["id"], [A1, B1], key="tap-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert again.get_json()["hand"]["number"] == 1
    assert hands_played(client, game["id"]) == 1


def test_a_repeat_after_later_hands_answers_its_own_hand_number(client, make_game):
    game = make_game()
    post(client, game["id"], SMALL, key="first")
    post(client, game["id"], SMALL, key="second")
    again = post(client, game["id"], SMALL, key="first")
    assert again.status_code == 201
    assert again.get_json()["hand"]["number"] == 1
    assert again.get_json()["game"]["hands_played"] == 2  # the game as it is now
    assert hands_played(client, game["id"]) == 2


def test_a_repeat_with_a_stale_revision_still_answers_the_first_answer(client, make_game):
    # a retry resends the very same request, If-Match included: it must not become a 409
    game = make_game()
    first = post(client, game["id"], SMALL, key="k", **{"If-Match": str(game["revision"])})
    again = post(client, game["id"], SMALL, key="k", **{"If-Match": str(game["revision"])})
    assert (first.status_code, again.status_code) == (201, 201)
    assert hands_played(client, game["id"]) == 1


def test_a_repeat_of_the_hand_that_finished_the_game_is_not_refused_as_finished(client, make_game):
    game = make_game(target=1000)
    first = post(client, game["id"], SMALL + [], key="last")
    assert first.status_code == 201
    big = [{"melded": 1500}, {}]
    ending = post(client, game["id"], big, key="ending")
    assert ending.get_json()["game"]["finished"] is True
    again = post(client, game["id"], big, key="ending")
    assert again.status_code == 201
    assert again.get_json()["hand"]["number"] == 2


def test_a_different_body_under_a_used_key_is_refused_and_stores_nothing(client, make_game):
    game = make_game()
    post(client, game["id"], SMALL, key="k")
    other = post(client, game["id"], [{"melded": 200}, {}], key="k")
    assert other.status_code == 422
    assert other.get_json()["errors"][0]["field"] == "Idempotency-Key"
    assert "different request" in other.get_json()["errors"][0]["message"]
    assert hands_played(client, game["id"]) == 1


def test_keys_belong_to_one_game(client, make_game):
    one, two = make_game(), make_game()
    assert post(client, one["id"], SMALL, key="same").status_code == 201
    assert post(client, two["id"], [{"melded": 5}, {}], key="same").status_code == 201
    assert (hands_played(client, one["id"]), hands_played(client, two["id"])) == (1, 1)


def test_without_a_key_each_request_records_a_hand(client, make_game):
    game = make_game()
    post(client, game["id"], SMALL)
    post(client, game["id"], SMALL)
    assert hands_played(client, game["id"]) == 2


def test_a_refused_request_does_not_use_up_its_key(client, make_game):
    # a 422 stores nothing, so the same key may carry the corrected hand
    game = make_game()
    bad = post(client, game["id"], [{"melded": 101}, {}], key="k")
    assert bad.status_code == 422
    good = post(client, game["id"], SMALL, key="k")
    assert good.status_code == 201
    assert hands_played(client, game["id"]) == 1


@pytest.mark.parametrize("key", ["", "x" * 65, "tab\there", "ünïcode"])
def test_a_malformed_key_is_refused_with_its_field(client, make_game, key):
    game = make_game()
    response = client.post(f"/api/games/{game['id']}/hands", json={"entries": SMALL},
                           headers=[("Idempotency-Key", key.encode("utf-8").decode("latin-1"))])
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["field"] == "Idempotency-Key"
    assert hands_played(client, game["id"]) == 0


@pytest.mark.parametrize("key", ["a", "x" * 64, "8f2c-11ee b7 ~!{}"])
def test_any_1_to_64_printable_ascii_characters_make_a_key(client, make_game, key):
    game = make_game()
    assert post(client, game["id"], SMALL, key=key).status_code == 201
    assert post(client, game["id"], SMALL, key=key).status_code == 201
    assert hands_played(client, game["id"]) == 1


def test_a_resent_correction_is_answered_not_applied_twice(client, make_game):
    game = make_game()
    post(client, game["id"], SMALL)
    revision = client.get(f"/api/games/{game['id']}").get_json()["revision"]
    url = f"/api/games/{game['id']}/hands/1"
    headers = {"Idempotency-Key": "fix-1", "If-Match": str(revision)}
    first = client.put(url, json={"entries": [{"melded": 300}, {}]}, headers=headers)
    again = client.put(url, json={"entries": [{"melded": 300}, {}]}, headers=headers)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.get_json()["hand"] == first.get_json()["hand"]
    assert again.get_json()["game"]["revision"] == first.get_json()["game"]["revision"]


def test_a_deleted_game_forgets_its_keys(app, client, make_game):
    game = make_game(PONYTAIL_PAIRS)
    post(client, game["id"], SMALL, key="k")
    with app.app_context():
        from web.plumbing.database import get_db
        get_db().execute("DELETE FROM games WHERE id = ?", [game["id"]])
        left = get_db().execute("SELECT count(*) FROM request_keys WHERE game_id = ?", [game["id"]]).fetchone()[0]
    assert left == 0


@pytest.mark.slow
def test_a_repeat_after_a_server_restart_is_still_answered_once(tmp_path):
    from .server import Server
    path = tmp_path / "games.sqlite"
    server = Server(path)
    try:
        _, game = server.request("POST", "/api/games", PONYTAIL_PAIRS)
        body = {"entries": [A1, B1]}
        first = server.request("POST", f"/api/games/{game['id']}/hands", body, {"Idempotency-Key": "before-restart"})
    finally:
        server.stop()
    server = Server(path)
    try:
        again = server.request("POST", f"/api/games/{game['id']}/hands", body, {"Idempotency-Key": "before-restart"})
        other = server.request("POST", f"/api/games/{game['id']}/hands", {"entries": SMALL},
                               {"Idempotency-Key": "before-restart"})
        _, now = server.request("GET", f"/api/games/{game['id']}")
    finally:
        server.stop()
    assert first[0] == again[0] == 201
    assert again[1]["hand"] == first[1]["hand"]
    assert other[0] == 422
    assert now["hands_played"] == 1
