"""Moving games between databases: export to plain data, import it back in one transaction, online backup."""
from __future__ import annotations

import json
import os
import sqlite3

import sqlite_utils

from .connection import write
from .files import private_temp, side_files
from .games import get_sides, get_version, insert_game

FORMAT = "meldbook-games"
VERSION = 2  # 2: a game's "marks" (by the variant's declared mark) replace version 1's "failed_melds"


def upgrade(data: object) -> object:
    """An export of an earlier version in this version's form (anything else is given back as it is, for the
    checks to refuse): version 1 kept Pony's failed melds as "failed_melds", now one of a game's "marks"."""
    if not (isinstance(data, dict) and data.get("version") == 1 and isinstance(data.get("games"), list)):
        return data
    games = []
    for g in data["games"]:
        if isinstance(g, dict) and "failed_melds" in g and "marks" not in g:
            g = dict(g)
            melds = g.pop("failed_melds")
            g["marks"] = {"failed_melds": melds} if not isinstance(melds, list) or any(melds) else {}
        games.append(g)
    return {**data, "version": VERSION, "games": games}


def export_games(db: sqlite_utils.Database, game_ids: list[str] | None = None, *, with_pin: bool = True) -> dict:
    """Every game (or those listed) with sides and hands, as data `import_games` takes back unchanged."""
    rows = list(db.query("SELECT * FROM games ORDER BY rowid"))  # the order they were made or imported in
    if game_ids is not None:
        rows = [r for r in rows if r["id"] in game_ids]
    games = []
    for r in rows:
        game = {"id": r["id"], "variant": r["variant"], "options": json.loads(r["options"]),
                "created": r["created"], "updated": r["updated"], "revision": r["revision"],
                "ended_at": r["ended_at"], "marks": json.loads(r["marks"])}
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


MAX_REVISION = 2 ** 53  # the largest whole number every JSON reader keeps exactly


class CannotUse(ValueError):
    """A file a command refuses to read or write; the message names the file and says why."""


def import_games(db: sqlite_utils.Database, games: list[dict], *, replace: bool = False) -> None:
    """Store already-checked exported games in one transaction; `replace` overwrites games with the same id.

    Each game gets a revision above the file's and above the replaced game's: a revision names
    one state, and a device or server that knew the old state sees that this one is newer.
    """
    with write(db):
        clash = existing_ids(db, [g["id"] for g in games])
        if clash and not replace:
            raise ValueError("These games are already in the database: " + ", ".join(clash))
        had = {game_id: get_version(db, game_id)["revision"] for game_id in clash}
        for game_id in clash:
            db.execute("DELETE FROM games WHERE id = ?", [game_id])
        for g in games:
            revision = max(g["revision"], had.get(g["id"], 0)) + 1
            if revision > MAX_REVISION:
                raise ValueError(f"Game {g['id']} cannot get a revision above {revision - 1}")
            insert_game(db, {**g, "revision": revision})


def check_backup_target(database: str, target: str, *, force: bool = False, verb: str = "back up to") -> None:
    """Refuse (CannotUse) a backup target that would destroy games or overwrite a file unasked."""
    live = dict(zip(side_files(database), ("the live database", "the live database's write-ahead log (-wal)",
                                           "the live database's shared-memory file (-shm)",
                                           "the live database's rollback journal (-journal)")))
    real = os.path.realpath(target)
    what = live.get(real) or next((name for path, name in live.items() if _same_file(path, target)), None)
    if what:
        raise CannotUse(f"Cannot {verb} {target}: it is {what}, and writing there would destroy games. "
                        "Choose another file.")
    if os.path.isdir(target):
        raise CannotUse(f"Cannot {verb} {target}: it is a folder. Give a file name, e.g. {target}/meldbook.bak.")
    if not os.path.isdir(os.path.dirname(os.path.abspath(target))):
        raise CannotUse(f"Cannot {verb} {target}: its folder does not exist.")
    if os.path.lexists(target) and not force:
        raise CannotUse(f"Cannot {verb} {target}: the file exists already. Add --force to overwrite it.")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)  # a hard link or another name for the same file
    except OSError:
        return False


def backup(db: sqlite_utils.Database, target: str) -> str:
    """Copy the live database to `target` (owner-only) with SQLite's online backup; returns its integrity check.

    The copy is written to a temporary file beside the target and renamed into place, so an
    interrupted backup never leaves a half-written file under the real name.
    """
    source_file = db.execute("PRAGMA database_list").fetchone()[2]
    if source_file:
        check_backup_target(source_file, target, force=True)
    partial = private_temp(target)
    try:
        copy = sqlite3.connect(partial)
        try:
            db.conn.backup(copy)  # a consistent snapshot even while the server keeps writing
            status = copy.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            copy.close()
        if status != "ok":
            raise CannotUse(f"The copy made for {target} failed its integrity check ({status}); nothing was written.")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return status
