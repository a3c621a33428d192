"""`export|import|backup|restore FILE [--db PATH]`: move games as JSON, copy or restore the database;
`service [--install]`: the systemd unit that starts Meldbook when the room's machine boots.

Click commands, run as `python app.py COMMAND` (app.py) and as `flask --app app COMMAND` (they
are registered on the app's `app.cli`). Every refusal, a mistyped option included, is one line
on stderr naming the file and the reason, with exit status 1, and changes nothing.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import click

import checks
import db
from scoring import vocabulary
import strict_json
from db import faults, files, transfer

DEFAULT_PORT = 5000  # the server's (app.py) and the unit's
ROOT = Path(__file__).resolve().parent
UNIT_PATH = "/etc/systemd/system/meldbook.service"
SHOWN_PROBLEMS = 3  # a refused file names its first problems on the one line; fixing them shows the next


class Refusal(click.ClickException):
    """The one line a refused command prints (no "Error:" before it), with exit status 1."""

    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(" ".join(self.format_message().splitlines()), err=True)


def usage_refusal(ctx: click.Context, err: click.UsageError) -> Refusal:
    """A mistyped command line as one line: what is wrong, and where to read how it goes."""
    where = ctx.command_path
    return Refusal(f"{where}: {err.format_message()} (see {where} --help)")


class OneLineCommand(click.Command):
    """A command whose every refusal is one line and exit status 1, under `python app.py` and `flask`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            raise usage_refusal(ctx, err) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except OSError as err:  # permission denied, full disk, … on a file not named above
            raise Refusal(f"{err.filename or ctx.params.get('file')}: {err.strerror or err}. "
                          "Nothing was changed.") from None
        except sqlite3.Error as err:
            where = database_path(_given_db(ctx.params.get('db')))
            raise Refusal(faults.command_refusal(where, err)
                          or f"{where}: the database answered “{err}”. Nothing was changed.") from None
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as err:  # a fault met on the way is still one line (API.md: never a traceback)
            raise Refusal(f"{ctx.params.get('file') or database_path(_given_db(ctx.params.get('db')))}: Meldbook "
                          f"met a fault it did not expect ({type(err).__name__}: {err}). Nothing was "
                          "changed.") from None


def _given_db(given: str | None) -> str | None:
    """--db after the command, else --db before it (`python app.py --db PATH COMMAND`)."""
    ctx = click.get_current_context(silent=True)
    return given or (ctx.find_root().params.get("db") if ctx else None)


def database_path(given: str | None) -> str:
    """The database a command works on: --db, else MELDBOOK_DB, else the server's default file."""
    path = given or os.environ.get("MELDBOOK_DB") or str(ROOT / "instance" / "meldbook.sqlite")
    return os.path.abspath(path)


def _existing_database(path: str) -> str:
    if os.path.isdir(path):
        raise Refusal(f"{path} is a folder, not a database file.")
    if not os.path.exists(path):
        raise Refusal(f"There is no database at {path}.")
    return path


