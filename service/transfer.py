"""Moving games in and out of a database: export (to a JSON file, or one game as the API's download), import (a JSON
export read back, of this version or an earlier one), backup (a safe copy while Meldbook runs) and restore (a backup
put in place of the database). What the command line (commands.py) and the JSON API (web/views/api.py) both call;
no Flask and no click in it.

Every refusal is a CannotTransfer whose text is the one line the command prints (naming the file and the reason, and
that nothing was changed); the command line adds only its exit status."""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from typing import Iterator

import checks
import db
import strict_json
from db import backups, export, faults, files, imports
from scoring import vocabulary

SHOWN_PROBLEMS = 3  # a refused file names its first problems on the one line; fixing them shows the next


class CannotTransfer(Exception):
    """A refused export, import, backup or restore: its text says which file, what is wrong and that nothing was
    changed."""


def export_document(conn: "db.sqlite_utils.Database", game_ids: list[str] | None = None, *,
                    with_pin: bool = True) -> dict:
    """The export document (API.md "Export") of every game, or of `game_ids`; a game stored with older house-rule
    keys is written in today's names. export.DamagedValue for a stored value that cannot be read."""
    return vocabulary.current_names(export.export_games(conn, game_ids, with_pin=with_pin))


def existing_database(path: str) -> str:
    if os.path.isdir(path):
        raise CannotTransfer(f"{path} is a folder, not a database file.")
    if not os.path.exists(path):
        raise CannotTransfer(f"There is no database at {path}.")
    return path


@contextmanager
def opened(path: str, *, migrate: bool) -> Iterator["db.sqlite_utils.Database"]:
    """The database, in use as a server uses it (its shared lock held), so `restore` waits for this command."""
    try:
        lock = files.hold_server_lock(path)
    except BlockingIOError:
        raise CannotTransfer(f"{path} is being restored; try again when the restore has finished. "
                             "Nothing was changed.") from None
    except OSError:
        lock = None  # no lock file can be made (a read-only folder): no restore can swap a file in there either
    try:
        conn = _open(path, migrate=migrate)
        try:
            yield conn
        finally:
            conn.conn.close()
    finally:
        if lock is not None:
            files.release(lock)


def _open(path: str, *, migrate: bool) -> "db.sqlite_utils.Database":
    try:
        conn = db.connect(path)
        if migrate:
            db.migrate(conn)
        return conn
    except sqlite3.DatabaseError as err:
        if faults.fault(err) not in (None, faults.DAMAGED):  # busy, read-only, full: not the file's fault
            raise CannotTransfer(faults.command_refusal(path, err)) from None
        raise CannotTransfer(f"{path} is damaged or not a Meldbook database ({err}).") from None


def problems(errors: list[str]) -> str:
    more = len(errors) - SHOWN_PROBLEMS
    return "; ".join(errors[:SHOWN_PROBLEMS]) + (f"; and {more} more problems." if more > 0 else "")


def export_to(where: str, file: str) -> int:
    """Write every game of the database at `where` to `file` as JSON; how many games were written."""
    where = existing_database(where)
    try:
        backups.check_backup_target(where, file, force=True, verb="export to")
    except backups.CannotUse as err:
        raise CannotTransfer(str(err)) from None
    with opened(where, migrate=True) as conn:
        try:
            document = export_document(conn)
        except export.DamagedValue as err:
            raise CannotTransfer(f"Cannot export {where}: {err}. Nothing was exported; put back a backup of it "
                                 "(restore).") from None
    partial = None
    try:
        partial = files.private_temp(file)
        with open(partial, "w", encoding="utf-8") as f:
            f.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        os.replace(partial, file)
    except OSError as err:
        raise CannotTransfer(f"Cannot write {file}: {err.strerror or err}. Nothing was exported.") from None
    finally:
        if partial and os.path.exists(partial):
            os.remove(partial)
    return len(document["games"])


def read_export(path: str):
    """The JSON of the export file at `path`, as read (not yet checked)."""
    if os.path.isdir(path):
        raise CannotTransfer(f"{path} is a folder, not an export file. Nothing was imported.")
    try:
        with open(path, encoding="utf-8") as f:
            return strict_json.load(f)
    except strict_json.RepeatedKey as err:  # the API refuses such a body too: which of the two would count?
        raise CannotTransfer(f"{path} was refused, nothing was imported: {err}") from None
    except OSError as err:
        raise CannotTransfer(f"Cannot read {path}: {err.strerror or err}. Nothing was imported.") from None
    except UnicodeDecodeError:
        raise CannotTransfer(f"Cannot read {path}: it is not UTF-8 text. Nothing was imported.") from None
    except (ValueError, RecursionError) as err:
        raise CannotTransfer(f"Cannot read {path}: it is not JSON ({str(err) or 'nested too deeply'}). "
                             "Nothing was imported.") from None


