"""API.md "Seasons: a club's circuit across nights" (settled turn 6): the pure counting rules of scoring/seasons.py,
one table a rule: the figure, place points (a list, the field), best N, min_events, only finished events, ties."""
from fractions import Fraction

import pytest

from scoring import Refused
from scoring.seasons import (DEFAULT_COUNTING, EventResult, EventRow, check_counting, check_season, row_json,
                             season_standings)


def night(event_id, *rows, finished=True, ranking="vp"):
    """An event's final standings: rows of (players "Ann & Bob", place, vp, points, wins)."""
    return EventResult(event_id, finished, ranking, tuple(
        EventRow(tuple(p.strip() for p in players.split("&")), place, vp, points, Fraction(wins))
        for players, place, vp, points, wins in rows))


def counting(**given):
    return {**DEFAULT_COUNTING, **given}


def table(rows):
    """The standings as (player, place, total, counted events) tuples."""
    return [(r.player, r.place, row_json(r)["total"], list(r.counted)) for r in rows]


N1 = night("n1", ("Ann", 1, 20, 900, 3), ("Bob", 2, 14, 700, 2), ("Cy", 3, 6, 400, 1), ("Di", 4, 0, 100, 0))
N2 = night("n2", ("Bob", 1, 18, 800, 3), ("Cy", 2, 12, 650, 2), ("Ann", 3, 10, 500, 1), ("Di", 4, 4, 200, 0))
N3 = night("n3", ("Cy", 1, 19, 950, 3), ("Ann", 2, 15, 600, 2), ("Di", 3, 5, 300, 1), ("Bob", 4, 1, 50, 0))
N4 = night("n4", ("Di", 1, 16, 700, 2), ("Ann", 2, 13, 650, 2), ("Bob", 3, 8, 300, 1))  # Cy did not come


@pytest.mark.parametrize("given, expected", [
    # each night's VP, all nights: Ann 20+10+15+13, Bob 14+18+1+8, Cy 6+12+19, Di 0+4+5+16
    ({"figure": "vp"}, [("Ann", 1, 58, ["n1", "n2", "n3", "n4"]), ("Bob", 2, 41, ["n1", "n2", "n3", "n4"]),
                        ("Cy", 3, 37, ["n1", "n2", "n3"]), ("Di", 4, 25, ["n1", "n2", "n3", "n4"])]),
    # the figure left out: the first night's own ranking (vp)
    ({}, [("Ann", 1, 58, ["n1", "n2", "n3", "n4"]), ("Bob", 2, 41, ["n1", "n2", "n3", "n4"]),
          ("Cy", 3, 37, ["n1", "n2", "n3"]), ("Di", 4, 25, ["n1", "n2", "n3", "n4"])]),
    ({"figure": "points"}, [("Ann", 1, 2650, ["n1", "n2", "n3", "n4"]), ("Cy", 2, 2000, ["n1", "n2", "n3"]),
                            ("Bob", 3, 1850, ["n1", "n2", "n3", "n4"]), ("Di", 4, 1300, ["n1", "n2", "n3", "n4"])]),
    ({"figure": "wins"}, [("Ann", 1, 8, ["n1", "n2", "n3", "n4"]), ("Bob", 2, 6, ["n1", "n2", "n3", "n4"]),
                          ("Cy", 2, 6, ["n1", "n2", "n3"]), ("Di", 4, 3, ["n1", "n2", "n3", "n4"])]),
    # the best three of four: Ann drops n2's 10, Bob n3's 1, Di n1's 0; Cy has only three
    ({"figure": "vp", "best": 3}, [("Ann", 1, 48, ["n1", "n3", "n4"]), ("Bob", 2, 40, ["n1", "n2", "n4"]),
                                   ("Cy", 3, 37, ["n1", "n2", "n3"]), ("Di", 4, 25, ["n2", "n3", "n4"])]),
    # best 1 (the bound): each player's best night alone
    ({"figure": "vp", "best": 1}, [("Ann", 1, 20, ["n1"]), ("Cy", 2, 19, ["n3"]), ("Bob", 3, 18, ["n2"]),
                                   ("Di", 4, 16, ["n4"])]),
    # best past the nights played: every night counts
    ({"figure": "vp", "best": 9}, [("Ann", 1, 58, ["n1", "n2", "n3", "n4"]), ("Bob", 2, 41, ["n1", "n2", "n3", "n4"]),
                                   ("Cy", 3, 37, ["n1", "n2", "n3"]), ("Di", 4, 25, ["n1", "n2", "n3", "n4"])]),
    # places past the list get 0: Ann 25+15+18+18, Bob 18+25+0+15, Cy 15+18+25, Di 0+0+15+25
    ({"place_points": [25, 18, 15]}, [("Ann", 1, 76, ["n1", "n2", "n3", "n4"]), ("Bob", 2, 58, ["n1", "n2", "n3", "n4"]),
                                      ("Cy", 2, 58, ["n1", "n2", "n3"]), ("Di", 4, 40, ["n1", "n2", "n3", "n4"])]),
    # the field: the first of n ranked rows gets n (n4 has three rows), one less a place below
    ({"place_points": "field"}, [("Ann", 1, 4 + 2 + 3 + 2, ["n1", "n2", "n3", "n4"]),
                                 ("Bob", 2, 3 + 4 + 1 + 1, ["n1", "n2", "n3", "n4"]),
                                 ("Cy", 2, 2 + 3 + 4, ["n1", "n2", "n3"]),
                                 ("Di", 4, 1 + 1 + 2 + 3, ["n1", "n2", "n3", "n4"])]),
])
def test_what_a_season_counts(given, expected):
    assert table(season_standings(counting(**given), [N1, N2, N3, N4])) == expected