@contextmanager
def _opened(path: str, *, migrate: bool) -> Iterator["db.sqlite_utils.Database"]:
    """The database, in use as a server uses it (its shared lock held), so `restore` waits for this command."""
    try:
        lock = files.hold_server_lock(path)
    except BlockingIOError:
        raise Refusal(f"{path} is being restored; try again when the restore has finished. "
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
            raise Refusal(faults.command_refusal(path, err)) from None
        raise Refusal(f"{path} is damaged or not a Meldbook database ({err}).") from None


def _problems(errors: list[str]) -> str:
    more = len(errors) - SHOWN_PROBLEMS
    return "; ".join(errors[:SHOWN_PROBLEMS]) + (f"; and {more} more problems." if more > 0 else "")


FILE = click.argument("file", metavar="FILE")
DB = click.option("--db", metavar="PATH", help="SQLite file the games are kept in "
                                              "(default: MELDBOOK_DB, else instance/meldbook.sqlite)")


@click.command("export", cls=OneLineCommand)
@FILE
@DB
def export_command(file: str, db: str | None) -> int:
    """Write every game to FILE as JSON."""
    where = _existing_database(database_path(_given_db(db)))
    try:
        transfer.check_backup_target(where, file, force=True, verb="export to")
    except transfer.CannotUse as err:
        raise Refusal(str(err)) from None
    with _opened(where, migrate=True) as conn:
        try:
            document = vocabulary.current_names(transfer.export_games(conn))  # a game stored with older keys: today's
        except transfer.DamagedValue as err:
            raise Refusal(f"Cannot export {where}: {err}. Nothing was exported; put back a backup of it "
                          "(restore).") from None
    partial = None
    try:
        partial = files.private_temp(file)
        with open(partial, "w", encoding="utf-8") as f:
            f.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        os.replace(partial, file)
    except OSError as err:
        raise Refusal(f"Cannot write {file}: {err.strerror or err}. Nothing was exported.") from None
    finally:
        if partial and os.path.exists(partial):
            os.remove(partial)
    click.echo(f"Exported {len(document['games'])} games from {where} to {file}.")
    return 0


def _read_export(path: str):
    if os.path.isdir(path):
        raise Refusal(f"{path} is a folder, not an export file. Nothing was imported.")
    try:
        with open(path, encoding="utf-8") as f:
            return strict_json.load(f)
    except strict_json.RepeatedKey as err:  # the API refuses such a body too: which of the two would count?
        raise Refusal(f"{path} was refused, nothing was imported: {err}") from None
    except OSError as err:
        raise Refusal(f"Cannot read {path}: {err.strerror or err}. Nothing was imported.") from None
    except UnicodeDecodeError:
        raise Refusal(f"Cannot read {path}: it is not UTF-8 text. Nothing was imported.") from None
    except (ValueError, RecursionError) as err:
        raise Refusal(f"Cannot read {path}: it is not JSON ({str(err) or 'nested too deeply'}). "
                      "Nothing was imported.") from None


@click.command("import", cls=OneLineCommand, short_help="Add the games of a JSON export FILE.")
@FILE
@DB
@click.option("--replace", is_flag=True, help="overwrite games with the same id")
def import_command(file: str, db: str | None, replace: bool) -> int:
    """Add the games of a JSON export FILE (a bad file is refused; nothing is stored)."""
    # an export of an earlier version reads as this one, older house-rule keys in today's names
    data = vocabulary.current_names(transfer.upgrade(_read_export(file)))
    errors = checks.check_document(data)
    if errors:
        raise Refusal(f"{file} was refused, nothing was imported: {_problems(errors)}")
    where = database_path(_given_db(db))
    if os.path.isdir(where):
        raise Refusal(f"{where} is a folder, not a database file. Nothing was imported.")
    with _opened(where, migrate=True) as conn:
        try:
            sets = transfer.import_games(conn, data["games"], replace=replace, events=data["events"],
                                         rule_sets=data["rule_sets"], members=data["members"],
                                         seasons=data["seasons"])
        except ValueError as err:
            hint = "; use --replace to overwrite them" if "already in" in str(err) else ""
            raise Refusal(f"{file}: {err}{hint}. Nothing was imported into {where}.") from None
    renewed = [e["name"] for e in data["events"] if e.get("table_pins")]
    click.echo(f"Imported {len(data['games'])} games into {where}.{_rule_sets_said(sets)}{_renewed_said(renewed)}")
    return 0


def _rule_sets_said(sets: dict[str, list]) -> str:
    """What became of the file's rule sets, for the import's line: '' when it had none."""
    said = [f"{len(sets['added'])} added"] if sets["added"] else []
    said += [f"{len(sets['replaced'])} replaced"] if sets["replaced"] else []
    said += [f"“{old}” added as “{new}” (a different set of this variant has its name here)"
             for old, new in sets["renamed"]]
    said += [f"{len(sets['same'])} already here, skipped ({', '.join(f'“{n}”' for n in sets['same'])})"
             ] if sets["same"] else []
    return f" Rule sets: {'; '.join(said)}." if said else ""


@click.command("backup", cls=OneLineCommand)
@FILE
@DB
@click.option("--force", is_flag=True, help="overwrite FILE if it exists")
def backup_command(file: str, db: str | None, force: bool) -> int:
    """Copy the database to FILE safely, even while Meldbook runs."""
    where = _existing_database(database_path(_given_db(db)))
    try:
        transfer.check_backup_target(where, file, force=force)
        with _opened(where, migrate=False) as conn:
            status = transfer.backup(conn, file)
    except transfer.CannotUse as err:
        raise Refusal(str(err)) from None
    except OSError as err:
        raise Refusal(f"Cannot back up to {file}: {err.strerror or err}. Nothing was written.") from None
    click.echo(f"Backed up {where} to {file} (integrity check: {status}).")
    return 0


@click.command("restore", cls=OneLineCommand, short_help="Put a backup FILE in place of the database.")
@FILE
@DB
def restore_command(file: str, db: str | None) -> int:
    """Put the backup FILE in place of the database (stop the server first)."""
    where = database_path(_given_db(db))
    source = file
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
        raise Refusal(f"{where} is in use by a running Meldbook server or command (export, import, backup); "
                      "stop it or let it finish, then restore. Nothing was restored.")
    try:
        copy = files.private_temp(where, suffix=".restoring")
        try:
            _copy_backup(source, copy)
            errors = checks.check_backup(copy)
            if errors:
                raise Refusal(f"{source} was refused, nothing was restored: {_problems(errors)}")
            renewed = _new_table_pins(copy)
            replaced = files.put_in_place(copy, where)
        finally:
            files.remove_with_side_files(copy)
    finally:
        files.release(lock)
    kept = f"; the replaced one is kept as {replaced}" if replaced else ""
    click.echo(f"Restored {source} into {where}{kept}.{_renewed_said(renewed)}")
    return 0


def _new_table_pins(path: str) -> list[str]:
    """A backup carries no night's secret for its tables' PINs: each such night gets new table PINs; their names."""
    conn = db.connect(path)
    try:
        columns = {c.name for c in conn["events"].columns} if conn["events"].exists() else set()
        if "pin_secret" not in columns:
            return []  # a backup from before: its tables' PINs are kept when the server migrates it
        with db.write(conn):
            nights = transfer.nights_without_secret(conn)
            for event_id in nights:
                transfer.new_table_pins(conn, event_id)
        return [conn.execute("SELECT name FROM events WHERE id = ?", [e]).fetchone()[0] for e in nights]
    finally:
        conn.conn.close()


def _renewed_said(nights: list[str]) -> str:
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
        transfer.copy_database(source, copy)
    except sqlite3.DatabaseError as err:
        if faults.fault(err) == faults.DAMAGED:
            raise Refusal(f"{source} was refused, nothing was restored: it is damaged or not a readable Meldbook "
                          f"database ({err})") from None
        raise Refusal(f"Cannot read {source}{with_wal}: {err}. Nothing was restored.") from None
    except OSError as err:
        raise Refusal(f"Cannot read {source}{with_wal}: {err.strerror or err}. Nothing was restored.") from None


def _unit_word(word: str) -> str:
    """One word of a unit's ExecStart= or setting, as systemd reads it back: % and $ doubled, and quoted
    when it has a space, a quote or a backslash in it."""
    word = word.replace("%", "%%").replace("$", "$$")
    if any(c in word for c in ' \t"\'\\'):
        word = '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return word


def _invoking_user() -> str | None:
    """Who ran the command: the user itself, or whoever called sudo; None for root itself."""
    if os.geteuid() != 0:
        import pwd
        return pwd.getpwuid(os.geteuid()).pw_name
    sudo = os.environ.get("SUDO_USER")
    return sudo if sudo and sudo != "root" else None


def service_unit(host: str, port: int, database: str, backup_dir: str, user: str | None) -> str:
    """The systemd unit that starts this checkout's Meldbook at boot and again after a crash."""
    command = [sys.executable, str(ROOT / "app.py"), "--host", host, "--port", str(port), "--db", database,
               "--backup-dir", backup_dir]
    lines = ["[Unit]",
             "Description=Meldbook, the canasta score keeper",
             "Wants=network-online.target",
             "After=network-online.target",
             "",
             "[Service]",
             "Type=simple"]
    lines.append(f"User={user}" if user else "# runs as root: add --user NAME to run it as someone else")
    lines += [f"WorkingDirectory={str(ROOT).replace('%', '%%')}",  # a path as it is: systemd takes no quotes here
              "ExecStart=" + " ".join(_unit_word(w) for w in command),
              "Environment=PYTHONUNBUFFERED=1",
              "Restart=on-failure",
              "RestartSec=5",
              "",
              "[Install]",
              "WantedBy=multi-user.target"]
    return "\n".join(lines) + "\n"


def _root_option(name: str, given):
    """An option of `python app.py` itself when it was given before the command (`--port 8000 service`)."""
    root = click.get_current_context().find_root()
    if name in root.params and root.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
        return root.params[name]
    return given


@click.command("service", cls=OneLineCommand, short_help="Print (or install) a systemd unit that starts Meldbook "
                                                          "at boot.")
@click.option("--host", default="0.0.0.0", show_default=True, help="address the server listens on")
@click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT, show_default=True,
              help="port the server listens on")
