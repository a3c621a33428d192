"""What a variant declares about itself besides its scoring: house rules, canasta kinds, sheet columns, seating words.

The pages, the PDFs and the OpenAPI document render any variant from these declarations, so nothing
outside scoring/ needs to know one variant from another. A house rule also checks a table's value for it (HouseRule.read).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import lang
from lang import L_

from .base import MAX_NUMBER, FieldError, listed
from . import kinds
from .entries import whole_number
from .kinds import columns as _columns, fields as _fields  # noqa: F401  (registered)
from .kinds.house_rules import LIST_MAX, TIERS_MAX

# every kind of house rule, entry field and sheet column is a class of scoring/kinds/ (registered on import here,
# where every variant declares its fields and rules)
RULE_KINDS = tuple(kinds.RULE_KINDS)


@dataclass(frozen=True)
class HouseRule:
    """A number, a yes/no, or a few numbers a table may change when it starts a game."""

    key: str
    kind: str  # a kind's name (scoring/kinds/house_rules.py); a "counts" rule takes the keys of its default
    default: Any
    label: str  # on the new-game form
    sheet_label: str = ""  # on score sheets, when it differs from `label`
    note: str = ""  # what the label leaves unsaid, for the API description: "taken even when the side goes out later"
    step: int = 1  # every number must be a whole multiple of it (5: points a table scores in fives)
    signed: bool = False  # may be below 0 (a bonus a table turns into a penalty)
    off: str = ""  # what null means for a rule a table may switch off ("wild books are not allowed"); "": null refused
    # a "counts" rule's keys, or a "choice" rule's ids, in words, for the form and sheets: ("natural", "clean")
    words: tuple[tuple[str, str], ...] = ()
    each: str = L_("Number {n}")  # a "list" rule's numbers one by one on the form, in the variant's words ("Round {n}")
    size: int = 0  # a "list" rule of exactly this many numbers (0: 1 to LIST_MAX)
    # a "points" or "counts" rule a table may also give as a list, one value per round (rounds past it keep its last)
    per_round: bool = False
    extra: tuple[str, ...] = ()  # a "counts" rule's keys beyond its default's, kept only where a table gives them

    def key_word(self, key: str) -> str:
        """A "counts" rule's key as the form and sheets word it ("natural" → "clean")."""
        return dict(self.words).get(key, key)

    @property
    def sheet(self) -> str:
        return self.sheet_label or self.label

    @property
    def kind_of(self):
        """The kind's object (scoring/kinds/house_rules.py): it checks a value, draws and reads the form's boxes."""
        return kinds.of_rule(self.kind)

    def read(self, value: Any, where: str) -> tuple[Any, FieldError | None]:
        """A table's value for this rule checked by its kind: (the value to keep, None) or (None, the refusal)."""
        if value is None and self.off:
            return None, None
        if self.per_round and isinstance(value, list):
            return self._rounds(value, where)
        return self.kind_of.read(self, value, where, lang._("House rule '%(key)s'", key=self.key))

    def _number(self, value: Any, where: str, label: str) -> tuple[int | None, FieldError | None]:
        below_zero = self.signed and type(value) in (int, float) and value < 0
        n, err = whole_number(-value if below_zero else value, where, label)
        if err and below_zero:
            return None, FieldError(where, lang._("%(label)s must be a whole number from %(low)s to %(high)s: %(value)s is "
                                                  "not.", label=label, low=lang.number(-MAX_NUMBER),
                                                  high=lang.number(MAX_NUMBER), value=repr(value)))
        if err:
            return None, err
        n = -n if below_zero else n
        if n % self.step:
            return None, FieldError(where, lang._("%(label)s must be a multiple of %(step)s: %(value)s is not.", label=label,
                                                  step=lang.number(self.step), value=n))
        return n, None

    def _rounds(self, value: list, where: str) -> tuple[list | None, FieldError | None]:
        """A per-round rule given as a list: one value a round, each read as the rule reads one value."""
        if not 1 <= len(value) <= LIST_MAX:
            return None, FieldError(where, lang._("House rule '%(key)s' must be one value for every round, or a list "
                                                  "of 1 to %(most)s values, one per round, e.g. %(example)s.",
                                                  key=self.key, most=LIST_MAX, example=json.dumps([self.default] * 2)))
        one, values = replace(self, per_round=False), []
        for i, item in enumerate(value):
            n, err = one.read(item, f"{where}[{i}]")
            if err:
                return None, FieldError(err.field, lang._("Round %(n)s: %(refusal)s", n=i + 1, refusal=err.message))
            values.append(n)
        return values, None


