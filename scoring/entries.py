"""Reading one hand's entries as posted (JSON-like data) into whole numbers and flags."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .base import MAX_NUMBER, Field, FieldError


def whole_number(value: Any, where: str, label: str) -> tuple[int | None, FieldError | None]:
    """A count as posted: a whole number from 0 up; anything else is a FieldError."""
    if type(value) is int and 0 <= value <= MAX_NUMBER:  # nearly every value: answer before the checks
        return value, None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        kind = "true/false" if isinstance(value, bool) else "empty" if value is None else type(value).__name__
        what = {"str": "text", "list": "a list", "dict": "an object"}.get(kind, kind)
        return None, FieldError(where, f"{label} must be a whole number, not {what}.")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            return None, FieldError(where, f"{label} must be a whole number (no fractions): {value!r} is not.")
        value = int(value)
    if value < 0:
        return None, FieldError(where, f"{label} cannot be negative (got {value}).")
    if value > MAX_NUMBER:
        shown = f": {value:,}" if value < 10 ** 15 else ""  # a number of hundreds of digits is not echoed back
        return None, FieldError(where, f"{label} is too large{shown} (at most {MAX_NUMBER:,}).")
    return value, None


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
                errors.append(FieldError(f"{where}.{key}", f"{label}: '{key}' is not a card value here. Use {names}."))
                continue
            n, err = whole_number(count, f"{where}.{key}", f"{label}: number of {key}")
            if err:
                errors.append(err)
            else:
                points += n * card_values[key]
        if errors:
            return None, errors
        if points > MAX_NUMBER:
            return None, [FieldError(where, f"{label} adds up to {points:,} points, which is too large.")]
        return points, []
    n, err = whole_number(value, where, label)
    if err:
        return None, [err]
    if n % 5:
        return None, [FieldError(where, f"{label} must be a multiple of 5 (every card counts 5, 10, 15, 20 or 50): {n} is not.")]
    return n, []


HAND_KEYS = frozenset({"entries", "revision"})


def parse_entries(payload: Any, fields: tuple[Field, ...], card_values: dict[str, int], sides: int,
                  variant_name: str) -> tuple[list[dict], list[FieldError]]:
    """Check the shape of a posted hand and read every value; card points become points."""
    if not isinstance(payload, dict):
        return [], [FieldError(None, "A hand must be a JSON object with an 'entries' list.")]
    if payload.keys() - HAND_KEYS:
        unknown = sorted(payload.keys() - HAND_KEYS)
        return [], [FieldError(k, f"'{k}' is not part of a hand; send only 'entries'.") for k in unknown]
    raw = payload.get("entries")
    if not isinstance(raw, list):
        return [], [FieldError("entries", "entries must be a list with one entry per side.")]
    if len(raw) != sides:
        return [], [FieldError("entries", f"This game has {sides} sides, so a hand needs {sides} entries (got {len(raw)}).")]
    layout = _layout(fields)
    blank, by_name, counts, points, flags = layout.blank, layout.by_name, layout.counts, layout.points, layout.flags
    entries, errors = [], []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            errors.append(FieldError(f"entries[{i}]", f"Entry {i + 1} must be an object of field values."))
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
            if kind is dict and key in points:
                n = _counted(value, card_values)
                if n is not None:
                    entry[key] = n
                    continue
            del entry[key]  # read again below, or refused
            if key in blank:
                entry[key] = blank[key]
            f = by_name.get(key)
            at = f"entries[{i}].{key}"
            if f is None:
                errors.append(FieldError(at, f"'{key}' is not a field of a {variant_name} hand. "
                                             f"Fields are: {', '.join(by_name)}."))
            elif f.kind == "flag":
                if isinstance(value, bool):
                    entry[key] = value
                else:
                    errors.append(FieldError(at, f"{f.label} must be true or false."))
            elif f.kind == "points":
                n, errs = card_points(value, at, f.label, card_values)
                errors.extend(errs)
                if n is not None:
                    entry[key] = n
            else:
                n, err = whole_number(value, at, f.label)
                if err:
                    errors.append(err)
                else:
                    entry[key] = n
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


_LAYOUTS: dict[int, tuple] = {}


def points_fields(fields: tuple[Field, ...]) -> tuple[str, ...]:
    """The names of the card-points fields, in field order."""
    return _layout(fields).points_order


def _layout(fields: tuple[Field, ...]) -> _Layout:
    """What parsing needs to know of a variant's fields, worked out once per variant."""
    found = _LAYOUTS.get(id(fields))
    if found is None or found[0] is not fields:
        names = {kind: frozenset(f.name for f in fields if f.kind == kind) for kind in ("count", "points", "flag")}
        found = _LAYOUTS[id(fields)] = (fields, _Layout(
            blank={f.name: False if f.kind == "flag" else 0 for f in fields}, by_name={f.name: f for f in fields},
            counts=names["count"], points=names["points"], flags=names["flag"],
            points_order=tuple(f.name for f in fields if f.kind == "points")))
    return found[1]
