"""Every refusal names its field and says in words what is wrong (RULES.md §1–§5, through the API):
a new game's names, PIN, starting scores, options and house rules, and a hand's shape and checks.
Nothing refused is stored."""
from __future__ import annotations

import pytest

from tests.helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS

import scoring as _scoring

# every registered variant, as the refusal lists them: "ponytail, pony, … or buraco"
CHOOSE = "Choose a variant: " + ", ".join(list(_scoring.VARIANTS)[:-1]) + " or " + list(_scoring.VARIANTS)[-1]

PAIRS = PONYTAIL_PAIRS["sides"]


def alone(*names):
    return [{"name": n, "players": [n]} for n in names]


def game_refused(client, payload):
    """The (field, message) of every error a new game gets; nothing is stored."""
    r = client.post("/api/games", json=payload)
    assert r.status_code == 422, r.get_json()
    assert client.get("/api/games").get_json() == []
    return [(e["field"], e["message"]) for e in r.get_json()["errors"]]


def game_made(client, payload):
    r = client.post("/api/games", json=payload)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def ponytail_with(side0=None, side1=None, **extra):
    """Two partnerships; side 0 or 1 replaced, anything else added to the payload."""
    sides = [side0 or PAIRS[0], side1 or PAIRS[1]]
    return {"variant": "ponytail", "sides": sides, **extra}


# --------------------------------------------------------------------------- names (§1–§3 sides)

@pytest.mark.parametrize("name, message", [
    ("Ann\x00", "Side 1's name contains control characters."),
    ("An\x07n", "Side 1's name contains control characters."),
    ("Ann\x1b[31m", "Side 1's name contains control characters."),
    ("Ann\x7f", "Side 1's name contains control characters."),
    ("Ann\x80", "Side 1's name contains control characters."),
    ("Ann\x9f", "Side 1's name contains control characters."),
    ("Ann\ud800", "Side 1's name contains characters that are not text."),
    ("Ann\udfff", "Side 1's name contains characters that are not text."),
    ("x" * 41, "Side 1's name is too long (41 characters; at most 40)."),
    ("   ", "Side 1's name is missing; type a name."),
    ("", "Side 1's name is missing; type a name."),
    (7, "Side 1's name is missing; type a name."),
], ids=["§1 NUL", "§1 bell", "§1 escape", "§1 DEL", "§1 C1 0x80", "§1 C1 0x9f", "§1 surrogate D800",
        "§1 surrogate DFFF", "§1 41 characters", "§1 blank", "§1 empty", "§1 a number"])
def test_side_names_refused(client, name, message):
    errors = game_refused(client, ponytail_with({"name": name, "players": ["Ann", "Bob"]}))
    assert errors == [("sides[0].name", message)]


@pytest.mark.parametrize("name, stored", [
    ("x" * 40, "x" * 40),
    ("  Ann   Bob  ", "Ann Bob"),
    ("Ann\tBob\n", "Ann Bob"),
    ("Ann\xa0Bob", "Ann Bob"),
    ("Ann\x1fBob", "Ann Bob"),
    ("¡Ann!", "¡Ann!"),
    ("Ann\ud7ff", "Ann\ud7ff"),
    ("Ann\ue000", "Ann\ue000"),
    ("Zoë", "Zoë"),
], ids=["§1 40 characters", "§1 spaces tidied", "§1 tab and newline are spaces", "§1 no-break space",
        "§1 unit separator is a space", "§1 inverted exclamation", "§1 last before surrogates",
        "§1 first after surrogates", "§1 accents"])
def test_side_names_allowed(client, name, stored):
    game = game_made(client, ponytail_with({"name": name, "players": ["Ann", "Bob"]}))
    assert game["sides"][0]["name"] == stored


@pytest.mark.parametrize("players, field, message", [
    (["Ann", "Bo\x00b"], "sides[0].players[1]", "Player 2 of side 1 contains control characters."),
    (["An\x7fn", "Bob"], "sides[0].players[0]", "Player 1 of side 1 contains control characters."),
    (["Ann", "y" * 41], "sides[0].players[1]", "Player 2 of side 1 is too long (41 characters; at most 40)."),
    (["Ann", " "], "sides[0].players[1]", "Player 2 of side 1 is missing; type a name."),
    ([], "sides[0].players", "Side 1's players must be a list of one or two names."),
    (["Ann", "Bob", "Cy"], "sides[0].players", "Side 1's players must be a list of one or two names."),
    ("Ann", "sides[0].players", "Side 1's players must be a list of one or two names."),
], ids=["§1 player NUL", "§1 player DEL", "§1 player 41 characters", "§1 player blank", "§1 no players",
        "§1 three players", "§1 players as text"])
