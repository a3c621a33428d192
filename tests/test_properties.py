"""Property tests: whatever is sent, the validators answer with field errors and the API with a clear 4xx
(JSON {"errors": [{field, message}]}), the forms with a page, nothing refused is stored, and never a 5xx."""
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import create_app
from scoring import VARIANTS, FieldError, Refused, new_game

from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS
from .property_helpers import SETTINGS, refusal_is_clear, send_json

FORM_SETTINGS = settings(SETTINGS, max_examples=60)  # each example renders a whole page

NASTY_NUMBERS = st.sampled_from([0, 5, 35, 50, -1, -5, 3, 2.5, 5.0, 1e308, -1e308, 10 ** 30, -(10 ** 30), 2 ** 63,
                                 float("nan"), float("inf"), True, False, "5", "", None, [], {}, [5], {"x": 1}])
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=30) | NASTY_NUMBERS)
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=15)
NAMES = st.one_of(st.text(max_size=50), st.just("x" * 10_000), st.just(""), st.just("  "), st.just("\ud800"),
                  st.just("<script>alert(1)</script>"), st.just("A\x00B"), SCALARS)


def entry_for(variant):
    keys = [f.name for f in variant.fields] + ["bogus", "revision", "went_out"]
    counts = st.dictionaries(st.sampled_from([*variant.card_values, "aces", ""]), SCALARS | st.integers(0, 60),
                             max_size=4)
    values = st.integers(0, 4) | st.integers(0, 200).map(lambda n: 5 * n) | st.booleans() | SCALARS | counts
    return st.dictionaries(st.sampled_from(keys), values, max_size=6)


def plausible_entry(variant):
    """Values a table might really enter, so that many generated hands are accepted."""
    kinds = {"count": st.integers(0, 1), "points": st.integers(0, 30).map(lambda n: 5 * n), "flag": st.just(False)}

    def kind(f):  # a choice (American's special hand): mostly none, sometimes one of its ids
        return st.none() | st.sampled_from([c for c, _ in f.choices]) if f.kind == "choice" else kinds[f.kind]
    return st.fixed_dictionaries({}, optional={f.name: kind(f) for f in variant.fields})


def hands_for(variant, sides):
    entries = st.lists(entry_for(variant) | JSON_VALUES, min_size=0, max_size=sides + 2)
    near = st.fixed_dictionaries({"entries": entries}, optional={"revision": SCALARS, "extra": SCALARS})
    exact = st.lists(entry_for(variant), min_size=sides, max_size=sides).map(lambda e: {"entries": e})
    plausible = st.lists(plausible_entry(variant), min_size=sides, max_size=sides).map(lambda e: {"entries": e})
    return plausible | exact | near | JSON_VALUES


GAME_SHAPES = {"ponytail": (PONYTAIL_PAIRS, 2), "pony": (PONY_THREE, 3), "five-person": (FIVE, 5),
               "classic": ({**PONYTAIL_PAIRS, "variant": "classic"}, 2),
               "hand-and-foot": ({**PONYTAIL_PAIRS, "variant": "hand-and-foot"}, 2),
               "american": ({**PONYTAIL_PAIRS, "variant": "american"}, 2),
               "samba": ({**PONYTAIL_PAIRS, "variant": "samba"}, 2),
               "bolivia": ({**PONYTAIL_PAIRS, "variant": "bolivia"}, 2),
               "burraco": ({**PONYTAIL_PAIRS, "variant": "burraco"}, 2), "buraco": ({**PONYTAIL_PAIRS, "variant": "buraco"}, 2)}


