"""Entering a hand: the form (new or a correction), its live preview, and deleting a hand."""
from __future__ import annotations

import secrets

from flask import Blueprint, flash, redirect, render_template, request, url_for

import lang
import service
from service import events as club_nights
from scoring import Refused, get_variant
from scoring.entries import card_points
from service.model import Game
from web import forms, present
from web.forms import hand_form, numbers
from web.forms.keys import KEY_SHAPE, form_key, posted_key
from web.plumbing import pin
from web.plumbing.database import get_db, stored_game
from web.plumbing.errors import refused_page
from web.plumbing.revisions import form_revision
from web.present import say_of
from web.present.device_name import log_device
from web.present.scoreboard import (
    UNDO_SECONDS,
    after_write,
    director_needed,
    just_recorded,
    this_device,
    write_refused,
)

bp = Blueprint("hands", __name__)
bp.register_error_handler(Refused, refused_page)

def typed_number() -> int | None:
    """The hand number the posted form's entries were typed for: `typed_for` (a draft restored on this phone after
    another phone recorded that hand says which it was, hands.js), else the number the form was drawn for."""
    for raw in (request.form.get("typed_for", ""), request.form.get("number", "")):
        if raw.isascii() and raw.isdigit() and len(raw) < 6:
            return int(raw)
    return None


def typed_revision() -> str | None:
    """The game revision the posted form was drawn with, as sent (digits only)."""
    raw = request.form.get("revision", "")
    return raw if raw.isascii() and raw.isdigit() and len(raw) < 17 else None


def counted(variant, payload: dict, options: dict) -> dict[str, str]:
    """Card points counted with the card counter, per input name: '= 130 points' (or what is wrong)."""
    totals = {}
    values = variant.card_values_for(options)
    for i, entry in enumerate(payload["entries"]):
        for f in variant.fields:
            value = entry.get(f.name)
            if f.kind_of.by_cards and isinstance(value, dict):
                points, errors = card_points(value, "", f.label, values)
                totals[forms.field_name(i, f.name)] = (lang.ngettext("= %(num)s point", "= %(num)s points", points)
                                                       if not errors else lang._("Count whole cards only"))
    return totals


def preview(game: Game, variant, payload: dict, number: int | None = None) -> dict:
    """Each side's hand score as it stands in round `number` (None: the next), for the live preview (nothing is
    stored)."""
    scores, errors = service.preview_hand(get_db(), game.id, payload, number)
    values = variant.card_values_for(game.options)
    sides = [present.side_lines(variant, game.sides, payload["entries"], s, values) for s in scores]
    notes = [variant.score_note(e, game.options) for e in payload["entries"]]  # the swing, said before Record
    return {"preview": sides, "preview_errors": [e.message for e in numbers.with_readings(payload, errors)],
            "counted": counted(variant, payload, game.options), "notes": notes,
            "card_values": values}


def form_page(game: Game, number: int, values, *, errors=(), notice: str | None = None, status: int = 200,
              conflict: dict | None = None, key: str | None = None, empty_hand: dict | None = None):
    """The hand form, filled with `values`, with refusals shown at their inputs.

    `conflict` says what another phone changed meanwhile, for the player to choose what happens to theirs;
    `empty_hand` asks whether a hand with nothing entered is meant (empty_refusal).
    Never kept by the browser: Back, or a restored tab, asks again and gets the game as it is now, not
    a used form with its old revision and key.
    """
    variant = get_variant(game.variant)
    unused = hand_form.unused_fields(variant, game.options)
    at, general = forms.place_errors(list(errors), hand_form.hand_inputs(variant, game.sides))
    editing = number <= game.hands_played
    payload = hand_form.hand_payload(values, variant, game.sides, game.options)
    context = dict(game=game, variant=variant, number=number, editing=editing, values=values, at=at,
                   words=variant.words, heading=present.round_heading(game, variant, number, editing),
                   general=general, notice=notice, flags=hand_form.shown_flags(variant, game.sides),
                   one_per_hand=[f for f in variant.fields if f.once],
                   nobody=hand_form.NOBODY, asked=hand_form.asked, count_chip=hand_form.count_chip,
                   short_label=lambda f: hand_form.short_label(f, variant.words),
                   needs_heading=lambda fields: hand_form.needs_heading(fields, variant.words),
                   field_groups=lambda v, shown: hand_form.field_groups(v, shown, unused, game.options),
                   whole_choices=hand_form.whole_choices(variant, game.options), is_rare=hand_form.is_rare,
                   any_entered=hand_form.any_entered,
                   bounds=variant.field_bounds(game.options), chips_for=hand_form.chips_for,
                   minimums=present.hand_minimums(game, variant, number),
                   conflict=conflict, key=key or form_key(values), empty_hand=empty_hand,
                   refused=hand_form.refusal_summary(at, hand_form.input_labels(variant, game.sides, unused)),
                   posted=request.method == "POST", closed_seat=club_nights.closed_seat(get_db(), game),
                   director_needed=director_needed(game),
                   **preview(game, variant, payload, number))
    return render_template("hand.html", **context), status, {"Cache-Control": "no-store"}


