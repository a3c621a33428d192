"""RULES.md §14 "One vocabulary": the older house-rule keys of Ponytail, Pony, Five-person and Classic, still read
wherever a game, a request, a rule set or an export brings them, and answered in the new names.

Every variant names a bonus `<kind>_bonus`, a penalty `<kind>_penalty` (a positive number subtracted), a minimum table
by score `meld_minimums_by_score` and a minimum by round `meld_minimums`. The table below is the one place that knows
the older names; a variant's module declares only the new ones.
"""
from __future__ import annotations

import copy
from typing import Any, Mapping

import lang

from .base import FieldError
from .declare import HouseRule
from .registry import get_variant

BY_SCORE = "meld_minimums_by_score"
OLD_BASE, OLD_TIERS = "min_meld", "min_meld_tiers"  # the lowest minimum and [[score reached, minimum], …] beside it

# variant id → {older key: its name now}
RENAMED: dict[str, dict[str, str]] = {
    "ponytail": {"natural_canasta": "natural_canasta_bonus", "dirty_canasta": "dirty_canasta_bonus",
                 "sevens_canasta": "sevens_canasta_bonus", "wild_canasta": "wild_canasta_bonus",
                 "red_three": "red_three_bonus", "black_three": "black_three_penalty", "going_out": "going_out_bonus"},
    "pony": {"wild_canasta": "wild_canasta_bonus", "sevens_canasta": "sevens_canasta_bonus",
             "natural_canasta": "natural_canasta_bonus", "black_canasta": "black_canasta_bonus",
             "surprise_wild": "surprise_wild_canasta_bonus", "surprise_sevens": "surprise_sevens_canasta_bonus",
             "surprise_natural": "surprise_natural_canasta_bonus", "surprise_black": "surprise_black_canasta_bonus",
             "red_trey": "red_three_bonus", "red_trey_set": "four_red_threes_bonus", "black_trey": "black_three_penalty",
             "going_out": "going_out_bonus", "failed_going_out": "failed_going_out_penalty"},
    "five-person": {"pure_canasta": "pure_canasta_bonus", "impure_canasta": "impure_canasta_bonus",
                    "pure_super_canasta": "pure_super_canasta_bonus",
                    "impure_super_canasta": "impure_super_canasta_bonus", "kitty": "kitty_bonus",
                    "finishing": "going_out_bonus", "opening_minimum": "meld_minimum",
                    "opening_minimum_reduced": "meld_minimum_reduced"},
    "classic": {"natural_canasta": "natural_canasta_bonus", "mixed_canasta": "mixed_canasta_bonus",
                "red_three": "red_three_bonus", "red_three_all_four": "four_red_threes_bonus",
                "going_out": "going_out_bonus", "going_out_concealed": "going_out_concealed_bonus"},
}
# the variants whose min_meld and min_meld_tiers are now one meld_minimums_by_score table
BY_SCORE_NOW = frozenset({"ponytail", "pony", "classic"})
OLD_BASE_RULE = HouseRule(OLD_BASE, "points", 0, lang.L_("Initial meld minimum"))
OLD_TIERS_RULE = HouseRule(OLD_TIERS, "tiers", [], lang.L_("Higher minimums"))


def older_keys(variant_id: str) -> dict[str, str]:
    """Every older key of a variant with its name now (min_meld and min_meld_tiers: meld_minimums_by_score)."""
    found = dict(RENAMED.get(variant_id, {}))
    if variant_id in BY_SCORE_NOW:
        found.update({OLD_BASE: BY_SCORE, OLD_TIERS: BY_SCORE})
    return found


def score_table(base: Any, tiers: Any, default: list) -> list[list]:
    """min_meld and min_meld_tiers as one [from, minimum] table (the first from null); either may be None, then the
    default's part stands. Tiers at the same score keep the higher minimum, as they counted before."""
    first = default[0][1] if base is None else base
    rows = [list(r) for r in default[1:]] if tiers is None else sorted([int(a), int(b)] for a, b in tiers)
    kept: dict[int, int] = {}
    for at, least in rows:
        kept[at] = least  # sorted: the last at a score is its highest minimum, the one the old tiers applied
    return [[None, first]] + [[at, least] for at, least in sorted(kept.items())]


