"""The parts of the OpenAPI document each variant's declarations give: its entry fields and house rules."""
from __future__ import annotations

from scoring import Variant
from scoring.base import MAX_NUMBER

INT, BOOL = {"type": "integer"}, {"type": "boolean"}


def schema_name(variant: Variant, what: str) -> str:
    """'PonytailEntry', 'FivePersonHouseRules': a component name made from the variant's id."""
    return "".join(part.capitalize() for part in variant.id.replace("_", "-").split("-")) + what


def entry_schema(variant: Variant) -> dict:
    """One side's entry in this variant: its fields, each by kind."""
    cards = {"type": "object", "additionalProperties": False,
             "properties": {card: {"type": "integer", "minimum": 0} for card in variant.card_values}}
    kinds = {"count": {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}, "flag": BOOL,
             "points": {"oneOf": [{"type": "integer", "minimum": 0, "multipleOf": 5}, cards]}}
    return {"type": "object", "additionalProperties": False, "description": f"one side's entry in {variant.name}",
            "properties": {f.name: {**kinds[f.kind], "description": f.label} for f in variant.fields}}


def house_rules_schema(variant: Variant) -> dict:
    """The house rules a new game of this variant may change, each by kind, with its default."""
    tiers = {"type": "array", "maxItems": 10, "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": INT}}
    kinds = {"count": {"type": "integer", "minimum": 0}, "points": {"type": "integer", "minimum": 0},
             "flag": BOOL, "tiers": tiers}
    return {"type": "object", "additionalProperties": False, "description": f"house rules of {variant.name}",
            "properties": {r.key: {**kinds[r.kind], "default": r.default, "description": r.label} for r in variant.rules}}
