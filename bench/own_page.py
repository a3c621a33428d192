"""Issue 42: an entrant's own page (/events/{id}/me/{entrant}) polls as the game page does (static/meldbook.js:
GET …/live?key=K, 204 while nothing changed); its idle poll is timed on the server beside the game page's, on one
club night of 30 pairs (Mitchell, round 1 in play, a hand recorded at each table)."""
from __future__ import annotations

import re
import statistics

from bench import figures
from bench.devices import Browser

FIGURES = [("own page idle poll (nothing changed), p95, vs the game page's", "<= 1.5 x, <= 5 ms")]
POLL = re.compile(r'data-poll="([^"]+)"')


def _poll(device: Browser, page: str) -> str:
    found = POLL.search(device.get(page).text())
    if not found:
        raise RuntimeError(f"{page} has no polling part (data-poll)")
    return found.group(1).replace("&amp;", "&")


def _idle_ms(device: Browser, path: str, samples: int) -> list[float]:
    times = []
    for _ in range(samples):
        answer = device.get(path)
        if answer.status != 204:
            raise RuntimeError(f"GET {path} answered {answer.status}, not 204 (nothing changed)")
        times.append(answer.server_ms)
    return times


def measure(port: int, samples: int, pairs: int = 30) -> dict:
    """Server-side ms of the own page's idle poll and of the game page's, `samples` each, interleaved."""
    device = Browser(port)
    body = {"name": "Bench night", "variant": "classic", "options": {"target": 100000},
            "entrants": [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(pairs)],
            "rounds": 3, "movement": "mitchell", "standings": "vp", "vp_scale": "fibur-3"}
    event = device.request("POST", "/api/events", json_body=body).json()
    round_ = device.request("POST", f"/api/events/{event['id']}/rounds").json()
    for t in round_["tables"]:
        device.request("POST", f"/api/games/{t['game']}/hands", json_body={"entries": [{"melded": 200}, {"melded": 100}]})
    own = _poll(device, f"/events/{event['id']}/me/{pairs - 1}")
    game = _poll(device, f"/games/{round_['tables'][-1]['game']}")
    mine, theirs = [], []
    for _ in range(samples):
        mine += _idle_ms(device, own, 1)
        theirs += _idle_ms(device, game, 1)
    device.close()
    return {"own": mine, "game": theirs}


def put_figures(found: dict, put) -> None:
    own, game = figures.percentile(found["own"], 95), figures.percentile(found["game"], 95)
    ratio = own / game if game else float("inf")
    name = FIGURES[0][0]
    put(name, f"{own:.2f} ms, {ratio:.2f} x", ratio <= 1.5 and own <= 5,
        f"server-side, {len(found['own'])} polls each, interleaved: own page median "
        f"{statistics.median(found['own']):.2f} ms, game page p95 {game:.2f} ms (median "
        f"{statistics.median(found['game']):.2f} ms); 30 pairs, Mitchell round 1 in play")
