"""Cross-site protection for the pages: a CSRF token per session, and strict response headers."""
from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, request, session
from markupsafe import Markup, escape

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def csrf_token() -> str:
    """This browser session's CSRF token (made on first use)."""
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return session[CSRF_FIELD]


def csrf_field() -> Markup:
    """The hidden form field every HTML form carries."""
    return Markup(f'<input type="hidden" name="{CSRF_FIELD}" value="{escape(csrf_token())}">')


def check_csrf() -> None:
    """Refuse a page write (form or htmx) that does not carry this session's token."""
    if request.method not in UNSAFE or request.path.startswith("/api/"):
        return  # the JSON API takes only application/json, which a cross-site form cannot send
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    expected = session.get(CSRF_FIELD)
    if not expected or not hmac.compare_digest(sent, expected):
        abort(400, description="This page was out of date (its security token did not match). "
                               "Reload the page and try again; nothing was saved.")


def add_headers(response):
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def init_app(app: Flask) -> None:
    app.before_request(check_csrf)
    app.after_request(add_headers)
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
