"""Samba's and Bolivia's checks (RULES.md §12 "Checks", §13 "Checks"): what the decks in play hold, the fields a
table's house rules switched off, going out."""
from __future__ import annotations

import lang

from ..base import FieldError, last_side_with, totals
from .shared import decks_counted
from ..deck54 import CANASTA_CARDS, NATURALS_PER_DECK, THREES_PER_DECK, WILD_PER_DECK, one_goes_out

from ..variant import Variant as Samba  # the Samba (or Bolivia) variant of samba.py, which imports this module

DECK_POINTS = 590  # 2 jokers × 50 + 8 × 20 + 24 × 10 + 18 × 5 (4 to 7 and black 3s)
SEQUENCES_PER_DECK = 4  # every seven-card run holds the 10 of its suit, and a deck has one 10 a suit
SHORT_NATURALS = 3
SHORT_SEQUENCE_LEAST = 15  # the least melded points a short sequence holds (its canastas' are their declarations')
TOTALLED = ("natural_canastas", "mixed_canastas", "sequence_canastas", "wild_canastas", "red_threes", "black_threes",
            "short_sequences", "melded", "in_hand")
# a field a house rule switches off (Samba.switched_off_by: the Variant refuses it above 0 and bounds it at 0)
SWITCHED = {"wild_canastas": "wild_canasta_bonus", "black_threes": "black_three_penalty",
            "short_sequences": "short_sequence_penalty"}


def least_melded(canastas: tuple) -> tuple[tuple[str, int], ...]:
    """The least melded points each entry field's melds hold: each canasta kind's as declared, a short sequence's."""
    return tuple((c.field, c.least) for c in canastas) + (("short_sequences", SHORT_SEQUENCE_LEAST),)


def made(e: dict, rules: dict) -> int:
    """A side's canastas: natural, mixed, sequences, and wild ones where they are played."""
    return e["natural_canastas"] + e["mixed_canastas"] + e["sequence_canastas"] + \
        (e["wild_canastas"] if rules["wild_canasta_bonus"] is not None else 0)


def bounds(decks: int) -> dict[str, int]:
    """The largest value each count or points field can take with these decks (the Variant sets 0 for a field
    switched off)."""
    found = {"natural_canastas": NATURALS_PER_DECK * decks // CANASTA_CARDS, "mixed_canastas": WILD_PER_DECK * decks,
             "sequence_canastas": SEQUENCES_PER_DECK * decks, "wild_canastas": WILD_PER_DECK * decks // CANASTA_CARDS,
             "red_threes": THREES_PER_DECK * decks, "black_threes": THREES_PER_DECK * decks,
             "short_sequences": NATURALS_PER_DECK * decks // SHORT_NATURALS,
             "melded": DECK_POINTS * decks, "in_hand": DECK_POINTS * decks}
    return found


def check_hand(variant: Samba, entries: list[dict], options: dict, sides: list[dict]) -> list[FieldError]:
    rules, decks = options["house_rules"], options["decks"]
    labels = variant.labels
    errors = []
    switched = variant.switched_off(rules)
    least_items = variant.least_melded
    outs = 0
    for i, e in enumerate(entries):  # written plainly: this runs for every side of every hand of every game checked
        if switched:
            errors += variant.switched_off_errors([e], rules, i)
        need = 0
        for k, least in least_items:
            need += e[k] * least
        if e["melded"] < need:
            errors.append(FieldError(f"entries[{i}].melded", lang._(
                "Melded points are %(melded)s, but the canastas and sequences entered alone hold at least %(need)s "
                "points of cards.", melded=lang.number(e["melded"]), need=lang.number(need))))
        if e["went_out"]:
            outs += 1
            errors += _goes_out(variant, i, e, rules, sides[i])
    if outs > 1:
        errors += one_goes_out(entries, sides, "went_out", {}, "go out")
    return errors + _decks(variant, entries, rules, decks, labels)


