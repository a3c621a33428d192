"""The current language and its catalogs: `_()`, the lazy `L_()` and the rest `lang` offers (see lang/__init__).

lang/numbers.py writes numbers and dates with what this module knows of the current language; `lang` gathers both.
"""
from __future__ import annotations

import contextlib
import contextvars
import io
import os
from typing import Any, Iterator

from babel import Locale
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations
from markupsafe import escape

HERE = os.path.dirname(os.path.abspath(__file__))
TRANSLATIONS = os.path.join(os.path.dirname(HERE), "translations")  # one folder a language: es/LC_MESSAGES/…
DOMAIN = "messages"

# The languages offered, each with its name in itself (the language menu). Adding a language is its catalog
# (`make catalog-init LANG=fr`) and one line here.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "de": "Deutsch",
}
DEFAULT = "en"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("meldbook_language", default=DEFAULT)
_catalogs: dict[tuple[str, str], NullTranslations] = {}
_extra_dirs: list[str] = []  # more catalog folders (the test suite's marking locale), searched first


def current() -> str:
    """The language being spoken now: 'en', 'es', 'pt_BR', 'it', 'de' (or a test's marking locale)."""
    return _current.get()


def offered() -> dict[str, str]:
    """Every language a table may choose, code → its own name."""
    return dict(LANGUAGES)


def set_current(locale: str | None) -> contextvars.Token:
    """Speak `locale` from now on in this context (None or an unknown one: English); reset with the token."""
    return _current.set(locale if locale in known() else DEFAULT)


def reset(token: contextvars.Token) -> None:
    _current.reset(token)


@contextlib.contextmanager
def using(locale: str | None) -> Iterator[str]:
    """Speak `locale` inside the block (a PDF for a page's language, a test, the OpenAPI document in English)."""
    token = set_current(locale)
    try:
        yield current()
    finally:
        _current.reset(token)


def known() -> dict[str, str]:
    """The offered languages and any added by `add_catalogs` (the test suite's marking locale)."""
    return {**LANGUAGES, **_added}


_added: dict[str, str] = {}


def add_catalogs(folder: str, locale: str, name: str, babel_locale: str = DEFAULT) -> None:
    """Make another catalog folder's `locale` a known language (the suite's marking locale); numbers and plurals
    as `babel_locale` writes them."""
    if folder not in _extra_dirs:
        _extra_dirs.insert(0, folder)
    _added[locale] = name
    _babel_of[locale] = babel_locale
    _catalogs.clear()


_babel_of: dict[str, str] = {}


def babel_code(locale: str | None = None) -> str:
    """The code of the Babel locale that writes numbers and dates for `locale` (default: the current language)."""
    code = locale or current()
    return _babel_of.get(code, code)


def babel_locale(locale: str | None = None) -> Locale:
    """The Babel locale that writes numbers, dates and plurals for `locale` (default: the current language)."""
    return Locale.parse(babel_code(locale))


def catalog_dirs() -> list[str]:
    """Where catalogs are looked for, first match wins (Flask-Babel is given the same list)."""
    return [*_extra_dirs, TRANSLATIONS]


def translations(locale: str | None = None) -> NullTranslations:
    """The compiled catalog of `locale` (default: the current language); English is the msgids themselves."""
    code = locale or current()
    key = (code, DOMAIN)
    found = _catalogs.get(key)
    if found is None:
        found = NullTranslations()
        if code != DEFAULT:
            for folder in catalog_dirs():
                loaded = _load(folder, code)
                if loaded is not None:
                    found = loaded
                    break
        _catalogs[key] = found
    return found


def _load(folder: str, code: str) -> Translations | None:
    """The compiled catalog of `code` in `folder`; its .po compiled in memory when the .mo is missing or older
    (a checkout run without `make catalogs` still speaks every language, never English by surprise)."""
    base = os.path.join(folder, code, "LC_MESSAGES", DOMAIN)
    po, mo = base + ".po", base + ".mo"
    if os.path.exists(mo) and (not os.path.exists(po) or os.path.getmtime(mo) >= os.path.getmtime(po)):
        with open(mo, "rb") as f:
            return Translations(f, DOMAIN)
    if not os.path.exists(po):
        return None
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        catalog = read_po(f, locale=code)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, DOMAIN)


def _(message: str, /, **values: Any) -> str:
    """`message` in the current language, with `%(name)s` values put in (gettext)."""
    text = translations().gettext(message)
    return text % values if values else text


gettext = _


