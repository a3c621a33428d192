"""Named queries for seasons (a club's circuit across nights): the season's row and its events in the order played.
What a season ranks is derived from its events each time it is asked (service.seasons), never stored."""
from __future__ import annotations

import json
from typing import Sequence

import sqlite_utils

from .games import rows


def insert_season(db: sqlite_utils.Database, season: dict) -> None:
    """Store a season's row (id, name, counting, created, request_key) and its events in order."""
    db["seasons"].insert({"id": season["id"], "name": season["name"], "counting": json.dumps(season["counting"]),
                          "created": season["created"], "request_key": season.get("request_key")})
    put_events(db, season["id"], season["events"])


def put_season(db: sqlite_utils.Database, season_id: str, name: str, counting: dict) -> None:
    """A season's new name and counting."""
    db.execute("UPDATE seasons SET name = ?, counting = ? WHERE id = ?", [name, json.dumps(counting), season_id])


def put_events(db: sqlite_utils.Database, season_id: str, events: Sequence[str]) -> None:
    """The season's events are these, in this order (each event in at most one season: the table refuses another)."""
    db.execute("DELETE FROM season_events WHERE season_id = ?", [season_id])
    db.conn.executemany("INSERT INTO season_events (season_id, position, event_id) VALUES (?, ?, ?)",
                        [(season_id, i, e) for i, e in enumerate(events)])


def _decoded(row: dict, events: list[str]) -> dict:
    return {**row, "counting": json.loads(row["counting"]), "events": events}


def get_season(db: sqlite_utils.Database, season_id: str) -> dict | None:
    """A season's row with its counting decoded and its event ids in order, or None if unknown."""
    found = rows(db, "SELECT id, name, counting, created, request_key FROM seasons WHERE id = ?", [season_id])
    if not found:
        return None
    events = [r[0] for r in db.execute("SELECT event_id FROM season_events WHERE season_id = ? ORDER BY position",
                                       [season_id]).fetchall()]
    return _decoded(found[0], events)


def list_seasons(db: sqlite_utils.Database) -> list[dict]:
    """Every season, the newest first, each with its event ids in order (two queries)."""
    events: dict[str, list[str]] = {}
    for season_id, event_id in db.execute("SELECT season_id, event_id FROM season_events "
                                          "ORDER BY season_id, position").fetchall():
        events.setdefault(season_id, []).append(event_id)
    return [_decoded(r, events.get(r["id"], [])) for r in
            rows(db, "SELECT id, name, counting, created, request_key FROM seasons ORDER BY created DESC, rowid DESC")]


def season_started_with(db: sqlite_utils.Database, key: str) -> str | None:
    """The id of the season a request key made, or None."""
    found = db.execute("SELECT id FROM seasons WHERE request_key = ?", [key]).fetchone()
    return found[0] if found else None


def season_of_events(db: sqlite_utils.Database, event_ids: Sequence[str]) -> dict[str, str]:
    """Event id → the id of the season it is in, for those of `event_ids` that are in one."""
    if not event_ids:
        return {}
    marks = ", ".join("?" for _ in event_ids)
    return dict(db.execute(f"SELECT event_id, season_id FROM season_events WHERE event_id IN ({marks})",
                           list(event_ids)).fetchall())


def event_variants(db: sqlite_utils.Database, event_ids: Sequence[str]) -> dict[str, tuple[str, str, str]]:
    """Event id → (variant, standings, name) for those of `event_ids` that exist."""
    if not event_ids:
        return {}
    marks = ", ".join("?" for _ in event_ids)
    return {r[0]: (r[1], r[2], r[3]) for r in db.execute(
        f"SELECT id, variant, standings, name FROM events WHERE id IN ({marks})", list(event_ids)).fetchall()}


def season_variant(db: sqlite_utils.Database, season_id: str) -> str | None:
    """The variant of the season's first event (every event of a season plays it), or None with no events."""
    found = db.execute("SELECT e.variant FROM season_events s JOIN events e ON e.id = s.event_id "
                       "WHERE s.season_id = ? ORDER BY s.position LIMIT 1", [season_id]).fetchone()
    return found[0] if found else None


def every_season(db: sqlite_utils.Database) -> list[dict]:
    """Every season as export writes it: id, name, counting, created and events, oldest first."""
    return [{k: s[k] for k in ("id", "name", "counting", "created", "events")}
            for s in reversed(list_seasons(db))]
