"""The kinds of entry field a side fills in at the end of a hand: a count, card points, a yes/no, a choice.

Each kind owns how its value is read from JSON (with its refusals' words) and from the hand form, what it is when
left out, its bounds as GET /api/variants says them, its OpenAPI schema, and its column on a score sheet."""
from __future__ import annotations

from typing import Any, Callable

import lang

from ..base import MAX_NUMBER, FieldError
from ..entries import card_points, whole_number
from . import field_kind


class FieldKind:
    """One kind of entry field. Subclass it, name it, and register it with `field_kind`."""

    name = ""
    blank: Any = 0  # the value of a field left out
    whole = True  # its value a whole number from 0 (a count), read quickly before any check
    by_cards = False  # card points: typed, or counted card by card (the hand form's card counter)
    ticked = False  # a yes/no: a tick per side, or one question a hand ("Who went out?")
    picked = False  # one of the field's `choices`, or none
    chips = False  # the hand form offers chips (0 to 3) beside its box
    # on a score sheet: room for handwriting (roomy, then tight), and whether the cell is centred
    roomy, tight, centred = 18, 14, True
    score = carried = shaded = opens_scores = False  # a column of a side's entries, not of its scores

    def read(self, field, value: Any, at: str, card_values: dict[str, int]) -> tuple[Any, list[FieldError]]:
        """A side's value for this field as posted in JSON: (the value to keep, []) or (None, the refusals)."""
        n, err = whole_number(value, at, field.label)
        return (None, [err]) if err else (n, [])

    def describe(self, field, max_value: int | None) -> dict:
        """The field's type and bounds as GET /api/variants describes them."""
        return {"type": "integer", "min": 0, "max": max_value if max_value is not None else MAX_NUMBER}

    def schema(self, field, cards: dict) -> dict:
        """The field's value in the OpenAPI document (`cards`: the variant's card counts by value)."""
        return {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}

    def from_form(self, field, text: str | None, name: str, number: Callable) -> Any:
        """The field's value as the hand form's box for it holds it (`number` reads a typed number, or refuses)."""
        return number(text, name, field.label)

    def form_text(self, value: Any) -> str | None:
        """A stored value in the hand form's box (None: the box left empty)."""
        return str(value) if value else None

    def cell(self, column, value: Any, entry: dict) -> str:
        """A side's value in this field's column of a played score sheet (blank for nothing)."""
        text = lang.number(value) if value else ""
        if column.surprise and entry.get(column.surprise):
            text += f" ({lang.number(entry[column.surprise])})"
        return text


@field_kind
class Count(FieldKind):
    """How many (canastas, red threes): a whole number from 0."""

    name = "count"
    chips = True


@field_kind
class Points(FieldKind):
    """Card points: a multiple of 5, or card counts by value turned into points."""

    name = "points"
    whole, by_cards = False, True
    roomy, tight, centred = 38, 30, False

    def read(self, field, value, at, card_values):
        return card_points(value, at, field.label, card_values)

    def describe(self, field, max_value):
        return {**super().describe(field, max_value), "multiple_of": 5}

    def schema(self, field, cards):
        return {"oneOf": [{"type": "integer", "minimum": 0, "multipleOf": 5}, cards]}


@field_kind
class Flag(FieldKind):
    """A yes/no (went out, went out concealed)."""

    name = "flag"
    blank, whole, ticked = False, False, True

    def read(self, field, value, at, card_values):
        if isinstance(value, bool):
            return value, []
        return None, [FieldError(at, lang._("%(label)s must be true or false.", label=field.label))]

    def describe(self, field, max_value):
        return {"type": "boolean"}

    def schema(self, field, cards):
        return {"type": "boolean"}

    def cell(self, column, value, entry):
        return "\u2713" if value else ""


@field_kind
class Choice(FieldKind):
    """One of the field's `choices` (American's special hands), or none."""

    name = "choice"
    blank, whole, picked = None, False, True
    roomy, tight, centred = 30, 22, False

    def read(self, field, value, at, card_values):
        if value is None or (isinstance(value, str) and value in {c for c, _ in field.choices}):
            return value, []
        ids = ", ".join(c for c, _ in field.choices)
        return None, [FieldError(at, lang._("%(label)s must be one of %(choices)s, or left out.", label=field.label,
                                            choices=ids))]

    def describe(self, field, max_value):
        return {"type": "string", "choices": [c for c, _ in field.choices], "nullable": True}

    def schema(self, field, cards):  # one of its ids, or null (the same as left out)
        return {"enum": [c for c, _ in field.choices] + [None]}

    def from_form(self, field, text, name, number):
        return text or None

    def cell(self, column, value, entry):  # the choice's short word (a special hand: "Garbage")
        return lang.shown(dict(column.choices).get(value, value)) if value else ""
