"""Storage of a table's result confirmed by both sides (API.md): acceptances, each side's sent totals, and the second
side's own table PIN (an event with `confirm: both` and table_pins)."""
from __future__ import annotations

import json
import sqlite3

import sqlite_utils

from .games import rows


def event_confirm(db: sqlite_utils.Database, event_id: str) -> str:
    """The event's confirm mode: none, accept or both."""
    try:
        found = rows(db, "SELECT confirm FROM events WHERE id = ?", [event_id])
    except sqlite3.OperationalError:  # a backup from before confirming, given new table PINs before it migrates
        return "none"
    return (found[0]["confirm"] or "none") if found else "none"


def set_confirm(db: sqlite_utils.Database, event_id: str, mode: str) -> None:
    db.execute("UPDATE events SET confirm = ? WHERE id = ?", [mode, event_id])


def acceptance(db: sqlite_utils.Database, game_id: str) -> dict | None:
    """The game's acceptance {revision, side, at, device}, or None."""
    found = rows(db, "SELECT revision, side, at, device FROM game_acceptances WHERE game_id = ?", [game_id])
    return found[0] if found else None


def put_acceptance(db: sqlite_utils.Database, game_id: str, revision: int, side: int, at: str,
                   device: str | None) -> None:
    db.execute("INSERT OR REPLACE INTO game_acceptances (game_id, revision, side, at, device) VALUES (?, ?, ?, ?, ?)",
               [game_id, revision, side, at, device])


def drop_acceptance(db: sqlite_utils.Database, game_id: str) -> None:
    db.execute("DELETE FROM game_acceptances WHERE game_id = ?", [game_id])


def side_results(db: sqlite_utils.Database, game_id: str) -> list[dict]:
    """Each side's sent totals in side order: side, totals, at, device, request_key."""
    return [{**r, "totals": json.loads(r["totals"])} for r in rows(
        db, "SELECT side, totals, at, device, request_key FROM game_side_results WHERE game_id = ? ORDER BY side",
        [game_id])]


def put_side_result(db: sqlite_utils.Database, game_id: str, side: int, totals: list[int], at: str,
                    device: str | None, key: str | None) -> None:
    db.execute("INSERT OR REPLACE INTO game_side_results (game_id, side, totals, at, device, request_key) "
               "VALUES (?, ?, ?, ?, ?, ?)", [game_id, side, json.dumps(totals), at, device, key])


def side_pin(db: sqlite_utils.Database, game_id: str, side: int) -> dict | None:
    found = rows(db, "SELECT pin_hash FROM side_pins WHERE game_id = ? AND side = ?", [game_id, side])
    return found[0] if found else None


def put_side_pin(db: sqlite_utils.Database, game_id: str, side: int, pin_hash: str) -> None:
    """A side's own PIN's hash (a new round's, or new PINs after an import or a restore)."""
    db.execute("INSERT OR REPLACE INTO side_pins (game_id, side, pin_hash) VALUES (?, ?, ?)", [game_id, side, pin_hash])


def event_marks(db: sqlite_utils.Database, event_id: str) -> dict[str, dict]:
    """For each table game of the event: its revision, its acceptance's revision (None), how many sides sent totals
    and the lowest side that did (None), in one query."""
    return {r["game_id"]: r for r in rows(
        db, "SELECT t.game_id, g.revision, a.revision AS accepted, "
            "(SELECT count(*) FROM game_side_results s WHERE s.game_id = t.game_id) AS sent, "
            "(SELECT min(side) FROM game_side_results s WHERE s.game_id = t.game_id) AS first_sent "
            "FROM event_tables t JOIN games g ON g.id = t.game_id "
            "LEFT JOIN game_acceptances a ON a.game_id = t.game_id WHERE t.event_id = ?", [event_id])}


def back_to_waiting(db: sqlite_utils.Database, game_id: str, revision: int) -> bool:
    """In a game write's transaction: a game accepted at `revision` (the one this write changed) is no longer
    accepted; whether it was."""
    found = acceptance(db, game_id)
    if found is None or found["revision"] != revision:
        return False
    drop_acceptance(db, game_id)
    return True


def export_rows(db: sqlite_utils.Database, event_id: str, *, with_pin: bool = True) -> dict:
    """An event's confirmations as an export keeps them: {"accepted", "results"} lists (the acceptances of the games
    as they are), each row naming its game; empty lists left out. A side's own PIN never leaves the database (an
    imported night gets new ones, db.imports.new_table_pins)."""
    where = "WHERE game_id IN (SELECT game_id FROM event_tables WHERE event_id = ?) ORDER BY game_id"
    found = {"accepted": rows(db, "SELECT a.game_id AS game, a.revision, a.side, a.at, a.device FROM game_acceptances a "
                                  "JOIN games g ON g.id = a.game_id AND g.revision = a.revision "  # current ones only
                                  "WHERE a.game_id IN (SELECT game_id FROM event_tables WHERE event_id = ?) "
                                  "ORDER BY a.game_id", [event_id]),
             "results": [{**r, "totals": json.loads(r["totals"])} for r in rows(
                 db, f"SELECT game_id AS game, side, totals, at, device FROM game_side_results {where}, side",
                 [event_id])]}
    return {k: v for k, v in found.items() if v}


def import_rows(db: sqlite_utils.Database, kept: dict) -> None:
    """Store an imported event's confirmations (export_rows' shape, checked)."""
    for a in kept.get("accepted", []):  # accepted as the game is (an import numbers its revisions anew)
        revision = rows(db, "SELECT revision FROM games WHERE id = ?", [a["game"]])[0]["revision"]
        put_acceptance(db, a["game"], revision, a["side"], a["at"], a["device"])
    for r in kept.get("results", []):
        put_side_result(db, r["game"], r["side"], r["totals"], r["at"], r["device"], None)
