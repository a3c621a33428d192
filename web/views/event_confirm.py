"""A table's result confirmed by both sides (API.md): POST /api/games/{id}/confirm and /results, and the pages a
table uses for them: the hand-across page ("East–West: check and accept", the totals large, one button) and, with
`confirm: both`, each side's totals form, which shows both versions to both phones and the director (who decides)
when they differ.

These routes check their PINs themselves (pin.exempt): with `both` and table_pins, a table's second side has its own
PIN, which the game's generic check does not know. A PIN asked for on a page is a box in the same form, so nothing
typed is lost when it is wrong."""
from __future__ import annotations

from flask import Blueprint, jsonify, redirect, render_template, request, session, url_for

import lang
from db import pins
from scoring import FieldError, Refused
from service import confirm
from service import events
from service.games import get_game
from web.forms.keys import form_key, posted_key
from web.forms import numbers
from web.plumbing import polls
from web.plumbing.database import get_db, stored_game
from web.plumbing.director import director_hash, try_director
from web.plumbing.errors import refused_page
from web.plumbing.json_api import body, idempotency_key, refused
from web.plumbing.pin import (DIRECTOR_HEADER, PIN_HEADER, exempt, is_director, is_unlocked, refusal_answer,
                              remember, try_hashes)
from web.present.device_name import log_device

bp = Blueprint("event_confirm", __name__)


def _refused(err: Refused):
    """A refusal as the API answers it under /api/, else as a page."""
    return refused(err) if request.path.startswith("/api/") else refused_page(err)


bp.register_error_handler(Refused, _refused)
SIDES_KEY = "unlocked_sides"  # "game/side" a browser entered a second side's own PIN for


class PinNeeded(Exception):
    def __init__(self, message: str, status: int = 403, retry_after: int | None = None, field: str = "pin"):
        super().__init__(message)
        self.message, self.status, self.retry_after, self.field = message, status, retry_after, field


def _stored(game_id: str) -> dict:
    game = stored_game(game_id)
    if game is None or not game.get("event"):
        get_game(get_db(), game_id)  # Refused 404 for an unknown game
        raise Refused([FieldError(None, lang._("This game is not a table of a club night."))], status=409)
    return game


def _side_unlocked(game_id: str, side: int) -> bool:
    return f"{game_id}/{side}" in session.get(SIDES_KEY, [])


def _remember_side(game_id: str, side: int) -> None:
    kept = [s for s in session.get(SIDES_KEY, []) if s != f"{game_id}/{side}"]
    session[SIDES_KEY] = (kept + [f"{game_id}/{side}"])[-50:]


def who(game_id: str, side: int | None, typed: str | None, director_typed: str | None = None) -> bool:
    """Check the PIN this write needs: True when it comes from the director (session, X-Director-PIN, or the
    director's PIN typed as a table's), False for the side's own PIN (or none needed); else PinNeeded (403/429).
    Side 1 of a `confirm: both` table with its own PIN needs that one; every other side the table's PIN."""
    game = _stored(game_id)
    event_id = game["event"]["id"]
    director = director_hash(event_id)
    if is_director(event_id) or not director and not game["pin_hash"] and side is None:
        return True
    if director_typed is not None and director:
        problem = try_director(event_id, director_typed, director)
        if problem is not None:
            raise PinNeeded(problem.message, problem.status, problem.retry_after, "director_pin")
        return True
    own = confirm.second_pin_hash(get_db(), game_id) if side == confirm.SECOND else None
    needed = own or game["pin_hash"]
    if side is None:  # the director's decision
        raise PinNeeded(lang._("Only the director decides a table's result: send the director's PIN in the "
                               "%(header)s header.", header=DIRECTOR_HEADER), field="director_pin")
    if needed is None or (_side_unlocked(game_id, side) if own else is_unlocked(game_id)):
        return False
    if not typed:
        raise PinNeeded(lang._("This side needs its table PIN (on the table's card): send it in the %(header)s "
                               "header.", header=PIN_HEADER) if request.path.startswith("/api/") else
                        lang._("Type this side's table PIN (on the table's card)."))
    matched = try_hashes(pins.scope_of(game_id, event_id), typed, [needed] + ([director] if director else []),
                         lang._("That is not this side's PIN. Look at your table's card, or ask the director."),
                         lang._("That is not this side's PIN, and that was too many wrong PINs from this device. "
                                "Wait %(wait)s before the next try."))
    if not isinstance(matched, str):
        raise PinNeeded(matched.message, matched.status, matched.retry_after)
    if request.path.startswith("/api/"):
        return matched == director
    if matched == director:
        from web.plumbing.pin import remember_director
        remember_director(event_id)
        return True
    if own:
        _remember_side(game_id, side)
    else:
        remember(game_id)
    return False


