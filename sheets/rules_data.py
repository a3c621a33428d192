"""A variant's rules in printable rows, read from its scoring module and a game's options snapshot.

Nothing numeric is written here: every bonus, value and minimum comes from `scoring/`, so a house
rule a table chose shows on its own sheets and a corrected default shows on the rules card.
"""
from __future__ import annotations

from scoring import five_person, pony, ponytail
from scoring.variant import Variant

from .layout import num

HOUSE_RULE_LABELS = {
    "natural_canasta": "Natural canasta", "dirty_canasta": "Dirty canasta", "sevens_canasta": "Sevens canasta",
    "wild_canasta": "Wild canasta", "black_canasta": "Black canasta", "red_three": "Red three, each",
    "black_three": "Black three in hand, each", "going_out": "Going out", "cut_bonus": "Cut bonus",
    "unpicked_pony_counts": "Unpicked pony counts against", "min_meld": "Initial meld minimum",
    "min_meld_tiers": "Meld minimum tiers", "surprise_wild": "Surprise wild extra",
    "surprise_sevens": "Surprise sevens extra", "surprise_natural": "Surprise natural extra",
    "surprise_black": "Surprise black extra", "red_trey": "Red trey, each", "red_trey_set": "Set of four red treys",
    "black_trey": "Black trey in hand, each", "failed_going_out": "Could not go out after asking",
    "failed_meld_step": "Failed meld raises minimum by", "pure_canasta": "Pure canasta",
    "impure_canasta": "Impure canasta", "pure_super_canasta": "Pure super canasta",
    "impure_super_canasta": "Impure super canasta", "kitty": "Kitty picked up", "finishing": "Finishing",
    "max_kitties": "Kitties a deal", "finish_needs_canasta": "Finishing needs a canasta (own or partner's)",
    "opening_minimum": "Opening minimum", "opening_minimum_reduced": "Reduced opening minimum",
}