def test_player_names_refused(client, players, field, message):
    errors = game_refused(client, ponytail_with({"name": "Us", "players": players}))
    assert (field, message) in errors
    assert {f for f, _ in errors} <= {field, "sides"}  # a side short of players also breaks the seating


def test_two_sides_with_one_name_are_refused(client):
    errors = game_refused(client, ponytail_with(side1={"name": " us ", "players": ["Cy", "Di"]}))
    assert errors == [("sides[1].name", "Two sides are called “us”; give each side its own name.")]


def test_a_side_must_be_an_object_of_known_keys(client):
    errors = game_refused(client, {"variant": "ponytail", "sides": [PAIRS[0], "Them"]})
    assert ("sides[1]", "Side 2 must be an object with a name and players.") in errors
    errors = game_refused(client, ponytail_with({**PAIRS[0], "colour": "red"}))
    assert errors == [("sides[0].colour", "'colour' is not part of a side; give name, players and "
                                          "(for a game begun on paper) start_score.")]


def test_a_side_left_without_players_is_its_own_player(client):
    # five-person seats one player per side; players may be left out and the name is the player
    game = game_made(client, {"variant": "five-person", "sides": [{"name": n} for n in "ABCDE"]})
    assert [s["players"] for s in game["sides"]] == [[n] for n in "ABCDE"]


# --------------------------------------------------------------------------- PIN

@pytest.mark.parametrize("pin, ok", [
    ("1234", True), ("12345678", True), ("0007", True), ("", True), (None, True),
    ("123", False), ("123456789", False), ("12a4", False), (1234, False), ("١٢٣٤", False), (" 1234", False),
], ids=["4 digits", "8 digits", "leading zeros", "empty is none", "null is none", "3 digits", "9 digits",
        "a letter", "a number", "Arabic-Indic digits", "a space"])
def test_table_pin_edges(client, pin, ok):
    payload = ponytail_with(pin=pin)
    if ok:
        game_made(client, payload)
    else:
        assert game_refused(client, payload) == [
            ("pin", "The table PIN must be 4 to 8 digits (as text, e.g. \"0427\"), or left out for no PIN.")]


# --------------------------------------------------------------------------- §5 starting scores

@pytest.mark.parametrize("start, message", [
    (-1_000_001, "Side 1's starting score must be from -1,000,000 to 1,000,000 (got -1,000,001)."),
    (1_000_001, "Side 1's starting score must be from -1,000,000 to 1,000,000 (got 1,000,001)."),
    (50_000, "Side 1's starting score 50,000 already reaches the target (50,000); that game is over. "
             "Give a lower score or a higher target."),
    (120.5, "Side 1's starting score must be a whole number (no fractions): 120.5 is not."),
    (float("inf"), "Side 1's starting score must be a whole number (no fractions): inf is not."),
    (True, "Side 1's starting score must be a whole number, not true/false."),
    ("1200", "Side 1's starting score must be a whole number, not text."),
    ([1200], "Side 1's starting score must be a whole number, not a list."),
    ({"a": 1}, "Side 1's starting score must be a whole number, not an object."),
], ids=["§5 below -1,000,000", "§5 above 1,000,000", "§5 reaches the target", "§5 a fraction", "§5 infinite",
        "§5 true", "§5 text", "§5 a list", "§5 an object"])
def test_starting_scores_refused(client, start, message):
    payload = ponytail_with({**PAIRS[0], "start_score": start})
    if start == float("inf"):  # JSON has no infinity: the engine sees what a client could never send
        from scoring import Refused, get_variant, new_game
        with pytest.raises(Refused) as caught:
            new_game(get_variant("ponytail"), payload)
        assert [(e.field, e.message) for e in caught.value.errors] == [("sides[0].start_score", message)]
        return
    assert game_refused(client, payload) == [("sides[0].start_score", message)]


