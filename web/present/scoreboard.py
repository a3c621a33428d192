"""The scoreboard every device at a table sees: its parts, when it changed, Undo and its note, and the answer to
a game-level write (the scoreboard again for htmx, else back to the game page)."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone

from flask import current_app, flash, get_flashed_messages, redirect, request, url_for

import lang
import service
from service import events as club_nights
from scoring import Refused, get_variant
from service.model import Game
from web import present
from web.plumbing import addresses, pin, security
from web.present import once
from web.plumbing.database import get_db

STALE = lang.L_("Someone else just changed this — here is the new version.")
RECENT_HANDS = 12  # history rows on the page; earlier hands load when asked for
UNDO_SECONDS = 60  # how long a just-recorded hand offers Undo on every phone


def just_recorded(game: Game, now: datetime | None = None) -> dict | None:
    """The last hand, while it may be undone: recorded under UNDO_SECONDS ago and nothing changed since."""
    if not game.hands or game.last_hand_revision != game.revision:
        return None  # no hand yet, or corrected, deleted, a failed meld…: Undo would be refused anyway
    last = game.hands[-1]
    age = ((now or datetime.now(timezone.utc)) - datetime.fromisoformat(last.recorded_at)).total_seconds()
    return {"number": last.number, "recorded_at": last.recorded_at} if 0 <= age < UNDO_SECONDS else None


def taken_back(game: Game, now: datetime | None = None, db=None) -> dict | None:
    """The hand last taken back with Undo, for UNDO_SECONDS after and while nothing changed since."""
    note = service.taken_back(db or get_db(), game)
    if note is None:
        return None
    age = ((now or datetime.now(timezone.utc)) - datetime.fromisoformat(note["at"])).total_seconds()
    return note if 0 <= age < UNDO_SECONDS else None


def this_device() -> str:
    """A name for this browser that gives nothing away: a hash of its CSRF cookie (an Undo is noted under it)."""
    return hashlib.sha256(security.csrf_token().encode()).hexdigest()[:16]


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def live_key(game: Game) -> str:
    """Changes whenever the scoreboard would look different: a new revision, a minute less to play, Undo or the
    note of an Undo gone."""
    return _key(game, present.finish_time(game), just_recorded(game), taken_back(game))


def live_until(game: Game) -> float | None:
    """When the polled scoreboard's key changes by itself though nothing is written (epoch seconds): the next
    minute less to play, Undo or the note of an Undo gone; None when only a write can change it."""
    now = datetime.now(timezone.utc)
    moments = []
    finish = present.finish_time(game, now)
    if finish and finish["minutes_left"]:
        left = (datetime.fromisoformat(finish["iso"]) - now).total_seconds()
        moments.append(left % 60 or 60.0)
    for shown, at in ((just_recorded(game, now), "recorded_at"), (taken_back(game, now), "at")):
        if shown:
            moments.append(UNDO_SECONDS - (now - datetime.fromisoformat(shown[at])).total_seconds())
    return now.timestamp() + max(0.0, min(moments)) if moments else None


def _key(game: Game, finish: dict | None, undo: dict | None, note: dict | None) -> str:
    return f"{game.revision}-{finish['minutes_left'] if finish else ''}-{'u' if undo else 't' if note else ''}"


def live_context(game: Game, view: str = "game", notice: str | None = None) -> dict:
    """Everything the scoreboard, history and game-over parts are drawn from, for this device at this moment:
    the game, and plain data (it is the key of the drawing: web/present/once.py)."""
    # the history rows show totals only: a hand's breakdown is fetched when its row is opened (hand_detail),
    # which keeps a long game's page and every polled scoreboard small
    db = get_db()
    finish, undo, note = present.finish_time(game), just_recorded(game), taken_back(game, db=db)
    here = note is not None and note.get("by") == this_device()  # told in its own words: no note for it
    dealing = service.made_from(db, game, f"dealing lines {lang.current()}",  # said in each language
                                lambda: tuple(present.dealing_lines(game)))
    return {"game": game, "variant": get_variant(game.variant), "recent_hands": RECENT_HANDS, "view": view,
            "notice": notice, "key": _key(game, finish, undo, note), "dealing": dealing,
            "finish": finish, "undo": undo, "taken_back": None if here else note,
            "unlocked": pin.table_unlocked(game), "seat": club_nights.seat_of(db, game)}


def live_html(game: Game, view: str = "game", notice: str | None = None) -> bytes:
    """The scoreboard partial (every device polls it), drawn once for every device in the same case."""
    return once.render_once("_live.html", **live_context(game, view=view, notice=notice))


def scoreboard_page(template: str, game: Game, view: str) -> tuple[bytes, dict]:
    """The game page or the table display, with the scoreboard partial inside; a message flashed for this device
    is part of what it is drawn from. The page holds this device's token, so it varies with its cookies."""
    # flashed messages live in the session cookie: a device without one has none (and its session is not opened)
    has_session = security.sends_cookie(request, current_app.config["SESSION_COOKIE_NAME"])
    flashed = get_flashed_messages() if has_session else []
    # the game's address as another phone on the network opens it, said in words beside its QR code
    address = addresses.reachable(url_for("pages.game", game_id=game.id)) if view == "game" else ""
    return once.render_once(template, **live_context(game, view=view), flashed=flashed,
                            only_here=addresses.only_here(), address=address,
                            director_end=director_needed(game, ending=True)), {"Vary": "Cookie"}


def director_needed(game: Game, *, ending: bool = False) -> dict | None:
    """For a club night's table game this device may not change as it stands (API.md "What only the director may
    do at a table"): {"why": in words, "unlock": the director's PIN page, back to this page}; None when it may."""
    if not game.event or pin.directs_here(game.event["id"]):
        return None
    why = club_nights.director_only(get_db(), game, ending=ending)
    return None if why is None else {"why": why, "unlock": url_for("director.unlock", event_id=game.event["id"],
                                                                   next=request.full_path.rstrip("?"))}


def after_write(game: Game, notice: str | None = None, status: int = 200):
    """A plain POST goes back to the game page (303); an htmx POST gets the updated scoreboard."""
    if is_htmx():
        return live_html(game, notice=notice), status
    if notice:
        flash(notice)
    return redirect(url_for("pages.game", game_id=game.id), 303)


def write_refused(err: Refused, game_id: str):
    """A game-level write that was refused: stale or finished games show the current state with why."""
    if err.status == 404:
        raise err
    if isinstance(err, service.Stale):
        return after_write(err.game, str(STALE), err.status)
    return after_write(service.get_game(get_db(), game_id), " ".join(e.message for e in err.errors), err.status)


