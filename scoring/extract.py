"""What `make catalogs-update` reads: Babel's own extractors, with each round-word sentence listed once per round word.

A sentence about a variant's rounds is written once in the code with round slots (`words.say("The %(round)s in
play…")`, `said(words, …)` in a template) but said as the variant's whole sentence ("The deal in play…"), so a
language whose words for hand, round and deal differ in gender writes each one right. Here each such call becomes
one catalog entry per round word the registered variants use (a new variant's words get their entries on the next
`make catalogs-update`). Only pybabel imports this module (babel.cfg names it); it lives in scoring/ because the
round words are the variants': lang/ knows no variant.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from babel.messages.extract import extract_python
from jinja2.ext import babel_extract

import lang

from . import VARIANTS
from .shape import fill_round_words

# how each round-word call names its texts: the positions of the sentence (and its plural) among its arguments
SINGLE = {"say": 0, "said": 1, "R_": 0, "say_of": 1}
COUNTED = {"say_n": 0, "said_n": 1}


def round_words() -> list[tuple[str, str]]:
    """The English (round, rounds) of every registered variant, each pair once."""
    pairs = {(lang.english(v.words.round), lang.english(v.words.rounds)) for v in VARIANTS.values()}
    return sorted(pairs)


def _expanded(found: Iterable[tuple[int, str, Any, list[str]]]) -> Iterator[tuple[int, str, Any, list[str]]]:
    for lineno, funcname, messages, comments in found:
        parts = list(messages) if isinstance(messages, (list, tuple)) else [messages]
        if funcname in SINGLE:
            sentence = parts[SINGLE[funcname]] if len(parts) > SINGLE[funcname] else None
            if isinstance(sentence, str):
                for one, many in round_words():
                    yield lineno, "gettext", fill_round_words(sentence, one, many), comments
        elif funcname in COUNTED:
            at = COUNTED[funcname]
            pair = parts[at:at + 2]
            if len(pair) == 2 and all(isinstance(p, str) for p in pair):
                for one, many in round_words():
                    yield lineno, "ngettext", tuple(fill_round_words(p, one, many) for p in pair), comments
        else:
            yield lineno, funcname, messages, comments


def python(fileobj, keywords, comment_tags, options):
    """Babel's Python extractor, with round-word sentences once per round word."""
    return _expanded(extract_python(fileobj, keywords, comment_tags, options))


def jinja2(fileobj, keywords, comment_tags, options):
    """Jinja's extractor, with round-word sentences once per round word."""
    return _expanded(babel_extract(fileobj, keywords, comment_tags, options))
