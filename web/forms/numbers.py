"""Whole numbers read from addresses, query strings and forms: the digits 0-9 only, in range, else a refusal.

`str.isdigit()` and `int()` take far more than a person types as a number: '²' passes isdigit
and then breaks int(), '١٢' (Arabic-Indic digits) and '1_000' are read as numbers, and
thousands of digits exceed int()'s limit. Every number here is read by one pattern instead.
"""
from __future__ import annotations

import re
from typing import Any

from werkzeug.exceptions import BadRequest, NotFound
from werkzeug.routing import IntegerConverter, Rule

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
        raise Refused([FieldError(field, f"{field} must be a whole number from {low:,} to {high:,}, written with the "
                                         f"digits 0–9 (got “{shown}”).")])
    return value


class BadNumberInAddress(BadRequest):
    """400: a number in the address (a hand number, a side) is not one."""

    def __init__(self, field: str, value: str):
        self.field = field
        shown = value[:20] + ("…" if len(value) > 20 else "")
        super().__init__(f"The {field} in the address must be a whole number of at most {DIGITS} digits, "
                         f"written with 0–9 (got “{shown}”).")


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


_INTEGER = re.compile(r"-?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"-?[0-9]+\.[0-9]+", re.ASCII)
LONGEST = 4000  # digits; int() refuses more than 4300, and any such number is far too large anyway


def number(raw: str | None) -> Any:
    """A typed number: blank is 0; anything else is passed on as typed so the rules can say what is wrong.

    Only the digits 0-9 make a number ('١٢' or '²' stay text); "5.0" is passed as 5.0, which the
    rules take as 5.
    """
    text = (raw or "").strip().replace(",", "").replace(" ", "").replace("−", "-")
    if not text:
        return 0
    if _INTEGER.fullmatch(text):
        return int(text) if len(text) <= LONGEST else 10 ** LONGEST
    if _DECIMAL.fullmatch(text) and len(text) <= 30:
        return float(text)
    return raw.strip()
