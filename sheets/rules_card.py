"""A one-page rules quick-reference card per variant, every number read from the variant's rules."""
from __future__ import annotations

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

import lang
from scoring.variant import Variant

from . import rules_data as rules
from .layout import (BODY, HEAD, INK, RULE, SMALLEST, STYLES, fitted_heads, frame_height, frame_width, para, render,
                     story_height, text)

CARD_SIZE = 12  # the card has a page to itself: every line of it at a comfortable size
CARD_SIZES = [CARD_SIZE - k / 2 for k in range(int((CARD_SIZE - SMALLEST) * 2) + 1)]  # 12, 11.5 … 9
PAD = 6  # a table cell's padding either side (reportlab's default), room the text cannot use


def rule_table(header: list[str] | None, rows: list, widths: list[float], size: float = BODY,
               numbers_from: int = -1) -> Table:
    """A small boxed table of rule rows; the points columns (from `numbers_from` on) right-aligned."""
    cell = ParagraphStyle(f"cell-{size}", parent=STYLES["cell"], fontSize=size, leading=round(size * 1.2, 1))
    right = ParagraphStyle(f"cell-{size}-right", parent=cell, alignment=TA_RIGHT)
    last = len(widths) - 1
    numbers_at = numbers_from % len(widths)

    def wrapped(c, k: int):
        # text wider than its column wraps inside it (a points column's words stay right-aligned)
        if isinstance(c, str) and stringWidth(c, "Cond", size) > widths[k] - 2 * PAD:
            return Paragraph(text(c), right if numbers_at <= k <= last else cell)
        return c

    numbers = set(range(numbers_at, last + 1))
    heads = fitted_heads(header, widths, size, right=numbers, pad=PAD, cell_pad=PAD) if header else None
    data = ([heads] if heads else []) + [[wrapped(c, k) for k, c in enumerate(row)] for row in rows]
    table = Table(data, colWidths=widths, hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), "Cond", size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("ALIGN", (numbers_from, 0), (-1, -1), "RIGHT"), ("INNERGRID", (0, 0), (-1, -1), 0.25, RULE),
             ("BOX", (0, 0), (-1, -1), 0.8, INK), ("TOPPADDING", (0, 0), (-1, -1), 2.5),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5), ("TEXTCOLOR", (0, 0), (-1, -1), INK)]
    if header:
        style += [("FONT", (0, 0), (-1, 0), "Cond-Bold", size), ("BACKGROUND", (0, 0), (-1, 0), HEAD)]
    table.setStyle(TableStyle(style))
    return table


def canasta_table(variant: Variant, options: dict, width: float, size: float = BODY) -> Table:
    """The kinds of the variant's melds, what they hold, and their bonuses (and any surprise extra)."""
    header, rows = rules.canastas(variant, options)
    if len(header) == 4:
        return rule_table(header, rows, [width * 0.2, width * 0.44, width * 0.16, width * 0.2], size, numbers_from=2)
    return rule_table(header, rows, [width * 0.25, width * 0.55, width * 0.2], size, numbers_from=2)


def meld_table(variant: Variant, options: dict, width: float, size: float = BODY) -> Table:
    """The initial-meld minimum by what sets it: the score before the hand, the round…"""
    rows, _ = rules.meld_minimums(variant, options)
    heading = rules.meld_heading(variant, options)
    return rule_table([heading, lang._("Minimum")] if heading else None, rows,
                      [width * 0.72, width * 0.28], size)


