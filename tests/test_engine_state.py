"""The engine's answers besides the checks: what each variant tells a client about its fields (the
bounds of RULES.md §1–§4 at the default table), a side's score as a dict, and renaming or merging a
player's names across games (§5 game state follows the names), and the set finish time (API.md)."""
from __future__ import annotations

import pytest

from scoring import Refused, SideScore, derive_game, get_variant, new_game
from scoring.base import MAX_NUMBER, Field
from scoring.game import HandRecord, places
from scoring.renames import check_merge, check_new_name, check_rename, plan

from .helpers import PONYTAIL_PAIRS

# --------------------------------------------------------------------------- what a variant says of its fields


@pytest.mark.parametrize("variant_id, bounds", [
    # §1/§4 six decks: 324 cards → 46 canastas of 7; 36 wild cards (36 dirty, 5 wild-card); 24 sevens (3);
    # 12 threes of each colour; 6 × 580 points
    ("ponytail", {"natural_canastas": 46, "dirty_canastas": 36, "sevens_canastas": 3, "wild_canastas": 5,
                  "red_threes": 12, "black_threes": 12, "melded": 3480, "in_hand": 3480, "unpicked_pony": 3480}),
    # §2/§4 described at four decks (two players): 216 cards, 24 wild cards, 16 sevens, 8 treys each
    ("pony", {"wild_canastas": 3, "sevens_canastas": 2, "natural_canastas": 30, "black_canastas": 24,
              "surprise_wild": 3, "surprise_sevens": 2, "surprise_natural": 30, "surprise_black": 24,
              "red_treys": 8, "black_treys": 8, "melded": 2320, "in_hand": 2320, "unpicked_pony": 2320}),
    # §3 the 110-card pack: 15 canastas of 7, 8 super canastas of 13, two kitties, 980 points
    ("five-person", {"pure_canastas": 15, "impure_canastas": 15, "pure_super_canastas": 8,
                     "impure_super_canastas": 8, "kitties": 2, "melded": 980, "in_hand": 980}),
], ids=["§1 ponytail bounds", "§2 pony bounds", "§3 five-person bounds"])
def test_variants_describe_each_field_with_its_bound(variant_id, bounds):
    variant = get_variant(variant_id)
    fields = variant.describe()["fields"]
    by_name = {f["name"]: f for f in fields}
    assert [f["name"] for f in fields] == [f.name for f in variant.fields] + ["adjustment", "adjustment_reason"]
    for f in variant.fields:
        described = by_name[f.name]
        assert (described["kind"], described["label"], described["help"]) == (f.kind, f.label, f.help)
        if f.kind == "flag":
            assert described == {"name": f.name, "kind": "flag", "label": f.label, "help": f.help, "type": "boolean"}
        else:
            extra = {"multiple_of": 5} if f.kind == "points" else {}
            assert described == {"name": f.name, "kind": f.kind, "label": f.label, "help": f.help,
                                 "type": "integer", "min": 0, "max": bounds[f.name], **extra}


def test_a_field_without_a_bound_goes_up_to_the_largest_number():
    assert Field("n", "count", "N").describe() == {"name": "n", "kind": "count", "label": "N", "help": "",
                                                   "type": "integer", "min": 0, "max": MAX_NUMBER}
    assert Field("p", "points", "P", "h").describe(0)["max"] == 0
    assert Field("p", "points", "P", "h").describe()["multiple_of"] == 5


@pytest.mark.parametrize("variant_id, summary", [
    ("ponytail", {"id": "ponytail", "name": "Ponytail Canasta", "target": 50000, "decks": None,
                  "card_values": {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5},
                  "sides": {"partnerships": {"sides": [2, 3], "players_per_side": 2, "max_hands": None},
                            "individuals": {"sides": [2, 6], "players_per_side": 1, "max_hands": 4}}}),
    ("pony", {"id": "pony", "name": "Pony Canasta", "target": 50000, "decks": None,
              "card_values": {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5},
              "sides": {"individuals": {"sides": [2, 16], "players_per_side": 1, "max_hands": None},
                        "partnerships": {"sides": [2, 8], "players_per_side": 2, "max_hands": None}}}),
    ("five-person", {"id": "five-person", "name": "Five-person Canasta", "target": 4000, "decks": None,
                     "card_values": {"fifteens": 15, "tens": 10, "fives": 5},
                     "sides": {"individuals": {"sides": [5, 5], "players_per_side": 1, "max_hands": None}}}),
], ids=["§1 ponytail", "§2 pony", "§3 five-person"])
def test_variants_describe_their_seatings_values_and_target(variant_id, summary):
    d = get_variant(variant_id).describe()
    assert {"id": d["id"], "name": d["name"], "target": d["options"]["target"], "decks": d["options"]["decks"],
            "card_values": d["card_values"], "sides": d["sides"]} == summary
    assert d["summary"] and d["decks_note"]


