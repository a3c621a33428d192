"""The optional table PIN: anyone may watch a game, but changing one that has a PIN needs it.

Only a salted scrypt hash is stored (db/pin_hash.py). The JSON API takes the PIN in the
X-Table-PIN header; a browser enters it once on the unlock page and the session remembers
that game. Wrong PINs are counted in the database per game and client address, and for a club night's
table per event and client address (the night's one PIN opens every table: a device gets its tries across all of
them, not fresh ones at every table of every round): after PIN_MAX_FAILURES wrong tries the client waits, 30 s
doubling up to an hour, and its PIN is not even checked meanwhile. A right PIN takes back no wrong try (a guesser
who knows one table's PIN gets no fresh tries at another's or at the director's): the count is forgotten only
PIN_FORGET_SECONDS (an hour) after the client's last wrong try. Other clients, and devices already unlocked,
are never held up.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    current_app,
    g,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

import lang
from db import pins
from db.pin_hash import hash_pin, is_legacy, pin_matches
from service import event_sections
from service.model import Game
from web.plumbing.database import get_db, stored_game

__all__ = ["hash_pin", "pin_matches"]

PIN_HEADER = "X-Table-PIN"
DIRECTOR_HEADER = "X-Director-PIN"
SESSION_KEY = "unlocked_games"
DIRECTOR_KEY = "director_events"  # the club nights whose director's PIN this session entered
REMEMBERED_GAMES = 50  # keeps the session cookie small however many tables a phone has joined
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}

bp = Blueprint("pin", __name__)


@dataclass
class PinRefusal:
    """Why a PIN was not accepted: 403 wrong, 429 this client must wait `retry_after` seconds."""
    message: str
    status: int = 403
    retry_after: int | None = None


def _now() -> float:
    return current_app.config["CLOCK"]()  # wall-clock seconds; a lockout outlives a restart


def _wait_words(seconds: int) -> str:
    if seconds < 120:
        return lang.ngettext("%(num)s second", "%(num)s seconds", seconds)
    return lang.ngettext("%(num)s minute", "%(num)s minutes", math.ceil(seconds / 60))


def _waiting(locked_until: float, now: float) -> PinRefusal:
    wait = max(1, math.ceil(locked_until - now))
    return PinRefusal(lang._("Too many wrong PINs from this device. Wait %(wait)s and try again, or ask someone whose "
                             "device is already unlocked.", wait=_wait_words(wait)), 429, wait)


def is_unlocked(game_id: str) -> bool:
    """True when this browser session has entered the game's PIN."""
    return game_id in session.get(SESSION_KEY, [])


def keep_in_session(key: str, item: str, most: int = REMEMBERED_GAMES) -> None:
    """`item` remembered last in the session's list `key` (a game, a night, a rule set unlocked), the oldest
    forgotten beyond `most` (the session cookie stays small)."""
    kept = [x for x in session.get(key, []) if x != item]
    session[key] = (kept + [item])[-most:]


def remember(game_id: str) -> None:
    keep_in_session(SESSION_KEY, game_id)


def is_director(event_id: str) -> bool:
    """True when this browser session has entered the club night's director's PIN."""
    return event_id in session.get(DIRECTOR_KEY, [])


def remember_director(event_id: str) -> None:
    keep_in_session(DIRECTOR_KEY, event_id)


def directed_now(event_id: str) -> None:
    """This request gave the club night's director's PIN (as X-Director-PIN, or as a table's X-Table-PIN)."""
    g.setdefault("directed", set()).add(event_id)


def directs_here(event_id: str) -> bool:
    """True when this browser session entered the night's director's PIN, or this request gave it."""
    return is_director(event_id) or event_id in g.get("directed", set())


def ends_game(view):
    """Mark a view that ends a game (a club night's table ended before its deals are played needs the director)."""
    view.ends_game = True
    return view


def _event_of(game: dict) -> str | None:
    seat = game.get("event")
    return seat["id"] if isinstance(seat, dict) else None


