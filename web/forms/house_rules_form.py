"""The new-game form's house rules: each kind of rule as its boxes (a number, a tick, tiers, a box per listed number,
a box per counted kind, a tick that switches a bonus off), read back into the API's house_rules."""
from __future__ import annotations

import re
from typing import Any

import lang
from scoring import FieldError, Variant
from web.forms.numbers import number

OFF = ":off"  # a house rule's "switch it off" box: options.house_rules.wild_canasta_bonus:off


def typed_house_rules(form, variant: Variant) -> dict:
    """The house rules as the form holds them (a blank number is left out: the default applies)."""
    rules: dict[str, Any] = {}
    for rule in variant.rules:
        key, name = rule.key, f"options.house_rules.{rule.key}"
        if rule.off and form.get(name + OFF) == "on":
            rules[key] = None  # switched off: whatever the box beside it holds
        elif rule.kind == "flag":
            rules[key] = form.get(name) == "on"  # the form always shows every house rule
        elif rule.kind == "choice":
            if form.get(name):  # none ticked (a form of before the rule): the default applies
                rules[key] = form[name]
        elif rule.kind == "tiers":
            rules[key] = [[number(at, name, rule.label), number(minimum, name, rule.label)]
                          for at, minimum in _typed_tiers(form, name)]
        elif rule.kind == "by_score":  # the first row has no "from": every score below the next row
            rows = _typed_tiers(form, name)
            if rows:
                rules[key] = [[None if k == 0 and not at else number(at, name, rule.label),
                               number(minimum, name, rule.label)] for k, (at, minimum) in enumerate(rows)]
        elif rule.kind == "values":  # a box per name; an empty box: not played
            if any(f"{name}.{part}" in form for part in rule.default):
                rules[key] = {part: number(form[f"{name}.{part}"], f"{name}.{part}", capital(str(rule.key_word(part))))
                              if form.get(f"{name}.{part}", "").strip() else None for part in rule.default}
        elif rule.kind == "list":
            boxes = _typed_list(form, name)
            if boxes == [] and rule.off:
                rules[key] = None  # every box emptied: switched off (American's minimums by hand: by score instead)
            elif boxes is not None:  # a blank box before a number is no number: refused, naming that box
                rules[key] = [number(box, f"{name}[{k}]", rule.label) if box else None for k, box in enumerate(boxes)]
        elif rule.kind == "counts":
            if any(f"{name}.{part}" in form for part in rule.default):
                rules[key] = {part: number(form.get(f"{name}.{part}"), f"{name}.{part}",
                                           capital(str(rule.key_word(part)))) for part in rule.default}
        elif form.get(name, "").strip():
            rules[key] = number(form[name], name, rule.label)
    return rules


def house_rule_refusals(form, variant: Variant) -> list[FieldError]:
    """What the form alone can tell is wrong: a rule switched on again (its off box cleared) that has no default
    number, with its box left empty."""
    errors = []
    for rule in variant.rules:
        name = f"options.house_rules.{rule.key}"
        if rule.off and rule.default is None and name in form and not form[name].strip() and form.get(name + OFF) != "on":
            errors.append(FieldError(name, lang._("%(rule)s: type its points, or tick “%(off)s”.", rule=rule.label,
                                                  off=capital(rule.off))))
    return errors


def capital(words: str) -> str:
    """Words with a capital first letter, the rest as written."""
    words = str(words)
    return words[:1].upper() + words[1:]


def _typed_list(form, name: str) -> list[str] | None:
    """The boxes of a list house rule the form holds, in order, empty ones at the end left off; None without any."""
    box = re.compile(re.escape(name) + r"\[([0-9]{1,3})\]")  # 0-9, not \d: '[١]' is no box number
    found = sorted({int(m[1]) for key in form.keys() if (m := box.fullmatch(key))})
    if not found:
        return None
    boxes = [form.get(f"{name}[{k}]", "").strip() for k in found][:MAX_TIERS]
    while boxes and not boxes[-1]:
        boxes.pop()
    return boxes


def list_boxes(values, key: str, default: list | None, posted: bool, size: int = 0) -> list[str]:
    """A list house rule's boxes as the form shows them: as typed (or the defaults), then an empty one to add one
    (a list of a set `size`: just its boxes)."""
    typed = _typed_list(values, f"options.house_rules.{key}") if posted else None
    boxes = typed if typed is not None else [str(n) for n in default or []]
    return boxes + [""] * (size - len(boxes)) if size else boxes + [""]


MAX_TIERS = 20  # far more than any table uses; a form cannot make the page draw rows without end


def _typed_tiers(form, name: str) -> list[tuple[str, str]]:
    """The rows of a tiers house rule the form holds, however many, blank rows left out."""
    row = re.compile(re.escape(name) + r"\[([0-9]{1,3})\]\.(?:at|min)")  # 0-9, not \d: '[١]' is no row number
    found = {int(m[1]) for key in form.keys() if (m := row.fullmatch(key))}
    rows = [(form.get(f"{name}[{t}].at", "").strip(), form.get(f"{name}[{t}].min", "").strip()) for t in sorted(found)]
    return [row for row in rows if any(row)][:MAX_TIERS]


def tier_rows(values, key: str, default: list, posted: bool) -> list[tuple[str, str]]:
    """A tiers house rule's rows as the form shows them: as typed (or the defaults), then an empty row to add one."""
    if posted:
        rows = _typed_tiers(values, f"options.house_rules.{key}")
    else:
        rows = [("" if at is None else str(at), str(minimum)) for at, minimum in default]
    return rows + [("", "")]
