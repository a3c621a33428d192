"""Starting a game: pick the variant, seat the sides, set the options, start (or print a blank sheet)."""
from __future__ import annotations

import re
import secrets
import sqlite3

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

import lang
import service
from scoring import VARIANTS, FieldError, Refused, get_variant
from scoring import new_game as check_new_game
from web import forms
from web.forms import house_rules_form, keys, numbers
from web.plumbing import pin, rule_set_pin
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page, storage_words
from web.present.scoreboard import is_htmx
from service import rule_sets
from scoring.rule_words import house_rule_changes

bp = Blueprint("setup", __name__)
bp.register_error_handler(Refused, refused_page)

LAYOUT_WORDS = {"pairs": lang.L_("Partnerships"), "trios": lang.L_("Teams of three"), "solo": lang.L_("Everyone alone")}
# the same inside a list ("Partnerships, teams of three or everyone alone")
LAYOUT_LISTED = {"pairs": lang.L_("partnerships"), "trios": lang.L_("teams of three"),
                 "solo": lang.L_("everyone alone")}
SIDE_WORDS = {"pairs": lang.L_("partnership"), "trios": lang.L_("team")}  # a side of several players: "Partnership 2"
DEFAULT_ROWS = 12  # a blank sheet's page of hands
SET_NAME = "rule_set_name"  # the new-game form's "save these house rules as" box
SET_ID = "rule_set_id"  # the saved set the form was opened with: saving changes it
SET_PIN = "rule_set_pin"  # a new set's PIN, or the PIN of the set being changed


def variant_or_404(variant_id: str):
    variant = get_variant(variant_id)
    if variant is None:
        abort(404)
    return variant


def seating(variant, values, count: int) -> list[dict]:
    """Where the variant pairs players by seat: each seat's partners (as its Seating declares them), from the names
    as seated now."""
    word = house_rules_form.capital(variant.seating.seat_word)
    names = [(values.get(f"sides[{i}].players[0]") or lang._("%(seat)s %(n)s", seat=word, n=lang.number(i + 1))).strip()
             for i in range(count)]
    return variant.partners(names)


