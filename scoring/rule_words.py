"""A house rule's value in words, and what a table's rules change from a variant's defaults: said on the new-game
form, the rule sets page, the rules card and the score sheet alike (no PDF library here, so pages load none)."""
from __future__ import annotations

import json
from dataclasses import replace

import lang

from .declare import HouseRule
from .variant import Variant

num = lang.number


def rule_value(value, rule: HouseRule) -> str:
    """A house rule's value in words, by its kind: yes/no, a number, tiers like 'from 15,000: 90 · from 30,000: 120',
    a list '50, 90, 120', counts '1 clean, 1 dirty', or what switching it off means."""
    if value is None and rule.off:
        return lang.shown(rule.off)
    if rule.per_round and isinstance(value, (list, tuple)):  # one value a round: 'Round 1: 100 · Round 2: 200'
        one = replace(rule, per_round=False)
        return " · ".join(lang._("%(when)s: %(value)s", when=lang.shown(rule.each).format(n=num(n)),
                                 value=rule_value(v, one)) for n, v in enumerate(value, start=1))
    return rule.kind_of.said(rule, value)


def house_rule_changes(variant: Variant, options: dict) -> list[tuple[str, str, str]]:
    """(rule, default, this game) for every house rule the table changed."""
    chosen = options.get("house_rules", {})
    return [(lang.shown(r.sheet), rule_value(r.default, r), rule_value(chosen[r.key], r))
            for r in variant.rules if r.key in chosen and not same_value(chosen[r.key], r.default)]


def same_value(a: object, b: object) -> bool:
    """Whether two house-rule values are the same, however each is held (a game's options are read-only:
    its lists are tuples, its objects read-only mappings)."""
    return json.dumps(a, sort_keys=True, default=dict) == json.dumps(b, sort_keys=True, default=dict)
