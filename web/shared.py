"""The game page, table display and scoreboard as every device sees them at one game state: rendered once.

Rendering a 50-hand game page costs about 30 times a bare Flask answer, and after each hand every
device at the table asks for the new scoreboard, so one render serves them all (`make bench`,
"game page requests/s": 0.03 x without this, 0.5 to 1 x with it).

A render is kept under everything its markup is made from (`key`): the database file, the game,
its live state (revision, minutes left, Undo offered), the template, the view, and whether this
device may change the game. The one thing that differs from device to device, the CSRF token in
its forms, is rendered as TOKEN and filled in per request by `for_this_device`. A page with
something else meant for one device only (a flashed message, a notice) is not rendered here.
"""
from __future__ import annotations

from typing import Callable

from flask import render_template
from markupsafe import Markup

from . import derived, security

TOKEN = "\x00csrf\x00"  # stands for the device's CSRF token; never part of real markup (NUL is not HTML)

_kept = derived.Recent(256)  # a few renders per game, each some kB


def markup(template: str, made_from: tuple, context: Callable[[], dict]) -> str:
    """`template` rendered for every device (TOKEN in place of the CSRF token), once per `made_from`."""
    key = (derived.database(), template, *made_from)
    found = _kept.get(key)
    if found is None:
        found = render_template(template, **context(), csrf_token=lambda: TOKEN,
                                csrf_field=lambda: security.csrf_field_for(TOKEN))
        _kept.put(key, found)
    return found


def for_this_device(shared: str) -> Markup:
    """Shared markup with this device's own CSRF token filled in."""
    return Markup(shared.replace(TOKEN, security.csrf_token()))
