"""Club nights (API.md "Club nights (events)"), the pure rules: a new event's checks, each round's seating and the
standings."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from scoring import VARIANTS, Refused, new_game
from scoring.events import (

    Round,
    TableGame,
    check_event,
    pair_round,
    shown_wins,
    standings,
)

# every registered variant, as the refusal lists them: "ponytail, pony, … or buraco"
CHOOSE = "Choose a variant: " + ", ".join(list(VARIANTS)[:-1]) + " or " + list(VARIANTS)[-1]


def body(n=6, **changes):
    """A POST /api/events body: n entrants of two players playing Classic, round robin, ranked by wins."""
    payload = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000},
               "entrants": [{"name": f"Team {i}", "players": [f"A{i}", f"B{i}"]} for i in range(n)],
               "rounds": 3, "movement": "round-robin", "standings": "wins"}
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not None}


def singles(n, **changes):
    """n players alone at Pony (2 to 16 a table)."""
    changes.setdefault("entrants", [{"name": f"P{i}", "players": [f"P{i}"]} for i in range(n)])
    return body(n, variant="pony", **changes)


def refused(payload):
    with pytest.raises(Refused) as caught:
        check_event(payload)
    assert caught.value.status == 422
    return [(e.field, e.message) for e in caught.value.errors]


# -- a new event -------------------------------------------------------------------------------------------------

def test_an_event_is_read_with_its_defaults_and_every_table_game_can_be_made_with_its_options():
    event = check_event(body(rounds=5))
    assert (event.name, event.variant, event.table_size, event.rounds, event.movement, event.standings) == \
        ("Tuesday club", "classic", 2, 5, "round-robin", "wins")
    assert [e.name for e in event.entrants] == [f"Team {i}" for i in range(6)]
    assert event.options["target"] == 5000 and event.options["decks"] == 2  # the variant's defaults filled in
    sides, options = new_game(VARIANTS["classic"], {"variant": "classic", "options": event.options,
                                                    "sides": [event.entrants[4].side(), event.entrants[1].side()]})
    assert options == event.options and sides[0] == {"name": "Team 4", "players": ["A4", "B4"]}


def test_one_player_entrants_may_give_just_a_name_and_vp_reads_its_scale():
    event = check_event(singles(4, entrants=[{"name": n} for n in "WXYZ"], standings="vp",
                                vp_scale=[[0, 10, 10], [500, 15, 5]]))
    assert event.entrants[0].players == ("W",) and event.vp_scale == ((0, 10, 10), (500, 15, 5))


FIVE = [{"name": n} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve", "Finn")]
MIXED = [{"name": "Pair", "players": ["Ann", "Bob"]}, {"name": "Cy"}, {"name": "Di"}]

REFUSALS = [
    # the body itself
    (dict(colour="red"), "colour", "not part of an event"),
    (dict(name=None), "name", "name is missing"),
    (dict(name="x" * 41), "name", "too long"),
    (dict(name="\u200b"), "name", "is missing"),  # only an invisible mark: no name (scoring.names)
    (dict(variant="bridge"), "variant", CHOOSE),
    # entrants
    (dict(entrants="Ann"), "entrants", "list of entrants"),
    (dict(entrants=[{"name": "Solo", "players": ["A", "B"]}]), "entrants", "At least 2 entrants"),
    (dict(variant="pony", entrants=[{"name": "Cy"}, {"name": "Di"}], table_size=3, movement="swiss"), "entrants",
     "At least 3 entrants are needed to fill one table of 3; got 2"),
    (dict(entrants=[{"name": "X", "players": ["A", "B"]}, "Y"]), "entrants[1]", "must be an object"),
    (dict(entrants=[{"name": "X", "players": ["A", "B"], "seed": 1}, {"name": "Y", "players": ["C", "D"]}]),
     "entrants[0].seed", "not part of an entrant"),
    (dict(entrants=[{"name": "X", "players": ["A", "B"]}, {"players": ["C", "D"]}]), "entrants[1].name",
     "Entrant 2's name is missing"),
    (dict(entrants=[{"name": "Ann & Bob", "players": ["A", "B"]}, {"name": " ann  &  BOB ", "players": ["C", "D"]}]),
     "entrants[1].name", "looks the same as entrant 1's"),
    (dict(entrants=[{"name": "X", "players": ["A", "B"]}, {"name": "Y", "players": ["C", "D", "E"]}]),
     "entrants[1].players", "one or two names"),
    (dict(entrants=[{"name": "X", "players": ["A", "B"]}, {"name": "Y", "players": ["C", ""]}]),
     "entrants[1].players[1]", "Player 2 of entrant 2 is missing"),
    (dict(entrants=[{"name": "X", "players": ["Ann", "B"]}, {"name": "Y", "players": ["C", "ＡＮＮ"]}]),
     "entrants[1].players[1]", "already plays in entrant 1"),
    (dict(entrants=[{"name": f"T{i}", "players": [f"P{i}"]} for i in range(1025)], table_size=4), "entrants",
     "At most 1,024 entrants"),
    # the largest event (API.md "Big events"): 256 tables a round, 512 pairs at tables of 2
    (dict(entrants=[{"name": f"T{i}", "players": [f"P{i}"]} for i in range(513)]), "entrants",
     "At most 256 tables can play a round: 513 entrants at tables of 2 would need 257. With table_size 2 at most 512"),
    # table_size, as far as the variant seats sides
    (dict(table_size=1), "table_size", "at least 2"),
    (dict(table_size="2"), "table_size", "whole number, not text"),
    (dict(table_size=3, movement="swiss"), "table_size", "Classic Canasta seats 2 sides of 2 players at one table"),
    (dict(variant="five-person", entrants=FIVE, movement="swiss"), "table_size", "seats 5 players alone"),
    (dict(variant="pony", entrants=MIXED, movement="swiss"), "entrants",
     "any entrants may meet at a table): Pony Canasta is played by 2 to 16 players alone"),
    # rounds and movement
    (dict(rounds=None), "rounds", "rounds is missing"),
    (dict(rounds=0), "rounds", "from 1 to 100"),
    (dict(rounds=1.5), "rounds", "no fractions"),
    (dict(movement=None), "movement", "“round-robin”, “swiss”, “draw”, “mitchell”, “danish” or “danish-modified”"),
    (dict(movement="knockout"), "movement", "(got “knockout”)"),
    (dict(rounds=6), "rounds", "A round robin of 6 entrants has 5 rounds; rounds must be from 1 to 5 (got 6)"),
    (dict(variant="pony", entrants=[{"name": f"P{i}"} for i in range(6)], table_size=3), "movement",
     "A round robin seats two entrants a table"),
    # standings and vp_scale
    (dict(standings="elo"), "standings", "“points”, “wins” or “vp”"),
    (dict(standings="vp"), "vp_scale", "Ranking by vp needs vp_scale"),
    (dict(vp_scale=[[0, 10, 10]]), "vp_scale", "used only when standings is “vp”"),
    (dict(standings="vp", vp_scale=[]), "vp_scale", "list of 1 to 50 rows"),
    (dict(standings="vp", vp_scale=[[0, 10, 10], [500, 15]]), "vp_scale[1]", "three whole numbers"),
    (dict(standings="vp", vp_scale=[[0, 10, 10], [-5, 15, 5]]), "vp_scale[1][0]", "cannot be negative"),
    (dict(standings="vp", vp_scale=[[0, 10, 10], [500, "15", 5]]), "vp_scale[1][1]", "whole number, not text"),
    (dict(standings="vp", vp_scale=[[100, 10, 10]]), "vp_scale[0][0]", "first row's margin_at_least must be 0"),
    (dict(standings="vp", vp_scale=[[0, 10, 10], [500, 15, 5], [500, 18, 2]]), "vp_scale[2][0]",
     "must be above row 2's (500)"),
    (dict(standings="vp", vp_scale=[[0, 10, 10], [500, 5, 15]]), "vp_scale[1][2]", "loser more vp (15)"),
    (dict(variant="pony", entrants=[{"name": f"P{i}"} for i in range(6)], table_size=3, movement="swiss",
          standings="vp", vp_scale=[[0, 10, 10]]), "standings", "with table_size 3 rank by"),
    # the options, checked as a new game's
    (dict(options={"target": 0}), "options.target", "at least 1"),
    (dict(options={"tartget": 5000}), "options.tartget", "not an option"),
    (dict(options={"target": None}), "options", "A game needs a way to end"),
    (dict(options={"house_rules": {"red_three": "lots"}}), "options.house_rules.red_three", ""),
]


@pytest.mark.parametrize("changes, field, words", REFUSALS)
def test_every_refusal_names_its_field_and_says_what_is_allowed(changes, field, words):
    errors = refused(body(**changes))
    assert field in [f for f, _ in errors], errors
    assert any(words in m for f, m in errors if f == field), errors


def test_a_round_robin_of_an_odd_count_has_as_many_rounds_as_entrants():
    assert check_event(body(7, rounds=7)).rounds == 7
    assert refused(body(7, rounds=8)) == [("rounds", "A round robin of 7 entrants has 7 rounds (an odd count: each "
                                                     "entrant also sits out once); rounds must be from 1 to 7 (got 8).")]


def test_a_body_that_is_not_an_object_is_refused_whole():
    assert refused(["name"]) == [(None, "A new event must be a JSON object with name, variant, options, entrants, "
                                        "table_size, rounds, movement and standings.")]


def test_every_error_is_said_at_once():
    errors = refused(body(name="", rounds=0, movement="x", standings="y"))
    assert [f for f, _ in errors] == ["name", "rounds", "movement", "standings"]


# -- pairings --------------------------------------------------------------------------------------------------

def play(event, rounds=None, rng=None, result=lambda table: tuple(range(len(table), 0, -1))):
    """Every round of the event paired and finished, each table's totals by `result` (first seat ahead by default)."""
    rng, played = rng or random.Random(7), []
    for number in range(1, (rounds or event.rounds) + 1):
        pairing = pair_round(event, played, number, rng)
        games = []
        for t in pairing.tables:
            totals = result(t)
            games.append(TableGame(t, totals, tuple(i for i, x in enumerate(totals) if x == max(totals)), True))
        played.append(Round(tuple(games), pairing.byes))
    return played