def test_a_side_score_as_a_dict_adds_up_its_parts():
    score = SideScore(1, {"melded": 300, "in_hand": -45}, {"partner": 3})
    assert score.as_dict() == {"side": 1, "total": 255, "breakdown": {"melded": 300, "in_hand": -45}, "partner": 3}
    assert SideScore(0, {}).as_dict() == {"side": 0, "total": 0, "breakdown": {}}


# --------------------------------------------------------------------------- renames and merges

def seat(game, side, seat_no, name, side_name, variant="ponytail", created="2026-01-01T10:00:00+00:00"):
    return {"game_id": game, "side_idx": side, "seat": seat_no, "name": name, "side_name": side_name,
            "variant": variant, "created": created}


ROWS = [
    # g1: "Ann & Bob" is named after its players, "Us" is not
    seat("g1", 0, 0, "Ann", "Ann & Bob"), seat("g1", 0, 1, "Bob", "Ann & Bob"),
    seat("g1", 1, 0, "Cy", "Us"), seat("g1", 1, 1, "Di", "Us"),
    # g2: players alone, sides named after them (case and spacing of the name ignored)
    seat("g2", 0, 0, "ann", "ANN", "pony", "2026-02-01T10:00:00+00:00"), seat("g2", 1, 0, "Eve", "Eve", "pony"),
    # g3: Ann is not there
    seat("g3", 0, 0, "Cy", "Cy"), seat("g3", 1, 0, "Di", "Di"),
]


def test_a_rename_plans_seats_and_the_sides_named_after_the_player():
    changes = plan(ROWS, "ann", "Anne")
    assert [(c.game_id, c.variant, c.created) for c in changes] == [
        ("g1", "ponytail", "2026-01-01T10:00:00+00:00"), ("g2", "pony", "2026-02-01T10:00:00+00:00")]
    g1, g2 = changes
    assert g1.seats == [(0, 0, "Ann", "Anne")]
    assert g1.sides == [(0, "Ann & Bob", "Anne & Bob")]
    assert g2.seats == [(0, 0, "ann", "Anne")]
    assert g2.sides == [(0, "ANN", "Anne")]


def test_a_side_with_a_name_of_its_own_keeps_it():
    changes = plan(ROWS, "cy", "Cyril")
    assert [c.game_id for c in changes] == ["g1", "g3"]
    g1, g3 = changes
    assert g1.seats == [(1, 0, "Cy", "Cyril")] and g1.sides == []
    assert g3.seats == [(0, 0, "Cy", "Cyril")] and g3.sides == [(0, "Cy", "Cyril")]


@pytest.mark.parametrize("rows, side", [
    ([seat("g", 0, 0, "Ann", "The Boss"), seat("g", 1, 0, "Bob", "Bob")], (0, 0, "Ann", "Anne")),
    ([seat("g", 0, 0, "Ann", "ann"), seat("g", 0, 1, "Bob", "ann"), seat("g", 1, 0, "Cy", "Cy")], (0, 0, "Ann", "Anne")),
], ids=["§5 a lone player's side of its own name", "§5 a partnership called after one of its players"])
def test_only_a_side_named_after_its_players_follows_them(rows, side):
    [change] = plan(rows, "ann", "Anne")
    assert change.seats == [side] and change.sides == []  # the seat renamed, the side keeps its own name


def test_a_side_is_not_renamed_onto_another_sides_name():
    rows = [seat("g", 0, 0, "Ann", "Ann"), seat("g", 1, 0, "Bob", "Bob")]
    [change] = plan(rows, "ann", "bob")
    assert change.seats == [(0, 0, "Ann", "bob")]
    assert change.sides == []  # "bob" is the other side's name: two sides are never called alike


def test_changing_only_the_spelling_renames_the_seat():
    [change] = plan([seat("g", 0, 0, "ann", "ann"), seat("g", 1, 0, "Bob", "Bob")], "ann", "Ann")
    assert change.seats == [(0, 0, "ann", "Ann")] and change.sides == [(0, "ann", "Ann")]


