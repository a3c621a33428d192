"""Meldbook: the app factory, and `python app.py` to serve it on the table's network.

`python app.py [--host H] [--port P] [--db PATH] …` serves with waitress; `python app.py COMMAND`
(and `flask --app app COMMAND`) runs one of the commands of commands.py. The command line is
click's, as Flask's own is.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
import sys

import click
from flask import Flask, request
from flask_compress import Compress

import commands
from db.faults import startup_refusal
from web.forms.numbers import NamedRule, WholeNumberConverter
from web.plumbing import hosts
from web.plumbing.addresses import loopback
from web.plumbing.database import PREPARED, close_db, prepare
from web.plumbing.json_api import TextJSONProvider
from web.plumbing.network import lan_addresses, own_addresses
from web.plumbing.serving import IDLE_TIMEOUT, listen_refusal, make_server

DEFAULT_PORT = commands.DEFAULT_PORT


class Meldbook(Flask):
    """Flask, as this app uses it: every view and hook is a plain function (none is `async def`)."""

    def ensure_sync(self, func):
        # Flask asks of each hook and view, on every request, whether it is a coroutine function (a dozen
        # inspections a request, every poll of every phone); none here is, so each is called as it is
        return func


def create_app(test_config: dict | None = None) -> Flask:
    """Build the Flask app; `test_config` overrides the defaults (e.g. DATABASE)."""
    app = Meldbook(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("MELDBOOK_DB") or os.path.join(app.instance_path, "meldbook.sqlite"),
        MAX_CONTENT_LENGTH=64 * 1024,  # a hand is well under 2 kB; anything this large is not a hand
        JSON_SORT_KEYS=False,
        ALLOWED_HOSTS=hosts.from_environment(),  # the Host names answered; `python app.py` adds its own
    )
    if test_config:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    app.json = TextJSONProvider(app)  # keys in the order given; a declared text (lang.Lazy) in the request's words

    if os.environ.get("FLASK_RUN_FROM_CLI") != "true":  # set by `flask`: a command names its own database
        prepare(app)  # a damaged file is refused now, not halfway through a game
    app.teardown_appcontext(close_db)
    commands.add_to(app.cli)  # `flask --app app export FILE …`
    app.url_rule_class = NamedRule  # before any route: <int:…> refusals name the part of the address
    app.url_map.converters["int"] = WholeNumberConverter

    # the stylesheet, scripts and pages travel compressed (a phone on the club's Wi-Fi loads a fifth of the
    # bytes); JSON answers do not, so their ETags (a revision) stay exactly as API.md gives them. Pages carry
    # no ETag, and a client that asks for no encoding (wrk, curl) pays nothing for it.
    app.config.setdefault("COMPRESS_MIMETYPES", ["text/css", "text/javascript", "application/javascript", "text/html"])
    app.config["COMPRESS_REGISTER"] = False
    compress = Compress(app)
    # (a client that accepts no encoding at all, a script polling, is not asked anything more)
    app.after_request(lambda answer: compress.after_request(answer)
                      if request.environ.get("HTTP_ACCEPT_ENCODING")
                      and (request.endpoint == "static" or answer.mimetype == "text/html") else answer)

    import web
    web.register(app)
    return app


def _secret_key(instance_path: str) -> str:
    """Generated once and kept in the instance folder, so sessions survive a restart."""
    path = os.path.join(instance_path, "secret_key")
    if not os.path.exists(path):
        # written aside and linked into place: a second process starting at the same moment
        # reads the one complete key instead of crashing or reading a half-written file
        partial = f"{path}.{secrets.token_hex(8)}"
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(partial, path)
        except FileExistsError:
            pass
        finally:
            os.remove(partial)
    with open(path) as f:
        return f.read().strip()


def _app_or_refusal(config: dict) -> Flask | None:
    """The app to serve, or None once one line (no traceback) said why its database cannot be used."""
    try:
        app = create_app(config)
        if not app.extensions.get(PREPARED):  # started from within a `flask` command: the server checks it now
            prepare(app)
        return app
    except (sqlite3.Error, OSError) as err:
        default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "instance", "meldbook.sqlite")
        database = config.get("DATABASE") or os.environ.get("MELDBOOK_DB") or default
        line = startup_refusal(getattr(err, "filename", None) or database, err)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return None


def _allowed_hosts(ctx: click.Context, param: click.Parameter, names: tuple[str, ...]) -> list[str]:
    try:
        return [hosts.host_argument(name) for name in names]
    except ValueError as err:
        raise click.BadParameter(str(err), ctx, param) from None


class MeldbookCommandLine(click.Group):
    """`python app.py`: with no command it serves; every mistake on the command line is one line, exit status 1."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            raise commands.usage_refusal(ctx, err) from None

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as err:
            raise commands.usage_refusal(ctx, err) from None


