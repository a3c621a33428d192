"""The hand form: counts as chips, fields in their groups, and a posted hand form as the API's hand payload.

Input names are the API's error field paths ("entries[1].red_threes"), so a refusal lands on the input it is
about (web/forms/__init__.py place_errors) without a lookup table.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

import lang
from scoring import VARIANTS, Variant, adjustment
from scoring.base import Field
from scoring.shape import Words
from service.model import Side
from web.forms import field_name, number

# A flag only one side can have in a hand (a field declared with `once`) is chosen once, across the sides.
NOBODY = "none"
# A count is one tap on a chip (0 to 4), or "5+" and the number typed in the box beside it.
# The chips are radios named "<input name>:chip"; the box keeps the input's own name, so a form posted
# without chips (or with "more" chosen) is read from the box as before.
CHIPS = ("0", "1", "2", "3", "4")
MORE = "more"
MORE_DEFAULT = 5  # "5+" with the box left empty
# the submit button a player taps to record a hand in which nobody scored anything (is_empty)
EMPTY_HAND = "empty_hand"
# a side's penalty or award: its points typed without a sign, "<input name>:sign" saying which it is
PENALTY, AWARD = "penalty", "award"


def adjustment_names(i: int) -> tuple[str, str]:
    """The inputs of side i's penalty or award: its points and its reason."""
    return field_name(i, adjustment.FIELD), field_name(i, adjustment.REASON)


def adjustment_payload(form, i: int) -> dict:
    """Side i's penalty or award as the API takes it ({} when nothing was typed): a penalty's points below 0."""
    name, reason_name = adjustment_names(i)
    typed, reason = (form.get(name) or "").strip(), form.get(reason_name) or ""
    if not typed and not reason.strip():
        return {}
    points = number(typed, name, adjustment.LABEL)
    if isinstance(points, int) and points > 0 and form.get(f"{name}:sign", PENALTY) != AWARD:
        points = -points
    return {adjustment.FIELD: points, adjustment.REASON: reason}


def count_chip(values, name: str) -> str:
    """Which chip of a count shows chosen: the one posted, else the one the typed number stands for."""
    chip = values.get(f"{name}:chip")
    if chip in CHIPS or chip == MORE:
        return chip
    typed = (values.get(name) or "").strip()
    return "0" if not typed else typed if typed in CHIPS else MORE


def chips_for(most: int | None, chosen: str) -> list[str]:
    """The chips a count shows: 0 up to the most it can be at this table (at most 4), then "5+" where 5 or more can
    be entered; "5+" is drawn too whenever the form holds a number above the chips (a refused form), so it shows."""
    top = 4 if most is None else min(most, 4)
    chips = [str(n) for n in range(top + 1)]
    if most is None or most > 4 or chosen not in chips:
        chips.append(MORE)
    return chips


def short_label(field: Field, words: Words = Words()) -> tuple[str, str]:
    """A count's label as shown beside its chips ("Natural") and the rest below it ("canastas", the variant's word
    for its melds): as the field declares them, else a label "… canastas" split before its last word (left out
    under a heading "Canastas", which says it already), else the label alone."""
    if field.short:
        return field.short
    label, melds = str(field.label), str(words.melds)
    if label.endswith(f" {melds}"):
        return label[: -len(melds) - 1], "" if str(field.group).lower() == melds.lower() else melds
    return label, ""


def needs_heading(fields: Sequence[Any], words: Words = Words()) -> bool:
    """Whether a run of fields needs its heading shown over it: some field there is named by a short word the heading
    completes ("Natural" under "Canastas", the one-of question "Wild"). Where every label says it all ("Red threes",
    "Melded points") the heading would be a row spent saying it again: the group keeps it for a screen reader only."""
    for f in fields:
        if isinstance(f, OneOf) or (f.kind_of.chips and str(short_label(f, words)[0]) != str(f.label)):
            return True
    return False


class _OneOfKind:
    """The kind of a one-of question on the hand form: chips of its fields' words, none of them a field's kind."""

    asks_one = True
    chips = by_cards = ticked = picked = False


ONE_OF = _OneOfKind()


