"""A table's penalty or award for one side in one hand (RULES.md §14), the same in every variant and in a hand
copied from paper: entry fields `adjustment` (a whole multiple of 5, −1,000,000 to 1,000,000) and
`adjustment_reason` (at most 100 characters, required when the adjustment is not 0).

It is added to the side's hand score as the breakdown part `adjustment`, after the variant has scored the hand
(on top of a special hand that is the side's whole score, and never shared with a partner): a variant's own checks
and scoring never see it. A stored entry holds the two fields only when the adjustment is not 0.
"""
from __future__ import annotations

from typing import Any

import lang
from lang import L_

from .base import MAX_NUMBER, FieldError, SideScore
from .names import visible

FIELD = "adjustment"
REASON = "adjustment_reason"
KEYS = frozenset({FIELD, REASON})
PART = FIELD  # its part of a side's breakdown
STEP = 5
REASON_MAX = 100
LABEL = L_("Penalty or award")
REASON_LABEL = L_("Reason for the penalty or award")


def describe() -> list[dict]:
    """The two fields as GET /api/variants lists them after each variant's own: every variant takes them."""
    return [{"name": FIELD, "kind": "adjustment", "label": str(LABEL),
             "help": lang._("Points added to the side's hand score: below 0 a penalty, above 0 an award."),
             "type": "integer", "min": -MAX_NUMBER, "max": MAX_NUMBER, "multiple_of": STEP},
            {"name": REASON, "kind": "text", "label": str(REASON_LABEL),
             "help": lang._("Why, in a few words (e.g. “card exposed”); needed when there is a penalty or award."),
             "type": "string", "max_length": REASON_MAX}]


def read(item: dict, where: str) -> tuple[dict, list[FieldError]]:
    """One posted entry's adjustment: ({"adjustment", "adjustment_reason"} or {} for none, refusals)."""
    value, reason = item.get(FIELD), item.get(REASON)
    value = 0 if value is None else value  # left out or null: none
    errors = []
    n = _points(value, f"{where}.{FIELD}", errors)
    text = _reason(reason, f"{where}.{REASON}", errors)
    if n and not text and not errors:
        errors.append(FieldError(f"{where}.{REASON}", lang._(
            "A penalty or award needs its reason (adjustment_reason): say in at most %(most)s characters why the "
            "side gets %(points)s, e.g. “card exposed”.", most=REASON_MAX, points=lang.signed(n))))
    if text and not n and not errors:  # a reason typed with no points: the table meant something, never dropped
        errors.append(FieldError(f"{where}.{FIELD}", lang._(
            "A reason was given but no points: type the penalty (below 0) or award (above 0), a multiple of 5, or "
            "leave the reason empty.")))
    if errors or not n:
        return {}, errors
    return {FIELD: n, REASON: text}, []


def _points(value: Any, where: str, errors: list[FieldError]) -> int:
    label = lang._("Penalty or award (adjustment)")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or type(value) is not int:
        errors.append(FieldError(where, lang._(
            "%(label)s must be a whole number of points, below 0 for a penalty and above 0 for an award "
            "(e.g. -50 or 100).", label=label)))
        return 0
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        errors.append(FieldError(where, lang._(
            "%(label)s must be from %(low)s to %(high)s (got %(value)s).", label=label, low=lang.number(-MAX_NUMBER),
            high=lang.number(MAX_NUMBER), value=lang.number(value) if abs(value) < 10 ** 15 else "…")))
        return 0
    if value % STEP:
        errors.append(FieldError(where, lang._(
            "%(label)s must be a multiple of 5, as every score is (e.g. -50 or 100): %(value)s is not.", label=label,
            value=lang.number(value))))
        return 0
    return value


def _reason(value: Any, where: str, errors: list[FieldError]) -> str:
    label = lang._("The reason for a penalty or award (adjustment_reason)")
    if value is None:
        return ""
    if not isinstance(value, str):
        errors.append(FieldError(where, lang._("%(label)s must be text of at most %(most)s characters.", label=label,
                                               most=REASON_MAX)))
        return ""
    text = " ".join(visible(value).split())
    if len(text) > REASON_MAX:
        errors.append(FieldError(where, lang._("%(label)s is too long (%(length)s characters; at most %(most)s).",
                                               label=label, length=lang.number(len(text)), most=REASON_MAX)))
        return ""
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) <= 0xDFFF for c in text):
        errors.append(FieldError(where, lang._("%(label)s contains characters that are not text; type words only.",
                                               label=label)))
        return ""
    return text


def _any_has(raw: list) -> bool:
    """Whether any posted entry (a dict) holds an adjustment or its reason."""
    for e in raw:
        if isinstance(e, dict) and (FIELD in e or REASON in e):
            return True
    return False


def _has_field(entries: list[dict]) -> bool:
    """Whether any of a read hand's entries holds an adjustment (asked of every hand more than once)."""
    for e in entries:
        if FIELD in e:
            return True
    return False


def take(payload: Any) -> tuple[Any, list[dict], list[FieldError]]:
    """A posted hand without its adjustments (for the variant's own reading), each entry's adjustment and the
    refusals. A payload that is no hand, or holds no adjustment, is given back as it is."""
    raw = payload.get("entries") if isinstance(payload, dict) else None
    if not isinstance(raw, list) or not _any_has(raw):  # most hands: nothing to take (the engine's budget)
        return payload, [], []
    entries, kept, errors = [], [], []
    for i, item in enumerate(raw):
        if isinstance(item, dict) and item.keys() & KEYS:
            found, errs = read(item, f"entries[{i}]")
            errors += errs
            kept.append(found)
            item = {k: v for k, v in item.items() if k not in KEYS}
        else:
            kept.append({})
        entries.append(item)
    return {**payload, "entries": entries}, kept, errors


def put(entries: list[dict], kept: list[dict]) -> list[dict]:
    """Entries with each side's adjustment back in (only where there is one)."""
    if not any(kept):
        return entries
    return [{**e, **k} if k else e for e, k in zip(entries, kept)]


def without(entries: list[dict]) -> list[dict]:
    """Entries as the variant's own checks and scoring see them: no adjustment (the same list when none has one)."""
    if not _has_field(entries):
        return entries
    return [{k: v for k, v in e.items() if k not in KEYS} if FIELD in e else e for e in entries]


def added(scores: list[SideScore], entries: list[dict]) -> list[SideScore]:
    """The variant's scores with each side's adjustment added as the part `adjustment`."""
    if not _has_field(entries):
        return scores
    for s in scores:
        n = entries[s.side].get(FIELD) if s.side < len(entries) else None
        if n:
            s.breakdown = {**s.breakdown, PART: n}
    return scores