def try_pin(game_id: str, pin: str, stored: str) -> PinRefusal | None:
    """Check a PIN someone typed; None when right, else why not (its try counted per game, or per event for a
    club night's table). On a club night with a director's PIN, that PIN opens every table's game too.

    The try is taken (and counted as wrong) before the slow hash comparison, outside the write
    transaction, so parallel requests never compare more than PIN_MAX_FAILURES wrong PINs.
    """
    event_id = _event_of(stored_game(game_id) or {})  # a club night's table: counted with its event
    locks = pins.event_locks(get_db(), event_id) if event_id else None
    director = locks["director_pin_hash"] if locks else None
    matched = try_hashes(pins.scope_of(game_id, event_id), pin, [stored] + ([director] if director else []),
                         lang._("That is not this table's PIN. Look at your table's card, or ask the director.")
                         if locks and locks["table_pins"] else
                         lang._("That is not this table's PIN. Ask whoever started the game."),
                         lang._("That is not this table's PIN, and that was too many wrong PINs from this device. "
                                "Wait %(wait)s before the next try, or ask someone whose device is already unlocked."))
    g.setdefault("pins_checked", set()).add(game_id)  # this request's X-Table-PIN was checked (web/plumbing/director)
    if isinstance(matched, str):
        if matched == director and matched != stored:
            directed_now(event_id)
        if matched == stored and is_legacy(stored):
            pins.set_pin_hash(get_db(), game_id, hash_pin(pin))
        return None
    return matched


def try_hashes(scope: pins.Scope, pin: str, hashes: list[str], wrong: str, last: str) -> PinRefusal | str:
    """Check a typed PIN against `hashes`: the hash it matched, else why not (`wrong`, or `last` with %(wait)s for
    the last try before a wait), its try counted in `scope` (a game, or a club night) for this client."""
    db, client, now, config = get_db(), request.remote_addr or "unknown", _now(), current_app.config
    allowed, held = pins.take_try(db, scope, client, now, limit=config["PIN_MAX_FAILURES"],
                                  first_wait=config["PIN_FIRST_WAIT_SECONDS"],
                                  longest_wait=config["PIN_LONGEST_WAIT_SECONDS"],
                                  forget_after=config["PIN_FORGET_SECONDS"])
    if not allowed:
        return _waiting(held["locked_until"], now)  # not even checked meanwhile
    matched = next((stored for stored in hashes if pin_matches(pin, stored)), None)
    if matched is not None:
        pins.give_back(db, scope, client, held)  # its own try only: a right PIN takes back no wrong one
        return matched
    if held["locked_until"] > now:  # that was the last try before a wait: it is still answered as wrong
        return PinRefusal(last % {"wait": _wait_words(max(1, math.ceil(held["locked_until"] - now)))})
    return PinRefusal(wrong)


def table_unlocked(game: Game) -> bool:
    """For templates: may this browser change the game (no PIN, its PIN already entered, or its club night's
    director's)?"""
    seat = game.event
    return not game.has_pin or is_unlocked(game.id) or bool(seat and is_director(seat["id"]))


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


def guarded_game() -> tuple[str, dict | None] | None:
    """The game a write asks to change and the stored game (None: unknown), for the checks run before a request
    (check_pin, director.check_table_director); None where nothing needs guarding: a safe method, a route of no game,
    a view marked pin_exempt."""
    if request.method not in UNSAFE or not request.view_args or "game_id" not in request.view_args:
        return None
    view = current_app.view_functions.get(request.endpoint)
    if getattr(view, "pin_exempt", False):
        return None
    game_id = request.view_args["game_id"]
    return game_id, stored_game(game_id)


def check_pin():
    """Before any write to a game that has a PIN: refuse it unless the PIN was given or remembered."""
    guarded = guarded_game()
    if guarded is None:
        return None
    game_id, game = guarded
    if game is None or not game["pin_hash"] or is_unlocked(game_id):
        return None  # an unknown game is the view's 404 to give
    event_id = _event_of(game)
    if event_id and is_director(event_id):
        return None  # the director's PIN opens every table's game
    if request.path.startswith("/api/"):
        return _api_refusal(game_id, game["pin_hash"], event_id)
    unlock = url_for("pin.unlock", game_id=game_id, next=_came_from(f"/games/{game_id}"))
    return to_unlock(unlock, lang._("This table has a PIN. Enter it to make changes."))


