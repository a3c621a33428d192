"""The schema, one migration at a time; PRAGMA user_version says how many have run."""
from __future__ import annotations

import sqlite_utils

from .connection import write


def _initial(db: sqlite_utils.Database) -> None:
    db.execute("""CREATE TABLE games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1,
        ended_at TEXT, failed_melds TEXT NOT NULL DEFAULT '[]', pin_hash TEXT)""")
    db.execute("""CREATE TABLE sides (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, idx INTEGER NOT NULL,
        name TEXT NOT NULL, PRIMARY KEY (game_id, idx))""")
    db.execute("""CREATE TABLE players (
        game_id TEXT NOT NULL, side_idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
        PRIMARY KEY (game_id, side_idx, seat),
        FOREIGN KEY (game_id, side_idx) REFERENCES sides(game_id, idx) ON DELETE CASCADE)""")
    db.execute("""CREATE TABLE hands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        entries TEXT NOT NULL, recorded_at TEXT NOT NULL, edited_at TEXT)""")
    db.execute("CREATE INDEX hands_by_game ON hands(game_id, id)")
    db.execute("CREATE INDEX games_by_updated ON games(updated)")


def _request_keys(db: sqlite_utils.Database) -> None:
    # a hand sent twice (double tap, resent form, retry after a lost answer) is recorded once:
    # the first answer is kept under the key its sender chose
    db.execute("""CREATE TABLE request_keys (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, key TEXT NOT NULL,
        request TEXT NOT NULL, status INTEGER NOT NULL, hand TEXT NOT NULL, created TEXT NOT NULL,
        PRIMARY KEY (game_id, key))""")
    db.execute("CREATE INDEX request_keys_by_created ON request_keys(created)")
    # the revision recording the last hand made: while the game is still at it, that hand can be undone
    db.execute("ALTER TABLE games ADD COLUMN hand_revision INTEGER")


def _players_and_paper_scores(db: sqlite_utils.Database) -> None:
    """Scores brought forward from paper per side; each game's standing as the players pages need it."""
    db.execute("ALTER TABLE sides ADD COLUMN start_score INTEGER NOT NULL DEFAULT 0")
    # derived from the game at `revision` (see db/players.py); a game at another revision is derived again
    db.execute("""CREATE TABLE IF NOT EXISTS game_summaries (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, summary TEXT NOT NULL)""")


def _pin_failures(db: sqlite_utils.Database) -> None:
    # wrong table PINs per game and client address, kept so that a restart or a second
    # server thread does not forget them (API.md: "Table PIN guessing is slow everywhere")
    db.execute("""CREATE TABLE IF NOT EXISTS pin_failures (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, client TEXT NOT NULL,
        failures INTEGER NOT NULL, locked_until REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, client))""")


MIGRATIONS = [_initial, _request_keys, _players_and_paper_scores, _pin_failures]


def migrate(db: sqlite_utils.Database) -> int:
    """Apply every migration not yet applied, each in its own transaction; returns the version."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for number, step in enumerate(MIGRATIONS[version:], start=version + 1):
        with write(db):
            step(db)
            db.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)
