"""Players across games: the JSON API (GET /api/players…) and the players pages, rename and merge."""
from __future__ import annotations

from urllib.parse import urlencode

from werkzeug.exceptions import MethodNotAllowed

from flask import (
    Blueprint,
    Flask,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

import lang
from db import players as store
from scoring import VARIANTS, FieldError, Refused
from scoring.renames import GameChange, locked, played
from scoring.standings import player_key
from service import players as player_service
from web.plumbing.database import get_db, stored_game
from web.plumbing.errors import refused_page
from web.plumbing.json_api import body, refused
from web.plumbing.director import directs, reading_as_director
from web.plumbing.pin import DIRECTOR_HEADER, PIN_HEADER, is_director, is_unlocked, refusal_answer, try_pin
from web.present import when

api_bp = Blueprint("players_api", __name__, url_prefix="/api")
api_bp.register_error_handler(Refused, refused)
bp = Blueprint("players", __name__)

RATING_NOTE = lang.L_("The rating is a cautious estimate of skill from finished games (openskill): it starts at 0, "
                      "rises with wins over strong tables and falls with losses, and firms up as more games are "
                      "played.")


@api_bp.get("/players")
def list_players():
    return jsonify(player_service.everyone(get_db()))


@api_bp.get("/players/<path:name>")
def show_player(name: str):
    return jsonify(player_service.one(get_db(), name))


@api_bp.put("/players/<path:name>")
def set_member(name: str):
    """{"member": "IT-004512"}: the player's federation number (null removes it); the player object."""
    if name.rsplit("/", 1)[-1] in ("rename", "merge"):  # PUT …/rename: that route takes POST only, not a name
        raise MethodNotAllowed(valid_methods=["POST"])
    return jsonify(player_service.set_member(get_db(), name, body()))


def _one_field(key: str, example: str) -> str:
    """The body's one field; anything else in it is refused, so a typo never renames to nothing."""
    payload = body()
    if not isinstance(payload, dict) or set(payload) != {key}:
        raise Refused([FieldError(key, lang._('Send {"%(key)s": "%(example)s"} and nothing else.', key=key,
                                              example=example))])
    return payload[key]


@api_bp.post("/players/<path:name>/rename")
def rename_player(name: str):
    return _api_change(name, new=_one_field("name", lang._("New name")))


@api_bp.post("/players/<path:name>/merge")
def merge_player(name: str):
    return _api_change(name, into=_one_field("into", lang._("Other player")))


def _api_change(name: str, **target):
    """Rename or merge for an API client: a game with a PIN is changed only when this session unlocked
    it, or X-Table-PIN is its PIN (tried like any PIN, so guessing it here is counted too)."""
    db, given = get_db(), set()
    sent = request.headers.get(PIN_HEADER)
    if sent is not None:
        for change in locked(change_player(db, name, **target)[2], may_change):
            game = stored_game(change.game_id)
            if game is None or not game["pin_hash"]:
                continue  # gone meanwhile: the change itself looks again
            problem = try_pin(change.game_id, sent, game["pin_hash"])
            if problem is None:
                given.add(change.game_id)
            elif problem.status == 429:
                return refusal_answer(problem)
    nights = set()  # the club nights whose director's PIN the request carries, checked before the change
    if request.headers.get(DIRECTOR_HEADER) is not None:
        old, new_name, _ = change_player(db, name, **target)
        for event_id in player_service.renamed_nights(db, old, new_name):
            right, refusal = reading_as_director(event_id)
            if refusal is not None:
                return refusal
            nights |= {event_id} if right else set()
    _, new_name, _ = change_player(db, name, apply=True, api=True, directs=lambda e: e in nights or directs(e),
                                   unlocked=lambda game_id: game_id in given or may_change(game_id, nights), **target)
    return jsonify(player_service.one(db, new_name))


def may_change(game_id: str, directed: set[str] = frozenset()) -> bool:
    """This session entered the game's PIN, or the director's PIN of the club night it is a table of (or that
    night is among `directed`: the request carries its director's PIN)."""
    seat = (stored_game(game_id) or {}).get("event")
    return is_unlocked(game_id) or bool(isinstance(seat, dict) and (seat["id"] in directed or is_director(seat["id"])))


def describe(change: GameChange) -> str:
    """A game as its players know it: 'Us · Them (Ponytail Canasta, Sat 21 Nov 2026, 21:30)'."""
    variant = VARIANTS[change.variant].name if change.variant in VARIANTS else change.variant
    return lang._("%(sides)s (%(variant)s, %(when)s)", sides=" · ".join(change.side_names), variant=variant,
                  when=when(change.created))


def change_player(db, name: str, *, unlocked=None, api: bool = False, directs=directs, **change):
    """Rename or merge a player (service.players.change_player), a game locked by a PIN refused in words that say
    how to unlock it here: on its page, or (`api`) with the PIN header too."""
    def refusal(what: str, old: str, new_name: str, games: list[GameChange]) -> player_service.Locked:
        n = len(games)
        plays = lang.ngettext("“%(old)s” plays in %(num)s game with a table PIN that this device has not entered: "
                              "%(games)s.",
                              "“%(old)s” plays in %(num)s games with a table PIN that this device has not entered: "
                              "%(games)s.", n, old=old, games="; ".join(describe(c) for c in games))
        nothing = lang._("Nothing was renamed.") if what == "rename" else lang._("Nothing was merged.")
        if api:
            unlock = lang.ngettext("Unlock it on this device (its page asks for the PIN) or send its PIN in the "
                                   "%(header)s header, then try again.",
                                   "Unlock each one on this device (its page asks for the PIN) or send its PIN in "
                                   "the %(header)s header, then try again.", n, header=PIN_HEADER)
        else:
            unlock = lang.ngettext("Unlock it on this device (its page asks for the PIN), then try again.",
                                   "Unlock each one on this device (its page asks for the PIN), then try again.", n)
        message = f"{plays} {nothing} {unlock}"
        return player_service.Locked(what, old, new_name, games, message)

    return player_service.change_player(db, name, unlocked=unlocked or may_change, locked_refusal=refusal,
                                        directs=directs, **change)


@bp.get("/players")
def players():
    return render_template("players.html", players=player_service.everyone(get_db()), variants=VARIANTS,
                           note=RATING_NOTE)


@bp.get("/players/<path:name>")
def player(name: str, at: dict | None = None, typed_member: str | None = None, status: int = 200):
    table = player_service.current(get_db())
    try:
        found = player_service.one(get_db(), name, table)
    except Refused as err:
        return refused_page(err)
    others = sorted((p.name for p in table.players.values() if p.name != found["name"]), key=str.casefold)
    shut = locked(played(store.seats_and_sides(get_db(), pin_only=True), player_key(found["name"])), may_change)
    return render_template("player.html", player=found, variants=VARIANTS, note=RATING_NOTE, others=others,
                           locked=_unlock_links(shut, url_for("players.player", name=found["name"])),
                           locked_ids={c.game_id for c in shut}, at=at or {}, typed_member=typed_member), status


@bp.post("/players/<path:name>/member")
def set_member(name: str):
    """The player page's membership number: saved, changed or (Remove, or an empty box) removed; a refusal is said
    at the box, which keeps what was typed."""
    typed = request.form.get("member", "")
    member = None if request.form.get("remove") or not typed.strip() else typed
    try:
        found = player_service.set_member(get_db(), name, {"member": member})
    except Refused as err:
        if err.status == 404:
            return refused_page(err)
        return player(name, at={"member": [e.message for e in err.errors]}, typed_member=typed, status=422)
    flash(lang._("%(name)s's membership number is now %(member)s.", name=found["name"], member=found["member"])
          if found["member"] else lang._("%(name)s has no membership number now.", name=found["name"]))
    return redirect(url_for("players.player", name=found["name"]) + "#member", 303)


@bp.route("/players/<path:name>/rename", methods=["GET", "POST"])
def rename(name: str):
    """GET: what renaming would change, and a button to do it; POST: do it."""
    return _change(name, "rename", new=request.values.get("name", ""))


@bp.route("/players/<path:name>/merge", methods=["GET", "POST"])
def merge(name: str):
    """GET: what merging into another player would change, and a button to do it; POST: do it."""
    return _change(name, "merge", into=request.values.get("into", ""))


def _unlock_links(games: list[GameChange], back: str) -> list[dict]:
    """For each game: how players know it, and its unlock page, which comes back to `back`."""
    return [{"game_id": c.game_id, "words": describe(c),
             "unlock": url_for("pin.unlock", game_id=c.game_id, next=back)} for c in games]


def _asked(what: str, old: str, new_name: str) -> str:
    """The confirmation page's address (unlocking a game comes back to it)."""
    if what == "rename":  # url_for cannot write the path's name and the query's name both
        return url_for("players.rename", name=old) + "?" + urlencode({"name": new_name})
    return url_for("players.merge", name=old, into=new_name)


def _change(name: str, what: str, **target):
    apply = request.method == "POST"
    try:
        old, new_name, changes = change_player(get_db(), name, apply=apply, **target)
    except player_service.Locked as err:
        return render_template("player_change.html", what=what, name=err.old, errors=err.errors, target=target,
                               locked=_unlock_links(err.games, _asked(what, err.old, err.new_name))), 403
    except Refused as err:
        if err.status == 404:
            return refused_page(err)
        return render_template("player_change.html", what=what, name=" ".join(name.split()), errors=err.errors,
                               target=target, locked=[]), 403 if err.status == 403 else 422
    if apply:
        games = sum(1 for _ in changes)
        flash(lang.ngettext("“%(old)s” is now “%(new)s” in %(num)s game.", "“%(old)s” is now “%(new)s” in %(num)s "
                            "games.", games, old=old, new=new_name) if what == "rename"
              else lang.ngettext("“%(old)s” was merged into “%(new)s” (%(num)s game).", "“%(old)s” was merged into "
                                 "“%(new)s” (%(num)s games).", games, old=old, new=new_name))
        return redirect(url_for("players.player", name=new_name), 303)
    shut = locked(changes, may_change)
    return render_template("player_change.html", what=what, name=old, new_name=new_name, changes=changes,
                           target=target, variants=VARIANTS, errors=[],
                           locked=_unlock_links(shut, _asked(what, old, new_name)),
                           locked_ids={c.game_id for c in shut})


def init_app(app: Flask) -> None:
    """The players' blueprints, and the known names for the new-game form's suggestions."""
    from web.present import takeaway

    takeaway.init_app(app)
    app.register_blueprint(api_bp)
    app.register_blueprint(bp)
    app.jinja_env.globals.update(known_players=lambda: store.player_names(get_db()))
