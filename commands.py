"""`python app.py export|import|backup|restore FILE [--db PATH]`: move games as JSON, copy or restore the database.

Every refusal is one line on stderr naming the file and the reason, with exit status 1, and
changes nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import sys
from pathlib import Path

import checks
import db
from db import files, transfer

COMMANDS = ("export", "import", "backup", "restore")
SHOWN_PROBLEMS = 3  # a refused file names its first problems on the one line; fixing them shows the next


class Refusal(Exception):
    """The one line a refused command prints."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        raise Refusal(f"{self.prog}: {message} (see {self.prog} --help)")


def database_path(given: str | None) -> str:
    """The database a command works on: --db, else MELDBOOK_DB, else the server's default file."""
    path = given or os.environ.get("MELDBOOK_DB") or str(Path(__file__).resolve().parent / "instance" / "meldbook.sqlite")
    return os.path.abspath(path)


def _existing_database(path: str) -> str:
    if os.path.isdir(path):
        raise Refusal(f"{path} is a folder, not a database file.")
    if not os.path.exists(path):
        raise Refusal(f"There is no database at {path}.")
    return path


def _open(path: str, *, migrate: bool) -> "db.sqlite_utils.Database":
    try:
        conn = db.connect(path)
        if migrate:
            db.migrate(conn)
        return conn
    except sqlite3.DatabaseError as err:
        raise Refusal(f"{path} is damaged or not a Meldbook database ({err}).") from None


def _problems(errors: list[str]) -> str:
    more = len(errors) - SHOWN_PROBLEMS
    return "; ".join(errors[:SHOWN_PROBLEMS]) + (f"; and {more} more problems." if more > 0 else "")


def export_command(args) -> int:
    where = _existing_database(database_path(args.db))
    try:
        transfer.check_backup_target(where, args.file, force=True, verb="export to")
    except transfer.CannotUse as err:
        raise Refusal(str(err)) from None
    conn = _open(where, migrate=True)
    try:
        document = transfer.export_games(conn)
    finally:
        conn.conn.close()
    partial = None
    try:
        partial = files.private_temp(args.file)
        with open(partial, "w", encoding="utf-8") as f:
            f.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        os.replace(partial, args.file)
    except OSError as err:
        raise Refusal(f"Cannot write {args.file}: {err.strerror or err}. Nothing was exported.") from None
    finally:
        if partial and os.path.exists(partial):
            os.remove(partial)
    print(f"Exported {len(document['games'])} games from {where} to {args.file}.")
    return 0


def _read_export(path: str):
    if os.path.isdir(path):
        raise Refusal(f"{path} is a folder, not an export file. Nothing was imported.")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as err:
        raise Refusal(f"Cannot read {path}: {err.strerror or err}. Nothing was imported.") from None
    except UnicodeDecodeError:
        raise Refusal(f"Cannot read {path}: it is not UTF-8 text. Nothing was imported.") from None
    except (ValueError, RecursionError) as err:
        raise Refusal(f"Cannot read {path}: it is not JSON ({str(err) or 'nested too deeply'}). "
                      "Nothing was imported.") from None


def import_command(args) -> int:
    data = _read_export(args.file)
    errors = checks.check_document(data)
    if errors:
        raise Refusal(f"{args.file} was refused, nothing was imported: {_problems(errors)}")
    where = database_path(args.db)
    if os.path.isdir(where):
        raise Refusal(f"{where} is a folder, not a database file. Nothing was imported.")
    conn = _open(where, migrate=True)
    try:
        transfer.import_games(conn, data["games"], replace=args.replace)
    except ValueError as err:
        hint = "; use --replace to overwrite them" if "already in" in str(err) else ""
        raise Refusal(f"{args.file}: {err}{hint}. Nothing was imported into {where}.") from None
    finally:
        conn.conn.close()
    print(f"Imported {len(data['games'])} games into {where}.")
    return 0


def backup_command(args) -> int:
    where = _existing_database(database_path(args.db))
    try:
        transfer.check_backup_target(where, args.file, force=args.force)
        conn = _open(where, migrate=False)
        try:
            status = transfer.backup(conn, args.file)
        finally:
            conn.conn.close()
    except transfer.CannotUse as err:
        raise Refusal(str(err)) from None
    except OSError as err:
        raise Refusal(f"Cannot back up to {args.file}: {err.strerror or err}. Nothing was written.") from None
    print(f"Backed up {where} to {args.file} (integrity check: {status}).")
    return 0


def restore_command(args) -> int:
    where = database_path(args.db)
    source = args.file
    if os.path.isdir(source):
        raise Refusal(f"{source} is a folder, not a backup file. Nothing was restored.")
    if not os.path.exists(source):
        raise Refusal(f"There is no backup at {source}. Nothing was restored.")
    if os.path.realpath(source) in files.side_files(where) or (os.path.exists(where) and os.path.samefile(source, where)):
        raise Refusal(f"{source} is the database itself (or one of its files); restore a backup copy.")
    if os.path.isdir(where):
        raise Refusal(f"{where} is a folder, not a database file. Nothing was restored.")
    if not os.path.isdir(os.path.dirname(where)):
        raise Refusal(f"Cannot restore into {where}: its folder does not exist.")
    lock = files.take_sole_lock(where)
    if lock is None:
        raise Refusal(f"{where} is in use by a running Meldbook server; stop the server, then restore. "
                      "Nothing was restored.")
    try:
        copy = files.private_temp(where, suffix=".restoring")
        try:
            try:
                shutil.copyfile(source, copy)
            except OSError as err:
                raise Refusal(f"Cannot read {source}: {err.strerror or err}. Nothing was restored.") from None
            errors = checks.check_backup(copy)
            if errors:
                raise Refusal(f"{source} was refused, nothing was restored: {_problems(errors)}")
            replaced = files.put_in_place(copy, where)
        finally:
            files.remove_with_side_files(copy)
    finally:
        files.release(lock)
    kept = f"; the replaced one is kept as {replaced}" if replaced else ""
    print(f"Restored {source} into {where}{kept}.")
    return 0


def _parser() -> Parser:
    parser = Parser(prog="python app.py", description="Move Meldbook's games in and out, back up and restore.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("export", "write every game to a JSON file"),
                            ("import", "add the games of a JSON export file"),
                            ("backup", "copy the database file safely, even while Meldbook runs"),
                            ("restore", "put a backup in place of the database (the server must be stopped)")):
        command = sub.add_parser(name, help=help_text)
        command.add_argument("file", metavar="FILE")
        command.add_argument("--db", help="SQLite file the games are kept in (default: instance/meldbook.sqlite)")
        if name == "import":
            command.add_argument("--replace", action="store_true", help="overwrite games with the same id")
        if name == "backup":
            command.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    return parser


def main(argv: list[str]) -> int:
    """Run one of the export, import, backup and restore commands; a refusal is one line and exit status 1."""
    run = {"export": export_command, "import": import_command, "backup": backup_command,
           "restore": restore_command}
    try:
        args = _parser().parse_args(argv)
        return run[args.command](args)
    except Refusal as refusal:
        print(refusal, file=sys.stderr)
    except OSError as err:  # permission denied, full disk, … on a file not named above
        print(f"{err.filename or argv[1:2]}: {err.strerror or err}. Nothing was changed.", file=sys.stderr)
    except sqlite3.Error as err:
        print(f"{database_path(_given_db(argv))}: the database answered “{err}”. Nothing was changed.", file=sys.stderr)
    return 1


def _given_db(argv: list[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--db" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--db="):
            return arg[5:]
    return None
