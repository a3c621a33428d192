"""The house rules other score keepers' tables play (issue 45; RULES.md §14 "Added (turn 6)", lines 1116–1128, and its
"Settled (turn 6)" paragraph, line 1130): Modern American's special_hands_add, going_out_concealed_bonus with the flag
field concealed and held_penalties_per_side, Buraco's kitty_taken_bonus and joker_value. Each: its default leaves the
scoring as it was, set it scores as §14 says, its bounds and refusals name the field, and a variant it does not name
refuses it. Through the engine, the API, the hand form and the rules card."""
from __future__ import annotations

import pytest

import lang
from scoring import VARIANTS, Refused, new_game, prepare_hand

from .pages import post, read

PAIRS = [{"name": "A", "players": ["Ann", "Bob"]}, {"name": "B", "players": ["Cy", "Di"]}]
NEW_KEYS = {"special_hands_add": ("american", True), "going_out_concealed_bonus": ("american", 300),
            "held_penalties_per_side": ("american", True), "kitty_taken_bonus": ("buraco", 100),
            "joker_value": ("buraco", 10)}
# the keys other variants already had, with the same meaning (§7 Classic's concealed bonus, §8 Hand and Foot's joker)
ALSO = {"going_out_concealed_bonus": ("classic",), "joker_value": ("hand-and-foot",)}
# RULES.md §11's worked example, hand 1 (American): A 4,245, B −3,315
A1 = {"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1, "red_threes": 2, "black_threes_laid": 1,
      "melded": 480, "in_hand": 35, "went_out": True}
B1 = {"red_threes": 1, "black_threes_laid": 2, "melded": 230, "in_hand": 185, "incomplete_aces": True}


def setup(variant_id, **rules):
    return new_game(VARIANTS[variant_id], {"variant": variant_id, "sides": PAIRS,
                                           "options": {"house_rules": rules} if rules else {}})


def scores(variant_id, entries, **rules):
    sides, options = setup(variant_id, **rules)
    variant = VARIANTS[variant_id]
    return [(s.total, s.breakdown) for s in variant.hand_scores(prepare_hand(variant, options, sides,
                                                                             {"entries": entries}), options)]


def refused(variant_id, entries, **rules):
    sides, options = setup(variant_id, **rules)
    try:
        prepare_hand(VARIANTS[variant_id], options, sides, {"entries": entries})
    except Refused as r:
        return [(e.field, e.message) for e in r.errors]
    return []


def game_refused(variant_id, rules):
    try:
        setup(variant_id, **rules)
    except Refused as r:
        return [(e.field, e.message) for e in r.errors]
    return []


# -- every key: its default, and refused on every variant it does not name (settled line 1134) -----------------------
@pytest.mark.parametrize("key", sorted(NEW_KEYS))
def test_each_key_s_default_and_where_it_is_refused(key):
    home, value = NEW_KEYS[key]
    defaults = {"special_hands_add": False, "going_out_concealed_bonus": None, "held_penalties_per_side": False,
                "kitty_taken_bonus": None, "joker_value": 20}
    assert VARIANTS[home].house_rules[key] == defaults[key]
    assert game_refused(home, {key: value}) == []
    for vid in VARIANTS:
        if vid not in (home, *ALSO.get(key, ())):
            errors = game_refused(vid, {key: value}) if vid not in ("five-person", "pony") else None
            if errors is None:  # other seatings: checked through build_options alone
                _, errors = VARIANTS[vid].build_options({"house_rules": {key: value}}, [
                    {"name": str(i), "players": [str(i)]} for i in range(5 if vid == "five-person" else 3)])
                errors = [(e.field, e.message) for e in errors]
            assert [f for f, _ in errors] == [f"options.house_rules.{key}"], (vid, errors)
            assert f"'{key}' is not a house rule of" in errors[0][1]


def test_the_defaults_leave_the_worked_example_as_it_was():
    """Line 1063: "each key's default leaves the variant's scoring exactly as its section says"."""
    got = scores("american", [A1, B1])
    assert [t for t, _ in got] == [4245, -3315]
    assert "concealed" not in got[0][1] and "special_hand" not in got[0][1]  # the breakdown as it always was
    assert scores("american", [{"natural_canastas": 1, "red_threes": 1, "melded": 340, "in_hand": 260,
                                "sevens_penalties": 1}, {"special_hand": "garbage"}])[1] == (3000, {"special_hand": 3000})


