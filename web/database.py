"""One database connection per request, on flask.g, closed when the request ends."""
from __future__ import annotations

import sqlite_utils
from flask import current_app, g

import db


def get_db() -> sqlite_utils.Database:
    """This request's connection to the game database."""
    if "db" not in g:
        g.db = db.connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    conn = g.pop("db", None)
    if conn is not None:
        conn.conn.close()
