"""A blank score sheet to fill in by pen: the game sheet's layout with empty rows, rules at the foot."""
from __future__ import annotations

from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

from scoring.variant import Variant

from . import columns as cols
from .game_sheet import heading, side_headings
from .layout import frame_width, para, render, text
from .rules_card import canasta_table, meld_table, section
from .rules_data import meld_minimums
from .table import hands_table

HANDS_PER_PAGE = 12


def blank_sheet_pdf(variant: Variant, sides: list[dict], options: dict, hands: int = HANDS_PER_PAGE,
                    paper: str = "a4", game_id: str | None = None) -> bytes:
    """`hands` numbered empty rows, twelve to a page, for these sides under these rules.

    Sides too many to fit across one page are printed in bands, each band on its own page.
    """
    plan = cols.plan(variant, len(sides), paper, None)
    headings = side_headings(variant, sides)
    subtitle = "Date: ____________________" + (f" · game {game_id}" if game_id else "")
    legend = " · ".join(text(x) for x in cols.legend(variant, plan.columns, options, pen=True))
    story = heading(variant, sides, options, "Score sheet", subtitle)
    first_page = True
    for start in range(1, hands + 1, HANDS_PER_PAGE):
        numbers = range(start, min(start + HANDS_PER_PAGE, hands + 1))
        for band in plan.bands:
            if not first_page:
                story += [PageBreak(), para(f"{text(variant.name)} · {text(' v '.join(s['name'] for s in sides))}"
                                            f" · hands {numbers[0]} to {numbers[-1]}", "subtitle"), Spacer(1, 4)]
            empty = [""] * (len(plan.columns) * len(band))
            # a continued page starts with the totals carried over from the page before
            rows = ([["b/f"] + empty] if start > 1 else []) + [[str(n)] + empty for n in numbers]
            story += [hands_table(plan, headings, band, rows, pen=True), Spacer(1, 4), para(legend, "small"),
                      Spacer(1, 4), foot(variant, options, paper, plan.wide)]
            first_page = False
    title = f"{variant.name} blank score sheet: {' v '.join(s['name'] for s in sides)}"
    return render(story, paper=paper, wide=plan.wide, title=title,
                  footer=f"Meldbook · {variant.name} · blank score sheet · {hands} hands")


def foot(variant: Variant, options: dict, paper: str, wide: bool) -> Table:
    """The canasta bonuses and the meld-minimum tiers, side by side under the rows."""
    full = frame_width(paper, wide)
    left, right = full * 0.6 - 8, full * 0.4 - 8
    _, note = meld_minimums(variant, options)
    meld = [meld_table(variant, options, right)] + ([Spacer(1, 2), para(text(note), "small")] if note else [])
    table = Table([[section("Canasta bonuses", [canasta_table(variant, options, left)]),
                    section("Initial meld minimum", meld)]], colWidths=[left + 16, right], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return table
