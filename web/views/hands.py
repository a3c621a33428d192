"""Entering a hand, its routes: the form (new or a correction), its live preview, Undo and deleting a hand. The
page itself is web/present/hand_page.py; what the form answers instead of recording (a question, a conflict, a
refusal) is web/present/hand_refusals.py."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

import lang
import service
from scoring import Refused, get_variant
from web.forms import hand_form, numbers
from web.forms.keys import posted_key
from web.plumbing import pin
from web.plumbing.database import get_db, stored_game
from web.plumbing.errors import refused_page
from web.plumbing.revisions import form_revision
from web.present import say_of
from web.present.device_name import log_device
from web.present.hand_page import form_page, played_hand, preview
from web.present.hand_refusals import (empty_refusal, every_problem, number_now, refused_correction, refused_form,
                                       stale_new_hand, typed_number, typed_revision, unanswered_refusal,
                                       unfilled_refusal)
from web.present.scoreboard import UNDO_SECONDS, after_write, just_recorded, this_device, write_refused

bp = Blueprint("hands", __name__)
bp.register_error_handler(Refused, refused_page)


@bp.get("/games/<game_id>/hands/new")
def new_hand(game_id: str):
    game = service.get_game(get_db(), game_id)
    if game.finished:
        flash(say_of(game, "This game is finished, so no more %(rounds)s can be recorded."))
        return redirect(url_for("pages.game", game_id=game_id), 303)
    return form_page(game, game.hands_played + 1, {})


@bp.post("/games/<game_id>/hands/new")
def record_hand(game_id: str):
    stored = stored_game(game_id)  # as the PIN check read it: recording starts from it
    if stored is None:
        raise service.not_found(lang._("There is no game with id “%(id)s”.", id=game_id))
    variant = get_variant(stored["variant"])
    payload = hand_form.hand_payload(request.form, variant, stored["sides"], stored["options"])
    asked = (empty_refusal(payload, game_id, None) or unfilled_refusal(payload, game_id, None)
             or unanswered_refusal(payload, variant, game_id, None))
    if asked is not None:
        return asked
    try:
        every_problem(payload, game_id, None)  # a typed number that could be read two ways is refused at its input
        service.record_hand(get_db(), game_id, payload, form_revision(), posted_key(), read=stored,
                            device=log_device(game_id, stored.get("event")))
    except Refused as err:
        return refused_form(err, game_id, None)
    # the scores page says so, with an Undo, on every phone (pages.live_context)
    return redirect(url_for("pages.game", game_id=game_id), 303)


@bp.post("/games/<game_id>/hands/draft")
@pin.exempt  # reads a restored draft against the game and stores nothing
def check_draft(game_id: str):
    """A draft of a new hand restored on this phone, sent with the hand (`typed_for`) and the revision it was typed
    for: when another phone has recorded that hand since, the form with the conflict panel's choices (409), as Record
    would answer it; otherwise 204, and the draft stays as it is restored."""
    game = service.get_game(get_db(), game_id)
    typed, sent = typed_number(), typed_revision()
    if game.finished or typed is None or sent is None or sent == str(game.revision) or typed > game.hands_played:
        return "", 204
    return stale_new_hand(game, typed)


@bp.get("/games/<game_id>/hands/<int:number>/edit")
def edit_hand(game_id: str, number: int):
    game = service.get_game(get_db(), game_id)
    played = played_hand(game, number)
    if played.from_paper:  # its totals only: corrected on the slip it was copied from
        return redirect(url_for("paper.paper_slip", game_id=game_id), 303)
    values = hand_form.hand_values(get_variant(game.variant), played.entries)
    return form_page(game, number, values)


@bp.post("/games/<game_id>/hands/<int:number>/edit")
def replace_hand(game_id: str, number: int):
    game = service.get_game(get_db(), game_id)
    variant = get_variant(game.variant)
    payload = hand_form.hand_payload(request.form, variant, game.sides, game.options)
    asked = (empty_refusal(payload, game_id, number) or unfilled_refusal(payload, game_id, number)
             or unanswered_refusal(payload, variant, game_id, number))
    if asked is not None:
        return asked
    try:
        every_problem(payload, game_id, number)
        service.replace_hand(get_db(), game_id, number, payload, form_revision(), posted_key(),
                             device=log_device(game_id))
    except Refused as err:
        return refused_correction(err, game_id, number)
    flash(say_of(game, "%(Round)s %(n)s corrected; the totals after it are recomputed.", n=number))
    return redirect(url_for("pages.game", game_id=game_id), 303)


@bp.post("/games/<game_id>/hands/preview")
@pin.exempt  # scores what is typed and stores nothing, so a watching device may use it too
def preview_hand(game_id: str):
    """The live preview fragment: each side's breakdown for the values typed so far."""
    game = service.get_game(get_db(), game_id)
    variant = get_variant(game.variant)
    payload = hand_form.hand_payload(request.form, variant, game.sides, game.options)
    number = numbers.parse(request.form.get("number"))
    editing = number is not None and number <= game.hands_played
    return render_template("_preview.html", game=game, variant=variant, editing=editing, partials=True,
                           **preview(game, variant, payload, number if editing else None))


@bp.post("/games/<game_id>/hands/<int:number>/undo")
def undo_hand(game_id: str, number: int):
    """Take back the hand just recorded, if nothing changed since (the revision it was shown with)."""
    shown = service.get_game(get_db(), game_id)
    offered = just_recorded(shown)
    if request.form.get("revision") == str(shown.revision) and (offered or {}).get("number") != number:
        # a page left open (a phone asleep) still shows Undo: a minute on, the hand stays
        return after_write(shown, say_of(shown, "%(Round)s %(n)s was not taken back: Undo is offered for %(seconds)s "
                                         "seconds after a %(round)s is recorded. If it is wrong, open it under "
                                         "%(Rounds)s and delete or correct it.", n=number, seconds=UNDO_SECONDS), 409)
    try:
        game = service.delete_hand(get_db(), game_id, number, form_revision(),
                                        undone_by=this_device(), device=log_device(game_id))
    except Refused as err:
        if not isinstance(err, service.Stale) and err.status != 404:
            return write_refused(err, game_id)
        # a double tap, or another phone changed the game first: say what became of the hand
        game = err.game if isinstance(err, service.Stale) else service.get_game(get_db(), game_id)
        if number_now(game, number, request.form.get("recorded_at")) is None:
            return after_write(game, say_of(game, "%(Round)s %(n)s was already taken back; the totals are as they were "
                                            "before it.", n=number), 409)
        return after_write(game, say_of(game, "%(Round)s %(n)s was not taken back: the game changed since it was recorded. "
                                        "If it is wrong, open it under %(Rounds)s and delete or correct it.", n=number), 409)
    return after_write(game, say_of(game, "%(Round)s %(n)s was taken back; the totals are as they were before it.",
                                    n=number))


@bp.post("/games/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int):
    try:
        game = service.delete_hand(get_db(), game_id, number, form_revision(), device=log_device(game_id))
    except Refused as err:
        return write_refused(err, game_id)
    return after_write(game, say_of(game, "%(Round)s %(n)s deleted; the totals are recomputed.", n=number))

