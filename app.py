"""Meldbook: the app factory, and `python app.py` to serve it on the table's network."""
from __future__ import annotations

import argparse
import os
import secrets
import sys

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

import db
from web.database import close_db
from web.network import lan_addresses

DEFAULT_PORT = 5000


def create_app(test_config: dict | None = None) -> Flask:
    """Build the Flask app; `test_config` overrides the defaults (e.g. DATABASE)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("MELDBOOK_DB") or os.path.join(app.instance_path, "meldbook.sqlite"),
        MAX_CONTENT_LENGTH=64 * 1024,  # a hand is well under 2 kB; anything this large is not a hand
        JSON_SORT_KEYS=False,
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
    db.migrate(conn)
    conn.conn.close()
    app.teardown_appcontext(close_db)

    import web
    web.register(app)
    _json_errors_for_api(app)
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


def _json_errors_for_api(app: Flask) -> None:
    """Routing errors (404, 405, 413) and any crash under /api answer in the API's JSON shape."""

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        if request.path.startswith("/api/"):
            messages = {404: "There is no such address in the Meldbook API.",
                        405: f"{request.method} is not allowed here.",
                        413: "The request is too large (at most 64 kB)."}
            message = messages.get(err.code, err.description or err.name)
            return jsonify({"errors": [{"field": None, "message": message}]}), err.code
        from web.pages import http_error_page
        return http_error_page(err)


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
    parser.add_argument("--threads", type=int, default=8, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    config = {"DATABASE": os.path.abspath(args.db)} if args.db else {}
    config["AUTO_BACKUPS"] = True
    if args.backup_dir:
        config["BACKUP_DIR"] = os.path.abspath(args.backup_dir)
    app = create_app(config)
    app.debug = False  # never Flask's debugger on the table's network, whatever FLASK_DEBUG says
    from db.files import hold_server_lock
    server_lock = hold_server_lock(app.config["DATABASE"])  # `restore` refuses while this is held  # noqa: F841

    from waitress import create_server
    server = create_server(app, host=args.host, port=args.port, threads=args.threads)
    port = server.effective_port
    hosts = ([args.host] if args.host not in ("0.0.0.0", "::") else ["127.0.0.1", *lan_addresses()])
    print("Meldbook is running. Open it in a browser:", flush=True)
    for host in hosts:
        print(f"  http://{host}:{port}/", flush=True)
    print(f"Games are kept in {app.config['DATABASE']}. Press Ctrl+C to stop.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