def meetings(rounds):
    return Counter(frozenset(p) for r in rounds for g in r.tables for p in itertools.combinations(g.entrants, 2))


@pytest.mark.parametrize("n, byes_a_round", [(6, 0), (7, 1)])
def test_a_round_robin_meets_everyone_once(n, byes_a_round):
    rounds = play(check_event(body(n, rounds=n - 1 + n % 2)))
    assert meetings(rounds) == Counter(frozenset(p) for p in itertools.combinations(range(n), 2))
    for r in rounds:
        seated = [e for g in r.tables for e in g.entrants] + list(r.byes)
        assert sorted(seated) == list(range(n)) and len(r.byes) == byes_a_round
    assert Counter(b for r in rounds for b in r.byes) == Counter(range(n) if byes_a_round else [])


def test_a_round_robin_follows_the_fide_berger_tables():
    event = check_event(body(6, rounds=5))
    # FIDE Handbook C.05, six players (pairing number i is entrant i - 1): round 2 is 6-4, 5-3, 1-2
    seats = {r: pair_round(event, [], r, random.Random(0)).tables for r in (1, 2)}
    assert seats == {1: ((0, 5), (1, 4), (2, 3)), 2: ((0, 1), (4, 2), (5, 3))}


def standing_round(tables, byes=()):
    """A finished round where the earlier-listed entrant of each table is ahead (by points, 100 a place)."""
    return Round(tuple(TableGame(t, tuple(1000 - 100 * e for e in t), (0,), True) for t in tables), tuple(byes))