@pytest.mark.parametrize("least, ranked, unranked", [
    (1, ["Ann", "Bob", "Cy", "Di"], []),
    (3, ["Ann", "Bob", "Cy", "Di"], []),  # at the bound: Cy's three nights rank him
    (4, ["Ann", "Bob", "Di"], ["Cy"]),  # past it: Cy is listed after, unranked
    (5, [], ["Ann", "Bob", "Cy", "Di"]),
])
def test_min_events_lists_those_with_fewer_after_the_ranked_unranked(least, ranked, unranked):
    rows = season_standings(counting(figure="vp", min_events=least), [N1, N2, N3, N4])
    assert [r.player for r in rows if r.place is not None] == ranked
    assert [(r.player, r.place) for r in rows if r.place is None] == [(p, None) for p in unranked]
    assert [r.place for r in rows if r.place is not None] == list(range(1, len(ranked) + 1))


def test_only_finished_events_count_and_a_player_only_in_unfinished_ones_has_no_row():
    playing = night("n5", ("Ann", 1, 20, 900, 3), ("Eve", 2, 0, 0, 0), finished=False)
    rows = season_standings(counting(figure="vp"), [N1, playing])
    assert [(r.player, r.events, [x.event for x in r.results]) for r in rows] == [
        ("Ann", 1, ["n1"]), ("Bob", 1, ["n1"]), ("Cy", 1, ["n1"]), ("Di", 1, ["n1"])]


def test_a_pairs_result_counts_for_each_of_its_players():
    pairs = night("n1", ("Ann & Bob", 1, 20, 900, 2), ("Cy & Di", 2, 0, 100, 0))
    assert table(season_standings(counting(figure="vp"), [pairs])) == [
        ("Ann", 1, 20, ["n1"]), ("Bob", 1, 20, ["n1"]), ("Cy", 3, 0, ["n1"]), ("Di", 3, 0, ["n1"])]


@pytest.mark.parametrize("best, nights, expected", [
    # equal counted totals (best 1: 20 each): the sum of all nights decides (Ann 20+10 over Bob 20+5)
    (1, [night("a", ("Ann", 1, 20, 0, 0), ("Bob", 2, 5, 0, 0)), night("b", ("Bob", 1, 20, 0, 0), ("Ann", 2, 10, 0, 0))],
     [("Ann", 1), ("Bob", 2)]),
    # equal totals and sums (32 each, every night counting): the better best result (Cy's 18 over Ann's 16) ...
    (None, [night("a", ("Ann", 1, 16, 0, 0), ("Cy", 2, 18, 0, 0)), night("b", ("Ann", 1, 16, 0, 0), ("Cy", 2, 14, 0, 0))],
     [("Cy", 1), ("Ann", 2)]),
    # ... still equal: a shared place, and the next place skips (1, 1, 3)
    (1, [night("a", ("Ann", 1, 10, 0, 0), ("Bob", 1, 10, 0, 0), ("Cy", 3, 4, 0, 0))],
     [("Ann", 1), ("Bob", 1), ("Cy", 3)]),
])
def test_ties_are_broken_by_all_nights_then_the_best_result_then_shared(best, nights, expected):
    rows = season_standings(counting(figure="vp", best=best), nights)
    assert [(r.player, r.place) for r in rows] == expected


