"""A hand copied from paper (API.md, "A hand copied from paper"): each side's hand score as written on a score slip.

Instead of its fields, every entry of such a hand is just `{"total": -45}`: a whole multiple of 5 within
±1,000,000. It is checked for nothing else (the slip was added up at the table), its breakdown has the single
part `paper`, and it counts for totals, minimums, the end of the game, standings and ratings like any other hand.
All entries of one hand are totals, or none is. A side's penalty or award (scoring/adjustment.py) may stand beside
its total: the slip's score stays as written, the adjustment is added on top with its reason.
"""
from __future__ import annotations

from typing import Any

import lang

from . import adjustment
from .base import MAX_NUMBER, FieldError, SideScore

PART = "paper"  # the one part of a paper hand's breakdown
LABEL = lang.L_("Score copied from paper")  # that part, as the pages and sheets name it
KEY = "total"  # the one key of a paper entry, besides a penalty or award
KEYS = frozenset({KEY}) | adjustment.KEYS


def is_paper(payload: Any) -> bool:
    """Whether a posted hand means to be copied from paper: any of its entries gives a total."""
    entries = payload.get("entries") if isinstance(payload, dict) else None
    if not isinstance(entries, list):
        return False
    for e in entries:  # a plain loop: every hand posted is asked this first
        if isinstance(e, dict) and KEY in e:
            return True
    return False


def is_paper_entries(entries: list) -> bool:
    """Whether a stored hand's entries are totals copied from paper."""
    if not entries or type(entries[0]) is not dict or KEY not in entries[0]:  # most hands: at once
        return False
    return all(type(e) is dict and KEY in e and e.keys() <= KEYS for e in entries)


def parse(payload: dict, sides: int) -> tuple[list[dict], list[FieldError]]:
    """Read a hand copied from paper: one `{"total": n}` per side, n whole, a multiple of 5, within ±1,000,000."""
    unknown = sorted(set(payload) - {"entries", "revision"})
    if unknown:
        return [], [FieldError(k, lang._("'%(key)s' is not part of a hand; send only 'entries'.", key=k))
                    for k in unknown]
    raw = payload["entries"]
    if len(raw) != sides:
        return [], [FieldError("entries", lang._("This game has %(sides)s sides, so a hand needs %(sides)s entries "
                                                 "(got %(got)s).", sides=sides, got=len(raw)))]
    entries, errors = [], []
    for i, item in enumerate(raw):
        where = f"entries[{i}]"
        if not isinstance(item, dict) or KEY not in item:
            errors.append(FieldError(where, lang._(
                "Entry %(n)s gives no total: a hand copied from paper gives every side just its total "
                "(e.g. {\"total\": -45}), and a hand of fields gives no totals.", n=i + 1)))
            continue
        for key in sorted(set(item) - KEYS):
            errors.append(FieldError(f"{where}.{key}", lang._(
                "'%(key)s' cannot go with a total: a hand copied from paper gives every side just its total.",
                key=key)))
        total, error = _total(item[KEY], f"{where}.{KEY}", i)
        kept, refused = adjustment.read(item, where)
        errors += [error] if error else []
        errors += refused
        if not error:
            entries.append({KEY: total, **kept})
    return entries, errors


def row_errors(totals: list, where: str, names: list[str] | None = None, words: Any = None,
               number: int | None = None) -> list[FieldError]:
    """The refusals of one row of a slip (each side's total as read from the form), fields named under `where`;
    with the sides' `names`, the variant's `words` and the row's `number`, each in a whole sentence of the page's
    language naming the side and its hand ("Maria & Nino's score in deal 2 must be a multiple of 5…")."""
    found = []
    for i, value in enumerate(totals):
        if value is None:
            continue
        error = _total(value, f"{where}.entries[{i}].{KEY}", i)[1]
        if error and names is not None and words is not None and number is not None:
            error = FieldError(error.field, _said(value, names[i], words, number))
        if error:
            found.append(error)
    return found


def _said(value: Any, name: str, words: Any, number: int) -> str:
    """What is wrong with a side's total on the slip, as a whole sentence naming the side and the hand."""
    n = lang.number(number)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not float(value).is_integer():
        return words.say("%(side)s's score in %(round)s %(n)s must be a whole number (e.g. -45 or 1230).",
                         side=name, n=n)
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        return words.say("%(side)s's score in %(round)s %(n)s must be from %(low)s to %(high)s (got %(value)s).",
                         side=name, n=n, low=lang.number(-MAX_NUMBER), high=lang.number(MAX_NUMBER),
                         value=lang.number(int(value)) if abs(value) < 10 ** 15 else "…")
    return words.say("%(side)s's score in %(round)s %(n)s must be a multiple of 5 (every card counts 5 or more): "
                     "%(value)s is not.", side=name, n=n, value=lang.number(int(value)))


def _total(value: Any, where: str, i: int, name: str | None = None) -> tuple[int, FieldError | None]:
    label = lang._("%(side)s's hand score", side=name) if name else lang._("Side %(n)s's hand score", n=i + 1)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or type(value) is not int:
        return 0, FieldError(where, lang._("%(label)s must be a whole number (e.g. -45 or 1230).", label=label))
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        return 0, FieldError(where, lang._("%(label)s must be from %(low)s to %(high)s (got %(value)s).", label=label,
                                           low=lang.number(-MAX_NUMBER), high=lang.number(MAX_NUMBER),
                                           value=lang.number(value) if abs(value) < 10 ** 15 else "…"))
    if value % 5:
        return 0, FieldError(where, lang._("%(label)s must be a multiple of 5 (every card counts 5 or more): %(value)s "
                                           "is not.", label=label, value=lang.number(value)))
    return value, None


def scores(entries: list[dict]) -> list[SideScore]:
    """Each side's score of a paper hand: its total, as one part."""
    return adjustment.added([SideScore(i, {PART: e[KEY]}) for i, e in enumerate(entries)], entries)