@pytest.mark.parametrize("key, value", [(k, v) for k in ("special_hands_add", "held_penalties_per_side")
                                        for v in (None, 0, 1, "true")])
def test_flags_take_true_or_false_only(key, value):
    """Settled line 1134: "flags take true or false only (null, 0 or 1 are refused)"."""
    errors = game_refused("american", {key: value})
    assert [f for f, _ in errors] == [f"options.house_rules.{key}"] and "true or false" in errors[0][1]


# -- special_hands_add (line 1116) ---------------------------------------------------------------------------------
def test_special_hands_add_scores_the_special_hand_on_top_of_the_rest():
    """Lines 1116–1119: added to the side's canastas, threes, cards, penalties and going out."""
    entry = {"special_hand": "garbage", "natural_canastas": 1, "red_threes": 1, "melded": 340, "in_hand": 260,
             "sevens_penalties": 1}
    got = scores("american", [entry, {"melded": 100}], special_hands_add=True)
    # 500 + 0 (one canasta: threes count nothing) + 340 − 260 − 1500 + 3000 = 2,080
    assert got[0][0] == 2080 and got[0][1]["special_hand"] == 3000 and got[0][1]["sevens_penalties"] == -1500
    assert got[1][0] == -100
    # a side that laid a special hand may go out too, its going-out needs checked as usual
    out = {"special_hand": "pairs", "natural_canastas": 1, "mixed_canastas": 1, "melded": 85, "went_out": True}
    assert scores("american", [out, {}], special_hands_add=True)[0][0] == 500 + 300 + 100 + 85 + 2500
    assert refused("american", [{**out, "mixed_canastas": 0, "melded": 35}, {}], special_hands_add=True) == [
        ("entries[0].went_out", "A cannot go out: going out needs 2 canastas, and A has 1.")]


def test_without_special_hands_add_the_special_hand_is_still_the_whole_entry():
    errors = refused("american", [{"special_hand": "garbage", "melded": 100}, {}])
    assert [f for f, _ in errors] == ["entries[0].melded"] and "whole score" in errors[0][1]
    assert refused("american", [{"special_hand": "garbage", "melded": 100}, {}], special_hands_add=True) == []


def test_special_hands_add_still_checks_the_rest():
    """"all entered and checked as usual": melded points against canastas, one special hand a hand, a hand not
    played."""
    assert [f for f, _ in refused("american", [{"special_hand": "garbage", "natural_canastas": 1, "melded": 30}, {}],
                                   special_hands_add=True)] == ["entries[0].melded"]
    assert [f for f, _ in refused("american", [{"special_hand": "garbage"}, {"special_hand": "pairs"}],
                                   special_hands_add=True)] == ["entries[1].special_hand"]
    assert [f for f, _ in refused("american", [{"special_hand": "garbage"}, {}], special_hands_add=True,
                                   special_hands={"garbage": None})] == ["entries[0].special_hand"]


# -- going_out_concealed_bonus and the flag concealed (line 1119) ----------------------------------------------------
def test_going_out_concealed_gets_the_bonus_instead_of_going_out():
    got = scores("american", [{**A1, "concealed": True}, B1], going_out_concealed_bonus=300)
    assert got[0][0] == 4245 - 100 + 300 and (got[0][1]["going_out"], got[0][1]["concealed"]) == (0, 300)
    assert scores("american", [A1, B1], going_out_concealed_bonus=300)[0][0] == 4245  # not concealed: 100 as before
    assert scores("american", [{**A1, "concealed": False}, B1])[0][0] == 4245  # false is always accepted


@pytest.mark.parametrize("entries, rules, field, words", [
    ([{**A1, "concealed": True}, B1], {}, "entries[0].concealed", "not played at this table"),  # without its rule
    ([A1, {**B1, "concealed": True}], {"going_out_concealed_bonus": 300}, "entries[1].concealed",
     "going out concealed but not as going out"),  # without went_out
])
def test_concealed_true_is_refused_without_its_rule_or_without_went_out(entries, rules, field, words):
    errors = refused("american", entries, **rules)
    assert [f for f, _ in errors] == [field] and words in errors[0][1], errors