@click.option("--database", "--db", "database", metavar="PATH",
              help="SQLite file the games are kept in (default: MELDBOOK_DB, else instance/meldbook.sqlite)")
@click.option("--backup-dir", metavar="DIR", help="folder for the automatic backups (default: instance/)")
@click.option("--user", metavar="NAME", help="run the server as this user (default: you; under sudo, who called "
                                             "sudo)")
@click.option("--install", is_flag=True, help=f"write it to {UNIT_PATH} and start it now (as root)")
def service_command(host: str, port: int, database: str | None, backup_dir: str | None, user: str | None,
                    install: bool) -> int:
    """Print a systemd unit that starts Meldbook when this machine boots (the room's machine on a club night);
    with --install, write it to /etc/systemd/system/meldbook.service, enable and start it."""
    host, port = _root_option("host", host), _root_option("port", port)
    where = database_path(_given_db(database))
    backups = os.path.abspath(_root_option("backup_dir", backup_dir) or ROOT / "instance")
    if user is not None and not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.@-]*\$?", user):
        raise Refusal(f"--user {user!r} is not a user name systemd can run a service as "
                      "(letters, digits, _ . @ -). Nothing was written.")
    unit = service_unit(host, port, where, backups, user or _invoking_user())
    if not install:
        click.echo(unit, nl=False)
        return 0
    systemctl = shutil.which("systemctl")
    if systemctl is None:
        raise Refusal("systemctl was not found: this machine does not start services with systemd. Start Meldbook "
                      f"with `{sys.executable} app.py --host {host} --port {port}` instead. Nothing was installed.")
    if os.geteuid() != 0:
        raise Refusal(f"Installing {UNIT_PATH} needs root: run `sudo {sys.executable} {ROOT / 'app.py'} service "
                      "--install` (your name goes in User=). Nothing was installed.")
    try:
        with open(UNIT_PATH, "w", encoding="utf-8") as f:
            f.write(unit)
        os.chmod(UNIT_PATH, 0o644)
    except OSError as err:
        raise Refusal(f"Cannot write {UNIT_PATH}: {err.strerror or err}. Nothing was installed.") from None
    for step in (["daemon-reload"], ["enable", "--now", "meldbook"]):
        done = subprocess.run([systemctl, *step], capture_output=True, text=True)
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise Refusal(f"{UNIT_PATH} is written, but `systemctl {' '.join(step)}` failed"
                          f"{': ' + said[-1] if said else ''}. See `journalctl -u meldbook`.")
    click.echo(f"Installed {UNIT_PATH}: Meldbook is running and starts at every boot, games in {where}, "
               f"backups in {backups}. See it with `systemctl status meldbook`.")
    return 0


COMMANDS = (export_command, import_command, backup_command, restore_command, service_command)


def add_to(group: click.Group) -> None:
    """Give a command group (the app's `app.cli`, or `python app.py`'s) these commands."""
    for command in COMMANDS:
        group.add_command(command)
