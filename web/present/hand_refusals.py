"""What the hand form answers instead of recording a hand (web/views/hands.py's routes ask here): a question
(nothing entered, a side left empty beside a special hand, "Who went out?" unanswered), a conflict (another phone
changed the game meanwhile, or this phone recorded it already), or the refusal at its field; and what the posted
form says it was typed for (typed_number, typed_revision, typed_key)."""
from __future__ import annotations

import secrets

from flask import flash, redirect, request, url_for

import lang
import service
from scoring import Refused, get_variant
from service.model import Game
from web.forms import hand_form, numbers
from web.forms.keys import KEY_SHAPE, posted_key
from web.plumbing.database import get_db
from web import present
from web.present import say_of
from web.present.hand_page import form_page


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


def changed_under(game: Game, number: int | None) -> bool:
    """Whether a correction (`number`; None: a new hand, never) was sent for a hand the game has no longer, or from a
    form drawn before the game changed: what another phone did is shown first, not a question."""
    sent = request.form.get("revision")
    return number is not None and (not 1 <= number <= game.hands_played or bool(sent) and sent != str(game.revision))


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
    if number is None and game.finished:
        return None  # recording refuses it anyway, and says why
    if changed_under(game, number):
        return None
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
    if changed_under(game, number):
        return None
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
    if changed_under(game, number):
        return None
    sent = request.form.get("revision")
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

