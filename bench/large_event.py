"""The longest club night: 200 entrants × 100 rounds (scoring.events' MAX_ROUNDS; the widest field, 512 pairs at
256 tables, is bench/championship.py's),
built in this process through the game service, as the director's and the tables' devices would make it.

The event is made with service.events.create_event and every round started with service.events.start_round (a draw:
seating by lot, so the build does not time a pairing search 100 times); each table's one hand is recorded with
service.record_hand (`max_hands` 1, so one hand finishes a table). The build's own connection does not wait for
the disk at each commit (synchronous off: a bench database, not a club's), so 10,000 games take a few minutes.
"""
from __future__ import annotations

import random

from db import connect, migrate
from scoring.events import MAX_ROUNDS
from service import events, record_hand

from .workload import hand


def payload(entrants: int, rounds: int) -> dict:
    """A Ponytail club night of `entrants` pairs, two a table, seated by lot, ranked by wins."""
    return {"name": "Bench county championship", "variant": "ponytail", "options": {"target": None, "max_hands": 1},
            "entrants": [{"name": f"Pair {i + 1}", "players": [f"North {i + 1}", f"South {i + 1}"]}
                         for i in range(entrants)],
            "table_size": 2, "rounds": rounds, "movement": "draw", "standings": "wins"}


def build(path: str, entrants: int = 200, rounds: int = MAX_ROUNDS, say=lambda text: None) -> str:
    """A database at `path` holding one finished event of `entrants` pairs and `rounds` rounds; the event's id."""
    db = connect(path)
    db.execute("PRAGMA synchronous=OFF")
    migrate(db)
    rng = random.Random(31)
    try:
        event_id = events.create_event(db, payload(entrants, rounds))["id"]
        for number in range(1, rounds + 1):
            played = events.start_round(db, event_id)
            for table in played["tables"]:
                record_hand(db, table["game"], hand(rng, 2))
            if number % 20 == 0:
                say(f"  … {number} of {rounds} rounds")
    finally:
        db.conn.close()
    return event_id
