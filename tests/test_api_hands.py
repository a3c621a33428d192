"""Recording, correcting and deleting hands through the API; the game state derived from them."""
import pytest

from .examples import EXAMPLES, FIVE_PERSON, PONYTAIL, nonzero
from .helpers import PONY_THREE

(WORKED_A1, WORKED_B1), (WORKED_A2, WORKED_B2) = (hand.entries for hand in PONYTAIL.hands)
HAND_1, HAND_2 = PONYTAIL.hands


def post_hand(client, game, entries, **kwargs):
    return client.post(f"/api/games/{game['id']}/hands", json={"entries": entries}, **kwargs)


def scores(game):
    return [(s["score"], s["next_min_meld"]) for s in game["sides"]]


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_worked_examples(client, make_game, example):
    """RULES.md §6 (tests/examples.py) through the API: every hand's totals, breakdown, running totals, minimums."""
    game = make_game(example.game)
    for number, expected in enumerate(example.hands, start=1):
        response = post_hand(client, game, expected.entries)
        assert response.status_code == 201, response.get_json()
        hand, game = response.get_json()["hand"], response.get_json()["game"]
        assert hand["number"] == number
        assert [s["side"] for s in hand["scores"]] == list(range(len(example.sides)))
        assert [s["total"] for s in hand["scores"]] == expected.totals
        assert [nonzero(s["breakdown"]) for s in hand["scores"]] == expected.parts
        assert all(sum(s["breakdown"].values()) == s["total"] for s in hand["scores"])
        assert [s["running_total"] for s in hand["scores"]] == expected.running
        assert scores(game) == list(zip(expected.running, expected.minimums))
        if expected.own is not None:
            assert [s["own"] for s in hand["scores"]] == expected.own
        assert game["finished"] is (number == example.options.get("max_hands"))  # a turn of a set number of deals


def test_hand_entries_come_back_complete_and_as_entered(client, make_game):
    game = make_game()
    counted = {"jokers": 2, "twenties": 5, "tens": 12, "fives": 7}
    hand = post_hand(client, game, [{"melded": counted}, {}]).get_json()["hand"]
    assert hand["entries"][0]["melded"] == counted
    assert hand["entries"][1] == {"natural_canastas": 0, "dirty_canastas": 0, "sevens_canastas": 0,
                                  "wild_canastas": 0, "red_threes": 0, "black_threes": 0, "melded": 0,
                                  "in_hand": 0, "unpicked_pony": 0, "went_out": False, "cut_bonus": False}
    assert hand["scores"][0]["total"] == 355


def test_five_person_deal_names_partners_and_rentraps(client, make_game):
    game = make_game(FIVE_PERSON.game)
    answer = post_hand(client, game, FIVE_PERSON.hands[0].entries).get_json()
    partners = answer["game"]["dealing"]["partners"]
    assert partners[4] == {"player": "Eve", "partner": "Ben", "rentrap": "Cleo"}


def test_refused_hand_stores_nothing(client, make_game):
    game = make_game()
    response = post_hand(client, game, [{"red_threes": 7}, {"red_threes": 6, "bogus": 1}])
    assert response.status_code == 422
    fields = [e["field"] for e in response.get_json()["errors"]]
    assert fields == ["entries[1].bogus"]
    after = client.get(f"/api/games/{game['id']}").get_json()
    assert after["hands"] == [] and after["revision"] == game["revision"]


