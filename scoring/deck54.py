"""Card values and checks shared by the variants played with 54-card decks (Ponytail, Pony, Hand and Foot)."""
from __future__ import annotations

from functools import reduce
from typing import Any

import lang
from lang import L_

from .base import Field, FieldError, last_side_with, listed, plural
from .declare import HouseRule, SheetColumn
from .shape import Words

CARD_VALUES = {"jokers": 50, "twenties": 20, "tens": 10, "fives": 5}
# which cards carry each value; threes have none (red ones are a bonus, black ones a penalty)
CARD_NAMES = {"jokers": L_("Joker"), "twenties": L_("A, 2"), "tens": L_("K, Q, J, 10, 9, 8"), "fives": L_("7, 6, 5, 4")}
DECK_POINTS = 580  # 2 jokers × 50 + 8 × 20 (aces, 2s) + 24 × 10 (8 to K) + 16 × 5 (4 to 7)
DECK_COUNTS = {"jokers": 2, "twenties": 8, "tens": 24, "fives": 16}  # one deck's cards of each value (threes: none)
WITH_BLACK_THREES = {**DECK_COUNTS, "fives": 18}  # where black threes are fives (Classic, Samba, Bolivia): 590
THREES_PER_DECK = 2  # of each colour
WILD_PER_DECK = 6  # 2 jokers + 4 twos
SEVENS_PER_DECK = 4
NATURALS_PER_DECK = 44  # the 4s to aces: 11 ranks × 4
CANASTA_CARDS = 7
CARD_FIELDS = ("melded", "in_hand", "unpicked_pony")  # Ponytail's and Pony's card-points fields, melded first
# the card values' words, one and many ("2 jokers × 50 + 1 ten × 10")
CARD_WORDS = {"jokers": (L_("joker"), L_("jokers")), "twenties": (L_("twenty"), L_("twenties")),
              "tens": (L_("ten"), L_("tens")), "fives": (L_("five"), L_("fives"))}
CARD_COUNTED = {"jokers": lang.Nn_("%(num)s joker", "%(num)s jokers"),  # a refusal's count: "5 jokers counted"
                "twenties": lang.Nn_("%(num)s twenty", "%(num)s twenties"),
                "tens": lang.Nn_("%(num)s ten", "%(num)s tens"), "fives": lang.Nn_("%(num)s five", "%(num)s fives")}



class ThreesAside:
    """The 54-card deck as a variant in which no three carries a card value declares it (Pony, Ponytail, Hand and
    Foot, American): put it before Variant among the bases, `class Pony(ThreesAside, Variant)`."""
    card_values = CARD_VALUES
    card_words = CARD_WORDS
    card_names = CARD_NAMES
    deck_counts = DECK_COUNTS
    card_counted = CARD_COUNTED
    valueless_cards = L_("3 (red or black)")


# the pony of Ponytail and Pony (the 11 cards dealt aside, RULES.md §1, §2): the house rule, the field and its column
UNPICKED_PONY_COUNTS = HouseRule("unpicked_pony_counts", "flag", True, L_("An unpicked pony counts against the side"),
                                 L_("Unpicked pony counts against"))
UNPICKED_PONY = Field("unpicked_pony", "points", L_("Unpicked pony"), L_("Card values of a pony never picked up"),
                      group=L_("Cards"))
PONY_COLUMN = SheetColumn(lang.lazy_pgettext("sheet column", "Pony"), "points", "unpicked_pony", optional=True,
                          counted_by="unpicked_pony_counts")

