"""The JSON API of API.md: parse the request, call an action, answer JSON."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

import strict_json
from db import transfer
from scoring import VARIANTS, FieldError, Refused

import service

from .database import get_db, stored_game

bp = Blueprint("api", __name__, url_prefix="/api")


def error_answer(errors: list[FieldError], status: int, **extra: Any):
    return jsonify({"errors": [e.as_dict() for e in errors], **extra}), status


@bp.errorhandler(Refused)
def refused(err: Refused):
    extra = {"game": err.game.to_json()} if isinstance(err, service.Stale) else {}
    return error_answer(err.errors, err.status, **extra)


def body() -> Any:
    """The request's JSON body; refuses other content types and malformed JSON."""
    mimetype = request.mimetype
    if mimetype != "application/json":
        raise Refused([FieldError(None, "Send the body as JSON with Content-Type: application/json.")], status=415)
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise Refused([FieldError(None, "The body is empty; send a JSON object.")], status=400)
    try:
        return strict_json.loads(raw)
    except strict_json.RepeatedKey as err:
        raise Refused([FieldError(err.key, str(err))], status=400) from None
    except (ValueError, RecursionError):  # deeply nested arrays exhaust the parser's recursion: not a 500 either
        raise Refused([FieldError(None, "The body is not valid JSON.")], status=400) from None


def if_match(payload: Any = None) -> Any:
    """The revision a write is based on: the If-Match header (Werkzeug's parsing), else a hand body's "revision".

    A header that is sent but holds no entity tag at all is refused by its name, never ignored.
    """
    sent = request.headers.get("If-Match")
    if sent is not None:
        stated = request.if_match if sent.strip() else None
        service.revision_tags(stated, "If-Match", sent)
        return stated
    return payload.get("revision") if isinstance(payload, dict) else None


KEY_HEADER = "Idempotency-Key"


def idempotency_key() -> str | None:
    """The request's Idempotency-Key: 1 to 64 printable ASCII characters, or None when not sent."""
    key = request.headers.get(KEY_HEADER)
    if key is None:
        return None
    if not 1 <= len(key) <= 64 or not all(" " <= c <= "~" for c in key):
        raise Refused([FieldError(KEY_HEADER, "The Idempotency-Key must be 1 to 64 printable ASCII characters "
                                              f"(letters, digits, punctuation); got {len(key)} characters.")],
                      status=400)
    return key


@bp.get("/variants")
def list_variants():
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
    answer = service.made_from(db, game, "json", lambda: current_app.json.response(game.to_json()).get_data())
    return Response(answer, 200, {"ETag": f'"{game.revision}"'}, mimetype="application/json")


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str):
    payload = body()
    hand, game = service.record_hand(get_db(), game_id, payload, if_match(payload), idempotency_key(),
                                     read=stored_game(game_id))
    return jsonify({"hand": hand.to_json(), "game": game.to_json()}), 201


@bp.put("/games/<game_id>/hands/<int(signed=True):number>")
def replace_hand(game_id: str, number: int):
    payload = body()
    hand, game = service.replace_hand(get_db(), game_id, number, payload, if_match(payload), idempotency_key())
    return jsonify({"hand": hand.to_json(), "game": game.to_json()})


def optional_body() -> Any:
    """A write that needs no body may still send one (e.g. {"revision": 3}); if sent, it must be JSON."""
    if not request.get_data(cache=True):
        return None
    payload = body()
    if not isinstance(payload, dict) or payload.keys() - {"revision"}:
        raise Refused([FieldError(None, 'This request takes no body, or only {"revision": N}.')])
    return payload


@bp.delete("/games/<game_id>/hands/<int(signed=True):number>")
def delete_hand(game_id: str, number: int):
    return jsonify(service.delete_hand(get_db(), game_id, number, if_match(optional_body())).to_json())


@bp.post("/games/<game_id>/sides/<int(signed=True):side>/<action>")
def mark_side(game_id: str, side: int, action: str):
    """A mark the game's variant declares for a side between hands (Pony: …/failed-meld)."""
    return jsonify(service.mark_side(get_db(), game_id, side, action, if_match(optional_body())).to_json())


@bp.post("/games/<game_id>/end")
def end_game(game_id: str):
    return jsonify(service.end_game(get_db(), game_id, if_match(optional_body())).to_json())


@bp.get("/games/<game_id>/download")
def download_game(game_id: str):
    """One game as a file `python app.py import` reads back (the PIN is left out: anyone may download)."""
    service.get_game(get_db(), game_id)  # 404 for an unknown game
    document = transfer.export_games(get_db(), [game_id], with_pin=False)
    response = jsonify(document)
    response.headers["Content-Disposition"] = f'attachment; filename="meldbook-{game_id}.json"'
    return response
