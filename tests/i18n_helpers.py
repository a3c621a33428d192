"""The marking locale: every text the code marks for gettext, "translated" to ⟦itself⟧, so a page drawn in it shows
at a glance (and to a test) which of its words went through gettext and which did not.

The catalog is made at test time from the code itself, by the same extraction as `make catalogs-update`
(babel.cfg's method map, the Makefile's keywords), so a text marked today is in it without anyone running
the make target. It is registered with `lang` as locale "eo" (a code Babel knows, that Meldbook does not offer),
writing numbers and plurals as English does.
"""
from __future__ import annotations

import os
import re
import unicodedata
from functools import lru_cache

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo

import lang

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKED = "eo"
OPEN, CLOSE = "⟦", "⟧"
# pybabel's default keywords (_, gettext, ngettext, pgettext, N_, …) plus the Makefile's -k (KEYWORDS there)
KEYWORDS = ("L_", "N_", "Nn_:1,2", "lazy_pgettext:1c,2", "say", "say_n", "said", "said_n", "say_of", "R_")
PLACEHOLDER = re.compile(r"%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[sdifgrx]|%%")
TAG = re.compile(r"</?[a-zA-Z][^<>]*>")


def keywords() -> dict:
    """The extraction keywords of `make catalogs-update` (pybabel's defaults plus the Makefile's -k)."""
    return {**DEFAULT_KEYWORDS, **parse_keywords(list(KEYWORDS))}


def method_map() -> tuple[list, dict]:
    """babel.cfg's method map and options, as `pybabel extract -F babel.cfg` reads them."""
    with open(os.path.join(ROOT, "babel.cfg"), encoding="utf-8") as cfg:
        return parse_mapping_cfg(cfg, filename="babel.cfg")


@lru_cache(maxsize=1)
def extracted() -> Catalog:
    """Every marked text of the current code and templates, as `make catalogs-update` would write the .pot."""
    methods, options = method_map()
    catalog = Catalog(project="Meldbook", locale=None)
    for filename, lineno, message, comments, context in extract_from_dir(ROOT, methods, options, keywords()):
        if filename.startswith((".venv", "tests", "translations")):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def mark(text: str) -> str:
    """A msgid as the marking locale says it: whole, inside ⟦…⟧ (placeholders and HTML tags left working)."""
    return f"{OPEN}{text}{CLOSE}"


def marking_catalog() -> Catalog:
    """The extracted catalog with each msgid (and each plural form) translated to ⟦itself⟧."""
    marked = Catalog(project="Meldbook", locale=Locale.parse("en"), fuzzy=False)
    for message in extracted():
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            one, many = message.id[0], message.id[1]
            marked.add((one, many), (mark(one), mark(many)), context=message.context)
        else:
            marked.add(message.id, mark(message.id), context=message.context)
    return marked


def install_marking_locale(folder: str) -> str:
    """Write the marking catalog under `folder` as locale "eo" and make `lang` (and so the app) speak it."""
    target = os.path.join(folder, MARKED, "LC_MESSAGES")
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, f"{lang.DOMAIN}.mo"), "wb") as mo:
        write_mo(mo, marking_catalog())
    lang.add_catalogs(folder, MARKED, "⟦Marked⟧", "en")  # its name in the menu is marked too
    return MARKED


LANGUAGE_NAMES = tuple(lang.LANGUAGES.values())  # the menu says each language in itself, by design
BRAND = ("Meldbook",)  # the app's own name is the same in every language


@lru_cache(maxsize=1)
def babel_words() -> frozenset[str]:
    """Month, day and AM/PM names as Babel writes dates in the marking locale (English): localised by Babel, not
    by gettext, so they are the locale's own words."""
    words = {"AM", "PM", "am", "pm"}
    for code in ("en", MARKED):  # lang writes numbers as English; Flask-Babel's dates follow the locale itself
        babel = Locale.parse(code)
        for width in ("wide", "abbreviated"):
            for kind in ("format", "stand-alone"):
                words.update(babel.months[kind][width].values())
                words.update(babel.days[kind][width].values())
    return frozenset(w for w in words if isinstance(w, str))


def has_letters(text: str) -> bool:
    return any(unicodedata.category(ch).startswith("L") for ch in text)