def _goes_out(variant: Samba, i: int, e: dict, rules: dict, side: dict) -> list[FieldError]:
    """Going out needs the side's canastas, and among them the sequences the table asks for; a player alone who
    went out holds nothing."""
    errors, name = [], side["name"]
    if len(side["players"]) == 1:
        held = ("in_hand",) + (("black_threes",) if rules["black_three_penalty"] is not None else ())
        errors += [FieldError(f"entries[{i}].{k}", lang._(
            "%(name)s went out playing alone, so nothing is left in hand: %(field)s must be 0, not %(value)s.",
            name=name, field=variant.labels[k], value=lang.number(e[k]))) for k in held if e[k]]
    have, seqs = made(e, rules), e["sequence_canastas"]
    need, need_seqs = rules["go_out_canastas"], rules["go_out_sequences"]
    if have >= need and seqs >= need_seqs:
        return errors
    if have < need:
        said = lang.ngettext("%(name)s cannot go out: going out needs %(num)s canasta, and %(name)s has %(have)s.",
                             "%(name)s cannot go out: going out needs %(num)s canastas, and %(name)s has %(have)s.",
                             need, name=name, have=lang.number(have))
    else:
        said = lang._("%(name)s cannot go out: going out needs %(needed)s among its canastas, and %(name)s has "
                      "%(have)s.", name=name, needed=lang.counted(variant.table.sequence_count, need_seqs),
                      have=lang.counted(variant.table.sequence_count, seqs))
    return errors + [FieldError(f"entries[{i}].went_out", said)]


def _decks(variant: Samba, entries: list[dict], rules: dict, decks: int, labels: dict) -> list[FieldError]:
    """Nothing may exceed what the decks in play hold, all sides of the hand together."""
    t = totals(entries, TOTALLED)
    black_held = t["black_threes"] if rules["black_three_penalty"] is not None else 0
    naturals = CANASTA_CARDS * (t["natural_canastas"] + t["sequence_canastas"]) \
        + variant.table.naturals_in_mixed * t["mixed_canastas"] + SHORT_NATURALS * t["short_sequences"]
    if (t["red_threes"] <= THREES_PER_DECK * decks and black_held <= THREES_PER_DECK * decks
            and t["mixed_canastas"] + CANASTA_CARDS * t["wild_canastas"] <= WILD_PER_DECK * decks
            and naturals <= NATURALS_PER_DECK * decks and t["sequence_canastas"] <= SEQUENCES_PER_DECK * decks
            and t["melded"] + t["in_hand"] <= DECK_POINTS * decks - 5 * black_held):
        return []  # the usual hand: nothing to word
    limits = [  # (needed, most, fields, words)
        (t["red_threes"], THREES_PER_DECK * decks, ("red_threes",), lang.L_("red threes")),
        (black_held, THREES_PER_DECK * decks, ("black_threes",), lang.L_("black threes")),
        (t["mixed_canastas"] + CANASTA_CARDS * t["wild_canastas"], WILD_PER_DECK * decks,
         ("mixed_canastas", "wild_canastas"), lang.L_("wild cards (jokers and 2s)")),
        (naturals, NATURALS_PER_DECK * decks, ("natural_canastas", "sequence_canastas", "mixed_canastas", "short_sequences"),
         lang.L_("natural cards (4s to aces)")),
        (t["sequence_canastas"], SEQUENCES_PER_DECK * decks, ("sequence_canastas",), variant.table.sequences),
    ]
    errors = []
    for needed, most, names, words in limits:
        if needed > most:
            side = last_side_with(entries, *names)
            field = next((n for n in reversed(names) if entries[side][n]), names[0])
            errors.append(FieldError(f"entries[{side}].{field}", lang._(
                "All sides together need at least %(needed)s %(cards)s, but %(decks)s hold only %(most)s.",
                needed=lang.number(needed), cards=lang.shown(words), decks=decks_counted(decks),
                most=lang.number(most))))
    points, most = t["melded"] + t["in_hand"], DECK_POINTS * decks - 5 * black_held
    if points > most:
        side = last_side_with(entries, "melded", "in_hand")
        field = "in_hand" if entries[side]["in_hand"] else "melded"
        errors.append(FieldError(f"entries[{side}].{field}", lang._(
            "All sides together recorded %(points)s card points, but %(decks)s hold only %(most)s.",
            points=lang.number(points), decks=decks_counted(decks), most=lang.number(most))))
    return errors