def form_page(variant, values, layout: str, count: int, *, errors=(), status: int = 200, drawn: bool = False):
    """The new-game form for this seating shape, filled with `values`, refusals at their inputs."""
    defaults = variant.default_options(forms.seating_shape(layout, count))
    if values:
        values = forms.with_hand_limit(values, variant, layout, count)
    per_side = forms.PER_SIDE[layout]
    shown = {f"sides[{i}].{part}" for i in range(count) for part in ["name", "start_score"]
             + [f"players[{j}]" for j in range(per_side)]}
    shown |= {f"options.{k}" for k in ("target", "max_hands", "decks", "finish_at")} | {"pin"}
    shown |= {f"options.house_rules.{k}" for k in defaults["house_rules"]}
    lists = {rule.key: house_rules_form.list_boxes(values, rule.key, rule.default, bool(values), rule.size)
             for rule in variant.rules if rule.kind_of.boxes}
    shown |= {f"options.house_rules.{key}[{k}]" for key, boxes in lists.items() for k in range(len(boxes))}
    shown |= {f"options.house_rules.{r.key}.{part}" for r in variant.rules if r.kind_of.by_part
              for part in r.default}
    rounds = {rule.key: house_rules_form.round_rows(values, rule, bool(values)) for rule in variant.rules
              if rule.per_round}  # a box (or a row of boxes) a round
    shown |= {house_rules_form.round_name(variant.house_rule(key), k, part) for key, rows in rounds.items()
              for k, row in enumerate(rows) for part in row}
    errors = [house_rules_form.at_round_box(e, variant) for e in errors]
    shown |= {SET_NAME, SET_PIN}
    tiers = {key: house_rules_form.tier_rows(values, key, default, bool(values))
             for key, default in defaults["house_rules"].items()
             if variant.house_rule(key).kind_of.rows}
    shown |= {f"options.house_rules.{key}[{t}].{part}" for key, rows in tiers.items() for t in range(len(rows))
              for part in ("at", "min")}
    at, general = forms.place_errors(list(errors), shown)
    if layout == "solo":  # alone, the side's name is the player's name: show it at the one input there is
        for i in range(count):
            at.setdefault(f"sides[{i}].players[0]", []).extend(at.pop(f"sides[{i}].name", []))
    allowed = forms.layouts(variant)
    rules = defaults["house_rules"]
    # the box stays open while it holds changes, so a table sees them kept when the seating changes
    typed = house_rules_form.typed_house_rules(values, variant) if values else {}
    changed = any(value != rules[key] for key, value in typed.items())
    listed = [str(LAYOUT_LISTED[k]) for k in allowed]
    layouts_name = lang._("%(names)s or %(last)s", names=", ".join(listed[:-1]), last=listed[-1]) if len(listed) > 1 \
        else listed[0]
    # what the table's house rules change from the variant's, at a glance under "House rules"
    built, option_errors = (variant.build_options({"house_rules": typed}, forms.seating_shape(layout, count)) if typed
                            else (None, True))
    changes = [] if option_errors else house_rule_changes(variant, built)
    context = dict(variant=variant, values=values, layout=layout, count=count, at=at, general=general,
                   rule_sets=rule_sets.list_rule_sets(get_db(), variant.id), changes=changes,
                   set_name=values.get(SET_NAME, ""), set_id=values.get(SET_ID, ""),
                   set_locked=bool(values.get(SET_ID)) and rule_set_pin.has_pin(values.get(SET_ID, ""))
                   and not rule_set_pin.unlocked(values.get(SET_ID, "")),
                   defaults=defaults, layouts={k: LAYOUT_WORDS[k] for k in allowed}, low=allowed[layout][0],
                   layouts_name=house_rules_form.capital(layouts_name),
                   per_side=per_side, side_word=SIDE_WORDS.get(layout, ""), lists=lists, rounds=rounds,
                   ends=end_choice(variant, values, defaults),
                   high=allowed[layout][1], posted=bool(values), seats=seating(variant, values, count),
                   drawn=drawn, seat_draw=values.get(forms.SEAT_DRAW) or f"{secrets.token_urlsafe(12)}:0",
                   key=keys.form_key(values),
                   rules_open=changed or any(k.startswith("options.house_rules") for k in at), tiers=tiers)
    if is_htmx():
        return render_block("new_game.html", "game_form", **context), status
    return render_template("new_game.html", **context), status


def end_choice(variant, values, defaults: dict) -> dict | None:
    """A game of rounds (no target, a round limit by default) may be played to a score instead: which of the two the
    form shows now, and the button that turns it into the other ("Play to a score instead of 4 rounds")."""
    limit = defaults["max_hands"]
    if defaults["target"] is not None or not limit or not variant.score_instead:
        return None
    words = variant.words
    to_score = not values or not values.get("options.target", "").strip()
    if to_score:
        return {"to": "score", "label": lang._("Play to a score instead of %(counted)s",
                                               counted=words.rounds_counted(limit))}
    return {"to": "rounds", "label": lang._("Play %(counted)s instead of to a score",
                                            counted=words.rounds_counted(limit))}


@bp.get("/games/new")
def choose_variant():
    return render_template("choose_variant.html", variants=VARIANTS.values())


@bp.get("/games/new/<variant_id>")
def new_game(variant_id: str):
    variant = variant_or_404(variant_id)
    values: dict = {}
    drawn = False
    if request.args.get("from"):
        previous = service.get_game(get_db(), request.args["from"])
        if previous.variant == variant.id:
            drawn = variant.seating.redraw_seats  # the table re-seats for every new game
            values = forms.new_game_values(previous, variant, reseat=drawn)
    chosen = rule_sets.get_rule_set(get_db(), request.args["rule_set"]) if request.args.get("rule_set") else None
    if chosen is not None and chosen["variant"] == variant.id:
        layout, count = forms.read_layout(values, variant)
        values = {**values, **with_rule_set(variant, chosen, layout, count)}
    layout, count = forms.read_layout(values, variant)
    return form_page(variant, values, layout, count, drawn=drawn)


