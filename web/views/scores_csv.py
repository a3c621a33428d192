"""A game's scores as a CSV file to take home: a row per hand (or round…), each side's counts, points, score and
running total, headed in the variant's words."""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response

import service
from scoring import Refused, get_variant
from scoring.variant import Variant
from service.model import Game
from web import present
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page

bp = Blueprint("downloads", __name__)
bp.register_error_handler(Refused, refused_page)

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
LEANING = "…of them "  # a count the form shows under another one


def cell(value: object) -> object:
    """A text cell a spreadsheet will not run: one starting like a formula gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def columns(variant: Variant, game: Game) -> list[tuple[str, str, str]]:
    """A side's columns as (heading, where from, key): each count as entered and, apart, the points it scored,
    then every other part of the score in points, so a row's "(points)" cells add up to its hand score."""
    parts: list[str] = []
    for hand in game.hands:
        for score in hand.scores:
            parts += [k for k in score.breakdown if k not in parts]
    counts = [f.name for f in variant.fields if f.kind == "count"]
    out = [(count_label(variant, k), "entries", k) for k in counts if k not in parts]  # scored inside another part
    for k in parts:
        label = count_label(variant, k) if k in counts else present.part_label(variant, k)
        if k in counts:
            out.append((label, "entries", k))
        out.append((label if label.endswith(" points") else f"{label} (points)", "breakdown", k))
    return out + [(f"{variant.words.round} score", "score", "total"), ("running total", "score", "running_total")]


def count_label(variant: Variant, key: str) -> str:
    """A count's column: its label, whole when the form's leans on the line above ("…of them surprise wild" →
    "Surprise wild canastas", in the variant's word for its melds)."""
    label = present.part_label(variant, key)
    if label.startswith(LEANING):
        return f"{label.removeprefix(LEANING).capitalize()} {variant.words.melds}"
    return label


def scores_csv(game: Game) -> str:
    """The game as CSV: a brought-forward row first when any side began on paper, then every hand."""
    variant = get_variant(game.variant)
    cols = columns(variant, game)
    header = [present.capital(variant.words.round)] + [f"{side.name}: {heading}" for side in game.sides
                                                       for heading, _, _ in cols]
    rows = [header]
    if any(s.start_score for s in game.sides):
        row: list = ["Brought forward"]
        for side in game.sides:
            row += [""] * (len(cols) - 1) + [side.start_score]
        rows.append(row)
    for hand in game.hands:
        row = [hand.number]
        for entry, score in zip(hand.entries, hand.scores):
            where = {"entries": entry, "breakdown": score.breakdown,
                     "score": {"total": score.total, "running_total": score.running_total}}
            row += [where[source].get(key, 0) for _, source, key in cols]
        rows.append(row)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([[cell(v) for v in r] for r in rows])
    return out.getvalue()


@bp.get("/games/<game_id>/scores.csv")
def game_scores(game_id: str):
    game = service.get_game(get_db(), game_id)
    return Response(scores_csv(game), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="meldbook-{game.id}-scores.csv"'})
