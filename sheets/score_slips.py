"""A round's score slips: one per table, for a table that keeps its score on paper (no phone, or a flat battery).

Each slip names the event, the round and the table, the sides that meet there, and has one row per deal for each
side's match points (MP), their totals, the victory points (VP) the director gives, and room for both sides to
sign. Two slips stand on a page, one above the other, to cut apart; the director copies a slip into Meldbook on
its game's "Copy from a paper slip" page.
"""
from __future__ import annotations

from typing import Any, Mapping

from reportlab.platypus import CondPageBreak, KeepTogether, Spacer, Table, TableStyle

import lang

from .event_sheets import _table_no, _variant_name, players_line, seat_lines
from .layout import HEAD, INK, RULE, SHADE, day, frame_height, frame_width, num, para, render, text

ROW = 24  # points: a handwritten number fits a deal's row
DEALS_WHEN_OPEN = 4  # rows on the slip of a game with no number of deals (it is played to a score or a time)
MOST_ROWS = 12  # a slip stays half a page


def slips_pdf(event: Mapping[str, Any], round_number: int, deals: Mapping[int, int | None],
              paper: str = "a4", date: str | None = None) -> bytes:
    """Round `round_number`'s slips, one per table; `deals` is each table's number of deals (None: open)."""
    round_ = next((r for r in event.get("round_list") or [] if r["number"] == round_number), None)
    if round_ is None:
        raise ValueError(f"{event['name']} has no round {round_number}")  # a caller's mistake, not shown
    width, height = frame_width(paper, False), frame_height(paper, False)
    when = day(date or event.get("created"))
    story: list = []
    lines = seat_lines(event, round_)
    for table in round_["tables"]:
        slip = _slip(event, round_number, table, deals.get(table["table"]), width, when, lines)
        story += [CondPageBreak(height / 2), KeepTogether(slip), Spacer(1, 18)]
    if not round_["tables"]:
        story.append(para(text(lang._("No tables in this round."))))
    footer = lang._("Meldbook · %(event)s · round %(round)s score slips", event=event["name"], round=num(round_number))
    return render(story, paper=paper, wide=False, footer=footer,
                  title=lang._("%(event)s: round %(round)s score slips", event=event["name"], round=num(round_number)))


def _slip(event: Mapping[str, Any], round_number: int, table: Mapping[str, Any], deals: int | None, width: float,
          when: str, lines: Mapping[int, str]) -> list:
    sides = [event["entrants"][e] for e in table["entrants"]]
    rows = min(MOST_ROWS, deals or DEALS_WHEN_OPEN)
    head = lang._("%(event)s · round %(round)s · table %(table)s", event=event["name"], round=num(round_number),
                  table=_table_no(table))
    about = " · ".join(p for p in (_variant_name(event), when,
                                   lang.ngettext("%(num)s deal", "%(num)s deals", deals) if deals else "") if p)
    first = lang._("Deal")
    body = [[para(f"<b>{text(first)}</b>", "cell")] + [para(f"<b>{text(s['name'])}</b>", "cell") for s in sides]]
    # under each name: its players, when the name does not say them already, and its line (North-South…)
    under = [" · ".join(p for p in (players_line(s), lines.get(e, "")) if p) for e, s in zip(table["entrants"], sides)]
    if any(under):
        body += [[""] + [para(text(u), "small") if u else "" for u in under]]
    body += [[num(n)] + [""] * len(sides) for n in range(1, rows + 1)]
    mp = lang.pgettext("match points, a short column head", "MP")  # as the TV's standings name match points
    for word, bold in ((lang._("Total %(mp)s", mp=mp), True), (lang._("VP"), True), (lang._("Signature"), False)):
        body += [[para(f"<b>{text(word)}</b>" if bold else text(word), "cell")] + [""] * len(sides)]
    first_width = 90
    grid = Table(body, colWidths=[first_width] + [(width - first_width) / len(sides)] * len(sides),
                 rowHeights=[None] * (len(body) - rows - 3) + [ROW] * (rows + 3), repeatRows=0)
    last = len(body) - 1
    grid.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.6, RULE), ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("BACKGROUND", (0, 0), (-1, len(body) - rows - 4), HEAD), ("BACKGROUND", (0, last - 2), (-1, last - 1), SHADE),
        ("LINEABOVE", (0, last - 2), (-1, last - 2), 1.2, INK), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, len(body) - rows - 3), (0, last), "Sans-Bold"),
        ("FONTSIZE", (0, len(body) - rows - 3), (0, last), 11),
    ]))
    return [para(text(head), "h2"), para(text(about), "subtitle"), Spacer(1, 6), grid,
            para(text(lang._("%(mp)s: each side's score per deal, as the table adds it up. The director copies the "
                             "slip into Meldbook; the VP come from the difference of the totals.", mp=mp)), "small")]

