"""The production server (waitress) with the limits a real deployment has; README "Server limits" lists them.

Waitress reads each request completely on its event loop before a worker thread runs the app,
so a slow or stalled client costs one open connection, never a thread. On top of waitress's own
limits: one client address holds at most PER_ADDRESS connections, a request's head (request line
and headers) must arrive within HEAD_DEADLINE seconds however it trickles in, and the server's own
refusals (400, 408, 413, 431…) are in words like every other error: JSON under /api/, a page elsewhere.
"""
from __future__ import annotations

import errno
import html
import json
import socket
import time
from urllib.parse import urlsplit

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.utilities import BadRequest
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

import lang
from web.plumbing import language
from web.plumbing.security import HEADERS

IDLE_TIMEOUT = 30  # seconds a connection may sit without sending anything (mid-request or kept alive)
HEAD_DEADLINE = 15  # seconds from a request's first byte until its headers are complete, however it trickles
# A phone's browser opens at most 6 connections to one server and a table is about ten devices; behind one
# Wi-Fi address (NAT) that is at worst 60 at once, nearly all idle between polls: an idle one is closed to
# make room for a new one, so a real table never meets the cap, and one device cannot hold more than this.
# A burst of 40 requests at once (a script retrying) is still answered, one by one, not cut off.
PER_ADDRESS = 48
# what a connection past the cap is told before it is closed (the path is not read yet: plain words)
TOO_MANY = ("Too many connections from this device at once. Close other tabs of Meldbook on it, or wait a "
            "moment and try again; nothing was changed.\n").encode()
BUSY_ANSWER = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\n"
               b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s" % (len(TOO_MANY), TOO_MANY))
CHECK_INTERVAL = 1  # seconds between looks for connections past a deadline (a loop over at most 100)

LIMITS = {
    "max_request_body_size": 1024 * 1024,  # the app refuses bodies over 64 kB in words; waitress cuts off far larger
    "max_request_header_size": 32 * 1024,  # headers and cookies of a phone are a few kB
    # open connections at once: one address's PER_ADDRESS leaves room for a full table (60) and more beside it
    "connection_limit": 150,
    "backlog": 256,  # connections the system queues until accepted: room for a burst of reconnections
    "expose_tracebacks": False,  # a crash answers 500 without the code's insides
    "ident": "Meldbook",  # the Server header names the app, not the server software's version
}

LIMIT_WORDS = {"max_request_header_size": "32 kB", "app_body": "64 kB"}

WORDS = {  # said with WORD_VALUES put in
    400: lang.L_("This request could not be read: its request line or one of its headers is not valid HTTP. "
                 "Nothing was saved. Reload the page and try again."),
    408: lang.L_("This request came in too slowly (its headers took more than %(seconds)s seconds). Nothing was "
                 "saved. Check the connection to the table's Wi-Fi and try again."),
    413: lang.L_("The request is too large (at most %(body)s). Nothing was saved."),
    431: lang.L_("The request's headers are too large (at most %(headers)s together). Nothing was saved. Clear "
                 "this site's cookies in the browser and try again."),
    501: lang.L_("This request uses a Transfer-Encoding the server does not take (only chunked). Nothing was "
                 "saved."),
}
WORD_VALUES = {"seconds": HEAD_DEADLINE, "body": LIMIT_WORDS["app_body"],
               "headers": LIMIT_WORDS["max_request_header_size"]}
FAULT = lang.L_("Meldbook could not answer this request because of a fault in the server. Nothing was saved. "
                "Try again; if it keeps happening, whoever runs Meldbook should look at its log.")

# No template engine here, so the page is written out; it uses the app's stylesheet (allowed by the CSP)
PAGE = """<!doctype html>
<html lang="{html_lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <title>Meldbook</title>
  <link rel="stylesheet" href="/static/meldbook.css">
</head>
<body>
  <header class="topbar">
    <a class="brand" href="/"><img src="/static/icons/icon.svg" alt="" width="32" height="32"> Meldbook</a>
  </header>
  <main id="main">
    <h1>{heading}</h1>
    <p class="lead">{message}</p>
    <p><a class="button primary" href="/">{back}</a></p>
  </main>
</body>
</html>
"""


class RequestTimeout(BadRequest):
    code = 408
    reason = "Request Timeout"


class RequestHead(HTTPRequestParser):
    """Waitress's parser of one request, which also keeps when it began and its opening bytes (for the path)."""

    opening = b""

    def __init__(self, adj: Adjustments):
        super().__init__(adj)
        self.started = time.monotonic()  # waitress makes the parser when the request's first byte arrives

    def received(self, data: bytes) -> int:
        if b"\n" not in self.opening.lstrip() and len(self.opening) < 8192:
            self.opening += data[:8192 - len(self.opening)]
        return super().received(data)

    def api(self) -> bool:
        """True when the request was for the JSON API (its target starts /api/), even if it could not be parsed."""
        parts = self.opening.lstrip().split(b"\n", 1)[0].split()
        target = parts[1].decode("latin-1") if len(parts) > 1 else ""
        return (urlsplit(target).path if "://" in target else target).startswith("/api/")


