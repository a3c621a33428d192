"""The optional table PIN: anyone may watch a game, but changing one that has a PIN needs it.

Only a salted scrypt hash is stored. The JSON API takes the PIN in the X-Table-PIN header;
a browser enters it once on the unlock page and the session remembers that game.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import defaultdict, deque
from urllib.parse import urlsplit

from flask import (Blueprint, Flask, current_app, jsonify, make_response, redirect, render_template, request,
                   session, url_for)

from db import games as store

from .database import get_db

PIN_HEADER = "X-Table-PIN"
SESSION_KEY = "unlocked_games"
REMEMBERED_GAMES = 50  # keeps the session cookie small however many tables a phone has joined
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
# scrypt's cost makes guessing a stolen hash slow; 2**14 takes a few tens of milliseconds here
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}

bp = Blueprint("pin", __name__)


def hash_pin(pin: str) -> str:
    """A salted scrypt hash of a PIN, as stored in games.pin_hash."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT)
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """True when `pin` is the PIN that `stored` (from hash_pin) was made from."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt" or not isinstance(pin, str):
            return False
        tried = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(tried.hex(), digest)


class Attempts:
    """Wrong PINs per game in a sliding window, so nobody can try all 10,000 four-digit PINs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures: dict[str, deque] = defaultdict(deque)

    def _recent(self, game_id: str, window: float) -> deque:
        failures = self._failures[game_id]
        cutoff = time.monotonic() - window
        while failures and failures[0] < cutoff:
            failures.popleft()
        return failures

    def blocked(self, game_id: str, limit: int, window: float) -> bool:
        with self._lock:
            return len(self._recent(game_id, window)) >= limit

    def failed(self, game_id: str) -> None:
        with self._lock:
            self._failures[game_id].append(time.monotonic())

    def cleared(self, game_id: str) -> None:
        with self._lock:
            self._failures.pop(game_id, None)


def _attempts() -> Attempts:
    return current_app.extensions["meldbook_pin_attempts"]


def is_unlocked(game_id: str) -> bool:
    """True when this browser session has entered the game's PIN."""
    return game_id in session.get(SESSION_KEY, [])


def remember(game_id: str) -> None:
    unlocked = [g for g in session.get(SESSION_KEY, []) if g != game_id]
    session[SESSION_KEY] = (unlocked + [game_id])[-REMEMBERED_GAMES:]


def try_pin(game_id: str, pin: str, stored: str) -> str | None:
    """Check a PIN someone typed; None when right, else the message to show."""
    limit, window = current_app.config["PIN_MAX_FAILURES"], current_app.config["PIN_WINDOW_SECONDS"]
    if _attempts().blocked(game_id, limit, window):
        return (f"Too many wrong PINs for this table. Wait {max(1, round(window / 60))} minutes and try again, "
                "or ask someone whose device is already unlocked.")
    if pin_matches(pin, stored):
        _attempts().cleared(game_id)
        return None
    _attempts().failed(game_id)
    return "That is not this table's PIN. Ask whoever started the game."


def table_unlocked(game: dict) -> bool:
    """For templates: may this browser change the game (no PIN, or PIN already entered)?"""
    return not game.get("has_pin") or is_unlocked(game["id"])


def exempt(view):
    """Mark a view that posts without changing the game (e.g. a live preview) as open to everyone."""
    view.pin_exempt = True
    return view


def _local_path(target: str | None, fallback: str) -> str:
    """Only a path on this site may be a redirect target (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return fallback
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else fallback


def _came_from(fallback: str) -> str:
    """The page the write was sent from, when it is on this site."""
    referrer = request.referrer
    if referrer:
        parts = urlsplit(referrer)
        if parts.netloc == request.host:
            return _local_path(parts.path + (f"?{parts.query}" if parts.query else ""), fallback)
    return fallback


def check_pin():
    """Before any write to a game that has a PIN: refuse it unless the PIN was given or remembered."""
    if request.method not in UNSAFE or not request.view_args or "game_id" not in request.view_args:
        return None
    view = current_app.view_functions.get(request.endpoint)
    if getattr(view, "pin_exempt", False):
        return None
    game_id = request.view_args["game_id"]
    game = store.get_game(get_db(), game_id) if isinstance(game_id, str) else None
    if game is None or not game["pin_hash"] or is_unlocked(game_id):
        return None  # an unknown game is the view's 404 to give
    if request.path.startswith("/api/"):
        return _api_refusal(game_id, game["pin_hash"])
    unlock = url_for("pin.unlock", game_id=game_id, next=_came_from(f"/games/{game_id}"))
    if request.headers.get("HX-Request"):
        # htmx does not follow a redirect as a page change; this header makes it load the unlock page
        response = make_response("This table has a PIN. Enter it to make changes.", 200)
        response.headers["HX-Redirect"] = unlock
        return response
    return redirect(unlock, 303)


def _api_refusal(game_id: str, stored: str):
    sent = request.headers.get(PIN_HEADER)
    if sent is None:
        message = f"This table has a PIN: send it in the {PIN_HEADER} header to make changes. Anyone may still read the game."
        return _pin_error(message, 403)
    problem = try_pin(game_id, sent, stored)
    if problem is None:
        return None
    return _pin_error(problem, 429 if problem.startswith("Too many") else 403)


def _pin_error(message: str, status: int):
    return jsonify({"errors": [{"field": "pin", "message": message}]}), status


@bp.route("/games/<game_id>/unlock", methods=["GET", "POST"])
@exempt  # entering the PIN is how a locked device gets in
def unlock(game_id: str):
    """Ask for the table's PIN once; the session remembers it for this game."""
    game = store.get_game(get_db(), game_id)
    if game is None:
        return render_template("unlock.html", game_id=game_id, names=[], error=None, next="/",
                               missing=True), 404
    back = _local_path(request.values.get("next"), f"/games/{game_id}")
    names = [s["name"] for s in game["sides"]]
    if not game["pin_hash"] or (request.method == "GET" and is_unlocked(game_id)):
        return redirect(back, 303)
    error = None
    if request.method == "POST":
        error = try_pin(game_id, request.form.get("pin", "").strip(), game["pin_hash"])
        if error is None:
            remember(game_id)
            return redirect(back, 303)
    status = 429 if error and error.startswith("Too many") else 403 if error else 200
    return render_template("unlock.html", game_id=game_id, names=names, error=error, next=back,
                           missing=False), status


def init_app(app: Flask) -> None:
    app.config.setdefault("PIN_MAX_FAILURES", 10)
    app.config.setdefault("PIN_WINDOW_SECONDS", 300)
    app.extensions["meldbook_pin_attempts"] = Attempts()
    app.before_request(check_pin)
    app.jinja_env.globals.update(table_unlocked=table_unlocked)
    app.register_blueprint(bp)
