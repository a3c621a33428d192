"""The director's PIN of a club night (API.md "Who may change what"): anyone may watch the night, but starting a
round, adjustments and every other change to it need the PIN, sent as X-Director-PIN or entered once on the unlock
page (the session remembers it). Wrong tries are counted with the night's table PINs, per event and device
(web/plumbing/pin.py), so a device gets 5 in all before it waits.
"""
from __future__ import annotations

from flask import Blueprint, Flask, current_app, g, redirect, render_template, request, url_for

import lang
from db import pins
from scoring import Refused, get_variant
from service import events
from service.games import derive
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.pin import (DIRECTOR_HEADER, PIN_HEADER, UNSAFE, PinRefusal, _came_from, _event_of, _local_path,
                              _pin_error, _retry_after, directed_now, directs_here, exempt, guarded_game, is_director,
                              refusal_answer, remember_director, to_unlock, try_hashes)

bp = Blueprint("director", __name__)
bp.register_error_handler(Refused, refused_page)
FIELD = "director_pin"


def director_hash(event_id: str) -> str | None:
    """The night's director's PIN hash; None when it has none (or there is no such event)."""
    locks = pins.event_locks(get_db(), event_id) if isinstance(event_id, str) else None
    return locks["director_pin_hash"] if locks else None


def try_director(event_id: str, pin: str, stored: str) -> PinRefusal | None:
    """Check a typed director's PIN (counted per event and device); None when right, else why not."""
    matched = try_hashes(pins.event_scope(event_id), pin, [stored],
                         lang._("That is not this club night's director's PIN. Ask the director."),
                         lang._("That is not this club night's director's PIN, and that was too many wrong PINs from "
                                "this device. Wait %(wait)s before the next try."))
    if isinstance(matched, str):
        directed_now(event_id)
        return None
    return matched


def directs(event_id: str) -> bool:
    """May this browser direct the night (no director's PIN, or this session entered it)?"""
    return not director_hash(event_id) or is_director(event_id)


def reading_as_director(event_id: str):
    """For a read of the night: (may it see the table PINs, the answer refusing a wrong X-Director-PIN or None).
    No director's PIN, this session entered it, or the request carries it right: yes; without the header: no."""
    stored = director_hash(event_id)
    if not stored or is_director(event_id):
        return True, None
    sent = request.headers.get(DIRECTOR_HEADER)
    if sent is None:
        return False, None
    problem = try_director(event_id, sent, stored)
    return problem is None, None if problem is None else refusal_answer(problem, FIELD)


def check_director():
    """Before any write to a club night that has a director's PIN: refuse it unless the PIN was given or remembered.
    Writes to a table's game are pin.check_pin's (the director's PIN opens those too)."""
    if request.method not in UNSAFE or not request.view_args or "event_id" not in request.view_args:
        return None
    if getattr(current_app.view_functions.get(request.endpoint), "pin_exempt", False):
        return None
    event_id = request.view_args["event_id"]
    stored = director_hash(event_id)
    if not stored or is_director(event_id):
        return None  # an unknown event is the view's 404 to give
    if request.path.startswith("/api/"):
        sent = request.headers.get(DIRECTOR_HEADER)
        if sent is None:
            return _pin_error(lang._("This club night has a director's PIN: send it in the %(header)s header to start "
                                     "a round, make an adjustment or change the night. Anyone may still read it.",
                                     header=DIRECTOR_HEADER), 403, FIELD)
        problem = try_director(event_id, sent, stored)
        return None if problem is None else refusal_answer(problem, FIELD)
    unlock = url_for("director.unlock", event_id=event_id, next=_came_from(f"/events/{event_id}"))
    return to_unlock(unlock, lang._("Only the director changes the club night. Enter the director's PIN."))


def check_table_director():
    """Before a write to a club night's table game that only the director may make (API.md "What only the director
    may do at a table": ending it before its deals are played, any change once its round is closed): refuse it
    (403, or off to the director's PIN page) unless this session entered the director's PIN or the request gives it,
    as X-Director-PIN or as X-Table-PIN. Runs after pin.check_pin, which checked any table PIN already."""
    guarded = guarded_game()
    if guarded is None:
        return None
    game_id, game = guarded
    event_id = _event_of(game or {})
    if not event_id or directs_here(event_id):
        return None  # an unknown game is the view's 404 to give
    why = events.director_only(get_db(), derive(get_db(), get_variant(game["variant"]), game),
                               ending=getattr(current_app.view_functions.get(request.endpoint), "ends_game", False))
    if why is None:
        return None
    if request.path.startswith("/api/"):
        sent = request.headers.get(DIRECTOR_HEADER)
        if sent is None and game_id not in g.get("pins_checked", set()):
            sent = request.headers.get(PIN_HEADER)  # not checked as the table's: it may be the director's
        if sent is None:
            return _pin_error(lang._("%(why)s Send the director's PIN in the %(header)s header.", why=why,
                                     header=DIRECTOR_HEADER), 403, FIELD)
        problem = try_director(event_id, sent, director_hash(event_id))
        if problem is None:
            return None
        if problem.status == 403:
            problem.message = lang._("%(why)s %(refusal)s", why=why, refusal=problem.message)
        return refusal_answer(problem, FIELD)
    unlock = url_for("director.unlock", event_id=event_id, next=_came_from(f"/games/{game_id}"))
    return to_unlock(unlock, lang._("%(why)s Enter the director's PIN.", why=why))


def director_page_refusal(event_id: str):
    """For the director's page: off to the unlock page while this browser has not entered the director's PIN."""
    if directs(event_id):
        return None
    return redirect(url_for("director.unlock", event_id=event_id), 303)


@bp.route("/events/<event_id>/unlock", methods=["GET", "POST"])
@exempt  # entering the PIN is how a locked device gets in
def unlock(event_id: str):
    """Ask for the director's PIN once; the session remembers it for this club night."""
    event = events.get_event(get_db(), event_id)  # Refused 404 for an unknown night: the error page says it
    back = _local_path(request.values.get("next"), f"/events/{event_id}")
    stored = director_hash(event_id)
    if not stored or (request.method == "GET" and is_director(event_id)):
        return redirect(back, 303)
    problem = PinRefusal("", 200)
    if request.method == "POST":
        problem = try_director(event_id, request.form.get("pin", "").strip(), stored)
        if problem is None:
            remember_director(event_id)
            return redirect(back, 303)
    page = render_template("event_unlock.html", event=event, error=problem.message or None, next=back)
    return _retry_after(page, problem)


def init_app(app: Flask) -> None:
    app.before_request(check_director)
    app.before_request(check_table_director)  # after pin.check_pin (registered before it)
    app.jinja_env.globals.update(is_director=is_director)
    app.register_blueprint(bp)