KNOWN = {"ann": "Ann", "bob": "Bob", "cy": "Cy"}


@pytest.mark.parametrize("new_name, message", [
    ("  bob ", "There is already a player called “Bob”. To make “Ann” and “Bob” one player, merge them instead."),
    ("Ann", "“Ann” is already this player's name; type a different one."),
], ids=["§5 onto another player", "§5 the same name"])
def test_renames_refused(new_name, message):
    with pytest.raises(Refused) as caught:
        check_rename(KNOWN, "ann", " ".join(new_name.split()))
    assert [(e.field, e.message) for e in caught.value.errors] == [("name", message)]


@pytest.mark.parametrize("new_name", ["ANN", "Annie"], ids=["§5 a new spelling", "§5 a new name"])
def test_renames_allowed(new_name):
    assert check_rename(KNOWN, "ann", new_name) is None


@pytest.mark.parametrize("value, expected", [
    ("  Anne  Marie ", "Anne Marie"), ("Zoë", "Zoë"),
], ids=["§5 tidied", "§5 accents"])
def test_a_new_name_is_tidied(value, expected):
    assert check_new_name(value) == expected


@pytest.mark.parametrize("value, message", [
    ("", "The new name is missing; type a name."),
    (None, "The new name is missing; type a name."),
    ("A\x00", "The new name contains control characters."),
    ("z" * 41, "The new name is too long (41 characters; at most 40)."),
], ids=["§5 empty", "§5 none", "§5 control", "§5 too long"])
def test_a_new_name_is_checked_like_a_seat(value, message):
    with pytest.raises(Refused) as caught:
        check_new_name(value, "new_name")
    assert [(e.field, e.message) for e in caught.value.errors] == [("new_name", message)]


MERGE_ROWS = [seat("g1", 0, 0, "Ann", "Ann"), seat("g1", 1, 0, "Bob", "Bob"),
              seat("g2", 0, 0, "Ann", "Ann"), seat("g2", 1, 0, "Cy", "Cy"),
              seat("g3", 0, 0, "Ann", "Ann"), seat("g3", 1, 0, "bob", "bob")]


@pytest.mark.parametrize("into, message", [
    ("", "Choose the player to merge into."),
    ("  ", "Choose the player to merge into."),
    (None, "Choose the player to merge into."),
    (" ANN ", "“Ann” cannot be merged into itself; choose another player."),
    ("Dora  Lee", "There is no player called “Dora Lee” to merge into."),
    ("BOB", "“Ann” and “Bob” played at the same table in 2 games, so they are two people; they were not merged."),
    ("cy", "“Ann” and “Cy” played at the same table in 1 game, so they are two people; they were not merged."),
], ids=["§5 empty", "§5 blank", "§5 none", "§5 itself", "§5 unknown", "§5 sat together twice",
        "§5 sat together once"])
def test_merges_refused(into, message):
    with pytest.raises(Refused) as caught:
        check_merge(KNOWN, MERGE_ROWS, "ann", into)
    assert [(e.field, e.message) for e in caught.value.errors] == [("into", message)]


def test_a_merge_of_names_never_at_one_table():
    rows = [seat("g1", 0, 0, "Ann", "Ann"), seat("g1", 1, 0, "Eve", "Eve"), seat("g2", 0, 0, "Cy", "Cy")]
    assert check_merge(KNOWN, rows, "ann", " CY ") == "cy"


# --------------------------------------------------------------------------- players' summaries and ratings

def a_game(**over):
    hands = [{"number": 1, "recorded_at": "2026-01-01T20:00:00+00:00",
              "scores": [{"side": 0, "total": 500}, {"side": 1, "total": 40}]},
             {"number": 2, "recorded_at": "2026-01-01T20:30:00+00:00",
              "scores": [{"side": 0, "total": 100}, {"side": 1, "total": 60}]}]
    game = {"variant": "ponytail", "hands": hands, "sides": [{"score": 600}, {"score": 100}], "finished": True,
            "finish_reasons": ["ended"], "ended_at": "2026-01-01T21:00:00+00:00", "winner": [0],
            "updated": "2026-01-01T21:00:00+00:00", "created": "2026-01-01T19:00:00+00:00"}
    return game | over