def test_replace_hand_recomputes_later_totals(client, make_game):
    game = make_game()
    post_hand(client, game, [WORKED_A1, WORKED_B1])
    post_hand(client, game, [WORKED_A2, WORKED_B2])
    # hand 1 corrected: B had no cut bonus after all (−100)
    response = client.put(f"/api/games/{game['id']}/hands/1",
                          json={"entries": [WORKED_A1, WORKED_B1 | {"cut_bonus": False}]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["hand"]["number"] == 1 and body["hand"]["scores"][1]["total"] == HAND_1.totals[1] - 100
    # RULES.md §6's totals after hand 2, less B's 100 cut bonus
    assert scores(body["game"]) == [(HAND_2.running[0], 90), (HAND_2.running[1] - 100, 50)]
    assert body["game"]["hands"][1]["scores"][1]["running_total"] == HAND_2.running[1] - 100


def test_replace_refused_keeps_the_old_hand(client, make_game):
    game = make_game()
    post_hand(client, game, [WORKED_A1, WORKED_B1])
    response = client.put(f"/api/games/{game['id']}/hands/1", json={"entries": [{"melded": 7}, {}]})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "entries[0].melded"
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0]["score"] == HAND_1.totals[0]


def test_delete_hand_moves_later_hands_up(client, make_game):
    game = make_game()
    post_hand(client, game, [WORKED_A1, WORKED_B1])
    post_hand(client, game, [WORKED_A2, WORKED_B2])
    response = client.delete(f"/api/games/{game['id']}/hands/1")
    assert response.status_code == 200
    after = response.get_json()
    assert [h["number"] for h in after["hands"]] == [1]
    assert scores(after) == [(HAND_2.totals[0], 50), (HAND_2.totals[1], 50)]  # hand 2 alone: both below 15,000


@pytest.mark.parametrize("method, path", [
    ("put", "/hands/3"), ("delete", "/hands/3"), ("delete", "/hands/0"), ("put", "/hands/-1"),
    ("delete", "/hands/x"),
])
def test_unknown_hand_is_404(client, make_game, method, path):
    game = make_game()
    post_hand(client, game, [{}, {}])
    body = {"json": {"entries": [{}, {}]}} if method == "put" else {}
    response = getattr(client, method)(f"/api/games/{game['id']}{path}", **body)
    assert response.status_code == 404
    assert response.get_json()["errors"][0]["message"]


def test_reaching_the_target_finishes_the_game(client, make_game):
    game = make_game(target=20000)
    post_hand(client, game, [WORKED_A1, WORKED_B1])
    done = post_hand(client, game, [WORKED_A2, WORKED_B2]).get_json()["game"]
    assert done["finished"] is True
    assert done["winner"] == [0] and done["margin"] == HAND_2.running[0] - HAND_2.running[1]
    assert done["dealing"] is None
    refused = post_hand(client, game, [{}, {}])
    assert refused.status_code == 409
    assert "finished" in refused.get_json()["errors"][0]["message"]
    # correcting the hand that reached the target reopens the game
    reopened = client.put(f"/api/games/{game['id']}/hands/2", json={"entries": [{"melded": 100}, {}]}).get_json()
    assert reopened["game"]["finished"] is False and reopened["game"]["winner"] is None


def test_hand_limit_finishes_the_game(client, make_game):
    game = make_game(max_hands=2)
    post_hand(client, game, [{"melded": 100}, {"melded": 300}])
    done = post_hand(client, game, [{"melded": 100}, {}]).get_json()["game"]
    assert (done["finished"], done["winner"], done["margin"], done["finish_reasons"]) == (True, [1], 100, ["max_hands"])


def test_finish_time_passed_finishes_after_the_hand(client, make_game):
    game = make_game(finish_at="2020-01-01T20:00:00+00:00")
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is False
    done = post_hand(client, game, [{}, {"melded": 50}]).get_json()["game"]
    assert done["finished"] is True and done["finish_reasons"] == ["finish_time"]


def test_finish_time_ahead_keeps_playing(client, make_game):
    game = make_game(finish_at="2999-01-01T20:00")
    assert post_hand(client, game, [{}, {}]).get_json()["game"]["finished"] is False


def test_end_now_with_a_tie_shares_the_win(client, make_game):
    game = make_game(PONY_THREE)
    post_hand(client, game, [{"melded": 100}, {"melded": 100}, {"melded": 40}])
    ended = client.post(f"/api/games/{game['id']}/end")
    assert ended.status_code == 200
    body = ended.get_json()
    assert (body["finished"], body["winner"], body["margin"]) == (True, [0, 1], 0)


def test_margin_is_over_the_best_other_side(client, make_game):
    game = make_game(PONY_THREE)
    post_hand(client, game, [{"melded": 100}, {"melded": 60}, {"melded": 80}])
    body = client.post(f"/api/games/{game['id']}/end").get_json()
    assert (body["winner"], body["margin"]) == ([0], 20)


def test_failed_meld_raises_the_pony_minimum_until_the_next_hand(client, make_game):
    game = make_game(PONY_THREE)
    url = f"/api/games/{game['id']}/sides/1/failed-meld"
    assert client.post(url).status_code == 200
    body = client.post(url).get_json()
    assert [s["next_min_meld"] for s in body["sides"]] == [50, 70, 50]
    after = post_hand(client, game, [{}, {}, {}]).get_json()["game"]
    assert [s["next_min_meld"] for s in after["sides"]] == [50, 50, 50]


def test_failed_meld_refusals(client, make_game):
    ponytail = make_game()
    assert client.post(f"/api/games/{ponytail['id']}/sides/0/failed-meld").status_code == 422
    pony = make_game(PONY_THREE)
    assert client.post(f"/api/games/{pony['id']}/sides/5/failed-meld").status_code == 404
    client.post(f"/api/games/{pony['id']}/end")
    assert client.post(f"/api/games/{pony['id']}/sides/0/failed-meld").status_code == 409


def test_stale_if_match_is_refused_and_stores_nothing(client, make_game):
    game = make_game()
    ok = post_hand(client, game, [{}, {}], headers={"If-Match": str(game["revision"])})
    assert ok.status_code == 201
    stale = post_hand(client, game, [{"melded": 50}, {}], headers={"If-Match": f'"{game["revision"]}"'})
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["errors"][0]["field"] == "revision"
    assert body["game"]["revision"] == ok.get_json()["game"]["revision"]
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1


def test_revision_counts_every_write(client, make_game):
    game = make_game()
    first = post_hand(client, game, [{}, {}]).get_json()["game"]["revision"]
    second = client.delete(f"/api/games/{game['id']}/hands/1").get_json()["revision"]
    assert game["revision"] < first < second


@pytest.mark.parametrize("path", ["/end", "/sides/0/failed-meld", "/hands/1"])
def test_bodyless_writes_refuse_a_malformed_body_and_change_nothing(client, make_game, path):
    game = make_game(PONY_THREE)
    post_hand(client, game, [{}, {}, {}])
    before = client.get(f"/api/games/{game['id']}").get_json()
    method = client.delete if path.startswith("/hands") else client.post
    bad = method(f"/api/games/{game['id']}{path}", data="{oops", content_type="application/json")
    assert bad.status_code == 400
    odd = method(f"/api/games/{game['id']}{path}", json={"colour": "red"})
    assert odd.status_code == 422 and odd.get_json()["errors"][0]["message"]
    assert client.get(f"/api/games/{game['id']}").get_json() == before
    stale = method(f"/api/games/{game['id']}{path}", json={"revision": before["revision"] - 1})
    assert stale.status_code == 409
    fine = method(f"/api/games/{game['id']}{path}", json={"revision": before["revision"]})
    assert fine.status_code == 200
