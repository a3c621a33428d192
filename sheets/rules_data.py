"""A variant's rules in printable rows, read from its scoring module and a game's options snapshot.

Nothing numeric is written here: every bonus, value and minimum comes from `scoring/`, so a house
rule a table chose shows on its own sheets and a corrected default shows on the rules card.
"""
from __future__ import annotations


import lang
from scoring.variant import Variant

from .layout import num
from scoring.rule_words import house_rule_changes, rule_value  # noqa: F401 (the sheets read house_rule_changes here)


def _contents(variant: Variant, canasta) -> str:
    """What a kind of canasta holds, as the rules card says it: its own words, else its field's help."""
    return lang.shown(canasta.contents or next(f.help for f in variant.fields if f.name == canasta.field))


def card_values(variant: Variant, options: dict | None = None) -> list[tuple[str, str]]:
    """(cards, points each), highest first, as the game's house rules count them."""
    values = variant.card_values if options is None else variant.card_values_for(options)
    rows = [(lang.shown(variant.card_names.get(k, k)), num(v)) for k, v in values.items()]
    if variant.valueless_cards:
        rows.append((lang.shown(variant.valueless_cards), lang._("no card value")))
    return rows


def canastas(variant: Variant, options: dict) -> tuple[list[str], list[list[str]]]:
    """The canasta bonus table, in the variant's word for them: header and one row per kind (with the surprise extra
    where there is one; a kind the table switched off says what that means instead of a bonus)."""
    rules = options["house_rules"]
    surprise = any(c.surprise_bonus for c in variant.canastas)
    header = [capital(variant.words.meld), lang._("Contents"), lang._("Bonus")] \
        + ([lang._("Surprise extra")] if surprise else [])
    rows = []
    for c in variant.canastas:
        bonus = rule_value(rules[c.bonus], variant.house_rule(c.bonus))
        row = [capital(c.word), _contents(variant, c), capital(bonus)]
        if surprise:
            row.append("+" + num(rules[c.surprise_bonus]) if c.surprise_bonus else "")
        rows.append(row)
    return header, rows


def bonuses(variant: Variant, options: dict) -> list[tuple[str, str]]:
    """Every other part of a hand score: (what, points)."""
    return _shown_rows(variant.bonus_rows(options["house_rules"]))


def more_sections(variant: Variant, options: dict) -> list[tuple[str, list[tuple[str, ...]]]]:
    """The variant's own sections beyond the usual ones (American's special hands): (title, rows)."""
    return [(lang.shown(title), _shown_rows(rows)) for title, rows in variant.more_sections(options["house_rules"])]


def going_out(variant: Variant, options: dict) -> str:
    """What a side needs before it may go out."""
    return lang.shown(variant.going_out_text(options["house_rules"]))


def _shown_rows(rows: list) -> list[tuple[str, ...]]:
    """Rows of a variant's words (declared lazily or kept in English) as the sheet's language says them."""
    return [tuple(lang.shown(c) for c in row) for row in rows]


def meld_minimums(variant: Variant, options: dict) -> tuple[list[tuple[str, str]], str]:
    """(score before the hand, or the round…; initial-meld minimum) rows, and a note."""
    rows, note = variant.meld_rows(options["house_rules"])
    return _shown_rows(rows), lang.shown(note)


def meld_heading(variant: Variant, options: dict) -> str:
    """The heading over the meld-minimum rows' left column, as the variant's minimum declares it ("" for none)."""
    return lang.shown(variant.meld_heading(options["house_rules"]))


def end_of_game(variant: Variant, options: dict, card: bool = False) -> str:
    """When the game ends and who wins (`card`: the usual rules for every seating, not one game's)."""
    words = variant.words
    target, limit = options.get("target"), options.get("max_hands")
    alone = variant.default_max_hands([{"players": [""]}] * 2) if card else None
    parts = [words.say("after the %(round)s in which anyone reaches %(target)s", target=num(target))] \
        if target else []
    if alone and target:
        parts.append(words.say_n("or, for players alone, after %(num)s %(round)s (partnerships: no limit)",
                                 "or, for players alone, after %(num)s %(rounds)s (partnerships: no limit)", alone))
    elif limit:
        parts.append(words.say_n("or after %(num)s %(round)s", "or after %(num)s %(rounds)s", limit) if parts
                     else words.say_n("after %(num)s %(round)s", "after %(num)s %(rounds)s", limit))
    if options.get("finish_at"):
        parts.append(words.say("or at the table's finish time (the %(round)s in play is finished and scored)") if parts
                     else words.say("at the table's finish time (the %(round)s in play is finished and scored)"))
    elif variant.finish_time_note:
        parts.append(lang.shown(variant.finish_time_note))
    ends = lang._("The game ends %(when)s.", when=", ".join(parts))
    if variant.end_note(options["house_rules"]):
        ends += " " + lang.shown(variant.end_note(options["house_rules"]))
    if options["house_rules"].get("tie_plays_another_hand") and options["target"] is not None:  # RULES.md §14
        ends += " " + words.say("Level best totals at the target play another %(round)s, and another, until one side "
                                "is ahead (a %(round)s limit, a finish time or ending the game still share the tie).")
    if options["house_rules"].get("tie_goes_to_going_out"):  # RULES.md §14
        return ends + " " + lang._("Highest total wins; equal totals go to the side among them that went out in the "
                                   "last hand, else they share the win. The margin is the winner's total minus the "
                                   "runner-up's.")
    return ends + " " + lang._("Highest total wins; equal totals share the win. "
                               "The margin is the winner's total minus the runner-up's.")


def capital(words: object) -> str:
    """Words with a capital first letter, the rest as written ('wild-card canasta' → 'Wild-card canasta')."""
    words = str(words)
    return words[:1].upper() + words[1:]
