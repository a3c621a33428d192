"""The columns a side gets on a score sheet (each variant declares them), and how they fit on the page.

A sheet has one row per hand and one block of columns per side. A played sheet tries portrait,
then leaves out columns nobody ever used, then turns to landscape, then sets the entries a step
smaller (never below 9 pt; scores and totals stay at 11 pt), and as a last resort prints the
sides in bands (sides 1–4, then 5–8 …) so no column is ever cut off. A blank sheet must hold
twelve hands on one page, so it gives up entry columns first (players then count those parts
into Score), and stacks bands of sides on the same page when even that is too wide.
"""
from __future__ import annotations

import functools
import operator
import math
from dataclasses import dataclass
from typing import Callable, Iterator

from reportlab.pdfbase.pdfmetrics import stringWidth

import lang
from scoring.declare import SheetColumn
from scoring.shape import ROUND_SLOTS
from scoring.variant import Variant

from .layout import SCORE_SIZE, SMALLEST, english, frame_width, num

PAD = 2.5  # points of air either side of a cell's text
# Room for handwriting, in points (1 mm = 2.83 pt): roomy first; tight only when nothing roomy fits.
# (each column's kind says how much: scoring/kinds)
ROOMY, TIGHT = operator.attrgetter("roomy"), operator.attrgetter("tight")
HAND_COLUMN = 22
INK_SIZES = (10, SMALLEST)  # a played sheet's entries; scores and totals stay at SCORE_SIZE
PEN_HEAD = 9.5  # a blank sheet's column heads
MAX_PEN_BANDS = 3  # twelve pen rows of 8 mm: no more bands than this stand one under another on a page
MAX_STRETCH = 2.0  # a sheet with room to spare widens its columns up to this much


def cell(column: SheetColumn, entry: dict, score: dict) -> str:
    """The text of a column for one side in one played hand (blank for nothing)."""
    kind = column.kind_of  # its text is the kind's (scoring/kinds)
    if kind.score:  # the side's own score, its hand score, its running total
        return kind.cell(column, score)
    if column.parts:  # the points of the parts with no column of their own (penalties), so the row adds up
        value = sum(score["breakdown"].get(part, 0) for part in column.parts)
        return num(value) if value else ""
    # None: a hand copied from paper gives its total only
    return kind.cell(column, entry.get(column.field), entry)


def texts(column: SheetColumn, hands: list[dict]) -> set[str]:
    """Every text this column holds in a played game, each once ("0" and "+100" come back hand after hand)."""
    return {cell(column, e, s) for h in hands for e, s in zip(h["entries"], h["scores"])}


def used(column: SheetColumn, held: set[str]) -> bool:
    """Whether a played sheet shows this column: always, unless it is optional and nothing was ever entered there."""
    return not column.optional or any(held)


def offered(variant: Variant, options: dict) -> list[SheetColumn]:
    """The variant's columns less those for a part of the score this table's options switch off (wild books
    forbidden, an unplayed foot not counted…): a field whose largest value here is 0 (Variant.field_bounds), which
    the checks refuse above 0 and the hand form leaves out, gets no column either."""
    bounds = variant.field_bounds(options)
    return [c for c in variant.columns if c.field is None or bounds.get(c.field) != 0]


def legend(variant: Variant, columns: list[SheetColumn], options: dict, pen: bool) -> list[str]:
    """'N natural canastas' … for every column shown, in the variant's own words, and what was left off
    (for want of room, or never used; not what the table switched off: the house rules line says that)."""
    labels = {f.name: mid_sentence(lang.shown(f.label)) for f in variant.fields}
    for c in variant.columns:
        if c.parts:  # a column of several parts: its legend is their heading on the hand form, said as a label is
            labels[c] = mid_sentence(with_round(c.legend, variant))
    items = []
    for c in columns:
        words = labels[c] if c in labels else with_round(c.legend, variant) if c.legend else labels[c.field]
        if c.surprise:
            words = lang._("%(what)s (of them surprise)", what=words)
        if c.counted_by and not options["house_rules"].get(c.counted_by, True):
            words = lang._("%(what)s, not counted at this table", what=words)
        items.append(f"{head(c)} {words}")
    left_out = [labels[c] if c in labels else labels[c.field] for c in offered(variant, options) if c not in columns]
    into = next(head(c) for c in columns if c.kind_of.score)
    if left_out and pen and len(left_out) > 3:
        items.append(lang._("every other part of the hand is counted into %(column)s", column=into))
    elif left_out:
        items.append(lang._("no room for %(parts)s: count them into %(column)s", parts=", ".join(left_out), column=into)
                     if pen else lang._("no %(parts)s in this game", parts=", ".join(left_out)))
    return items


def with_round(legend: object, variant: Variant) -> str:
    """A column's legend as shown: one declared with round slots (`lang.R_`) is the variant's own whole sentence."""
    if isinstance(legend, str) and any(slot in legend for slot in ROUND_SLOTS):
        return variant.words.say(legend)
    return lang.shown(legend)


