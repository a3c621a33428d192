"""API.md, Safety (every route): "No 500 from input".

Out-of-range numbers anywhere (huge integers, non-ASCII digits such as ?hands=², floats,
revisions beyond 2^53) get 400/422 with the field named; a method a route does not have gets
405 with an Allow header; a JSON body with a key given twice is refused with 400.
"""
import re

import pytest

from .faults import PONYTAIL, csrf_token
from .pages import error_page, read, url

HUGE = "9" * 5000
BIG = "9" * 30


@pytest.fixture
def game(make_game, client):
    made = make_game()
    assert client.post(f"/api/games/{made['id']}/hands", json={"entries": [{}, {}]}).status_code == 201
    return made["id"]


@pytest.mark.parametrize("query", ["²", "١٢", "12.0", "1e2", "0", "201", "-3", BIG, HUGE, "", "twelve", "1_2"])
@pytest.mark.parametrize("sheet", ["/games/{game}/blank-sheet.pdf", "/variants/ponytail/blank-sheet.pdf"])
def test_blank_sheet_rows_must_be_a_plain_whole_number(client, game, sheet, query):
    response = client.get(sheet.format(game=game), query_string={"hands": query})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == "hands" and "whole number from 1 to 200" in error["message"]


@pytest.mark.parametrize("query", ["²", "1.5", BIG, HUGE, "-1", "0"])
def test_earlier_hands_refuses_what_is_no_hand_number(client, game, query):
    response = client.get(url(client.application, "pages.earlier_hands", game_id=game), query_string={"before": query})
    assert response.status_code == 422
    [said] = error_page(response)
    assert said.startswith("before must be a whole number")


@pytest.mark.parametrize("method, path", [
    ("put", "/api/games/{game}/hands/{n}"), ("delete", "/api/games/{game}/hands/{n}"),
    ("post", "/api/games/{game}/sides/{n}/failed-meld"), ("get", "/games/{game}/hands/{n}/detail"),
    ("get", "/games/{game}/hands/{n}/edit")])
@pytest.mark.parametrize("number", [BIG, HUGE, "١", "0000000000001"])
def test_numbers_in_the_address_that_are_no_numbers_here_get_400_naming_the_part(client, game, method, path, number):
    response = getattr(client, method)(path.format(game=game, n=number), json={"entries": [{}, {}]})
    assert response.status_code == 400
    field = "side" if "sides" in path else "number"
    if path.startswith("/api/"):
        error, = response.get_json()["errors"]
        assert error["field"] == field
        said = [error["message"]]
    else:
        said = error_page(response)
    assert said[0].startswith(f"The {field} in the address must be a whole number")


def test_a_number_of_no_hand_is_still_404(client, game):
    assert client.delete(f"/api/games/{game}/hands/999999999").status_code == 404
    assert client.delete(f"/api/games/{game}/hands/x").status_code == 404


@pytest.mark.parametrize("stated", [str(2 ** 53 + 1), BIG, "²", "١", "0", "-4", '"99999999999999999999"', 'W/"²"'])
def test_if_match_beyond_a_revision_is_422_naming_the_header(client, game, stated):
    response = client.post(f"/api/games/{game}/end", headers={"If-Match": stated})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == "If-Match" and "whole number from 1 to 9,007,199,254,740,992" in error["message"]
    assert client.get(f"/api/games/{game}").get_json()["finished"] is False