def are_field_errors(errors):
    return all(isinstance(e, FieldError) and isinstance(e.message, str) and e.message.strip()
               and (e.field is None or isinstance(e.field, str)) for e in errors)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_hand_validators_never_raise(variant_id):
    variant = VARIANTS[variant_id]
    payload, sides_count = GAME_SHAPES[variant_id]
    sides, options = new_game(variant, payload)

    @SETTINGS
    @given(hands_for(variant, sides_count))
    def check(hand):
        entries, errors = variant.parse_hand(hand, sides_count)
        assert are_field_errors(errors)
        if errors:
            return
        assert len(entries) == sides_count
        for entry in entries:
            assert set(entry) == {f.name for f in variant.fields}
            assert all(isinstance(v, bool) if f.kind == "flag" else (v is None or v in dict(f.choices))
                       if f.kind == "choice" else (type(v) is int and v >= 0)
                       for f in variant.fields for v in [entry[f.name]])
        errors = variant.check_hand(entries, options, sides)
        assert are_field_errors(errors)
        if not errors:
            for score in variant.score_hand(entries, options):
                assert score.total == sum(score.breakdown.values()) and type(score.total) is int

    check()


def plausible_games():
    """New games a table might really start, with options anywhere in their range."""
    def for_variant(variant_id):
        count = GAME_SHAPES[variant_id][1]
        names = st.lists(st.text("ABCDÉéñ✓ <>&'\"", min_size=1, max_size=12).filter(str.strip),
                         min_size=count, max_size=count, unique_by=lambda n: " ".join(n.split()).casefold())
        options = st.fixed_dictionaries({}, optional={
            "target": st.integers(-5, 10 ** 7), "max_hands": st.none() | st.integers(0, 2000),
            "finish_at": st.datetimes().map(lambda d: d.isoformat())})
        return st.fixed_dictionaries({"variant": st.just(variant_id),
                                      "sides": names.map(lambda ns: [{"name": n} for n in ns])},
                                     optional={"options": options, "pin": st.from_regex(r"\A[0-9]{3,9}\Z")})
    return st.sampled_from(sorted(VARIANTS)).flatmap(for_variant)


def new_game_payloads():
    side = st.fixed_dictionaries({"name": NAMES}, optional={"players": st.lists(NAMES, max_size=3) | SCALARS,
                                                            "extra": SCALARS})
    options = st.fixed_dictionaries({}, optional={
        "target": SCALARS, "max_hands": SCALARS, "decks": SCALARS, "house_rules": JSON_VALUES,
        "finish_at": st.text(max_size=30) | st.datetimes().map(lambda d: d.isoformat()) | SCALARS, "bogus": SCALARS})
    game = st.fixed_dictionaries({"variant": st.sampled_from(sorted(VARIANTS)) | SCALARS,
                                  "sides": st.lists(side | JSON_VALUES, max_size=7) | SCALARS},
                                 optional={"options": options | SCALARS, "pin": NAMES, "extra": SCALARS})
    return plausible_games() | game | JSON_VALUES


@SETTINGS
@given(new_game_payloads())
def test_new_game_validator_never_raises_anything_but_refused(payload):
    variant = VARIANTS.get(payload.get("variant")) if isinstance(payload, dict) and isinstance(payload.get("variant"), str) else None
    try:
        sides, options = new_game(variant, payload)
    except Refused as refused:
        assert refused.errors and are_field_errors(refused.errors) and refused.status == 422
    else:
        assert 1 <= len(sides) <= 16 and all(s["name"] and s["players"] for s in sides)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "DATABASE": str(tmp_path_factory.mktemp("props") / "games.sqlite")})
    return app.test_client()


@SETTINGS
@given(new_game_payloads())
def test_api_new_game_never_fails_and_stores_only_what_it_accepts(api, payload):
    before = len(api.get("/api/games").get_json())
    response = send_json(api, "POST", "/api/games", payload)
    refusal_is_clear(response)
    after = len(api.get("/api/games").get_json())
    assert after == before + (1 if response.status_code == 201 else 0)
    if response.status_code == 201:
        game = response.get_json()
        assert api.get(f"/api/games/{game['id']}").get_json() == game
        # whatever options were accepted, the game can be played (a far-off finish time once broke this)
        empty = {"entries": [{} for _ in game["sides"]]}
        pin = {"X-Table-PIN": payload["pin"]} if game["has_pin"] else {}
        assert api.post(f"/api/games/{game['id']}/hands", json=empty, headers=pin).status_code in (201, 422)


