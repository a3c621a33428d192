"""What a variant declares about itself besides its scoring: house rules, canasta kinds, sheet columns, seating words.

The pages, the PDFs and the OpenAPI document render any variant from these declarations, so nothing
outside scoring/ needs to know one variant from another.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RULE_KINDS = ("count", "points", "flag", "tiers")


@dataclass(frozen=True)
class HouseRule:
    """A number or a yes/no a table may change when it starts a game."""

    key: str
    kind: str  # "count" (how many), "points", "flag" (yes/no) or "tiers" ([[score reached, minimum], …])
    default: Any
    label: str  # on the new-game form
    sheet_label: str = ""  # on score sheets, when it differs from `label`
    note: str = ""  # what the label leaves unsaid, for the API description: "taken even when the side goes out later"

    @property
    def sheet(self) -> str:
        return self.sheet_label or self.label


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


@dataclass(frozen=True)
class SheetColumn:
    """One column of a side's block on a score sheet."""

    head: str
    kind: str  # count | points | flag | own | score | total
    field: str | None = None
    surprise: str | None = None  # how many of them were surprise canastas, shown in brackets
    optional: bool = False  # may be left off a played game's sheet when nothing was ever entered there
    legend: str = ""  # the column's meaning, when it is not the field's label
    counted_by: str | None = None  # a flag house rule saying whether this part counts at all


SCORE = SheetColumn("Score", "score", legend="the hand's score (every part added)")
TOTAL = SheetColumn("Total", "total", legend="running total")


@dataclass(frozen=True)
class Seating:
    """How the new-game form words the sides of this variant."""

    seat_word: str = "player"  # a player alone is "Player 3" (or "Seat 3") on the form
    solo_help: str = "Type the players in seat order, clockwise."
    pairs_help: str = "Partners sit opposite each other; type the players in seat order."
    redraw_seats: bool = False  # the table draws seats for every game: "New game, new seats", a Draw seats button
    partners_help: str = ""  # under the table of each seat's partners, when the variant has one


def points(n: int) -> str:
    """10330 → '10,330'; −415 with a true minus sign (for the rules text a variant writes)."""
    return f"\u2212{-n:,}" if n < 0 else f"{n:,}"
