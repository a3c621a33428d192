"""The score table itself: a heading row of side names, a row of column heads, one row per hand."""
from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from .columns import HAND_COLUMN, Plan, head as column_head
from .layout import BAND, HEAD, INK, RULE, SCORE_SIZE, SHADE, SMALLEST, names, text

PEN_ROW = 23  # points (8.1 mm): a line tall enough to write a number on by pen
NAME_SIZE = 11.5


def side_heading(side: dict, size: float) -> Paragraph:
    """The side's name in bold, its players underneath when they are not just the name."""
    size = max(size, SMALLEST)
    style = ParagraphStyle("side-head", fontName="Cond-Bold", fontSize=NAME_SIZE, leading=NAME_SIZE + 2,
                           alignment=1, textColor=INK)
    markup = text(side["name"])
    players = side.get("players") or []
    if players and players != [side["name"]]:
        markup += f'<br/><font name="Cond" size="{size}">{text(names(players))}</font>'
    if side.get("note"):
        markup += f'<br/><font name="Cond" size="{size}">{text(side["note"])}</font>'
    return Paragraph(markup, style)


def hands_table(plan: Plan, sides: list[dict], band: list[int], rows: list[list[str]], pen: bool) -> Table:
    """One band of sides; `rows` are [hand number, then each band side's cells]; empty cells for pen."""
    n = len(plan.columns)
    head = [""]
    for i in band:
        head += [side_heading(sides[i], plan.size)] + [""] * (n - 1)
    heads = ["#"] + [column_head(c) for c in plan.columns] * len(band)
    data = [head, heads] + rows
    widths = [HAND_COLUMN] + plan.widths * len(band)
    heights = [None, None] + [PEN_ROW if pen else None] * len(rows)
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=2, hAlign="LEFT")
    table.setStyle(TableStyle(_style(plan, band, len(rows), pen)))
    return table


def _style(plan: Plan, band: list[int], nrows: int, pen: bool) -> list[tuple]:
    n = len(plan.columns)
    last = 1 + nrows
    pad = 3.5 if pen else 2.5
    style = [
        ("FONT", (0, 0), (-1, -1), "Cond", plan.size),
        ("FONT", (0, 1), (-1, 1), "Cond-Bold", plan.size),
        ("FONT", (0, 2), (0, -1), "Cond-Bold", plan.size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 1), (-1, 1), "CENTER"),
        ("ALIGN", (0, 2), (0, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, 1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, 1), 2.5),
        ("BACKGROUND", (0, 0), (-1, 1), HEAD),
        ("INNERGRID", (0, 1), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 1.0, INK),
        ("LINEBELOW", (0, 1), (-1, 1), 0.8, INK),
    ]
    if nrows:
        style.append(("ROWBACKGROUNDS", (0, 2), (-1, last), [colors.white, BAND]))
    if pen:
        style.append(("LINEBELOW", (0, 2), (-1, last), 0.5, RULE))
    for k in range(len(band)):
        first = 1 + k * n
        style += [("SPAN", (first, 0), (first + n - 1, 0)),
                  ("LINEBEFORE", (first, 0), (first, -1), 1.0, INK)]
        for j, c in enumerate(plan.columns):
            col = first + j
            if c.kind_of.centred:
                style.append(("ALIGN", (col, 2), (col, -1), "CENTER"))
            if c.kind_of.score:
                style.append(("FONT", (col, 2), (col, -1), "Cond", SCORE_SIZE))
            if c.kind_of.shaded:
                style += [("FONT", (col, 2), (col, -1), "Cond-Bold", SCORE_SIZE),
                          ("BACKGROUND", (col, 1), (col, -1), SHADE)]
            if c.kind_of.opens_scores and j and not plan.columns[j - 1].kind_of.opens_scores:
                style.append(("LINEBEFORE", (col, 1), (col, -1), 0.6, INK))  # where entries end and scores begin
    if not pen:
        for r in range(2 + 4, last + 1, 5):  # a firmer line every fifth hand helps the eye along a long row
            style.append(("LINEBELOW", (0, r), (-1, r), 0.6, RULE))
    return style
