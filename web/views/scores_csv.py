"""A game's scores as a CSV file to take home: a row per hand (or round…), each side's counts, points, score and
running total, headed in the variant's words and the page's language. The cells themselves stay plain digits
(1230, -415: no thousands separator, an ASCII minus) whatever the language, so any spreadsheet reads them as numbers."""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response

import lang
import service
from scoring import Refused, adjustment, get_variant
from scoring.variant import Variant
from service.model import Game, thawed
from web import present
from web.forms.hand_form import unused_fields
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
    unused = unused_fields(variant, thawed(game.options))  # switched off by the table's house rules
    counts = [f.name for f in variant.fields if f.kind_of.chips and f.name not in unused]
    choices = {f.name: f for f in variant.fields if f.kind_of.picked}  # the choice made, in words, beside its points
    out = [(count_label(variant, k), "entries", k) for k in counts if k not in parts]  # scored inside another part
    for k in parts:
        label = count_label(variant, k) if k in counts else lang.shown(present.part_label(variant, k))
        if k in counts:
            out.append((label, "entries", k))
        if k in choices:
            out.append((label, "choice", k))
        out.append((label if says_points(variant, k) else lang._("%(part)s (points)", part=label), "breakdown", k))
        if k == adjustment.PART:  # its reason beside it
            out.append((lang.shown(adjustment.REASON_LABEL), "text", adjustment.REASON))
    return out + [(variant.words.say("%(round)s score"), "score", "total"),
                  (lang._("running total"), "score", "running_total")]


def says_points(variant: Variant, key: str) -> bool:
    """Whether a part's label already says it holds points ("Melded points"), read from its English msgid."""
    return str(lang.english(present.part_label(variant, key))).endswith(" points")


def count_label(variant: Variant, key: str) -> str:
    """A count's column: its label, whole when the form's leans on the line above ("…of them surprise wild" →
    "Surprise wild canastas", in the variant's word for its melds)."""
    label = present.part_label(variant, key)
    if not str(lang.english(label)).startswith(LEANING):
        return lang.shown(label)
    if lang.current() == lang.DEFAULT:
        return f"{str(label).removeprefix(LEANING).capitalize()} {variant.words.melds}"
    # a CSV column of the form's "…of them surprise wild": the variant's melds, then that label
    return lang._("%(melds)s, %(which)s", melds=present.capital(str(variant.words.melds)),
                  which=lang.shown(label).lstrip("…"))


def scores_csv(game: Game) -> str:
    """The game as CSV: a brought-forward row first when any side began on paper, then every hand."""
    variant = get_variant(game.variant)
    cols = columns(variant, game)
    choices = {f.name: f for f in variant.fields if f.kind_of.picked}
    header = [present.capital(str(variant.words.round))]
    header += [lang._("%(side)s: %(column)s", side=side.name, column=heading) for side in game.sides
               for heading, _, _ in cols]
    rows = [header]
    if any(s.start_score for s in game.sides):
        row: list = [lang._("Brought forward")]
        for side in game.sides:
            row += [""] * (len(cols) - 1) + [side.start_score]
        rows.append(row)
    for hand in game.hands:  # numbers as ints: csv writes them as plain digits in every language
        row = [hand.number]
        for entry, score in zip(hand.entries, hand.scores):
            where = {"entries": entry, "breakdown": score.breakdown,
                     "score": {"total": score.total, "running_total": score.running_total},
                     "choice": {k: lang.shown(f.choice_word(entry.get(k))) for k, f in choices.items()},
                     "text": {adjustment.REASON: entry.get(adjustment.REASON) or ""}}
            blank = "" if hand.from_paper else 0  # a hand copied from paper has its totals only
            row += [where[source].get(key, blank) for _, source, key in cols]
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
