"""A database with a club night in it (rounds, tables, a bye, a log entry) and its export, for the tests of what
`import`, `restore` and `export` make of damaged or wrong club-night data (issue 31 items 17 and 18)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .cli_helpers import client_for, dump

EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000},
         "entrants": [{"name": f"Pair {i}", "players": [f"A{i}", f"B{i}"]} for i in range(5)],
         "table_size": 2, "rounds": 5, "movement": "round-robin", "standings": "wins"}


def club_database(path: Path) -> dict:
    """A club night of 5 pairs: round 1 played (two tables, a bye), round 2 started, then a round-1 hand corrected
    (the log's one entry). Returns the event object."""
    client = client_for(path)
    event = client.post("/api/events", json=EVENT).get_json()
    first = client.post(f"/api/events/{event['id']}/rounds").get_json()
    for t in first["tables"]:
        assert client.post(f"/api/games/{t['game']}/hands",
                           json={"entries": [{"melded": 150}, {"melded": 100}]}).status_code == 201
        assert client.post(f"/api/games/{t['game']}/end").status_code == 200
    assert client.post(f"/api/events/{event['id']}/rounds").status_code == 201
    game = first["tables"][0]["game"]
    assert client.put(f"/api/games/{game}/hands/1", json={"entries": [{}, {"melded": 500}]}).status_code == 200
    assert len(client.get(f"/api/events/{event['id']}/log").get_json()) == 1
    return client.get(f"/api/events/{event['id']}").get_json()


def club_export(folder: Path) -> dict:
    """The export (as `export` writes it) of a fresh club_database in `folder`."""
    path = folder / "club.sqlite"
    club_database(path)
    return dump(path)


def write_json(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def set_cell(path: Path, statement: str, *values) -> None:
    """Change the database at `path` behind Meldbook's back (as a damaged disk or another program would)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute(statement, values)
        conn.commit()
        assert conn.total_changes > 0, statement
    finally:
        conn.close()