def test_swiss_seats_near_standing_without_a_rematch_where_the_naive_pairing_would_rematch():
    event = check_event(body(6, movement="swiss", standings="points"))
    first = standing_round([(0, 1), (2, 3), (4, 5)])  # now placed 0, 1, 2, 3, 4, 5
    second = pair_round(event, [first], 2, random.Random(1))
    # side by side (0-1, 2-3, 4-5) repeats every table, and taking the nearest fresh one in turn (0-2, 1-3) leaves
    # 4-5 to meet again; the nearest seating with no rematch:
    assert second.tables == ((0, 2), (1, 4), (3, 5)) and second.byes == ()


def test_swiss_seats_the_nearest_in_the_standings_together_and_draws_lots_among_the_level():
    event = check_event(body(8, movement="swiss", standings="points"))
    first = standing_round([(0, 4), (1, 5), (2, 6), (3, 7)])  # now placed 0 to 7
    assert pair_round(event, [first], 2, random.Random(1)).tables == ((0, 1), (2, 3), (4, 5), (6, 7))
    # in round 1 everyone is level: lots order them, so the first round is a draw
    assert len({pair_round(event, [], 1, random.Random(seed)).tables for seed in range(10)}) > 5


def fresh_seating_exists(seated, met):
    """Whether these entrants (with one out when odd) can be paired with no pair that met before: tried in full."""
    if len(seated) % 2:
        return any(fresh_seating_exists([e for e in seated if e != out], met) for out in seated)
    if not seated:
        return True
    head, rest = seated[0], seated[1:]
    return any(not met[frozenset((head, o))] and fresh_seating_exists([e for e in rest if e != o], met) for o in rest)