def with_rule_set(variant, chosen: dict, layout: str, count: int) -> dict[str, str]:
    """The form's boxes as a rule set fills them, and its name in the "save as" box (a saved set: saving changes
    it; a shipped one: saving keeps a copy)."""
    built, _ = variant.build_options(chosen["options"], forms.seating_shape(layout, count))
    values = forms.option_values(built, variant)
    if built["max_hands"] is None:
        values["options.max_hands"] = ""  # the set plays without a limit: the box shows none
    values[SET_NAME] = str(chosen["name"])
    if not chosen["preset"]:
        values[SET_ID] = chosen["id"]
    return values


@bp.post("/games/new/<variant_id>/rule-set/use")
def use_rule_set(variant_id: str):
    """The posted form with the house rules and options of the rule set tapped (names and seats as typed)."""
    variant = variant_or_404(variant_id)
    layout, count = forms.read_layout(request.form, variant)
    chosen = rule_sets.get_rule_set(get_db(), request.form.get("rule_set", ""))
    if chosen["variant"] != variant.id:
        raise Refused([FieldError("rule_set", lang._("That rule set is for another variant."))])
    kept = {k: v for k, v in request.form.items() if not k.startswith("options.") or k.startswith("options.finish_at")}
    kept.pop(SET_ID, None)
    return form_page(variant, {**kept, **with_rule_set(variant, chosen, layout, count)}, layout, count)


@bp.post("/games/new/<variant_id>/rule-set")
def save_rule_set(variant_id: str):
    """The form's house rules and options saved under the name typed: the set it was opened with changed ("Save
    changes"), or a new one ("Save as a new rule set")."""
    variant = variant_or_404(variant_id)
    layout, count = forms.read_layout(request.form, variant)
    options = forms.new_game_payload(request.form, variant, layout, count)["options"]
    options.pop("finish_at", None)  # a set keeps the table's rules, not one evening's finish time
    payload = {"name": request.form.get(SET_NAME, ""), "variant": variant.id, "options": options}
    edited = request.form.get(SET_ID, "").strip() if request.form.get("save") == "changes" else ""
    refused = form_refusals(variant, payload)
    pin = request.form.get(SET_PIN, "").strip()
    try:
        if refused:
            raise Refused(refused)
        if edited and rule_set_pin.has_pin(edited):  # the box is then the PIN that lets this device change it
            problem = rule_set_pin.problem(edited, pin, api=False)
            if problem is not None:
                raise Refused([FieldError(SET_PIN, problem.message)], status=problem.status)
        elif pin:  # the new set's PIN (or the first PIN of a set that had none)
            payload["pin"] = pin
        found = (rule_sets.update_rule_set(get_db(), edited, payload) if edited
                 else rule_sets.create_rule_set(get_db(), payload, keys.posted_key()))
    except Refused as err:
        errors = [FieldError({"name": SET_NAME, "pin": SET_PIN}.get(e.field, e.field), e.message)
                  for e in (house_rules_form.in_form_words(e, request.form, variant) for e in err.errors)]
        return form_page(variant, request.form, layout, count, errors=errors, status=err.status)
    flash(lang._("House rules saved as “%(name)s”.", name=found["name"]))
    return redirect(url_for("setup.new_game", variant_id=variant.id, rule_set=found["id"]), 303)


@bp.post("/games/new/<variant_id>")
def create_game(variant_id: str):
    """Start the game (refusals shown at their inputs on the form)."""
    variant = variant_or_404(variant_id)
    if "change" in request.form:
        # a page served before each button had its own URL (still open on a phone across an update)
        # names its button's job in `change`: do that job, never start a game the table did not ask for
        stale = request.form["change"]
        return seats_drawn(variant) if stale == "draw" else layout_changed(variant, stale)
    layout, count = forms.read_layout(request.form, variant)
    payload = forms.new_game_payload(request.form, variant, layout, count)
    refused = form_refusals(variant, payload)
    if refused:  # with every other problem of the form, so the table fixes them all in one go
        return form_page(variant, request.form, layout, count, errors=refused + other_refusals(variant, payload, refused),
                         status=422)
    try:
        game = service.create_game(get_db(), payload, keys.posted_key())
    except Refused as err:
        errors = [house_rules_form.in_form_words(e, request.form, variant) for e in err.errors]
        return form_page(variant, request.form, layout, count, errors=errors, status=err.status)
    except sqlite3.Error as err:  # a busy or full database: the form comes back as typed, to send again
        found = storage_words(err)
        if found is None:
            raise
        status, message, headers = found
        body, status = form_page(variant, request.form, layout, count, errors=[FieldError(None, message)],
                                 status=status)
        return body, status, headers
    if game.has_pin:
        pin.remember(game.id)  # whoever chose the PIN just typed it: this device need not unlock
    return redirect(url_for("pages.game", game_id=game.id), 303)


