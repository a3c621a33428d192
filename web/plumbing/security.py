"""Cross-site protection: a CSRF token per browser (its own cookie) for the pages, an origin check and JSON-only
bodies for every write, and strict response headers."""
from __future__ import annotations

import functools
import hmac
import re
import secrets
from urllib.parse import urlsplit

from flask import Flask, abort, g, jsonify, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.http import dump_cookie
from markupsafe import Markup, escape

import lang

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
CSRF_COOKIE = "meldbook_csrf"
CSRF_COOKIE_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie: a phone at the table stays ready
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")  # what secrets.token_urlsafe(32) makes
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers too old to read the CSP
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def csrf_token() -> str:
    """This browser's CSRF token: kept in its own cookie, made on first use.

    A plain cookie rather than Flask's signed session: every poll of every device would
    otherwise pay for decoding the session, and the token needs no signature, since a page
    on another site can neither read nor set it (double-submit; SameSite=Lax on top).
    """
    if "csrf_token" not in g:
        sent = request.cookies.get(CSRF_COOKIE, "") if sends_cookie(request, CSRF_COOKIE) else ""
        g.csrf_token = sent if TOKEN_SHAPE.fullmatch(sent) else None
        if g.csrf_token is None:
            g.csrf_token = g.csrf_new = secrets.token_urlsafe(32)
    return g.csrf_token


def sends_cookie(request, name: str) -> bool:
    """Whether the request carries the cookie `name`; its raw Cookie header looked at first, so that a request with no
    cookies at all (a first visit, a script polling) pays nothing for parsing them."""
    raw = request.environ.get("HTTP_COOKIE")
    return bool(raw) and name in raw and name in request.cookies


@functools.cache
def _cookie_around(secure: bool) -> tuple[str, str]:
    """The CSRF cookie's Set-Cookie value as Werkzeug writes it, before and after the token. Every token has the same
    shape (TOKEN_SHAPE: no character to quote), so the cookie is written once and each new token put in its place:
    every request from a device without the cookie (each first visit) pays this."""
    stand_in = "A" * 43
    written = dump_cookie(CSRF_COOKIE, stand_in, max_age=CSRF_COOKIE_AGE, httponly=True, samesite="Lax",
                          secure=secure, sync_expires=False)  # Max-Age alone, no Expires date: every browser reads it
    before, _, after = written.partition(stand_in)
    return before, after


def set_csrf_cookie(response):
    """After a request that made this browser's token: give it the cookie."""
    new = g.get("csrf_new")
    if new:
        before, after = _cookie_around(request.is_secure)
        response.headers.add("Set-Cookie", before + new + after)
    return response


def csrf_field() -> Markup:
    """The hidden form field every HTML form carries."""
    return csrf_field_for(csrf_token())


def csrf_field_for(token: str) -> Markup:
    """The hidden form field carrying this token."""
    return Markup(f'<input type="hidden" name="{CSRF_FIELD}" value="{escape(token)}">')


def _same(sent: str, expected: str) -> bool:
    # bytes, because compare_digest refuses non-ASCII text and a header may carry any byte
    return hmac.compare_digest(sent.encode("utf-8", "surrogateescape"), expected.encode())


def cross_site() -> bool:
    """True when a browser says this request comes from another site (Sec-Fetch-Site or Origin)."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return False  # not sent by a browser's cross-site request: API clients, curl, old browsers' GETs
    return origin == "null" or urlsplit(origin).netloc != request.host


def check_request():
    """Refuse a write another site's page makes the browser send, and a page write without the token."""
    if request.method not in UNSAFE:
        return None
    api = request.path.startswith("/api/")
    if cross_site():
        message = lang._("Changes can only be made from Meldbook's own pages; this request came from another site.")
        if api:
            return jsonify({"errors": [{"field": None, "message": message}]}), 403
        abort(403, description=message)
    if api:
        # a form on another site can post to a write that takes no body; insisting on JSON
        # (which a cross-site page can only send after the CORS check we never pass) closes that
        if request.content_type and request.mimetype != "application/json":
            return jsonify({"errors": [{"field": None, "message": lang._(
                "Send the body as JSON with Content-Type: application/json (or send no body).")}]}), 415
        return None
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    expected = request.cookies.get(CSRF_COOKIE, "")
    if not TOKEN_SHAPE.fullmatch(expected) or not _same(sent, expected):
        abort(400, description=lang._("This page was out of date (its security token did not match). Reload the "
                                      "page and try again; nothing was saved."))
    return None


class SecurityHeaders:
    """WSGI middleware adding HEADERS to every answer that does not set them itself.

    At the WSGI level it is a list extend, several times cheaper than Flask's header object,
    and every poll of every device pays it.
    """

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app
        self.headers = list(HEADERS.items())
        self.names = {name.lower() for name in HEADERS}

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            if any(name.lower() in self.names for name, _ in headers):
                present = {name.lower() for name, _ in headers}
                headers.extend((k, v) for k, v in self.headers if k.lower() not in present)
            else:
                headers.extend(self.headers)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


class CookieOnlyWhenSent(SecureCookieSessionInterface):
    """Flask's signed-cookie session, skipping the signer for the many requests that carry no session."""

    def open_session(self, app: Flask, request):
        if not sends_cookie(request, app.config["SESSION_COOKIE_NAME"]):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session, response) -> None:
        if not session and not session.modified and not session.accessed:
            return  # nothing kept, removed or read (most requests): Flask would look up six cookie settings first
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    """Install the checks and headers, and the csrf_token()/csrf_field() template helpers."""
    # Lax: the cookie still comes along when someone follows a link to a game, never on another site's POST
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = CookieOnlyWhenSent()
    app.before_request(check_request)
    app.after_request(set_csrf_cookie)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
