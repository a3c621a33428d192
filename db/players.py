"""Named queries for players across games: each game's kept summary, the names at every seat, renames."""
from __future__ import annotations

import json

import sqlite_utils

from .connection import write
from .games import rows


def state_key(db: sqlite_utils.Database) -> tuple:
    """One row that changes whenever any game does: count, revisions added up, newest creation and change.

    Every write bumps a revision (a rename too), a new game is created later than the rest, and a
    deleted game lowers the count or the sum of revisions, so equal keys mean the same games.
    """
    return tuple(db.execute("SELECT count(*), total(revision), max(created), max(updated) FROM games").fetchone())


def game_versions(db: sqlite_utils.Database) -> list[tuple[str, int, int | None]]:
    """(game id, revision, revision its kept summary was made at or None) for every game, by id."""
    return db.execute("SELECT g.id, g.revision, s.revision FROM games g "
                      "LEFT JOIN game_summaries s ON s.game_id = g.id ORDER BY g.id").fetchall()


def summaries(db: sqlite_utils.Database) -> dict[str, dict]:
    """Every kept game summary by game id (see scoring.standings.summarize), with the revision it stands for."""
    return {game_id: {**json.loads(text), "revision": revision} for game_id, revision, text in
            db.execute("SELECT game_id, revision, summary FROM game_summaries").fetchall()}


def put_summaries(db: sqlite_utils.Database, made: list[tuple[str, int, dict]]) -> None:
    """Keep (game id, revision, summary) for games that still exist, in one write; a busy database is not waited for.

    Summaries are only a cache made while answering a read, so they never wait for another writer:
    a read keeps answering while another program holds the database (API.md, busy storage).
    """
    waits = db.execute("PRAGMA busy_timeout").fetchone()[0]
    db.execute("PRAGMA busy_timeout = 0")
    try:
        with write(db):
            db.conn.executemany(
                "INSERT INTO game_summaries (game_id, revision, summary) "
                "SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?) "
                "ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision, summary = excluded.summary",
                [(game_id, revision, json.dumps(summary), game_id) for game_id, revision, summary in made])
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(waits)}")


def seats(db: sqlite_utils.Database) -> list[tuple[str, int, str]]:
    """(game id, side index, player name) for every seat of every game, in seat order."""
    return db.execute("SELECT game_id, side_idx, name FROM players ORDER BY game_id, side_idx, seat").fetchall()


def seats_and_sides(db: sqlite_utils.Database, *, pin_only: bool = False) -> list[dict]:
    """Every seat with its side's name, the game's variant, creation and whether it has a table PIN
    (what a rename works from); `pin_only`: only the seats of games with a PIN."""
    where = "WHERE coalesce(g.pin_hash, '') != '' " if pin_only else ""
    return rows(db, "SELECT p.game_id, p.side_idx, p.seat, p.name, s.name AS side_name, g.variant, g.created, "
                    "coalesce(g.pin_hash, '') != '' AS has_pin "
                    "FROM players p JOIN sides s ON s.game_id = p.game_id AND s.idx = p.side_idx "
                    f"JOIN games g ON g.id = p.game_id {where}ORDER BY g.created, p.game_id, p.side_idx, p.seat")


def player_names(db: sqlite_utils.Database) -> list[str]:
    """Every name typed at a seat, most recently used first (one entry per spelling)."""
    return [r[0] for r in db.execute("SELECT p.name FROM players p JOIN games g ON g.id = p.game_id "
                                     "GROUP BY p.name ORDER BY max(g.updated) DESC").fetchall()]


def rename_seat(db: sqlite_utils.Database, game_id: str, side: int, seat: int, name: str) -> None:
    """Put another name at one seat of a game."""
    db.execute("UPDATE players SET name = ? WHERE game_id = ? AND side_idx = ? AND seat = ?",
               [name, game_id, side, seat])


def rename_side(db: sqlite_utils.Database, game_id: str, side: int, name: str) -> None:
    """Give one side of a game another name."""
    db.execute("UPDATE sides SET name = ? WHERE game_id = ? AND idx = ?", [name, game_id, side])


def new_revision(db: sqlite_utils.Database, game_id: str) -> None:
    """The game object changed (its names) though no score did: a new revision, the same last-change time."""
    db.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", [game_id])


def members(db: sqlite_utils.Database) -> dict[str, str]:
    """Every player's federation number, by player key (scoring.standings.player_key)."""
    return dict(db.execute("SELECT player, member FROM members").fetchall())


def member_owners(db: sqlite_utils.Database) -> dict[str, tuple[str, str]]:
    """Every number's key (scoring.members.member_key) → (the key, the name) of the player who carries it."""
    return {r[0]: (r[1], r[2]) for r in db.execute("SELECT member_key, player, name FROM members").fetchall()}


def every_member(db: sqlite_utils.Database) -> list[dict]:
    """Every number kept, as export writes them: {"player": name, "member": number}, by name."""
    return [{"player": r[0], "member": r[1]} for r in
            db.execute("SELECT name, member FROM members ORDER BY player").fetchall()]


def put_member(db: sqlite_utils.Database, player: str, name: str, member: str, key: str) -> None:
    """Give the player (a key; `name` as typed) this number (`key`: the number as compared), replacing any."""
    db.execute("INSERT INTO members (player, name, member, member_key) VALUES (?, ?, ?, ?) ON CONFLICT (player) "
               "DO UPDATE SET name = excluded.name, member = excluded.member, member_key = excluded.member_key",
               [player, name, member, key])


def remove_member(db: sqlite_utils.Database, player: str) -> None:
    """The player (a key) carries no number any more."""
    db.execute("DELETE FROM members WHERE player = ?", [player])
