"""The JSON API of API.md through Flask's test client: games, variants and errors."""
import pytest

from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS


def test_variants_describe_fields_with_kinds_and_bounds(client):
    variants = client.get("/api/variants").get_json()
    assert [v["id"] for v in variants] == ["ponytail", "pony", "five-person", "classic", "hand-and-foot", "american",
                                           "samba", "bolivia", "burraco", "buraco"]
    ponytail = variants[0]
    assert ponytail["options"]["target"] == 50000
    assert ponytail["options"]["house_rules"]["unpicked_pony_counts"] is True
    fields = {f["name"]: f for f in ponytail["fields"]}
    assert list(fields) == ["natural_canastas", "dirty_canastas", "sevens_canastas", "wild_canastas", "red_threes",
                            "black_threes", "melded", "in_hand", "unpicked_pony", "went_out", "cut_bonus",
                            "adjustment", "adjustment_reason"]  # RULES.md §14: every variant's
    assert fields["red_threes"] | {} == fields["red_threes"] and fields["red_threes"]["kind"] == "count"
    assert (fields["red_threes"]["min"], fields["red_threes"]["max"]) == (0, 12)  # six decks by default
    assert fields["melded"]["kind"] == "points" and fields["melded"]["multiple_of"] == 5
    assert fields["went_out"]["kind"] == "flag"
    assert [f["name"] for f in variants[2]["fields"]] == [
        "pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas", "kitties", "finished",
        "melded", "in_hand", "adjustment", "adjustment_reason"]
    assert variants[2]["options"]["target"] == 4000


@pytest.mark.parametrize("variant, house_rule, value", [
    ("pony", "failed_going_out_penalty", 100),   # RULES.md §2, named as §14 names a penalty
    ("five-person", "finish_needs_canasta", True),  # RULES.md §3: finishing needs a canasta, default ON
])
def test_variants_show_the_default_house_rules(client, variant, house_rule, value):
    variants = {v["id"]: v for v in client.get("/api/variants").get_json()}
    assert variants[variant]["options"]["house_rules"][house_rule] == value


def test_variants_show_the_hand_limit_of_each_seating(client):
    # RULES.md §1: Ponytail players alone stop after 4 hands by default, partnerships play on
    variants = {v["id"]: v for v in client.get("/api/variants").get_json()}
    limits = {v: {kind: shape["max_hands"] for kind, shape in variants[v]["sides"].items()} for v in variants}
    assert limits == {"ponytail": {"partnerships": None, "individuals": 4},
                      "pony": {"individuals": None, "partnerships": None}, "five-person": {"individuals": None},
                      "classic": {"partnerships": None, "individuals": None},
                      "hand-and-foot": {"partnerships": 4, "teams_of_three": 4, "individuals": 4},  # RULES.md §8: 4 rounds
                      # RULES.md §11-§13: played to a target, no hand limit
                      "american": {"partnerships": None, "individuals": None},
                      "samba": {"partnerships": None, "individuals": None},
                      "bolivia": {"partnerships": None, "individuals": None},
                      # RULES.md §9-§10: played to a target by default (a tournament turn sets its deals)
                      "burraco": {"partnerships": None, "individuals": None},
                      "buraco": {"partnerships": None, "individuals": None}}
    assert variants["ponytail"]["options"]["max_hands"] is None  # the options of the usual seating: partnerships


def test_create_game_returns_the_game_object(client):
    response = client.post("/api/games", json=PONYTAIL_PAIRS | {"options": {"max_hands": 4}})
    assert response.status_code == 201
    game = response.get_json()
    assert game["variant"] == "ponytail"
    assert game["sides"] == [
        {"index": 0, "name": "Us", "players": ["Ann", "Bob"], "start_score": 0, "score": 0, "next_min_meld": 50},
        {"index": 1, "name": "Them", "players": ["Cy", "Di"], "start_score": 0, "score": 0, "next_min_meld": 50}]
    assert game["options"]["max_hands"] == 4 and game["options"]["decks"] == 6
    assert (game["hands"], game["finished"], game["winner"], game["margin"]) == ([], False, None, None)
    assert client.get(f"/api/games/{game['id']}").get_json() == game