@pytest.mark.parametrize("revision", [2 ** 53 + 1, 10 ** 30, 0, -1, 2.0, 1e300, True, [2], {"r": 2}, BIG, "²"])
@pytest.mark.parametrize("write", ["end", "hands"])
def test_a_body_revision_beyond_a_revision_is_422_naming_it(client, game, revision, write):
    body = {"revision": revision} if write == "end" else {"entries": [{}, {}], "revision": revision}
    response = client.post(f"/api/games/{game}/{write}", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "revision"
    assert client.get(f"/api/games/{game}").get_json()["hands_played"] == 1


def test_a_revision_up_to_2_to_the_53_is_a_revision(client, game):
    current = client.get(f"/api/games/{game}").get_json()["revision"]
    assert client.post(f"/api/games/{game}/end", headers={"If-Match": str(2 ** 53)}).status_code == 409
    assert client.post(f"/api/games/{game}/end", json={"revision": current}).status_code == 200


def test_a_page_form_revision_beyond_a_revision_is_refused_in_words(client, game):
    response = client.post(url(client.application, "pages.end_game", game_id=game),
                           data={"csrf_token": csrf_token(client), "revision": BIG},
                           headers={"HX-Request": "true"})
    assert response.status_code == 422
    notice = read(response).region("Scores").status(re.compile("^revision must be a game revision: a whole number"))
    assert notice.text.endswith(f"(got “{BIG[:20]}”).")
    assert client.get(f"/api/games/{game}").get_json()["finished"] is False


@pytest.mark.parametrize("raw, field", [
    ('{"variant": "ponytail", "variant": "pony", "sides": []}', "variant"),
    ('{"variant": "ponytail", "sides": [{"name": "A", "name": "B", "players": ["a", "b"]}]}', "name"),
])
def test_a_key_given_twice_is_refused_with_400(client, raw, field):
    response = client.post("/api/games", data=raw, content_type="application/json")
    assert response.status_code == 400
    error, = response.get_json()["errors"]
    assert error["field"] == field and "given twice" in error["message"]
    assert client.get("/api/games").get_json() == []


@pytest.mark.parametrize("number, said", [("1" + "0" * 5000, "Melded points is too large (at most 1,000,000)."),
                                           ("-" + "9" * 4400, "Melded points cannot be negative (got -999999… "
                                                              "(4,400 digits)).")])
def test_a_number_of_thousands_of_digits_in_a_body_names_its_field(client, game, number, said):
    response = client.post(f"/api/games/{game}/hands", data=f'{{"entries": [{{"melded": {number}}}, {{}}]}}',
                           content_type="application/json")
    assert response.status_code == 422  # issue 23: not a 400 with field null, which Python's int() limit gave
    assert response.get_json()["errors"] == [{"field": "entries[0].melded", "message": said}]


@pytest.mark.parametrize("number", ["1" + "0" * 4000, "1e400", "-1e400", "NaN", "Infinity", "2.5", "-0.0001"])
def test_huge_numbers_and_floats_in_a_body_name_their_field(client, game, number):
    response = client.post(f"/api/games/{game}/hands", data=f'{{"entries": [{{"melded": {number}}}, {{}}]}}',
                           content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"].startswith("entries[0].melded")


@pytest.mark.parametrize("method, path, allowed", [
    ("patch", "/api/games", {"GET", "HEAD", "OPTIONS", "POST"}),
    ("delete", "/api/games/{game}", {"GET", "HEAD", "OPTIONS"}),
    ("get", "/api/games/{game}/end", {"POST", "OPTIONS"}),
    ("put", "/api/variants", {"GET", "HEAD", "OPTIONS"}),
    ("post", "/games/{game}", {"GET", "HEAD", "OPTIONS"}),  # a page: 405 before the form's token is even asked for
    ("delete", "/games/{game}/sheet.pdf", {"GET", "HEAD", "OPTIONS"}),
])
def test_a_method_a_route_does_not_have_is_405_with_allow(client, game, method, path, allowed):
    response = getattr(client, method)(path.format(game=game))
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) == allowed
    if path.startswith("/api/"):
        assert response.get_json()["errors"][0]["message"] == f"{method.upper()} is not allowed here."
    else:
        assert error_page(response) == ["That cannot be done from here."]


@pytest.mark.parametrize("number", ["²", "١٢", BIG, HUGE, "1_000", "5e2"])
def test_page_form_numbers_are_refused_at_their_field(client, game, number):
    response = client.post(url(client.application, "hands.record_hand", game_id=game),
                           data={"csrf_token": csrf_token(client), "entries[0].melded": number})
    assert response.status_code == 422
    melded = read(response).region(re.compile("^Us ")).field("Melded points, Us, in points")
    assert melded.invalid and melded.value == number
    assert melded.descriptions[-1].startswith("Melded points ")  # after the help: the refusal
    assert client.get(f"/api/games/{game}").get_json()["hands_played"] == 1


def test_a_new_game_with_a_huge_target_names_the_option(client):
    response = client.post("/api/games", json={**PONYTAIL, "options": {"target": 10 ** 300}})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "options.target"
