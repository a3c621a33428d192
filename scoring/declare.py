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
from .entries import whole_number

# "count" (how many), "points", "flag" (yes/no), "tiers" ([[score reached, minimum], …]), "list" (one or more
# numbers: meld minimums by round [50, 90, 120, 150]), "counts" (how many of each: {"natural": 1, "dirty": 1}),
# "by_score" (a minimum by score: [[null, 125], [3000, 155], …], the first row for every score below the next) or
# "values" (points by name, each may be null: {"garbage": 3000, "straight": null}; a name left out keeps its default)
# or "choice" (one of the ids its `words` name: "no_meld" or "no_canasta")
RULE_KINDS = ("count", "points", "flag", "tiers", "list", "counts", "by_score", "values", "choice")
LIST_MAX = 100  # numbers in a "list" rule: far more than any table plays rounds with their own minimum
TIERS_MAX = 10


@dataclass(frozen=True)
class HouseRule:
    """A number, a yes/no, or a few numbers a table may change when it starts a game."""

    key: str
    kind: str  # one of RULE_KINDS; a "counts" rule takes the keys of its default, each a whole number ≥ 0
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

    def read(self, value: Any, where: str) -> tuple[Any, FieldError | None]:
        """A table's value for this rule checked by its kind: (the value to keep, None) or (None, the refusal)."""
        label = lang._("House rule '%(key)s'", key=self.key)
        if value is None and self.off:
            return None, None
        if self.per_round and isinstance(value, list):
            return self._rounds(value, where)
        if self.kind == "flag":
            return (value, None) if isinstance(value, bool) else (None, FieldError(where, lang._("%(label)s must be true or false.", label=label)))
        if self.kind == "tiers":
            return _tiers(value, where)
        if self.kind == "list":
            return self._list(value, where, label)
        if self.kind == "counts":
            return self._counts(value, where, label)
        if self.kind == "by_score":
            return self._by_score(value, where, label)
        if self.kind == "values":
            return self._values(value, where, label)
        if self.kind == "choice":
            ids = [key for key, _ in self.words]
            if isinstance(value, str) and value in ids:
                return value, None
            return None, FieldError(where, lang._("%(label)s must be one of %(choices)s.", label=label,
                                                  choices=listed([json.dumps(k) for k in ids], "or")))
        n, err = self._number(value, where, label)
        if err and self.off:
            err = FieldError(where, lang._("%(refusal)s Or null: %(off)s.", refusal=err.message, off=self.off))
        return n, err

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

    def _list(self, value: Any, where: str, label: str) -> tuple[list[int] | None, FieldError | None]:
        if self.size and not (isinstance(value, list) and len(value) == self.size):
            return None, FieldError(where, lang._("%(label)s must be a list of exactly %(size)s numbers, e.g. %(example)s.",
                                                  label=label, size=self.size, example=json.dumps(self.default)))
        if not isinstance(value, list) or not 1 <= len(value) <= LIST_MAX:
            return None, FieldError(where, lang._("%(label)s must be a list of 1 to %(most)s numbers, e.g. %(example)s.",
                                                  label=label, most=LIST_MAX, example=json.dumps(self.default)))
        numbers = []
        for i, item in enumerate(value):
            n, err = self._number(item, f"{where}[{i}]", lang._("%(label)s, number %(n)s", label=label, n=i + 1))
            if err:
                return None, err
            numbers.append(n)
        return numbers, None

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

    def _counts(self, value: Any, where: str, label: str) -> tuple[dict[str, int] | None, FieldError | None]:
        keys = list(self.default) + list(self.extra)
        example = json.dumps(self.default)
        if not isinstance(value, dict):
            return None, FieldError(where, lang._("%(label)s must be an object of whole numbers by %(keys)s, e.g. "
                                                  "%(example)s.", label=label, keys=listed(keys, "and"), example=example))
        for key in value:
            if key not in keys:
                return None, FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of house rule '%(rule)s'; use "
                                                                 "%(keys)s (one left out counts 0).", key=key,
                                                                 rule=self.key, keys=listed(keys, "or")))
        counts = {}
        for key in keys:  # a key left out counts 0: the table's object replaces the default whole
            if key in self.extra and key not in value:
                continue  # a key beyond the default's is kept only where given
            n, err = self._number(value.get(key, 0), f"{where}.{key}", lang._("%(label)s: %(key)s", label=label, key=key))
            if err:
                return None, err
            counts[key] = n
        return counts, None


    def _by_score(self, value: Any, where: str, label: str) -> tuple[list[list] | None, FieldError | None]:
        example = json.dumps(self.default)
        msg = lang._("%(label)s must be a list of [from, minimum] rows, the first from null (every score below the next "
                     "row), the others rising, e.g. %(example)s.", label=label, example=example)
        if not isinstance(value, list) or not 1 <= len(value) <= TIERS_MAX:
            return None, FieldError(where, msg)
        rows: list[list] = []
        for i, row in enumerate(value):
            at = f"{where}[{i}]"
            if not (isinstance(row, list) and len(row) == 2) or (row[0] is None) != (i == 0):
                return None, FieldError(at, msg)
            low = None
            if i:
                if isinstance(row[0], (int, float)) and not isinstance(row[0], bool) and row[0] < 0:
                    n, err = self._number(-row[0], at, lang._("%(label)s, row %(n)s: from", label=label, n=i + 1))
                    low = None if err else -n
                else:
                    low, err = self._number(row[0], at, lang._("%(label)s, row %(n)s: from", label=label, n=i + 1))
                if err:
                    return None, err
                if i > 1 and low <= rows[-1][0]:
                    return None, FieldError(at, msg)
            least, err = self._number(row[1], at, lang._("%(label)s, row %(n)s: minimum", label=label, n=i + 1))
            if err:
                return None, err
            rows.append([low, least])
        return rows, None

    def _values(self, value: Any, where: str, label: str) -> tuple[dict | None, FieldError | None]:
        keys = list(self.default)
        if not isinstance(value, dict):
            return None, FieldError(where, lang._("%(label)s must be an object of points by %(keys)s, e.g. %(example)s.",
                                                  label=label, keys=listed(keys, "and"), example=json.dumps(self.default)))
        chosen = dict(self.default)  # a key left out keeps its default
        for key, n in value.items():
            if key not in self.default:
                return None, FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of house rule '%(rule)s'; use "
                                                                 "%(keys)s.", key=key, rule=self.key,
                                                                 keys=listed(keys, "or")))
            if n is None:
                chosen[key] = None  # not played at this table
                continue
            n, err = self._number(n, f"{where}.{key}", lang._("%(label)s: %(key)s", label=label, key=key))
            if err:
                return None, err
            chosen[key] = n
        return chosen, None


def _tiers(value: Any, where: str) -> tuple[list[list[int]] | None, FieldError | None]:
    msg = lang._("Meld-minimum tiers must be a list of [score reached, minimum] pairs, e.g. [[15000, 90], [30000, 120]].")
    if not isinstance(value, list) or len(value) > TIERS_MAX:
        return None, FieldError(where, msg)
    tiers = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2):
            return None, FieldError(where, msg)
        a, err_a = whole_number(pair[0], where, lang._("A tier's score"))
        b, err_b = whole_number(pair[1], where, lang._("A tier's minimum"))
        if err_a or err_b:
            return None, err_a or err_b
        tiers.append([a, b])
    return sorted(tiers), None


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
    kind: str  # count | points | flag | choice | own | score | total
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
