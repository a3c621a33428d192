"""The hand form's page (web/views/hands.py's routes draw it): the form filled with what was typed, its refusals
at their inputs (form_page), its live preview of each side's score (preview) and the card counter's totals
(counted); and a game's hand by its number, or the 404 that says how many it has (played_hand)."""
from __future__ import annotations

from flask import render_template, request

import lang
import service
from service import events as club_nights
from scoring import get_variant
from scoring.entries import card_points
from service.model import Game
from web import forms, present
from web.forms import hand_form, numbers
from web.forms.keys import form_key
from web.plumbing.database import get_db
from web.present import say_of
from web.present.scoreboard import director_needed


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



def played_hand(game: Game, number: int):
    """Hand `number` (from 1) of the game, or the 404 refusal saying how many it has."""
    if not 1 <= number <= game.hands_played:
        raise service.not_found(say_of(game, "There is no %(round)s %(n)s in this game (it has %(played)s).", n=number,
                                       played=game.hands_played))
    return game.hands[number - 1]
