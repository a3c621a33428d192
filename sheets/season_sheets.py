"""A season's standings on paper (GET /seasons/{id}/standings.pdf): place, player, total, nights played and each
night's result, the counted ones bold and a night that does not count in brackets; the unranked players after."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from reportlab.platypus import Spacer, Table, TableStyle

import lang

from .layout import BODY, HEAD, INK, RULE, SCORE_SIZE, SHADE, fitted_heads, frame_width, num, para, render, text

PLACE, TOTAL, PLAYED = 34, 50, 40
NIGHT = 34
WIDE_FROM = 9  # nights: more than fit across an upright A4 page beside the names


def season_standings_pdf(view: Mapping[str, Any], paper: str = "a4") -> bytes:
    """`view`: the season page's data (season, nights, ranked, unranked, counting_words, variant_name, least), each
    row's `cells` one per night ({"played", "text", "counted"}) and its `total` already written."""
    season, nights = view["season"], view["nights"]
    wide = len(nights) >= WIDE_FROM
    width = frame_width(paper, wide)
    subtitle = " · ".join(w for w in (view.get("variant_name"), view["counting_words"]) if w)
    story = [para(text(season["name"]), "title"), para(text(subtitle), "subtitle"), Spacer(1, 6)]
    if view["ranked"]:
        story.append(_table(view["ranked"], nights, width))
    if view["unranked"]:
        least = view["least"]
        story += [Spacer(1, 8), para(text(lang.ngettext("Not ranked yet (fewer than %(num)s night)",
                                                        "Not ranked yet (fewer than %(num)s nights)", least,
                                                        num=num(least))), "h2"),
                  _table(view["unranked"], nights, width)]
    if not view["ranked"] and not view["unranked"]:
        story.append(para(text(lang._("No night of the season is finished yet."))))
    if nights:
        story += [Spacer(1, 8), para(text(lang._("Nights")), "h2")]
        story += [para(text(lang._("Night %(n)s: %(name)s", n=num(n.number), name=n.name)
                            + ("" if n.finished else " · " + lang._("in play: counts once finished"))))
                  for n in nights]
        story.append(para(text(lang._("Bold: the nights that count. In brackets: a night that does not count (only "
                                      "the best count)."))))
    footer = lang._("Meldbook · %(season)s · season standings", season=season["name"])
    return render(story, paper=paper, wide=wide, title=lang._("%(season)s: season standings", season=season["name"]),
                  footer=footer)


def _table(rows: Sequence[Mapping[str, Any]], nights: Sequence[Any], width: float) -> Table:
    heads = [lang._("Place"), lang._("Player"), lang._("Total"), lang._("Nights")] + [num(n.number) for n in nights]
    name = max(width - PLACE - TOTAL - PLAYED - NIGHT * len(nights), 80)
    widths = [PLACE, name, TOTAL, PLAYED] + [NIGHT] * len(nights)
    data = [fitted_heads(heads, widths, BODY, right=set(range(2, len(heads))), centre={0})]
    style = [("FONT", (0, 0), (-1, -1), "Cond", BODY), ("FONT", (0, 0), (-1, 0), "Cond-Bold", BODY),
             ("BACKGROUND", (0, 0), (-1, 0), HEAD), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("TEXTCOLOR", (0, 0), (-1, -1), INK), ("INNERGRID", (0, 0), (-1, -1), 0.25, RULE),
             ("BOX", (0, 0), (-1, -1), 1.0, INK), ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
             ("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER"),
             ("FONT", (2, 1), (2, -1), "Cond-Bold", SCORE_SIZE), ("BACKGROUND", (2, 0), (2, -1), SHADE),
             ("BACKGROUND", (2, 0), (2, 0), HEAD)]
    for i, row in enumerate(rows, start=1):
        line = ["—" if row["place"] is None else num(row["place"]), para(text(row["player"]), "cell"), row["total"],
                num(row["events"])]
        for j, cell in enumerate(row["cells"]):
            if not cell["played"]:
                line.append("·")
            elif cell["counted"]:
                line.append(cell["text"])
                style.append(("FONT", (4 + j, i), (4 + j, i), "Cond-Bold", BODY))
            else:
                line.append(f"({cell['text']})")
        data.append(line)
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    return table