@pytest.mark.parametrize("start, kept", [
    (-1_000_000, -1_000_000), (49_995, 49_995), (1200.0, 1200), (0, None), (None, None),
], ids=["§5 -1,000,000", "§5 just below the target", "§5 1200.0", "§5 zero", "§5 null"])
def test_starting_scores_allowed(client, start, kept):
    game = game_made(client, ponytail_with({**PAIRS[0], "start_score": start}))
    assert game["sides"][0]["start_score"] == (kept or 0)
    assert game["sides"][0]["score"] == (kept or 0)


def test_a_higher_target_lets_a_high_start_go_on(client):
    game = game_made(client, ponytail_with({**PAIRS[0], "start_score": 60_000}, options={"target": 60_001}))
    assert game["finished"] is False and game["sides"][0]["score"] == 60_000


# --------------------------------------------------------------------------- §1/§2 house rules and tiers

TIERS_MESSAGE = ("Meld-minimum tiers must be a list of [score reached, minimum] pairs, "
                 "e.g. [[15000, 90], [30000, 120]].")


@pytest.mark.parametrize("tiers, message", [
    ("15000:90", TIERS_MESSAGE),
    ({"15000": 90}, TIERS_MESSAGE),
    ([15000, 90], TIERS_MESSAGE),
    ([[15000]], TIERS_MESSAGE),
    ([[15000, 90, 120]], TIERS_MESSAGE),
    ([[i * 1000, 60 + i] for i in range(11)], TIERS_MESSAGE),
    ([[15000, 90], "30000"], TIERS_MESSAGE),
    ([[-1, 90]], "A tier's score cannot be negative (got -1)."),
    ([[15000, -90]], "A tier's minimum cannot be negative (got -90)."),
    ([[15000.5, 90]], "A tier's score must be a whole number (no fractions): 15000.5 is not."),
    ([[15000, "90"]], "A tier's minimum must be a whole number, not text."),
    ([[15000, None]], "A tier's minimum must be a whole number, not empty."),
], ids=["§1 text", "§1 an object", "§1 a flat pair", "§1 a pair of one", "§1 a pair of three", "§1 eleven tiers",
        "§1 a tier as text", "§1 negative score", "§1 negative minimum", "§1 fractional score", "§1 minimum as text",
        "§1 minimum empty"])
def test_malformed_meld_minimum_tiers_are_refused(client, tiers, message):
    errors = game_refused(client, ponytail_with(options={"house_rules": {"min_meld_tiers": tiers}}))
    assert errors == [("options.house_rules.min_meld_tiers", message)]


def test_pony_tiers_are_checked_the_same_way(client):
    errors = game_refused(client, PONY_THREE | {"options": {"house_rules": {"min_meld_tiers": [[1, 2, 3]]}}})
    assert errors == [("options.house_rules.min_meld_tiers", TIERS_MESSAGE)]


@pytest.mark.parametrize("tiers, stored", [
    ([], []),
    ([[30000, 120], [15000, 90]], [[15000, 90], [30000, 120]]),
    ([[i * 1000, 60 + i] for i in range(10)], [[i * 1000, 60 + i] for i in range(10)]),
    ([[15000.0, 90.0]], [[15000, 90]]),
], ids=["§1 no tiers", "§1 tiers sorted", "§1 ten tiers", "§1 tiers as 15000.0"])
def test_meld_minimum_tiers_allowed(client, tiers, stored):
    """The older min_meld_tiers is still read (RULES.md §14), and answered as meld_minimums_by_score."""
    game = game_made(client, ponytail_with(options={"house_rules": {"min_meld_tiers": tiers}}))
    assert game["options"]["house_rules"]["meld_minimums_by_score"] == [[None, 50]] + stored
    assert "min_meld_tiers" not in game["options"]["house_rules"]


@pytest.mark.parametrize("rules, field, message", [
    ({"unpicked_pony_counts": 1}, "options.house_rules.unpicked_pony_counts",
     "House rule 'unpicked_pony_counts' must be true or false."),
    ({"natural_canasta": True}, "options.house_rules.natural_canasta",
     "House rule 'natural_canasta' must be a whole number, not true/false."),
    ({"natural_canasta": 499.5}, "options.house_rules.natural_canasta",
     "House rule 'natural_canasta' must be a whole number (no fractions): 499.5 is not."),
    ({"red_trey": 100}, "options.house_rules.red_trey",
     "'red_trey' is not a house rule of Ponytail Canasta. House rules are: natural_canasta_bonus, "
     "dirty_canasta_bonus, sevens_canasta_bonus, wild_canasta_bonus, red_three_bonus, black_three_penalty, "
     "going_out_bonus, cut_bonus, unpicked_pony_counts, meld_minimums_by_score, tie_goes_to_going_out, "
     "tie_plays_another_hand."),
], ids=["§1 flag as 1", "§1 bonus as true", "§1 bonus fraction", "§1 a Pony rule"])
def test_house_rules_refused(client, rules, field, message):
    assert game_refused(client, ponytail_with(options={"house_rules": rules})) == [(field, message)]