@dataclass(frozen=True)
class OneOf:
    """Counts a side has at most one of in all (American's three wild canasta kinds), asked as one choice of chips:
    none, or one of them. Posted as "<first field's input name>:one", the chosen field's name its value."""

    label: str
    fields: tuple[Field, ...]
    group: str
    kind: str = "one_of"

    @property
    def kind_of(self) -> _OneOfKind:
        """Asked as a field of a kind of its own (ONE_OF)."""
        return ONE_OF

    @property
    def name(self) -> str:
        return self.fields[0].name


def one_of_name(i: int, fields: Sequence[Field]) -> str:
    """The input name of a one-of choice for side i: "entries[0].wild_canastas:one"."""
    return f"{field_name(i, fields[0].name)}:one"


def whole_choices(variant: Variant, options: dict | None = None) -> list[Field]:
    """The choices that are a side's whole entry once made (American's special hand): asked first, above the rest;
    with `options`, only the choices that table plays."""
    found = [f for f in variant.fields if f.kind_of.picked and f.whole]
    if options is None:
        return found
    # still asked first where the table scores it beside the rest (special_hands_add), but no longer the whole entry
    return [replace(f, choices=variant.choices_played(f, options), whole=variant.choice_is_whole(f, options))
            for f in found]


def one_of_groups(variant: Variant) -> dict[str, tuple[Field, ...]]:
    """Each one-of question's fields, in field order."""
    found: dict[str, list[Field]] = {}
    for f in variant.fields:
        if f.one_of:
            found.setdefault(str(f.one_of), []).append(f)
    return {k: tuple(v) for k, v in found.items()}


def shown_flags(variant: Variant, sides: Sequence[Side]) -> dict[int, list[str]]:
    """Per side, the per-side flags the form offers (a flag for partnerships only, to sides of two)."""
    shown = {}
    for i, side in enumerate(sides):
        shown[i] = [f.name for f in variant.fields if f.kind_of.ticked and not f.once
                    and not (f.pairs_only and len(side.players) < 2)]
    return shown


def field_groups(variant: Variant, flags: list[str], unused: frozenset = frozenset(),
                 options: dict | None = None) -> list[tuple[str, list[Field]]]:
    """One side's entry fields on the hand form, in runs under the heading each declares ("Threes", [...]).

    A flag asked once a hand is not among them; neither is a flag this side is not offered (`flags`), nor a field
    that can hold nothing at this table (`unused`: see unused_fields). With the table's `options`, each field's help
    says what its house rules make of it (Variant.field_help)."""
    groups: list[tuple[str, list]] = []
    asked = set()
    for f in variant.fields:
        if (f.kind_of.ticked and f.name not in flags) or f.name in unused or (f.kind_of.picked and f.whole):
            continue
        if options is not None and f.help:
            said = variant.field_help(f, options)
            f = f if said == f.help else replace(f, help=said)
        item: Any = f
        if f.one_of:
            if f.one_of in asked:
                continue
            asked.add(f.one_of)
            item = OneOf(f.one_of, tuple(g for g in one_of_groups(variant)[str(f.one_of)] if g.name not in unused),
                         f.group)
            if not item.fields:
                continue
        if groups and groups[-1][0] == f.group:
            groups[-1][1].append(item)
        else:
            groups.append((f.group, [item]))
    return groups


def is_rare(fields: Sequence) -> bool:
    """Whether a group holds only fields that are seldom anything but 0: the form folds it away."""
    return all(getattr(f, "rare", False) for f in fields)


def any_entered(values: Mapping, names: Sequence[str]) -> bool:
    """Whether any of these inputs holds something (a number but 0, a chip but 0, a ticked box): a folded group that
    does stays open when the form is drawn again, one left at 0 stays folded."""
    return any((values.get(n) or "").strip() not in ("", "0") or values.get(f"{n}:chip") not in (None, "", "0")
               for n in names)


def unused_fields(variant: Variant, options: dict) -> frozenset:
    """The fields whose largest value at this table is 0 (a kind of meld or a part of the score the table's house
    rules switched off): the form leaves them out, as the checks would refuse anything but 0 there."""
    return frozenset(name for name, most in variant.field_bounds(options).items() if most == 0)


