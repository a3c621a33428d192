"""Players across games (API.md "Players"): a player's best hand and best game per variant, and ratings from
finished games. A best stands until it is beaten: a later equal score does not take its place, so the hand and
game a player's page links to do not move when the record is only matched."""
from __future__ import annotations

import pytest

from scoring.ratings import replay
from scoring.standings import summarize, tally

from .helpers import attributes

JAN, FEB = "2026-01-01T20:00:00+00:00", "2026-02-01T20:00:00+00:00"


def hand(number: int, a: int, b: int) -> dict:
    return {"number": number, "recorded_at": f"2026-01-01T20:{number:02d}:00+00:00",
            "scores": [{"side": 0, "total": a}, {"side": 1, "total": b}]}


def game(hands: list[dict]) -> dict:
    return {"variant": "ponytail", "hands": hands, "sides": [{"score": 0}, {"score": 0}], "finished": False,
            "finish_reasons": [], "ended_at": None, "winner": None, "updated": JAN, "created": JAN}


@pytest.mark.parametrize("hands, best", [
    ([hand(1, 500, 40), hand(2, 100, 60), hand(3, 500, 60)], [[500, 1], [60, 2]]),  # matched later: the first stays
    ([hand(1, 500, 40), hand(2, 505, 40)], [[505, 2], [40, 1]]),  # beaten by 5: the new one
    ([hand(1, -200, -15), hand(2, -200, -30)], [[-200, 1], [-15, 1]]),  # only losing hands: the least bad
], ids=["a tie keeps the first hand", "beaten", "negative"])
def test_a_sides_best_hand_in_a_game_is_the_first_with_the_highest_total(hands, best):
    assert summarize(attributes(game(hands)))["best_hands"] == best


def summary(last_at: str, totals: list[int], best_hands: list, winner: list[int]) -> dict:
    return {"variant": "ponytail", "last_at": last_at, "finished": True, "finished_at": last_at,
            "winner": winner, "totals": totals, "best_hands": best_hands}


SEATS = {"old": [["Ann"], ["Bob"]], "new": [["Ann"], ["Bob"]]}


@pytest.mark.parametrize("new_best, expected", [
    ([900, 1], {"score": 900, "game": "old", "hand": 2}),  # matched in a later game: the older record stays
    ([905, 3], {"score": 905, "game": "new", "hand": 3}),
], ids=["matched", "beaten"])
def test_a_players_best_hand_stands_until_beaten(new_best, expected):
    players = tally({"old": summary(JAN, [5000, 3000], [[900, 2], [400, 1]], [0]),
                     "new": summary(FEB, [5000, 3000], [new_best, [400, 1]], [0])}, SEATS)
    assert players["ann"].best["ponytail"]["best_hand"] == expected


@pytest.mark.parametrize("new_totals, new_winner, expected", [
    # the same 5,000 again, this time winning: the older game stays the best, lost as it was
    ([5000, 3000], [0], {"score": 5000, "game": "old", "won": False, "finished_at": JAN}),
    ([5005, 3000], [0], {"score": 5005, "game": "new", "won": True, "finished_at": FEB}),
], ids=["matched", "beaten"])
def test_a_players_best_game_stands_until_beaten(new_totals, new_winner, expected):
    players = tally({"old": summary(JAN, [5000, 6000], [[900, 2], [400, 1]], [1]),
                     "new": summary(FEB, new_totals, [[900, 2], [400, 1]], new_winner)}, SEATS)
    assert players["ann"].best["ponytail"]["best_game"] == expected


ONE_GAME = ([["Ann"], ["Bob"]], [5000, 3000])


@pytest.mark.parametrize("nobody_to_rank", [([["Solo"]], [5000]), ([], [5000, 3000])],
                         ids=["one side", "no seats known"])
def test_a_game_with_nobody_to_rank_against_is_skipped_and_later_games_still_count(nobody_to_rank):
    skipped_first = replay([nobody_to_rank, ONE_GAME])
    assert set(skipped_first) == {"ann", "bob"}  # nobody rated from the lone side, the game after it rated
    assert skipped_first["ann"].mu > 25 > skipped_first["bob"].mu
    assert replay([ONE_GAME])["ann"].mu == skipped_first["ann"].mu


def test_ratings_carry_on_from_an_earlier_replay():
    # API.md: only games finished since the last replay are rated; the result is as if all were replayed
    second = ([["ann"], ["Cy"]], [2000, 4000])
    at_once = replay([ONE_GAME, second])
    carried = replay([second], replay([ONE_GAME]))
    assert set(carried) == set(at_once) == {"ann", "bob", "cy"}  # the earlier spelling counts as the same player
    assert [(carried[k].mu, carried[k].sigma) for k in sorted(carried)] == \
        [(at_once[k].mu, at_once[k].sigma) for k in sorted(at_once)]
