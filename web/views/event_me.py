"""Every entrant's own page (API.md "Every player's own page"): `/events/{id}/me/{entrant}`, where it sits now,
where it goes next when the movement says it already, the round clock, its results round by round and its place so
far. It follows the night by itself as the game page does (its poll answers 204 from the event's one-row key while
nothing changed), reads no PIN and changes nothing.
"""
from __future__ import annotations

import time

from flask import Blueprint, render_template, request
from jinja2_fragments.flask import render_block

from scoring import Refused, get_variant
from service import events
from service.entrant_night import entrant_night
from web.plumbing import polls
from web.plumbing.addresses import qr_answer
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.own_page import me_address
from web.present.event_clock import round_clock

bp = Blueprint("event_me", __name__, url_prefix="/events")
bp.register_error_handler(Refused, refused_page)

TEMPLATE = "event_me.html"


def _view(db, event_id: str, entrant: int) -> dict:
    key = events.event_key(db, event_id)  # read first: a change after it only makes the page newer than its key
    night = entrant_night(db, event_id, entrant)
    event = night["event"]
    return {**night, "key": key, "variant": get_variant(event["variant"]), "clock": round_clock(event),
            "current": event["round_list"][-1] if event["round_list"] else None}


@bp.get("/<event_id>/me/<int:entrant>")
def own_page(event_id: str, entrant: int):
    return render_template(TEMPLATE, **_view(get_db(), event_id, entrant))


@bp.get("/<event_id>/me/<int:entrant>/live")
def own_live(event_id: str, entrant: int):
    """Polled by the own page: 204 while the event's key is the one the page was drawn with (one row read), else
    the page's part drawn again."""
    db = get_db()
    if request.args.get("key") == events.event_key(db, event_id):
        return polls.unchanged((time.time() // 60 + 1) * 60)  # kept by the poll gate to the next minute at most
    return render_block(TEMPLATE, "own", **_view(db, event_id, entrant))


@bp.get("/<event_id>/me/<int:entrant>/qr.svg")
def own_qr(event_id: str, entrant: int):
    """A QR code of the entrant's own page, for a partner's phone."""
    entrant_night(get_db(), event_id, entrant)  # 404 for an unknown event or entrant
    return qr_answer(me_address(event_id, entrant))