@pytest.mark.parametrize("n", [6, 7, 8])
def test_swiss_never_seats_a_pair_that_met_while_a_fresh_seating_exists(n):
    checked = repeated = 0
    for seed in range(12):
        lots = random.Random(seed)
        event = check_event(singles(n, movement="swiss", standings="points", rounds=n + 1))
        rounds = play(event, rng=random.Random(seed), result=lambda t: tuple(lots.randrange(0, 3000, 5) for _ in t))
        for k, r in enumerate(rounds):
            before = meetings(rounds[:k])
            rematches = sum(before[frozenset(g.entrants)] for g in r.tables)
            if fresh_seating_exists(list(range(n)), before):
                checked += 1
                assert rematches == 0, (seed, k + 1)
            else:
                repeated += 1
    assert checked > 12 * (n - 2) and repeated  # both kinds of round were met


def test_swiss_rematches_only_when_every_pair_has_met_and_still_seats_everyone():
    rounds = play(check_event(body(4, movement="swiss", rounds=5)))
    assert sum(meetings(rounds[:3]).values()) == 6 and set(meetings(rounds[:3]).values()) == {1}
    assert all(len(r.tables) == 2 and r.byes == () for r in rounds)


def test_swiss_gives_the_bye_to_the_lowest_placed_who_has_not_had_one():
    event = check_event(singles(5, movement="swiss", standings="points", rounds=5))
    first = standing_round([(0, 1), (2, 3)], byes=[4])  # placed 0, 1, 2, 3, 4 (4's bye: 0 points)
    assert pair_round(event, [first], 2, random.Random(0)).byes == (3,)
    rounds = play(event, rounds=3)
    assert len({b for r in rounds for b in r.byes}) == 3  # three rounds, three different entrants out


def test_swiss_at_tables_of_three_keeps_tables_fresh_while_it_can():
    event = check_event(singles(9, movement="swiss", standings="points", table_size=3, rounds=4))
    rounds = play(event)
    # nine players alone in threes can play four rounds with no two meeting twice (a resolvable design)
    assert set(meetings(rounds).values()) == {1} and all(len(r.tables) == 3 for r in rounds)


def test_swiss_at_tables_of_three_seats_the_nearest_fresh_tables():
    event = check_event(singles(9, movement="swiss", standings="points", table_size=3, rounds=4))
    first = standing_round([(0, 1, 2), (3, 4, 5), (6, 7, 8)])  # placed 0 to 8
    assert pair_round(event, [first], 2, random.Random(0)).tables == ((0, 3, 6), (1, 4, 7), (2, 5, 8))


