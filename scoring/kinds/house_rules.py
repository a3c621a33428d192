"""The kinds of house rule a table may change when it starts a game: a number, a yes/no, tiers, a list, counts…

Each kind owns how a table's value is checked (with its refusals' words), its OpenAPI schema, how the new-game
form's boxes are read (through the form's `Typed` reader, below) and filled again, and which boxes the form draws."""
from __future__ import annotations

import json
from typing import Any, Protocol

import lang

from ..base import MAX_NUMBER, FieldError, listed
from ..entries import whole_number
from . import rule_kind

LIST_MAX = 100  # numbers in a "list" rule: far more than any table plays rounds with their own minimum
TIERS_MAX = 10
INT = {"type": "integer"}
NOT_GIVEN = object()  # from_form's answer for a rule the form leaves at its default


class Typed(Protocol):
    """What the new-game form gives a kind to read its boxes with (web/forms/house_rules_form.py)."""

    def get(self, name: str, default: Any = None) -> Any: ...  # a box's text as posted
    def has(self, name: str) -> bool: ...  # whether the form drew this box
    def number(self, text: Any, name: str, label: Any) -> Any: ...  # a typed number, or what refuses it
    def capital(self, words: Any) -> str: ...
    def rows(self, name: str) -> list[tuple[str, str]]: ...  # a table's rows ([t].at, [t].min), blank rows left out
    def boxes(self, name: str) -> list[str] | None: ...  # a list's boxes ([k]), None without any


class RuleKind:
    """One kind of house rule. Subclass it, name it, and register it with `rule_kind`.

    The new-game form draws it by the first of these that holds: `by_part` (a box per key of its default, `blank_off`:
    an empty one switches that key off), `boxes` (a box per number), `rows` (a table of rows, `open_first_row`: the
    first without a "from"), `picked` (one of its words), `ticked` (a tick); else one number box."""

    name = ""
    by_part = boxes = rows = open_first_row = picked = ticked = blank_off = False
    numeric = False  # one number: a refusal says null switches it off, where the rule may be

    def read(self, rule, value: Any, where: str, label: str) -> tuple[Any, FieldError | None]:
        """A table's value for the rule: (the value to keep, None) or (None, the refusal). `label` names the rule."""
        n, err = rule._number(value, where, label)
        if err and rule.off:
            err = FieldError(where, lang._("%(refusal)s Or null: %(off)s.", refusal=err.message, off=rule.off))
        return n, err

    def schema(self, rule, number: dict) -> dict:
        """The rule's value in the OpenAPI document (`number`: one of its numbers' schema)."""
        return number

    def from_form(self, rule, typed: Typed, name: str) -> Any:
        """The rule's value as the new-game form's boxes hold it, or NOT_GIVEN (its default applies)."""
        text = typed.get(name, "")
        return typed.number(text, name, rule.label) if text.strip() else NOT_GIVEN

    def form_values(self, rule, name: str, value: Any) -> dict[str, str]:
        """A stored value as the new-game form's boxes hold it."""
        return {name: str(value)}

    def said(self, rule, value: Any) -> str:
        """A value of the rule in words, for the forms, the rules card and the sheets ("1 clean, 1 dirty")."""
        return lang.number(value)


@rule_kind
class Count(RuleKind):
    """How many: a whole number."""

    name, numeric = "count", True


@rule_kind
class Points(RuleKind):
    """Points: a whole number, a multiple of the rule's step."""

    name, numeric = "points", True


@rule_kind
class Flag(RuleKind):
    """Yes or no."""

    name, ticked = "flag", True

    def said(self, rule, value):
        return lang._("yes") if value else lang._("no")

    def read(self, rule, value, where, label):
        if isinstance(value, bool):
            return value, None
        return None, FieldError(where, lang._("%(label)s must be true or false.", label=label))

    def schema(self, rule, number):
        return {"type": "boolean"}

    def from_form(self, rule, typed, name):
        return typed.get(name) == "on"  # the form always shows every house rule

    def form_values(self, rule, name, value):
        return {name: "on"} if value else {}


@rule_kind
class Choice(RuleKind):
    """One of the ids its `words` name ("no_meld" or "no_canasta")."""

    name, picked = "choice", True

    def said(self, rule, value):
        return lang.shown(rule.key_word(value))

    def read(self, rule, value, where, label):
        ids = [key for key, _ in rule.words]
        if isinstance(value, str) and value in ids:
            return value, None
        return None, FieldError(where, lang._("%(label)s must be one of %(choices)s.", label=label,
                                              choices=listed([json.dumps(k) for k in ids], "or")))

    def schema(self, rule, number):
        return {"type": "string", "enum": [key for key, _ in rule.words]}

    def from_form(self, rule, typed, name):
        return typed.get(name) or NOT_GIVEN  # none ticked (a form of before the rule): the default applies


