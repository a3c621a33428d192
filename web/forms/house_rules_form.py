"""The new-game form's house rules: each kind of rule as its boxes (a number, a tick, tiers, a box per listed number,
a box per counted kind, a tick that switches a bonus off), read back into the API's house_rules."""
from __future__ import annotations

import re
from typing import Any

import lang
from scoring import FieldError, Variant
from scoring.kinds.house_rules import NOT_GIVEN
from web.forms.numbers import number

OFF = ":off"  # a house rule's "switch it off" box: options.house_rules.wild_canasta_bonus:off


def typed_house_rules(form, variant: Variant) -> dict:
    """The house rules as the form holds them (a blank number is left out: the default applies)."""
    rules: dict[str, Any] = {}
    typed = Typed(form)
    for rule in variant.rules:
        key, name = rule.key, f"options.house_rules.{rule.key}"
        if rule.off and form.get(name + OFF) == "on":
            rules[key] = None  # switched off: whatever the box beside it holds
        elif rule.per_round:  # one value a round, in boxes or rows: one alone is the value of every round
            rounds = _typed_rounds(form, rule)
            if rounds:
                rules[key] = rounds[0] if len(rounds) == 1 else rounds
        else:  # read by its kind (scoring/kinds/house_rules.py), through the form's boxes
            value = rule.kind_of.from_form(rule, typed, name)
            if value is not NOT_GIVEN:
                rules[key] = value
    return rules


class Typed:
    """A posted new-game form as a house rule's kind reads its boxes (scoring.kinds.house_rules.Typed)."""

    def __init__(self, form):
        self.form = form

    def get(self, name: str, default: Any = None) -> Any:
        return self.form.get(name, default)

    def has(self, name: str) -> bool:
        return name in self.form

    def number(self, text: Any, name: str, label: Any) -> Any:
        return number(text, name, label)

    def capital(self, words: Any) -> str:
        return capital(words)

    def rows(self, name: str) -> list[tuple[str, str]]:
        return _typed_tiers(self.form, name)

    def boxes(self, name: str) -> list[str] | None:
        return _typed_list(self.form, name)


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


ROWS = re.compile(r"options\.house_rules\.(\w+)\[([0-9]{1,3})\]\.(?:at|min)")  # a minimum table's row


def row_refusals(form, variant: Variant) -> list[FieldError]:
    """The rows of a minimum table the form can tell are wrong, each said at its box in the form's words: the rule
    as the form labels it and the row as the form counts them ("Initial meld minimum by score, row 3: “from” 2,000
    must be above the row before, 3,000."). Rows left empty are none."""
    errors: list[FieldError] = []
    for key in dict.fromkeys(m[1] for k in form.keys() if (m := ROWS.fullmatch(k))):
        rule = variant.house_rule(key)
        if rule is None:
            continue
        name, label = f"options.house_rules.{key}", capital(rule.label)
        # a minimum by score: its first row has no "from" (every score below the next row), and the rows rise
        by_score = f"{name}[0].min" in form and f"{name}[0].at" not in form
        before = None  # the "from" of the row above, as a number
        # numbered as the form is drawn again: the rows typed, in order (an empty row is none)
        for t, (at, least) in enumerate(_typed_tiers(form, name)):
            has_from = not (by_score and t == 0)
            where = {"rule": label, "n": lang.number(t + 1)}
            if has_from and not at:
                errors.append(FieldError(f"{name}[{t}].at", lang._(
                    "%(rule)s, row %(n)s: type the score it starts from, or empty the whole row.", **where)))
            if not least:
                errors.append(FieldError(f"{name}[{t}].min", lang._(
                    "%(rule)s, row %(n)s: type its minimum, or empty the whole row.", **where)))
            for part, typed in (("at", at if has_from else ""), ("min", least)):
                value = number(typed, f"{name}[{t}].{part}", label) if typed else None
                if isinstance(value, str) and not hasattr(value, "error"):  # letters: no number (a two-way one is
                    errors.append(FieldError(f"{name}[{t}].{part}", lang._(  # said by numbers.unreadable)
                        "%(rule)s, row %(n)s: “%(typed)s” is not a whole number.", typed=typed, **where)))
            start = number(at, name, label) if has_from and at else None
            if by_score and type(start) is int:
                if before is not None and start <= before:
                    errors.append(FieldError(f"{name}[{t}].at", lang._(
                        "%(rule)s, row %(n)s: “from” %(at)s must be above the row before, %(before)s.",
                        at=lang.number(start), before=lang.number(before), **where)))
                before = start
    return errors


def row_of(field: str | None, form) -> str | None:
    """A refusal's field as the form names its box: a row of a minimum table of the API
    (options.house_rules.meld_minimums_by_score[1]) is that row's box on the form (the rows sent are the rows typed,
    numbered as the form is drawn again: _typed_tiers)."""
    m = re.fullmatch(r"(options\.house_rules\.\w+)\[([0-9]{1,3})\]", field or "")
    if not m or f"{m[1]}[{m[2]}].min" not in form:
        return field
    return f"{m[1]}[{m[2]}].{'at' if f'{m[1]}[{m[2]}].at' in form else 'min'}"