def test_swiss_at_tables_of_three_finds_a_fresh_seating_where_swapping_two_at_a_time_would_not():
    event = check_event(singles(12, movement="swiss", standings="points", table_size=3, rounds=4))
    history = [standing_round(tables) for tables in (
        [(7, 11, 0), (8, 5, 6), (3, 10, 4), (1, 9, 2)], [(8, 11, 4), (1, 2, 3), (5, 10, 9), (6, 0, 7)],
        [(4, 7, 2), (6, 1, 11), (3, 8, 9), (10, 0, 5)])]  # placed 0 to 11
    fourth = pair_round(event, history, 4, random.Random(0))
    assert fourth.tables == ((0, 1, 8), (2, 10, 11), (3, 5, 7), (4, 6, 9))
    met = meetings(history)
    assert not any(met[frozenset(p)] for t in fourth.tables for p in itertools.combinations(t, 2))


def test_swiss_at_tables_of_three_repeats_the_fewest_pairs_once_it_must():
    event = check_event(singles(6, movement="swiss", standings="points", table_size=3, rounds=3))
    first = standing_round([(0, 1, 2), (3, 4, 5)])  # placed 0 to 5: side by side would repeat all six pairs
    second = pair_round(event, [first], 2, random.Random(0))
    assert sum(n - 1 for n in meetings([first, standing_round(second.tables)]).values()) == 2
    rounds = play(event)
    # six in two threes: each new table holds two of one earlier table, so the second round repeats at least two
    # pairs; the search finds no more
    assert sum(n - 1 for n in meetings(rounds[:2]).values()) == 2


@pytest.mark.parametrize("n, size, out", [(7, 2, 1), (8, 3, 2), (11, 4, 3), (8, 2, 0)])
def test_the_draw_seats_everyone_and_byes_go_round(n, size, out):
    event = check_event(singles(n, movement="draw", table_size=size, rounds=n))
    rounds = play(event)
    for r in rounds:
        assert all(len(t.entrants) == size for t in r.tables) and len(r.byes) == out
        assert sorted([e for t in r.tables for e in t.entrants] + list(r.byes)) == list(range(n))
    byes = Counter(b for r in rounds for b in r.byes)
    assert max(byes.values(), default=0) - min((byes[e] for e in range(n)), default=0) <= 1


def test_the_draw_is_random_and_repeatable_with_the_same_lots():
    event = check_event(singles(8, movement="draw", rounds=3))
    draws = {pair_round(event, [], 1, random.Random(seed)).tables for seed in range(10)}
    assert len(draws) > 5
    assert pair_round(event, [], 1, random.Random(3)) == pair_round(event, [], 1, random.Random(3))


def test_a_round_outside_the_event_is_not_paired():
    with pytest.raises(ValueError):
        pair_round(check_event(body(6)), [], 4, random.Random(0))


# -- standings -------------------------------------------------------------------------------------------------

def game(entrants, totals, finished=True):
    best = max(totals)
    return TableGame(tuple(entrants), tuple(totals), tuple(i for i, t in enumerate(totals) if t == best), finished)


def rows(event, games, byes=()):
    return [(r.entrant, r.place, r.played, r.wins, r.points, r.margin, r.vp) for r in standings(event, games, byes)]


def test_ranking_by_points_sums_each_entrants_totals():
    event = check_event(body(4, standings="points"))
    assert rows(event, [game([0, 1], [3000, 5100]), game([2, 3], [4000, 900]), game([0, 2], [2500, 2400])]) == [
        (2, 1, 2, 1, 6400, 3000, None), (0, 2, 2, 1, 5500, -2000, None), (1, 3, 1, 1, 5100, 2100, None),
        (3, 4, 1, 0, 900, -3100, None)]


def test_ranking_by_wins_shares_a_tied_win_exactly():
    event = check_event(singles(4, movement="swiss", table_size=3, standings="wins"))
    three_way = [game([0, 1, 2], [500, 500, 500])] * 3
    table = standings(event, three_way + [game([3, 0, 1], [900, 100, 0])])
    assert {r.entrant: r.wins for r in table} == {0: 1, 1: 1, 2: 1, 3: 1}  # 1/3 three times is exactly 1
    assert [r.entrant for r in table][0] == 3  # all level on wins: 3's margin (+800) leads
    assert {r.entrant: r.margin for r in table} == {0: -800, 1: -900, 2: 0, 3: 800}  # less the best other total
    assert [shown_wins(Fraction(1, 3)), shown_wins(Fraction(5, 2)), shown_wins(Fraction(2))] == [0.33, 2.5, 2]
    assert standings(event, three_way[:1])[0].as_dict()["wins"] == 0.33


