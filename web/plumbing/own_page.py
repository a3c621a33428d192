"""An entrant's own page (web/views/event_me.py) as other pages point at it: its address on the room's network (the
seating cards' QR codes) and `?entrant=` on the event's page."""
from __future__ import annotations

from flask import Response, redirect, request, url_for

from web.plumbing.addresses import reachable


def me_address(event_id: str, entrant: int) -> str:
    """The entrant's own page as a phone on the room's network reaches it (its QR code's address)."""
    return reachable(url_for("event_me.own_page", event_id=event_id, entrant=entrant))


def find_me(event_id: str) -> Response | None:
    """`?entrant=` on the event's page: that entrant's own page (None without it); not a number: the table picker's
    "find me" list."""
    raw = request.args.get("entrant")
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) < 6):
        return redirect(url_for("event_pages.tables", event_id=event_id) + "#find-me", 303)
    return redirect(url_for("event_me.own_page", event_id=event_id, entrant=int(raw)), 303)