def every_problem(payload: dict, game_id: str, number: int | None) -> None:
    """Refused (422) when a typed number could be read two ways, with every other problem of the hand the rules find
    beside it (text in another box, on any side): one side's problems never hide another's. Nothing is stored."""
    if numbers.unreadable(payload):
        _, errors = service.preview_hand(get_db(), game_id, payload, number)
        raise Refused(numbers.with_readings(payload, errors))


def empty_refusal(payload: dict, game_id: str, number: int | None):
    """A hand with nothing entered, sent without "Record an empty hand": the form asks, or, when this form
    was recorded already (a used copy shown again), the scores say so; None when it may go on.

    `number` is the hand being corrected, or None for a new hand. The JSON API records such a hand as sent
    (API.md: "A number left out is 0"); asking is the form's.
    """
    if request.form.get(hand_form.EMPTY_HAND) or not hand_form.is_empty(payload):
        return None
    game = service.get_game(get_db(), game_id)
    sent = request.form.get("revision")
    if number is None and game.finished:
        return None  # recording refuses it anyway, and says why
    if number is not None and (not 1 <= number <= game.hands_played or sent and sent != str(game.revision)):
        return None  # a correction the game changed under: what another phone did is shown first
    done = service.recorded_with(get_db(), game_id, posted_key())
    if number is None and done is not None:
        flash(say_of(game, "This form was recorded already, as %(round)s %(n)s; nothing more was recorded. Here is the "
                     "game as it is now.", n=done["number"]))
        return redirect(url_for("pages.game", game_id=game_id), 303)
    label = say_of(game, "Save an empty %(round)s") if number else say_of(game, "Record an empty %(round)s")
    ask = {"label": label, "words": say_of(game, "Nothing was entered for any side. Fill in the %(round)s, or tap "
                                                 "“%(label)s” if nobody scored.", label=label)}
    return form_page(game, number or game.hands_played + 1, request.form, status=422, empty_hand=ask)


def unfilled_refusal(payload: dict, game_id: str, number: int | None):
    """A special hand tapped (it records at once) while another side has nothing entered: the form comes back with
    the special hand chosen and asks for the other side's entry, or "… scored nothing"; None when it may go on."""
    if request.form.get(hand_form.EMPTY_HAND) or not hand_form.names_a_whole_choice(payload):
        return None  # no special hand was tapped: the game is not read for it (a hand costs four statements)
    game = service.get_game(get_db(), game_id)
    unfilled = hand_form.unfilled_beside_whole(get_variant(game.variant), payload)
    if request.form.get(hand_form.EMPTY_HAND) or not unfilled or (number is None and game.finished):
        return None
    sent = request.form.get("revision")
    if number is not None and (not 1 <= number <= game.hands_played or sent and sent != str(game.revision)):
        return None  # a correction the game changed under: what another phone did is shown first
    ask = present.unfilled_ask(game, [game.sides[i].name for i in unfilled], number)
    return form_page(game, number or game.hands_played + 1, request.form, status=422, empty_hand=ask)