def in_form_words(error: FieldError, form, variant: Variant) -> FieldError:
    """A refusal of the API about a house rule said as the form shows the rule: its label for the API's key
    ("House rule 'threes_table'" → "Threes of one colour"), a box by the form's word for it ("number 2" → "Round 2",
    "natural" → "Clean"), at the box the form draws for it."""
    m = re.match(r"options\.house_rules\.(\w+)", error.field or "")
    rule = variant.house_rule(m[1]) if m else None
    if rule is None:
        return error
    api, label = lang._("House rule '%(key)s'", key=rule.key), capital(rule.label)
    part = (error.field or "").rpartition(".")[2]
    said = error.message
    if isinstance(rule.default, dict) and part in [*rule.default, *rule.extra]:  # a box by its word too
        said = said.replace(lang._("%(label)s: %(key)s", label=api, key=part),
                            lang._("%(label)s: %(key)s", label=label, key=capital(str(rule.key_word(part)))))
    box = re.search(r"\[([0-9]{1,3})\]$", error.field or "")
    if box:  # "…, number 2" is the box the form calls "Round 2"
        n = int(box[1]) + 1
        said = said.replace(lang._("%(label)s, number %(n)s", label=api, n=n),
                            lang._("%(label)s, %(box)s", label=label, box=str(rule.each).format(n=lang.number(n))))
    said = said.replace(api, label)
    if rule.off:  # "… Or null: wild canastas are not played." is the API's; the form has a tick for it
        after = lang._("%(refusal)s Or null: %(off)s.", refusal="\x00", off=rule.off).split("\x00")[-1]
        if after and said.endswith(after):
            said = lang._("%(refusal)s Or tick “%(off)s”.", refusal=said[: -len(after)], off=capital(rule.off))
    return FieldError(row_of(error.field, form), said)


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


def round_name(rule, k: int, part: str = "") -> str:
    """A per-round house rule's box on the form: round 1 keeps the rule's own name (the value of every round while
    it is the only one), round k + 1 is name[k]; a "counts" rule's boxes add their part (.natural)."""
    name = f"options.house_rules.{rule.key}" + (f"[{k}]" if k else "")
    return f"{name}.{part}" if part else name


def round_field(field: str | None, rule) -> str | None:
    """A refusal's field as the form names its box: round 1 of a per-round rule is its plain name."""
    first = f"options.house_rules.{rule.key}[0]"
    return field if not field or not field.startswith(first) else round_name(rule, 0) + field[len(first):]


def at_round_box(error: FieldError, variant: Variant) -> FieldError:
    """A refusal of round 1 of a per-round rule (go_out_needs[0].dirty) said at its box on the form."""
    for rule in variant.rules:
        if rule.per_round and (field := round_field(error.field, rule)) != error.field:
            return FieldError(field, error.message)
    return error


def _round_parts(rule) -> list[str]:
    return list(rule.default) + list(rule.extra) if rule.kind_of.by_part else [""]


def _typed_round_rows(form, rule) -> list[dict[str, str]]:
    """The rows of a per-round rule the form holds, in round order, empty ones at the end left off."""
    parts, name = _round_parts(rule), f"options.house_rules.{rule.key}"
    later = re.compile(re.escape(name) + r"\[([0-9]{1,3})\](?:\.[a-z]+)?")  # 0-9, not \d: '[١]' is no round number
    found = {int(m[1]) for key in form.keys() if (m := later.fullmatch(key))} - {0}
    if any(round_name(rule, 0, part) in form for part in parts):
        found.add(0)
    rows = [{part: form.get(round_name(rule, k, part), "").strip() for part in parts}
            for k in range(max(found) + 1 if found else 0)][:MAX_TIERS]
    while rows and not any(rows[-1].values()):
        rows.pop()
    return rows


def _typed_rounds(form, rule) -> list:
    """A per-round house rule as the form holds it: a box a round (points) or a row of boxes a round (counts). A
    blank box before a later round is no number: refused at that box."""
    values = []
    for k, row in enumerate(_typed_round_rows(form, rule)):
        if not rule.kind_of.by_part:
            values.append(number(row[""], round_name(rule, k), rule.label) if row[""] else None)
        else:
            counts = {part: number(v, round_name(rule, k, part), capital(str(rule.key_word(part))))
                      for part, v in row.items()}
            # a part beyond the default's at 0 is the same as none (sevens books needed: 0): kept only when asked for
            values.append({part: n for part, n in counts.items() if part in rule.default or n != 0})
    return values


def round_rows(values, rule, posted: bool) -> list[dict[str, str]]:
    """A per-round house rule's rows as the form shows them, by part ("" for a number): as typed (or the default),
    then an empty row to add a round."""
    parts = _round_parts(rule)
    if posted:
        rows = _typed_round_rows(values, rule)
    else:
        rows = [{part: str(rule.default.get(part, 0) if part else rule.default) for part in parts}]
    return rows + [{part: "" for part in parts}]


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
        rows = [("" if at is None else str(at), str(minimum)) for at, minimum in default or []]
    # none yet (a table by score instead, null by default): the first row and two more, as a table fills them in
    return rows + [("", "")] * (1 if rows else 3)
