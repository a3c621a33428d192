"""Club nights (events, issue 26): the evening's load on one core, the standings, and starting a round.

Everything goes through the JSON API (API.md, "Club nights (events)"), as the organiser's and the players'
devices do: an event is created with POST /api/events, each round started with POST /api/events/{id}/rounds, and
a table's game finished by recording its hands (the standings and round figures use `max_hands` 1, so one hand
finishes a table).
"""
from __future__ import annotations

import os
import random
import statistics
import time

from . import clubnight, workload
from .devices import Browser
from .figures import percentile


def event_payload(pairs: int, rounds: int, *, options: dict, movement: str = "swiss") -> dict:
    """A Ponytail club night of `pairs` partnerships, two a table, ranked by wins."""
    return {"name": "Bench club night", "variant": "ponytail", "options": options,
            "entrants": [{"name": f"Pair {i + 1}", "players": [f"North {i + 1}", f"South {i + 1}"]}
                         for i in range(pairs)],
            "table_size": 2, "rounds": rounds, "movement": movement, "standings": "wins"}


QUICK_GAMES = {"target": None, "max_hands": 1}  # one hand finishes a table's game
LONG_GAMES = {"target": workload.TARGET, "max_hands": None}  # a game that lasts the whole evening


def asked(api: Browser, method: str, path: str, status: int, **kw):
    answer = api.request(method, path, **kw)
    if answer.status != status:
        raise RuntimeError(f"{method} {path} answered {answer.status}: {answer.text()[:300]}")
    return answer


def create_event(api: Browser, payload: dict) -> str:
    return asked(api, "POST", "/api/events", 201, json_body=payload).json()["id"]


def start_round(api: Browser, event_id: str, movement: str | None = None):
    """The new round (round_list's element) and the answer (its server_ms when the server is bench/serve.py);
    `movement`: the one this round is seated by, when not the event's."""
    answer = asked(api, "POST", f"/api/events/{event_id}/rounds", 201,
                    **({"json_body": {"movement": movement}} if movement else {}))
    return answer.json(), answer


def play_round(api: Browser, played: dict, rng: random.Random, hands: int = 1, deal=workload.hand) -> None:
    """Record `hands` hands (`deal(rng, sides)` each) at every table of the round (with max_hands 1, one hand
    finishes each game); a table with its own PIN is sent it."""
    for table in played["tables"]:
        pin = {"X-Table-PIN": table["pin"]} if "pin" in table else None
        for _ in range(hands):
            asked(api, "POST", f"/api/games/{table['game']}/hands", 201, json_body=deal(rng, 2), headers=pin)


def standings_ms(port: int, entrants: int, rounds: int, samples: int) -> tuple[list[float], dict]:
    """Server-side ms of GET /api/events/{id}/standings for an event of `entrants` pairs whose `rounds` rounds were
    all played to the end; and what the event was (its first visit's ms, the leader)."""
    api, rng = Browser(port), random.Random(26)
    event_id = create_event(api, event_payload(entrants, rounds, options=QUICK_GAMES))
    for _ in range(rounds):
        played, _ = start_round(api, event_id)
        play_round(api, played, rng)
    event = asked(api, "GET", f"/api/events/{event_id}", 200).json()
    if not event["finished"]:
        raise RuntimeError("the standings event is not finished after every round was played")
    path = f"/api/events/{event_id}/standings"
    first = asked(api, "GET", path, 200)
    device = Browser(port)
    times = [asked(device, "GET", path, 200).server_ms for _ in range(samples)]
    device.close()
    api.close()
    return times, {"first_ms": first.server_ms, "games": sum(len(r["tables"]) for r in event["round_list"]),
                   "leader": first.json()[0]}


def start_round_ms(port: int, pairs: int, events: int, table_pins: bool = False) -> tuple[list[float], float]:
    """Server-side ms of starting round 1 and round 2 (every table of round 1 finished) of `events` events of `pairs`
    pairs (Swiss: round 2 is paired by the standings); and the very first start in this server's life.
    `table_pins`: every table gets its own PIN (API.md "Who may change what"), each hashed as the round starts."""
    api, rng = Browser(port), random.Random(20)
    times = []
    for _ in range(events):
        payload = event_payload(pairs, 4, options=QUICK_GAMES) | ({"table_pins": True} if table_pins else {})
        event_id = create_event(api, payload)
        played, answer = start_round(api, event_id)
        times.append(answer.server_ms)
        if len(played["tables"]) != pairs // 2:
            raise RuntimeError(f"round 1 of {pairs} pairs seated {len(played['tables'])} tables")
        play_round(api, played, rng)
        _, answer = start_round(api, event_id)
        times.append(answer.server_ms)
    api.close()
    return times, times[0]


def club_night(server, tables: int, phones: int, screens: int, seconds: float, hands_before: int) -> dict:
    """A club night of 2 × `tables` pairs: round 1 started through the API, each table's game `hands_before` hands
    in, then `phones` phones a table polling their game as the game page does (bench/clubnight.py: one of them
    records a hand in the minute) and `screens` standings screens polling GET /api/events/{id}/standings at the
    page's poll rate, each device with its own address (off_core_evening)."""
    port = server.port
    api, rng = Browser(port), random.Random(60)
    event_id = create_event(api, event_payload(2 * tables, 3, options=LONG_GAMES))
    played, _ = start_round(api, event_id)
    games = [t["game"] for t in played["tables"]]
    play_round(api, played, rng, hands_before)
    api.close()
    return off_core_evening(server, games, phones, seconds, (f"/api/events/{event_id}/standings",) * screens)


def off_core_evening(server, games: list[str], phones: int, seconds: float, screens: tuple[str, ...], **kw) -> dict:
    """clubnight.evening against `server`, the client threads on the cores other than 0 (where a pinned server
    runs), when there are others; also says how busy the server was: its CPU time over the evening's (`busy`, 1.0 =
    one core all the time), and on which cores the clients ran (`clients_on`)."""
    others = set(range(os.cpu_count() or 1)) - {0}
    before = os.sched_getaffinity(0)
    if others & before:
        os.sched_setaffinity(0, others & before)  # this thread, and the device threads it starts
    try:
        cpu, began = server.cpu_seconds(), time.perf_counter()
        night = clubnight.evening(server.port, games, phones, seconds, screens, **kw)
        night["busy"] = (server.cpu_seconds() - cpu) / (time.perf_counter() - began)
    finally:
        os.sched_setaffinity(0, before)
    night["clients_on"] = sorted(others & before)
    return night


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms, p95 {percentile(times, 95):.1f} ms, max {max(times):.1f} ms"