@rule_kind
class Tiers(RuleKind):
    """[[score reached, minimum], …]."""

    name, rows = "tiers", True

    def said(self, rule, value):
        return " · ".join(lang._("from %(score)s: %(points)s", score=lang.number(a), points=lang.number(b))
                          for a, b in value) or lang._("none")

    def read(self, rule, value, where, label):
        msg = lang._("Meld-minimum tiers must be a list of [score reached, minimum] pairs, e.g. [[15000, 90], "
                     "[30000, 120]].")
        if not isinstance(value, list) or len(value) > TIERS_MAX:
            return None, FieldError(where, msg)
        tiers = []
        for pair in value:
            if not (isinstance(pair, list) and len(pair) == 2):
                return None, FieldError(where, msg)
            a, err_a = whole_number(pair[0], where, lang._("A tier's score"))
            b, err_b = whole_number(pair[1], where, lang._("A tier's minimum"))
            if err_a or err_b:
                return None, err_a or err_b
            tiers.append([a, b])
        return sorted(tiers), None

    def schema(self, rule, number):
        return {"type": "array", "maxItems": TIERS_MAX, "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                                                  "items": INT}}

    def from_form(self, rule, typed, name):
        return [[typed.number(at, name, rule.label), typed.number(minimum, name, rule.label)]
                for at, minimum in typed.rows(name)]

    def form_values(self, rule, name, value):
        values = {}
        for t, (at, minimum) in enumerate(value):
            values.update({f"{name}[{t}].at": "" if at is None else str(at), f"{name}[{t}].min": str(minimum)})
        return values


@rule_kind
class ByScore(Tiers):
    """A minimum by score: [[null, 125], [3000, 155], …], the first row for every score below the next."""

    name, open_first_row = "by_score", True

    def said(self, rule, value):
        num = lang.number
        return " · ".join(lang._("below %(score)s: %(points)s", score=num(value[1][0]), points=num(b)) if a is None
                          and len(value) > 1 else lang._("from %(score)s: %(points)s", score=num(a), points=num(b))
                          if a is not None else num(b) for a, b in value)

    def read(self, rule, value, where, label):
        example = json.dumps(rule.default)
        msg = lang._("%(label)s must be a list of [from, minimum] rows, the first from null (every score below the next "
                     "row), the others rising, e.g. %(example)s.", label=label, example=example)
        if not isinstance(value, list) or not 1 <= len(value) <= TIERS_MAX:
            return None, FieldError(where, msg)
        rows: list[list] = []
        for i, row in enumerate(value):
            at = f"{where}[{i}]"
            if not (isinstance(row, list) and len(row) == 2) or (row[0] is None) != (i == 0):
                return None, FieldError(at, msg)
            low = None
            if i:
                if isinstance(row[0], (int, float)) and not isinstance(row[0], bool) and row[0] < 0:
                    n, err = rule._number(-row[0], at, lang._("%(label)s, row %(n)s: from", label=label, n=i + 1))
                    low = None if err else -n
                else:
                    low, err = rule._number(row[0], at, lang._("%(label)s, row %(n)s: from", label=label, n=i + 1))
                if err:
                    return None, err
                if i > 1 and low <= rows[-1][0]:
                    return None, FieldError(at, msg)
            least, err = rule._number(row[1], at, lang._("%(label)s, row %(n)s: minimum", label=label, n=i + 1))
            if err:
                return None, err
            rows.append([low, least])
        return rows, None

    def schema(self, rule, number):  # [[null, minimum], [from, minimum], …]
        return {"type": "array", "minItems": 1, "maxItems": TIERS_MAX,
                "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": ["integer", "null"]}}}

    def from_form(self, rule, typed, name):  # the first row has no "from": every score below the next row
        rows = typed.rows(name)
        if not rows:
            return NOT_GIVEN
        return [[None if k == 0 and not at else typed.number(at, name, rule.label),
                 typed.number(minimum, name, rule.label)] for k, (at, minimum) in enumerate(rows)]


@rule_kind
class List(RuleKind):
    """One or more numbers: meld minimums by round [50, 90, 120, 150] (exactly `size` of them, where it is set)."""

    name, boxes = "list", True

    def said(self, rule, value):
        return ", ".join(lang.number(n) for n in value)

    def read(self, rule, value, where, label):
        if rule.size and not (isinstance(value, list) and len(value) == rule.size):
            return None, FieldError(where, lang._("%(label)s must be a list of exactly %(size)s numbers, e.g. %(example)s.",
                                                  label=label, size=rule.size, example=json.dumps(rule.default)))
        if not isinstance(value, list) or not 1 <= len(value) <= LIST_MAX:
            return None, FieldError(where, lang._("%(label)s must be a list of 1 to %(most)s numbers, e.g. %(example)s.",
                                                  label=label, most=LIST_MAX, example=json.dumps(rule.default)))
        numbers = []
        for i, item in enumerate(value):
            n, err = rule._number(item, f"{where}[{i}]", lang._("%(label)s, number %(n)s", label=label, n=i + 1))
            if err:
                return None, err
            numbers.append(n)
        return numbers, None

    def schema(self, rule, number):
        return {"type": "array", "minItems": rule.size or 1, "maxItems": rule.size or LIST_MAX, "items": number}

    def from_form(self, rule, typed, name):
        boxes = typed.boxes(name)
        if boxes == [] and rule.off:
            return None  # every box emptied: switched off (American's minimums by hand: by score instead)
        if boxes is None:
            return NOT_GIVEN
        # a blank box before a number is no number: refused, naming that box
        return [typed.number(box, f"{name}[{k}]", rule.label) if box else None for k, box in enumerate(boxes)]

    def form_values(self, rule, name, value):
        return {f"{name}[{k}]": str(n) for k, n in enumerate(value)}


