"""`export|import|backup|restore FILE [--db PATH]`: move games as JSON, copy or restore the database;
`service [--install]`: the systemd unit that starts Meldbook when the room's machine boots.

Click commands, run as `python app.py COMMAND` (app.py) and as `flask --app app COMMAND` (they
are registered on the app's `app.cli`). Every refusal, a mistyped option included, is one line
on stderr naming the file and the reason, with exit status 1, and changes nothing.
"""
from __future__ import annotations

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

import db
from db import faults
from service import transfer

DEFAULT_PORT = 5000  # the server's (app.py) and the unit's
ROOT = Path(__file__).resolve().parent
UNIT_PATH = "/etc/systemd/system/meldbook.service"


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


@contextmanager
def _refused() -> Iterator[None]:
    """service.transfer's refusal as the command's one line and exit status 1."""
    try:
        yield
    except transfer.CannotTransfer as err:
        raise Refusal(str(err)) from None


@contextmanager
def _opened(path: str, *, migrate: bool) -> Iterator["db.sqlite_utils.Database"]:
    """The database, in use as a server uses it (its shared lock held), so `restore` waits for this command."""
    with _refused(), transfer.opened(path, migrate=migrate) as conn:
        yield conn


FILE = click.argument("file", metavar="FILE")
DB = click.option("--db", metavar="PATH", help="SQLite file the games are kept in "
                                              "(default: MELDBOOK_DB, else instance/meldbook.sqlite)")


@click.command("export", cls=OneLineCommand)
@FILE
@DB
def export_command(file: str, db: str | None) -> int:
    """Write every game to FILE as JSON."""
    where = database_path(_given_db(db))
    with _refused():
        games = transfer.export_to(where, file)
    click.echo(f"Exported {games} games from {where} to {file}.")
    return 0


@click.command("import", cls=OneLineCommand, short_help="Add the games of a JSON export FILE.")
@FILE
@DB
@click.option("--replace", is_flag=True, help="overwrite games with the same id")
def import_command(file: str, db: str | None, replace: bool) -> int:
    """Add the games of a JSON export FILE (a bad file is refused; nothing is stored)."""
    where = database_path(_given_db(db))
    with _refused():
        games, sets, renewed = transfer.import_from(file, where, replace=replace)
    click.echo(f"Imported {games} games into {where}.{transfer.rule_sets_said(sets)}{transfer.renewed_said(renewed)}")
    return 0


@click.command("backup", cls=OneLineCommand)
@FILE
@DB
@click.option("--force", is_flag=True, help="overwrite FILE if it exists")
def backup_command(file: str, db: str | None, force: bool) -> int:
    """Copy the database to FILE safely, even while Meldbook runs."""
    where = database_path(_given_db(db))
    with _refused():
        status = transfer.backup_to(where, file, force=force)
    click.echo(f"Backed up {where} to {file} (integrity check: {status}).")
    return 0


@click.command("restore", cls=OneLineCommand, short_help="Put a backup FILE in place of the database.")
@FILE
@DB
def restore_command(file: str, db: str | None) -> int:
    """Put the backup FILE in place of the database (stop the server first)."""
    where = database_path(_given_db(db))
    with _refused():
        replaced, renewed = transfer.restore_from(file, where)
    kept = f"; the replaced one is kept as {replaced}" if replaced else ""
    click.echo(f"Restored {file} into {where}{kept}.{transfer.renewed_said(renewed)}")
    return 0


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