def unanswered_refusal(payload: dict, variant, game_id: str, number: int | None):
    """A hand sent with "Who went out?" left unanswered (hand_form.asked: no side, and not "Nobody"): the form comes
    back asking, with one button that records it as nobody; None when it may go on.

    Not asked where the question has its answer already: a special hand (nobody goes out in it), or a hand the
    player confirmed as scoring nothing. The JSON API is unchanged (a flag left out is false)."""
    open_questions = hand_form.unanswered(request.form, variant)
    if not open_questions or request.form.get(hand_form.EMPTY_HAND) or hand_form.names_a_whole_choice(payload):
        return None  # answered: the game is not read for it (a hand costs four statements)
    game = service.get_game(get_db(), game_id)
    if number is None and game.finished:
        return None  # recording refuses it anyway, and says why
    sent = request.form.get("revision")
    if number is not None and (not 1 <= number <= game.hands_played or sent and sent != str(game.revision)):
        return None  # a correction the game changed under: what another phone did is shown first
    if number is None and (sent and sent != str(game.revision) or service.recorded_with(get_db(), game_id,
                                                                                           posted_key())):
        return None  # another phone recorded meanwhile, or this form was recorded already: said first
    return form_page(game, number or game.hands_played + 1, request.form, status=422,
                     empty_hand=present.unanswered_ask(game, open_questions[0], number))


def recorded_hand(game: Game, number: int) -> dict | None:
    """Hand `number` of the game as the other phone left it, for the conflict box: a total per side."""
    if not 1 <= number <= game.hands_played:
        return None
    scores = game.hands[number - 1].scores
    return {"number": number, "totals": [(game.sides[s.side].name, s.total) for s in scores]}


def typed_key() -> str | None:
    """The key this phone first sent the entries under, when that send recorded a hand whose answer was lost and the
    entries were changed and sent again (`typed_key`, kept with the draft): the hand they were typed for is this
    phone's own."""
    key = request.form.get("typed_key", "")
    if KEY_SHAPE.fullmatch(key):
        return key
    posted = posted_key()  # or the draft's own key, when its first send landed after the entries were changed
    return posted if posted and service.recorded_with(get_db(), request.view_args["game_id"], posted) else None


def recorded_here(game: Game, typed: int) -> bool:
    """Whether hand `typed` was recorded by this phone under the key the draft keeps (its answer lost)."""
    key = typed_key()
    hand = service.recorded_with(get_db(), game.id, key) if key else None
    return bool(hand) and hand.get("number") == typed


def stale_new_hand(game: Game, typed: int | None):
    """A new hand sent after another phone changed the game: keep it, show what changed, let the player choose."""
    following = game.hands_played + 1
    if typed is not None and typed < following:
        if recorded_here(game, typed):  # this phone's own first send, its answer lost: said as when it came back
            title = say_of(game, "This phone already recorded %(round)s %(n)s, with other entries", n=typed)
        elif typed == game.hands_played:
            title = say_of(game, "Another phone recorded %(round)s %(n)s first", n=typed)
        else:
            title = say_of(game, "Other phones recorded %(rounds)s %(n)s to %(last)s meanwhile", n=typed,
                           last=game.hands_played)
        conflict = {"title": title, "theirs": recorded_hand(game, typed), "replace": typed}
    else:
        conflict = {"title": lang._("Another phone changed this game while you typed"), "theirs": None,
                    "replace": None}
    # what the entries were typed for, until the player chooses: a draft of them restored later asks again
    sent = typed_revision()
    conflict["typed"] = ({"number": typed, "revision": sent, "key": typed_key()} if typed is not None and sent
                         else None)
    used = posted_key() is not None and posted_key() == typed_key()  # its key went with the hand it recorded
    return form_page(game, following, request.form, conflict=conflict, status=409,
                     key=secrets.token_urlsafe(16) if used else None)