SCALE = [[0, 10, 10], [300, 13, 7], [1000, 18, 2]]


def test_ranking_by_vp_takes_the_row_of_the_largest_margin_reached():
    event = check_event(body(6, standings="vp", vp_scale=SCALE))
    games = [game([0, 1], [3000, 2000]), game([2, 3], [2300, 2000]), game([4, 5], [2299, 2000]),
             game([0, 2], [1500, 1500])]
    assert {r[0]: r[6] for r in rows(event, games)} == {0: 18 + 10, 1: 2, 2: 13 + 10, 3: 7, 4: 10, 5: 10}


def test_a_bye_is_a_game_won_with_margin_0_and_points_0():
    for ranking, vp in (("vp", 10), ("wins", None)):
        event = check_event(body(3, rounds=3, standings=ranking, vp_scale=SCALE if ranking == "vp" else None))
        assert rows(event, [], byes=[2]) == [(2, 1, 1, 1, 0, 0, vp), (0, 2, 0, 0, 0, 0, 0 if vp else None),
                                             (1, 2, 0, 0, 0, 0, 0 if vp else None)]


def test_only_finished_games_count():
    event = check_event(body(2, standings="points", rounds=1))
    assert rows(event, [game([0, 1], [500, 900], finished=False)]) == [(0, 1, 0, 0, 0, 0, None),
                                                                        (1, 1, 0, 0, 0, 0, None)]


def test_a_tie_is_broken_first_by_the_games_between_the_tied_entrants():
    event = check_event(body(4, standings="wins"))
    # 0 and 1 each won twice; 1 beat 0, though 0 won by far more elsewhere
    games = [game([0, 1], [1000, 1100]), game([0, 2], [5000, 0]), game([1, 3], [600, 500]), game([0, 3], [5000, 0])]
    assert [(r.entrant, r.place) for r in standings(event, games)][:2] == [(1, 1), (0, 2)]


def test_then_by_the_sum_of_margins_then_by_points_then_a_shared_place_and_the_next_skips():
    event = check_event(body(8, standings="wins"))
    games = [game([0, 4], [900, 100]),  # 0: one win, margin 800
             game([1, 5], [600, 100]),  # 1: one win, margin 500, 600 points
             game([2, 6], [550, 50]),   # 2: one win, margin 500, 550 points
             game([3, 7], [550, 50])]   # 3: the same as 2
    assert [(r.entrant, r.place) for r in standings(event, games)][:4] == [(0, 1), (1, 2), (2, 3), (3, 3)]
    # no wins: 5, 6 and 7 lost by 500 (5 scoring 100 points, 6 and 7 50 each), 4 by 800
    assert [(r.entrant, r.place) for r in standings(event, games)][4:] == [(5, 5), (6, 6), (7, 6), (4, 8)]


def test_the_tie_break_among_the_tied_is_counted_once_for_the_whole_group():
    event = check_event(body(6, standings="wins"))
    a, b, c, d, e, f = range(6)
    games = [game([a, d], [900, 0]), game([a, b], [900, 0]),  # a: 2 wins among the level four
             game([b, c], [510, 500]),                        # b beat c by 10…
             game([c, d], [900, 0]),                          # …c beat d by 900
             game([b, e], [510, 500]), game([c, e], [510, 500]), game([d, e], [510, 500]), game([d, f], [510, 500]),
             game([a, e], [0, 10]), game([a, f], [0, 10])]
    table = standings(event, games)
    assert {r.entrant: r.wins for r in table if r.entrant < 4} == {a: 2, b: 2, c: 2, d: 2}
    # among the four: a 2 wins, b 1, c 1, d 0; b and c stay level there and their margins decide (c's is better),
    # not their own game (b beat c): the group is broken once, never again for the pair left level
    assert [r.entrant for r in table][:4] == [a, c, b, d]
