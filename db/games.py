"""Named queries for games, their sides and players, and their hands."""
from __future__ import annotations

import json

import sqlite_utils


def insert_game(db: sqlite_utils.Database, game: dict) -> None:
    """Store a game in read_game's shape: its row, sides and players, and hands (a new game has none).

    The one place a game is written whole (with insert_games): a new game and an imported one go in the same way.
    """
    insert_games(db, [game])


def insert_games(db: sqlite_utils.Database, games: list[dict]) -> None:
    """Store games in read_game's shape, one insert_all a table for them all (a club night's round starts 20 or more
    at once: sqlite-utils looks the schema up and takes a savepoint on each call)."""
    db["games"].insert_all({"id": game["id"], "variant": game["variant"], "options": json.dumps(game["options"]),
                            "created": game["created"], "updated": game["updated"], "revision": game["revision"],
                            "ended_at": game.get("ended_at"), "marks": json.dumps(game.get("marks") or {}),
                            "pin_hash": game.get("pin_hash"), "hand_revision": game.get("hand_revision")}
                           for game in games)
    db["sides"].insert_all({"game_id": game["id"], "idx": i, "name": side["name"],
                            "start_score": side.get("start_score", 0)}
                           for game in games for i, side in enumerate(game["sides"]))
    db["players"].insert_all({"game_id": game["id"], "side_idx": i, "seat": seat, "name": player}
                             for game in games for i, side in enumerate(game["sides"])
                             for seat, player in enumerate(side["players"]))
    db["hands"].insert_all({"game_id": game["id"], "entries": json.dumps(hand["entries"]),
                            "recorded_at": hand["recorded_at"], "edited_at": hand.get("edited_at")}
                           for game in games for hand in game.get("hands", []))


def rows(db: sqlite_utils.Database, sql: str, params: list | None = None) -> list[dict]:
    """A read query's rows as dicts.

    Plain execute, not db.query: every page and poll reads a game, and db.query wraps each
    statement in a savepoint (three statements for one).
    """
    cursor = db.execute(sql, params or [])
    keys = [d[0] for d in cursor.description]
    return [dict(zip(keys, row)) for row in cursor]


def read_game(db: sqlite_utils.Database, game_id: str) -> dict | None:
    """Everything stored about a game in one query: its row (options and marks decoded), its
    sides with their players, its hands in play order, and its seat in a club night ("event": id, round,
    table; None for a game of no event); None if unknown.

    This is the stored game; the game object of API.md is derived from it (service/games.py).
    """
    found = rows(db, "SELECT g.*, "
                     "(SELECT json_group_array(json_array(s.idx, s.name, s.start_score, json("
                     "   (SELECT json_group_array(json_array(p.seat, p.name)) FROM players p "
                     "    WHERE p.game_id = s.game_id AND p.side_idx = s.idx)))) "
                     " FROM sides s WHERE s.game_id = g.id) AS side_rows, "
                     "(SELECT json_group_array(json_array(h.id, json(h.entries), h.recorded_at, h.edited_at)) "
                     " FROM hands h WHERE h.game_id = g.id) AS hand_rows, "
                     "(SELECT json_object('id', t.event_id, 'round', t.round, 'table', t.table_no) "
                     " FROM event_tables t WHERE t.game_id = g.id) AS event "
                     "FROM games g WHERE g.id = ?", [game_id])
    if not found:
        return None
    game = found[0]
    game["options"] = json.loads(game["options"])
    game["marks"] = json.loads(game["marks"])
    game["event"] = json.loads(game["event"]) if game["event"] else None  # a table of a club night: where
    # an aggregate's order is not promised by SQLite: sides, seats and hands are put in order here
    game["sides"] = []
    for _, name, start_score, players in sorted(json.loads(game.pop("side_rows"))):
        side = {"name": name, "players": [player for _, player in sorted(players)]}
        if start_score:
            side["start_score"] = start_score
        game["sides"].append(side)
    game["hands"] = [{"id": hand_id, "entries": entries, "recorded_at": recorded_at, "edited_at": edited_at}
                     for hand_id, entries, recorded_at, edited_at in sorted(json.loads(game.pop("hand_rows")))]
    return game


def get_version(db: sqlite_utils.Database, game_id: str) -> dict | None:
    """Just what says which state a game is in: id, revision and last change; None if unknown."""
    found = rows(db, "SELECT id, revision, updated FROM games WHERE id = ?", [game_id])
    return found[0] if found else None


def get_sides(db: sqlite_utils.Database, game_id: str) -> list[dict]:
    """A game's sides in order, each with its players in seat order (and its score from paper, if any)."""
    sides: list[dict] = []
    for r in rows(db, "SELECT s.idx, s.name AS side, s.start_score, p.name AS player FROM sides s "
                      "LEFT JOIN players p ON p.game_id = s.game_id AND p.side_idx = s.idx "
                      "WHERE s.game_id = ? ORDER BY s.idx, p.seat", [game_id]):
        if r["idx"] == len(sides):
            sides.append({"name": r["side"], "players": []})
            if r["start_score"]:
                sides[-1]["start_score"] = r["start_score"]
        if r["player"] is not None:
            sides[r["idx"]]["players"].append(r["player"])
    return sides


def list_games(db: sqlite_utils.Database) -> list[dict]:
    """Every game, most recently changed first, with its side names and hand count."""
    games = rows(db, "SELECT g.*, (SELECT count(*) FROM hands h WHERE h.game_id = g.id) AS hand_count "
                     "FROM games g ORDER BY g.updated DESC, g.created DESC")
    for g in games:
        g["options"] = json.loads(g["options"])
        g["marks"] = json.loads(g["marks"])
    return games