def test_a_games_summary_keeps_each_sides_best_hand_and_when_it_ended():
    from scoring.standings import summarize

    from .helpers import attributes
    summary = summarize(attributes(a_game()))
    assert summary["best_hands"] == [[500, 1], [60, 2]]  # the highest total, not the latest hand
    assert summary["finished_at"] == "2026-01-01T21:00:00+00:00"  # §5 ended by hand after the last hand
    assert summary["last_at"] == "2026-01-01T20:30:00+00:00"
    assert summarize(attributes(a_game(finish_reasons=["target"])))["finished_at"] == "2026-01-01T20:30:00+00:00"


def test_a_rating_is_shown_to_four_decimals():
    from scoring.ratings import describe

    class Rating:
        mu, sigma = 25.123456, 8.333333

        def ordinal(self):
            return 0.1234567

    assert describe(Rating()) == {"mu": 25.1235, "sigma": 8.3333, "ordinal": 0.1235}


def _summary(last_at: str, finished: bool = True, winner=None) -> dict:
    return {"variant": "ponytail", "last_at": last_at, "finished": finished, "finished_at": last_at if finished else None,
            "winner": winner, "totals": [5000, 3000], "best_hands": [[900, 1], [400, 2]]}


def test_tally_shows_the_newest_spelling_of_a_name_whatever_the_game_ids():
    from scoring.standings import tally
    # the older game has the later id: going through the games by id would leave the old spelling
    summaries = {"zzz": _summary("2026-01-01T20:00:00+00:00"), "aaa": _summary("2026-02-01T20:00:00+00:00")}
    players = tally(summaries, {"zzz": [["ann"], ["Bob"]], "aaa": [["ANN"], ["Bob"]]})
    assert players["ann"].name == "ANN" and players["ann"].games == 2
    assert players["ann"].recent == [("2026-02-01T20:00:00+00:00", "aaa"), ("2026-01-01T20:00:00+00:00", "zzz")]


def test_tally_counts_a_win_only_in_a_finished_game_and_skips_a_game_without_seats():
    from scoring.standings import tally
    summaries = {"g1": _summary("2026-01-01T20:00:00+00:00", finished=False, winner=[0]),
                 "g2": _summary("2026-01-02T20:00:00+00:00", finished=True, winner=[0]),
                 "g3": _summary("2026-01-03T20:00:00+00:00")}
    players = tally(summaries, {"g1": [["Ann"], ["Bob"]], "g2": [["Ann"], ["Bob"]]})  # g3: no seats known
    assert (players["ann"].games, players["ann"].wins) == (2, 1)
    assert (players["bob"].games, players["bob"].wins) == (2, 0)
    assert players["ann"].opponents["bob"] == [2, 1]


# --------------------------------------------------------------------------- the set finish time

@pytest.mark.parametrize("finish_at, recorded_at, finished", [
    ("2026-11-23T21:30:00+00:00", "2026-11-23T21:29:59+00:00", False),
    ("2026-11-23T21:30:00+00:00", "2026-11-23T21:30:00+00:00", True),  # recorded at the finish time itself
    ("2026-11-23T21:30:00+00:00", "2026-11-23T21:30:01+00:00", True),
], ids=["§5 a second before", "§5 at it", "§5 after it"])
def test_a_game_is_finished_by_a_hand_recorded_at_or_after_the_finish_time(finish_at, recorded_at, finished):
    # API.md: "the game is finished once a hand is recorded at or after it"
    variant = get_variant("ponytail")
    sides, options = new_game(variant, {**PONYTAIL_PAIRS, "options": {"finish_at": finish_at}})
    nothing = [{f.name: 0 for f in variant.fields if f.kind != "flag"} for _ in sides]
    state = derive_game(variant, options, sides, [HandRecord(nothing, recorded_at)])
    assert (state["finished"], state["finish_reasons"]) == (finished, ["finish_time"] if finished else [])


@pytest.mark.parametrize("scores, expected", [
    ([500, 900], [(1, 1), (2, 0)]),
    ([700, 700, 100, 700], [(1, 0), (1, 1), (1, 3), (4, 2)]),
    ([0, 50, 50, -10], [(1, 1), (1, 2), (3, 0), (4, 3)]),
])
def test_places_share_a_place_for_level_totals_and_count_everyone_ahead(scores, expected):
    sides = [{"index": i, "score": s} for i, s in enumerate(scores)]
    assert places([side["score"] for side in sides]) == expected
