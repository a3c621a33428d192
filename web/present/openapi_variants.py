"""The parts of the OpenAPI document each variant's declarations give: its entry fields, house rules, default hand
limits, and which variants have which marks."""
from __future__ import annotations

import json
from collections.abc import Iterable

from scoring import Variant, adjustment, vocabulary
from scoring.base import MAX_NUMBER
from scoring.declare import LIST_MAX, HouseRule
from scoring.shape import SideMark

# GET /api/variants' seating shapes, in words
SEATINGS = {"individuals": "players alone", "partnerships": "partnerships", "teams_of_three": "teams of three"}


def schema_name(variant: Variant, what: str) -> str:
    """'PonytailEntry', 'FivePersonHouseRules': a component name made from the variant's id."""
    return "".join(part.capitalize() for part in variant.id.replace("_", "-").split("-")) + what


def entry_schema(variant: Variant) -> dict:
    """One side's entry in this variant: its fields, each by kind."""
    cards = {"type": "object", "additionalProperties": False,
             "properties": {card: {"type": "integer", "minimum": 0} for card in variant.card_values}}

    def kind(f) -> dict:
        return f.kind_of.schema(f, cards)
    return {"type": "object", "additionalProperties": False, "description": f"one side's entry in {variant.name}",
            "properties": {**{f.name: {**kind(f), "description": str(f.label)} for f in variant.fields},
                           **ADJUSTMENT}}


# a side's penalty or award, the same in every variant (scoring/adjustment.py)
ADJUSTMENT = {
    adjustment.FIELD: {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER, "multipleOf": adjustment.STEP,
                       "default": 0, "description": "a table's penalty (below 0) or award (above 0) for this side in "
                       "this hand, added to its hand score as the breakdown part 'adjustment' (on top of a special "
                       "hand too); left out or 0: none"},
    adjustment.REASON: {"type": "string", "maxLength": adjustment.REASON_MAX,
                        "description": "why (e.g. 'card exposed'): required when adjustment is not 0"}}


def _number(rule: HouseRule) -> dict:
    """A whole number as the rule reads it: from 0 (or, signed, from −MAX_NUMBER) up, a multiple of its step."""
    schema = {"type": "integer", "minimum": -MAX_NUMBER if rule.signed else 0, "maximum": MAX_NUMBER}
    return {**schema, "multipleOf": rule.step} if rule.step > 1 else schema


def rule_schema(rule: HouseRule) -> dict:
    """One house rule's value by its kind, with its default; null where the rule may be switched off."""
    number = _number(rule)
    schema = dict(rule.kind_of.schema(rule, number))
    words = [rule.note] if rule.note else []
    if rule.per_round:  # one value for every round, or a list of them, one a round
        schema = {"oneOf": [schema, {"type": "array", "minItems": 1, "maxItems": LIST_MAX, "items": dict(schema)}]}
    if rule.off and "oneOf" in schema:
        schema["oneOf"].append({"type": "null"})
        words.append(f"null: {rule.off}")
    elif rule.off:  # null switches the rule off
        schema["type"] = [schema["type"], "null"]
        words.append(f"null: {rule.off}")
    described = f"{rule.label}: {'; '.join(str(w) for w in words)}" if words else str(rule.label)
    return {**schema, "default": rule.default, "description": described}


def house_rules_schema(variant: Variant) -> dict:
    """The house rules a new game of this variant may change, each by kind, with its default."""
    return {"type": "object", "additionalProperties": False, "description": f"house rules of {variant.name}",
            "properties": {r.key: rule_schema(r) for r in variant.rules}}


def hand_limits(variants: Iterable[Variant]) -> list[str]:
    """Each seating that stops after some hands unless the table changes it: 'Ponytail Canasta, players alone: 4 hands'."""
    return [f"{v.name}, {SEATINGS.get(kind, kind)}: {v.words.rounds_counted(shape['max_hands'])}"
            for v in variants
            for kind, shape in v.describe()["sides"].items() if shape["max_hands"]]


def house_rules_description(variants: Iterable[Variant]) -> str:
    """What NewOptions.house_rules says, with every rule whose label leaves something unsaid as an example."""
    noted = [f"{v.name} {r.key} (default {json.dumps(r.default)}: {r.note})" for v in variants for r in v.rules if r.note]
    examples = f", e.g. {'; '.join(noted)}" if noted else ""
    return ("changes to the variant's house rules (defaults in GET /api/variants; each variant's rules, their kinds "
            f"and defaults in its own HouseRules schema){examples}. One vocabulary (RULES.md §14): a bonus "
            "<kind>_bonus, a penalty <kind>_penalty (a positive number subtracted), meld_minimums_by_score ([from, "
            "minimum] rows, the first from null), meld_minimums (by round); tie_goes_to_going_out and "
            "tie_plays_another_hand in every variant. "
            f"Older keys are still read and answered in these names: {_older(variants)}")


def _older(variants: Iterable[Variant]) -> str:
    """Each variant's older house-rule keys with their names now ("Classic Canasta: red_three → red_three_bonus, …")."""
    said = []
    for v in variants:
        older = vocabulary.older_keys(v.id)
        if older:
            said.append(f"{v.name}: " + ", ".join(f"{old} → {new}" for old, new in older.items()))
    return "; ".join(said) + "." if said else "none."


def sides_description(limits: list[str]) -> str:
    return (f"each seating shape ({', '.join(SEATINGS)}): sides [fewest, most], players_per_side, and max_hands, "
            f"its default hand limit ({'; '.join(limits + ['null: no limit'])})")


def max_hands_description(limits: list[str]) -> str:
    shown = f" ({'; '.join(limits)}; otherwise no limit)" if limits else " (none has one)"
    return f"left out: the variant's default for this seating{shown}; null: no limit"


def mark_summary(mark: SideMark, variants: Iterable[Variant]) -> str:
    """'Failed meld (Pony Canasta): the side's opening minimum rises until the next hand' (the variants that have it)."""
    names = " and ".join(str(v.name) for v in variants if mark in v.marks)
    return f"{mark.button} ({names}): the side's opening minimum rises until the next hand"
