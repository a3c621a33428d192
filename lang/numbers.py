"""Numbers, dates and times written and read the way the table's language writes them: 10,330 in English, 10.330 in
German; 21:30 everywhere but in English's own patterns.

Reading is strict, because a wrong reading is a wrong score. A typed whole number is read when it can mean one
number only: digits 0-9 (a minus sign in front if it is below zero), optionally grouped by threes with the
language's own thousands separator ("1.230" in German, "1,230" in English), or with a space or an apostrophe
("1 230", "1'230": no language writes decimals with those). Anything else that looks like a number is refused,
never guessed: a decimal ("1,5" in German, "2.5" in English: scores are whole numbers) and whatever could be read
two ways (the other language's separator, "1,230" in German being 1.23 or 1230; groups not of three, "1.23",
"1..230", "1.2.3").
"""
from __future__ import annotations

import re
from datetime import datetime

from babel.dates import format_skeleton
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from . import core as lang  # the current language: `lang` itself gathers this module's names
from .core import MINUS, number  # noqa: F401  (core writes a number: every counted message uses it)

SIGNS = "-−+"  # typed in front of a number: a hyphen (a phone's keyboard), a real minus sign, a plus sign
LONGEST = 4000  # digits read at most; int() refuses more than 4300, and any such number is far too large anyway
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")  # a space, a no-break space, a thin space: one space
_APART = " '’"  # group separators no language writes decimals with: a space, an apostrophe (Swiss 1'230)
_LOOKS_NUMERIC = re.compile(r"[0-9., '’]*[0-9][0-9., '’]*", re.ASCII)
# English keeps its own patterns (the pages have always said "Sat 21 Nov 2026, 21:30"); the others as CLDR has them
# (strftime in the C locale Python starts in, so an English table loads no CLDR data)
_ENGLISH = {"day": "%a %d %b", "date": "%a %d %b %Y", "time": "%H:%M"}


class NumberUnreadable(ValueError):
    """A typed number that cannot be read as one whole number without guessing; `message` says why, in words."""

    def __init__(self, message: str, reason: str = "not_number"):
        super().__init__(message)
        self.message = message
        self.reason = reason  # "decimals", "two_ways", "not_number" or "too_long"


def decimal(value: float, places: int = 1) -> str:
    """A rating: 25.3 in English, 25,3 in German; negatives with a real minus sign."""
    if lang.babel_code() == "en":
        written = f"{abs(value):,.{places}f}"
    else:
        written = format_decimal(abs(value), format=f"#,##0.{'0' * places}", locale=lang.babel_locale())
    return f"{MINUS}{written}" if value < 0 and written.strip("0.,") else written


def signed(value: int) -> str:
    """A hand score: '+10,330', '−415', '0'."""
    return f"+{number(value)}" if value > 0 else number(value)


def symbols(locale: str | None = None) -> tuple[str, str]:
    """(thousands separator, decimal separator) of `locale` (default: the current language); a space for any space."""
    where = lang.babel_locale(locale)
    group = get_group_symbol(where)
    return (" " if _SPACES.fullmatch(group) else group), get_decimal_symbol(where)


def read_number(raw: str | None, locale: str | None = None, label: str | None = None) -> int | None:
    """A typed whole number in the table's language (default: the current one); None when blank.

    Raises NumberUnreadable, with a message in the current language naming `label` (the field as the form shows
    it) when given, for a decimal, for what could be read two ways, and for text that is no number at all.
    """
    text = _SPACES.sub(" ", raw or "").strip()
    if not text:
        return None
    sign, body = (-1 if text[0] in "-−" else 1, text[1:].lstrip()) if text[0] in SIGNS else (1, text)
    if not _LOOKS_NUMERIC.fullmatch(body):
        raise _unreadable("not_number", text, label, locale)
    digits = re.sub(r"[^0-9]", "", body)
    if len(digits) > LONGEST:
        raise _unreadable("too_long", text, label, locale)
    group, decimal = symbols(locale)
    if digits == body:
        return sign * int(digits)
    for separator in {group, *_APART}:
        if re.fullmatch(rf"[1-9][0-9]{{0,2}}(?:{re.escape(separator)}[0-9]{{3}})+", body, re.ASCII):
            return sign * int(digits)
    raise _unreadable(_doubt(body, group, decimal), text, label, locale)