class WordedError(ErrorTask):
    """A refusal waitress makes itself, in the app's own form: JSON under /api/, a short page elsewhere."""

    def execute(self):
        error = self.request.error
        with lang.using(_language(self.request)):
            message = str(WORDS[error.code]) % WORD_VALUES if error.code in WORDS else str(FAULT)
            if isinstance(self.request, RequestHead) and self.request.api():
                body = json.dumps({"errors": [{"field": None, "message": message}]}).encode()
                kind = "application/json"
            else:
                body = PAGE.format(message=html.escape(message, quote=False), html_lang=language.html_lang(),
                                   heading=html.escape(lang._("That did not work"), quote=False),
                                   back=html.escape(lang._("Back to the games"), quote=False)).encode()
                kind = "text/html; charset=utf-8"
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend([("Content-Type", kind), *HEADERS.items()])
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


def _language(request) -> str | None:
    """The language a request waitress refused asked for, as far as its headers were read (?lang= is not)."""
    headers = getattr(request, "headers", None) or {}
    return language.best_of(parse_accept_header(headers.get("ACCEPT_LANGUAGE", ""), LanguageAccept))


class TableChannel(HTTPChannel):
    """One connection; a request head still incomplete HEAD_DEADLINE seconds after its first byte is refused (408)."""

    parser_class = RequestHead
    error_task_class = WordedError

    def idle(self) -> bool:
        """Nothing in progress: no request arriving, none being answered, nothing left to send."""
        return (self.request is None and not self.requests and not self.total_outbufs_len
                and not self.will_close and not self.close_when_flushed)

    def past_deadline(self, now: float) -> None:
        """Answer 408 and close when the request arriving has taken too long to send its head."""
        with self.requests_lock:
            request = self.request
            if (request is None or request.headers_finished or self.requests or self.will_close
                    or self.close_when_flushed or now - request.started < HEAD_DEADLINE):
                return  # behind a request being answered, it is looked at again once that is done
            request.error = RequestTimeout(f"head not complete within {HEAD_DEADLINE} seconds")
            request.completed = True
            self.request = None
            self.requests.append(request)  # as waitress queues a request it could not parse
            self.server.add_task(self)


class TableServer(TcpWSGIServer):
    """Waitress's TCP server with a cap on the connections one client address holds at once."""

    channel_class = TableChannel
    capped: frozenset[str] = frozenset()  # addresses refused since they last had room: each is logged once

    def accept(self):
        """The next connection waiting that may be served; refused ones are closed on the way (None: none left).

        Refused ones are drained in one go rather than one per turn of the loop, so a device reconnecting
        as fast as it can does not fill the queue (`backlog`) that other devices' connections wait in.
        """
        for _ in range(self.adj.backlog):
            accepted = super().accept()
            if accepted is None:
                return None
            conn, addr = accepted
            if self.make_room(addr[0]):
                return accepted
            refuse(conn)
        return None

    def make_room(self, host: str) -> bool:
        """True when `host` may open one more connection (closing its longest-idle one if it is at the cap)."""
        own = [channel for channel in self.active_channels.values() if channel.addr[0] == host]
        if len(own) < PER_ADDRESS:
            if host in self.capped:
                self.capped = self.capped - {host}
            return True
        idle = [channel for channel in own if channel.idle()]
        if not idle:
            if host not in self.capped:
                self.logger.warning("%s holds %d connections, none of them idle; its further ones are refused",
                                    host, len(own))
                self.capped = self.capped | {host}
            return False
        min(idle, key=lambda channel: channel.last_activity).will_close = True  # a browser opens a new one
        return True

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        moment = time.monotonic()
        for channel in list(self.active_channels.values()):
            channel.past_deadline(moment)


def refuse(conn: socket.socket) -> None:
    """Tell a connection past the cap why, and close it at once: holding it open would cost what the cap keeps."""
    try:
        conn.setblocking(False)
        conn.send(BUSY_ANSWER)  # a new connection's send buffer takes these few hundred bytes whole
    except OSError:
        pass  # it went away already
    conn.close()


def make_server(app: Flask, host: str, port: int, threads: int, idle_timeout: int = IDLE_TIMEOUT) -> TableServer:
    """A waitress server for `app` on host:port, not yet running (call .run()); OSError when it cannot listen."""
    try:
        adj = Adjustments(host=host, port=port, threads=threads, channel_timeout=idle_timeout,
                          cleanup_interval=CHECK_INTERVAL, **LIMITS)
    except ValueError as err:  # waitress could not look the host name up
        raise (err.__context__ if isinstance(err.__context__, OSError) else OSError(str(err))) from None
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    # the first address the host name has (waitress would serve each, but the app prints and checks one)
    return TableServer(app, map={}, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0])


REFUSALS = {
    errno.EADDRINUSE: "the port is in use already (by another Meldbook, or another program); stop that one, "
                      "or choose another port with --port",
    errno.EADDRNOTAVAIL: "this machine has no such address; leave --host out, give one of its own addresses, "
                         "or 0.0.0.0 for the whole network",
    errno.EACCES: "this port needs administrator rights; choose a port of 1024 or above with --port",
}


def listen_refusal(host: str, port: int, err: OSError) -> str:
    """The one line the server prints when it cannot listen on host:port."""
    if isinstance(err, socket.gaierror):
        reason = "no machine of that name is known; leave --host out, or give an address of this machine"
    else:
        reason = REFUSALS.get(err.errno, f"{err.strerror or err}; check --host and --port")
    return f"Meldbook cannot listen on {f'[{host}]' if ':' in host else host}:{port}: {reason}."
