"""The columns a side gets on a score sheet, per variant, and how they fit on the page.

A sheet has one row per hand and one block of columns per side. When the blocks do not fit
across a portrait page the sheet turns to landscape, leaves out columns nobody ever used
(played sheets only), shrinks the type a step, and as a last resort prints the sides in
bands (sides 1–4, then 5–8 …) so no column is ever cut off.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from scoring.variant import Variant

from .layout import frame_width, num

PAD = 2.2  # points of air either side of a cell's text
PEN = {"count": 12.5, "flag": 12.5, "points": 28, "own": 30, "score": 32, "total": 36}  # room for handwriting
HAND_COLUMN = 17


@dataclass(frozen=True)
class Column:
    """One column of a side's block: a heading, what it means, and the value it shows."""

    head: str
    kind: str  # count | points | flag | own | score | total
    field: str | None = None
    surprise: str | None = None  # Pony: how many of them were surprise canastas, shown in brackets
    optional: bool = False  # may be left off a played game's sheet when nothing was ever entered there
    legend: str = ""

    def cell(self, entry: dict, score: dict) -> str:
        """The text of this column for one side in one played hand (blank for nothing)."""
        if self.kind == "score":
            return num(score["total"])
        if self.kind == "total":
            return num(score["running_total"])
        if self.kind == "own":
            return num(score["own"])
        value = entry[self.field]
        if self.kind == "flag":
            return "\u2713" if value else ""
        text = num(value) if value else ""
        if self.surprise and entry[self.surprise]:
            text += f" ({entry[self.surprise]})"
        return text

    def used(self, hands: list[dict]) -> bool:
        return not self.optional or any(self.cell(e, s) for h in hands for e, s in zip(h["entries"], h["scores"]))


def _c(head, kind, field=None, **kw) -> Column:
    return Column(head, kind, field, **kw)


SCORE = _c("Score", "score", legend="the hand's score (every part added)")
TOTAL = _c("Total", "total", legend="running total")
COLUMNS = {
    "ponytail": [_c("N", "count", "natural_canastas"), _c("D", "count", "dirty_canastas"),
                 _c("7s", "count", "sevens_canastas"), _c("W", "count", "wild_canastas"),
                 _c("R3", "count", "red_threes"), _c("B3", "count", "black_threes"),
                 _c("Meld", "points", "melded"), _c("Left", "points", "in_hand"),
                 _c("Pony", "points", "unpicked_pony", optional=True), _c("Out", "flag", "went_out"),
                 _c("Cut", "flag", "cut_bonus", optional=True), SCORE, TOTAL],
    "pony": [_c("W", "count", "wild_canastas", surprise="surprise_wild"),
             _c("7s", "count", "sevens_canastas", surprise="surprise_sevens"),
             _c("N", "count", "natural_canastas", surprise="surprise_natural"),
             _c("B", "count", "black_canastas", surprise="surprise_black"),
             _c("R3", "count", "red_treys"), _c("B3", "count", "black_treys"),
             _c("Meld", "points", "melded"), _c("Left", "points", "in_hand"),
             _c("Pony", "points", "unpicked_pony", optional=True), _c("Out", "flag", "went_out"),
             _c("Fail", "flag", "failed_going_out", optional=True), SCORE, TOTAL],
    "five-person": [_c("P", "count", "pure_canastas"), _c("I", "count", "impure_canastas"),
                    _c("SP", "count", "pure_super_canastas", optional=True),
                    _c("SI", "count", "impure_super_canastas", optional=True),
                    _c("Kit", "count", "kitties"), _c("Fin", "flag", "finished"),
                    _c("Meld", "points", "melded"), _c("Left", "points", "in_hand"),
                    _c("Own", "own", legend="own score for the deal"),
                    _c("Deal", "score", legend="deal score: own + partner's own"), TOTAL],
}


def legend(variant: Variant, columns: list[Column], options: dict, pen: bool) -> list[str]:
    """'N natural canastas' … for every column shown, in the variant's own words, and what was left off."""
    labels = {f.name: f.label for f in variant.fields}
    items = []
    for c in columns:
        words = c.legend or labels[c.field].lower()
        if c.surprise:
            words += " (of them surprise)"
        if c.field == "unpicked_pony" and not options["house_rules"].get("unpicked_pony_counts", True):
            words += ", not counted at this table"
        items.append(f"{c.head} {words}")
    left_out = [labels[c.field].lower() for c in COLUMNS[variant.id] if c not in columns]
    if left_out:
        items.append(f"no room for {', '.join(left_out)}: count them into Score" if pen
                     else f"no {', '.join(left_out)} in this game")
    return items


@dataclass(frozen=True)
class Plan:
    """How a sheet is laid out: orientation, type size, columns, their widths, sides per band."""

    wide: bool
    size: float
    columns: list[Column]
    widths: list[float]  # one side's block
    bands: list[list[int]]

    @property
    def block(self) -> float:
        return sum(self.widths)


def _widths(columns: list[Column], size: float, samples: list[list[str]], pen: bool) -> list[float]:
    widths = []
    for i, c in enumerate(columns):
        font = "Cond-Bold"
        w = max([stringWidth(c.head, font, size)] + [stringWidth(row[i], font, size) for row in samples])
        widths.append(max(w + 2 * PAD, PEN[c.kind] if pen else 0))
    return widths


def plan(variant: Variant, sides: int, paper: str, hands: list[dict] | None) -> Plan:
    """The first layout that fits: portrait, then landscape, then smaller type, then bands of sides."""
    every = COLUMNS[variant.id]
    pen = hands is None
    used = [c for c in every if not c.optional] if pen else [c for c in every if c.used(hands)]
    tries = [(False, 8.5, every), (True, 8.5, every), (True, 8.5, used)] if pen else [
        (False, 9, every), (False, 9, used), (False, 7.5, every), (False, 7.5, used),
        (True, 8, every), (True, 8, used), (True, 7, used), (True, 6.5, used)]
    best = None
    for wide, size, columns in tries:
        samples = [] if pen else [[c.cell(e, s) for c in columns]
                                  for h in hands for e, s in zip(h["entries"], h["scores"])]
        widths = _widths(columns, size, samples, pen)
        room = frame_width(paper, wide) - HAND_COLUMN
        per_band = max(1, int(room // sum(widths)))
        best = (wide, size, columns, widths, per_band)
        if per_band >= sides:
            break
    wide, size, columns, widths, per_band = best
    count = math.ceil(sides / per_band)
    sizes = [sides // count + (1 if k < sides % count else 0) for k in range(count)]  # 3 + 3 + 2 + 2, not 3 + 3 + 3 + 1
    starts = [sum(sizes[:k]) for k in range(count)]
    bands = [list(range(s, s + n)) for s, n in zip(starts, sizes)]
    # spread what room is left over the side blocks, so a sheet fills the page like a printed pad
    room = frame_width(paper, wide) - HAND_COLUMN
    stretch = min(1.35, room / (sum(widths) * len(bands[0])))
    return Plan(wide, size, columns, [w * stretch for w in widths], bands)