def paired_table(rows: list, width: float, size: float, per_line: int = 4) -> Table:
    """Rows of (what, points) four to a line, so a long list (American's eleven special hands) takes little height."""
    lines = -(-len(rows) // per_line)
    cells = [[c for k in range(per_line) for c in (list(rows[k * lines + j]) if k * lines + j < len(rows) else ["", ""])]
             for j in range(lines)]
    table = rule_table(None, cells, [width * (0.64 if k % 2 == 0 else 0.36) / per_line for k in range(2 * per_line)],
                       size, numbers_from=1)
    table.setStyle(TableStyle([("ALIGN", (k, 0), (k, -1), "LEFT") for k in range(2, 2 * per_line, 2)]))  # names left
    return table


def bonuses_title(variant: Variant) -> str:
    """'Canasta bonuses', in the variant's word for its melds."""
    return lang._("%(meld)s bonuses", meld=rules.capital(variant.words.meld))


def rules_card_pdf(variant: Variant, paper: str = "a4", options: dict | None = None) -> bytes:
    """One page: card values, canastas, other scores, going out, meld minimums, end of game; a language whose words
    run longer than the page holds at 12 pt is set a half point smaller at a time, never below 9 pt.

    With a game's `options`, the card shows that game's rules and lists its house rules (each change from the
    variant's defaults) under "House rules of this game"."""
    name = lang.shown(variant.name)
    for size in CARD_SIZES:
        story = _card_story(variant, paper, size, options)
        flat = [f for part in story for f in (part._content if isinstance(part, KeepTogether) else [part])]
        if story_height(flat, frame_width(paper, False)) <= frame_height(paper, False):
            break
    return render(story, paper=paper, wide=False, title=lang._("%(variant)s: rules at a glance", variant=name),
                  footer=lang._("Meldbook · %(variant)s · rules card", variant=name))


def _card_story(variant: Variant, paper: str, size: float, game_options: dict | None = None) -> list:
    """The card's story with its tables and prose at `size` points."""
    options = game_options or variant.default_options()
    full = frame_width(paper, False)
    half = (full - 14) / 2
    prose = ParagraphStyle(f"card-{size}", parent=STYLES["card"], fontSize=size, leading=size * 15.5 / 12)
    story = [para(text(lang._("%(variant)s · rules at a glance", variant=lang.shown(variant.name))), "title"),
             para(text(lang.shown(variant.summary)), "subtitle"), Spacer(1, 6)]
    cards = rule_table([lang._("Cards"), lang._("Points each")], rules.card_values(variant, options),
                       [half * 0.66, half * 0.34], size)
    meld_rows, meld_note = rules.meld_minimums(variant, options)
    meld = [meld_table(variant, options, half, size)] \
        + ([Spacer(1, 3), para(text(meld_note))] if meld_note else [])
    story.append(_two_columns([section(lang._("Card values"), [cards]),
                               section(lang._("Initial meld minimum"), meld)], half))
    for title, flowables in (
            (bonuses_title(variant), [canasta_table(variant, options, full, size)]),
            (variant.words.say("Every other part of a %(round)s's score"),
             [rule_table(None, rules.bonuses(variant, options), [full * 0.78, full * 0.22], size)]),
            # three to a line at the card's larger sizes, four when it must be set small to fit its page
            *[(title, [paired_table(rows, full, size, 3 if size > 10.5 else 4)])
              for title, rows in rules.more_sections(variant, options)],
            (lang._("Going out"), [Paragraph(text(rules.going_out(variant, options)), prose)]),
            (lang._("End of the game"), [Paragraph(text(rules.end_of_game(variant, options, card=True)), prose)])):
        story.append(KeepTogether(section(title, flowables)))
    if game_options is not None:
        changes = rules.house_rule_changes(variant, game_options)
        rows = [(label, lang._("%(now)s (usually %(was)s)", now=now, was=was)) for label, was, now in changes] \
            or [(lang._("None: the usual rules."), "")]
        story.append(KeepTogether(section(lang._("House rules of this game"),
                                          [rule_table(None, rows, [full * 0.55, full * 0.45], size)])))
    closing = ParagraphStyle(f"closing-{size}", parent=STYLES["body"], fontSize=min(BODY, size),
                             leading=min(BODY, size) * 13.5 / BODY)  # never larger than the card it closes
    if game_options is None:
        story += [Spacer(1, 8), Paragraph(text(lang._("These are the usual rules; a table may change any number as a "
                                                      "house rule when it starts a game. Its own score sheet prints the "
                                                      "rules it chose.")), closing)]
    return story


def section(title: str, flowables: list) -> list:
    """A heading and what it introduces."""
    return [para(text(title), "h2")] + flowables


def _two_columns(cells: list, width: float) -> Table:
    table = Table([cells], colWidths=[width + 14, width], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return table
