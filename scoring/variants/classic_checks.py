"""Classic Canasta's checks of a hand (RULES.md §7 "Checks", §14 "Classic"): what two 54-card decks hold, all sides
together, and what going out needs at this table."""
from __future__ import annotations

import lang

from ..base import FieldError, last_side_with
from .shared import decks_counted
from ..deck54 import CANASTA_CARDS, THREES_PER_DECK, WILD_PER_DECK, melded_covers_canastas, one_goes_out

DECK_POINTS = 590  # 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K) + 18 × 5 (4 to 7, black 3s)
LEAST = {"natural_canastas": 35, "mixed_canastas": 50, "wild_canastas": 140}  # melded points one canasta holds
KINDS = tuple(LEAST)
# each kind as the checks name it, one of them: "natural canasta"
CANASTA_NAMES = {"natural_canastas": lang.L_("natural canasta"), "mixed_canastas": lang.L_("mixed canasta"),
                 "wild_canastas": lang.L_("wild canasta")}


def check_hand(entries: list[dict], options: dict, sides: list[dict],
               switched_off: list[FieldError]) -> list[FieldError]:
    """Every refusal of a Classic hand (`switched_off`: the Variant's refusals of the fields a table switched off)."""
    decks, rules = options["decks"], options["house_rules"]
    errors = switched_off + _decks(entries, decks)
    errors += melded_covers_canastas(entries, LEAST, CANASTA_NAMES)
    errors += one_goes_out(entries, sides, "went_out", {}, "go out")
    need = rules["go_out_canastas"]
    for i, e in enumerate(entries):
        name = sides[i]["name"]
        made = sum(e[k] for k in KINDS)
        if e["went_out"] and not made and need == 1:
            errors.append(FieldError(f"entries[{i}].went_out", lang._(
                "%(name)s cannot go out: going out needs at least one canasta, and %(name)s has none.", name=name)))
        elif e["went_out"] and made < need:
            errors.append(FieldError(f"entries[{i}].went_out", lang.ngettext(
                "%(name)s cannot go out: going out needs %(num)s canasta, and %(name)s has %(have)s.",
                "%(name)s cannot go out: going out needs %(num)s canastas, and %(name)s has %(have)s.",
                need, name=name, have=lang.number(made))))
        if e["concealed"] and not e["went_out"]:
            errors.append(FieldError(f"entries[{i}].concealed", lang._(
                "%(name)s is marked as going out concealed but not as going out; tick Went out too, or untick "
                "concealed.", name=name)))
    return errors


def _decks(entries: list[dict], decks: int) -> list[FieldError]:
    """Red threes, black threes held, wild cards and card points within what the decks hold, all sides together."""
    d = decks_counted(decks)
    errors = []
    reds = sum(e["red_threes"] for e in entries)
    if reds > THREES_PER_DECK * decks:
        errors.append(FieldError(f"entries[{last_side_with(entries, 'red_threes')}].red_threes", lang.ngettext(
            "%(num)s red three recorded, but %(decks)s hold only %(limit)s.",
            "%(num)s red threes recorded, but %(decks)s hold only %(limit)s.",
            reds, decks=d, limit=lang.number(THREES_PER_DECK * decks))))
    blacks = sum(e["black_threes"] for e in entries)
    if blacks > THREES_PER_DECK * decks:
        errors.append(FieldError(f"entries[{last_side_with(entries, 'black_threes')}].black_threes", lang.ngettext(
            "%(num)s black three recorded, but %(decks)s hold only %(limit)s.",
            "%(num)s black threes recorded, but %(decks)s hold only %(limit)s.",
            blacks, decks=d, limit=lang.number(THREES_PER_DECK * decks))))
    mixed = sum(e["mixed_canastas"] for e in entries)
    wild = sum(e["wild_canastas"] for e in entries)
    if wild:  # a wild canasta takes seven of the jokers and 2s, a mixed one at least one more
        needed = CANASTA_CARDS * wild + mixed
        if needed > WILD_PER_DECK * decks:
            i = last_side_with(entries, "wild_canastas", "mixed_canastas")
            errors.append(FieldError(f"entries[{i}].{'wild_canastas' if entries[i]['wild_canastas'] else 'mixed_canastas'}",
                                     lang.ngettext(
                "%(wild)s and %(mixed)s need at least %(needed)s wild cards, but %(num)s deck holds only %(most)s "
                "jokers and 2s.",
                "%(wild)s and %(mixed)s need at least %(needed)s wild cards, but %(num)s decks hold only %(most)s "
                "jokers and 2s.", decks, wild=lang.ngettext("%(num)s wild canasta", "%(num)s wild canastas", wild),
                mixed=lang.ngettext("%(num)s mixed canasta", "%(num)s mixed canastas", mixed),
                needed=lang.number(needed), most=lang.number(WILD_PER_DECK * decks))))
    elif mixed > WILD_PER_DECK * decks:
        errors.append(FieldError(f"entries[{last_side_with(entries, 'mixed_canastas')}].mixed_canastas", lang.ngettext(
            "%(num)s mixed canasta needs at least %(num)s wild card, but %(decks)s hold only %(limit)s jokers and 2s.",
            "%(num)s mixed canastas need at least %(num)s wild cards, but %(decks)s hold only %(limit)s jokers "
            "and 2s.", mixed, decks=d, limit=lang.number(WILD_PER_DECK * decks))))
    card_points = sum(e["melded"] + e["in_hand"] for e in entries)
    if card_points > DECK_POINTS * decks:
        i = last_side_with(entries, "melded", "in_hand")
        errors.append(FieldError(f"entries[{i}].{'in_hand' if entries[i]['in_hand'] else 'melded'}", lang._(
            "All sides together recorded %(points)s card points, but %(decks)s hold only %(limit)s.",
            points=lang.number(card_points), decks=d, limit=lang.number(DECK_POINTS * decks))))
    return errors
