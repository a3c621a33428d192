"""A one-page rules quick-reference card per variant, every number read from the variant's rules."""
from __future__ import annotations

from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from scoring.variant import Variant

from . import rules_data as rules
from .layout import HEAD, INK, RULE, frame_width, para, render, text


def rule_table(header: list[str] | None, rows: list, widths: list[float], size: float = 8.5,
               numbers_from: int = -1) -> Table:
    """A small boxed table of rule rows; the points columns (from `numbers_from` on) right-aligned."""
    data = ([header] if header else []) + [[para(text(c), "cell") if isinstance(c, str) and len(c) > 28 else c
                                             for c in row] for row in rows]
    table = Table(data, colWidths=widths, hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), "Cond", size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("ALIGN", (numbers_from, 0), (-1, -1), "RIGHT"), ("INNERGRID", (0, 0), (-1, -1), 0.25, RULE),
             ("BOX", (0, 0), (-1, -1), 0.8, INK), ("TOPPADDING", (0, 0), (-1, -1), 1.8),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8), ("TEXTCOLOR", (0, 0), (-1, -1), INK)]
    if header:
        style += [("FONT", (0, 0), (-1, 0), "Cond-Bold", size), ("BACKGROUND", (0, 0), (-1, 0), HEAD)]
    table.setStyle(TableStyle(style))
    return table


def canasta_table(variant: Variant, options: dict, width: float) -> Table:
    """Canasta kinds, what they hold, and their bonuses (Pony: and the surprise extra)."""
    header, rows = rules.canastas(variant, options)
    if len(header) == 4:
        return rule_table(header, rows, [width * 0.2, width * 0.44, width * 0.16, width * 0.2], numbers_from=2)
    return rule_table(header, rows, [width * 0.25, width * 0.55, width * 0.2], numbers_from=2)


def meld_table(variant: Variant, options: dict, width: float) -> Table:
    """The initial-meld minimum by score before the hand."""
    rows, _ = rules.meld_minimums(variant, options)
    return rule_table(["Score before the hand", "Minimum"], rows, [width * 0.72, width * 0.28])


def rules_card_pdf(variant: Variant, paper: str = "a4") -> bytes:
    """One page: card values, canastas, other scores, going out, meld minimums, end of game."""
    options = variant.default_options()
    full = frame_width(paper, False)
    half = (full - 14) / 2
    story = [para(f"{text(variant.name)} · rules at a glance", "title"), para(text(variant.summary), "subtitle"),
             Spacer(1, 6)]
    cards = rule_table(["Cards", "Points each"], rules.card_values(variant), [half * 0.66, half * 0.34], 9)
    meld_rows, meld_note = rules.meld_minimums(variant, options)
    meld = [meld_table(variant, options, half)] + ([Spacer(1, 3), para(text(meld_note), "small")] if meld_note else [])
    story.append(_two_columns([section("Card values", [cards]), section("Initial meld minimum", meld)], half))
    for title, flowables in (
            ("Canasta bonuses", [canasta_table(variant, options, full)]),
            ("Every other part of a hand's score",
             [rule_table(None, rules.bonuses(variant, options), [full * 0.78, full * 0.22])]),
            ("Going out", [para(text(rules.going_out(variant, options)))]),
            ("End of the game", [para(text(rules.end_of_game(variant, options, card=True)))])):
        story.append(KeepTogether(section(title, flowables)))
    story += [Spacer(1, 8), para("These are the usual rules; a table may change any number as a house rule "
                                 "when it starts a game. Its own score sheet prints the rules it chose.", "small")]
    return render(story, paper=paper, wide=False, title=f"{variant.name}: rules at a glance",
                  footer=f"Meldbook · {variant.name} · rules card")


def section(title: str, flowables: list) -> list:
    """A heading and what it introduces."""
    return [para(text(title), "h2")] + flowables


def _two_columns(cells: list, width: float) -> Table:
    table = Table([cells], colWidths=[width + 14, width], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return table