def rule_value(value) -> str:
    """A house rule's value in words: yes/no, a number, or tiers like '15,000: 90 · 30,000: 120'."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " · ".join(f"from {num(a)}: {num(b)}" for a, b in value) or "none"
    return num(value) if isinstance(value, int) else str(value)


def house_rule_changes(variant: Variant, options: dict) -> list[tuple[str, str, str]]:
    """(rule, default, this game) for every house rule the table changed."""
    chosen = options.get("house_rules", {})
    return [(HOUSE_RULE_LABELS.get(k, k.replace("_", " ").capitalize()), rule_value(v), rule_value(chosen[k]))
            for k, v in variant.house_rules.items() if k in chosen and chosen[k] != v]


def _help(variant: Variant, field: str) -> str:
    return next(f.help for f in variant.fields if f.name == field)


def card_values(variant: Variant) -> list[tuple[str, str]]:
    """(cards, points each), highest first."""
    rows = [(variant.card_names.get(k, k), num(v)) for k, v in variant.card_values.items()]
    if variant.uses_decks:
        rows.append(("3 (red or black)", "no card value"))
    return rows


def canastas(variant: Variant, options: dict) -> tuple[list[str], list[list[str]]]:
    """The canasta bonus table: header and one row per kind."""
    rules = options["house_rules"]
    if variant.id == pony.VARIANT.id:
        return (["Canasta", "Contents", "Bonus", "Surprise extra"],
                [[word.capitalize(), _help(variant, count), num(rules[f"{kind}_canasta"]), "+" + num(rules[f"surprise_{kind}"])]
                 for kind, (count, _, _, word) in pony.CANASTAS.items()])
    if variant.id == five_person.VARIANT.id:
        return (["Canasta", "Contents", "Bonus"],
                [[word.capitalize(), _help(variant, f), num(rules[key])]
                 for f, (key, _, _, word) in five_person.CANASTAS.items()])
    return (["Canasta", "Contents", "Bonus"],
            [[word.capitalize(), _help(variant, f), num(rules[key])] for f, (key, _, word) in ponytail.CANASTAS.items()])


def bonuses(variant: Variant, options: dict) -> list[tuple[str, str]]:
    """Every other part of a hand score: (what, points)."""
    r = options["house_rules"]
    rows = [("Melded points (canasta cards included)", "plus"), ("Points left in hand", "minus")]
    if variant.id == five_person.VARIANT.id:
        rows += [(f"Kitty picked up (at most {r['max_kitties']} a deal)", f"+{num(r['kitty'])} each"),
                 ("Finishing (going out)", f"+{num(r['finishing'])}"),
                 ("Super canasta (13-card sequence, at least 115 melded points; 110 with a joker): "
                  "its bonus replaces the canasta bonus", ""),
                 ("Deal score: your own score + your partner's (two seats on)", "")]
        return rows
    pony_words = variant.id == pony.VARIANT.id
    red, black = ("red_trey", "black_trey") if pony_words else ("red_three", "black_three")
    word = "trey" if pony_words else "three"
    rows.append((f"Red {word} laid down", f"+{num(r[red])} each"))
    if pony_words:
        rows.append(("Each complete set of four red treys", f"{num(r['red_trey_set'])} instead"))
    rows += [(f"Black {word} left in hand", f"−{num(r[black])} each"),
             ("Going out", f"+{num(r['going_out'])}")]
    if pony_words:
        rows.append(("Asked permission to go out, then could not (partners; taken even if the side goes out "
                     "later in the round)", f"−{num(r['failed_going_out'])}"))
    else:
        rows.append((f"Cut bonus: {_help(variant, 'cut_bonus').lower()}", f"+{num(r['cut_bonus'])}"))
    rows.append(("Pony never picked up", "minus its points" if r["unpicked_pony_counts"] else "not counted"))
    return rows


def going_out(variant: Variant, options: dict) -> str:
    """What a side needs before it may go out."""
    if variant.id == five_person.VARIANT.id:
        if options["house_rules"]["finish_needs_canasta"]:
            return ("To finish, the player or their partner (two seats after) must have a canasta. "
                    "At most one player finishes a deal.")
        return "A player may finish without a canasta. At most one player finishes a deal."
    table = pony.CANASTAS.values() if variant.id == pony.VARIANT.id else ponytail.CANASTAS.values()
    words = [row[-1] for row in table]
    return (f"To go out a side needs at least one canasta of each kind: {', '.join(words[:-1])} and {words[-1]}. "
            "At most one side goes out; a hand may also end when the stock runs out.")


def meld_minimums(variant: Variant, options: dict) -> tuple[list[tuple[str, str]], str]:
    """(score before the hand, initial-meld minimum) rows, and a note."""
    r = options["house_rules"]
    if variant.id == five_person.VARIANT.id:
        return ([("Opening minimum", num(r["opening_minimum"])),
                 ("With a kitty, when finishing, or when the partner has a canasta", num(r["opening_minimum_reduced"]))],
                "")
    tiers = sorted(r["min_meld_tiers"])
    bounds = [t for t, _ in tiers]
    rows = [(f"below {num(bounds[0])}" if bounds else "any score", num(r["min_meld"]))]
    for i, (threshold, minimum) in enumerate(tiers):
        upto = f" to {num(bounds[i + 1] - 5)}" if i + 1 < len(bounds) else " and up"
        rows.append((f"{num(threshold)}{upto}", num(minimum)))
    note = "Negative scores use the lowest minimum."
    if variant.has_failed_melds:
        note += (f" A side that lays down too little and cannot mend it takes the meld back; its minimum rises by "
                 f"{num(r['failed_meld_step'])} for the rest of the hand, for each such failure.")
    return rows, note


def end_of_game(variant: Variant, options: dict, card: bool = False) -> str:
    """When the game ends and who wins (`card`: the usual rules for every seating, not one game's)."""
    word = "deal" if variant.id == five_person.VARIANT.id else "hand"
    parts = [f"The game ends after the {word} in which anyone reaches {num(options['target'])}"]
    alone = variant.default_max_hands([{"players": [""]}] * 2) if card else None
    if alone:
        parts.append(f"or, for players alone, after {alone} {word}s (partnerships: no limit)")
    elif options.get("max_hands"):
        parts.append(f"or after {options['max_hands']} {word}s")
    if options.get("finish_at"):
        parts.append("or at the table's finish time (the hand in play is finished and scored)")
    elif variant.id == pony.VARIANT.id:
        parts.append("or, if the table sets a finish time, when it has passed (the round in play is finished first)")
    return (", ".join(parts) + ". Highest total wins; equal totals share the win. "
            "The margin is the winner's total minus the runner-up's.")
