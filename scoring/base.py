"""Shared building blocks of every variant: entry fields, refusals, side scores."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import lang

from . import kinds

# Above this a count or a point total is nonsense at any table; it keeps messages readable
# and arithmetic small whatever a client sends.
MAX_NUMBER = 1_000_000


@dataclass(frozen=True)
class FieldError:
    """One refusal: the field it is about (or None) and a sentence a player understands."""

    field: str | None
    message: str

    def as_dict(self) -> dict:
        return {"field": self.field, "message": self.message}


class Refused(Exception):
    """An input the rules do not allow; carries every error found, nothing was stored."""

    def __init__(self, errors: list[FieldError], status: int = 422):
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors
        self.status = status


@dataclass(frozen=True)
class Field:
    """An entry field a side fills in at the end of a hand."""

    name: str
    kind: str  # a kind's name (scoring/kinds/fields.py): "count", "points", "flag", "choice" (one of `choices`)
    label: str
    help: str = ""
    per_unit: bool = True  # a count's score is count × one value (not Pony's sets of four red treys)
    once: str = ""  # a flag only one side can have in a hand: the form asks this question once ("Who went out?")
    nobody: str = ""  # what choosing nobody means, for a screen reader (" (the stock ran out)")
    pairs_only: bool = False  # a flag that exists only for partnerships
    # The hand form's two lines beside a count's chips, when the label does not end in " canastas" and is
    # too long for them: ("Sur\u00adprise", "wild") for "…of them surprise wild" (a soft hyphen may break it).
    short: tuple[str, str] = ()
    group: str = ""  # the heading it stands under on the hand form with its neighbours: "Canastas", "Threes", "Cards"
    choices: tuple[tuple[str, str], ...] = ()  # a choice's ids and their words: ("garbage", "Garbage")
    whole: bool = False  # a choice that, once made, is the side's whole entry (American's special hand): asked first
    # counts of which a side has at most one in all, shown as one choice on the hand form ("none / 1–3 jokers / …"):
    # the fields sharing `one_of` are its options, `one_of` its question, `word` each option's words
    one_of: str = ""
    word: str = ""
    rare: bool = False  # seldom anything but 0: the hand form folds it away with the other rare fields

    def choice_word(self, value: str | None) -> str:
        """A choice's id in words ("garbage" → "Garbage"); the id itself when unknown."""
        return str(dict(self.choices).get(value, value or ""))

    @property
    def kind_of(self):
        """The kind's object (scoring/kinds/fields.py): it reads a value from JSON and the form, says its bounds."""
        return kinds.of_field(self.kind)

    def describe(self, max_value: int | None = None) -> dict:
        info = {"name": self.name, "kind": self.kind, "label": self.label, "help": self.help}
        return {**info, **self.kind_of.describe(self, max_value)}


@dataclass(slots=True)
class SideScore:
    """A side's score for one hand: named parts that add up to the total."""

    side: int
    breakdown: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())

    def as_dict(self) -> dict:
        return {"side": self.side, "total": self.total, "breakdown": self.breakdown, **self.extra}


def plural(n: int, one: Any, many: Any = None) -> str:
    """'1 red three', '13 red threes'; `one` may be a pair marked with lang.Nn_, said with ngettext ("3 Decks")."""
    if isinstance(one, tuple):
        return lang.counted(one, n)
    return f"{lang.number(n)} {one if n == 1 else (many or one + 's')}"


def team_name(players: Sequence[str]) -> str:
    """A side's name when none is typed: its players' names ('Ann & Bob', 'Ann, Bob & Cy')."""
    typed = [p for p in players if p]
    return " & ".join(typed) if len(typed) < 3 else f"{', '.join(typed[:-1])} & {typed[-1]}"


def listed(words: list, conj: str) -> str:
    """'a, b and c' / 'a or b', in the current language (`conj`: "and" or "or")."""
    if len(words) == 1:
        return str(words[0])
    some, last = ", ".join(str(w) for w in words[:-1]), str(words[-1])
    if conj == "or":
        return lang._("%(some)s or %(last)s", some=some, last=last)
    return lang._("%(some)s and %(last)s", some=some, last=last)


def sides_sent(sides: list[dict]) -> str:
    """A refused seating as it was sent: '1 side of 1 player', '3 sides of 2 / 2 / 1 players'."""
    sizes = [len(s["players"]) for s in sides]
    if sizes == [1]:
        return lang._("1 side of 1 player")
    return lang.ngettext("%(num)s side of %(sizes)s players", "%(num)s sides of %(sizes)s players", len(sides),
                         sizes=" / ".join(lang.number(n) for n in sizes))


def totals(entries: list[dict], keys: tuple[str, ...]) -> dict[str, int]:
    """Each of these fields added up over every side of a hand (what the deck checks weigh against the cards).

    Written out for the usual number of sides: this runs for every hand of every game checked."""
    n = len(entries)
    if n == 2:
        a, b = entries
        return {k: a[k] + b[k] for k in keys}
    if n == 3:
        a, b, c = entries
        return {k: a[k] + b[k] + c[k] for k in keys}
    if n == 4:
        a, b, c, d = entries
        return {k: a[k] + b[k] + c[k] + d[k] for k in keys}
    return {k: sum(e[k] for e in entries) for k in keys}


def last_side_with(entries: list[dict], *names: str) -> int:
    """Index of the last side that entered a non-zero value in any of these fields (where a total tipped over)."""
    for i in range(len(entries) - 1, -1, -1):
        if any(entries[i].get(name) for name in names):
            return i
    return 0


def meld_minimum(total: int, base: int, tiers: list[list[int]]) -> int:
    """The opening minimum for a cumulative score: the highest tier reached, else the base."""
    minimum = base
    for threshold, value in sorted(tiers):
        if total >= threshold:
            minimum = value
    return minimum
