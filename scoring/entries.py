"""Reading one hand's entries as posted (JSON-like data) into whole numbers and flags."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import lang

from .base import MAX_NUMBER, Field, FieldError


def whole_number(value: Any, where: str, label: str) -> tuple[int | None, FieldError | None]:
    """A count as posted: a whole number from 0 up; anything else is a FieldError."""
    if type(value) is int and 0 <= value <= MAX_NUMBER:  # nearly every value: answer before the checks
        return value, None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None, FieldError(where, not_whole(value, label))
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            return None, FieldError(where, lang._("%(label)s must be a whole number (no fractions): %(value)s is not.",
                                                  label=label, value=repr(value)))
        value = int(value)
    if value < 0:
        return None, FieldError(where, lang._("%(label)s cannot be negative (got %(value)s).", label=label,
                                              value=value))
    if value > MAX_NUMBER:
        most = lang.number(MAX_NUMBER)
        if value < 10 ** 15:  # a number of hundreds of digits is not echoed back
            return None, FieldError(where, lang._("%(label)s is too large: %(value)s (at most %(most)s).", label=label,
                                                  value=lang.number(value), most=most))
        return None, FieldError(where, lang._("%(label)s is too large (at most %(most)s).", label=label, most=most))
    return value, None


def not_whole(value: Any, label: Any) -> str:
    """'… must be a whole number, not text.' for a value that is no number at all (text, a list, true/false…)."""
    if isinstance(value, bool):
        return lang._("%(label)s must be a whole number, not true/false.", label=label)
    if value is None:
        return lang._("%(label)s must be a whole number, not empty.", label=label)
    if isinstance(value, str):
        return lang._("%(label)s must be a whole number, not text.", label=label)
    if isinstance(value, list):
        return lang._("%(label)s must be a whole number, not a list.", label=label)
    if isinstance(value, dict):
        return lang._("%(label)s must be a whole number, not an object.", label=label)
    return lang._("%(label)s must be a whole number, not %(kind)s.", label=label, kind=type(value).__name__)


def _counted(value: dict, card_values: dict[str, int]) -> int | None:
    """The points of card counts in their usual form (known cards, plain counts), else None."""
    points = 0
    for key, count in value.items():
        if key not in card_values or type(count) is not int or not 0 <= count <= MAX_NUMBER:
            return None
        points += count * card_values[key]
    return points if points <= MAX_NUMBER else None


def card_points(value: Any, where: str, label: str, card_values: dict[str, int]) -> tuple[int | None, list[FieldError]]:
    """Card points as posted: a multiple of 5, or card counts by value converted to points."""
    if isinstance(value, dict):
        points = _counted(value, card_values)
        if points is not None:
            return points, []
        errors, points = [], 0
        for key, count in value.items():
            if key not in card_values:
                names = ", ".join(card_values)
                errors.append(FieldError(f"{where}.{key}", lang._("%(label)s: '%(key)s' is not a card value here. Use "
                                                                   "%(names)s.", label=label, key=key, names=names)))
                continue
            if type(count) is int and 0 <= count <= MAX_NUMBER:  # nearly every count: no words needed
                n, err = count, None
            else:
                n, err = whole_number(count, f"{where}.{key}", lang._("%(label)s: number of %(key)s", label=label,
                                                                      key=key))
            if err:
                errors.append(err)
            else:
                points += n * card_values[key]
        if errors:
            return None, errors
        if points > MAX_NUMBER:
            return None, [FieldError(where, lang._("%(label)s adds up to %(points)s points, which is too large.",
                                                   label=label, points=lang.number(points)))]
        return points, []
    n, err = whole_number(value, where, label)
    if err:
        return None, [err]
    if n % 5:
        return None, [FieldError(where, lang._("%(label)s must be a multiple of 5 (every card counts 5, 10, 15, 20 or 50): "
                                               "%(value)s is not.", label=label, value=n))]
    return n, []


HAND_KEYS = frozenset({"entries", "revision"})


def parse_entries(payload: Any, fields: tuple[Field, ...], card_values: dict[str, int], sides: int,
                  variant_name: str, counted: list | None = None) -> tuple[list[dict], list[FieldError]]:
    """Check the shape of a posted hand and read every value; card points become points (and, given a `counted` list,
    each card count by value read is added to it as (side, field, counts), for the pack's limits)."""
    if not isinstance(payload, dict):
        return [], [FieldError(None, lang._("A hand must be a JSON object with an 'entries' list."))]
    if payload.keys() - HAND_KEYS:
        unknown = sorted(payload.keys() - HAND_KEYS)
        return [], [FieldError(k, lang._("'%(key)s' is not part of a hand; send only 'entries'.", key=k)) for k in unknown]
    raw = payload.get("entries")
    if not isinstance(raw, list):
        return [], [FieldError("entries", lang._("entries must be a list with one entry per side."))]
    if len(raw) != sides:
        return [], [FieldError("entries", lang._("This game has %(sides)s sides, so a hand needs %(sides)s entries "
                                                 "(got %(got)s).", sides=sides, got=len(raw)))]
    layout = _layout(fields)
    blank, by_name, counts, points, flags = layout.blank, layout.by_name, layout.counts, layout.points, layout.flags
    choices = layout.choices
    entries, errors = [], []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            errors.append(FieldError(f"entries[{i}]", lang._("Entry %(n)s must be an object of field values.", n=i + 1)))
            entries.append({})
            continue
        entry: dict = {**blank, **item}  # values checked below; the usual ones need no change
        for key, value in item.items():
            kind = type(value)
            # the usual values, answered before the checks below: every hand of every game passes here
            if kind is int and 0 <= value <= MAX_NUMBER and (key in counts or (key in points and value % 5 == 0)):
                continue
            if kind is bool and key in flags:
                continue
            if key in choices and (value is None or (kind is str and value in choices[key])):
                continue
            if kind is dict and key in points:
                n = _counted(value, card_values)
                if n is not None:
                    entry[key] = n
                    if counted is not None:
                        counted.append((i, key, value))
                    continue
            del entry[key]  # read again below, or refused
            if key in blank:
                entry[key] = blank[key]
            f = by_name.get(key)
            at = f"entries[{i}].{key}"
            if f is None:
                errors.append(FieldError(at, lang._("'%(key)s' is not a field of a %(variant)s hand. Fields are: %(fields)s.",
                                                     key=key, variant=variant_name, fields=", ".join(by_name))))
            else:  # read by its kind (scoring/kinds/fields.py)
                n, errs = f.kind_of.read(f, value, at, card_values)
                errors.extend(errs)
                if not errs:
                    entry[key] = n
                    if counted is not None and kind is dict and f.kind_of.by_cards:  # counts given as 2.0 and the like
                        counted.append((i, key, {card: int(c) for card, c in value.items()}))
        entries.append(entry)
    return entries, errors


def stored_reader(fields: tuple[Field, ...], card_values: dict[str, int]) -> Callable[[list[dict]], tuple]:
    """A reader of stored hands (checked when they were recorded): entries -> (as given, blanks
    filled; as numbers, card counts turned into points)."""
    layout = _layout(fields)
    blank, points_fields = layout.blank, layout.points_order
    size = len(blank)

    def read(entries: list[dict]) -> tuple[list[dict], list[dict]]:
        given, numbers = [], []
        for entry in entries:
            as_given = entry if len(entry) == size else {**blank, **entry}
            as_numbers = as_given
            for name in points_fields:
                value = as_given[name]
                if type(value) is dict:  # card counts (the card counter's answer): kept as counted, scored as points
                    if as_numbers is as_given:
                        as_numbers = dict(as_given)
                    total = 0
                    for card, n in value.items():
                        total += n * card_values[card]
                    as_numbers[name] = total
            given.append(as_given)
            numbers.append(as_numbers)
        return given, numbers

    return read


@dataclass(frozen=True)
class _Layout:
    blank: dict  # every field's value when left out
    by_name: dict  # name → Field
    counts: frozenset
    points: frozenset
    flags: frozenset
    points_order: tuple
    choices: dict  # a choice field's name → its ids


_LAYOUTS: dict[int, tuple] = {}


def points_fields(fields: tuple[Field, ...]) -> tuple[str, ...]:
    """The names of the card-points fields, in field order."""
    return _layout(fields).points_order


def _layout(fields: tuple[Field, ...]) -> _Layout:
    """What parsing needs to know of a variant's fields, worked out once per variant."""
    found = _LAYOUTS.get(id(fields))
    if found is None or found[0] is not fields:
        def named(has) -> frozenset:
            return frozenset(f.name for f in fields if has(f.kind_of))
        found = _LAYOUTS[id(fields)] = (fields, _Layout(
            blank={f.name: f.kind_of.blank for f in fields}, by_name={f.name: f for f in fields},
            counts=named(lambda k: k.whole), points=named(lambda k: k.by_cards), flags=named(lambda k: k.ticked),
            points_order=tuple(f.name for f in fields if f.kind_of.by_cards),
            choices={f.name: frozenset(c for c, _ in f.choices) for f in fields if f.kind_of.picked}))
    return found[1]
