"""Cross-site protection: a CSRF token per session for the pages, an origin check and JSON-only
bodies for every write, and strict response headers."""
from __future__ import annotations

import hmac
import secrets
from urllib.parse import urlsplit

from flask import Flask, abort, jsonify, request, session
from markupsafe import Markup, escape

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
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
    """This browser session's CSRF token (made on first use)."""
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return session[CSRF_FIELD]


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
        message = "Changes can only be made from Meldbook's own pages; this request came from another site."
        if api:
            return jsonify({"errors": [{"field": None, "message": message}]}), 403
        abort(403, description=message)
    if api:
        # a form on another site can post to a write that takes no body; insisting on JSON
        # (which a cross-site page can only send after the CORS check we never pass) closes that
        if request.content_type and request.mimetype != "application/json":
            return jsonify({"errors": [{"field": None, "message": "Send the body as JSON with "
                                        "Content-Type: application/json (or send no body)."}]}), 415
        return None
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    expected = session.get(CSRF_FIELD)
    if not expected or not _same(sent, expected):
        abort(400, description="This page was out of date (its security token did not match). "
                               "Reload the page and try again; nothing was saved.")
    return None


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    """Install the checks and headers, and the csrf_token()/csrf_field() template helpers."""
    # Lax: the cookie still comes along when someone follows a link to a game, never on another site's POST
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.before_request(check_request)
    app.after_request(add_headers)
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
