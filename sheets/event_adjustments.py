"""The results sheet's penalties and awards (API.md "Tournaments as federations run them", Adjustments): one row
each, round, entrant, VP, points and the reason, as the event object holds them."""
from __future__ import annotations

from typing import Any, Mapping

from reportlab.platypus import Paragraph, Table, TableStyle

import lang

from .layout import BODY, HEAD, INK, RULE, fitted_heads, para, text


def with_vp(event: Mapping[str, Any]) -> bool:
    """Whether the night gives victory points: then its tables show each side's VP, and points are match points."""
    return event.get("standings") == "vp" and bool(event.get("vp_scale"))


def points_head(event: Mapping[str, Any], score: bool = False) -> str:
    """The head of a points column: MP on a VP night, as the TV's standings name it; else Points (Score per table)."""
    if with_vp(event):
        return lang.pgettext("match points, a short column head", "MP")
    return lang._("Score") if score else lang._("Points")


def adjustments_table(event: Mapping[str, Any], width: float) -> Table | Paragraph:
    """Round, name, VP, points, reason: one row an adjustment, in the order they were made."""
    adjustments = event.get("adjustments") or []
    if not adjustments:
        return para(text(lang._("No penalty or award.")))
    names = [e["name"] for e in event["entrants"]]
    widths = [50, 150, 50, 60, width - 310]
    data = [fitted_heads([lang._("Round"), lang._("Entrant"), lang._("VP"), points_head(event), lang._("Reason")],
                         widths, BODY, right={2, 3}, centre={0})]
    data += [[lang.number(a["round"]), para(text(names[a["entrant"]] if a["entrant"] < len(names) else ""), "cell"),
              lang.signed(a["vp"]), lang.signed(a["points"]), para(text(a["reason"]), "cell")] for a in adjustments]
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    # the sheet's own type, as the other tables: Helvetica has no true minus for a penalty's −1
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Cond", BODY), ("FONT", (0, 0), (-1, 0), "Cond-Bold", BODY),
                               ("GRID", (0, 0), (-1, -1), 0.5, RULE), ("BACKGROUND", (0, 0), (-1, 0), HEAD),
                               ("TEXTCOLOR", (0, 0), (-1, -1), INK), ("ALIGN", (2, 1), (3, -1), "RIGHT"),
                               ("ALIGN", (0, 1), (0, -1), "CENTER"), ("VALIGN", (0, 1), (-1, -1), "TOP")]))
    return table