def refused_form(err: Refused, game_id: str, number: int | None):
    """A refused hand: the same form, everything typed kept, the message at the field.

    `number` is the hand being corrected, or None for a new hand (the next one of the game as it is now).
    """
    if err.status == 404:
        raise err
    game = err.game if isinstance(err, service.Stale) else None
    if game is not None and number is None:
        return stale_new_hand(game, typed_number())
    if game is not None:  # a correction sent after another change: show the new version, keep what was typed
        conflict = {"title": say_of(game, "Another phone changed this game while you corrected %(round)s %(n)s",
                                    n=number),
                    "theirs": recorded_hand(game, number), "replace": None}
        return form_page(game, number, request.form, conflict=conflict, status=409)
    game = service.get_game(get_db(), game_id)
    if isinstance(err, service.KeyReused):
        # this phone recorded the form once already (its answer was lost), and then the entries were changed
        done = err.hand.number
        conflict = {"title": say_of(game, "This phone already recorded %(round)s %(n)s, with other entries", n=done),
                    "theirs": recorded_hand(game, done), "replace": done}
        # the entries were typed for that hand, which is recorded now: a draft of them restored later (a reload, the
        # next hand's form) asks again with these choices, never offered as the next hand, one tap from a second copy
        sent = typed_revision()
        conflict["typed"] = {"number": done, "revision": sent, "key": posted_key()} if sent else None
        return form_page(game, game.hands_played + 1, request.form, conflict=conflict, status=409,
                         key=secrets.token_urlsafe(16))
    return form_page(game, number or game.hands_played + 1, request.form, errors=err.errors, status=err.status)


def number_now(game: Game, number: int, recorded_at: str | None) -> int | None:
    """Where the hand a correction was opened for is now: its number, or None once it is deleted.

    A hand keeps its recording time for life, and moves up (never down) when an earlier hand is deleted.
    """
    hands = game.hands
    if not recorded_at:
        return number if 1 <= number <= len(hands) else None
    if 1 <= number <= len(hands) and hands[number - 1].recorded_at == recorded_at:
        return number
    moved = [h.number for h in hands[:number - 1] if h.recorded_at == recorded_at]
    return moved[-1] if moved else None


def refused_correction(err: Refused, game_id: str, number: int):
    """A refused correction; when another device deleted the hand (or one before it) meanwhile, says so, keeps the entries."""
    reused = isinstance(err, service.KeyReused)  # saved once already, then changed: still this correction
    if err.status in (404, 409) or reused:
        game = err.game if isinstance(err, service.Stale) else service.get_game(get_db(), game_id)  # a deleted game: its 404 page
        now = number_now(game, number, request.form.get("recorded_at"))
        key = secrets.token_urlsafe(16) if reused else None  # the form's key went with its first save
        if now is None:
            following = game.hands_played + 1
            notice = say_of(game, "%(Round)s %(n)s was deleted on another device. Your entries are kept: record them as "
                            "%(round)s %(following)s, or go back to the scores.", n=number, following=following)
            return form_page(game, following, request.form, notice=notice, status=409, key=key)
        if now != number:
            notice = say_of(game, "Another device deleted an earlier %(round)s, so the %(round)s you are correcting is now "
                            "%(round)s %(now)s. Your entries are kept: check them and save.", now=now)
            return form_page(game, now, request.form, notice=notice, status=409, key=key)
        if reused:
            conflict = {"title": say_of(game, "This phone already saved %(round)s %(n)s, with other entries", n=number),
                        "theirs": recorded_hand(game, number), "replace": None}
            return form_page(game, number, request.form, conflict=conflict, status=409, key=key)
    return refused_form(err, game_id, number)


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
    if not 1 <= number <= game.hands_played:
        raise service.not_found(say_of(game, "There is no %(round)s %(n)s in this game (it has %(played)s).", n=number,
                                       played=game.hands_played))
    if game.hands[number - 1].from_paper:  # its totals only: corrected on the slip it was copied from
        return redirect(url_for("paper.paper_slip", game_id=game_id), 303)
    values = hand_form.hand_values(get_variant(game.variant), game.hands[number - 1].entries)
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
