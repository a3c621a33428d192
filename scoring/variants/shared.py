"""The pieces nearly every variant declares alike, named once: melded and in-hand points, went out, the Meld / Left /
Out sheet columns, a bonus or penalty in fives, a count of one kind of meld. A variant's module then says only what
is its own (as deck54 names the 54-card deck's numbers)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import lang
from lang import L_

from ..base import Field
from ..declare import HouseRule, SheetColumn

CANASTAS = L_("Canastas")  # the hand form's headings over a variant's fields
THREES = L_("Threes")
CARDS = L_("Cards")

# a count's short words beside its chips under the "Canastas" heading (the heading says "canastas" already)
NATURAL_SHORT = (lang.lazy_pgettext("canastas", "Natural"), "")
MIXED_SHORT = (lang.lazy_pgettext("canastas", "Mixed"), "")
# and the threes' under a "Threes" heading (Samba's black threes are those held: "Black / held")
RED_SHORT = (lang.lazy_pgettext("threes", "Red"), "")
BLACK_SHORT = (lang.lazy_pgettext("threes", "Black"), "")

MELDED = Field("melded", "points", L_("Melded points"), L_("Card values of every card on the table, canastas included"),
               group=CARDS)
IN_HAND = Field("in_hand", "points", L_("In-hand points"), L_("Card values of cards left in hand"), group=CARDS)
WENT_OUT = Field("went_out", "flag", L_("Went out"), once=L_("Who went out?"), nobody=L_(" (the stock ran out)"))

MELD_COLUMN = SheetColumn(lang.lazy_pgettext("sheet column", "Meld"), "points", "melded")
LEFT_COLUMN = SheetColumn(lang.lazy_pgettext("sheet column", "Left"), "points", "in_hand")
OUT_COLUMN = SheetColumn(lang.lazy_pgettext("sheet column", "Out"), "flag", "went_out")
CARD_COLUMNS = (MELD_COLUMN, LEFT_COLUMN, OUT_COLUMN)  # the columns of the cards and going out, in this order


def melded(help: Any = None) -> Field:
    """Melded points, with the variant's own help where its melds are no canastas."""
    return MELDED if help is None else replace(MELDED, help=help)


def in_hand(help: Any = None) -> Field:
    """In-hand points, with the variant's own help where it says more (black threes included…)."""
    return IN_HAND if help is None else replace(IN_HAND, help=help)


def count(name: str, label: Any, help: Any = "", group: Any = CANASTAS, **more) -> Field:
    """A count a side enters (canastas of one kind, threes…), under the canastas heading unless said otherwise."""
    return Field(name, "count", label, help, group=group, **more)


def points_rule(key: str, default: int | None, label: Any, sheet: Any = "", **more) -> HouseRule:
    """A bonus or penalty a table may change: a whole multiple of 5 (every card total is one)."""
    return HouseRule(key, "points", default, label, sheet, step=5, **more)


def by_score_rule(default: list, step: int = 5) -> HouseRule:
    """The initial-meld minimum by a side's score before the hand: [from, minimum] rows, the first from null (`step` 1
    where the older min_meld and min_meld_tiers it replaces took any whole number)."""
    return HouseRule("meld_minimums_by_score", "by_score", default, L_("Initial meld minimum by score"),
                     L_("Meld minimums by score"),
                     note=L_("[from, minimum] rows; the first from null: every score below the next row"), step=step)


# RULES.md §14, every variant: equal top totals at the end go to the side among them that went out in the last hand
TIE_GOES_TO_GOING_OUT = HouseRule("tie_goes_to_going_out", "flag", False,
                                  L_("A tie at the end goes to the side that went out in the last hand"),
                                  L_("Tie goes to the side that went out last"))
# RULES.md §14 (turn 6), every variant: a game that ends by its target with the best totals level plays on until, after
# a hand, one side is above every other (a hand limit, a finish time or the table's end still share the tie)
TIE_PLAYS_ANOTHER_HAND = HouseRule("tie_plays_another_hand", "flag", False,
                                   L_("A tie at the target is played off: one more hand until one side is ahead"),
                                   L_("Tie at the target played off"),
                                   note=L_("a hand limit, a finish time or ending the game still share the tie"))


def decks_counted(decks: int) -> str:
    """'1 deck', '2 decks', in the current language."""
    return lang.ngettext("%(num)s deck", "%(num)s decks", decks)