def renamed(variant_id: str, rules: Mapping, defaults: Mapping) -> dict:
    """House rules with every older key in its name now (already-checked values: a stored game, a kept rule set)."""
    names = RENAMED.get(variant_id, {})
    if not any(k in names or k in (OLD_BASE, OLD_TIERS) for k in rules):
        return dict(rules)
    old = variant_id in BY_SCORE_NOW and (OLD_BASE in rules or OLD_TIERS in rules)
    if old and not (_whole(rules.get(OLD_BASE, 0)) and _pairs(rules.get(OLD_TIERS, []))):
        old = False  # not what Meldbook stored (a damaged file): kept as sent, for the checks to refuse by name
    found = {names.get(k, k): v for k, v in rules.items() if not (old and k in (OLD_BASE, OLD_TIERS))}
    if old:
        found[BY_SCORE] = score_table(rules.get(OLD_BASE), rules.get(OLD_TIERS), defaults[BY_SCORE])
    return found


def _whole(n: Any) -> bool:
    return type(n) is int


def _pairs(tiers: Any) -> bool:
    return isinstance(tiers, list) and all(isinstance(t, list) and len(t) == 2 and all(map(_whole, t)) for t in tiers)


def renamed_options(variant: Any, options: Any) -> Any:
    """Options (a rule set's, those sent beside one) with their house rules' older keys in today's names, nothing
    added; anything that is no object is given back as it is, for the checks to refuse."""
    if not isinstance(options, dict) or not isinstance(options.get("house_rules"), dict):
        return options
    return {**options, "house_rules": renamed(variant.id, options["house_rules"], variant.house_rules)}


def current(variant: Any, options: Mapping) -> dict:
    """A stored game's options in today's names, with every house rule it predates at its default (which leaves its
    scoring as it was: each new key's default is the variant's old rule)."""
    defaults = variant.house_rules
    rules = renamed(variant.id, options.get("house_rules") or {}, defaults)
    missing = [k for k in defaults if k not in rules]
    if not missing and rules == options.get("house_rules"):
        return dict(options)
    return {**options, "house_rules": {**{k: copy.deepcopy(defaults[k]) for k in missing}, **rules}}


def read(variant: Any, raw: dict) -> tuple[dict, dict[str, str], list[FieldError]]:
    """A table's house rules as sent, older keys read: (the rules in today's names, today's name → the key sent,
    refusals). An older key and its name now sent together are refused: which would count?"""
    names = older_keys(variant.id)
    errors: list[FieldError] = []
    sent_as: dict[str, str] = {}
    for old in [k for k in raw if k in names]:
        new = names[old]
        if new in raw:
            errors.append(FieldError(f"options.house_rules.{old}", lang._(
                "'%(old)s' is the older name of house rule '%(new)s'; send only '%(new)s'.", old=old, new=new)))
        sent_as.setdefault(new, old)
    if errors or not sent_as:
        return ({} if errors else dict(raw)), sent_as, errors
    rules = {names.get(k, k): v for k, v in raw.items() if k not in (OLD_BASE, OLD_TIERS)}
    if OLD_BASE in raw or OLD_TIERS in raw:
        base = tiers = None
        if OLD_BASE in raw:
            base, err = OLD_BASE_RULE.read(raw[OLD_BASE], f"options.house_rules.{OLD_BASE}")
            errors += [err] if err else []
        if OLD_TIERS in raw:
            tiers, err = OLD_TIERS_RULE.read(raw[OLD_TIERS], f"options.house_rules.{OLD_TIERS}")
            errors += [err] if err else []
        if not errors:
            rules[BY_SCORE] = score_table(base, tiers, variant.house_rules[BY_SCORE])
        sent_as[BY_SCORE] = OLD_TIERS if OLD_TIERS in raw else OLD_BASE
    return rules, sent_as, errors


def current_names(data: Any) -> Any:
    """An export's (or a restored database's) games and club nights with their options in today's names, as
    `current` gives a stored game's. Anything not in an export's shape is given back as it is, for the checks to
    refuse."""
    if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in ("games", "events")):
        return data
    return {**data, "games": [_current_item(x) for x in data["games"]],
            "events": [_current_item(x) for x in data["events"]]}


def _current_item(item: Any) -> Any:
    variant = get_variant(item.get("variant")) if isinstance(item, dict) else None
    options = item.get("options") if variant else None
    if not isinstance(options, dict) or not isinstance(options.get("house_rules", {}), dict):
        return item
    return {**item, "options": current(variant, options)}