@pytest.mark.parametrize("value, field", [
    (305.5, "options.house_rules.going_out_concealed_bonus"), (-5, "options.house_rules.going_out_concealed_bonus"),
    (303, "options.house_rules.going_out_concealed_bonus"), (True, "options.house_rules.going_out_concealed_bonus"),
    (1_000_005, "options.house_rules.going_out_concealed_bonus")])
def test_the_concealed_bonus_is_bounded_as_section_11_s_bonuses(value, field):
    """Line 1122: "bounds as §11's bonuses" (a whole multiple of 5 ≥ 0); null: not played; 0 accepted."""
    assert [f for f, _ in game_refused("american", {"going_out_concealed_bonus": value})] == [field]
    assert game_refused("american", {"going_out_concealed_bonus": 0}) == []
    assert game_refused("american", {"going_out_concealed_bonus": None}) == []


# -- held_penalties_per_side (line 1123) -----------------------------------------------------------------------------
def test_held_penalties_per_side_pay_once():
    entry = {"natural_canastas": 1, "melded": 35, "aces_penalties": 1, "sevens_penalties": 1}
    assert scores("american", [entry, {}], held_penalties_per_side=True)[0][0] == 500 + 35 - 3000
    for k in ("aces_penalties", "sevens_penalties"):
        errors = refused("american", [{"natural_canastas": 1, "melded": 35, k: 2}, {}], held_penalties_per_side=True)
        assert [f for f, _ in errors] == [f"entries[0].{k}"] and "0 or 1, not 2" in errors[0][1]
        assert refused("american", [{"natural_canastas": 1, "melded": 35, k: 2}, {}]) == []  # the default: 2 players


def test_the_bounds_say_it_to_the_api_and_the_form():
    from scoring.variants.american import VARIANT
    sides, options = setup("american", held_penalties_per_side=True)
    assert VARIANT.field_bounds(options)["aces_penalties"] == 1
    assert VARIANT.field_bounds(setup("american")[1])["concealed"] == 0  # not offered without its rule


# -- Buraco's kitty_taken_bonus and joker_value (line 1125) --------------------------------------------------------
BURACO_A = {"natural_canastas": 2, "dirty_canastas": 1, "melded": 420, "in_hand": 30, "went_out": True}
BURACO_B = {"dirty_canastas": 1, "melded": 180, "in_hand": {"jokers": 1, "fifteens": 1, "tens": 3, "fives": 2},
            "kitty_not_taken": True}


def test_buraco_defaults_score_the_worked_example_as_before():
    got = scores("buraco", [BURACO_A, BURACO_B])
    assert [t for t, _ in got] == [990, 105] and "kitty_taken" not in got[0][1]


def test_kitty_taken_bonus_goes_to_a_side_that_took_its_morto():
    got = scores("buraco", [BURACO_A, BURACO_B], kitty_taken_bonus=100)
    assert [t for t, _ in got] == [1090, 105] and got[0][1]["kitty_taken"] == 100 and got[1][1]["kitty_taken"] == 0
    assert [f for f, _ in game_refused("buraco", {"kitty_taken_bonus": 55.5})] == ["options.house_rules.kitty_taken_bonus"]
    assert [f for f, _ in game_refused("buraco", {"kitty_taken_bonus": 7})] == ["options.house_rules.kitty_taken_bonus"]


def test_joker_value_counts_jokers_at_10_and_lowers_the_pack():
    got = scores("buraco", [BURACO_A, BURACO_B], joker_value=10)
    assert got[1][1]["in_hand"] == -(10 + 15 + 30 + 10)  # 65 instead of 75
    sides, options = setup("buraco", joker_value=10)
    assert VARIANTS["buraco"].field_bounds(options)["melded"] == 920  # 960 − 4 × 10
    errors = refused("buraco", [{"melded": 600}, {"in_hand": 325}], joker_value=10)
    assert [f for f, _ in errors] == ["entries[1].in_hand"] and "920" in errors[0][1]
    assert refused("buraco", [{"melded": 600}, {"in_hand": 320}], joker_value=10) == []
    # a suja's least melded stays 40: a 2 counts 10 either way
    assert refused("buraco", [{"dirty_canastas": 1, "melded": 40}, {}], joker_value=10) == []


