"""A variant's rules in printable rows, read from its scoring module and a game's options snapshot.

Nothing numeric is written here: every bonus, value and minimum comes from `scoring/`, so a house
rule a table chose shows on its own sheets and a corrected default shows on the rules card.
"""
from __future__ import annotations

import json

from scoring.declare import HouseRule
from scoring.variant import Variant

from .layout import num


def rule_value(value, rule: HouseRule) -> str:
    """A house rule's value in words, by its kind: yes/no, a number, tiers like 'from 15,000: 90 · from 30,000: 120',
    a list '50, 90, 120', counts '1 clean, 1 dirty', or what switching it off means."""
    if value is None and rule.off:
        return rule.off
    if rule.kind == "flag":
        return "yes" if value else "no"
    if rule.kind == "tiers":
        return " · ".join(f"from {num(a)}: {num(b)}" for a, b in value) or "none"
    if rule.kind == "list":
        return ", ".join(num(n) for n in value)
    if rule.kind == "counts":
        return ", ".join(f"{num(n)} {rule.key_word(k)}" for k, n in value.items() if n) or "none"
    return num(value)


def house_rule_changes(variant: Variant, options: dict) -> list[tuple[str, str, str]]:
    """(rule, default, this game) for every house rule the table changed."""
    chosen = options.get("house_rules", {})
    return [(r.sheet, rule_value(r.default, r), rule_value(chosen[r.key], r))
            for r in variant.rules if r.key in chosen and not same_value(chosen[r.key], r.default)]


def same_value(a: object, b: object) -> bool:
    """Whether two house-rule values are the same, however each is held (a game's options are read-only:
    its lists are tuples, its objects read-only mappings)."""
    return json.dumps(a, sort_keys=True, default=dict) == json.dumps(b, sort_keys=True, default=dict)


def _help(variant: Variant, field: str) -> str:
    return next(f.help for f in variant.fields if f.name == field)


def card_values(variant: Variant) -> list[tuple[str, str]]:
    """(cards, points each), highest first."""
    rows = [(variant.card_names.get(k, k), num(v)) for k, v in variant.card_values.items()]
    if variant.valueless_cards:
        rows.append((variant.valueless_cards, "no card value"))
    return rows


def canastas(variant: Variant, options: dict) -> tuple[list[str], list[list[str]]]:
    """The canasta bonus table, in the variant's word for them: header and one row per kind (with the surprise extra
    where there is one; a kind the table switched off says what that means instead of a bonus)."""
    rules = options["house_rules"]
    surprise = any(c.surprise_bonus for c in variant.canastas)
    header = [variant.words.meld.capitalize(), "Contents", "Bonus"] + (["Surprise extra"] if surprise else [])
    rows = []
    for c in variant.canastas:
        bonus = rule_value(rules[c.bonus], variant.house_rule(c.bonus))
        row = [c.word.capitalize(), _help(variant, c.field), bonus[:1].upper() + bonus[1:]]
        if surprise:
            row.append("+" + num(rules[c.surprise_bonus]) if c.surprise_bonus else "")
        rows.append(row)
    return header, rows


def bonuses(variant: Variant, options: dict) -> list[tuple[str, str]]:
    """Every other part of a hand score: (what, points)."""
    return variant.bonus_rows(options["house_rules"])


def going_out(variant: Variant, options: dict) -> str:
    """What a side needs before it may go out."""
    return variant.going_out_text(options["house_rules"])


def meld_minimums(variant: Variant, options: dict) -> tuple[list[tuple[str, str]], str]:
    """(score before the hand, or the round…; initial-meld minimum) rows, and a note."""
    return variant.meld_rows(options["house_rules"])


def meld_heading(variant: Variant, options: dict) -> str:
    """The heading over the meld-minimum rows' left column, as the variant's minimum declares it ("" for none)."""
    return variant.meld_heading(options["house_rules"])


def end_of_game(variant: Variant, options: dict, card: bool = False) -> str:
    """When the game ends and who wins (`card`: the usual rules for every seating, not one game's)."""
    words = variant.words
    target, limit = options.get("target"), options.get("max_hands")
    alone = variant.default_max_hands([{"players": [""]}] * 2) if card else None
    parts = [f"after the {words.round} in which anyone reaches {num(target)}"] if target else []
    if alone and target:
        parts.append(f"or, for players alone, after {alone} {words.rounds} (partnerships: no limit)")
    elif limit:
        parts.append(f"{'or ' if parts else ''}after {limit} {words.rounds}")
    if options.get("finish_at"):
        parts.append(f"{'or ' if parts else ''}at the table's finish time (the {words.round} in play is finished "
                     "and scored)")
    elif variant.finish_time_note:
        parts.append(variant.finish_time_note)
    return ("The game ends " + ", ".join(parts) + ". Highest total wins; equal totals share the win. "
            "The margin is the winner's total minus the runner-up's.")
