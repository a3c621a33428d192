"""The engine figures, in this process: check every hand of a long game, then derive the game from them; and the
same for a whole game of another shape (Hand and Foot's 4 rounds), many times over."""
from __future__ import annotations

import statistics
import time

from scoring import derive_game, get_variant, new_game, prepare_hand
from scoring.game import HandRecord, to_store

from . import workload


def stored_hands(variant, sides: list[dict], options: dict, posted: list[dict]) -> list[HandRecord]:
    """The hands as the database keeps them once recorded (made once, like the rows on disk)."""
    return [HandRecord(to_store(variant, p, prepare_hand(variant, options, sides, p)), "2025-01-01T20:00:00+00:00")
            for p in posted]


def replay(variant, sides: list[dict], options: dict, posted: list[dict], stored: list[HandRecord]) -> dict:
    """The engine's work for a game of these hands: validate each posted hand, then score the
    stored hands and derive the state."""
    for payload in posted:
        prepare_hand(variant, options, sides, payload)
    return derive_game(variant, options, sides, stored)


def engine_ms(hand_count: int, runs: int) -> float:
    """Median milliseconds to validate, score and derive a `hand_count`-hand, 4-side game."""
    variant = get_variant("ponytail")
    sides, options = new_game(variant, workload.new_game_payload(4))
    return game_ms(variant, sides, options, workload.hands(hand_count, 4), runs)


def game_ms(variant, sides: list[dict], options: dict, posted: list[dict], runs: int) -> float:
    """Median milliseconds to validate these posted hands and derive their game (which must still be in play)."""
    hand_count = len(posted)
    stored = stored_hands(variant, sides, options, posted)
    state = replay(variant, sides, options, posted, stored)
    assert len(state["hands"]) == hand_count and not state["finished"], "the benchmark game must still be in play"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        replay(variant, sides, options, posted, stored)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def hand_and_foot_ms(games: int, batch: int, runs: int) -> float:
    """Median milliseconds to validate, score and derive a whole 4-round, two-partnership Hand and Foot game.

    `games` different games (seeded) are replayed in timed runs of `batch` games each, every batch `runs` times; the
    median run divided by `batch`. A run is kept short (a few ms, like one run of the 200-hand figure), so that on a
    busy machine a run is as likely as that one to pass without being interrupted."""
    variant = get_variant("hand-and-foot")
    sides, options = new_game(variant, workload.hand_and_foot_payload())
    played = []
    for seed in range(games):
        posted = workload.hand_and_foot_rounds(options["max_hands"], seed)
        stored = stored_hands(variant, sides, options, posted)
        state = replay(variant, sides, options, posted, stored)
        assert state["finished"] and len(state["hands"]) == 4, "the benchmark game must be a whole 4-round game"
        played.append((posted, stored))
    batches = [played[k:k + batch] for k in range(0, games, batch)]
    times = []
    for _ in range(runs):
        for each in batches:
            start = time.perf_counter()
            for posted, stored in each:
                replay(variant, sides, options, posted, stored)
            times.append((time.perf_counter() - start) * 1000 / len(each))
    return statistics.median(times)
