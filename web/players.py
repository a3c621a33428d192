"""Players across games: the JSON API (GET /api/players…) and the players pages, rename and merge."""
from __future__ import annotations

from flask import Blueprint, Flask, flash, jsonify, redirect, render_template, request, url_for

from db import players as store
from db import write
from scoring import VARIANTS, FieldError, Refused
from scoring.renames import GameChange, check_merge, check_new_name, check_rename, plan
from scoring.standings import player_key

from . import actions, derived, standings
from .api import body, refused
from .database import get_db
from .pages import refused_page

api_bp = Blueprint("players_api", __name__, url_prefix="/api")
api_bp.register_error_handler(Refused, refused)
bp = Blueprint("players", __name__)

RATING_NOTE = ("The rating is a cautious estimate of skill from finished games (openskill): it starts at 0, "
               "rises with wins over strong tables and falls with losses, and firms up as more games are played.")


@api_bp.get("/players")
def list_players():
    return jsonify(standings.everyone(get_db()))


@api_bp.get("/players/<path:name>")
def show_player(name: str):
    return jsonify(standings.one(get_db(), name))


def _one_field(key: str, example: str) -> str:
    """The body's one field; anything else in it is refused, so a typo never renames to nothing."""
    payload = body()
    if not isinstance(payload, dict) or set(payload) != {key}:
        raise Refused([FieldError(key, f'Send {{"{key}": "{example}"}} and nothing else.')])
    return payload[key]


@api_bp.post("/players/<path:name>/rename")
def rename_player(name: str):
    _, new_name, _ = change_player(get_db(), name, new=_one_field("name", "New name"), apply=True)
    return jsonify(standings.one(get_db(), new_name))


@api_bp.post("/players/<path:name>/merge")
def merge_player(name: str):
    _, new_name, _ = change_player(get_db(), name, into=_one_field("into", "Other player"), apply=True)
    return jsonify(standings.one(get_db(), new_name))


def change_player(db, name: str, *, new: object = None, into: object = None,
                  apply: bool = False) -> tuple[str, str, list[GameChange]]:
    """Rename `name` to `new`, or merge it into the player `into`: (old name, new name, what changes).

    Checked and (when `apply`) written in one transaction, so what was checked is what changes.
    """
    with write(db):
        rows = store.seats_and_sides(db)
        known: dict[str, str] = {}
        for r in rows:  # oldest game first: the newest spelling stays
            known[player_key(r["name"])] = r["name"]
        old = player_key(name)
        if old not in known:
            raise actions.not_found(f"There is no player called “{' '.join(name.split())}”.")
        if into is None:
            new_name = check_new_name(new)
            check_rename(known, old, new_name)
        else:
            new_name = known[check_merge(known, rows, old, into)]
        changes = plan(rows, old, new_name)
        if apply:
            for change in changes:
                for side, seat, _, after in change.seats:
                    store.rename_seat(db, change.game_id, side, seat, after)
                for side, _, after in change.sides:
                    store.rename_side(db, change.game_id, side, after)
                store.new_revision(db, change.game_id)
    if apply:
        for change in changes:
            derived.forget(change.game_id)
    return known[old], new_name, changes


@bp.get("/players")
def players():
    return render_template("players.html", players=standings.everyone(get_db()), variants=VARIANTS,
                           note=RATING_NOTE)


@bp.get("/players/<path:name>")
def player(name: str):
    table = standings.current(get_db())
    try:
        found = standings.one(get_db(), name, table)
    except Refused as err:
        return refused_page(err)
    others = sorted((p.name for p in table.players.values() if p.name != found["name"]), key=str.casefold)
    return render_template("player.html", player=found, variants=VARIANTS, note=RATING_NOTE, others=others)


@bp.route("/players/<path:name>/rename", methods=["GET", "POST"])
def rename(name: str):
    """GET: what renaming would change, and a button to do it; POST: do it."""
    return _change(name, "rename", new=request.values.get("name", ""))


@bp.route("/players/<path:name>/merge", methods=["GET", "POST"])
def merge(name: str):
    """GET: what merging into another player would change, and a button to do it; POST: do it."""
    return _change(name, "merge", into=request.values.get("into", ""))


def _change(name: str, what: str, **target):
    apply = request.method == "POST"
    try:
        old, new_name, changes = change_player(get_db(), name, apply=apply, **target)
    except Refused as err:
        if err.status == 404:
            return refused_page(err)
        return render_template("player_change.html", what=what, name=" ".join(name.split()), errors=err.errors,
                               target=target), 422
    if apply:
        games = sum(1 for _ in changes)
        flash(f"“{old}” is now “{new_name}” in {games} game{'s' if games != 1 else ''}." if what == "rename"
              else f"“{old}” was merged into “{new_name}” ({games} game{'s' if games != 1 else ''}).")
        return redirect(url_for("players.player", name=new_name), 303)
    return render_template("player_change.html", what=what, name=old, new_name=new_name, changes=changes,
                           target=target, variants=VARIANTS, errors=[])


def init_app(app: Flask) -> None:
    """The players' blueprints, and the known names for the new-game form's suggestions."""
    from . import takeaway

    takeaway.init_app(app)
    app.register_blueprint(api_bp)
    app.register_blueprint(bp)
    app.jinja_env.globals.update(known_players=lambda: store.player_names(get_db()))
