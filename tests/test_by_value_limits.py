"""Card points counted by value, every bucket of every variant at what its pack holds and one past (RULES.md §4
settled in turn 5: "card points given as counts by value in one field of one side are refused when one value counts
more cards than the decks in play hold"; §11 settled: "counts by value are checked per field"; §12 line 908 and §13
line 1019: all sides together too, Bolivia's fives less 1 per black three held), through the engine, the API and the
hand form. Each limit is written here from the section that gives the pack, not read from the code."""
from __future__ import annotations

import pytest

import lang
from scoring import VARIANTS, Refused, new_game, prepare_hand

from .pages import post, read

# variant: (options, the cards of each value its pack holds, where RULES.md says so)
PACKS = {
    # §1 line 25: joker 50, A and 2 20, K–8 10, 7–4 5, threes none: a deck holds 2, 8, 24, 16
    "ponytail": ({"decks": 2}, {"jokers": 4, "twenties": 16, "tens": 48, "fives": 32}),
    # §2 line 72: the same values
    "pony": ({"decks": 2}, {"jokers": 4, "twenties": 16, "tens": 48, "fives": 32}),
    # §3 lines 116–119: 110 cards (two 52-card packs + 6 jokers): A 15 (8), K–7, 2s and jokers 10 (56 + 8 + 6),
    # 6–3 5 (32)
    "five-person": ({}, {"fifteens": 8, "tens": 70, "fives": 32}),
    # §7 line 220: black 3s are fives too: 18 a deck
    "classic": ({"decks": 2}, {"jokers": 4, "twenties": 16, "tens": 48, "fives": 36}),
    # §8 line 269: threes have no card value
    "hand-and-foot": ({"decks": 2}, {"jokers": 4, "twenties": 16, "tens": 48, "fives": 32}),
    # §11 line 726: 108 cards, 4 jokers, 8 aces + 8 twos, 48 cards K–8, 32 cards 7–4
    "american": ({}, {"jokers": 4, "twenties": 16, "tens": 48, "fives": 32}),
    # §12 line 908: per deck 2 jokers, 8 twenties, 24 tens, 18 fives (3 decks: 6, 24, 72, 54)
    "samba": ({}, {"jokers": 6, "twenties": 24, "tens": 72, "fives": 54}),
    "bolivia": ({}, {"jokers": 6, "twenties": 24, "tens": 72, "fives": 54}),  # §13 line 1019: as §12
    # §9 line 381: 4 jolly, 8 pinelle, 8 aces, 48 cards K–8, 40 cards 7–3
    "burraco": ({}, {"jokers": 4, "twenties": 8, "fifteens": 8, "tens": 48, "fives": 40}),
    # §10: the same pack, the 2s counted among the tens (48 + 8)
    "buraco": ({}, {"jokers": 4, "fifteens": 8, "tens": 56, "fives": 40}),
}
BUCKETS = [(vid, card, n) for vid, (_, pack) in PACKS.items() for card, n in pack.items()]
IDS = [f"{vid}-{card}-{n}" for vid, card, n in BUCKETS]


def sides_for(variant_id: str) -> list[dict]:
    shapes = VARIANTS[variant_id].describe_sides
    shape = shapes.get("partnerships") or shapes["individuals"]
    return [{"name": f"S{i}", "players": [f"P{i}{j}" for j in range(shape["players_per_side"])]}
            for i in range(shape["sides"][0])]


def game(variant_id: str, **rules):
    options, _ = PACKS[variant_id]
    options = {**options, **({"house_rules": rules} if rules else {})}
    sides, built = new_game(VARIANTS[variant_id], {"variant": variant_id, "sides": sides_for(variant_id),
                                                  "options": options})
    return VARIANTS[variant_id], sides, built


def hand(sides, *entries):
    return {"entries": list(entries) + [{}] * (len(sides) - len(entries))}


def refused(variant_id, payload, **rules):
    variant, sides, options = game(variant_id, **rules)
    try:
        prepare_hand(variant, options, sides, payload)
    except Refused as r:
        return [(e.field, e.message) for e in r.errors]
    return []


def test_every_variant_and_every_card_value_is_in_the_table():
    assert set(PACKS) == set(VARIANTS)
    for vid, (_, pack) in PACKS.items():
        assert set(pack) == set(VARIANTS[vid].card_values), vid