def test_shared_event_places_each_get_the_higher_places_points():
    shared = night("a", ("Ann", 1, 0, 0, 1), ("Bob", 1, 0, 0, 1), ("Cy", 3, 0, 0, 0))
    assert table(season_standings(counting(place_points=[10, 6, 4]), [shared])) == [
        ("Ann", 1, 10, ["a"]), ("Bob", 1, 10, ["a"]), ("Cy", 3, 4, ["a"])]
    assert table(season_standings(counting(place_points="field"), [shared])) == [
        ("Ann", 1, 3, ["a"]), ("Bob", 1, 3, ["a"]), ("Cy", 3, 1, ["a"])]


def test_shared_wins_add_up_exactly_and_show_to_two_decimals():
    third = night("a", ("Ann", 1, None, 0, Fraction(1, 3)), ranking="wins")
    rows = season_standings(counting(figure="wins"), [third, night("b", ("Ann", 1, None, 0, Fraction(1, 3)),
                                                                   ranking="wins"),
                                                      night("c", ("Ann", 1, None, 0, Fraction(1, 3)), ranking="wins")])
    assert rows[0].total == 1 and row_json(rows[0])["total"] == 1
    assert row_json(rows[0])["results"][0] == {"event": "a", "figure": 0.33, "place": 1, "counts": 0.33}


def test_a_row_has_api_mds_shape():
    row = row_json(season_standings(counting(place_points=[25, 18]), [N1])[1])
    assert row == {"player": "Bob", "place": 2, "events": 1, "counted": ["n1"], "total": 18,
                   "results": [{"event": "n1", "figure": 14, "place": 2, "counts": 18}]}


@pytest.mark.parametrize("raw, field", [
    ({"figure": "margin"}, "counting.figure"),
    ({"best": 0}, "counting.best"),
    ({"best": 201}, "counting.best"),
    ({"best": 2.5}, "counting.best"),
    ({"best": True}, "counting.best"),
    ({"min_events": 0}, "counting.min_events"),
    ({"min_events": None}, "counting.min_events"),
    ({"place_points": "all"}, "counting.place_points"),
    ({"place_points": []}, "counting.place_points"),
    ({"place_points": [25, -1]}, "counting.place_points[1]"),
    ({"place_points": [25, 100001]}, "counting.place_points[1]"),
    ({"places": [25]}, "counting.places"),
])
def test_a_counting_out_of_bounds_is_refused_at_its_field(raw, field):
    _, errors = check_counting(raw)
    assert [e.field for e in errors] == [field]


@pytest.mark.parametrize("raw, expected", [
    ({}, DEFAULT_COUNTING),
    ({"best": 1, "min_events": 200}, {**DEFAULT_COUNTING, "best": 1, "min_events": 200}),
    ({"best": None, "place_points": "field"}, {**DEFAULT_COUNTING, "place_points": "field"}),
    ({"figure": "wins", "place_points": [1]}, {**DEFAULT_COUNTING, "figure": "wins", "place_points": [1]}),
])
def test_a_counting_within_bounds_is_taken_whole_with_defaults(raw, expected):
    assert check_counting(raw) == (expected, [])


@pytest.mark.parametrize("body, fields", [
    ({"events": []}, ["name"]),
    ({"name": "W", "events": ["a", "a"]}, ["events[1]"]),
    ({"name": "W", "events": "a"}, ["events"]),
    ({"name": "W", "events": [{}, ["a"], 7]}, ["events[0]", "events[1]", "events[2]"]),  # schemathesis found {} a 500
    ({"name": "W", "colour": 1}, ["colour"]),
    ({"name": " ", "counting": {"best": 0}}, ["name", "counting.best"]),
])
def test_a_season_body_names_every_wrong_field(body, fields):
    with pytest.raises(Refused) as refused:
        check_season(body, whole=True)
    assert [e.field for e in refused.value.errors] == fields
