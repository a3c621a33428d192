"""The movements (scoring/events/movements/), table-driven: Mitchell and Danish as API.md "Tournaments as
federations run them" says, the registry picking by name, and a round seated by another movement than the event's."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scoring import Refused
from scoring.events import MOVEMENTS, Round, TableGame, check_event, pair_round
from scoring.events.movements import FIXED, ROTATING, movement, offered
from scoring.events.movements.danish import danish
from scoring.events.movements.mitchell import mitchell


def event(n, movement_="mitchell", rounds=None, **changes):
    body = {"name": "Venerdì", "variant": "classic", "options": {"target": 5000},
            "entrants": [{"name": f"Coppia {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)],
            "rounds": rounds or (n + 1) // 2, "movement": movement_, "standings": "points", **changes}
    return check_event(body)


@pytest.mark.parametrize("n, k, tables, numbers, byes", [
    # even: NS 0..t-1 keep table i+1; EW j at table ((j + k - 1) mod t) + 1
    (6, 1, ((0, 3), (1, 4), (2, 5)), (1, 2, 3), ()),
    (6, 2, ((0, 5), (1, 3), (2, 4)), (1, 2, 3), ()),
    (6, 3, ((0, 4), (1, 5), (2, 3)), (1, 2, 3), ()),
    # odd: t = 3 NS (0, 1, 2), 2 EW (3, 4); the NS whose table gets no EW sits out
    (5, 1, ((0, 3), (1, 4)), (1, 2), (2,)),
    (5, 2, ((1, 3), (2, 4)), (2, 3), (0,)),
    (5, 3, ((0, 4), (2, 3)), (1, 3), (1,)),
    (2, 1, ((0, 1),), (1,), ()),
    (3, 1, ((0, 2),), (1,), (1,)),
])
def test_mitchell_seats_as_api_md_says(n, k, tables, numbers, byes):
    seating = mitchell(n, k)
    assert (seating.tables, seating.table_numbers(), seating.byes) == (tables, numbers, byes)


@pytest.mark.parametrize("n", range(2, 21))
def test_within_t_mitchell_rounds_every_north_south_meets_every_east_west_once(n):
    t = (n + 1) // 2
    met = [frozenset(table) for k in range(1, t + 1) for table in mitchell(n, k).tables]
    assert sorted(met, key=sorted) == sorted((frozenset((i, j)) for i in range(t) for j in range(t, n)), key=sorted)
    for k in range(1, t + 1):
        seating = mitchell(n, k)
        seated = [e for table in seating.tables for e in table]
        assert sorted(seated + list(seating.byes)) == list(range(n))  # everyone once: seated or out
        assert all(table[0] < t <= table[1] and number == table[0] + 1  # NS first, at its own table
                   for table, number in zip(seating.tables, seating.table_numbers()))
        assert len(seating.byes) == n % 2


@pytest.mark.parametrize("order, had, tables, byes", [
    ([3, 1, 0, 2], {}, ((3, 1), (0, 2)), ()),
    ([3, 1, 0, 2, 4], {}, ((3, 1), (0, 2)), (4,)),  # the lowest placed sits out
    ([3, 1, 0, 2, 4], {4: 1}, ((3, 1), (0, 4)), (2,)),  # … of those who sat out least
    ([3, 1, 0, 2, 4], {4: 1, 2: 1, 0: 1}, ((3, 0), (2, 4)), (1,)),  # 3 and 1 sat out least: 1, the lower, sits out
])
def test_danish_pairs_by_standing(order, had, tables, byes):
    seating = danish(order, Counter(had))
    assert (seating.tables, seating.byes) == (tables, byes)


def finished(entrants, totals):
    winner = max(range(len(totals)), key=totals.__getitem__)
    winners = tuple(i for i, t in enumerate(totals) if t == totals[winner])
    return TableGame(tuple(entrants), tuple(totals), winners, True)


def test_a_danish_round_seats_the_standings_before_it_with_shared_places_in_entrants_order():
    e = event(6, "danish", rounds=3)
    # round 1 (by lot, here given): 0 beat 1 by 300, 2 and 3 tie, 5 beat 4 by 100
    r1 = Round((finished((0, 1), (500, 200)), finished((2, 3), (300, 300)), finished((4, 5), (100, 200))))
    seating = pair_round(e, [r1], 2, random.Random(0))
    # points: 0 500, 2 300, 3 300, 5 200 (margin +100), 1 200 (margin −300), 4 100; 2 and 3 share a place
    # (margin 0 each, 300 each in their game): entrants order, 2 before 3
    assert seating.tables == ((0, 2), (3, 5), (1, 4)) and seating.byes == ()
    assert seating.table_numbers() == (1, 2, 3)


def test_a_first_danish_round_is_seated_by_lot():
    e = event(8, "danish", rounds=3)
    seen = {pair_round(e, [], 1, random.Random(seed)).tables for seed in range(6)}
    assert len(seen) > 1  # by lot: not always the same seating
    for tables in seen:
        assert sorted(x for t in tables for x in t) == list(range(8))


def test_the_registry_picks_each_movement_by_name_with_the_same_input_and_output():
    assert list(MOVEMENTS) == ["round-robin", "swiss", "draw", "mitchell", "danish", "danish-modified", "rotation",
                               "progressive"]
    e = event(6, "swiss", rounds=3)
    for name in offered(FIXED):
        seating = pair_round(e, [], 1, random.Random(1), name)
        assert sorted([x for t in seating.tables for x in t] + list(seating.byes)) == list(range(6))
        assert callable(movement(name).seat)
    assert list(offered(FIXED)) == ["round-robin", "swiss", "draw", "mitchell", "danish", "danish-modified"]
    assert list(offered(ROTATING)) == ["draw", "danish", "danish-modified", "rotation", "progressive"]
    assert [m for m in offered(FIXED) if movement(m).two_a_table] == ["round-robin", "mitchell", "danish",
                                                                      "danish-modified"]


def test_mitchell_rounds_count_only_mitchell_rounds_and_stop_after_t():
    e = event(6, "mitchell", rounds=5)
    r1 = Round(tuple(finished(t, (100, 50)) for t in mitchell(6, 1).tables), (), "mitchell")
    danish_round = Round(tuple(finished(t, (100, 50)) for t in ((0, 1), (2, 3), (4, 5))), (), "danish")
    # after a Mitchell round and a Danish one, the next Mitchell round is the event's 2nd
    assert pair_round(e, [r1, danish_round], 3, random.Random(0)).tables == mitchell(6, 2).tables
    r2 = Round(tuple(finished(t, (100, 50)) for t in mitchell(6, 2).tables), (), "mitchell")
    r3 = Round(tuple(finished(t, (100, 50)) for t in mitchell(6, 3).tables), (), "mitchell")
    with pytest.raises(Refused) as refused:
        pair_round(e, [r1, r2, r3], 4, random.Random(0))
    assert refused.value.status == 409 and refused.value.errors[0].field == "movement"
    assert pair_round(e, [r1, r2, r3], 4, random.Random(0), "danish").tables  # a Danish 4th round may still follow


@pytest.mark.parametrize("name", ["mitchell", "danish", "round-robin"])
def test_pairs_only_movements_refuse_a_bigger_table(name):
    with pytest.raises(Refused) as refused:
        event(6, name, table_size=3, rounds=2, variant="hand-and-foot", options=None)
    assert [e.field for e in refused.value.errors] == ["movement"]
    assert "two entrants a table" in refused.value.errors[0].message


def test_no_two_entrants_meet_twice_in_a_whole_mitchell_evening():
    for n in (7, 10):
        t = (n + 1) // 2
        pairs = [frozenset(p) for k in range(1, t + 1) for table in mitchell(n, k).tables
                 for p in itertools.combinations(table, 2)]
        assert len(pairs) == len(set(pairs))


@pytest.mark.parametrize("value", [{}, ["mitchell"], 3, None])
def test_a_movement_that_is_no_name_is_refused_not_a_crash(value):
    with pytest.raises(Refused) as refused:
        event(6, value)
    assert [e.field for e in refused.value.errors] == ["movement"]
