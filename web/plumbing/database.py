"""The database connection a request uses: one per server thread, opened once and reused.

Opening SQLite and setting its pragmas costs more than a whole cached page, so each
waitress thread keeps its connection; a write is still one transaction (db.write).
"""
from __future__ import annotations

import os
import sqlite3
import threading

import sqlite_utils
from flask import Flask, current_app, g

import db
from service.games import read_game

_local = threading.local()
_preparing = threading.Lock()
PREPARED = "meldbook_database_prepared"


def prepare(app: Flask) -> None:
    """Check the app's database file and bring its schema up to date (its folder is made if missing).

    The app factory does this at once, so a server does not start on a damaged file; an app
    loaded by `flask --app app COMMAND` leaves it to its first request (`get_db`), so a command
    given another database never creates or changes the default one.
    """
    path = app.config["DATABASE"]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    conn = db.connect(path)
    try:
        db.check(conn)  # a truncated or overwritten file is found now, not halfway through a game
        db.migrate(conn)
    finally:
        conn.conn.close()
    app.extensions[PREPARED] = True


def get_db() -> sqlite_utils.Database:
    """This thread's connection to the app's game database (reopened if the app's database changed)."""
    app = current_app._get_current_object()  # one look-up of the app: every request asks several times
    if not app.extensions.get(PREPARED):
        with _preparing:
            if not app.extensions.get(PREPARED):
                prepare(app)
    path = app.config["DATABASE"]
    held = getattr(_local, "held", None)
    if held is None or held[0] != path:
        if held is not None:
            held[1].conn.close()
        held = _local.held = (path, db.connect(path))
    return held[1]


def close_db(_exc: BaseException | None = None) -> None:
    """After a request: a transaction left open by a crash is rolled back, the connection kept."""
    held = getattr(_local, "held", None)
    if held is not None and held[1].conn.in_transaction:
        try:
            held[1].conn.rollback()
        except sqlite3.Error:  # a damaged or vanished file: the answer already says so, nothing was committed
            pass


def stored_game(game_id: str) -> dict | None:
    """The stored game (service.games.read_game: its options in today's names) as this request first read it; None if
    unknown.

    One query per request: the PIN check before a write reads the game, and recording a hand
    starts from that read (hand_actions.record_hand checks it is still current).
    """
    read = g.setdefault("stored_games", {})
    if game_id not in read:
        read[game_id] = read_game(get_db(), game_id) if isinstance(game_id, str) else None
    return read[game_id]