def far_off_game(api, variant_id: str):
    """A new game of the variant whose target is far off (a million), so any hand can be recorded in it: the
    variant, its number of sides, the game and its address."""
    payload, sides_count = GAME_SHAPES[variant_id]
    game = api.post("/api/games", json={**payload, "options": {"target": 1_000_000}}).get_json()
    return VARIANTS[variant_id], sides_count, game, f"/api/games/{game['id']}"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_api_hands_never_fail_and_refusals_change_nothing(api, variant_id):
    variant, sides_count, game, url = far_off_game(api, variant_id)
    assert api.post(url + "/hands", json={"entries": [{}] * sides_count}).status_code == 201

    @SETTINGS
    @given(hands_for(variant, sides_count), st.sampled_from(["POST", "PUT"]))
    def check(hand, method):
        before = api.get(url).get_json()
        target = url + "/hands" if method == "POST" else url + "/hands/1"
        response = send_json(api, method, target, hand)
        refusal_is_clear(response)
        after = api.get(url).get_json()
        if response.status_code >= 400:
            assert after == before
            return
        assert after["revision"] == before["revision"] + 1
        assert len(after["hands"]) == len(before["hands"]) + (method == "POST")
        if method == "POST":  # keep the game open for the next example
            assert api.delete(url + f"/hands/{len(after['hands'])}").status_code == 200

    check()


@SETTINGS
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode),
       st.sampled_from(["application/json", "application/json; charset=latin-1", "text/plain",
                        "application/x-www-form-urlencoded", "multipart/form-data", "", "application/xml"]),
       st.sampled_from(["/api/games", "/hands", "/hands/1", "/end", "/sides/0/failed-meld", "/hands/99999999999999999999"]))
def test_api_raw_bodies_never_fail(api, body, content_type, where):
    game = api.get("/api/games").get_json()
    if where != "/api/games":
        ids = [g["id"] for g in game if not g["finished"]]
        if not ids:
            ids = [api.post("/api/games", json=PONYTAIL_PAIRS).get_json()["id"]]
        where = f"/api/games/{ids[0]}{where}"
    method = "PUT" if where.endswith("/hands/1") else "POST"
    before = api.get("/api/games").get_json()
    response = api.open(where, method=method, data=body, content_type=content_type or None)
    refusal_is_clear(response)
    if response.status_code >= 400:
        assert api.get("/api/games").get_json() == before


@pytest.mark.parametrize("body", [
    "[" * 60_000,                      # nesting deeper than the parser's recursion (once a 500)
    "[" * 30_000 + "]" * 30_000,
    '{"variant": "ponytail", "sides": ' + "[" * 5000 + "]" * 5000 + "}",
    "1" * 5000,                        # an integer with too many digits for Python to read
    '{"variant": NaN}', "Infinity", "null", '""', "[]", "\ufeff{}", '{"a": "\\ud800"}',
    json.dumps({**PONYTAIL_PAIRS, "sides": [{"name": "x" * 10_000}, {"name": "y"}]}),
    json.dumps({**PONYTAIL_PAIRS, "sides": [{"name": "\ud800"}, {"name": "y"}]}),  # once a 500: not storable text
    json.dumps({**PONYTAIL_PAIRS, "options": {"finish_at": "0001-01-01T00:00"}}),  # once stored, then a 500 on play
    json.dumps({**PONYTAIL_PAIRS, "sides": [{"name": "A"}] * 2}),
    json.dumps({**PONYTAIL_PAIRS, "sides": [{"name": str(i)} for i in range(5000)]}),
])
def test_api_nasty_bodies(api, body):
    before = api.get("/api/games").get_json()
    response = api.post("/api/games", data=body, content_type="application/json")
    refusal_is_clear(response)
    assert 400 <= response.status_code < 500
    assert api.get("/api/games").get_json() == before


