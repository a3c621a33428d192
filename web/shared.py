"""The game page, table display and scoreboard as every device sees them at one game state: rendered once.

Rendering a 50-hand game page costs about 30 times a bare Flask answer, and after each hand every
device at the table asks for the new scoreboard, so one render serves them all (`make bench`,
"game page requests/s": 0.03 x without this, 0.5 to 1 x with it).

A render is kept under everything its markup is made from (`made_from`, below the database file
and the template): the game, its live state (revision, minutes left, Undo offered), the view, and
whether this device may change the game. The one thing that differs from device to device, the
CSRF token in its forms, is rendered as TOKEN; the render is kept as the pieces of UTF-8 between
the tokens, and `for_this_device` joins them with the device's own. A page with anything else
meant for one device only (a flashed message, a notice) is rendered for it alone, not here.
"""
from __future__ import annotations

from typing import Callable

from flask import render_template
from markupsafe import Markup

from . import derived, security

TOKEN = "\x00csrf\x00"  # stands for the device's CSRF token; never part of real markup (NUL is not HTML)

_kept = derived.Recent(256)  # a few renders per game, each some kB


def markup(template: str, made_from: tuple, context: Callable[[], dict]) -> list[bytes]:
    """`template` rendered for every device, once per `made_from`: the pieces between its CSRF tokens."""
    key = (derived.database(), template, *made_from)
    found = _kept.get(key)
    if found is None:
        html = render_template(template, **context(), csrf_token=lambda: TOKEN,
                               csrf_field=lambda: security.csrf_field_for(TOKEN))
        found = html.encode().split(TOKEN.encode())
        _kept.put(key, found)
    return found


def for_this_device(pieces: list[bytes]) -> bytes:
    """Shared markup with this device's own CSRF token put in: the HTML body to send."""
    return security.csrf_token().encode().join(pieces)


def inside_shared(pieces: list[bytes]) -> Markup:
    """Shared markup to put inside another shared render (its tokens stay TOKEN)."""
    return Markup(TOKEN.encode().join(pieces).decode())
