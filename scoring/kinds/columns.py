"""The kinds of sheet column that show no field: a side's own score, its hand score, its running total.

A column of a field's values has that field's kind (scoring/kinds/fields.py), which says its cell and its room."""
from __future__ import annotations

import lang

from . import column_kind


class ColumnKind:
    """A column of scores. Subclass it, name it, and register it with `column_kind`."""

    name = ""
    roomy, tight, centred = 42, 30, False
    score = True  # set at the sheet's score size, and the line before the first of them ends the entries
    carried = False  # holds a game's totals brought forward from paper (the "b/f" row)
    shaded = False  # bold on a shaded background
    opens_scores = True  # a line before it where a side's entries end and its scores begin (not before a total)
    by_cards = False

    def cell(self, column, score: dict) -> str:
        """The column's text for a side in one played hand."""
        return lang.number(score["own"]) if "own" in score else ""


@column_kind
class Own(ColumnKind):
    """A side's own score (a hand copied from paper has each side's total only, no own score)."""

    name = "own"


@column_kind
class Score(ColumnKind):
    """The side's score for the hand (* a penalty or award is part of it, listed under the sheet's hands)."""

    name = "score"
    roomy, tight = 44, 30

    def cell(self, column, score):
        return lang.number(score["total"]) + ("*" if score.get("breakdown", {}).get("adjustment") else "")


@column_kind
class Total(ColumnKind):
    """The running total."""

    name = "total"
    roomy, tight = 48, 32
    carried = shaded = True
    opens_scores = False

    def cell(self, column, score):
        return lang.number(score["running_total"])
