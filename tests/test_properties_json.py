"""Property tests for the JSON body rules of API.md "No 500 from input": a key given twice is refused with 400,
numbers of any size or kind are refused by their field (or, past what can be read, as unreadable), and any revision
is a revision, a stale one, or refused naming where it was given."""
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import create_app

from .helpers import PONYTAIL_PAIRS
from .property_helpers import SETTINGS, refusal_is_clear, send_json


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "DATABASE": str(tmp_path_factory.mktemp("json-rules") / "games.sqlite")})
    return app.test_client()


KEYS = st.sampled_from(["variant", "sides", "name", "players", "entries", "melded", "revision", "options", "x"])
OBJECT_TREES = st.recursive(
    st.integers(-5, 5) | st.text(max_size=4) | st.none(),
    lambda inner: st.lists(inner, max_size=3).map(lambda items: ("list", items))
    | st.lists(st.tuples(KEYS, inner), max_size=4).map(lambda pairs: ("object", pairs)),
    max_leaves=12)


def as_json(tree) -> str:
    """A tree of ("object", [(key, value)…]) / ("list", […]) / scalars as JSON text, every key kept (even twice)."""
    if isinstance(tree, tuple) and tree[0] == "object":
        return "{" + ", ".join(f"{json.dumps(k)}: {as_json(v)}" for k, v in tree[1]) + "}"
    if isinstance(tree, tuple):
        return "[" + ", ".join(as_json(v) for v in tree[1]) + "]"
    return json.dumps(tree)


def repeated_keys(tree) -> set[str]:
    """Every key some object in the tree gives more than once."""
    if not isinstance(tree, tuple):
        return set()
    children = [v for _, v in tree[1]] if tree[0] == "object" else tree[1]
    keys = [k for k, _ in tree[1]] if tree[0] == "object" else []
    return {k for k in keys if keys.count(k) > 1}.union(*(repeated_keys(c) for c in children))


@SETTINGS
@given(st.lists(st.tuples(KEYS, OBJECT_TREES), max_size=5).map(lambda pairs: ("object", pairs)),
       st.sampled_from(["/api/games", "/hands", "/end"]))
def test_a_body_is_refused_with_400_exactly_when_an_object_gives_a_key_twice(api, tree, where):
    if where != "/api/games":
        where = f"/api/games/{api.post('/api/games', json=PONYTAIL_PAIRS).get_json()['id']}{where}"
    before = api.get("/api/games").get_json()
    response = api.post(where, data=as_json(tree), content_type="application/json")
    refusal_is_clear(response)
    twice = repeated_keys(tree)
    if twice:
        assert response.status_code == 400
        error, = response.get_json()["errors"]
        assert error["field"] in twice and "given twice" in error["message"]
    else:
        assert response.status_code != 400 or "given twice" not in response.get_data(as_text=True)
    if response.status_code >= 400:
        assert api.get("/api/games").get_json() == before


NUMBER_TEXTS = (st.integers(1, 6000).map(lambda n: "9" * n)
                | st.builds(lambda s, d, e: f"{s}{d}e{e}", st.sampled_from(["", "-"]), st.integers(0, 10 ** 6),
                            st.integers(-400, 400))
                | st.builds(lambda d, f: f"{d}.{f}", st.integers(0, 10 ** 9), st.integers(0, 10 ** 6))
                | st.integers().map(str) | st.sampled_from(["NaN", "Infinity", "-Infinity", "-0", "0.0", "1E2"]))


@SETTINGS
@given(NUMBER_TEXTS, st.sampled_from(["melded", "red_threes", "in_hand"]))
def test_numbers_of_any_size_or_kind_in_a_hand_are_refused_by_field_or_as_unreadable(api, number, field):
    game = api.post("/api/games", json=PONYTAIL_PAIRS).get_json()
    url = f"/api/games/{game['id']}"
    response = api.post(url + "/hands", data=f'{{"entries": [{{"{field}": {number}}}, {{}}]}}',
                        content_type="application/json")
    refusal_is_clear(response)
    if response.status_code != 201:  # more digits than Python's int() reads too: issue 23
        assert response.status_code == 422
        assert any(e["field"].startswith(f"entries[0].{field}") for e in response.get_json()["errors"])
    assert api.get(url).get_json()["hands_played"] == (response.status_code == 201)


REVISIONS = (st.integers() | st.floats(allow_nan=True) | st.booleans() | st.text(max_size=20)
             | st.integers(1, 2 ** 53).map(str) | st.integers(2 ** 53 + 1).map(str)
             | st.sampled_from(["²", "١", "*", 'W/"1"', '"1", "2"', "", " "]))


@SETTINGS
@given(REVISIONS, st.sampled_from(["header", "body"]))
def test_any_revision_is_a_revision_a_stale_one_or_refused_naming_it(api, revision, where):
    game = api.post("/api/games", json=PONYTAIL_PAIRS).get_json()
    url = f"/api/games/{game['id']}/end"
    if where == "header":
        revision = " ".join(str(revision).splitlines())  # a header cannot carry a line break at all
        response = api.post(url, headers={"If-Match": revision})
    else:
        response = send_json(api, "POST", url, {"revision": revision})
    refusal_is_clear(response)
    stated = revision.strip() if isinstance(revision, str) else revision
    in_range = (type(stated) is int or (isinstance(stated, str) and stated.isascii() and stated.isdigit())) \
        and 1 <= int(stated) <= 2 ** 53
    if in_range:  # a real revision: this game's (1) or a stale one
        assert response.status_code == (200 if int(stated) == 1 else 409)
    if response.status_code == 422:
        assert response.get_json()["errors"][0]["field"] == ("If-Match" if where == "header" else "revision")
    assert api.get(f"/api/games/{game['id']}").get_json()["finished"] is (response.status_code == 200)
