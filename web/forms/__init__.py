"""Turning posted page forms into the API's payload shapes, and refusals back into messages at the fields:
typed numbers and refusals for every form, and the new-game form (the hand form is web/forms/hand_form.py).

Input names are the API's error field paths ("entries[1].red_threes", "sides[0].name",
"options.target"), so a FieldError lands on the input it is about without a lookup table.
"""
from __future__ import annotations

import random
import re
import secrets
from typing import Any

from scoring import FieldError, Variant
from scoring.base import team_name
from service.model import Game
from web.forms.house_rules_form import OFF, round_name, typed_house_rules
# number: the hand form and tests read typed numbers through here
from web.forms.numbers import limit_label, number, parse  # noqa: F401


def field_name(side: int, field: str) -> str:
    return f"entries[{side}].{field}"


def place_errors(errors: list[FieldError], shown: set[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Split refusals into messages at a shown input (by name) and messages for the top of the form."""
    at: dict[str, list[str]] = {}
    general = []
    for err in errors:
        name = err.field or ""
        m = re.fullmatch(r"entries\[\d+\]\.(\w+)", name)
        if m and name not in shown and m[1] in shown:  # a flag chosen once per hand: its one input
            name = m[1]
        if name in shown:
            at.setdefault(name, []).append(err.message)
        else:
            general.append(err.message)
    return at, general


# -- a new game -------------------------------------------------------------------------

# the seating shapes a variant may declare (GET /api/variants' kinds) as the form calls them, and players a side
SHAPES = {"partnerships": "pairs", "teams_of_three": "trios", "individuals": "solo"}
PER_SIDE = {"pairs": 2, "trios": 3, "solo": 1}
LAYOUT_OF = {n: layout for layout, n in PER_SIDE.items()}


def layouts(variant: Variant) -> dict[str, tuple[int, int]]:
    """'pairs', 'trios' and/or 'solo' with the range of sides each allows, the variant's usual way first."""
    return {SHAPES[kind]: tuple(shape["sides"]) for kind, shape in variant.describe_sides.items() if kind in SHAPES}


def read_layout(form, variant: Variant, change: str = "") -> tuple[str, int]:
    """The seating shape the form is showing (partnerships or alone, how many sides), applying a change
    (a layout, "more" or "fewer": the button tapped)."""
    allowed = layouts(variant)
    layout = form.get("layout") if form.get("layout") in allowed else next(iter(allowed))
    low, high = allowed[layout]
    count = parse(form.get("count", str(low)))
    count = low if count is None else count
    if change in allowed and change != layout:
        layout = change
        low, high = allowed[layout]
    elif change == "more":
        count += 1
    elif change == "fewer":
        count -= 1
    return layout, max(low, min(high, count))


def seating_shape(layout: str, count: int) -> list[dict]:
    """Sides with empty names in this seating shape: what a variant's defaults depend on."""
    return [{"players": [""] * PER_SIDE.get(layout, 1)} for _ in range(count)]


def _limit_text(variant: Variant, layout: str, count: int) -> str:
    limit = variant.default_max_hands(seating_shape(layout, count))
    return "" if limit is None else str(limit)


def with_hand_limit(values, variant: Variant, layout: str, count: int) -> dict:
    """The form's values with the hand-limit box as it should show for the seating now on screen.

    The box holds the default of the seating the form was posted with until the table types in it.
    While it still holds that default (untouched), a new seating shows its own default (as the
    variant declares it: e.g. 4 hands alone, none for partnerships); anything typed, an emptied box included, is kept.
    """
    values = dict(values.to_dict() if hasattr(values, "to_dict") else values)
    allowed = layouts(variant)
    before = values.get("layout") if values.get("layout") in allowed else layout
    try:
        count_before = int(values.get("count", count))
    except ValueError:
        count_before = count
    typed = values.get("options.max_hands", "").strip()
    if (before, count_before) != (layout, count) and typed == _limit_text(variant, before, count_before):
        values["options.max_hands"] = _limit_text(variant, layout, count)
    return values


def new_game_payload(form, variant: Variant, layout: str, count: int) -> dict:
    """A posted new-game form as API.md's new-game payload; blank options take the variant's defaults."""
    sides = []
    for i in range(count):
        players = [form.get(f"sides[{i}].players[{j}]", "").strip() for j in range(PER_SIDE.get(layout, 1))]
        if len(players) > 1:
            name = form.get(f"sides[{i}].name", "").strip() or team_name(players)
            sides.append({"name": name, "players": players})
        else:
            sides.append({"name": players[0], "players": players})
        start = form.get(f"sides[{i}].start_score", "").strip()
        if start:  # a game begun on paper: left empty, the side starts at 0
            sides[-1]["start_score"] = number(start, f"sides[{i}].start_score")
    options: dict[str, Any] = {}
    for key in ("target", "decks"):
        raw = form.get(f"options.{key}", "").strip()
        if raw:
            options[key] = number(raw, f"options.{key}")
    if "options.max_hands" in form:
        # the box always shows the seating's default (see with_hand_limit), so a box left empty means no limit
        raw = form["options.max_hands"].strip()
        options["max_hands"] = number(raw, "options.max_hands", limit_label(variant.words)) if raw else None
    if "options.target" in form and not form["options.target"].strip() and options.get("max_hands"):
        # the box shows the variant's target: emptied beside a hand limit, the game plays the limit alone (a Burraco
        # tournament turn of 3 deals, RULES.md §9)
        options["target"] = None
    if form.get("options.finish_at", "").strip():
        options["finish_at"] = with_offset(form["options.finish_at"].strip(), form.get("options.finish_at_offset", ""))
    options["house_rules"] = typed_house_rules(form, variant)
    payload = {"variant": variant.id, "sides": sides, "options": options}
    if form.get("pin", "").strip():
        payload["pin"] = form["pin"].strip()
    return payload


OFFSET = re.compile(r"[+-](0\d|1[0-4]):[0-5]\d")


def with_offset(moment: str, offset: str) -> str:
    """A finish time typed on a phone, with that phone's UTC offset (sent by meldbook.js) when it has none.

    So a server kept in UTC still ends the game at the table's 21:30 (API.md: the web form sends the offset).
    """
    offset = offset.strip()
    if not OFFSET.fullmatch(offset) or re.search(r"(Z|[+-]\d\d:?\d\d)$", moment):
        return moment
    return moment + (":00" if len(moment) == 16 else "") + offset


def new_game_values(game: Game, variant: Variant, reseat: bool) -> dict[str, str]:
    """The form values for 'new game, same players' (`reseat`: seats drawn again)."""
    sides = list(game.sides)
    if reseat:  # drawn once per finished game: a reload, or another phone opening the link, shows the same seats
        random.Random(f"reseat:{game.id}").shuffle(sides)
    values = {"layout": LAYOUT_OF.get(len(sides[0].players), "solo"), "count": str(len(sides))}
    for i, side in enumerate(sides):
        values[f"sides[{i}].name"] = side.name
        for j, player in enumerate(side.players):
            values[f"sides[{i}].players[{j}]"] = player
    return {**values, **option_values(game.options, variant)}


def option_values(options, variant: Variant) -> dict[str, str]:
    """A game's (or a rule set's) options as the new-game form's boxes hold them."""
    values: dict[str, str] = {}
    for key in ("target", "max_hands", "decks"):
        if options.get(key) is not None:
            values[f"options.{key}"] = str(options[key])
    for key, value in options["house_rules"].items():
        name = f"options.house_rules.{key}"
        rule = variant.house_rule(key)
        if value is None and rule and rule.off:
            values[name + OFF] = "on"
        elif rule and rule.per_round:  # round 1 in the rule's own boxes, each later round in its own
            for k, one in enumerate(value if isinstance(value, (list, tuple)) else [value]):
                values.update({round_name(rule, k, part): str(n) for part, n in one.items()} if rule.kind_of.by_part
                              else {round_name(rule, k): str(one)})
        elif rule:  # as its kind's boxes hold it (scoring/kinds/house_rules.py)
            values.update(rule.kind_of.form_values(rule, name, value))
        else:
            values[name] = str(value)
    return values


SEAT_DRAW = "seat_draw"  # hidden field: which draw this form shows, so a resent form shows the same seats


def draw_seats(form, count: int) -> dict[str, str]:
    """The form's values with the players seated again at random.

    The draw depends on the form's own random salt and a count of draws: tapping Draw seats draws
    again, while the browser resending the same form (a reload) shows the very same seats.
    """
    values = form.to_dict()
    salt, _, drawn = values.get(SEAT_DRAW, "").partition(":")
    if not (re.fullmatch(r"[A-Za-z0-9_-]{8,32}", salt) and drawn.isascii() and drawn.isdigit() and len(drawn) < 6):
        salt, drawn = secrets.token_urlsafe(12), "0"
    values[SEAT_DRAW] = f"{salt}:{int(drawn) + 1}"
    names = [form.get(f"sides[{i}].players[0]", "") for i in range(count)]
    random.Random(values[SEAT_DRAW]).shuffle(names)
    for i, name in enumerate(names):
        values[f"sides[{i}].players[0]"] = name
    return values