def asked(field: Field) -> bool:
    """Whether a question asked once a hand has no answer until a player gives one: one whose "nobody" is an outcome
    of its own (the stock ran out). "Who went out?" starting on "Nobody" would let a forgotten tap record a hand
    without its going-out bonus; a question whose usual answer is nobody (the cut bonus) keeps "Nobody" chosen."""
    return bool(field.once and field.nobody)


def asked_name(field: Field) -> str:
    """The hidden input the hand form draws beside an asked question (see `asked`): this form asked it."""
    return f"{field.name}:asked"


def unanswered(form, variant: Variant) -> list[Field]:
    """The asked questions (see `asked`) a posted hand form drew and left without an answer: no side chosen, nor
    "Nobody". A form that did not ask (a page drawn before the question had no default, where "Nobody" was chosen
    as drawn) is read as before: nobody."""
    return [f for f in variant.fields if asked(f) and form.get(asked_name(f)) and not (form.get(f.name) or "").strip()]


def hand_payload(form, variant: Variant, sides: Sequence, options: dict | None = None) -> dict:
    """A posted hand form as API.md's hand payload (blank means 0, an unticked flag false); with the game's
    `options`, a choice that is no whole entry at this table is sent beside the side's other fields."""
    entries = []
    ones = one_of_groups(variant)
    wholes = [f for f in whole_choices(variant, options) if f.whole]
    for i in range(len(sides)):
        entry: dict[str, Any] = {}
        whole = next((f for f in wholes if form.get(field_name(i, f.name))), None)
        if whole is not None:  # a choice that is the side's whole entry: nothing else of the side is sent
            # a penalty or award still counts on top of a special hand
            entries.append({whole.name: form.get(field_name(i, whole.name)), **adjustment_payload(form, i)})
            continue
        for f in variant.fields:
            name = field_name(i, f.name)
            kind = f.kind_of
            if kind.picked:
                entry[f.name] = kind.from_form(f, form.get(name), name, number)
            elif f.one_of and one_of_name(i, ones[str(f.one_of)]) in form:
                entry[f.name] = 1 if form.get(one_of_name(i, ones[str(f.one_of)])) == f.name else 0
            elif kind.ticked:
                entry[f.name] = (form.get(f.name) == str(i)) if f.once else (form.get(name) == "on")
            elif kind.by_cards and form.get(f"{name}:mode") == "count":
                entry[f.name] = {card: number(form.get(f"{name}.{card}"), f"{name}.{card}",
                                              str(variant.card_words.get(card, (card, card))[1]).capitalize())
                                 for card in variant.card_values}
            elif kind.chips and form.get(f"{name}:chip") in CHIPS:
                entry[f.name] = int(form[f"{name}:chip"])
            elif kind.chips and form.get(f"{name}:chip") == MORE and not (form.get(name) or "").strip():
                entry[f.name] = MORE_DEFAULT
            else:
                entry[f.name] = kind.from_form(f, form.get(name), name, number)
        entries.append({**entry, **adjustment_payload(form, i)})
    return {"entries": entries}


def is_empty(payload: dict) -> bool:
    """Whether nothing at all was entered: every field of every side blank or zero, nothing ticked or chosen."""
    return all(not value or (isinstance(value, Mapping) and not any(value.values()))
               for entry in payload["entries"] for value in entry.values())


def names_a_whole_choice(payload: dict) -> bool:
    """Whether any side's entry holds a choice that is a whole entry in some variant (a special hand): only then can
    unfilled_beside_whole find anything."""
    wholes = {f.name for v in VARIANTS.values() for f in whole_choices(v)}
    return any(isinstance(entry, Mapping) and any(entry.get(k) for k in wholes) for entry in payload.get("entries", ()))


def unfilled_beside_whole(variant: Variant, payload: dict) -> list[int]:
    """The sides with nothing entered in a hand where another side's entry is a choice that is its whole entry (a
    special hand, recorded by one tap): most likely not entered yet, so the form asks before recording them as 0."""
    wholes = {f.name for f in whole_choices(variant)}
    entries = payload["entries"]
    if not any(entry.keys() & wholes and any(entry.get(k) for k in wholes) for entry in entries):
        return []
    return [i for i, entry in enumerate(entries) if not any(entry.get(k) for k in wholes)
            and is_empty({"entries": [entry]})]


