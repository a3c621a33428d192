"""Moving games between databases: export to plain data, import it back in one transaction, online backup."""
from __future__ import annotations

import json
import os
import sqlite3

import sqlite_utils

from .connection import write
from .games import get_sides

FORMAT = "meldbook-games"
VERSION = 1


def export_games(db: sqlite_utils.Database, game_ids: list[str] | None = None, *, with_pin: bool = True) -> dict:
    """Every game (or those listed) with sides and hands, as data `import_games` takes back unchanged."""
    rows = list(db.query("SELECT * FROM games ORDER BY rowid"))  # the order they were made or imported in
    if game_ids is not None:
        rows = [r for r in rows if r["id"] in game_ids]
    games = []
    for r in rows:
        game = {"id": r["id"], "variant": r["variant"], "options": json.loads(r["options"]),
                "created": r["created"], "updated": r["updated"], "revision": r["revision"],
                "ended_at": r["ended_at"], "failed_melds": json.loads(r["failed_melds"])}
        if with_pin:
            game["pin_hash"] = r["pin_hash"]
        game["sides"] = get_sides(db, r["id"])
        game["hands"] = [{"entries": json.loads(h["entries"]), "recorded_at": h["recorded_at"],
                          "edited_at": h["edited_at"]}
                         for h in db.query("SELECT entries, recorded_at, edited_at FROM hands "
                                           "WHERE game_id = ? ORDER BY id", [r["id"]])]
        games.append(game)
    return {"format": FORMAT, "version": VERSION, "games": games}


def existing_ids(db: sqlite_utils.Database, game_ids: list[str]) -> list[str]:
    """Which of these game ids the database already holds."""
    found = []
    for game_id in game_ids:
        if list(db.query("SELECT 1 FROM games WHERE id = ?", [game_id])):
            found.append(game_id)
    return found


def import_games(db: sqlite_utils.Database, games: list[dict], *, replace: bool = False) -> None:
    """Store already-checked exported games in one transaction; `replace` overwrites games with the same id."""
    with write(db):
        clash = existing_ids(db, [g["id"] for g in games])
        if clash and not replace:
            raise ValueError("These games are already in the database: " + ", ".join(clash))
        for game_id in clash:
            db.execute("DELETE FROM games WHERE id = ?", [game_id])
        for g in games:
            db.execute("INSERT INTO games (id, variant, options, created, updated, revision, ended_at, "
                       "failed_melds, pin_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [g["id"], g["variant"], json.dumps(g["options"]), g["created"], g["updated"],
                        g["revision"], g["ended_at"], json.dumps(g["failed_melds"]), g.get("pin_hash")])
            for i, side in enumerate(g["sides"]):
                db.execute("INSERT INTO sides (game_id, idx, name, start_score) VALUES (?, ?, ?, ?)",
                           [g["id"], i, side["name"], side.get("start_score", 0)])
                for seat, player in enumerate(side["players"]):
                    db.execute("INSERT INTO players (game_id, side_idx, seat, name) VALUES (?, ?, ?, ?)",
                               [g["id"], i, seat, player])
            for h in g["hands"]:
                db.execute("INSERT INTO hands (game_id, entries, recorded_at, edited_at) VALUES (?, ?, ?, ?)",
                           [g["id"], json.dumps(h["entries"]), h["recorded_at"], h["edited_at"]])


def backup(db: sqlite_utils.Database, target: str) -> str:
    """Copy the live database to `target` with SQLite's online backup; returns the copy's integrity check."""
    source_file = db.execute("PRAGMA database_list").fetchone()[2]
    if source_file and os.path.exists(target) and os.path.samefile(source_file, target):
        raise ValueError("The backup file cannot be the database itself.")
    partial = f"{target}.partial"
    if os.path.exists(partial):
        os.remove(partial)
    copy = sqlite3.connect(partial)
    try:
        db.conn.backup(copy)  # a consistent snapshot even while the server keeps writing
        status = copy.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        copy.close()
    os.replace(partial, target)  # an interrupted backup never leaves a half-written file under the real name
    return status
