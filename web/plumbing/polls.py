"""The polls that cost almost nothing: "has anything changed since the page was drawn?" answered before Flask.

Every phone asks about twice a second. When nothing changed, the answer is the 204 Flask gave the same request
(same address, key, host, language and cookies) the last time: this WSGI middleware keeps that answer beside the
state it was given for (one row's revision, `db.polls`) and gives it again, without a request context, while

- that row is unchanged: the row is read again, on the middleware's own connection, only after the database's
  `PRAGMA data_version` moved (any commit by another connection: this server's request threads, or another
  process such as `python app.py import`); until then the revision kept in memory answers;
- and the moment the view named for it (`unchanged(until=…)`: a minute less to play, Undo gone) has not come.

Anything else (a first poll, a changed row, a 200, a Set-Cookie, a restart: nothing is kept on disk) goes to Flask
as before. A page kind is registered in one line: `POLLS.register(PATTERN, STAMP)` (see the bottom of this file).
"""
from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections import OrderedDict
from typing import Callable

from flask import Flask, Response, request

from db import polls as stamps

UNTIL = "meldbook.poll_until"  # environ: the moment a 204 stops being true by itself (epoch seconds)
MAX_KEPT = 50_000  # answers kept (a room of 256 tables, every phone's poll, several times over)


class PollGate:
    """WSGI middleware answering a registered poll's 'unchanged' from memory (see the module's words)."""

    def __init__(self, wsgi_app, app: Flask):
        self.wsgi_app = wsgi_app
        self.app = app
        self.kinds: list[tuple[re.Pattern, Callable]] = []
        self.kept: OrderedDict[tuple, tuple] = OrderedDict()  # request -> (stamp key, stamp, until, headers)
        self.stamps: dict[tuple, object] = {}  # (kind, id) -> the row's state, while data_version stays
        self.lock = threading.Lock()
        self.conn: sqlite3.Connection | None = None
        self.path: str | None = None
        self.version: int | None = None

    def register(self, pattern: str, stamp: Callable[[sqlite3.Connection, str], object]) -> None:
        """A polled address (a regular expression of the path, its first group the row's id) and what names its
        state (`db.polls`: a function of a connection and that id)."""
        self.kinds.append((re.compile(pattern), stamp))

    # -- the database's state, as this process last saw it --------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        path = self.app.config["DATABASE"]
        if self.conn is None or path != self.path:
            if self.conn is not None:
                self.conn.close()
            self.conn = stamps.connect(path)
            self.path, self.version = path, None
            self.stamps.clear()
        return self.conn

    def _stamp(self, kind: Callable, row_id: str) -> object:
        """The row's state now: kept while no connection has committed since it was read."""
        with self.lock:
            conn = self._connection()
            version = stamps.data_version(conn)
            if version != self.version:  # something was written (here or by another process): read rows again
                self.version = version
                self.stamps.clear()
            key = (kind, row_id)
            if key not in self.stamps:
                self.stamps[key] = kind(conn, row_id)
            return self.stamps[key]

    # -- the WSGI answer ---------------------------------------------------------------------------------------

    def _recognised(self, environ) -> tuple | None:
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        path = environ.get("PATH_INFO", "")
        for pattern, kind in self.kinds:
            found = pattern.fullmatch(path)
            if found:
                return kind, found.group(1)
        return None

    def __call__(self, environ, start_response):
        recognised = self._recognised(environ)
        if recognised is None:
            return self.wsgi_app(environ, start_response)
        ask = (environ.get("PATH_INFO"), environ.get("QUERY_STRING", ""), environ.get("HTTP_HOST"),
               environ.get("HTTP_ACCEPT_LANGUAGE"), environ.get("HTTP_COOKIE"), environ.get("HTTP_HX_REQUEST"))
        try:
            stamp = self._stamp(*recognised)
        except sqlite3.Error:  # a busy or damaged file: Flask answers it in words
            return self.wsgi_app(environ, start_response)
        kept = self.kept.get(ask)
        if kept is not None and stamp is not None and kept[0] == stamp and (kept[1] is None or time.time() < kept[1]):
            start_response("204 NO CONTENT", list(kept[2]))
            return []
        return self._through_flask(environ, start_response, ask, stamp)

    def _through_flask(self, environ, start_response, ask: tuple, stamp: object):
        """Flask answers; a 204 without a cookie is kept for the same request, with the state read before it ran
        (a write meanwhile makes it stale at once)."""
        def start(status, headers, exc_info=None):
            if (status.startswith("204") and stamp is not None and exc_info is None
                    and not any(k.lower() == "set-cookie" for k, _ in headers)):
                until = environ.get(UNTIL)
                with self.lock:
                    self.kept[ask] = (stamp, until, tuple((k, v) for k, v in headers if k.lower() != "date"))
                    self.kept.move_to_end(ask)
                    while len(self.kept) > MAX_KEPT:
                        self.kept.popitem(last=False)
            else:
                with self.lock:
                    self.kept.pop(ask, None)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def unchanged(until: float | None = None) -> Response:
    """A poll's 'nothing changed' (204); `until`, the moment it stops being true though nothing is written (None:
    while the row is unchanged)."""
    request.environ[UNTIL] = until
    return Response(status=204)


def init_app(app: Flask) -> PollGate:
    """Put the gate outside every other middleware (its 204 carries the headers they added to Flask's) and
    register the polled pages."""
    gate = PollGate(app.wsgi_app, app)
    app.wsgi_app = gate
    app.extensions["meldbook_polls"] = gate
    # a page kind, one line each: the polled path (group 1: the row whose state the answer follows) and that row
    gate.register(r"/games/([^/]+)/live", stamps.game)  # the scoreboard of the game and table pages
    gate.register(r"/games/([^/]+)/hands/live", stamps.game)  # the hand form's "changed meanwhile" notice
    gate.register(r"/events/([^/]+)/screen/live", stamps.event)  # the standings screen
    gate.register(r"/events/([^/]+)/tables/live", stamps.event)  # the players' table picker
    gate.register(r"/events/([^/]+)/me/[^/]+/live", stamps.event)  # an entrant's own page
    gate.register(r"/games/([^/]+)/confirm/live", stamps.game)  # a table's confirm page (both sides' totals)
    return gate