@rule_kind
class Counts(RuleKind):
    """How many of each: {"natural": 1, "dirty": 1}, the keys of its default (and its `extra` ones), each ≥ 0."""

    name, by_part = "counts", True

    def said(self, rule, value):
        return ", ".join(lang._("%(count)s %(kind)s", count=lang.number(n), kind=lang.shown(rule.key_word(k)))
                         for k, n in value.items() if n) or lang._("none")

    def read(self, rule, value, where, label):
        keys = list(rule.default) + list(rule.extra)
        example = json.dumps(rule.default)
        if not isinstance(value, dict):
            return None, FieldError(where, lang._("%(label)s must be an object of whole numbers by %(keys)s, e.g. "
                                                  "%(example)s.", label=label, keys=listed(keys, "and"), example=example))
        for key in value:
            if key not in keys:
                return None, FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of house rule '%(rule)s'; use "
                                                                 "%(keys)s (one left out counts 0).", key=key,
                                                                 rule=rule.key, keys=listed(keys, "or")))
        counts = {}
        for key in keys:  # a key left out counts 0: the table's object replaces the default whole
            if key in rule.extra and key not in value:
                continue  # a key beyond the default's is kept only where given
            n, err = rule._number(value.get(key, 0), f"{where}.{key}", lang._("%(label)s: %(key)s", label=label, key=key))
            if err:
                return None, err
            counts[key] = n
        return counts, None

    def schema(self, rule, number):  # the keys of its default (and its extra ones), each a number; one left out: 0
        return {"type": "object", "additionalProperties": False,
                "properties": {key: number for key in [*rule.default, *rule.extra]}}

    def from_form(self, rule, typed, name):
        if not any(typed.has(f"{name}.{part}") for part in rule.default):
            return NOT_GIVEN
        return {part: typed.number(typed.get(f"{name}.{part}"), f"{name}.{part}",
                                   typed.capital(str(rule.key_word(part)))) for part in rule.default}

    def form_values(self, rule, name, value):
        return {f"{name}.{part}": "" if n is None else str(n) for part, n in value.items()}


@rule_kind
class Values(Counts):
    """Points by name, each may be null: {"garbage": 3000, "straight": null}; a name left out keeps its default."""

    name, blank_off = "values", True

    def said(self, rule, value):
        return ", ".join(lang._("%(kind)s %(points)s", kind=lang.shown(rule.key_word(k)),
                                points=lang.number(n) if n is not None else lang.shown(rule.off))
                         for k, n in value.items())

    def read(self, rule, value, where, label):
        keys = list(rule.default)
        if not isinstance(value, dict):
            return None, FieldError(where, lang._("%(label)s must be an object of points by %(keys)s, e.g. %(example)s.",
                                                  label=label, keys=listed(keys, "and"), example=json.dumps(rule.default)))
        chosen = dict(rule.default)  # a key left out keeps its default
        for key, n in value.items():
            if key not in rule.default:
                return None, FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of house rule '%(rule)s'; use "
                                                                 "%(keys)s.", key=key, rule=rule.key,
                                                                 keys=listed(keys, "or")))
            if n is None:
                chosen[key] = None  # not played at this table
                continue
            n, err = rule._number(n, f"{where}.{key}", lang._("%(label)s: %(key)s", label=label, key=key))
            if err:
                return None, err
            chosen[key] = n
        return chosen, None

    def schema(self, rule, number):  # the keys of its default, each points or null (not played)
        return {"type": "object", "additionalProperties": False,
                "properties": {key: {**number, "type": ["integer", "null"]} for key in rule.default}}

    def from_form(self, rule, typed, name):  # a box per name; an empty box: not played
        if not any(typed.has(f"{name}.{part}") for part in rule.default):
            return NOT_GIVEN
        return {part: typed.number(typed.get(f"{name}.{part}"), f"{name}.{part}", typed.capital(str(rule.key_word(part))))
                if typed.get(f"{name}.{part}", "").strip() else None for part in rule.default}