def test_oversized_body_is_refused_with_413(api):
    response = api.post("/api/games", data=json.dumps({**PONYTAIL_PAIRS, "pad": "x" * 70_000}),
                        content_type="application/json")
    assert response.status_code == 413
    assert "too large" in response.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("value", [1e308, -1, 10 ** 30, 2.5, "5", None, [], {}, True, math.inf])
def test_hand_field_refusals_name_the_field(api, value):
    game = api.post("/api/games", json=PONYTAIL_PAIRS).get_json()
    response = api.post(f"/api/games/{game['id']}/hands", json={"entries": [{"red_threes": value}, {}]},
                        content_type="application/json")
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == "entries[0].red_threes" and "Red threes" in error["message"]


FORM_TEXT = st.text(max_size=12) | st.sampled_from(["", "5", "50", "-5", "2.5", "1e308", "nan", "inf", "1" * 5000,
                                                     "١٢", "5,000", "−5", "0x10", "on", "none", "0", "1"])


def hand_forms(variant, sides):
    names = [f"entries[{i}].{f.name}" for i in range(sides) for f in variant.fields]
    names += [f"entries[{i}].{f.name}:mode" for i in range(sides) for f in variant.fields if f.kind == "points"]
    names += [f"entries[{i}].melded.{card}" for i in range(sides) for card in variant.card_values]
    names += [f.name for f in variant.fields if f.kind == "flag"] + ["revision", "entries[9].melded", "bogus"]
    return st.dictionaries(st.sampled_from(names), FORM_TEXT | st.just("count"), max_size=12)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_hand_form_never_fails_and_refusals_change_nothing(api, variant_id):
    variant, sides_count, game, url = far_off_game(api, variant_id)
    token = api.get("/").get_data(as_text=True).split('<meta name="csrf-token" content="')[1].split('"')[0]

    @FORM_SETTINGS
    @given(hand_forms(variant, sides_count), st.sampled_from(["/hands/new", "/hands/1/edit", "/hands/preview"]))
    def check(form, path):
        api.post(url + "/hands", json={"entries": [{}] * sides_count})
        before = api.get(url).get_json()
        response = api.post(f"/games/{game['id']}{path}", data={**form, "csrf_token": token})
        assert response.status_code < 500, response.get_data(as_text=True)[:500]
        after = api.get(url).get_json()
        if response.status_code != 303 or path == "/hands/preview":
            assert after == before
        if after["hands_played"] > 1:  # keep the game short and open
            api.delete(f"{url}/hands/{after['hands_played']}")

    check()


@FORM_SETTINGS
@given(st.dictionaries(st.sampled_from(["layout", "count", "sides[0].players[0]", "sides[0].players[1]",
                                        "sides[1].players[0]", "sides[1].name", "sides[7].players[0]", "pin",
                                        "options.target", "options.max_hands", "options.decks", "options.finish_at",
                                        "options.house_rules.red_three_bonus", "options.house_rules.meld_minimums_by_score",
                                        "to", "change", "bogus"]),
                       FORM_TEXT | st.sampled_from(["pairs", "individuals", "more", "fewer", "draw", "x" * 10_000]),
                       max_size=10),
       st.sampled_from(sorted(VARIANTS) + ["bridge"]),
       st.sampled_from(["", "/seats", "/layout"]))  # start the game; draw seats; another seating shape
def test_new_game_form_never_fails(api, form, variant_id, job):
    token = api.get("/").get_data(as_text=True).split('<meta name="csrf-token" content="')[1].split('"')[0]
    before = len(api.get("/api/games").get_json())
    response = api.post(f"/games/new/{variant_id}{job}", data={**form, "csrf_token": token})
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    started = response.status_code == 303
    assert not started or (job == "" and "change" not in form)  # only Start the game starts one
    assert len(api.get("/api/games").get_json()) == before + started