def ngettext(singular: str, plural: str, num: int, /, **values: Any) -> str:
    """The singular or plural form for `num` in the current language; `%(num)s` is `num` written in it."""
    text = translations().ngettext(singular, plural, num)
    return text % {"num": number(num), **values}


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """`message` as said in `context` (one English word that two languages say differently by where it stands)."""
    text = translations().pgettext(context, message)
    return text % values if values else text


def N_(message: str) -> str:
    """Mark `message` for the catalogs only: it is kept in English and translated where it is shown."""
    return message


def R_(sentence: str) -> str:
    """Mark a sentence with round slots declared at import ("the %(round)s's score"): said with a variant's
    `words.say`, listed in the catalogs once per round word (scoring/extract.py)."""
    return sentence


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs (a declaration's "%(num)s hand" / "%(num)s hands"); say it later with
    `counted(pair, n)`."""
    return (singular, plural)


def counted(pair: tuple[str, str], num: int, /, **values: Any) -> str:
    """A pair marked with `Nn_` said for `num` in the current language ("1 hand", "3 Hände")."""
    return ngettext(pair[0], pair[1], num, **values)


class Lazy:
    """A text declared once (at import) and shown in the language of the moment it is shown.

    str(), f-strings, `+`, `%`, Jinja's escaping and JSON (through the app's JSON provider) all see the
    translation; `english()` gives the msgid, for what is kept or compared. Hashes and compares by the msgid,
    so a frozen declaration holding one stays hashable and equal in every language.
    """

    __slots__ = ("msgid", "context")

    def __init__(self, msgid: str, context: str | None = None):
        self.msgid = msgid
        self.context = context

    def __str__(self) -> str:
        if self.context:
            return translations().pgettext(self.context, self.msgid)
        return translations().gettext(self.msgid)

    def __html__(self) -> str:
        return str(escape(str(self)))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"L_({self.msgid!r})"

    def __hash__(self) -> int:
        return hash(self.msgid)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Lazy):
            return (self.msgid, self.context) == (other.msgid, other.context)
        if isinstance(other, str):
            return other in (self.msgid, str(self))
        return NotImplemented

    def __bool__(self) -> bool:
        return bool(self.msgid)

    def __len__(self) -> int:
        return len(str(self))

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __mod__(self, values: Any) -> str:
        return str(self) % values

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __getitem__(self, key: Any) -> str:  # label[:1], word[0]: the translation's
        return str(self)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(str(self))

    def __getattr__(self, name: str) -> Any:  # .format(), .capitalize(), .lower(), .split()…: the translation's
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)

    def __reduce__(self):
        return (Lazy, (self.msgid, self.context))


def L_(message: str) -> Lazy:
    """A declaration's text, translated each time it is shown (see `Lazy`)."""
    return Lazy(message)


def lazy_pgettext(context: str, message: str) -> Lazy:
    """A declaration's text in a context, translated each time it is shown."""
    return Lazy(message, context)


def english(text: Any) -> Any:
    """What is kept of a text: a lazy text's English msgid, anything else as it is."""
    return text.msgid if isinstance(text, Lazy) else text


def shown(text: Any) -> str:
    """A text as the current language shows it: a lazy text or a kept English msgid translated, else as it is."""
    if isinstance(text, Lazy):
        return str(text)
    if isinstance(text, str) and text:
        return translations().gettext(text)
    return "" if text is None else str(text)


MINUS = "−"  # U+2212: a real minus sign in what is shown


def number(value: int | float | None) -> str:
    """12345 → '12,345' (English) or '12.345' (German…); negatives with a real minus sign; None → ''. A share of
    tied wins (a float) to two decimals at most with the language's decimal sign: 1.5, or 1,5 in Italian."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, float):
        if babel_code() == "en":
            written = f"{round(abs(value), 2):,}"
        else:
            written = format_decimal(round(abs(value), 2), format="#,##0.##", locale=babel_locale())
        return f"{MINUS}{written}" if value < 0 else written
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    if babel_code() == "en":  # English as Python writes it: no CLDR data loaded for an English table
        written = f"{abs(value):,}"
    else:
        written = format_decimal(abs(value), locale=babel_locale(), group_separator=True)
    return f"{MINUS}{written}" if value < 0 else written


__all__ = ["number", "_", "gettext", "ngettext", "pgettext", "N_", "R_", "Nn_", "counted", "L_", "Lazy", "lazy_pgettext",
           "english", "shown", "current", "using", "set_current", "reset", "offered", "known", "translations",
           "babel_locale", "LANGUAGES", "DEFAULT", "catalog_dirs", "add_catalogs"]
