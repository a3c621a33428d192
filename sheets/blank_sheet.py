"""A blank score sheet to fill in by pen: twelve hands (or rounds…) to a page, rules under them when there is room."""
from __future__ import annotations

from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

import lang
from scoring.variant import Variant

from . import columns as cols
from .game_sheet import heading, side_headings
from .layout import frame_height, frame_width, para, render, story_height, text, versus
from .rules_card import bonuses_title, canasta_table, meld_table, section
from .rules_data import meld_minimums
from .table import hands_table

HANDS_PER_PAGE = 12


def blank_sheet_pdf(variant: Variant, sides: list[dict], options: dict, hands: int = HANDS_PER_PAGE,
                    paper: str = "a4", game_id: str | None = None) -> bytes:
    """`hands` numbered empty rows, twelve to a page, for these sides under these rules.

    Each page holds all the sides: the layout is the first (see columns.pen_plans) whose rows fit
    down one page; the canasta bonuses and meld minimums follow on the first page when they fit too.
    """
    headings, words = side_headings(variant, sides), variant.words
    blank = "_" * 20
    subtitle = lang._("Date: %(blank)s · game %(game)s", blank=blank, game=game_id) if game_id \
        else lang._("Date: %(blank)s", blank=blank)
    top = heading(variant, sides, options, lang._("Score sheet"), subtitle, list_sides=False)
    pages = [range(start, min(start + HANDS_PER_PAGE, hands + 1)) for start in range(1, hands + 1, HANDS_PER_PAGE)]
    tallest = max(pages, key=lambda numbers: len(numbers) + (numbers[0] > 1))  # a continued page carries b/f
    said = minimums_said(variant, options)

    def legend(plan: cols.Plan) -> list:
        return [Spacer(1, 4), para(" · ".join(text(x) for x in cols.legend(variant, plan.columns, options, pen=True)),
                                   "small")] + ([Spacer(1, 3), para(text(said))] if said else [])

    for plan in cols.pen_plans(variant, options, len(sides), paper):
        first = top + _bands(plan, headings, tallest) + legend(plan)
        room = frame_height(paper, plan.wide) - story_height(first, frame_width(paper, plan.wide))
        if room >= 0:
            break
    story = []
    for numbers in pages:
        if numbers[0] == 1:
            story += top
        else:
            story += [PageBreak(), para(text(words.say(
                "%(variant)s · %(sides)s · %(rounds)s %(first)s to %(last)s", variant=variant.name,
                sides=versus(s["name"] for s in sides), first=numbers[0], last=numbers[-1])),
                "subtitle"), Spacer(1, 4)]
        story += _bands(plan, headings, numbers) + legend(plan)
        if numbers[0] == 1:
            rules = [Spacer(1, 4), rules_below(variant, options, paper, plan.wide)]
            full = top + _bands(plan, headings, numbers) + legend(plan) + rules
            if story_height(full, frame_width(paper, plan.wide)) <= frame_height(paper, plan.wide):
                story += rules
    title = lang._("%(variant)s blank score sheet: %(sides)s", variant=variant.name,
                   sides=versus(s["name"] for s in sides))
    return render(story, paper=paper, wide=plan.wide, title=title,
                  footer=lang._("Meldbook · %(variant)s · blank score sheet · %(counted)s", variant=variant.name,
                                counted=words.rounds_counted(hands)))


def minimums_said(variant: Variant, options: dict) -> str:
    """The initial-meld minimum with the requirement the number alone leaves out, where the variant says more than
    a number (RULES.md §11: "155, with a clean triple"), each row as the sheet's rules table has it; "" for others."""
    if not variant.minimum_words or not variant.minimum.applies:
        return ""
    rows, _ = meld_minimums(variant, options)
    return lang._("Initial meld minimum: %(rows)s", rows="; ".join(
        f"{when}: {lang._(variant.minimum_words, points=least)}" for when, least in rows))


def _bands(plan: cols.Plan, headings: list[dict], numbers: range) -> list:
    """The page's rows for every band of sides, one table under the other."""
    flowables = []
    for k, band in enumerate(plan.bands):
        empty = [""] * (len(plan.columns) * len(band))
        # a continued page starts with the totals carried over from the page before
        rows = ([[lang._("b/f")] + empty] if numbers[0] > 1 else []) + [[str(n)] + empty for n in numbers]
        flowables += ([Spacer(1, 8)] if k else []) + [hands_table(plan, headings, band, rows, pen=True)]
    return flowables


def rules_below(variant: Variant, options: dict, paper: str, wide: bool) -> Table:
    """The bonuses of the variant's melds and the meld minimums, side by side under the rows."""
    full = frame_width(paper, wide)
    left, right = full * 0.6 - 8, full * 0.4 - 8
    _, note = meld_minimums(variant, options)
    meld = [meld_table(variant, options, right)] + ([Spacer(1, 2), para(text(note), "small")] if note else [])
    table = Table([[section(bonuses_title(variant), [canasta_table(variant, options, left)]),
                    section(lang._("Initial meld minimum"), meld)]], colWidths=[left + 16, right], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return table
