"""Meldbook: the app factory, and `python app.py` to serve it on the table's network."""
from __future__ import annotations

import argparse
import os
import secrets
import sqlite3
import sys

from flask import Flask

import db
from db.faults import startup_refusal
from web import hosts
from web.database import close_db
from web.network import lan_addresses, own_addresses
from web.numbers import NamedRule, WholeNumberConverter
from web.serving import IDLE_TIMEOUT, make_server

DEFAULT_PORT = 5000


def create_app(test_config: dict | None = None) -> Flask:
    """Build the Flask app; `test_config` overrides the defaults (e.g. DATABASE)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("MELDBOOK_DB") or os.path.join(app.instance_path, "meldbook.sqlite"),
        MAX_CONTENT_LENGTH=64 * 1024,  # a hand is well under 2 kB; anything this large is not a hand
        JSON_SORT_KEYS=False,
        ALLOWED_HOSTS=hosts.from_environment(),  # the Host names answered; `python app.py` adds its own
    )
    if test_config:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    database_dir = os.path.dirname(os.path.abspath(app.config["DATABASE"]))
    os.makedirs(database_dir, exist_ok=True)
    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    app.json.sort_keys = False

    conn = db.connect(app.config["DATABASE"])
    try:
        db.check(conn)  # a truncated or overwritten file is found now, not halfway through a game
        db.migrate(conn)
    finally:
        conn.conn.close()
    app.teardown_appcontext(close_db)
    app.url_rule_class = NamedRule  # before any route: <int:…> refusals name the part of the address
    app.url_map.converters["int"] = WholeNumberConverter

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
        return create_app(config)
    except (sqlite3.Error, OSError) as err:
        default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "instance", "meldbook.sqlite")
        database = config.get("DATABASE") or os.environ.get("MELDBOOK_DB") or default
        line = startup_refusal(getattr(err, "filename", None) or database, err)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return None


def main(argv: list[str] | None = None) -> int:
    """Serve Meldbook, or run `export`, `import`, `backup` or `restore FILE` (see commands.py)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("export", "import", "backup", "restore"):
        import commands
        return commands.main(argv)
    parser = argparse.ArgumentParser(prog="python app.py", description="Meldbook, the canasta score keeper.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0 for the whole network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to listen on (default 5000)")
    parser.add_argument("--db", help="SQLite file to keep games in (default: instance/meldbook.sqlite)")
    parser.add_argument("--backup-dir", help="folder for the automatic backups (default: the instance folder)")
    parser.add_argument("--allow-host", action="append", default=[], type=hosts.host_argument, metavar="NAME",
                        help="also answer to this host name (repeatable; see MELDBOOK_ALLOWED_HOSTS)")
    parser.add_argument("--idle-timeout", type=int, default=IDLE_TIMEOUT, metavar="SECONDS",
                        help=f"close a connection that sends nothing for this long (default {IDLE_TIMEOUT})")
    parser.add_argument("--threads", type=int, default=8, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    config = {"ALLOWED_HOSTS": hosts.for_server(args.host, own_addresses(), args.allow_host), "AUTO_BACKUPS": True}
    if args.db:
        config["DATABASE"] = os.path.abspath(args.db)
    if args.backup_dir:
        config["BACKUP_DIR"] = os.path.abspath(args.backup_dir)
    app = _app_or_refusal(config)
    if app is None:
        return 1
    app.debug = False  # never Flask's debugger on the table's network, whatever FLASK_DEBUG says
    from db.files import hold_server_lock
    server_lock = hold_server_lock(app.config["DATABASE"])  # `restore` refuses while this is held  # noqa: F841

    server = make_server(app, args.host, args.port, args.threads, args.idle_timeout)
    port = server.effective_port
    shown = ([args.host] if args.host not in ("0.0.0.0", "::") else ["127.0.0.1", *lan_addresses()])
    print("Meldbook is running. Open it in a browser:", flush=True)
    for host in shown:
        print(f"  http://{host}:{port}/", flush=True)
    print(f"Games are kept in {app.config['DATABASE']}. Press Ctrl+C to stop.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