def list_games_page(db: sqlite_utils.Database, limit: int, offset: int) -> list[dict]:
    """A page of the games that are no club night's table, most recently changed first (list_games' shape): the home
    page's, `limit` of them from `offset` on (the index on `updated` walks them in order)."""
    games = rows(db, "SELECT g.*, (SELECT count(*) FROM hands h WHERE h.game_id = g.id) AS hand_count "
                     "FROM games g WHERE NOT EXISTS (SELECT 1 FROM event_tables t WHERE t.game_id = g.id) "
                     "ORDER BY g.updated DESC, g.created DESC, g.rowid DESC LIMIT ? OFFSET ?", [limit, offset])
    for g in games:
        g["options"] = json.loads(g["options"])
        g["marks"] = json.loads(g["marks"])
    return games


def add_hand(db: sqlite_utils.Database, game_id: str, entries: list[dict], now: str) -> None:
    """Append a hand to a game.

    Written as SQL, as keep_request_key is: sqlite-utils' insert looks the schema up and wraps itself in a
    savepoint (five more statements), and recording a hand is the one write every table makes all evening.
    """
    db.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES (?, ?, ?)",
               [game_id, json.dumps(entries), now])


def replace_hand(db: sqlite_utils.Database, hand_id: int, entries: list[dict], now: str) -> None:
    """Replace a hand's entries in place (it keeps its number and recording time)."""
    db.execute("UPDATE hands SET entries = ?, edited_at = ? WHERE id = ?", [json.dumps(entries), now, hand_id])


def delete_hand(db: sqlite_utils.Database, hand_id: int) -> None:
    """Remove a hand; the later ones move up a number."""
    db.execute("DELETE FROM hands WHERE id = ?", [hand_id])


def touch_game(db: sqlite_utils.Database, game_id: str, now: str, *, marks: dict[str, list[int]] | None = None,
               ended_at: str | None = None, hand_recorded: bool = False, was: int | None = None,
               taken_back: dict | None = None) -> bool:
    """Mark a change: new revision and time; optionally set the sides' marks or the ending time.

    `hand_recorded` notes the new revision as the one a recorded hand made (it may be undone while the game is at it).
    `taken_back` is the note an Undo leaves for the other phones (see `taken_back`).
    With `was`, only a game still at that revision changes; returns whether the game changed.
    """
    sets, params = ["revision = revision + 1", "updated = ?"], [now]
    if hand_recorded:
        sets.append("hand_revision = revision + 1")
    if marks is not None:
        sets.append("marks = ?")
        params.append(json.dumps(marks))
    if ended_at is not None:
        sets.append("ended_at = ?")
        params.append(ended_at)
    if taken_back is not None:
        sets.append("taken_back = ?")
        params.append(json.dumps(taken_back))
    where, params = "id = ?", [*params, game_id]
    if was is not None:
        where, params = "id = ? AND revision = ?", [*params, was]
    return db.execute(f"UPDATE games SET {', '.join(sets)} WHERE {where}", params).rowcount == 1


def taken_back(db: sqlite_utils.Database, game_id: str, revision: int) -> dict | None:
    """The note the last Undo left, while the game is still at the revision that Undo made; else None."""
    found = rows(db, "SELECT taken_back FROM games WHERE id = ? AND revision = ?", [game_id, revision])
    note = json.loads(found[0]["taken_back"]) if found and found[0]["taken_back"] else None
    return note if isinstance(note, dict) and note.get("revision") == revision else None


def delete_game(db: sqlite_utils.Database, game_id: str) -> None:
    """Remove a game with its sides, players and hands."""
    db.execute("DELETE FROM games WHERE id = ?", [game_id])


def get_request_key(db: sqlite_utils.Database, game_id: str, key: str) -> dict | None:
    """The answer kept for a request sent with this Idempotency-Key, or None the first time."""
    found = rows(db, "SELECT request, status, hand FROM request_keys WHERE game_id = ? AND key = ?", [game_id, key])
    if not found:
        return None
    return {**found[0], "hand": json.loads(found[0]["hand"])}


def keep_request_key(db: sqlite_utils.Database, game_id: str, key: str, request: str, status: int, hand: dict,
                     now: str) -> bool:
    """Keep the answer of a request made with an Idempotency-Key, so a repeat answers the same.

    Returns False, keeping nothing, when the key was used before in this game.
    """
    cursor = db.execute("INSERT INTO request_keys (game_id, key, request, status, hand, created) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, key) DO NOTHING",
                        [game_id, key, request, status, json.dumps(hand), now])
    return cursor.rowcount == 1


def game_started_with(db: sqlite_utils.Database, key: str, request: str) -> dict | None:
    """The game (id and PIN hash) a new-game form sent with this key and request last started, if one did."""
    found = rows(db, "SELECT g.id, g.pin_hash FROM request_keys k JOIN games g ON g.id = k.game_id "
                     "WHERE k.key = ? AND k.request = ? ORDER BY k.created DESC, k.rowid DESC LIMIT 1", [key, request])
    return found[0] if found else None


def forget_request_keys(db: sqlite_utils.Database, before: str) -> None:
    """Drop kept answers older than `before` (nobody retries a hand after days)."""
    db.execute("DELETE FROM request_keys WHERE created < ?", [before])
