"""How many SQL statements recording a hand costs, counted with SQLite's trace callback (issue 16).

In this process, through Flask's test client on a fresh database: a hand through the API without and
with an Idempotency-Key, and through the hand form (which always sends one). BEGIN IMMEDIATE and
COMMIT are counted apart: they frame the write, they do not read or write a row.

SQLite's trace callback also fires at the start of each trigger program a statement runs (a game's write runs the
triggers that keep a club night's revision, db/migrations.py), and Python reports it with the statement's own
text: a statement repeated at once is one statement sent, counted once.
"""
from __future__ import annotations

import re
from pathlib import Path

FRAME = ("BEGIN", "COMMIT", "ROLLBACK")
GAME = {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                         {"name": "Them", "players": ["Cy", "Di"]}]}
ENTRIES = [{"melded": 100}, {"melded": 50}]


def statements_per_hand(workdir: Path, hands_before: int = 50) -> dict[str, tuple[int, int]]:
    """{way the hand was sent: (statements, BEGIN/COMMIT)} for one hand on a game with `hands_before` hands."""
    from app import create_app
    from web.forms.keys import KEY_FIELD
    from web.plumbing.database import get_db

    app = create_app({"TESTING": True, "DATABASE": str(workdir / "statements.sqlite"), "SECRET_KEY": "bench"})
    client = app.test_client()
    game = client.post("/api/games", json=GAME).get_json()["id"]
    for _ in range(hands_before):
        client.post(f"/api/games/{game}/hands", json={"entries": ENTRIES})
    with app.app_context():
        conn = get_db().conn  # the test client runs requests in this thread, on this connection
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").get_data(as_text=True))[1]
    form = {"csrf_token": token, **{f"entries[{i}].melded": "50" for i in range(2)}}
    ways = {
        "API, no key": lambda: client.post(f"/api/games/{game}/hands", json={"entries": ENTRIES}),
        "API with Idempotency-Key": lambda: client.post(f"/api/games/{game}/hands", json={"entries": ENTRIES},
                                                        headers={"Idempotency-Key": "bench-1"}),
        "hand form": lambda: client.post(f"/games/{game}/hands/new", data={**form, KEY_FIELD: "bench-form-1"}),
    }
    counts = {}
    for name, send in ways.items():
        seen: list[str] = []
        conn.set_trace_callback(seen.append)
        try:
            answer = send()
        finally:
            conn.set_trace_callback(None)
        if answer.status_code not in (201, 303):
            raise RuntimeError(f"recording a hand ({name}) answered {answer.status_code}")
        seen = [s for i, s in enumerate(seen) if i == 0 or s != seen[i - 1]]  # trigger programs: see above
        frame = sum(1 for s in seen if s.lstrip().upper().startswith(FRAME))
        counts[name] = (len(seen) - frame, frame)
    return counts