@pytest.mark.parametrize("value", [15, 0, 50, 30, None, 10.5, True])
def test_joker_value_takes_20_or_10_only(value):
    errors = game_refused("buraco", {"joker_value": value})
    assert [f for f, _ in errors] == ["options.house_rules.joker_value"], errors


def test_joker_value_refused_in_every_language():
    with lang.using("de"):
        assert game_refused("buraco", {"joker_value": 15}) == [(
            "options.house_rules.joker_value",
            "Die Hausregel 'joker_value' muss 20 oder 10 sein (der Kartenwert eines Jokers), nicht 15.")]


# -- through the API, the hand form and the rules card -----------------------------------------------------------
def api_game(client, variant, **rules):
    r = client.post("/api/games", json={"variant": variant, "sides": PAIRS, "options": {"house_rules": rules}})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_get_api_variants_lists_the_new_keys(client):
    listed = {v["id"]: v for v in client.get("/api/variants").get_json()}
    for key, (home, _) in NEW_KEYS.items():
        assert key in listed[home]["options"]["house_rules"]
        assert all(key not in v["options"]["house_rules"] for vid, v in listed.items()
                   if vid not in (home, *ALSO.get(key, ())))
    assert all("tie_plays_another_hand" in v["options"]["house_rules"] for v in listed.values())
    assert "concealed" in [f["name"] for f in listed["american"]["fields"]]


def test_the_api_scores_and_refuses(client):
    g = api_game(client, "american", going_out_concealed_bonus=300, special_hands_add=True)
    r = client.post(f"/api/games/{g['id']}/hands", json={"entries": [{**A1, "concealed": True}, B1]})
    assert r.status_code == 201 and [s["total"] for s in r.get_json()["hand"]["scores"]] == [4445, -3315]
    r = client.post(f"/api/games/{g['id']}/hands", json={"entries": [{"concealed": True}, {}]})
    assert r.status_code == 422 and [e["field"] for e in r.get_json()["errors"]] == ["entries[0].concealed"]
    assert len(client.get(f"/api/games/{g['id']}").get_json()["hands"]) == 1
    r = client.post("/api/games", json={"variant": "burraco", "sides": PAIRS,
                                        "options": {"house_rules": {"kitty_taken_bonus": 100}}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "options.house_rules.kitty_taken_bonus"


def test_the_hand_form_offers_concealed_only_with_its_rule_and_sends_a_special_hand_beside_the_rest(client):
    plain = api_game(client, "american")
    assert "Went out concealed" not in read(client.get(f"/games/{plain['id']}/hands/new")).text()
    g = api_game(client, "american", going_out_concealed_bonus=300, special_hands_add=True)
    assert "Went out concealed" in read(client.get(f"/games/{g['id']}/hands/new")).text()
    page = post(client, f"/games/{g['id']}/hands/new", {
        "number": "1", "entries[0].special_hand": "garbage", "entries[0].natural_canastas": "1",
        "entries[0].melded": "340", "entries[0].in_hand": "260", "entries[1].melded": "100"})
    assert page.status_code == 303, read(page).text()[:1500]
    hand = client.get(f"/api/games/{g['id']}").get_json()["hands"][0]
    assert [s["total"] for s in hand["scores"]] == [500 + 340 - 260 + 3000, -100]


def test_the_rules_card_says_the_new_rules(client):
    from .sheet_helpers import pdf_pages
    g = api_game(client, "american", going_out_concealed_bonus=300, special_hands_add=True,
                 held_penalties_per_side=True, tie_plays_another_hand=True)
    text = " ".join(" ".join(p["text"] for p in pdf_pages(client.get(f"/games/{g['id']}/card.pdf").data)).split())
    assert "Going out concealed (the whole hand in one turn)" in text and "+300 instead" in text
    assert "Special hands (added to the side's canastas, threes, cards and penalties)" in text
    assert "sevens (a side, once)" in text
    assert "play another hand, and another, until one side is ahead" in text
    b = api_game(client, "buraco", kitty_taken_bonus=100, joker_value=10)
    text = " ".join(" ".join(p["text"] for p in pdf_pages(client.get(f"/games/{b['id']}/card.pdf").data)).split())
    assert "Morto taken" in text and "+100" in text