def hand_values(variant: Variant, entries: Sequence[Mapping]) -> dict[str, str]:
    """A stored hand as form values, so the edit form opens filled in as it was entered."""
    values: dict[str, str] = {}
    # an asked question nobody had in the stored hand was answered "Nobody" (see `asked`)
    values.update({f.name: NOBODY for f in variant.fields if asked(f) and not any(e.get(f.name) for e in entries)})
    for i, entry in enumerate(entries):
        ones = one_of_groups(variant)
        for f in variant.fields:
            name, value = field_name(i, f.name), entry.get(f.name)
            if f.kind_of.picked:
                values.update({name: str(value)} if value else {})
            elif f.one_of and value:  # the checks allow one of them in all: the chip of the one entered
                values[one_of_name(i, ones[str(f.one_of)])] = f.name
            elif f.kind_of.ticked:
                if value and f.once:
                    values[f.name] = str(i)
                elif value:
                    values[name] = "on"
            elif isinstance(value, Mapping):
                values[f"{name}:mode"] = "count"
                values.update({f"{name}.{card}": str(n) for card, n in value.items() if n})
            elif (text := f.kind_of.form_text(value)) is not None:
                values[name] = text
        if entry.get(adjustment.FIELD):
            name, reason_name = adjustment_names(i)
            points = entry[adjustment.FIELD]
            values.update({name: str(abs(points)), f"{name}:sign": AWARD if points > 0 else PENALTY,
                           reason_name: entry.get(adjustment.REASON) or ""})
    return values


def hand_inputs(variant: Variant, sides: Sequence[Side]) -> set[str]:
    """The names of every input the hand form shows, for place_errors."""
    names = {f.name for f in variant.fields if f.once}
    flags = shown_flags(variant, sides)
    for i in range(len(sides)):
        for f in variant.fields:
            if f.kind_of.ticked and f.name not in flags[i]:
                continue
            names.add(field_name(i, f.name))
            if f.kind_of.by_cards:
                names.update(f"{field_name(i, f.name)}.{card}" for card in variant.card_values)
        names.update(adjustment_names(i))
    return names


def input_labels(variant: Variant, sides: Sequence[Side], unused: frozenset = frozenset()) -> dict[str, tuple[str, str]]:
    """Every input the hand form shows, in the form's order, with its label and its side's name ("" for a question
    asked once a hand): ("In-hand points", "Us"), ("Jokers, Melded points", "Us")."""
    labels = {f.name: (str(f.once), "") for f in variant.fields if f.once}
    flags = shown_flags(variant, sides)
    for i, side in enumerate(sides):
        for f in variant.fields:
            if f.once or (f.kind_of.ticked and f.name not in flags[i]) or f.name in unused:
                continue
            name = field_name(i, f.name)
            labels[name] = (str(f.label), side.name)
            if f.kind_of.by_cards:
                for card in variant.card_values:
                    many = str(variant.card_words.get(card, (card, card))[1]).capitalize()
                    labels[f"{name}.{card}"] = (f"{many}, {f.label}", side.name)
    for i, side in enumerate(sides):  # the penalty or award of each side, folded under the sides
        points, reason = adjustment_names(i)
        labels[points] = (str(adjustment.LABEL), side.name)
        labels[reason] = (str(adjustment.REASON_LABEL), side.name)
    return labels


def refusal_summary(at: Mapping[str, list[str]], labels: Mapping[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """A refused form's messages at their fields, the first field of the form first: (input name, words), the words
    naming the field and its side ("In-hand points (Us): …"), or only the side where the message names the field."""
    said = []
    for name in [*(n for n in labels if n in at), *(n for n in at if n not in labels)]:
        label, side = labels.get(name, (name, ""))
        for message in at[name]:
            where = side if side and message.startswith(label) else label
            if side and where != side:
                where = lang._("%(field)s (%(side)s)", field=label, side=side)
            if str(where).rstrip().endswith(("?", ":", "!", "¿")):  # "Chi ha chiuso?", never "Chi ha chiuso?: …"
                said.append((name, lang._("%(question)s %(message)s", question=where, message=message)))
            else:
                said.append((name, lang._("%(where)s: %(message)s", where=where, message=message)))
    return said