def _doubt(body: str, group: str, decimal: str) -> str:
    """Why a number with separators is refused: 'decimals' when it can only be a decimal in this language
    ("1,5", "2.5", "1.230,5" in German), else 'two_ways' ("1,230" in German: 1.23 or 1230; "1.23"; "1..230")."""
    apart = re.escape("".join({group, *_APART}))
    found = re.fullmatch(rf"([0-9]*(?:[{apart}][0-9]{{3}})*){re.escape(decimal)}([0-9]+)", body, re.ASCII)
    if not found:
        return "two_ways"
    whole, fraction = found.groups()
    looks_grouped = re.fullmatch(r"[1-9][0-9]{0,2}", whole, re.ASCII) and len(fraction) == 3
    return "two_ways" if looks_grouped else "decimals"


def _unreadable(reason: str, text: str, label: str | None, locale: str | None) -> NumberUnreadable:
    """The refusal of `text` in words, naming the field when `label` is given."""
    typed = text if len(text) <= 20 else text[:20] + "…"
    group, _ = symbols(locale)
    values = dict(typed=typed, example=number(10330), separator=group.strip() or "␣", field=str(label or ""))
    if reason == "decimals":
        message = (lang._("%(field)s: “%(typed)s” has decimals; only whole numbers are allowed here, "
                          "e.g. 10330 or %(example)s.", **values) if label else
                   lang._("“%(typed)s” has decimals; only whole numbers are allowed here, e.g. 10330 or %(example)s.",
                          **values))
    elif reason == "two_ways":
        message = (lang._("%(field)s: “%(typed)s” could be read two ways. Type the digits only, e.g. 10330, or group "
                          "thousands with “%(separator)s”, e.g. %(example)s.", **values) if label else
                   lang._("“%(typed)s” could be read two ways. Type the digits only, e.g. 10330, or group thousands "
                          "with “%(separator)s”, e.g. %(example)s.", **values))
    elif reason == "too_long":
        message = (lang._("%(field)s: “%(typed)s” is far too large.", **values) if label else
                   lang._("“%(typed)s” is far too large.", **values))
    else:
        message = (lang._("%(field)s: “%(typed)s” is not a whole number. Use the digits 0–9, e.g. 10330 or "
                          "%(example)s.", **values) if label else
                   lang._("“%(typed)s” is not a whole number. Use the digits 0–9, e.g. 10330 or %(example)s.",
                          **values))
    return NumberUnreadable(message, reason)


def clock(moment: datetime) -> str:
    """A moment's time of day as the table's language writes it: '21:30' (24-hour in every language offered)."""
    if lang.babel_code() == "en":
        return moment.strftime(_ENGLISH["time"])
    return format_skeleton("Hm", moment, locale=lang.babel_locale())


def day(moment: datetime) -> str:
    """A moment's day without the year: 'Sat 21 Nov' (English), 'Sa., 21. Nov.' (German)."""
    if lang.babel_code() == "en":
        return moment.strftime(_ENGLISH["day"])
    return format_skeleton("MMMEd", moment, locale=lang.babel_locale())


def day_and_time(moment: datetime) -> str:
    """A moment's day, year and time: 'Sat 21 Nov 2026, 21:30' (English), 'Sa., 21. Nov. 2026, 21:30' (German)."""
    if lang.babel_code() == "en":
        return moment.strftime(f"{_ENGLISH['date']}, {_ENGLISH['time']}")
    where = lang.babel_locale()
    glue = where.datetime_formats.get("medium", "{1}, {0}")
    glue = glue if isinstance(glue, str) else getattr(glue, "pattern", "{1}, {0}")
    return glue.replace("{1}", format_skeleton("yMMMEd", moment, locale=where)).replace("{0}", clock(moment))
