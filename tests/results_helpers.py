"""A club night to take home (results.html): four pairs on FIBUR's 3-deal VP scale, two Mitchell rounds and a Danish,
played through the API, with a penalty and an award; by a Flask test client or a real server (tests/server.py).

The margins (fibur-3: 55–150 → 11–9, 155–250 → 12–8, 255–350 → 13–7), seat 0 listed first at each table:
- round 1 (Mitchell): table 1 Ada & Bea 400 v Elsa & Fede 100 (13–7); table 2 Carlo & Dino 200 v Gino & Ugo 100 (11–9)
- round 2 (Mitchell): table 1 Ada & Bea 100 v Gino & Ugo 300 (8–12); table 2 Carlo & Dino 300 v Elsa & Fede 100 (12–8)
- round 3 (Danish, 1st v 2nd, 3rd v 4th): Carlo & Dino (23 VP) v Gino & Ugo (21: level with Ada & Bea, ahead by the
  game between them) 100 v 250 (9–11); Ada & Bea v Elsa & Fede 400 v 100 (13–7)
Before the adjustments: Ada & Bea 34, Carlo & Dino 32, Gino & Ugo 32, Elsa & Fede 22; Carlo & Dino and Gino & Ugo are
level on VP and on the games between them (11 + 9 each), and the margin splits them: Carlo & Dino +100 +200 −150 = +150,
Gino & Ugo −100 +200 +150 = +250. Then Elsa & Fede −1 VP in round 2 (late start), Ada & Bea +5 points in round 3
(a scoring slip put right): only the points move, so the places stand.
"""
from __future__ import annotations

from typing import Callable

PAIRS = ["Ada & Bea", "Carlo & Dino", "Elsa & Fede", "Gino & Ugo"]  # Mitchell: the first two sit North-South
NAME = "Venerdì al circolo"
ROUNDS = [{"movement": None, "scores": {1: (400, 100), 2: (200, 100)}},
          {"movement": None, "scores": {1: (100, 300), 2: (300, 100)}},
          {"movement": "danish", "scores": {1: (100, 250), 2: (400, 100)}}]
ADJUSTMENTS = [{"entrant": 2, "round": 2, "vp": -1, "points": 0, "reason": "late start"},
               {"entrant": 0, "round": 3, "vp": 0, "points": 5, "reason": "a scoring slip put right"}]
# what the file shows: each round's tables (table, [(name, MP, VP)]), and the final standings (place, name, VP)
TABLES = {1: [(1, [("Ada & Bea", 400, 13), ("Elsa & Fede", 100, 7)]),
              (2, [("Carlo & Dino", 200, 11), ("Gino & Ugo", 100, 9)])],
          2: [(1, [("Ada & Bea", 100, 8), ("Gino & Ugo", 300, 12)]),
              (2, [("Carlo & Dino", 300, 12), ("Elsa & Fede", 100, 8)])],
          3: [(1, [("Carlo & Dino", 100, 9), ("Gino & Ugo", 250, 11)]),
              (2, [("Ada & Bea", 400, 13), ("Elsa & Fede", 100, 7)])]}
STANDINGS = [(1, "Ada & Bea", 34), (2, "Gino & Ugo", 32), (3, "Carlo & Dino", 32), (4, "Elsa & Fede", 21)]

Call = Callable[..., tuple[int, object]]  # call(method, path, body=None) -> (status, the answer's JSON)


def client_call(client) -> Call:
    """`call` through a Flask test client."""
    def call(method: str, path: str, body=None):
        answer = client.open(path, method=method, json=body)
        return answer.status_code, answer.get_json(silent=True)
    return call


def _ok(answer: tuple[int, object], status: int = 200):
    assert answer[0] == status, answer
    return answer[1]


def new_evening(call: Call, rounds: int = 3) -> dict:
    body = {"name": NAME, "variant": "classic", "options": {"target": 100000},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in PAIRS], "rounds": rounds,
            "movement": "mitchell", "standings": "vp", "vp_scale": "fibur-3"}
    return _ok(call("POST", "/api/events", body), 201)


def play_round(call: Call, event_id: str, number: int, finish: bool = True) -> dict:
    """Start round `number` (1-based) and play its tables as ROUNDS says; `finish`: end every table's game, else only
    the first table's hand is recorded (the round still in play)."""
    planned = ROUNDS[number - 1]
    body = {"movement": planned["movement"]} if planned["movement"] else None
    round_ = _ok(call("POST", f"/api/events/{event_id}/rounds", body), 201)
    for t in round_["tables"]:
        first, second = planned["scores"][t["table"]]
        _ok(call("POST", f"/api/games/{t['game']}/hands", {"entries": [{"melded": first}, {"melded": second}]}), 201)
        if finish:
            _ok(call("POST", f"/api/games/{t['game']}/end"))
    return round_


def finished_evening(call: Call) -> str:
    """The whole evening played and adjusted; its event id."""
    event_id = new_evening(call)["id"]
    for number in range(1, len(ROUNDS) + 1):
        play_round(call, event_id, number)
    for a in ADJUSTMENTS:
        _ok(call("POST", f"/api/events/{event_id}/adjustments", a), 201)
    return event_id