def unmarked(text: str) -> tuple[list[str], bool]:
    """The parts of `text` outside ⟦…⟧ (nested marks allowed), and whether the marks balance."""
    outside, depth, part = [], 0, []
    balanced = True
    for ch in text:
        if ch == OPEN:
            if depth == 0 and part:
                outside.append("".join(part))
                part = []
            depth += 1
        elif ch == CLOSE:
            if depth == 0:
                balanced = False
            else:
                depth -= 1
        elif depth == 0:
            part.append(ch)
    if part:
        outside.append("".join(part))
    return outside, balanced and depth == 0


def marked_spans(text: str) -> list[str]:
    """The outermost ⟦…⟧ spans of `text`, without their own marks."""
    spans, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == OPEN:
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == CLOSE and depth:
            depth -= 1
            if depth == 0:
                spans.append(text[start:i])
    return spans


def _squash(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=1)
def templates() -> tuple[tuple[str, re.Pattern], ...]:
    """Each msgid (and plural form) with placeholders, as a pattern of its shown text that captures their values:
    so a marked sentence's values can be checked too (a variant's word put in unmarked would hide inside)."""
    found = []
    for message in extracted():
        for text in (message.id if isinstance(message.id, (list, tuple)) else (message.id,)):
            if not text or not PLACEHOLDER.search(text):
                continue
            shown = _squash(TAG.sub("", text).replace("&amp;", "&").replace("&nbsp;", " "))
            pieces, last = [], 0
            for m in PLACEHOLDER.finditer(shown):
                pieces.append(re.escape(shown[last:m.start()]))
                pieces.append("%" if m.group(0) == "%%" else "(.+?)")
                last = m.end()
            pieces.append(re.escape(shown[last:]))
            literal = PLACEHOLDER.sub("", shown)
            if not has_letters(literal):
                continue  # "%(round)s %(n)s" would split any text anywhere: only sentences with words of their own
            pattern = re.sub(r"(?:\\ )+", r"\\s+", "".join(pieces))
            found.append((len(literal), text, re.compile(pattern + r"\Z", re.S)))
    return tuple((text, pattern) for _size, text, pattern in sorted(found, key=lambda f: -f[0]))


class Checker:
    """What may stand outside the marks: names typed in the test, numbers, punctuation, the language menu."""

    def __init__(self, names=()):
        self.names = set()
        self.add(*names)

    def add(self, *names: str) -> None:
        self.names.update(n for n in names if n and has_letters(n))

    def allowed(self, fragment: str) -> bool:
        """Whether a piece of text outside the marks is a name, a number, punctuation or a Babel date word."""
        text = fragment.strip()
        if not has_letters(text) or text in LANGUAGE_NAMES:
            return True
        text = re.sub(r"https?://\S+|\b[\w.-]+\.(?:sqlite|pdf|csv|svg)\b", " ", text)  # an address shown to type
        for name in sorted(self.names | set(BRAND), key=len, reverse=True):
            text = text.replace(name, " ")
        rest = re.findall(r"[^\W\d_]+", text)
        return all(word in babel_words() for word in rest)

    def leftovers(self, text: str) -> list[str]:
        """Every piece of `text` a person would read that is not marked and not allowed (an untranslated text)."""
        outside, balanced = unmarked(text)
        bad = [_squash(part) for piece in outside for part in piece.split("\n") if not self.allowed(part)]
        if not balanced:
            bad.append(f"(unbalanced ⟦⟧ marks in {_squash(text)[:160]!r})")
        for span in marked_spans(text):
            bad.extend(self._values(span))
        return [b for b in bad if b]

    def _values(self, span: str) -> list[str]:
        """The unmarked words put into a marked sentence's placeholders (found by matching the msgids' patterns:
        a span that is a whole msgid, or that any msgid reads with clean values, is fine)."""
        inner = _squash(span)
        if inner in plain_msgids():
            return []
        first = None
        for msgid, pattern in templates():
            hit = pattern.match(inner)
            if hit and all(unmarked(value)[1] for value in hit.groups()):
                bad = [f"{v} (in ⟦{msgid}⟧)" for value in hit.groups() for v in self.leftovers(value)]
                if not bad:
                    return []
                first = first or bad
        if first:
            return first
        return [piece for sub in marked_spans(span) for piece in self._values(sub)]


@lru_cache(maxsize=1)
def plain_msgids() -> frozenset[str]:
    """Every msgid without placeholders, as a page shows it (tags out, spaces squashed)."""
    return frozenset(_squash(TAG.sub("", text).replace("&amp;", "&").replace("&nbsp;", " "))
                     for message in extracted()
                     for text in (message.id if isinstance(message.id, (list, tuple)) else (message.id,))
                     if text and not PLACEHOLDER.search(text))