def head(column: SheetColumn) -> str:
    """A column's head as the sheet's language abbreviates it ('N', 'Score')."""
    return lang.shown(column.head)


def mid_sentence(label: str) -> str:
    """A field's label inside a line: lower case in English ('natural canastas'); other languages keep the label's
    own capitals (German nouns keep theirs)."""
    return label.lower() if english() else label


@dataclass(frozen=True)
class Plan:
    """How a sheet is laid out: orientation, type size, columns, their widths, sides per band."""

    wide: bool
    size: float  # entries and column heads; scores and totals are at SCORE_SIZE
    columns: list[SheetColumn]
    widths: list[float]  # one side's block
    bands: list[list[int]]

    @property
    def block(self) -> float:
        return sum(self.widths)


def _width(column: SheetColumn, size: float, held: set[str], pen: Callable | None) -> float:
    """A column's width: its head and the widest text it holds at this type size, or the room `pen` gives for handwriting."""
    value_size = SCORE_SIZE if column.kind_of.score else size
    w = max([stringWidth(head(column), "Cond-Bold", size)] + [stringWidth(v, "Cond-Bold", value_size) for v in held])
    return max(w + 2 * PAD, pen(column.kind_of) if pen else 0)


def _bands(sides: int, count: int) -> list[list[int]]:
    """`sides` split into `count` bands as even as can be: 3 + 3 + 2 + 2, not 3 + 3 + 3 + 1."""
    sizes = [sides // count + (1 if k < sides % count else 0) for k in range(count)]
    starts = [sum(sizes[:k]) for k in range(count)]
    return [list(range(s, s + n)) for s, n in zip(starts, sizes) if n]


def _stretched(wide: bool, size: float, columns: list[SheetColumn], widths: list[float], bands: list[list[int]],
               paper: str) -> Plan:
    """Spread what room is left over the side blocks, so a sheet fills the page's width like a printed pad."""
    room = frame_width(paper, wide) - HAND_COLUMN
    stretch = max(1.0, min(MAX_STRETCH, room / (sum(widths) * len(bands[0]))))
    return Plan(wide, size, columns, [w * stretch for w in widths], bands)


def plan(variant: Variant, options: dict, sides: int, paper: str, hands: list[dict]) -> Plan:
    """A played sheet: the first layout that fits across: portrait, fewer columns, landscape, smaller
    entries, then bands of sides (only the columns this game's options leave in: see offered)."""
    every = offered(variant, options)
    held = {c: texts(c, hands) for c in every}
    used_columns = [c for c in every if used(c, held[c])]

    @functools.cache  # the tries below measure the same columns at the same size again
    def width(column: SheetColumn, size: float) -> float:
        return _width(column, size, held[column], None)

    big, small = INK_SIZES
    tries = [(False, big, every), (False, big, used_columns), (True, big, every), (True, big, used_columns),
             (True, small, used_columns)]
    best = None
    for wide, size, columns in tries:
        widths = [width(c, size) for c in columns]
        per_band = max(1, int((frame_width(paper, wide) - HAND_COLUMN) // sum(widths)))
        bands = math.ceil(sides / per_band)
        if best is None or bands < best[0]:  # in bands after all: the largest type that needs the fewest
            best = (bands, wide, size, columns, widths)
        if bands == 1:
            break
    bands, wide, size, columns, widths = best
    return _stretched(wide, size, columns, widths, _bands(sides, bands), paper)


def _pen_levels(every: list[SheetColumn]) -> list[list[SheetColumn]]:
    """A blank sheet's column sets, most first: every column; without the rarely used; card points
    and scores; scores alone."""
    levels = [every, [c for c in every if not c.pen_optional],
              [c for c in every if c.kind_of.by_cards or c.kind_of.score], [c for c in every if c.kind_of.score]]
    return [cols for k, cols in enumerate(levels) if cols not in levels[:k]]


def pen_plans(variant: Variant, options: dict, sides: int, paper: str) -> Iterator[Plan]:
    """Blank-sheet layouts whose bands fit across the page, best first: one band before more; every column, then
    without those a blank sheet may leave off first (`SheetColumn.pen_optional`), roomy, then both tight, before
    giving up the rest (a 2,500 aces canasta keeps its column rather than go into Score); then card points and
    scores, then scores alone; portrait before landscape. The caller takes the first whose rows also fit down one
    page. Only the columns this game's options leave in (see offered)."""
    last = None
    for count in range(1, min(sides, MAX_PEN_BANDS) + 1):
        levels = _pen_levels(offered(variant, options))
        tries = [(c, g) for g in (ROOMY, TIGHT) for c in levels[:2]] + [(c, g) for c in levels[2:] for g in (ROOMY, TIGHT)]
        for columns, grade in tries:
            widths = [_width(c, PEN_HEAD, set(), grade) for c in columns]
            for wide in (False, True):
                last = (wide, PEN_HEAD, columns, widths, _bands(sides, count))
                if HAND_COLUMN + sum(widths) * math.ceil(sides / count) <= frame_width(paper, wide):
                    yield _stretched(*last, paper)
    yield _stretched(*last, paper)  # nothing fits: the narrowest there is
