"""Numbers written and read the way the table's language writes them: 10,330 in English, 10.330 in German.

Reading is strict, because a wrong reading is a wrong score: digits 0-9, optionally grouped by threes with the
language's own thousands separator ("1.230" in German, "1,230" in English). A decimal separator, the other
language's separator, or groups that are not threes could be read two ways, so they are refused with a message
in the table's language, never guessed.
"""
from __future__ import annotations

import re

from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

import lang

MINUS = "−"  # U+2212: a real minus sign in what is shown
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")


class NumberUnreadable(ValueError):
    """A typed number that cannot be read as one whole number without guessing; `message` says why, in words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def number(value: int | None) -> str:
    """12345 → '12,345' (English) or '12.345' (German…); negatives with a real minus sign; None → ''."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    written = format_decimal(abs(value), locale=lang.babel_locale(), group_separator=True)
    return f"{MINUS}{written}" if value < 0 else written


def signed(value: int) -> str:
    """A hand score: '+10,330', '−415', '0'."""
    return f"+{number(value)}" if value > 0 else number(value)


def symbols(locale: str | None = None) -> tuple[str, str]:
    """(thousands separator, decimal separator) of `locale` (default: the current language)."""
    where = lang.babel_locale(locale)
    return get_group_symbol(where), get_decimal_symbol(where)


def read_number(raw: str, locale: str | None = None) -> int | None:
    """A typed whole number in the table's language: None when blank; NumberUnreadable when it could be read two
    ways (a decimal separator, the other language's thousands separator, groups not of three) or holds no number.

    Text that is no number at all (letters, digits of another script) is returned as None? No: it raises too, so
    the player is told at the field; callers that pass such text on to the rules catch it.
    """
    text = _SPACES.sub(" ", (raw or "").strip())
    if not text:
        return None
    group, decimal = symbols(locale)
    sign = -1 if text[0] in "-−" else 1
    body = text[1:].strip() if text[0] in "-−+" else text
    example = number(1230)
    if re.fullmatch(r"[0-9]+", body, re.ASCII):
        return sign * int(body)
    grouped = re.fullmatch(rf"[0-9]{{1,3}}(?:{re.escape(group)}[0-9]{{3}})+", body, re.ASCII)
    if grouped:
        return sign * int(body.replace(group, ""))
    if re.fullmatch(r"[0-9]{1,3}(?: [0-9]{3})+", body, re.ASCII):  # 1 230: spaces between groups of three
        return sign * int(body.replace(" ", ""))
    if re.fullmatch(r"[0-9][0-9., ']*[0-9]", body, re.ASCII) and any(c in body for c in ".,'"):
        if decimal in body and group not in body:
            raise NumberUnreadable(lang._(
                "“%(typed)s” has a decimal separator; scores are whole numbers. Write it with digits only, "
                "e.g. 1230, or grouped by thousands as %(example)s.", typed=raw.strip(), example=example))
        raise NumberUnreadable(lang._(
            "“%(typed)s” could be read two ways. Write it with digits only, e.g. 1230, or grouped by "
            "thousands as %(example)s.", typed=raw.strip(), example=example))
    raise NumberUnreadable(lang._("“%(typed)s” is not a whole number. Use the digits 0–9, e.g. %(example)s.",
                                  typed=raw.strip()[:20], example=example))