def test_list_games(client, make_game):
    first = make_game()
    second = make_game(FIVE)
    games = client.get("/api/games").get_json()
    assert {g["id"] for g in games} == {first["id"], second["id"]}
    five = next(g for g in games if g["id"] == second["id"])
    assert five["variant"] == "five-person"
    assert five["names"] == ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    assert five["finished"] is False and five["updated"]


@pytest.mark.parametrize("payload, field", [
    ({"variant": "bridge", "sides": PONYTAIL_PAIRS["sides"]}, "variant"),
    ({"sides": PONYTAIL_PAIRS["sides"]}, "variant"),
    ({"variant": "ponytail", "sides": []}, "sides"),
    ({"variant": "ponytail", "sides": [{"name": "Us", "players": ["A", "B"]}, {"name": "us", "players": ["C", "D"]}]},
     "sides[1].name"),
    ({"variant": "ponytail", "sides": [{"name": " ", "players": ["A", "B"]}, {"name": "B", "players": ["C", "D"]}]},
     "sides[0].name"),
    ({"variant": "ponytail", "sides": [{"name": "x" * 10000, "players": ["A"]}, {"name": "B", "players": ["C"]}]},
     "sides[0].name"),
    ({"variant": "ponytail", "sides": [{"name": "A", "players": ["A", ""]}, {"name": "B", "players": ["C", "D"]}]},
     "sides[0].players[1]"),
    ({"variant": "five-person", "sides": PONYTAIL_PAIRS["sides"]}, "sides"),
    (PONYTAIL_PAIRS | {"options": {"target": 0}}, "options.target"),
    (PONYTAIL_PAIRS | {"options": {"decks": "six"}}, "options.decks"),
    (PONYTAIL_PAIRS | {"options": {"finish_at": "tonight"}}, "options.finish_at"),
    (PONYTAIL_PAIRS | {"options": {"house_rules": {"natural_canasta": -5}}}, "options.house_rules.natural_canasta"),
    (PONYTAIL_PAIRS | {"options": {"house_rules": {"surprise_wild": 500}}}, "options.house_rules.surprise_wild"),
    (PONYTAIL_PAIRS | {"options": {"speed": 3}}, "options.speed"),
    (FIVE | {"options": {"decks": 2}}, "options.decks"),
    (PONYTAIL_PAIRS | {"colour": "red"}, "colour"),
])
def test_create_game_refusals(client, payload, field):
    response = client.post("/api/games", json=payload)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert field in [e["field"] for e in errors]
    assert all(e["message"] for e in errors)
    assert client.get("/api/games").get_json() == []


def test_unknown_game_is_404(client):
    response = client.get("/api/games/nosuchgame")
    assert response.status_code == 404
    assert response.get_json() == {"errors": [{"field": None, "message": "There is no game with id “nosuchgame”."}]}


@pytest.mark.parametrize("data, content_type, status", [
    ("{not json", "application/json", 400),
    ("", "application/json", 400),
    ('{"variant": "ponytail"}', "text/plain", 415),
    ("variant=ponytail", "application/x-www-form-urlencoded", 415),
])
def test_malformed_bodies(client, data, content_type, status):
    response = client.post("/api/games", data=data, content_type=content_type)
    assert response.status_code == status
    assert response.get_json()["errors"][0]["field"] is None


def test_oversized_body_is_refused(client):
    response = client.post("/api/games", data="[" + "1," * 40000 + "1]", content_type="application/json")
    assert response.status_code == 413
    assert "too large" in response.get_json()["errors"][0]["message"]


def test_wrong_method_answers_json(client):
    response = client.delete("/api/variants")
    assert response.status_code == 405
    assert response.get_json()["errors"]


def test_game_options_snapshot_survives_in_the_game(client, make_game):
    game = make_game(PONY_THREE, target=20000, house_rules={"red_trey_set": 1200})  # an older key, still read
    again = client.get(f"/api/games/{game['id']}").get_json()
    assert again["options"]["target"] == 20000
    assert again["options"]["house_rules"]["four_red_threes_bonus"] == 1200
    assert again["options"]["house_rules"]["red_three_bonus"] == 100
    assert "red_trey_set" not in again["options"]["house_rules"]
    assert again["options"]["decks"] == 6