def form_refusals(variant, payload: dict) -> list[FieldError]:
    """What the form alone can tell is wrong, in its own words: a house rule's box left empty, a minimum row out of
    order or not a number, a number that could be read two ways."""
    return (house_rules_form.house_rule_refusals(request.form, variant)
            + house_rules_form.row_refusals(request.form, variant) + numbers.unreadable(payload))


def other_refusals(variant, payload: dict, refused: list[FieldError]) -> list[FieldError]:
    """Beside the form's own refusals, what the rules refuse in the rest of the form (the names, the options, the
    other house rules): checked with the refused house rules and numbers left out, nothing stored."""
    rules = {m[1] for e in refused if (m := re.match(r"options\.house_rules\.(\w+)", e.field or ""))}
    house = {k: v for k, v in payload["options"]["house_rules"].items() if k not in rules and not numbers.unreadable(v)}
    options = {k: v for k, v in payload["options"].items() if not numbers.unreadable(v)}
    sides = [{k: v for k, v in side.items() if not numbers.unreadable(v)} for side in payload["sides"]]
    try:
        check_new_game(variant, {**payload, "sides": sides, "options": {**options, "house_rules": house}})
    except Refused as err:
        said = {e.field for e in refused}
        return [house_rules_form.in_form_words(e, request.form, variant) for e in err.errors if e.field not in said]
    return []


@bp.post("/games/new/<variant_id>/seats")
def draw_seats(variant_id: str):
    """Draw seats: the form again with the players seated at random."""
    return seats_drawn(variant_or_404(variant_id))


@bp.post("/games/new/<variant_id>/layout")
def change_layout(variant_id: str):
    """The form again in the seating shape the button tapped names (`to`: pairs, solo, more or fewer);
    without one, as posted (the seats table redrawn as names are typed)."""
    return layout_changed(variant_or_404(variant_id), request.form.get("to", ""))


def seats_drawn(variant):
    """The posted form with its players seated again at random."""
    layout, count = forms.read_layout(request.form, variant)
    return form_page(variant, forms.draw_seats(request.form, count), layout, count, drawn=True)


def layout_changed(variant, to: str):
    """The posted form in the seating shape `to` names (unknown or empty: the shape it was posted in), or ending the
    other way (`to` score or rounds: see end_choice)."""
    layout, count = forms.read_layout(request.form, variant, to)
    values = request.form
    if to in ("score", "rounds") and variant.score_instead:
        limit = variant.default_max_hands(forms.seating_shape(layout, count))
        values = {**request.form.to_dict(), "layout": layout, "count": str(count),
                  "options.target": str(variant.score_instead) if to == "score" else "",
                  "options.max_hands": "" if to == "score" else str(limit or "")}
    return form_page(variant, values, layout, count)


@bp.post("/games/new/<variant_id>/blank-sheet")
def blank_sheet(variant_id: str):
    """A blank score sheet with the names typed so far, to score by pen."""
    variant = variant_or_404(variant_id)
    layout, count = forms.read_layout(request.form, variant)
    payload = forms.new_game_payload(request.form, variant, layout, count)
    names = [s["name"] for s in payload["sides"] if s["name"]]
    limit = payload["options"].get("max_hands", variant.default_max_hands(payload["sides"]))
    # a row for each hand (round…) of a game with a limit, up to a page of them
    rows = min(limit, DEFAULT_ROWS) if type(limit) is int and limit >= 1 else DEFAULT_ROWS
    return redirect(url_for("sheets.variant_blank_sheet", variant_id=variant.id, hands=rows, side=names), 303)
