"""Copying a game's hands from a paper score slip: one screen of rows, each side's total per hand."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

import lang
import service
from scoring import FieldError, Refused, get_variant, paper
from service.model import Game
from service import events
from service.paper import copy_from_paper
from web import forms
from web.forms import numbers
from web.forms.keys import form_key, posted_key
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.revisions import form_revision
from web.present.device_name import log_device

bp = Blueprint("paper", __name__)
bp.register_error_handler(Refused, refused_page)

BLANK_ROWS = 3  # rows offered beyond the hands recorded, when the game has no number of hands
MOST_ROWS = 60


def input_name(number: int, side: int) -> str:
    """A total's input, named as the refusal of that total names its field."""
    return f"hands[{number}].entries[{side}].total"


def rows_to_offer(game: Game) -> int:
    """How many empty rows the slip shows: the hands still to play, or a few when the game has no number of hands."""
    if game.finished:
        return 0
    left = (game.options.get("max_hands") or 0) - game.hands_played
    wanted = request.args.get("rows", "")
    more = numbers.parse(wanted, 2) if wanted else None
    return max(1, min(MOST_ROWS, more if more else (left if left > 0 else BLANK_ROWS)))


def slip_page(game: Game, values, *, errors=(), status: int = 200, blank: int | None = None):
    """The slip: every hand's totals (hands copied from paper may be corrected), then empty rows for new ones."""
    variant = get_variant(game.variant)
    blank = rows_to_offer(game) if blank is None else blank
    shown = {input_name(n, i) for n in range(1, game.hands_played + blank + 1) for i in range(len(game.sides))}
    at, general = forms.place_errors(list(errors), shown)
    return render_template("paper.html", game=game, variant=variant, values=values, at=at, general=general,
                           seat=events.seat_of(get_db(), game),  # a club night's table: which round and table
                           blank=blank, input_name=input_name, key=form_key(values), posted=request.method == "POST",
                           round_word=variant.words.round), status, {"Cache-Control": "no-store"}


def typed_rows(game: Game) -> tuple[dict[int, list], list[list], list[FieldError]]:
    """The posted slip: (corrected paper hands, new rows in order, refusals of rows half filled in)."""
    corrected, added, errors = {}, [], []
    sides = range(len(game.sides))
    names, words = [s.name for s in game.sides], get_variant(game.variant).words  # a refusal names side and hand
    for hand in game.hands:
        if not hand.from_paper:
            continue
        typed = [numbers.number(request.form.get(input_name(hand.number, i)), input_name(hand.number, i))
                 for i in sides]
        if typed != [s.total for s in hand.scores]:
            corrected[hand.number] = typed
            errors += paper.row_errors([None if isinstance(v, numbers.Unreadable) else v for v in typed],
                                       f"hands[{hand.number}]", names, words, hand.number)
    number = game.hands_played
    for row in range(game.hands_played + 1, game.hands_played + MOST_ROWS + 1):
        raw = [(request.form.get(input_name(row, i)) or "").strip() for i in sides]
        if not any(raw):
            continue
        number += 1
        for i, text in enumerate(raw):
            if not text:
                errors.append(FieldError(input_name(row, i), lang._(
                    "Type %(side)s's total for this row (0 if nothing was scored).", side=game.sides[i].name)))
        typed = [numbers.number(text, input_name(row, i)) if text else None for i, text in enumerate(raw)]
        errors += paper.row_errors([None if isinstance(v, numbers.Unreadable) else v for v in typed], f"hands[{row}]",
                                   names, words, row)
        added.append(typed)
        if number != row:  # an empty row above it: the row is recorded as the next hand, say so where it was typed
            errors.append(FieldError(None, lang._("Row %(row)s follows an empty row: fill the rows in order, one a "
                                                  "hand.", row=row)))
    return corrected, added, errors


@bp.get("/games/<game_id>/paper")
def paper_slip(game_id: str):
    game = service.get_game(get_db(), game_id)
    return slip_page(game, {})


@bp.post("/games/<game_id>/paper")
def copy_slip(game_id: str):
    game = service.get_game(get_db(), game_id)
    blank = max(1, min(MOST_ROWS, numbers.parse(request.form.get("blank"), 2) or BLANK_ROWS))
    corrected, added, errors = typed_rows(game)
    try:
        errors = numbers.with_readings([corrected, added], errors)  # a number that reads two ways, at its box
        if errors:
            raise Refused(errors)
        copy_from_paper(get_db(), game_id, corrected, added, form_revision(), posted_key(), device=log_device(game_id))
    except Refused as err:
        if isinstance(err, service.Stale):
            err = Refused([FieldError(None, lang._("Another phone changed this game while you typed; the rows "
                                                   "below are as it is now, and what you typed is kept: check it "
                                                   "and copy again."))], status=409)
            game = service.get_game(get_db(), game_id)
        elif err.status == 404:
            raise
        return slip_page(game, request.form, errors=err.errors, status=err.status, blank=blank)
    flash(lang.ngettext("%(num)s row copied from paper; the totals are recomputed.",
                        "%(num)s rows copied from paper; the totals are recomputed.", len(added) + len(corrected)))
    return redirect(url_for("pages.game", game_id=game_id), 303)
