"""Card points given as counts by value, weighed against the pack each variant declares (RULES.md §4, settled in
turn 5: "card points given as counts by value in one field of one side are refused when one value counts more cards
than the decks in play hold"; §12 and §13: all sides together as well).

A variant declares its pack once: `deck_counts` (the cards of each value in one 54-card deck, where a table chooses
its decks) or `pack_counts` (the whole pack, where it never changes), `card_counted` (each value counted in words),
and, where some cards of a value are entered elsewhere, `held_apart` (Samba's and Bolivia's black threes held, out of
the fives). Every variant's limits come from there; nothing here knows one variant from another.
"""
from __future__ import annotations

from typing import Any, Protocol

import lang

from .base import FieldError

class Variant(Protocol):
    """What this module reads of a `scoring.variant.Variant` (named here, not imported: the Variant calls this module)."""
    pack_counts: Any
    deck_counts: Any
    describe_decks: Any
    fields: Any
    card_counted: Any

    def held_apart(self, options: dict, entries: list[dict]) -> tuple | None: ...


_DECKS: dict[tuple[int, int], dict[str, int]] = {}  # a variant's deck counts times a number of decks, made once


def pack_by_value(variant: Variant, options: dict, entries: list[dict]) -> tuple[dict[str, int], tuple | None]:
    """How many cards of each card value this table's pack holds for the card-points fields, and what is held apart
    (value, how many, their words) or None."""
    if variant.pack_counts:
        counts = variant.pack_counts
    else:
        decks = options.get("decks") or variant.describe_decks
        counts = _DECKS.get((id(variant.deck_counts), decks))
        if counts is None:
            counts = _DECKS[(id(variant.deck_counts), decks)] = {card: n * decks for card, n in
                                                                 variant.deck_counts.items()}
    apart = variant.held_apart(options, entries)
    if apart and apart[0] in counts:
        counts = {**counts, apart[0]: max(counts[apart[0]] - apart[1], 0)}
    return counts, apart


def check(variant: Variant, counted: list, entries: list[dict], options: dict) -> list[FieldError]:
    """Each value counted in one field of one side (`counted`: (side, field, counts) as parse_entries read them), and
    in all of them together, no more than the pack holds."""
    if len(counted) == 1:
        added = counted[0][2]  # one field counted card by card: its counts are the hand's
    else:
        added = {}
        for _, _, value in counted:  # written plainly: this runs for every hand of every game checked
            for card, n in value.items():
                added[card] = added.get(card, 0) + n
    counts, apart = pack_by_value(variant, options, entries)
    for card, n in added.items():
        if n > counts.get(card, n):
            break
    else:
        return []  # all of them together within the pack, so each field is too: nothing to word
    labels = {f.name: f.label for f in variant.fields}
    errors, over, last = [], set(), {}
    for i, name, value in counted:
        for card, n in value.items():
            if card not in counts:
                continue  # a value the variant's pack does not declare (a variant a test registers)
            if n:
                last[card] = (i, name)
            if n > counts[card]:
                over.add(card)
                errors.append(FieldError(f"entries[{i}].{name}.{card}", _said(
                    variant, options, apart, card, n, counts[card], labels[name])))
    for card, n in added.items():
        if card in counts and n > counts[card] and card not in over:
            i, name = last[card]
            errors.append(FieldError(f"entries[{i}].{name}.{card}", _said(
                variant, options, apart, card, n, counts[card], None)))
    return errors


def _said(variant: Variant, options: dict, apart: tuple | None, card: str, n: int, most: int, label: Any) -> str:
    """The refusal in words: the field (None: all sides together), what was counted and what the pack holds."""
    counted = lang.counted(variant.card_counted[card], n)
    most_said = lang.number(most)
    if variant.pack_counts:
        if label is None:
            return lang._("All sides together counted %(counted)s, but the pack holds only %(most)s.", counted=counted,
                          most=most_said)
        return lang._("%(label)s: %(counted)s counted, but the pack holds only %(most)s.", label=label,
                      counted=counted, most=most_said)
    decks = options.get("decks") or variant.describe_decks
    if apart and apart[0] == card and apart[1]:
        held = lang.counted(apart[2], apart[1])
        if label is None:
            return lang.ngettext(
                "All sides together counted %(counted)s, but %(num)s deck holds only %(most)s beside %(held)s held.",
                "All sides together counted %(counted)s, but %(num)s decks hold only %(most)s beside %(held)s held.",
                decks, counted=counted, most=most_said, held=held)
        return lang.ngettext(
            "%(label)s: %(counted)s counted, but %(num)s deck holds only %(most)s beside %(held)s held.",
            "%(label)s: %(counted)s counted, but %(num)s decks hold only %(most)s beside %(held)s held.",
            decks, label=label, counted=counted, most=most_said, held=held)
    if label is None:
        return lang.ngettext("All sides together counted %(counted)s, but %(num)s deck holds only %(most)s.",
                             "All sides together counted %(counted)s, but %(num)s decks hold only %(most)s.",
                             decks, counted=counted, most=most_said)
    return lang.ngettext("%(label)s: %(counted)s counted, but %(num)s deck holds only %(most)s.",
                         "%(label)s: %(counted)s counted, but %(num)s decks hold only %(most)s.",
                         decks, label=label, counted=counted, most=most_said)
