"""The server's own refusals in words, as waitress makes them (before the app runs): the deadlines a request's
head and body have, and what a request refused by the server (400, 408, 413, 431…) or a connection closed
for room is told: JSON under /api/, a short page in the device's language elsewhere.
"""
from __future__ import annotations

import html
import json
import time
from urllib.parse import urlsplit

from waitress.adjustments import Adjustments
from waitress.parser import HTTPRequestParser
from waitress.task import ErrorTask
from waitress.utilities import BadRequest
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

import lang
from web.plumbing import language
from web.plumbing.security import HEADERS

HEAD_DEADLINE = 15  # seconds from a request's first byte until its headers are complete, however it trickles
BODY_DEADLINE = 15  # seconds from a request's complete head until its body is all in (a hand is under 2 kB)

# what a connection past the cap is told before it is closed (the path is not read yet: plain words)
TOO_MANY = ("Too many connections from this device at once. Close other tabs of Meldbook on it, or wait a "
            "moment and try again; nothing was changed.\n").encode()
BUSY_ANSWER = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\n"
               b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s" % (len(TOO_MANY), TOO_MANY))
# what a connection closed to make room for another is told (a request of it arriving too slowly, or not at all)
MAKING_ROOM = ("The server has too many connections open at once and closed this slow one to make room. Nothing "
               "was changed. Try again in a moment.\n").encode()
ROOM_ANSWER = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\n"
               b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s"
               % (len(MAKING_ROOM), MAKING_ROOM))

LIMIT_WORDS = {"max_request_header_size": "32 kB", "app_body": "64 kB"}

WORDS = {  # said with WORD_VALUES put in
    400: lang.L_("This request could not be read: its request line or one of its headers is not valid HTTP. "
                 "Nothing was saved. Reload the page and try again."),
    408: lang.L_("This request came in too slowly (its headers took more than %(seconds)s seconds). Nothing was "
                 "saved. Check the connection to the table's Wi-Fi and try again."),
    "body": lang.L_("This request came in too slowly (what it sent after its headers took more than "
                    "%(body_seconds)s seconds). Nothing was saved. Check the connection to the table's Wi-Fi and "
                    "try again."),
    413: lang.L_("The request is too large (at most %(body)s). Nothing was saved."),
    431: lang.L_("The request's headers are too large (at most %(headers)s together). Nothing was saved. Clear "
                 "this site's cookies in the browser and try again."),
    501: lang.L_("This request uses a Transfer-Encoding the server does not take (only chunked). Nothing was "
                 "saved."),
}
WORD_VALUES = {"seconds": HEAD_DEADLINE, "body_seconds": BODY_DEADLINE, "body": LIMIT_WORDS["app_body"],
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
    words = 408


class BodyTimeout(RequestTimeout):
    words = "body"


class RequestHead(HTTPRequestParser):
    """Waitress's parser of one request, which also keeps when it began and its opening bytes (for the path)."""

    opening = b""
    head_done: float | None = None  # when its head was complete (its body, if any, still arriving)

    def __init__(self, adj: Adjustments):
        super().__init__(adj)
        self.started = time.monotonic()  # waitress makes the parser when the request's first byte arrives

    def received(self, data: bytes) -> int:
        if b"\n" not in self.opening.lstrip() and len(self.opening) < 8192:
            self.opening += data[:8192 - len(self.opening)]
        taken = super().received(data)
        if self.head_done is None and self.headers_finished:
            self.head_done = time.monotonic()
        return taken

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
            said = getattr(error, "words", error.code)
            message = str(WORDS[said]) % WORD_VALUES if said in WORDS else str(FAULT)
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