def deck_limits(entries: list[dict], decks: int, *, red: str, black: str, red_word: Any, black_word: Any,
                wild_full: str, dirty: str, sevens: str | None, dirty_word: Any, wild_word: Any,
                red_held: str | None = None, sevens_word: Any = "sevens canasta", cards: tuple[str, ...] = CARD_FIELDS,
                cards_words: Any = "melded, in hand and ponies", deck_points: int = DECK_POINTS) -> list[FieldError]:
    """Nothing may exceed what `decks` 54-card decks hold, all sides of the hand together (`deck_points`: a deck's
    card points at this table; `sevens`: None where no sevens canasta is played, Classic's; `cards_words`: None where
    the card points are only melded and in hand, said without them)."""
    # the `…_word`s: a word said as plural() says it (a pair marked with lang.Nn_ says it in every language)
    # `red_held`: red threes held (Hand and Foot), counted with those laid down; `cards`: card points, melded first
    reds = blacks = wild_canastas = dirty_canastas = sevens_canastas = points = 0
    for e in entries:  # one pass: this runs for every hand of every game read
        reds += e[red] + (e[red_held] if red_held else 0)
        blacks += e[black]
        wild_canastas += e[wild_full]
        dirty_canastas += e[dirty]
        sevens_canastas += e[sevens] if sevens else 0
        for name in cards:
            points += e[name]
    wild_needed = CANASTA_CARDS * wild_canastas + dirty_canastas
    sevens_needed = CANASTA_CARDS * sevens_canastas
    if (reds <= THREES_PER_DECK * decks and blacks <= THREES_PER_DECK * decks and wild_needed <= WILD_PER_DECK * decks
            and sevens_needed <= SEVENS_PER_DECK * decks and points <= deck_points * decks):
        return []
    errors = []
    for names, word, total in (((red, red_held), red_word, reds), ((black,), black_word, blacks)):
        if total > THREES_PER_DECK * decks:
            side = last_side_with(entries, *filter(None, names))
            name = next(n for n in reversed(names) if n and entries[side][n])
            errors.append(FieldError(f"entries[{side}].{name}", lang.ngettext(
                "%(counted)s recorded, but %(num)s deck hold only %(most)s.",
                "%(counted)s recorded, but %(num)s decks hold only %(most)s.", decks,
                counted=plural(total, word), most=lang.number(THREES_PER_DECK * decks))))
    if wild_needed > WILD_PER_DECK * decks and not wild_canastas:
        errors.append(FieldError(f"entries[{last_side_with(entries, dirty)}].{dirty}", lang.ngettext(
            "%(dirty)s need at least %(needed)s wild cards, but %(num)s deck hold only %(most)s jokers and 2s.",
            "%(dirty)s need at least %(needed)s wild cards, but %(num)s decks hold only %(most)s jokers and 2s.",
            decks, dirty=plural(dirty_canastas, dirty_word), needed=lang.number(wild_needed),
            most=lang.number(WILD_PER_DECK * decks))))
    elif wild_needed > WILD_PER_DECK * decks:
        side = last_side_with(entries, wild_full, dirty)
        errors.append(FieldError(f"entries[{side}].{wild_full if entries[side][wild_full] else dirty}", lang.ngettext(
            "%(wild)s and %(dirty)s need at least %(needed)s wild cards, but %(num)s deck hold only %(most)s jokers "
            "and 2s.",
            "%(wild)s and %(dirty)s need at least %(needed)s wild cards, but %(num)s decks hold only %(most)s jokers "
            "and 2s.", decks, wild=plural(wild_canastas, wild_word), dirty=plural(dirty_canastas, dirty_word),
            needed=lang.number(wild_needed), most=lang.number(WILD_PER_DECK * decks))))
    if sevens_needed > SEVENS_PER_DECK * decks:
        side = last_side_with(entries, sevens)
        errors.append(FieldError(f"entries[{side}].{sevens}", lang.ngettext(
            "%(counted)s need %(needed)s sevens, but %(num)s deck hold only %(most)s.",
            "%(counted)s need %(needed)s sevens, but %(num)s decks hold only %(most)s.", decks,
            counted=plural(sevens_canastas, sevens_word), needed=lang.number(sevens_needed),
            most=lang.number(SEVENS_PER_DECK * decks))))
    if points > deck_points * decks:
        side = last_side_with(entries, *cards)
        field = next((n for n in cards[1:] if entries[side][n]), cards[0])
        if cards_words is None:
            errors.append(FieldError(f"entries[{side}].{field}", lang._(
                "All sides together recorded %(points)s card points, but %(decks)s hold only %(limit)s.",
                points=lang.number(points), decks=lang.ngettext("%(num)s deck", "%(num)s decks", decks),
                limit=lang.number(deck_points * decks))))
            return errors
        errors.append(FieldError(f"entries[{side}].{field}", lang.ngettext(
            "All sides together recorded %(points)s card points (%(where)s), but %(num)s deck hold only %(most)s.",
            "All sides together recorded %(points)s card points (%(where)s), but %(num)s decks hold only %(most)s.",
            decks, points=lang.number(points), where=lang.shown(cards_words), most=lang.number(deck_points * decks))))
    return errors


def melded_covers_canastas(entries: list[dict], least: dict[str, int], words: dict[str, Any]) -> list[FieldError]:
    """Melded points must be at least what the declared canastas alone are worth."""
    errors = []
    pairs = least.items()
    for i, e in enumerate(entries):
        need = 0
        for name, pts in pairs:
            need += e[name] * pts
        if e["melded"] < need:
            held = ", ".join(plural(e[n], words[n]) for n in least if e[n])
            errors.append(FieldError(f"entries[{i}].melded", lang._(
                "Melded points are %(melded)s, but %(held)s alone hold at least %(need)s points of cards.",
                melded=lang.number(e["melded"]), held=held, need=lang.number(need))))
    return errors


def one_goes_out(entries: list[dict], sides: list[dict], flag: str, required: dict[str, Any], verb: str,
                 words: Words = Words()) -> list[FieldError]:
    """At most one side goes out in a hand (said in the variant's `words`), and only with one canasta of each
    required kind."""
    # `verb`: "go out" in every variant so far; `per` and the `required` words are said in the current language
    errors = []
    out = [i for i, e in enumerate(entries) if e[flag]]
    if len(out) > 1:
        names = reduce(lambda some, last: lang._("%(some)s and %(last)s", some=some, last=last),
                       [sides[i]["name"] for i in out])
        for i in out[1:]:
            if verb == "go out":
                said = words.say("Only one side can go out in a %(round)s, but %(names)s are marked.", names=names)
            else:
                said = words.say("Only one side can %(verb)s in a %(round)s, but %(names)s are marked.",
                                 verb=lang.shown(verb), names=names)
            errors.append(FieldError(f"entries[{i}].{flag}", said))
    for i in out:
        missing = [lang.shown(word) for name, word in required.items() if entries[i][name] < 1]
        if missing:
            kinds = listed([lang.shown(w) for w in required.values()], "and")
            if verb == "go out":
                said = lang._("%(side)s cannot go out: going out needs a %(kinds)s canasta, and %(side)s has no "
                              "%(missing)s canasta.", side=sides[i]["name"], kinds=kinds, missing=listed(missing, "or"))
            else:
                said = lang._("%(side)s cannot %(verb)s: going out needs a %(kinds)s canasta, and %(side)s has no "
                              "%(missing)s canasta.", side=sides[i]["name"], verb=lang.shown(verb), kinds=kinds,
                              missing=listed(missing, "or"))
            errors.append(FieldError(f"entries[{i}].{flag}", said))
    return errors