@pytest.mark.parametrize("options, field, message", [
    ([], "options", "options must be an object."),
    ({"house_rules": [1]}, "options.house_rules", "house_rules must be an object."),
    ({"speed": 3}, "options.speed", "'speed' is not an option. Options are: target, max_hands, decks, finish_at, "
                                    "house_rules."),
], ids=["§5 options a list", "§5 house rules a list", "§5 unknown option"])
def test_options_shape_refused(client, options, field, message):
    assert game_refused(client, ponytail_with(options=options)) == [(field, message)]


@pytest.mark.parametrize("payload, expected", [
    ([], [(None, "A new game must be a JSON object with variant, sides and options.")]),
    ({"variant": "bridge", "sides": PAIRS}, [("variant", CHOOSE + ".")]),
    ({"variant": "ponytail", "sides": PAIRS, "colour": "red"},
     [("colour", "'colour' is not part of a new game; send variant, sides and options.")]),
    ({"variant": "ponytail", "sides": {}}, [("sides", "sides must be a list of sides, each with a name and its players.")]),
    ({"variant": "ponytail", "sides": []}, [("sides", "sides must be a list of sides, each with a name and its players.")]),
], ids=["§5 not an object", "§5 unknown variant", "§5 unknown key", "§5 sides an object", "§5 no sides"])
def test_new_game_shape_refused(client, payload, expected):
    assert game_refused(client, payload) == expected


# --------------------------------------------------------------------------- hands (§4)

def hand_refused(client, gid, body):
    before = client.get(f"/api/games/{gid}").get_json()
    r = client.post(f"/api/games/{gid}/hands", json=body)
    assert r.status_code == 422, r.get_json()
    assert client.get(f"/api/games/{gid}").get_json() == before
    return [(e["field"], e["message"]) for e in r.get_json()["errors"]]


@pytest.mark.parametrize("body, expected", [
    ({"entries": [{}]}, [("entries", "This game has 2 sides, so a hand needs 2 entries (got 1).")]),
    ({"entries": [{}, {}, {}]}, [("entries", "This game has 2 sides, so a hand needs 2 entries (got 3).")]),
    ({"entries": {}}, [("entries", "entries must be a list with one entry per side.")]),
    ({}, [("entries", "entries must be a list with one entry per side.")]),
    ({"entries": [{}, {}], "scores": [1, 2]}, [("scores", "'scores' is not part of a hand; send only 'entries'.")]),
    ({"entries": [{}, []]}, [("entries[1]", "Entry 2 must be an object of field values.")]),
    ({"entries": [{"red_trey": 1}, {}]},
     [("entries[0].red_trey", "'red_trey' is not a field of a Ponytail Canasta hand. Fields are: natural_canastas, "
                              "dirty_canastas, sevens_canastas, wild_canastas, red_threes, black_threes, melded, "
                              "in_hand, unpicked_pony, went_out, cut_bonus.")]),
    ({"entries": [{"melded": 31}, {}]},
     [("entries[0].melded", "Melded points must be a multiple of 5 (every card counts 5, 10, 15, 20 or 50): 31 is not.")]),
    ({"entries": [{"cut_bonus": True}, {"cut_bonus": True}]},
     [("entries[1].cut_bonus", "Only one side can earn the cut bonus in a hand, but 2 sides are marked.")]),
    ({"entries": [{"natural_canastas": 1, "dirty_canastas": 1, "melded": 80}, {}]},
     [("entries[0].melded", "Melded points are 80, but 1 natural canasta, 1 dirty canasta alone hold at least "
                            "85 points of cards.")]),
    ({"entries": [{"went_out": True, "natural_canastas": 1, "melded": 35}, {}]},
     [("entries[0].went_out", "Us cannot go out: going out needs a natural, dirty, natural sevens and wild-card "
                              "canasta, and Us has no dirty, natural sevens or wild-card canasta.")]),
], ids=["§4 one entry for two", "§4 three entries for two", "§4 entries an object", "§4 no entries",
        "§4 unknown key", "§4 entry a list", "§4 unknown field", "§4 points 31", "§1 two cut bonuses",
        "§4 melded short of the canastas", "§1 going out short of kinds"])
