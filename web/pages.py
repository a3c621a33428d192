"""The pages players use at the table: home, the game's scoreboard, the table display, game-level actions."""
from __future__ import annotations

import hashlib
import io
import ipaddress
from datetime import datetime, timezone
from urllib.parse import urlsplit

from flask import Blueprint, Response, flash, redirect, render_template, request, session, url_for
from jinja2_fragments.flask import render_block
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from scoring import VARIANTS, Refused, get_variant
from scoring.game import places

import service
from service.model import Game

from . import numbers, pin, present, security
from .database import get_db
from .network import lan_addresses
from .numbers import whole_number

bp = Blueprint("pages", __name__)

STALE = "Someone else just changed this — here is the new version."
RECENT_HANDS = 12  # history rows on the page; earlier hands load when asked for
UNDO_SECONDS = 60  # how long a just-recorded hand offers Undo on every phone


def just_recorded(game: Game, now: datetime | None = None) -> dict | None:
    """The last hand, while it may be undone: recorded under UNDO_SECONDS ago and nothing changed since."""
    if not game.hands or game.last_hand_revision != game.revision:
        return None  # no hand yet, or corrected, deleted, a failed meld…: Undo would be refused anyway
    last = game.hands[-1]
    age = ((now or datetime.now(timezone.utc)) - datetime.fromisoformat(last.recorded_at)).total_seconds()
    return {"number": last.number, "recorded_at": last.recorded_at} if 0 <= age < UNDO_SECONDS else None


def taken_back(game: Game, now: datetime | None = None) -> dict | None:
    """The hand last taken back with Undo, for UNDO_SECONDS after and while nothing changed since."""
    note = service.taken_back(get_db(), game)
    if note is None:
        return None
    age = ((now or datetime.now(timezone.utc)) - datetime.fromisoformat(note["at"])).total_seconds()
    return note if 0 <= age < UNDO_SECONDS else None


def this_device() -> str:
    """A name for this browser that gives nothing away: a hash of its CSRF cookie (an Undo is noted under it)."""
    return hashlib.sha256(security.csrf_token().encode()).hexdigest()[:16]


def undone_here(game: dict) -> bool:
    """Whether this device took back the hand the note is about: it was told in its own words, and is shown no note."""
    note = taken_back(game)
    return note is not None and note.get("by") == this_device()


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def refused_page(err: Refused):
    """A refusal outside a form (unknown game, finished game…) as a page in the game's words."""
    messages = [e.message for e in err.errors]
    return render_template("error.html", messages=messages, status=err.status), err.status


bp.register_error_handler(Refused, refused_page)


def http_error_page(err: HTTPException):
    """A routing or request error on a page (404, 405, a stale CSRF token…) as a page, not a raw error."""
    words = {404: "There is nothing at this address.", 405: "That cannot be done from here.",
             413: "What was sent is too large (at most 64 kB), so nothing was saved. Go back, check what was "
                  "typed and try again."}
    message = words.get(err.code) if err.description == type(err).description else err.description
    return render_template("error.html", messages=[message or err.name], status=err.code), err.code


def live_key(game: Game) -> str:
    """Changes whenever the scoreboard would look different: a new revision, a minute less to play, Undo or the
    note of an Undo gone."""
    left = present.finish_time(game)
    undo = "u" if just_recorded(game) else "t" if taken_back(game) else ""
    return f"{game.revision}-{left['minutes_left'] if left else ''}-{undo}"


def live_context(game: Game, view: str = "game", notice: str | None = None) -> dict:
    """What the scoreboard, history and game-over parts need."""
    variant = get_variant(game.variant)
    winners = [game.sides[i].name for i in game.winner or ()]
    # totals only: a hand's breakdown is fetched when its row is opened (hand_detail), which keeps a
    # long game's page and every polled scoreboard small
    here = undone_here(game)  # the device that took the last hand back was told in its own words
    return {"game": game, "variant": variant, "history": game.hands[::-1], "recent_hands": RECENT_HANDS,
            "ranked": [(place, game.sides[i]) for place, i in places([s.score for s in game.sides])],
            "winners": winners, "view": view, "notice": notice, "key": live_key(game),
            "dealing": present.dealing_lines(game), "finish": present.finish_time(game),
            "undo": just_recorded(game), "taken_back": None if here else taken_back(game)}


def live_html(game: Game, view: str = "game", notice: str | None = None) -> str:
    """The scoreboard partial (every device polls it)."""
    return render_template("_live.html", **live_context(game, view=view, notice=notice))