def to_unlock(unlock: str, words: str):
    """Off to an unlock page: a redirect, or for htmx (which does not follow a redirect as a page change) a header
    that makes it load the page, with `words` as the answer's body."""
    if request.headers.get("HX-Request"):
        response = make_response(words, 200)
        response.headers["HX-Redirect"] = unlock
        return response
    return redirect(unlock, 303)


def _api_refusal(game_id: str, stored: str, event_id: str | None):
    sent = request.headers.get(PIN_HEADER)
    locks = pins.event_locks(get_db(), event_id) if event_id else None
    if sent is None and locks and locks["director_pin_hash"]:
        sent = request.headers.get(DIRECTOR_HEADER)  # the director's PIN opens every table's game
        if sent is None:
            return _pin_error(lang._("This table has a PIN: send it in the %(header)s header (or the director's PIN "
                                     "in the %(director)s header) to make changes. Anyone may still read the game.",
                                     header=PIN_HEADER, director=DIRECTOR_HEADER), 403)
    if sent is None:
        message = lang._("This table has a PIN: send it in the %(header)s header to make changes. Anyone may still "
                         "read the game.", header=PIN_HEADER)
        return _pin_error(message, 403)
    problem = try_pin(game_id, sent, stored)
    return None if problem is None else refusal_answer(problem)


def refusal_answer(problem: PinRefusal, field: str = "pin"):
    """A refused PIN as the JSON API answers it (429 with Retry-After while the client waits)."""
    return _retry_after(jsonify({"errors": [{"field": field, "message": problem.message}]}), problem)


def _pin_error(message: str, status: int, field: str = "pin"):
    return jsonify({"errors": [{"field": field, "message": message}]}), status


def _retry_after(response, problem: PinRefusal):
    response = make_response(response, problem.status)
    if problem.retry_after is not None:
        response.headers["Retry-After"] = str(problem.retry_after)
    return response


@bp.route("/games/<game_id>/unlock", methods=["GET", "POST"])
@exempt  # entering the PIN is how a locked device gets in
def unlock(game_id: str):
    """Ask for the table's PIN once; the session remembers it for this game."""
    game = stored_game(game_id)
    if game is None:
        return render_template("unlock.html", game_id=game_id, names=[], error=None, next="/",
                               missing=True), 404
    back = _local_path(request.values.get("next"), f"/games/{game_id}")
    names = [s["name"] for s in game["sides"]]
    if not game["pin_hash"] or (request.method == "GET" and is_unlocked(game_id)):
        return redirect(back, 303)
    problem = PinRefusal("", 200)
    if request.method == "POST":
        problem = try_pin(game_id, request.form.get("pin", "").strip(), game["pin_hash"])
        if problem is None:
            remember(game_id)
            return redirect(back, 303)
    event_id = _event_of(game)
    locks = pins.event_locks(get_db(), event_id) if event_id else None
    page = render_template("unlock.html", game_id=game_id, names=names, error=problem.message or None,
                           next=back, missing=False, on_card=bool(locks and locks["table_pins"]),
                           seat=({**game["event"], "section": event_sections.table_section(get_db(), game["event"])}
                                 if event_id else None))  # a club night's table ("B 13") and round
    return _retry_after(page, problem)


def init_app(app: Flask) -> None:
    app.config.setdefault("PIN_MAX_FAILURES", 5)
    app.config.setdefault("PIN_FIRST_WAIT_SECONDS", 30)
    app.config.setdefault("PIN_LONGEST_WAIT_SECONDS", 3600)
    app.config.setdefault("PIN_FORGET_SECONDS", 3600)  # a device's wrong tries are forgotten an hour after its last
    app.config.setdefault("CLOCK", time.time)  # tests set their own clock
    app.before_request(check_pin)
    app.jinja_env.globals.update(table_unlocked=table_unlocked)
    app.register_blueprint(bp)