@bp.app_template_global("confirm_state")
def confirm_state(game) -> dict | None:
    """For the game page: the table's confirmation state (service.confirm.side_state), None for a night that does
    not confirm."""
    state = confirm.side_state(get_db(), game)
    return state if state["mode"] != "none" else None


def _api_pin(err: PinNeeded):
    answer = jsonify({"errors": [{"field": err.field, "message": err.message}]})
    answer.status_code = err.status
    if err.retry_after is not None:
        answer.headers["Retry-After"] = str(err.retry_after)
    return answer


def _with_marks(game) -> dict:
    return game.to_json() | confirm.game_marks(get_db(), game)


@bp.post("/api/games/<game_id>/confirm")
@exempt
def api_confirm(game_id: str):
    payload = body()
    try:
        side = payload.get("side") if isinstance(payload, dict) else None
        director = who(game_id, side if isinstance(side, int) and not isinstance(side, bool) else confirm.SECOND,
                       request.headers.get(PIN_HEADER), request.headers.get(DIRECTOR_HEADER))
    except Refused as err:
        return refused(err)
    except PinNeeded as err:
        return _api_pin(err)
    if director and isinstance(payload, dict) and "side" not in payload:
        payload = {**payload, "side": confirm.SECOND}
    try:
        game = confirm.accept(get_db(), game_id, payload, request.remote_addr, director=director)
    except Refused as err:
        return refused(err)
    return jsonify(_with_marks(game))


@bp.post("/api/games/<game_id>/results")
@exempt
def api_results(game_id: str):
    payload = body()
    try:
        deciding = isinstance(payload, dict) and "decide" in payload
        side = payload.get("side") if isinstance(payload, dict) else None
        side = side if isinstance(side, int) and not isinstance(side, bool) and side in (0, 1) else 0
        director = who(game_id, None if deciding else side, request.headers.get(PIN_HEADER),
                       request.headers.get(DIRECTOR_HEADER))
    except Refused as err:
        return refused(err)
    except PinNeeded as err:
        return _api_pin(err)
    try:
        game = confirm.send_results(get_db(), game_id, payload, request.remote_addr, idempotency_key(),
                                    director=director)
    except Refused as err:
        return refused(err)
    return jsonify(_with_marks(game))


# -- the pages -------------------------------------------------------------------------------------------------

def _page(game_id: str, *, side: int | None = None, values=None, errors=(), pin_error: str | None = None,
          wrong: dict | None = None, status: int = 200):
    db = get_db()
    game = get_game(db, game_id)
    if not game.event:
        raise Refused([FieldError(None, lang._("This game is not a table of a club night."))], status=409)
    state = confirm.side_state(db, game)
    event_id = game.event["id"]
    values = values or {}
    director = is_director(event_id) or not director_hash(event_id)
    own = confirm.second_pin_hash(db, game_id)
    unlocked = {0: is_unlocked(game_id) or not game.has_pin or director,
                1: director or (_side_unlocked(game_id, 1) if own else is_unlocked(game_id) or not game.has_pin)}
    return render_template("confirm_table.html", game=game, state=state, seat=events.seat_of(db, game),
                           side=side, values=values, errors=list(errors), pin_error=pin_error,
                           wrong=wrong or {},
                           director=director, unlocked=unlocked, key=form_key(values),
                           live_key=confirm_key(game)), status, \
        {"Cache-Control": "no-store"}


