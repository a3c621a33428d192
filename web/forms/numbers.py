"""Whole numbers read from addresses, query strings and forms: the digits 0-9 only, in range, else a refusal.

`str.isdigit()` and `int()` take far more than a person types as a number: '²' passes isdigit
and then breaks int(), '١٢' (Arabic-Indic digits) and '1_000' are read as numbers, and
thousands of digits exceed int()'s limit. Every number here is read by one pattern instead.

A number a player types in a form is read in the page's language (`lang.read_number`): "1.230" is 1230 in German,
"1,230" in English, and what could be read two ways ("1,5", the other language's separator) is refused at its
input, never guessed (`number`, then `check` before anything is stored).
"""
from __future__ import annotations

import re
from typing import Any

from werkzeug.exceptions import BadRequest, NotFound
from werkzeug.routing import IntegerConverter, Rule

import lang
from scoring import FieldError, Refused

DIGITS = 9  # up to 999,999,999: far beyond any hand, side or row count, and never near int()'s limit
_WHOLE = re.compile(r"-?[0-9]+", re.ASCII)


def parse(raw: Any, digits: int = DIGITS) -> int | None:
    """`raw` as a whole number if it is one written with 0-9 (and at most `digits` of them), else None."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not _WHOLE.fullmatch(text) or len(text.lstrip("-")) > digits:
        return None
    return int(text)


def whole_number(raw: Any, field: str, low: int, high: int) -> int:
    """A number from a query string or form, from `low` to `high`; else Refused (422) naming the field."""
    value = parse(raw)
    if value is None or not low <= value <= high:
        shown = str(raw)[:20] + ("…" if len(str(raw)) > 20 else "")
        raise Refused([FieldError(field, lang._("%(field)s must be a whole number from %(low)s to %(high)s, written with "
                                                "the digits 0–9 (got “%(typed)s”).", field=field, low=lang.number(low),
                                                high=lang.number(high), typed=shown))])
    return value


class BadNumberInAddress(BadRequest):
    """400: a number in the address (a hand number, a side) is not one."""

    def __init__(self, field: str, value: str):
        self.field = field
        shown = value[:20] + ("…" if len(value) > 20 else "")
        super().__init__(lang._("The %(field)s in the address must be a whole number of at most %(digits)s digits, "
                                "written with 0–9 (got “%(typed)s”).", field=field, digits=DIGITS, typed=shown))


class WholeNumberConverter(IntegerConverter):
    """<int:…> in routes: a part with digits that make no number here (², ١, 1x, too many) gets a 400 naming it.

    Werkzeug's own converter matches only decimal digits (`\\d+`): '²' (no decimal digit) falls through
    to a 404 that says nothing about the number, while '١' is turned into 1. This one takes every
    part with an ASCII digit or any other character of Unicode (a digit of another script, ², ½) and
    reads it with `parse`. A part that holds no digit of any kind ("x") is no such address (404), as
    is a well-formed number of no hand or side.
    """

    regex = "[^/]*[0-9\\u0080-\\U0010ffff][^/]*"
    part_isolating = True  # one part of the address, though the pattern names "/"
    field = "number"

    def to_python(self, value: str) -> int:
        if not any(c.isnumeric() for c in value):
            raise NotFound()  # not ValidationError: Werkzeug would answer 405 for a route's other methods
        number = parse(value)
        if number is None:
            raise BadNumberInAddress(self.field, value)
        if number < 0 and not self.signed:
            raise NotFound()
        return number


class NamedRule(Rule):
    """A URL rule whose converters know the name of the part they read, for the refusal's field."""

    def get_converter(self, variable_name, converter_name, args, kwargs):
        converter = super().get_converter(variable_name, converter_name, args, kwargs)
        converter.field = variable_name
        return converter


LONGEST = 4000  # digits; int() refuses more than 4300, and any such number is far too large anyway
_NUMERIC = re.compile(r"[-−+]?[\s\u00a0\u202f\u2009]*[0-9.,'’\s\u00a0\u202f\u2009]*[0-9][0-9.,'’\s\u00a0\u202f\u2009]*")


# the forms' own number inputs as the forms label them, for a refusal that names its input (a hand's fields and the
# house rules are named by their declared labels, passed to `number`)
LABELS = {"options.target": lang.L_("Play to"), "options.decks": lang.L_("Decks"),
          "options.max_hands": lang.L_("Hand limit"), "table_size": lang.L_("Pairs (or players) at a table"),
          "rounds": lang.L_("Rounds"), "vp_scale": lang.L_("Victory point scale")}
START_SCORE = lang.L_("Starting score (from paper)")


def label_of(field: str | None) -> Any:
    """The label a form shows at one of its own number inputs (None: not one of them)."""
    if field and re.fullmatch(r"sides\[\d+\]\.start_score", field):
        return START_SCORE
    return LABELS.get(field or "")


def limit_label(words) -> str:
    """The new-game form's limit box as it shows it: 'Round limit', 'Hand limit' (the variant's word)."""
    return words.say("%(Round)s limit")


class Unreadable(str):
    """A typed number that could be read two ways (or is a decimal), kept as typed with its refusal: text, so the
    rules refuse it too should it ever reach them, never a guessed number."""

    error: FieldError

    def __new__(cls, typed: str, error: FieldError):
        made = super().__new__(cls, typed)
        made.error = error
        return made


def number(raw: str | None, field: str | None = None, label: str | None = None) -> Any:
    """A typed number in the page's language: blank is 0; "1.230" (German) or "1,230" (English) is 1230.

    A decimal or a number that could be read two ways is an `Unreadable` refused at `field`, its message naming
    `label` (the input as the form shows it): `check` raises the refusals before anything is stored. Text that is no
    number (letters, '²', '١٢') is passed on as typed so the rules can say what is wrong.
    """
    text = (raw or "").strip()
    if not text:
        return 0
    if not _NUMERIC.fullmatch(text):
        return text
    if sum(c in "0123456789" for c in text) > LONGEST:
        return 10 ** LONGEST  # refused by the rules as too large, without echoing thousands of digits
    try:
        value = lang.read_number(text, label=label or label_of(field))
    except lang.NumberUnreadable as err:
        return Unreadable(text, FieldError(field, err.message))
    return 0 if value is None else value


def unreadable(payload: Any) -> list[FieldError]:
    """The refusals of every typed number in a form's payload that could not be read (see `number`)."""
    if isinstance(payload, Unreadable):
        return [payload.error]
    if isinstance(payload, dict):
        return [err for value in payload.values() for err in unreadable(value)]
    if isinstance(payload, (list, tuple)):
        return [err for value in payload for err in unreadable(value)]
    return []


def check(payload: Any) -> Any:
    """The payload as it is when every typed number in it was read; else Refused (422) with each at its input."""
    errors = unreadable(payload)
    if errors:
        raise Refused(errors)
    return payload


def with_readings(payload: Any, errors: list[FieldError]) -> list[FieldError]:
    """The refusals of unreadable numbers, then `errors` (the rules' word on the same payload) at other inputs."""
    mine = unreadable(payload)
    taken = {err.field for err in mine}
    return mine + [err for err in errors if err.field not in taken or err.field is None]