@click.group("python app.py", cls=MeldbookCommandLine, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on (0.0.0.0 for the whole network)")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="port to listen on")
@click.option("--db", metavar="PATH", help="SQLite file to keep games in "
                                          "(default: MELDBOOK_DB, else instance/meldbook.sqlite)")
@click.option("--backup-dir", metavar="DIR", help="folder for the automatic backups (default: the instance folder)")
@click.option("--allow-host", multiple=True, metavar="NAME", callback=_allowed_hosts,
              help="also answer to this host name (repeatable; see MELDBOOK_ALLOWED_HOSTS)")
@click.option("--idle-timeout", type=click.IntRange(min=1), default=IDLE_TIMEOUT, metavar="SECONDS",
              show_default=True, help="close a connection that sends nothing for this long")
@click.option("--threads", type=click.IntRange(min=1), default=8, hidden=True)
@click.pass_context
def command_line(ctx: click.Context, host: str, port: int, db: str | None, backup_dir: str | None,
                 allow_host: list[str], idle_timeout: int, threads: int) -> int:
    """Meldbook, the canasta score keeper: with no COMMAND, serve it on this machine (or the table's network)."""
    if ctx.invoked_subcommand is not None:
        return 0  # the command reads --db from here when it is given before it
    return serve(host, port, db, backup_dir, allow_host, idle_timeout, threads)


commands.add_to(command_line)


def serve(host: str, port: int, database: str | None, backup_dir: str | None, allow_host: list[str],
          idle_timeout: int, threads: int) -> int:
    """Serve Meldbook with waitress until Ctrl+C; 1 after one line when its database cannot be used."""
    config = {"ALLOWED_HOSTS": hosts.for_server(host, own_addresses(), allow_host), "AUTO_BACKUPS": True,
              "LISTEN_HOST": host}  # the pages that show an address say when phones cannot reach it
    if database:
        config["DATABASE"] = os.path.abspath(database)
    if backup_dir:
        config["BACKUP_DIR"] = os.path.abspath(backup_dir)
    app = _app_or_refusal(config)
    if app is None:
        return 1
    app.debug = False  # never Flask's debugger on the table's network, whatever FLASK_DEBUG says
    from db.files import hold_server_lock
    server_lock = hold_server_lock(app.config["DATABASE"])  # `restore` refuses while this is held  # noqa: F841

    try:
        server = make_server(app, host, port, threads, idle_timeout)
    except OSError as err:  # the port is taken, the address is not this machine's, the name is unknown
        print(listen_refusal(host, port, err), file=sys.stderr)
        return 1
    port = server.effective_port
    shown = [host]
    if host in ("0.0.0.0", "::"):
        # the phones' addresses first, said to be theirs; this computer's own (which no phone can open) after them
        lan = lan_addresses()
        print("Meldbook is running on the network: phones and tablets on the same Wi-Fi can join.", flush=True)
        if lan:
            print("On the phones and tablets, open:", flush=True)
            for address in lan:
                print(f"  http://{address}:{port}/", flush=True)
        else:
            print("No network address was found: connect this computer to the Wi-Fi the phones use, then start "
                  "Meldbook again.", flush=True)
        print("On this computer itself (phones cannot open this one):", flush=True)
        shown = ["127.0.0.1"]
    elif loopback(host):
        print("Meldbook is running on this computer only: phones cannot reach it. To let them join, start it with "
              "`make run` (or --host 0.0.0.0). Open it in a browser:", flush=True)
    else:
        print("Meldbook is running. Open it in a browser:", flush=True)
    for address in shown:
        print(f"  http://{address}:{port}/", flush=True)
    print(f"Games are kept in {app.config['DATABASE']}. Press Ctrl+C to stop.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python app.py [OPTIONS] [COMMAND …]`: the exit status (a refusal has said why in one line)."""
    try:
        result = command_line.main(args=sys.argv[1:] if argv is None else list(argv), prog_name="python app.py",
                                   standalone_mode=False)
    except click.ClickException as err:
        err.show()
        return 1
    except click.Abort:
        return 1
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
