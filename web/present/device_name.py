"""How a club night's log names the device that changed a game, as people do: the name the device gave itself
("Ann's laptop"), else "Table 2's phone" for a phone that opened table 2 from the night's table picker.

Both are kept in the device's own (signed) session cookie; what a write stores in the log is a short tag
(service.events.device_words says it in the page's language): "name:…", "table:N", or the device's hash.
"""
from __future__ import annotations

import unicodedata

from flask import session

import lang
import service
from scoring import FieldError, Refused
from web.plumbing.database import get_db

from .scoreboard import this_device

NAME, TABLES = "device_name", "event_tables"
LONGEST = 40


def given_name() -> str | None:
    return session.get(NAME) or None


def picked_table(event_id: str) -> int | None:
    """The table this device last opened from this night's table picker."""
    return (session.get(TABLES) or {}).get(event_id)


def remember_table(event_id: str, table: int) -> None:
    """This device opened `table` of the night from its table picker (the newest nights only: the cookie stays small)."""
    picks = {k: v for k, v in (session.get(TABLES) or {}).items() if k != event_id}
    session[TABLES] = dict(list(picks.items())[-7:]) | {event_id: table}


def give_name(raw: object) -> str | None:
    """Keep the name this device gives itself (an empty one forgets it); Refused (422, field device_name) when it
    is not a name."""
    name = " ".join(str(raw or "").split())
    if len(name) > LONGEST:
        raise Refused([FieldError(NAME, lang._("A device's name is at most %(most)s characters; this one has "
                                               "%(count)s.", most=lang.number(LONGEST), count=lang.number(len(name))))])
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in name):
        raise Refused([FieldError(NAME, lang._("A device's name cannot hold invisible or control characters; type "
                                               "letters, digits and spaces."))])
    if name:
        session[NAME] = name
    else:
        session.pop(NAME, None)
    return name or None


def for_event(event_id: str) -> dict:
    """How the night's log names this device, for its pages: the name it gave itself, the table it opened."""
    return {"name": given_name(), "table": picked_table(event_id)}


def event_device() -> str:
    """What a write to the night itself from its pages (an adjustment) stores as its device in the log: the name this
    device gave itself, else its hash, as a game's write names it (never the network address)."""
    name = given_name()
    return f"name:{name}" if name else this_device()


_UNREAD = object()


def log_device(game_id: str, seat=_UNREAD) -> str:
    """What a write to `game_id` from this device stores as its device in a club night's log (`seat`: the game's
    event seat when the request read it already, so recording a hand reads the game once)."""
    name = given_name()
    if name:
        return f"name:{name}"
    if seat is _UNREAD:
        try:
            seat = service.get_game(get_db(), game_id).event  # cached: every phone polls it
        except Refused:
            seat = None
    table = picked_table(str(seat["id"])) if seat else None
    return f"table:{table}" if table else this_device()