def test_ponytail_hand_refusals_name_the_field(client, make_game, body, expected):
    assert hand_refused(client, make_game()["id"], body) == expected


ALL_FOUR = {"natural_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1, "melded": 260}
PONY_FOUR = {"wild_canastas": 1, "sevens_canastas": 1, "natural_canastas": 1, "black_canastas": 1, "melded": 260}


def test_ponytail_two_sides_going_out(client, make_game):
    gid = make_game()["id"]
    assert hand_refused(client, gid, {"entries": [ALL_FOUR | {"went_out": True}, ALL_FOUR | {"went_out": True}]}) == [
        ("entries[1].went_out", "Only one side can go out in a hand, but Us and Them are marked.")]


@pytest.mark.parametrize("entries, expected", [
    ([{"surprise_black": 1}, {}, {}],
     [("entries[0].surprise_black", "1 surprise black canasta recorded, but P1 has only 0 black canastas.")]),
    ([{}, {"sevens_canastas": 1, "surprise_sevens": 2, "melded": 35}, {}],
     [("entries[1].surprise_sevens", "2 surprise sevens canastas recorded, but P2 has only 1 sevens canasta.")]),
    ([{}, {}, {"failed_going_out": True}],
     [("entries[2].failed_going_out", "P3 plays alone and asks nobody's permission to go out, so there is no "
                                      "penalty for failing to go out.")]),
    ([PONY_FOUR | {"wild_canastas": 0, "went_out": True}, {}, {}],
     [("entries[0].went_out", "P1 cannot go out: going out needs a wild, sevens, natural and black canasta, "
                              "and P1 has no wild canasta.")]),
    ([{}, PONY_FOUR | {"went_out": True}, PONY_FOUR | {"went_out": True}],
     [("entries[2].went_out", "Only one side can go out in a hand, but P2 and P3 are marked.")]),
], ids=["§2 surprise without canasta", "§2 more surprise than canastas", "§2 permission alone",
        "§2 going out without wild", "§2 two going out"])
def test_pony_hand_refusals_name_the_field(client, make_game, entries, expected):
    assert hand_refused(client, make_game(PONY_THREE)["id"], {"entries": entries}) == expected


def test_pony_surprise_may_equal_its_canastas(client, make_game):
    gid = make_game(PONY_THREE)["id"]
    r = client.post(f"/api/games/{gid}/hands", json={"entries": [
        {"black_canastas": 2, "surprise_black": 2, "melded": 100}, {}, {}]})
    assert r.status_code == 201, r.get_json()
    # §2: 2 × 300 + 2 × 100 + 100 melded
    assert r.get_json()["game"]["sides"][0]["score"] == 900


@pytest.mark.parametrize("entries, expected", [
    ([{"finished": True, "melded": 40}, {}, {}, {}, {}],
     [("entries[0].finished", "Asha cannot finish: finishing needs a canasta, and neither Asha nor their partner "
                              "Cleo has one.")]),
    ([{}, {}, {}, {"finished": True, "melded": 40}, {}],
     [("entries[3].finished", "Dev cannot finish: finishing needs a canasta, and neither Dev nor their partner "
                              "Asha has one.")]),
    ([{"pure_canastas": 1, "melded": 35, "finished": True}, {}, {"finished": True, "pure_canastas": 1, "melded": 35},
      {}, {}],
     [("entries[2].finished", "Only one player can finish a deal, but Asha and Cleo are marked.")]),
    ([{"impure_canastas": 2, "melded": 65}, {}, {}, {}, {}],
     [("entries[0].melded", "Melded points are 65, but 2 impure canastas alone hold at least 70 points of cards.")]),
], ids=["§3 finishing without canasta", "§3 partner round the table", "§3 two finishers", "§4 melded short"])
def test_five_person_hand_refusals_name_the_field(client, make_game, entries, expected):
    assert hand_refused(client, make_game(FIVE)["id"], {"entries": entries}) == expected
