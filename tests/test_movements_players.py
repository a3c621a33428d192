"""The movements for players who change partners (API.md "Partners who change" and its "Settled (turn 6)"), as pure
seating functions, table-driven; and `danish-modified` for fixed pairs. A table is (N, E, S, W): N & S partners."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scoring.events import Round, TableGame, check_event, pair_round
from scoring.events.movements import MOVEMENTS, PlayerSeating, movement
from scoring.events.movements.danish_modified import modified_fours, modified_pairs
from scoring.events.movements.progressive import progress
from scoring.events.movements.protocol import player_byes
from scoring.events.movements.rotation import refuses as rotation_refuses, schedules

N, E, S, W = range(4)


def seating(order, round_number=2, last_round=5, opposed=(), had=None, previous=(), winners=(), seed=1):
    return PlayerSeating(tuple(order), round_number, last_round, random.Random(seed),
                         frozenset(frozenset(p) for p in opposed), Counter(had or {}), tuple(previous), tuple(winners))


def everyone_once(pairing, n):
    seated = [e for t in pairing.tables for e in t]
    assert sorted(seated + list(pairing.byes)) == list(range(n))
    assert all(len(t) == 4 for t in pairing.tables)


# -- Danish: at table k the places 4k−3, 4k−2, 4k−1, 4k sit N, S, E, W -----------------------------------------

@pytest.mark.parametrize("order, tables", [
    ([0, 1, 2, 3], ((0, 2, 1, 3),)),
    ([5, 3, 0, 7, 1, 2, 6, 4], ((5, 0, 3, 7), (1, 6, 2, 4))),  # 1st & 2nd (N, S) against 3rd & 4th (E, W)
    (list(range(12)), ((0, 2, 1, 3), (4, 6, 5, 7), (8, 10, 9, 11))),
])
def test_danish_seats_places_4k_minus_3_to_4k_as_n_s_e_w(order, tables):
    pairing = MOVEMENTS["danish"].seat_players(seating(order))
    assert (pairing.tables, pairing.byes) == (tables, ())


def test_a_first_round_that_is_danish_is_seated_by_lot():
    seen = {MOVEMENTS["danish"].seat_players(seating(range(8), round_number=1, seed=s)).tables for s in range(8)}
    assert len(seen) > 1
    for tables in seen:
        assert sorted(e for t in tables for e in t) == list(range(8))


# -- byes: chosen before any table is filled ----------------------------------------------------------------------

@pytest.mark.parametrize("order, had, out, byes", [
    (list(range(13)), {}, 1, [12]),  # the lowest placed
    (list(range(13)), {12: 1}, 1, [11]),  # … of those who sat out least
    (list(range(14)), {}, 2, [13, 12]),  # one after another
    (list(range(15)), {14: 1, 13: 1, 12: 1}, 3, [11, 10, 9]),
    (list(range(7)), {e: 1 for e in range(5)}, 3, [6, 5, 4]),  # that group used up: the next-least gives the rest
    ([3, 1, 0, 2, 4, 6, 5], {}, 3, [5, 6, 4]),  # places are the order given (equal places: last in entrants order)
])
def test_byes_of_those_who_sat_out_least_the_lowest_placed(order, had, out, byes):
    assert player_byes(order, Counter(had), out) == byes


@pytest.mark.parametrize("n", [13, 14, 15])
def test_danish_with_byes_seats_the_rest_in_place_order(n):
    pairing = MOVEMENTS["danish"].seat_players(seating(range(n)))
    assert pairing.byes == tuple(range(n - 1, 11, -1))
    assert pairing.tables == ((0, 2, 1, 3), (4, 6, 5, 7), (8, 10, 9, 11))


def test_the_draw_seats_and_partners_by_lot_and_its_byes_by_lot_among_those_out_least():
    had = {e: 1 for e in range(10)}  # 10, 11, 12 sat out least: two of them sit out
    seen_byes, seen_tables = set(), set()
    for seed in range(12):
        pairing = MOVEMENTS["draw"].seat_players(seating(range(14), had=had, seed=seed))
        everyone_once(pairing, 14)
        assert len(pairing.byes) == 2 and set(pairing.byes) <= {10, 11, 12, 13}
        seen_byes.add(pairing.byes)
        seen_tables.add(pairing.tables)
    assert len(seen_byes) > 1 and len(seen_tables) > 1


# -- Modified Danish ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("order, opposed, tables", [
    # nobody opposed anybody: plain Danish
    (range(8), [], ((0, 2, 1, 3), (4, 6, 5, 7))),
    # 1 opposed 0 last round: S is the next best placed who did not (2); E, W: the best who opposed neither 0 nor 2
    (range(8), [(0, 1)], ((0, 3, 2, 4), (1, 6, 5, 7))),
    # 3 opposed 2 (N's partner): not E or W at that table either; 1 and 3 may be partners at the next
    (range(8), [(0, 1), (2, 3)], ((0, 4, 2, 5), (1, 6, 3, 7))),
    # none left fits: the best placed left
    (range(4), [(0, 1), (0, 2), (0, 3)], ((0, 2, 1, 3),)),
    # at table 2, W: only 5 is left, who opposed 6 (N): the best placed left
    ([7, 6, 5, 4, 3, 2, 1, 0], [(7, 6), (7, 5), (6, 5)], ((7, 3, 4, 2), (6, 0, 1, 5))),
])
def test_modified_danish_keeps_last_rounds_opponents_apart(order, opposed, tables):
    assert modified_fours(list(order), frozenset(frozenset(p) for p in opposed)) == tables
    assert MOVEMENTS["danish-modified"].seat_players(seating(order, opposed=opposed)).tables == tables


def test_modified_danish_seats_the_last_planned_round_as_plain_danish():
    opposed = [(0, 1)]
    last = MOVEMENTS["danish-modified"].seat_players(seating(range(8), round_number=5, last_round=5,
                                                             opposed=opposed))
    assert last.tables == ((0, 2, 1, 3), (4, 6, 5, 7))


def test_modified_danish_chooses_byes_first_then_fills_the_tables():
    pairing = MOVEMENTS["danish-modified"].seat_players(seating(range(9), opposed=[(0, 1)]))
    assert pairing.byes == (8,) and pairing.tables == ((0, 3, 2, 4), (1, 6, 5, 7))


@pytest.mark.parametrize("order, met, tables", [
    ([0, 1, 2, 3], [], ((0, 1), (2, 3))),
    ([0, 1, 2, 3], [(0, 1), (2, 3)], ((0, 2), (1, 3))),  # table 1: the best placed it did not meet
    ([0, 1, 2, 3], [(0, 2), (1, 3)], ((0, 1), (2, 3))),
    ([0, 1, 2, 3, 4, 5], [(0, 1), (2, 3), (4, 5)], ((0, 2), (1, 3), (4, 5))),  # 4 and 5 are all that is left
])
def test_modified_danish_for_fixed_pairs(order, met, tables):
    assert modified_pairs(order, frozenset(frozenset(p) for p in met)) == tables


def pairs_event(n, rounds=3, name="danish-modified"):
    return check_event({"name": "Venerdì", "variant": "classic", "options": {"target": 5000},
                        "entrants": [{"name": f"Coppia {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)],
                        "rounds": rounds, "movement": name, "standings": "points"})


def played(tables_and_scores):
    return Round(tuple(TableGame(t, s, (0,) if s[0] > s[1] else (1,), True) for t, s in tables_and_scores))


def test_modified_danish_pairs_through_pair_round_and_its_last_round():
    e = pairs_event(4, rounds=3)
    first = pair_round(e, [], 1, random.Random(3))  # by lot
    assert sorted(x for t in first.tables for x in t) == [0, 1, 2, 3]
    # after round 1: 0 beat 1 by a lot, 2 beat 3: standings 0, 2, 3, 1 (points); 0 met 1 and 2 met 3
    r1 = played([((0, 1), (900, 100)), ((2, 3), (600, 500))])
    assert pair_round(e, [r1], 2, random.Random(0)).tables == ((0, 2), (3, 1))  # 0 does not meet 1 again … ok
    r2 = played([((0, 3), (900, 100)), ((2, 1), (600, 500))])
    # the last planned round: plain Danish, whoever met last round
    standings_order = [0, 2, 3, 1]
    assert pair_round(e, [r1, r2], 3, random.Random(0)).tables[0][0] == standings_order[0]
    assert MOVEMENTS["danish"].seat is not None and MOVEMENTS["danish-modified"].partners == ("fixed", "rotating")


# -- progressive --------------------------------------------------------------------------------------------------

def test_progressive_winners_up_table_1s_losers_to_the_foot_and_partners_split():
    # round 1: three tables (N, E, S, W); side 1 (N & S) won at tables 1 and 3, side 2 at table 2
    previous = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))
    place = {e: e for e in range(12)}  # 0 best placed … 11 last
    assert progress(previous, (True, False, True), place) == (
        # table 1: its winners 0 & 2 stay and split (0 sat first: N, 2: E); 5 & 7 arrive (table 2's winners): the
        # better placed, 5, sits S (partnering 0), 7 W
        (0, 2, 5, 7),
        # table 2: its losers 4 & 6 stay (N, E); table 3's winners 8 & 10 arrive (S, W)
        (4, 6, 8, 10),
        # table 3 (the last): its losers 9 & 11 stay; table 1's losers 1 & 3 arrive
        (9, 11, 1, 3))


def test_progressive_over_three_rounds_with_shared_wins_and_places():
    n = 8
    pairing = MOVEMENTS["progressive"].seat_players(seating(range(n), round_number=1, seed=4))
    everyone_once(pairing, n)
    tables = pairing.tables
    rounds = [tables]
    for winners, order in (((True, True), [7, 6, 5, 4, 3, 2, 1, 0]),  # a shared win: side 1 counts as the winner
                           ((False, True), list(range(8)))):
        nxt = MOVEMENTS["progressive"].seat_players(seating(order, round_number=len(rounds) + 1, previous=tables,
                                                            winners=winners))
        everyone_once(nxt, n)
        place = {e: k for k, e in enumerate(order)}
        (a, b) = tables
        won = [((t[N], t[S]), (t[E], t[W])) if w else ((t[E], t[W]), (t[N], t[S])) for t, w in zip(tables, winners)]
        assert set(nxt.tables[0][:2]) == set(won[0][0]) and set(nxt.tables[0][2:]) == set(won[1][0])
        assert set(nxt.tables[1][:2]) == set(won[1][1]) and set(nxt.tables[1][2:]) == set(won[0][1])
        for t, was in zip(nxt.tables, (a, b)):
            assert was.index(t[N]) < was.index(t[E])  # the one who sat first sits N
            assert place[t[S]] < place[t[W]]  # the better placed arrival partners N
        tables = nxt.tables
        rounds.append(tables)


@pytest.mark.parametrize("n, refused", [(4, True), (6, True), (8, False), (12, False), (14, True), (16, False)])
def test_progressive_needs_a_multiple_of_four_and_at_least_eight(n, refused):
    errors = MOVEMENTS["progressive"].refuses(n, 4)
    assert bool(errors) == refused and all(e.field == "entrants" for e in errors)


# -- rotation: the whist schedules --------------------------------------------------------------------------------

SHIPPED = sorted(schedules())


def test_every_shipped_count_is_one_a_whist_schedule_exists_for():
    assert set(SHIPPED) <= {n for n in range(4, 33) if n % 4 in (0, 1)} and {4, 5, 8, 9, 12, 13} <= set(SHIPPED)


def test_a_schedule_is_shipped_for_every_n_up_to_32():
    assert SHIPPED == [n for n in range(4, 33) if n % 4 in (0, 1)]


@pytest.mark.parametrize("n", SHIPPED)
def test_every_shipped_schedule_is_a_whist_one(n):
    rounds = schedules()[n]
    assert len(rounds) == (n - 1 if n % 4 == 0 else n)
    partners, opponents, out = Counter(), Counter(), Counter()
    for tables in rounds:
        seated = [e for t in tables for e in t]
        assert len(seated) == len(set(seated)) == n - n % 4 and set(seated) <= set(range(n))
        out.update(set(range(n)) - set(seated))
        for t in tables:
            partners.update([frozenset((t[N], t[S])), frozenset((t[E], t[W]))])
            opponents.update(frozenset((a, b)) for a in (t[N], t[S]) for b in (t[E], t[W]))
    every = [frozenset(p) for p in itertools.combinations(range(n), 2)]
    assert all(partners[p] == 1 for p in every) and sum(partners.values()) == len(every)
    assert all(opponents[p] == 2 for p in every) and sum(opponents.values()) == 2 * len(every)
    assert out == (Counter(range(n)) if n % 4 == 1 else Counter())


@pytest.mark.parametrize("n", [4, 13, 29, 32])
def test_rotation_seats_round_k_of_the_schedule(n):
    for k in range(1, len(schedules()[n]) + 1):
        pairing = MOVEMENTS["rotation"].seat_players(seating(range(n), round_number=k))
        everyone_once(pairing, n)
        assert pairing.tables == schedules()[n][k - 1]
        assert len(pairing.byes) == n % 4


@pytest.mark.parametrize("n, rounds, field", [(6, 3, "entrants"), (7, 3, "entrants"), (33, 3, "entrants"),
                                              (36, 3, "entrants"), (8, 8, "rounds"), (9, 10, "rounds"),
                                              (8, 7, None), (9, 9, None), (29, 29, None),
                                              (29, 30, "rounds"), (32, 31, None), (32, 32, "rounds")])
def test_rotation_refuses_other_counts_and_more_rounds_than_it_has(n, rounds, field):
    errors = rotation_refuses(n, rounds)
    assert [e.field for e in errors] == ([field] if field else [])


# -- what each movement seats -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, partners", [
    ("round-robin", ("fixed",)), ("swiss", ("fixed",)), ("mitchell", ("fixed",)), ("draw", ("fixed", "rotating")),
    ("danish", ("fixed", "rotating")), ("danish-modified", ("fixed", "rotating")), ("rotation", ("rotating",)),
    ("progressive", ("rotating",))])
def test_each_movement_declares_what_it_seats(name, partners):
    assert movement(name).partners == partners


@pytest.mark.parametrize("name", ["round-robin", "swiss", "mitchell"])
def test_a_movement_that_seats_no_players_is_refused_for_them_naming_movement(name):
    from scoring.events import movement_fits
    err = movement_fits(name, 2, "rotating")
    assert err is not None and err.field == "movement" and "“danish-modified”" in err.message