@pytest.mark.parametrize("vid, card, most", BUCKETS, ids=IDS)
def test_each_value_in_one_field_up_to_what_the_pack_holds(vid, card, most):
    variant, sides, options = game(vid)
    for name in ("in_hand", "melded"):
        assert refused(vid, hand(sides, {name: {card: most}})) == [], (name, most)
        errors = refused(vid, hand(sides, {name: {card: most + 1}}))
        label = next(str(f.label) for f in variant.fields if f.name == name)
        assert len(errors) == 1 and errors[0][0] == f"entries[0].{name}.{card}", errors
        assert errors[0][1].startswith(f"{label}: {most + 1} ") and errors[0][1].endswith(f" only {most}."), errors


@pytest.mark.parametrize("vid", list(PACKS))
def test_every_card_points_field_is_checked(vid):
    """Pony's and Ponytail's unpicked pony, Hand and Foot's foot: one field each, the first value one past."""
    variant, sides, _ = game(vid)
    card, most = next(iter(PACKS[vid][1].items()))
    for f in variant.fields:
        if f.kind == "points":
            assert refused(vid, hand(sides, {f.name: {card: most + 1}}))[0][0] == f"entries[0].{f.name}.{card}"


@pytest.mark.parametrize("vid, card, most", BUCKETS, ids=IDS)
def test_all_sides_together_up_to_what_the_pack_holds(vid, card, most):
    _, sides, _ = game(vid)
    half = most // 2
    assert refused(vid, hand(sides, {"melded": {card: half}}, {"in_hand": {card: most - half}})) == []
    errors = refused(vid, hand(sides, {"melded": {card: half}}, {"in_hand": {card: most - half + 1}}))
    assert [e[0] for e in errors] == [f"entries[1].in_hand.{card}"], errors
    assert errors[0][1].startswith(f"All sides together counted {most + 1} ") and \
        errors[0][1].endswith(f" only {most}."), errors


def test_the_issue_s_counts_are_refused_in_american_samba_and_bolivia():
    """Issue 39: 5 jokers of the 108 cards' 4, 17 twenties, 49 tens, 33 fives; 7 jokers or 25 twenties with Samba's
    three decks, 5 jokers with two; 53 fives with 2 black threes held in Bolivia."""
    _, sides, _ = game("american")
    for card, n, most in (("jokers", 5, 4), ("twenties", 17, 16), ("tens", 49, 48), ("fives", 33, 32)):
        assert refused("american", hand(sides, {"in_hand": {card: n}})) == [
            (f"entries[0].in_hand.{card}", f"In-hand points: {n} {card} counted, but 2 decks hold only {most}.")]
    assert refused("samba", hand(sides, {"melded": {"jokers": 7}}))[0][0] == "entries[0].melded.jokers"
    assert refused("samba", hand(sides, {"melded": {"twenties": 25}}))[0][0] == "entries[0].melded.twenties"
    variant, sides2, options = game("samba")
    two = new_game(variant, {"variant": "samba", "sides": sides2, "options": {"decks": 2}})[1]
    with pytest.raises(Refused) as r:
        prepare_hand(variant, two, sides2, hand(sides2, {"in_hand": {"jokers": 5}}))
    assert [(e.field, e.message) for e in r.value.errors] == [
        ("entries[0].in_hand.jokers", "In-hand points: 5 jokers counted, but 2 decks hold only 4.")]
    assert refused("bolivia", hand(sides, {"in_hand": {"fives": 52}, "black_threes": 2})) == []
    assert refused("bolivia", hand(sides, {"in_hand": {"fives": 53}, "black_threes": 2})) == [
        ("entries[0].in_hand.fives", "In-hand points: 53 fives counted, but 3 decks hold only 52 beside 2 black threes "
                                     "held.")]