def _side_arg() -> int | None:
    raw = request.values.get("side", "")
    return {"0": 0, "1": 1}.get(raw)


def confirm_key(game) -> str:
    """What the confirm page was drawn from: the game's revision and last change (every send, acceptance and
    decision writes a new revision of the game, so the poll gate answers from the game's row alone)."""
    return f"{game.revision}.{game.updated}"


@bp.get("/games/<game_id>/confirm/live")
def confirm_live(game_id: str):
    """Polled by the confirm page (data-poll): 204 while the game is as the page was drawn, else the page again
    (its #confirm swapped in, what the phone typed kept): the other side sent, the director decided, a hand."""
    try:
        if request.args.get("key") == confirm_key(get_game(get_db(), game_id)):
            return polls.unchanged()
        return _page(game_id, side=_side_arg())
    except Refused as err:
        return refused_page(err)


@bp.get("/games/<game_id>/confirm")
def confirm_page(game_id: str):
    try:
        return _page(game_id, side=_side_arg())
    except Refused as err:
        return refused_page(err)


@bp.post("/games/<game_id>/confirm")
@exempt
def confirm_post(game_id: str):
    """The hand-across page's one button (or the director's accept)."""
    values = request.form.to_dict()
    try:
        try:
            director = who(game_id, confirm.SECOND, values.get("pin", "").strip() or None)
        except PinNeeded as err:
            return _page(game_id, side=confirm.SECOND, values=values, pin_error=err.message, status=err.status)
        shown = values.get("revision", "")
        confirm.accept(get_db(), game_id, {"side": confirm.SECOND}, log_device(game_id), director=director,
                       revision=int(shown) if shown.isascii() and shown.isdigit() else None)
    except Refused as err:
        return _page(game_id, side=confirm.SECOND, values=values, errors=[e.message for e in err.errors],
                     status=err.status)
    return redirect(url_for("event_confirm.confirm_page", game_id=game_id), 303)


def _typed_totals(values: dict, names: list[str], field: str) -> tuple[list[int] | None, dict[str, str]]:
    """The totals typed in the boxes `field.0`, `field.1`…; else what is wrong, by box (its side named)."""
    totals, errors = [], {}
    for i, name in enumerate(names):
        raw = values.get(f"{field}.{i}", "").strip()
        n = numbers.number(raw.replace("−", "-"), f"{field}[{i}]") if raw else None
        if isinstance(n, bool) or not isinstance(n, int):
            errors[f"{field}.{i}"] = lang._("Type the total of %(name)s as a whole number.", name=name)
        totals.append(n)
    return (None if errors else totals), errors


@bp.post("/games/<game_id>/results")
@exempt
def results_post(game_id: str):
    """A side's totals form, or the director's decision."""
    values = request.form.to_dict()
    deciding = "decide" in request.form
    side = None if deciding else _side_arg()
    try:
        game = get_game(get_db(), game_id)
        totals, wrong = _typed_totals(values, [s.name for s in game.sides], "decide" if deciding else "totals")
        errors = list(wrong.values())
        if side is None and not deciding:
            errors.append(lang._("Choose your side first."))
        if errors:
            return _page(game_id, side=side, values=values, errors=errors, wrong=wrong, status=422)
        try:
            director = who(game_id, side, values.get("pin", "").strip() or None)
        except PinNeeded as err:
            return _page(game_id, side=side, values=values, pin_error=err.message, status=err.status)
        payload = {"decide": totals} if deciding else {"side": side, "totals": totals}
        confirm.send_results(get_db(), game_id, payload, log_device(game_id), posted_key(), director=director)
    except Refused as err:
        return _page(game_id, side=side, values=values, errors=[e.message for e in err.errors], status=err.status)
    return redirect(url_for("event_confirm.confirm_page", game_id=game_id, side=side), 303)
