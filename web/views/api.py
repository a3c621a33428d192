"""The JSON API of API.md: parse the request, call an action, answer JSON."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

import lang
import service
from scoring import VARIANTS, Refused
from service import confirm, transfer
from web.plumbing.database import get_db, stored_game
from web.plumbing.json_api import (
    body,
    idempotency_key,
    if_match,
    optional_body,
    refused,
)
from web.plumbing.pin import ends_game

bp = Blueprint("api", __name__, url_prefix="/api")
bp.register_error_handler(Refused, refused)


@bp.get("/variants")
def list_variants():
    with lang.using("en"):  # the API's values are English; only its error messages follow the request's language
        return jsonify([v.describe() for v in VARIANTS.values()])


@bp.get("/games")
def list_games():
    return jsonify(service.list_games(get_db()))


@bp.post("/games")
def create_game():
    game = service.create_game(get_db(), body())
    return jsonify(game.to_json()), 201, {"Location": f"/api/games/{game.id}", "ETag": f'"{game.revision}"'}


@bp.get("/games/<game_id>")
def show_game(game_id: str):
    db = get_db()
    game = service.get_game(db, game_id)
    # every device polls it: serialized once per revision, kept with the game (service.made_from)
    answer = service.made_from(db, game, "json", lambda: current_app.json.response(
        game.to_json() | confirm.game_marks(db, game)).get_data())  # a confirming club night's "confirmed"
    return Response(answer, 200, {"ETag": f'"{game.revision}"'}, mimetype="application/json")


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str):
    payload = body()
    hand, game = service.record_hand(get_db(), game_id, payload, if_match(payload), idempotency_key(),
                                     read=stored_game(game_id), device=request.remote_addr)
    return jsonify({"hand": hand.to_json(), "game": game.to_json()}), 201


@bp.put("/games/<game_id>/hands/<int(signed=True):number>")
def replace_hand(game_id: str, number: int):
    payload = body()
    hand, game = service.replace_hand(get_db(), game_id, number, payload, if_match(payload), idempotency_key(),
                                      device=request.remote_addr)
    return jsonify({"hand": hand.to_json(), "game": game.to_json()})


@bp.delete("/games/<game_id>/hands/<int(signed=True):number>")
def delete_hand(game_id: str, number: int):
    return jsonify(service.delete_hand(get_db(), game_id, number, if_match(optional_body()),
                                       device=request.remote_addr).to_json())


@bp.post("/games/<game_id>/sides/<int(signed=True):side>/<action>")
def mark_side(game_id: str, side: int, action: str):
    """A mark the game's variant declares for a side between hands (Pony: …/failed-meld)."""
    return jsonify(service.mark_side(get_db(), game_id, side, action, if_match(optional_body()),
                                     device=request.remote_addr).to_json())


@bp.post("/games/<game_id>/end")
@ends_game  # a club night's table ended early needs its director (web/plumbing/director.py)
def end_game(game_id: str):
    return jsonify(service.end_game(get_db(), game_id, if_match(optional_body()), device=request.remote_addr).to_json())


@bp.get("/games/<game_id>/download")
def download_game(game_id: str):
    """One game as a file `python app.py import` reads back (the PIN is left out: anyone may download)."""
    service.get_game(get_db(), game_id)  # 404 for an unknown game
    document = transfer.export_document(get_db(), [game_id], with_pin=False)
    response = jsonify(document)
    response.headers["Content-Disposition"] = f'attachment; filename="meldbook-{game_id}.json"'
    return response