@pytest.mark.parametrize("vid", ["samba", "bolivia"])
def test_black_threes_held_by_any_side_are_out_of_the_fives_while_they_cost_their_penalty(vid):
    """§13 line 1019, and §12/§13 settled: with the black-three penalty on, held black threes are no card points."""
    _, sides, _ = game(vid)
    rules = {"black_three_penalty": 100}
    assert refused(vid, hand(sides, {"black_threes": 1}, {"melded": {"fives": 53}}), **rules) == []
    errors = refused(vid, hand(sides, {"black_threes": 2}, {"melded": {"fives": 53}}), **rules)
    assert [e[0] for e in errors] == ["entries[1].melded.fives"], errors
    assert refused(vid, hand(sides, {"black_threes": 2}, {"melded": {"fives": 25}, "in_hand": {"fives": 28}}),
                   **rules)[0] == ("entries[1].in_hand.fives", "All sides together counted 53 fives, but 3 decks hold "
                                                                "only 52 beside 2 black threes held.")
    if vid == "samba":  # without the penalty black threes held are in-hand fives: all 54 may be counted
        assert refused(vid, hand(sides, {"in_hand": {"fives": 54}})) == []


IN_LANGUAGES = {  # the American refusal of 5 jokers, and Bolivia's 53 fives beside 2 black threes held
    "es": ("Puntos en la mano: contaste 5 jokers, pero 2 barajas solo tienen 4.",
           "Puntos en la mano: contaste 53 cartas de cinco, pero 3 barajas solo tienen 52 aparte de 2 treses negros en "
           "la mano."),
    "de": ("Punkte auf der Hand: 5 Joker gezählt, aber 2 Kartenspiele haben nur 4.",
           "Punkte auf der Hand: 53 Fünfer gezählt, aber 3 Kartenspiele haben nur 52 (2 schwarze Dreien auf der Hand "
           "nicht mitgezählt)."),
}


@pytest.mark.parametrize("locale", sorted(IN_LANGUAGES))
def test_refused_in_the_request_s_language(locale):
    _, sides, _ = game("american")
    jokers, fives = IN_LANGUAGES[locale]
    with lang.using(locale):
        assert refused("american", hand(sides, {"in_hand": {"jokers": 5}})) == [("entries[0].in_hand.jokers", jokers)]
        assert refused("bolivia", hand(sides, {"in_hand": {"fives": 53}, "black_threes": 2})) == [
            ("entries[0].in_hand.fives", fives)]


# -- through the API and the hand form: 422 naming the field, nothing stored -------------------------------------
API_CASES = [("american", "jokers", 4), ("american", "fives", 32), ("samba", "twenties", 24), ("bolivia", "fives", 54),
             ("classic", "fives", 36), ("burraco", "jokers", 4), ("five-person", "fifteens", 8)]


def api_game(client, vid):
    options, _ = PACKS[vid]
    r = client.post("/api/games", json={"variant": vid, "sides": sides_for(vid), "options": options})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.mark.parametrize("vid, card, most", API_CASES)
def test_the_api_refuses_one_past_and_records_the_limit(client, vid, card, most):
    g = api_game(client, vid)
    sides = g["sides"]
    r = client.post(f"/api/games/{g['id']}/hands", json=hand(sides, {"in_hand": {card: most + 1}}))
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert [e["field"] for e in errors] == [f"entries[0].in_hand.{card}"]
    assert f"only {most}." in errors[0]["message"]
    assert client.get(f"/api/games/{g['id']}").get_json()["hands"] == []  # nothing stored
    r = client.post(f"/api/games/{g['id']}/hands", json=hand(sides, {"in_hand": {card: most}}))
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["hand"]["entries"][0]["in_hand"][card] == most


@pytest.mark.parametrize("vid, card, most", API_CASES)
def test_the_hand_form_s_card_counter_is_refused_at_its_input(client, vid, card, most):
    g = api_game(client, vid)
    page = post(client, f"/games/{g['id']}/hands/new", {
        "number": "1", "entries[0].in_hand:mode": "count", f"entries[0].in_hand.{card}": str(most + 1)})
    assert page.status_code == 422
    entry = read(page).by_id(f"entries-0-in_hand-{card}-entry")  # the card's own stepper is marked, with the words
    assert "invalid" in entry.get("class").split() and "counted, but" in entry.text and f"only {most}." in entry.text
    assert client.get(f"/api/games/{g['id']}").get_json()["hands"] == []
    ok = post(client, f"/games/{g['id']}/hands/new", {
        "number": "1", "entries[0].in_hand:mode": "count", f"entries[0].in_hand.{card}": str(most)})
    assert ok.status_code == 303, ok.get_data(as_text=True)[:2000]
    assert client.get(f"/api/games/{g['id']}").get_json()["hands"][0]["entries"][0]["in_hand"][card] == most
