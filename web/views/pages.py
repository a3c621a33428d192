"""The pages players use at the table: home, the game's scoreboard, the table display, game-level actions."""
from __future__ import annotations


from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from jinja2_fragments.flask import render_block

import lang
import service
from service import events as club_nights
from scoring import VARIANTS, Refused, get_variant
from web import present
from web.forms import numbers
from web.forms.numbers import whole_number
from web.plumbing import polls
from web.plumbing.addresses import qr_answer, reachable
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.pin import ends_game
from web.plumbing.revisions import form_revision
from web.present.device_name import log_device
from web.present.hand_page import played_hand
from web.present.scoreboard import (
    after_write,
    live_html,
    live_key,
    live_until,
    scoreboard_page,
    write_refused,
)

bp = Blueprint("pages", __name__)



bp.register_error_handler(Refused, refused_page)


GAMES_A_PAGE = 30  # a club's 10,000 games would be a 10 MB page: the newest 30, then "Older games"
LAST_PAGE = 10 ** 6


@bp.get("/")
def home():
    """The newest games (a club night's tables are on its own page), GAMES_A_PAGE a page: ?page=2 for older ones."""
    raw = request.args.get("page")
    page = 1 if raw is None else whole_number(raw, "page", 1, LAST_PAGE)
    games, more = service.games_page(get_db(), page, GAMES_A_PAGE)
    playing = [g for g in games if not g["finished"]]
    finished = [g for g in games if g["finished"]]
    return render_template("home.html", playing=playing, finished=finished, variants=VARIANTS.values(), page=page,
                           more=more, club_tables=club_nights.table_games(get_db()))


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
        return polls.unchanged(live_until(game))
    view = "table" if request.args.get("view") == "table" else "game"
    return live_html(game, view=view)


@bp.get("/games/<game_id>/hands/<int:number>/detail")
def hand_detail(game_id: str, number: int):
    """One hand's breakdown per side with its correct/delete actions, loaded when its history row opens."""
    game = service.get_game(get_db(), game_id)
    played = played_hand(game, number)
    variant = get_variant(game.variant)
    hand = {"number": number, "scores": played.scores, "from_paper": played.from_paper,
            "sides": [present.side_lines(variant, game.sides, played.entries, s, variant.card_values_for(game.options))
                      for s in played.scores]}
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
        return polls.unchanged()
    recorded = service.recorded_with(get_db(), game_id, request.args.get("key"))
    return render_block("hand.html", "notice", game=game, changed=True, recorded=recorded)


@bp.get("/games/<game_id>/qr.svg")
def qr_code(game_id: str):
    """A QR code that opens this game on another phone at the table."""
    service.get_game(get_db(), game_id)
    return qr_answer(game_address(game_id))


def game_address(game_id: str) -> str:
    """The game's address as another device on the network reaches it (not 127.0.0.1)."""
    return reachable(url_for("pages.game", game_id=game_id))


@bp.post("/games/<game_id>/sides/<int:side>/<action>")
def mark_side(game_id: str, side: int, action: str):
    try:
        game = service.mark_side(get_db(), game_id, side, action, form_revision(), device=log_device(game_id))
    except Refused as err:
        return write_refused(err, game_id)
    return after_write(game)


@bp.post("/games/<game_id>/end")
@ends_game  # a club night's table ended early needs its director (web/plumbing/director.py)
def end_game(game_id: str):
    try:
        game = service.end_game(get_db(), game_id, form_revision(), device=log_device(game_id))
    except Refused as err:
        return write_refused(err, game_id)
    return after_write(game)


@bp.post("/games/<game_id>/delete")
def delete_game(game_id: str):
    try:
        service.delete_game(get_db(), game_id, form_revision())
    except Refused as err:
        if err.status == 404:
            raise
        # stale, or a club night's table (service.delete_game says why)
        flash(lang._("Someone else just changed this — here is the new version. The game was not deleted.")
              if isinstance(err, service.Stale) else err.errors[0].message)
        return redirect(url_for("pages.home"), 303)
    flash(lang._("The game was deleted."))
    return redirect(url_for("pages.home"), 303)
