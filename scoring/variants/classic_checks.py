"""Classic Canasta's checks of a hand (RULES.md §7 "Checks", §14 "Classic"): what two 54-card decks hold, all sides
together, and what going out needs at this table."""
from __future__ import annotations

import lang

from ..base import FieldError
from ..deck54 import CARD_VALUES, WITH_BLACK_THREES, deck_limits, melded_covers_canastas, one_goes_out

# a deck's card points where black threes are fives: 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K)
# + 18 × 5 (4 to 7, black 3s) = 590, derived from the deck's declarations (deck54.WITH_BLACK_THREES)
DECK_POINTS = sum(n * CARD_VALUES[card] for card, n in WITH_BLACK_THREES.items())
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
    return deck_limits(entries, decks, red="red_threes", black="black_threes", wild_full="wild_canastas",
                       dirty="mixed_canastas", sevens=None, cards=("melded", "in_hand"), cards_words=None,
                       deck_points=DECK_POINTS, red_word=lang.Nn_("%(num)s red three", "%(num)s red threes"),
                       black_word=lang.Nn_("%(num)s black three", "%(num)s black threes"),
                       wild_word=lang.Nn_("%(num)s wild canasta", "%(num)s wild canastas"),
                       dirty_word=lang.Nn_("%(num)s mixed canasta", "%(num)s mixed canastas"))