def import_from(file: str, where: str, *, replace: bool = False) -> tuple[int, dict[str, list], list[str]]:
    """Add the games (and events, rule sets, members, seasons) of the export `file` to the database at `where`
    (a bad file is refused and nothing is stored); how many games, and what became of the rule sets
    (db.imports.import_games), and the names of its nights given new table PINs (an export carries none)."""
    # an export of an earlier version reads as this one, older house-rule keys in today's names
    data = vocabulary.current_names(export.upgrade(read_export(file)))
    errors = checks.check_document(data)
    if errors:
        raise CannotTransfer(f"{file} was refused, nothing was imported: {problems(errors)}")
    if os.path.isdir(where):
        raise CannotTransfer(f"{where} is a folder, not a database file. Nothing was imported.")
    with opened(where, migrate=True) as conn:
        try:
            sets = imports.import_games(conn, data["games"], replace=replace, events=data["events"],
                                        rule_sets=data["rule_sets"], members=data["members"],
                                        seasons=data["seasons"])
        except ValueError as err:
            hint = "; use --replace to overwrite them" if "already in" in str(err) else ""
            raise CannotTransfer(f"{file}: {err}{hint}. Nothing was imported into {where}.") from None
    renewed = [e["name"] for e in data["events"] if e.get("table_pins")]
    return len(data["games"]), sets, renewed


def rule_sets_said(sets: dict[str, list]) -> str:
    """What became of the file's rule sets, for the import's line: '' when it had none."""
    said = [f"{len(sets['added'])} added"] if sets["added"] else []
    said += [f"{len(sets['replaced'])} replaced"] if sets["replaced"] else []
    said += [f"“{old}” added as “{new}” (a different set of this variant has its name here)"
             for old, new in sets["renamed"]]
    said += [f"{len(sets['same'])} already here, skipped ({', '.join(f'“{n}”' for n in sets['same'])})"
             ] if sets["same"] else []
    return f" Rule sets: {'; '.join(said)}." if said else ""


def backup_to(where: str, file: str, *, force: bool = False) -> str:
    """Copy the database at `where` to `file` safely, even while Meldbook runs; the copy's integrity check."""
    where = existing_database(where)
    try:
        backups.check_backup_target(where, file, force=force)
        with opened(where, migrate=False) as conn:
            return backups.backup(conn, file)
    except backups.CannotUse as err:
        raise CannotTransfer(str(err)) from None
    except OSError as err:
        raise CannotTransfer(f"Cannot back up to {file}: {err.strerror or err}. Nothing was written.") from None


def restore_from(source: str, where: str) -> tuple[str | None, list[str]]:
    """Put the backup `source` in place of the database at `where` (no server may be using it); where the replaced
    database is kept (None when there was none), and the names of its nights given new table PINs (a backup
    carries no night's PIN secret)."""
    if os.path.isdir(source):
        raise CannotTransfer(f"{source} is a folder, not a backup file. Nothing was restored.")
    if not os.path.exists(source):
        raise CannotTransfer(f"There is no backup at {source}. Nothing was restored.")
    if os.path.realpath(source) in files.side_files(where) or (os.path.exists(where) and os.path.samefile(source, where)):
        raise CannotTransfer(f"{source} is the database itself (or one of its files); restore a backup copy.")
    if os.path.isdir(where):
        raise CannotTransfer(f"{where} is a folder, not a database file. Nothing was restored.")
    if not os.path.isdir(os.path.dirname(where)):
        raise CannotTransfer(f"Cannot restore into {where}: its folder does not exist.")
    lock = files.take_sole_lock(where)
    if lock is None:
        raise CannotTransfer(f"{where} is in use by a running Meldbook server or command (export, import, backup); "
                             "stop it or let it finish, then restore. Nothing was restored.")
    try:
        copy = files.private_temp(where, suffix=".restoring")
        try:
            _copy_backup(source, copy)
            errors = checks.check_backup(copy)
            if errors:
                raise CannotTransfer(f"{source} was refused, nothing was restored: {problems(errors)}")
            renewed = _new_table_pins(copy)
            return files.put_in_place(copy, where), renewed
        finally:
            files.remove_with_side_files(copy)
    finally:
        files.release(lock)


def _new_table_pins(path: str) -> list[str]:
    """A backup carries no night's secret for its tables' PINs: each such night gets new table PINs; their names."""
    conn = db.connect(path)
    try:
        columns = {c.name for c in conn["events"].columns} if conn["events"].exists() else set()
        if "pin_secret" not in columns:
            return []  # a backup from before: its tables' PINs are kept when the server migrates it
        with db.write(conn):
            nights = imports.nights_without_secret(conn)
            for event_id in nights:
                imports.new_table_pins(conn, event_id)
        return [conn.execute("SELECT name FROM events WHERE id = ?", [e]).fetchone()[0] for e in nights]
    finally:
        conn.conn.close()


def renewed_said(nights: list[str]) -> str:
    """The line's words for nights given new table PINs (an import or a restore): '' when none."""
    if not nights:
        return ""
    return (" New table PINs for " + ", ".join(f"“{n}”" for n in nights)
            + ": print their seating slips again.")


def _copy_backup(source: str, copy: str) -> None:
    """Copy the backup through SQLite, with the last writes its -wal may hold (a copy of the file alone loses them)."""
    wal = source + "-wal"
    with_wal = f" (with {wal}, which holds its last writes)" if os.path.lexists(wal) else ""
    try:
        with open(source, "rb"):  # the system's own reason (permission denied…): SQLite would only say it cannot
            pass
        backups.copy_database(source, copy)
    except sqlite3.DatabaseError as err:
        if faults.fault(err) == faults.DAMAGED:
            raise CannotTransfer(f"{source} was refused, nothing was restored: it is damaged or not a readable "
                                 f"Meldbook database ({err})") from None
        raise CannotTransfer(f"Cannot read {source}{with_wal}: {err}. Nothing was restored.") from None
    except OSError as err:
        raise CannotTransfer(f"Cannot read {source}{with_wal}: {err.strerror or err}. Nothing was restored.") from None
