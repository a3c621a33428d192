"""Several devices writing to one game at once, against a real server: nothing doubled, lost or half-applied."""
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

# Each hand is told apart by side 0's in-hand points (5 × its marker): scores only go down, so
# the game never reaches its target, and 5 × 696 is the most card points six decks hold.
MARKERS_PER_WRITER = 12
WRITERS = 8
ROUNDS = 6
COMPETITORS = 6


def hand(marker):
    return {"entries": [{"in_hand": 5 * marker}, {}]}


def markers(game):
    return [h["entries"][0]["in_hand"] // 5 for h in game["hands"]]


def new_game(server):
    status, game = server.request("POST", "/api/games", {
        "variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                         {"name": "Them", "players": ["Cy", "Di"]}]})
    assert status == 201
    return game


@pytest.mark.slow
def test_simultaneous_hands_without_if_match_all_land_once(server):
    game = new_game(server)
    path = f"/api/games/{game['id']}/hands"
    start = threading.Barrier(WRITERS)

    def writer(w):
        start.wait()
        answers = []
        for k in range(MARKERS_PER_WRITER):
            marker = 1 + w * MARKERS_PER_WRITER + k
            answers.append((marker, *server.request("POST", path, hand(marker))))
        return answers

    with ThreadPoolExecutor(WRITERS) as pool:
        answers = [a for batch in pool.map(writer, range(WRITERS)) for a in batch]
    sent = list(range(1, WRITERS * MARKERS_PER_WRITER + 1))
    assert sorted(status for _, status, _ in answers) == [201] * len(sent)
    # each answer is the writer's own hand, under the number it was stored as
    for marker, _, body in answers:
        assert body["hand"]["entries"][0]["in_hand"] == 5 * marker
        assert body["game"]["hands"][body["hand"]["number"] - 1]["entries"][0]["in_hand"] == 5 * marker
    assert sorted(body["game"]["revision"] for _, _, body in answers) == [game["revision"] + n for n in sent]
    status, final = server.request("GET", f"/api/games/{game['id']}")
    assert sorted(markers(final)) == sent
    assert final["revision"] == game["revision"] + len(sent)
    assert final["sides"][0]["score"] == -5 * sum(sent)


def compete(server, requests):
    """Send every (method, path, body, headers) at the same moment; the answers in the same order."""
    start = threading.Barrier(len(requests))

    def send(request):
        start.wait()
        return server.request(*request)

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


@pytest.mark.slow
def test_competing_writes_on_one_revision_exactly_one_wins(server):
    game = new_game(server)
    base = f"/api/games/{game['id']}"
    status, answer = server.request("POST", base + "/hands", hand(1))
    expected = [1]
    revision = answer["game"]["revision"]
    for round_ in range(ROUNDS):
        match = {"If-Match": f'"{revision}"'}
        markers_sent = [10 * (round_ + 1) + c for c in range(COMPETITORS)]
        answers = compete(server, [("POST", base + "/hands", hand(m), match) for m in markers_sent])
        statuses = [status for status, _ in answers]
        assert sorted(statuses) == [201] + [409] * (COMPETITORS - 1)
        winner = markers_sent[statuses.index(201)]
        expected.append(winner)
        for status, body in answers:
            if status == 409:
                assert body["errors"][0]["field"] == "revision"
                assert "Someone else just changed this game" in body["errors"][0]["message"]
                assert body["game"]["revision"] == revision + 1  # the current state, to show the player
                assert markers(body["game"]) == expected
        revision += 1
    status, final = server.request("GET", base)
    assert markers(final) == expected and final["revision"] == revision


@pytest.mark.slow
def test_edit_delete_and_record_racing_on_one_revision(server):
    game = new_game(server)
    base = f"/api/games/{game['id']}"
    for marker in (1, 2, 3):
        status, answer = server.request("POST", base + "/hands", hand(marker))
    revision = answer["game"]["revision"]
    match = {"If-Match": str(revision)}
    answers = compete(server, [("PUT", base + "/hands/2", hand(20), match),
                               ("DELETE", base + "/hands/2", None, match),
                               ("POST", base + "/hands", hand(4), match),
                               ("POST", base + "/end", None, match)])
    statuses = [status for status, _ in answers]
    assert sorted(statuses) == [200, 409, 409, 409] or sorted(statuses) == [201, 409, 409, 409]
    status, final = server.request("GET", base)
    outcomes = {0: [1, 20, 3], 1: [1, 3], 2: [1, 2, 3, 4], 3: [1, 2, 3]}
    won = next(i for i, s in enumerate(statuses) if s in (200, 201))
    assert markers(final) == outcomes[won]
    assert final["finished"] is (won == 3)
    assert final["revision"] == revision + 1


@pytest.mark.slow
def test_stale_write_is_refused_with_the_current_game_and_a_fresh_one_works(server):
    game = new_game(server)
    base = f"/api/games/{game['id']}"
    server.request("POST", base + "/hands", hand(1))  # another device, not telling its revision
    status, body = server.request("POST", base + "/hands", hand(2), {"If-Match": str(game["revision"])})
    assert status == 409 and markers(body["game"]) == [1]
    # the body's "revision" works the same way for clients that cannot set headers
    status, body = server.request("POST", base + "/hands", {**hand(2), "revision": game["revision"]})
    assert status == 409
    status, body = server.request("POST", base + "/hands", hand(2), {"If-Match": str(body["game"]["revision"])})
    assert status == 201 and markers(body["game"]) == [1, 2]


@pytest.mark.parametrize("stated, accepted", [
    ("{r}", True), ('"{r}"', True), ('W/"{r}"', True), ('"1", "{r}"', True), ("*", True), ("", True),
    ("{stale}", False), ('"{stale}"', False), ("abc", False), ('"1", "{stale}"', False)])
def test_if_match_forms(client, make_game, stated, accepted):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    current = client.get(f"/api/games/{game['id']}").get_json()["revision"]
    header = stated.format(r=current, stale=current - 1)
    response = client.post(f"/api/games/{game['id']}/end", headers={"If-Match": header})
    assert response.status_code == (200 if accepted else 409)
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is accepted
