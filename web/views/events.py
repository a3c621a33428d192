"""The club nights' JSON API (API.md, "Club nights (events)"): create, list and read events, start a round, the
standings, and the log of changes made to a game after its round closed."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

import lang
from scoring import FieldError, Refused
from service import events, tournament
from web.plumbing.database import get_db
from web.plumbing.director import reading_as_director
from web.plumbing.json_api import body, idempotency_key, refused

bp = Blueprint("events", __name__, url_prefix="/api/events")
bp.register_error_handler(Refused, refused)
scales = Blueprint("vp_scales", __name__, url_prefix="/api/vp-scales")


@scales.get("")
def list_vp_scales():
    """The VP scales Meldbook ships: [{"id", "name", "rows"}]."""
    return jsonify(tournament.vp_scales())


EVENT_BODY = 512 * 1024  # API.md "Big events": 1,024 entrants with their names and numbers; every other route 64 kB


@bp.post("")
def create_event():
    request.max_content_length = EVENT_BODY  # before the body is read; the 413 says this limit (web/plumbing/errors)
    event = events.create_event(get_db(), body(), idempotency_key())
    return jsonify(event), 201, {"Location": f"/api/events/{event['id']}"}


@bp.get("")
def list_events():
    return jsonify(events.list_events(get_db()))


@bp.get("/<event_id>")
def show_event(event_id: str):
    """The event object; each table's own PIN only for the director (X-Director-PIN, or a session that entered
    it) or on a night without a director's PIN."""
    events.event_key(get_db(), event_id)  # 404 for an unknown event (one row) before any PIN is tried
    pins, refusal = reading_as_director(event_id)
    if refusal is not None:
        return refusal
    return jsonify(events.get_event(get_db(), event_id, pins=pins))


@bp.post("/<event_id>/rounds")
def start_round(event_id: str):
    """The next round: its pairings made and its games created; an optional body {"movement": …} seats this round
    only by another movement. A repeat with the same Idempotency-Key answers the round it started; a second start
    without one is refused while the first one's games play (409)."""
    return jsonify(events.start_round(get_db(), event_id, idempotency_key(), _round_movement())), 201


def _round_movement():
    """The movement a round start's body asks for; no body (or an empty one): the event's own."""
    if not request.get_data(cache=True).strip():
        return None
    sent = body()
    if not isinstance(sent, dict) or set(sent) - {"movement"}:
        raise Refused([FieldError(None, lang._("A round start's body is empty, or {\"movement\": …} to seat this "
                                               "round by another movement."))])
    return sent.get("movement")


@bp.get("/<event_id>/standings")
def show_standings(event_id: str):
    return jsonify(events.standings(get_db(), event_id))


@bp.get("/<event_id>/log")
def show_log(event_id: str):
    return jsonify(events.event_log(get_db(), event_id))


@bp.post("/<event_id>/adjustments")
def add_adjustment(event_id: str):
    """A director's penalty or award: counted into the standings at once and kept in the event's log."""
    return jsonify(tournament.add_adjustment(get_db(), event_id, body(), device=request.remote_addr,
                                             key=idempotency_key())), 201


@bp.delete("/<event_id>/adjustments/<adjustment_id>")
def delete_adjustment(event_id: str, adjustment_id: str):
    """Take an adjustment back (noted in the log); answers the adjustment removed."""
    return jsonify(tournament.delete_adjustment(get_db(), event_id, adjustment_id, device=request.remote_addr))
