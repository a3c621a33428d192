"""A game's scores as a CSV file to take home: a row per hand, each side's parts, score and running total."""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response

from scoring import Refused, get_variant

from . import actions, present
from .database import get_db
from .pages import refused_page

bp = Blueprint("downloads", __name__)
bp.register_error_handler(Refused, refused_page)

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A text cell a spreadsheet will not run: one starting like a formula gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def scores_csv(game: dict) -> str:
    """The game as CSV: a brought-forward row first when any side began on paper, then every hand."""
    variant = get_variant(game["variant"])
    parts: list[str] = []
    for hand in game["hands"]:
        for score in hand["scores"]:
            parts += [k for k in score["breakdown"] if k not in parts]
    header = ["Hand"]
    for side in game["sides"]:
        header += [f"{side['name']}: {present.part_label(variant, k)}" for k in parts]
        header += [f"{side['name']}: score", f"{side['name']}: total"]
    rows = [header]
    if any(s.get("start_score") for s in game["sides"]):
        row: list = ["Brought forward"]
        for side in game["sides"]:
            row += [""] * len(parts) + ["", side["start_score"]]
        rows.append(row)
    for hand in game["hands"]:
        row = [hand["number"]]
        for score in hand["scores"]:
            row += [score["breakdown"].get(k, 0) for k in parts] + [score["total"], score["running_total"]]
        rows.append(row)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([[cell(v) for v in r] for r in rows])
    return out.getvalue()


@bp.get("/games/<game_id>/scores.csv")
def game_scores(game_id: str):
    game = actions.get_game(get_db(), game_id)
    return Response(scores_csv(game), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="meldbook-{game["id"]}-scores.csv"'})