@dataclass(frozen=True)
class Canasta:
    """A kind of canasta: the entry field counting it, its word, the house rule of its bonus, and the least
    melded points one holds. A surprise field (Pony) counts how many of them were laid down whole."""

    field: str
    word: str  # "natural": the rules card prints it capitalised, going-out rules list it
    bonus: str
    least: int
    surprise: str | None = None
    surprise_bonus: str | None = None
    contents: str = ""  # what the rules card says it holds, where the form's short help says less (else that help)


@dataclass(frozen=True)
class SheetColumn:
    """One column of a side's block on a score sheet."""

    head: str
    kind: str  # a field's kind (count, points, flag, choice) or a score's (own, score, total): scoring/kinds
    field: str | None = None
    surprise: str | None = None  # how many of them were surprise canastas, shown in brackets
    optional: bool = False  # may be left off a played game's sheet when nothing was ever entered there
    legend: str = ""  # the column's meaning, when it is not the field's label (with round slots: `lang.R_`)
    counted_by: str | None = None  # a flag house rule saying whether this part counts at all
    choices: tuple[tuple[str, str], ...] = ()  # a choice column's ids and the words it prints for them
    # a points column for parts of the score that have no column of their own (penalties): it prints the sum of
    # these parts of the side's breakdown, so that a row adds up on paper
    parts: tuple[str, ...] = ()
    blank_optional: bool | None = None  # may a blank sheet leave it off first when short of room (None: `optional`)

    @property
    def kind_of(self):
        """The column's kind (scoring/kinds): its cell's text, its room on the page."""
        return kinds.of_column(self.kind)

    @property
    def pen_optional(self) -> bool:
        """Whether a blank sheet may leave this column off before the others (counted into Score then)."""
        return self.optional if self.blank_optional is None else self.blank_optional


# its legend said as the variant's own whole sentence ("the deal's score …")
SCORE = SheetColumn(L_("Score"), "score", legend=lang.R_("the %(round)s's score (every part added)"))
TOTAL = SheetColumn(L_("Total"), "total", legend=L_("running total"))


@dataclass(frozen=True)
class Seating:
    """How the new-game form words the sides of this variant."""

    seat_word: str = L_("player")  # a player alone is "Player 3" (or "Seat 3") on the form
    solo_help: str = L_("Type the players in seat order, clockwise.")
    pairs_help: str = L_("Partners sit opposite each other; type the players in seat order.")
    teams_help: str = L_("Team-mates sit in every other seat; type each team's players in seat order.")
    redraw_seats: bool = False  # the table draws seats for every game: "New game, new seats", a Draw seats button
    partners_help: str = ""  # under the table of each seat's partners, when the variant has one
    # that table's columns beside each player (keys of Variant.partners' rows) and its caption on the new-game form
    partners: tuple[tuple[str, str], ...] = (("partner", L_("Partner")),)
    seats_caption: str = L_("Seats and partners")


def points(n: int) -> str:
    """10330 → '10,330' (10.330 in German); −415 with a true minus sign (for the rules text a variant writes)."""
    return lang.number(n)


def plus(n: int) -> str:
    """A bonus as the rules card writes it: '+100' (a '+' before the number, whatever its sign)."""
    return "+" + lang.number(n)


def minus(n: int) -> str:
    """A penalty as the rules card writes it: '−100' (a true minus sign)."""
    return "\u2212" + lang.number(n)
