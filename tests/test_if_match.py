"""If-Match (API.md): `If-Match: <revision>` as Werkzeug reads the header. The current revision
writes, a stale one is 409 and stores nothing, one that is no revision is 422 naming the header."""
import pytest

from .conftest import PONYTAIL_PAIRS

HAND = {"entries": [{"melded": 50}, {}]}


@pytest.fixture
def game(client):
    made = client.post("/api/games", json=PONYTAIL_PAIRS).get_json()
    client.post(f"/api/games/{made['id']}/hands", json=HAND)
    return client.get(f"/api/games/{made['id']}").get_json()


def hands(client, game):
    return client.get(f"/api/games/{game['id']}").get_json()["hands_played"]


@pytest.mark.parametrize("header", ["{r}", '"{r}"', 'W/"{r}"', ' "{r}" ', '"{old}", W/"{r}"', "*", "{r}, abc"])
def test_the_current_revision_in_any_form_records_the_hand(client, game, header):
    stated = header.format(r=game["revision"], old=game["revision"] - 1)
    response = client.post(f"/api/games/{game['id']}/hands", json=HAND, headers={"If-Match": stated})
    assert response.status_code == 201, response.get_json()
    assert hands(client, game) == 2


@pytest.mark.parametrize("header", ["{old}", '"{old}"', 'W/"{old}"', '"{old}", "{newer}"', '"abc"', "abc", '""',
                                    'W/""'])
@pytest.mark.parametrize("write", ["post", "put", "delete"])
def test_a_stale_revision_is_409_and_stores_nothing(client, game, header, write):
    stated = header.format(old=game["revision"] - 1, newer=game["revision"] + 1)
    url = f"/api/games/{game['id']}/hands" + ("" if write == "post" else "/1")
    response = getattr(client, write)(url, json=HAND if write != "delete" else None, headers={"If-Match": stated})
    assert response.status_code == 409
    assert response.get_json()["game"]["revision"] == game["revision"]  # the game as it is now, to try again
    assert client.get(f"/api/games/{game['id']}").get_json() == game


@pytest.mark.parametrize("header", ["a b", ", ,", '"unclosed', "0", '"-3"', "W/\"²\""])
def test_a_header_that_names_no_revision_is_422_quoting_it(client, game, header):
    response = client.post(f"/api/games/{game['id']}/end", headers={"If-Match": header})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == "If-Match" and f"(got “{header}”)" in error["message"]
    assert client.get(f"/api/games/{game['id']}").get_json() == game


def test_an_empty_header_states_no_revision(client, game):
    assert client.post(f"/api/games/{game['id']}/end", headers={"If-Match": " "}).status_code == 200


def test_the_header_wins_over_the_body_revision(client, game):
    stale = {**HAND, "revision": game["revision"] - 1}
    fresh = client.post(f"/api/games/{game['id']}/hands", json=stale, headers={"If-Match": str(game["revision"])})
    assert fresh.status_code == 201
    assert client.post(f"/api/games/{game['id']}/end", json={"revision": 'W/"1"'}).status_code == 409