def scoreboard_page(template: str, game: Game, view: str) -> str:
    """The game page or the table display, with the scoreboard partial inside."""
    return render_template(template, game=game, live=Markup(live_html(game, view)))


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
        return after_write(err.game, STALE, err.status)
    return after_write(service.get_game(get_db(), game_id), " ".join(e.message for e in err.errors), err.status)


@bp.get("/")
def home():
    games = service.list_games(get_db())
    playing = [g for g in games if not g["finished"]]
    finished = [g for g in games if g["finished"]]
    return render_template("home.html", playing=playing, finished=finished, variants=VARIANTS.values())


@bp.get("/games/<game_id>")
def game(game_id: str):
    game = service.get_game(get_db(), game_id)
    return scoreboard_page("game.html", game, "game")


@bp.get("/games/<game_id>/table")
def table(game_id: str):
    game = service.get_game(get_db(), game_id)
    return scoreboard_page("table.html", game, "table")


@bp.get("/games/<game_id>/live")
def live(game_id: str):
    """The polled scoreboard: 204 while nothing changed, else the new scoreboard and history."""
    game = service.get_game(get_db(), game_id)
    if request.args.get("key") == live_key(game):
        return Response(status=204)
    view = "table" if request.args.get("view") == "table" else "game"
    return live_html(game, view=view)


@bp.get("/games/<game_id>/hands/<int:number>/detail")
def hand_detail(game_id: str, number: int):
    """One hand's breakdown per side with its correct/delete actions, loaded when its history row opens."""
    game = service.get_game(get_db(), game_id)
    if not 1 <= number <= game.hands_played:
        raise service.not_found(f"There is no hand {number} in this game (it has {game.hands_played}).")
    variant = get_variant(game.variant)
    played = game.hands[number - 1]
    hand = {"number": number, "scores": played.scores,
            "sides": [present.side_lines(variant, game.sides, played.entries, s) for s in played.scores]}
    return render_template("_hand_detail.html", game=game, hand=hand)


@bp.get("/games/<game_id>/hands/earlier")
def earlier_hands(game_id: str):
    """The history rows of the hands before `before` (newest first), loaded when 'Earlier hands' opens."""
    game = service.get_game(get_db(), game_id)
    raw = request.args.get("before")
    before = game.hands_played + 1 if raw is None else whole_number(raw, "before", 1, 10 ** numbers.DIGITS - 1)
    rows = game.hands[:max(0, before - 1)][::-1]
    return render_template("_hand_rows.html", game=game, rows=rows)


@bp.get("/games/<game_id>/hands/live")
def hand_notice(game_id: str):
    """Polled from the hand form: says when the game changed (by another device, or by this very form), never
    touches the form."""
    game = service.get_game(get_db(), game_id)
    if request.args.get("revision") == str(game.revision):
        return Response(status=204)
    recorded = service.recorded_with(get_db(), game_id, request.args.get("key"))
    return render_block("hand.html", "notice", game=game, changed=True, recorded=recorded)


@bp.get("/games/<game_id>/qr.svg")
def qr_code(game_id: str):
    """A QR code that opens this game on another phone at the table."""
    import segno  # some 10 MB: imported when a QR code is first asked for, not at start

    service.get_game(get_db(), game_id)
    buffer = io.BytesIO()
    segno.make(game_address(game_id), error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False,
                                                       dark="#1d2b36", light="#ffffff")
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})


def game_address(game_id: str) -> str:
    """The game's address as another device on the network reaches it (not 127.0.0.1)."""
    address = urlsplit(request.host_url)
    path = url_for("pages.game", game_id=game_id)
    if _loopback(address.hostname or ""):
        lan = lan_addresses()
        if lan:
            return f"{address.scheme}://{lan[0]}{f':{address.port}' if address.port else ''}{path}"
    return f"{request.host_url.rstrip('/')}{path}"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@bp.post("/games/<game_id>/sides/<int:side>/<action>")
def mark_side(game_id: str, side: int, action: str):
    try:
        game = service.mark_side(get_db(), game_id, side, action, request.form.get("revision"))
    except Refused as err:
        return write_refused(err, game_id)
    return after_write(game)


@bp.post("/games/<game_id>/end")
def end_game(game_id: str):
    try:
        game = service.end_game(get_db(), game_id, request.form.get("revision"))
    except Refused as err:
        return write_refused(err, game_id)
    return after_write(game)


@bp.post("/games/<game_id>/delete")
def delete_game(game_id: str):
    try:
        service.delete_game(get_db(), game_id, request.form.get("revision"))
    except Refused as err:
        if err.status == 404:
            raise
        flash(STALE + " The game was not deleted.")
        return redirect(url_for("pages.home"), 303)
    flash("The game was deleted.")
    return redirect(url_for("pages.home"), 303)
