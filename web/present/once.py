"""Pages every device at a table sees alike, drawn once: a render is a pure function of what it is given.

After each hand every device asks for the new scoreboard, and drawing a 50-hand game page costs several
times a whole bare Flask answer (`make bench`, "game page requests/s"). So a page made only of its
context is drawn once per context and the markup kept: the key is the template and the context
itself (`key_of`: the game by its revision, everything else by value), so nothing can be left out of it
by hand. What differs from device to device must be in the context too (may it change the game, a
message for it), or be the CSRF token in its forms, which is drawn as TOKEN and put in per device
(`render_once`). While such a page is drawn, the helpers that read the device or the database
behind the context's back refuse (`device_dependent`), so a template cannot depend on what the key
does not hold.
"""
from __future__ import annotations

import contextvars
import functools
from typing import Any, Callable, Mapping

from flask import Flask, current_app, render_template
from markupsafe import Markup

import lang
from scoring.variant import Variant
from service.cache import Recent
from service.model import Game
from web.plumbing import security

TOKEN = "\x00csrf\x00"  # stands for the device's CSRF token; never part of real markup (NUL is not HTML)

_kept = Recent(4 * 2 ** 20)  # in bytes: a few pages per game, a 50-hand game page some 40 kB
_drawing = contextvars.ContextVar("meldbook_drawing_once", default=False)


class Unkeyed(TypeError):
    """A context value that is neither plain data nor the game or a variant: pass the game, not parts of it."""


class DependsOnTheDevice(RuntimeError):
    """A template drawn once for every device asked for something of one device (see `device_dependent`)."""


PLAIN = (str, Markup, int, float, bool, type(None))


def key_of(value: Any) -> Any:
    """A hashable key for a context value: the game by its state, a variant by its id, plain data by value."""
    kind = type(value)
    if kind in PLAIN:
        return value
    if kind is Game:
        return ("game", value.id, value.revision, value.updated)
    if kind is lang.Lazy:  # a declared text: the drawing's key holds the language already
        return ("text", value.msgid, value.context)
    if isinstance(value, Variant):
        return ("variant", value.id)
    if kind is dict:  # in its own order: the same data in another order only misses, never matches wrongly
        return tuple([(k, v if type(v) in PLAIN else key_of(v)) for k, v in value.items()])
    if kind is list or kind is tuple:
        return tuple([v if type(v) in PLAIN else key_of(v) for v in value])
    if isinstance(value, Mapping):
        return key_of(dict(value))
    raise Unkeyed(kind.__name__)


def device_dependent(helper: Callable) -> Callable:
    """Mark a template helper that reads the device, the session or the database: it refuses inside a page
    drawn once for every device (what it would say must then be passed in the context)."""
    @functools.wraps(helper)
    def guarded(*args, **kwargs):
        if _drawing.get():
            raise DependsOnTheDevice(f"{helper.__name__}() depends on the device: pass what it says in the "
                                     "context of a page drawn once for every device")
        return helper(*args, **kwargs)
    return guarded


DEVICE_DEPENDENT = ("table_unlocked", "known_players", "get_flashed_messages")  # template helpers that read the
# device's session or the database


def init_app(app: Flask) -> None:
    """Once every template helper is registered: those that read the device refuse inside a shared drawing."""
    helpers = app.jinja_env.globals
    for name in DEVICE_DEPENDENT:
        helpers[name] = device_dependent(helpers[name])


def _drawing_of(template: str, context: dict) -> tuple[bytes, ...]:
    """The drawing's pieces between the tokens, as the bytes they travel as (only they are kept: the whole page would
    be a second copy; each request then joins them with its token, with no page to encode again)."""
    key = (current_app.config["DATABASE"], lang.current(), template, key_of(context))
    found = _kept.get(key)
    if found is None:
        token = _drawing.set(True)
        try:
            html = render_template(template, **context, csrf_token=lambda: TOKEN,
                                   csrf_field=lambda: security.csrf_field_for(TOKEN))
        finally:
            _drawing.reset(token)
        found = tuple(piece.encode() for piece in html.split(TOKEN))
        _kept.put(key, found)
    return found


def render_once(template: str, **context: Any) -> bytes:
    """`template` drawn with `context` for this device, drawn once for every device with the same context: the
    answer's body, UTF-8."""
    return security.csrf_token().encode().join(_drawing_of(template, context))
