"""A burraco tournament as the federations run them (issue 32, "Performance"): 200 pairs at 100 tables, three
Mitchell turns and one Danish of 3 deals each (deals_per_round 3), ranked by victory points on FIBUR's 3-deal scale,
the server pinned to one core.

Everything goes through the API and the pages, as the room's devices do (bench/events.py, bench/clubnight.py): the
event is made with POST /api/events and each turn started with POST /api/events/{id}/rounds (timed server-side, the
server being bench/serve.py); during the first turn one phone a table records a deal through the hand form and
another watches the game page (both polling it as the page does), and 4 standings screens poll their page (204
while nothing changed, the board drawn again after each deal) for `seconds`; then every table's deals are played
through the API, turn by turn, and the standings of the whole evening are asked for.
"""
from __future__ import annotations

import random
from pathlib import Path

from . import events, workload
from .devices import THREADS, Browser, Server, taskset_found
from .figures import percentile

ROOT = Path(__file__).resolve().parent.parent
DEALS = 3
TURNS = ("mitchell", "mitchell", "mitchell", "danish")
PHONES = 2  # a table's: one records the deals, one watches
SCREENS = 4
# run.py's figures (named for the full size, as the other figures are), with their budgets
FIGURES = [("burraco tournament: 100 tables x 2 phones + 4 screens, one core", "0 errors, p99 <= 100 ms"),
           ("burraco tournament: standings of 200 pairs x 4 turns, p95", "<= 50 ms"),
           ("burraco tournament: start a turn of 100 tables", "<= 300 ms")]


def payload(pairs: int) -> dict:
    """A burraco tournament of `pairs` pairs, two a table, Mitchell, 3 deals a turn, ranked by VP (fibur-3)."""
    return {"name": "Bench burraco tournament", "variant": "burraco", "options": {},
            "entrants": [{"name": f"Pair {i + 1}", "players": [f"North {i + 1}", f"South {i + 1}"]}
                         for i in range(pairs)],
            "table_size": 2, "rounds": len(TURNS), "movement": "mitchell", "standings": "vp",
            "vp_scale": "fibur-3", "deals_per_round": DEALS}


def _deals_played(api: Browser, game_id: str) -> int:
    return events.asked(api, "GET", f"/api/games/{game_id}", 200).json()["hands_played"]


def _finish_turn(api: Browser, played: dict, rng: random.Random) -> None:
    """Every table of the turn played to its last deal through the API (the deals its phone recorded kept)."""
    for table in played["tables"]:
        for _ in range(DEALS - _deals_played(api, table["game"])):
            events.asked(api, "POST", f"/api/games/{table['game']}/hands", 201,
                          json_body=workload.burraco_deal(rng))


def measure(workdir: Path, pairs: int, seconds: float, samples: int, say) -> dict:
    """The evening's figures: `night` (clubnight.evening's, during turn 1), `starts` (server-side ms of each turn's
    start), `standings` (server-side ms of GET /api/events/{id}/standings after the last deal), and how it ran."""
    pin = taskset_found()
    server = Server(ROOT / "bench" / "serve.py", "--db", str(workdir / "tournament.sqlite"), "--threads",
                    str(THREADS), "--backup-dir", str(workdir), cpus="0" if pin else None)
    try:
        api, rng = Browser(server.port, timeout=120), random.Random(32)
        event_id = events.create_event(api, payload(pairs))
        played, answer = events.start_round(api, event_id, TURNS[0])
        starts = [answer.server_ms]
        say(f"  turn 1 started ({len(played['tables'])} tables, {answer.server_ms:.0f} ms); the room for "
            f"{seconds:.0f} s…")
        api.close()  # idle through the evening: the server would close its connection
        night = events.off_core_evening(server, [t["game"] for t in played["tables"]], PHONES, seconds,
                                        (f"/events/{event_id}/screen",) * SCREENS, deal=workload.burraco_deal)
        api = Browser(server.port, timeout=120)
        _finish_turn(api, played, rng)
        for number, movement in enumerate(TURNS[1:], start=2):
            played, answer = events.start_round(api, event_id, movement)
            starts.append(answer.server_ms)
            say(f"  turn {number} ({movement}) started in {answer.server_ms:.0f} ms; its {DEALS} deals played…")
            _finish_turn(api, played, rng)
        path = f"/api/events/{event_id}/standings"
        first = events.asked(api, "GET", path, 200)
        api.close()
        device = Browser(server.port)
        standings = [events.asked(device, "GET", path, 200).server_ms for _ in range(samples)]
        device.close()
    finally:
        server.stop()
    return {"night": night, "starts": starts, "standings": standings, "first_standings_ms": first.server_ms,
            "leader": first.json()[0], "pinned": pin, "tables": pairs // 2}


def put_figures(found: dict, pairs: int, seconds: float, put) -> None:
    """`measure`'s findings as run.py's three tournament figures (`put(name, value, met, how)`)."""
    night, tables = found["night"], found["tables"]
    errors = night["errors"]
    where = ("bench/serve.py pinned to core 0 (taskset -c 0)" if found["pinned"]
             else "taskset is missing: the server ran unpinned, on every core")
    detail = f"; first error: {errors[0]}" if errors else ""
    put(FIGURES[0][0],
        f"{len(errors)} errors, p99 {night['p99']:.0f} ms", not errors and night["p99"] <= 100,
        f"{night['requests']} requests ({night['rate']:.0f}/s) in {seconds:.0f} s of turn 1 ({pairs} pairs at {tables} "
        f"tables, {PHONES} phones a table, {SCREENS} screens; Mitchell, "
        f"{DEALS} deals a turn, VP by fibur-3), {night['hands']} deals through the hand form; p50 {night['p50']:.1f} ms, "
        f"max {night['max']:.0f} ms, client-side; the standings screens {night['screen_requests']} polls, p99 "
        f"{night['screen_p99']:.0f} ms; {where}, busy {night['busy']:.0%} of the evening{detail}")
    p95 = percentile(found["standings"], 95)
    put(FIGURES[1][0], f"{p95:.1f} ms", p95 <= 50,
        f"server-side, {len(found['standings'])} GETs of /api/events/<id>/standings after the last deal of the last "
        f"turn (the first, worked out afresh: {found['first_standings_ms']:.0f} ms); {pairs} pairs, "
        f"{tables * len(TURNS)} games of "
        f"{DEALS} deals, 3 Mitchell turns and a Danish")
    most = max(found["starts"])
    put(FIGURES[2][0], f"{most:.0f} ms", most <= 300,
        f"server-side, {tables} tables a turn, the slowest of the {len(TURNS)} turns' starts ({', '.join(f'{ms:.0f}' for ms in found['starts'])}"
        f" ms: 3 Mitchell, then a Danish seated by the standings)")
