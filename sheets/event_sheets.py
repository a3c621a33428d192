"""A club night on paper: the results sheet (standings, every round's tables, the audit log) and a round's
seating (the list for the wall, a card for each table).

Pure functions of API.md's shapes ("Club nights (events)"): the event object, its standings rows, a short
result per table game and the audit log; they read no database and no web request.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from babel.numbers import format_decimal
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

import lang
from scoring import get_variant
from scoring.events import movements
from scoring.events.sections import table_label
from scoring.events.vp_scales import vp_of

from .event_adjustments import points_head, with_vp
from .layout import (BODY, HEAD, INK, RULE, SCORE_SIZE, SHADE, STYLES, day, day_and_time, fitted_heads, frame_width,
                     names, num, para, render, text, versus, zone_name)

RANKED_BY = {"wins": lang.L_("ranked by wins"), "points": lang.L_("ranked by points"),
             "vp": lang.L_("ranked by victory points")}
# how a standings row was placed among entrants level with it: the director's page's words (_event_standings.html)
TIE_BREAK = {"between": lang.L_("Level: the games between them decide"), "margin": lang.L_("Level: the margin decides"),
             "points": lang.L_("Level: the points decide"), "shared": lang.L_("Level on every tie-break: place shared")}
# the rule under the standings, by the ranking figure (_tie_break.html)
TIE_RULE = {"wins": lang.L_("Level on wins: the wins in the games between them decide, then the margin (own total "
                            "minus the best other total at the table, added up), then points."),
            "points": lang.L_("Level on points: the points in the games between them decide, then the margin (own "
                              "total minus the best other total at the table, added up)."),
            "vp": lang.L_("Level on victory points: the victory points in the games between them decide, then the "
                          "margin (own total minus the best other total at the table, added up), then points.")}
VP_COLUMN = 30
TABLE_COLUMN = 36
NUMBER_COLUMN = 50
ROW_PAD = 1.25  # a results row's padding above and below: 10 entrants and 4 rounds share one page
CELL_PAD = 6  # reportlab's padding left and right of a table cell
CHUNK_ROWS = 60  # about a page of the rounds table's rows: a round past them starts a table of its own

# the seating: the list read from the wall, and cards read across a table
LIST_STYLE = ParagraphStyle("seat-list", parent=STYLES["body"], fontName="Sans", fontSize=13, leading=17)
CARD_COLUMNS = 2
CARD_EVENT = 12  # the event's name and round on a card
CARD_TABLE = 34  # "Table 4"
CARD_NAME = 22  # an entrant's name, shrunk to fit down to CARD_NAME_LEAST and wrapped below that
CARD_NAME_LEAST = 15
CARD_PLAYERS = 12
CARD_VERSUS = 13
CARD_PAD = 12
QR_SIZE = 64  # an entrant's own page, read by a phone's camera across the table
QR_CAPTION = 8


def results_pdf(event: Mapping[str, Any], standings: Sequence[Mapping[str, Any]],
                results: Mapping[str, Mapping[str, Any]], audit: Sequence[Mapping[str, Any]],
                paper: str = "a4", date: str | None = None, section: str | None = None) -> bytes:
    """The event's results: standings, every round's tables and byes, and what changed when from which device
    (`section`: the letter of the one section `event` and `standings` were limited to, said under the title).

    `results`: game id → {"sides": [{"name", "score"}], "winner": [seat, …], "finished": bool};
    `audit`: [{"at", "device", "what"}] in the order to print. `date` (ISO) defaults to the event's
    `created`, else the first audit entry. One A4 page holds 10 entrants and 4 rounds; more flows on,
    every table's head repeated on each page it runs onto.
    """
    width = frame_width(paper, False)
    when = day(date or event.get("created") or (audit[0]["at"] if audit else None))
    story = [para(text(event["name"]), "title"), para(text(_subtitle(event, when)), "subtitle"), Spacer(1, 4)]
    if section:
        story.append(para(text(lang._("Section %(section)s only (places are the whole field's)", section=section)),
                          "subtitle"))
    story += [_heading(lang._("Standings")), standings_table(event, standings, width)]
    if any(row.get("tie_break") for row in standings):
        by = event.get("standings", "wins")
        story += [Spacer(1, 2), para(text(lang.shown(TIE_RULE.get(by, TIE_RULE["wins"]))), "small")]
    if event.get("round_list"):
        story += [Spacer(1, 8), *rounds_table(event, event["round_list"], results, width)]
    else:
        story.append(para(text(lang._("No rounds played yet."))))
    if event.get("adjustments"):
        from .event_adjustments import adjustments_table
        story += [_heading(lang._("Penalties and awards")), adjustments_table(event, width)]
    story += [_heading(lang._("What changed, when, from which device")), audit_table(audit, width)]
    footer = lang._("Meldbook · %(event)s · results · %(date)s", event=event["name"], date=when) if when \
        else lang._("Meldbook · %(event)s · results", event=event["name"])
    return render(story, paper=paper, wide=False, title=lang._("%(event)s: results", event=event["name"]),
                  footer=footer)


def seating_pdf(event: Mapping[str, Any], round_number: int, paper: str = "a4", date: str | None = None,
                own_page: str | None = None) -> bytes:
    """Round `round_number`'s seating: the whole list first ("Table 1: Ann & Bob v Cy & Di", who sits out),
    then a card per table to cut out and stand on it, two across; with `own_page` (the address of entrant 0's own
    page less its number) each card carries a QR code of each of its entrants' own pages.

    Capacity on A4: the list holds 40 tables on the first page; up to 6 tables (list and cards) fit
    on one page; the cards run 8 to a page after that.
    """
    round_ = next((r for r in event.get("round_list") or [] if r["number"] == round_number), None)
    if round_ is None:
        raise ValueError(f"{event['name']} has no round {round_number}")  # a caller's mistake, not shown
    width = frame_width(paper, False)
    when = day(date or event.get("created"))
    of = lang._("round %(round)s of %(rounds)s", round=num(round_number), rounds=num(event.get("rounds", round_number)))
    story = [para(text(lang._("%(event)s · round %(round)s seating", event=event["name"], round=num(round_number))),
                  "title"),
             para(text(" · ".join(p for p in (_variant_name(event), when, of) if p)), "subtitle"),
             Spacer(1, 6)]
    for table in round_["tables"]:
        story.append(Paragraph(lang._("<b>Table %(table)s:</b> %(sides)s", table=_table_no(table),
                                      sides=text(_versus(event, table["entrants"]))), LIST_STYLE))
    lines = seat_lines(event, round_)
    if lines and round_["tables"]:
        story.append(para(text(lang._("At every table the North-South pair is named first, the East-West pair "
                                      "second."))))
    if round_.get("byes"):
        story.append(Paragraph(lang._("<b>Sits out:</b> %(names)s", names=text(_entrant_names(event, round_["byes"]))),
                               LIST_STYLE))
    if not round_["tables"]:
        story.append(Paragraph(text(lang._("No tables in this round.")), LIST_STYLE))
    story.append(Spacer(1, 12))
    cards = [_card_lines(event, round_number, t, lines) for t in round_["tables"]]
    if own_page:
        for card, t in zip(cards, round_["tables"]):
            card["qrs"] = [(event["entrants"][e]["name"], f"{own_page}{e}") for e in t["entrants"]]
    card_width = width / CARD_COLUMNS
    height = max((_card_height(c, card_width) for c in cards), default=0)
    for k in range(0, len(cards), CARD_COLUMNS):
        story.append(CardRow(cards[k:k + CARD_COLUMNS], card_width, height))
    seating = {"event": event["name"], "round": num(round_number), "date": when}
    footer = lang._("Meldbook · %(event)s · round %(round)s seating · %(date)s", **seating) if when \
        else lang._("Meldbook · %(event)s · round %(round)s seating", **seating)
    return render(story, paper=paper, wide=False, title=lang._("%(event)s: round %(round)s seating", **seating),
                  footer=footer)


# -- the results sheet -------------------------------------------------------------------------------------------

def shown_wins(wins: Any) -> str:
    """Wins as a number: 2, a share of a tied win to two decimals (0.33, 2.5; 0,33 in German)."""
    if isinstance(wins, Fraction):
        wins = wins.numerator if wins.denominator == 1 else float(wins)
    if isinstance(wins, int):
        return num(wins)
    return format_decimal(round(float(wins), 2), "#,##0.##", locale=lang.babel_locale())


def standings_table(event: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], width: float) -> Table:
    """Place, entrant, played, wins, points, margin (and vp when the event ranks by it); the ranking figure bold."""
    by = event.get("standings", "wins")
    heads = [lang._("Place"), lang._("Entrant"), lang._("Played"), lang._("Wins"), points_head(event),
             lang._("Margin")] + ([lang._("VP")] if by == "vp" else [])
    numbers = [46, 52, 70, 70, 64] + ([46] if by == "vp" else [])
    widths = [numbers[0], width - sum(numbers)] + numbers[1:]
    data = [fitted_heads(heads, widths, BODY, right=set(range(2, len(heads))), centre={0})]
    for row in rows:
        name = text(_entrant_label(event, row))
        if row.get("tie_break") in TIE_BREAK:  # the reason, as the director's page and the TV give it
            name += f'<br/><font size="{STYLES["small"].fontSize}">{text(lang.shown(TIE_BREAK[row["tie_break"]]))}</font>'
        if row.get("section"):  # an event in sections: its section and its place among its section's entrants
            name += (f'<br/><font size="{STYLES["small"].fontSize}">'
                     + text(lang._("Section %(section)s, place %(place)s", section=row["section"],
                                   place=num(row["section_place"]))) + "</font>")
        line = [num(row["place"]), para(name, "cell"), num(row["played"]),
                shown_wins(row["wins"]), num(row["points"]), num(row["margin"])]
        if by == "vp":
            line.append("" if row.get("vp") is None else num(row["vp"]))
        data.append(line)
    figure = {"points": 4, "vp": 6}.get(by, 3)  # the ranking figure's column: wins, points or vp
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = _grid() + [("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER"),
                       ("FONT", (figure, 1), (figure, -1), "Cond-Bold", SCORE_SIZE),
                       ("BACKGROUND", (figure, 0), (figure, -1), SHADE),
                       ("BACKGROUND", (figure, 0), (figure, 0), HEAD)]
    table.setStyle(TableStyle(style))
    return table


def rounds_table(event: Mapping[str, Any], round_list: Sequence[Mapping[str, Any]],
                 results: Mapping[str, Mapping[str, Any]], width: float) -> list[Table]:
    """Every round: a band naming it (and who sits out), then one row a table: who played and their scores,
    the winner (bold where they sit too) and by how much. Rounds run on in one table with one head, repeated on every
    page it runs onto, until about a page of rows (CHUNK_ROWS); the next round starts a table of its own, head again.
    (reportlab lays a table out afresh at every page break: one table of 10,000 rows took minutes to draw.)"""
    tables, chunk = [], []
    for round_ in round_list:
        if chunk and sum(len(r["tables"]) + 1 for r in chunk) + len(round_["tables"]) > CHUNK_ROWS:
            tables.append(_rounds_chunk(event, chunk, results, width))
            chunk = []
        chunk.append(round_)
    return tables + ([_rounds_chunk(event, chunk, results, width)] if chunk else [])


def _rounds_chunk(event: Mapping[str, Any], round_list: Sequence[Mapping[str, Any]],
                  results: Mapping[str, Mapping[str, Any]], width: float) -> Table:
    """One table of rounds_table: its head, then each round's band and tables."""
    size = event.get("table_size") or 2
    vp = with_vp(event)
    if size == 2:  # names and scores in columns, read across as "A 1,230 B 980, A by 250" (with each side's VP)
        mp = points_head(event, score=True)
        each = [lang._("Side"), mp] + ([lang._("VP")] if vp else [])
        heads = [lang._("Table")] + each + each + [lang._("Winner"), lang._("By")]
        # a score column as wide as its head's one word needs ("Punteggio"), taken from the names' columns
        score = max(NUMBER_COLUMN, stringWidth(mp, "Cond-Bold", BODY) + 8)
        points = [score] + ([VP_COLUMN] if vp else [])
        name = (width - TABLE_COLUMN - 2 * sum(points) - NUMBER_COLUMN) / 3
        widths = [TABLE_COLUMN, name, *points, name, *points, name, NUMBER_COLUMN]
        right = set(range(2, len(widths))) - {len(widths) - 2, 1 + len(each)}
    else:  # three or more at a table: every side with its score in one cell
        name = (width - TABLE_COLUMN - NUMBER_COLUMN) / 4
        widths = [TABLE_COLUMN, 3 * name, name, NUMBER_COLUMN]
        heads = [lang._("Table"), lang._("Who played (score)"), lang._("Winner"), lang._("By")]
        right = {3}
    data = [fitted_heads(heads, widths, BODY, right=right, centre={0})]
    style = _grid() + [("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
                       ("FONT", (-1, 1), (-1, -1), "Cond", SCORE_SIZE)]
    if size == 2:
        step = 3 if vp else 2  # a side's columns: name, MP (and VP)
        for k in (2, 2 + step):
            style += [("ALIGN", (k, 0), (k, -1), "RIGHT"), ("FONT", (k, 1), (k, -1), "Cond", SCORE_SIZE)]
            if vp:
                style += [("ALIGN", (k + 1, 0), (k + 1, -1), "RIGHT"), ("FONT", (k + 1, 1), (k + 1, -1), "Cond", BODY)]
        style.append(("LINEBEFORE", (1 + 2 * step, 0), (1 + 2 * step, -1), 0.8, INK))
    for round_ in round_list:
        at = len(data)
        byes = round_.get("byes") or []
        out = (f'  <font name="Cond" size="{BODY}">'
               + text(lang._("· sits out: %(names)s (a bye counts as a game won, margin 0)",
                             names=_entrant_names(event, byes))) + '</font>') if byes else ""
        band = text(lang._("Round %(round)s", round=num(round_["number"])) + " · "
                    + movements.word(round_.get("movement") or event.get("movement")))
        data.append([Paragraph(band + out, ROUND_BAND)] + [""] * (len(widths) - 1))
        style += [("SPAN", (0, at), (-1, at)), ("BACKGROUND", (0, at), (-1, at), SHADE),
                  ("LINEABOVE", (0, at), (-1, at), 0.8, INK), ("NOSPLIT", (0, at), (-1, at + 1))]
        for table in round_["tables"]:
            data.append(_table_row(event, table, results, size, style, len(data), widths))
        if not round_["tables"]:
            data.append(["", para(text(lang._("No tables in this round.")), "cell")] + [""] * (len(widths) - 2))
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    return table


def _table_row(event: Mapping[str, Any], table: Mapping[str, Any], results: Mapping[str, Mapping[str, Any]],
               size: int, style: list, at: int, widths: Sequence[float]) -> list:
    """A table's row of the rounds table; the winner's name and score made bold in `style`."""
    seated = [event["entrants"][e]["name"] for e in table["entrants"]]
    got = results.get(table.get("game")) or {}
    sides = got.get("sides") or [{"name": n, "score": None} for n in seated]
    won = set(got.get("winner") or []) if got.get("finished") else set()
    if size == 2:
        row = [_table_no(table)]
        vp = _vps(event, got, sides) if with_vp(event) else None
        step = 2 if vp is None else 3
        for seat, side in enumerate(sides[:2]):
            row.append(_cell(str(side["name"]), widths[1 + step * seat], style, (1 + step * seat, at), seat in won))
            row.append(_score(side))
            if vp is not None:
                row.append("" if vp[seat] is None else num(vp[seat]))
            if seat in won:
                style.append(("FONT", (2 + step * seat, at), (2 + step * seat, at), "Cond-Bold", SCORE_SIZE))
    else:
        parts = [(f"<b>{text(s['name'])}</b>" if seat in won else text(s["name"]))
                 + ("" if s.get("score") is None else f" {num(s['score'])}") for seat, s in enumerate(sides)]
        row = [_table_no(table), para(" · ".join(parts), "cell")]
    winner, by = _winner(got, sides, won)
    return row + [_cell(winner, widths[-2], style, (len(widths) - 2, at)), by]


def _cell(words: str, width: float, style: list, at: tuple[int, int], bold: bool = False):
    """A name in a results cell: plain words in the table's own type where they fit on one line (a Paragraph costs
    reportlab ten times as much, and the largest event has 30,000 of these cells), else a wrapping paragraph."""
    font = "Cond-Bold" if bold else "Cond"
    if "\n" not in words and stringWidth(words, font, BODY) <= width - 2 * CELL_PAD:
        if bold:
            style.append(("FONT", at, at, font, BODY))
        return words
    return para(f"<b>{text(words)}</b>" if bold else text(words), "cell")


def audit_table(audit: Sequence[Mapping[str, Any]], width: float) -> Table | Paragraph:
    """When, which device, what changed: one row an entry."""
    if not audit:
        return para(text(lang._("Nothing changed after the games were recorded.")))
    # a PDF has no phone to take a time zone from: the times are the club computer's clock, its zone named once in
    # the head (or at each time, should the log run across a change of the clocks)
    zones = [zone_name(a.get("at")) for a in audit]
    moments = [_moment(a.get("at")) for a in audit]
    if len(set(zones)) > 1:
        moments = [f"{m} {z}".strip() for m, z in zip(moments, zones)]
    head = lang._("When (%(zone)s)", zone=zones[0]) if len(set(zones)) == 1 and zones[0] else lang._("When")
    when = max([72.0, stringWidth(head, "Cond-Bold", BODY) + 2 * CELL_PAD]  # the head on one line
               + [stringWidth(m, "Cond", BODY) + 4 for m in moments])  # "24. Nov. 19:31" in German
    widths = [when, 130, width - 130 - when]
    data = [fitted_heads([head, lang._("Device"), lang._("What changed")], widths, BODY)]
    data += [[moment, para(text(a.get("device") or lang._("unknown")), "cell"),
              para(text(lang.shown(a.get("what", ""))), "cell")]
             for moment, a in zip(moments, audit)]
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(_grid() + [("VALIGN", (0, 1), (-1, -1), "TOP")]))
    return table


def _vps(event: Mapping[str, Any], got: Mapping[str, Any], sides: Sequence[Mapping[str, Any]]) -> list[int | None]:
    """Each side's VP for a finished table game of two, by the event's scale (as the standings count them: API.md);
    None while it is not finished."""
    if not got.get("finished") or len(sides) != 2 or any(s.get("score") is None for s in sides):
        return [None, None]
    scale = tuple(tuple(r) for r in event["vp_scale"])
    winners = set(got.get("winner") or [])
    margin = abs(sides[0]["score"] - sides[1]["score"])
    return [vp_of(scale, seat in winners, len(winners), margin) for seat in range(2)]


def _score(side: Mapping[str, Any]) -> str:
    return "" if side.get("score") is None else num(side["score"])


def _winner(got: Mapping[str, Any], sides: Sequence[Mapping[str, Any]], won: set[int]) -> tuple[str, str]:
    """Who won and by how much over the best of the others; a level finish is shared, with no margin."""
    if not got:
        return lang._("no result"), ""
    if not got.get("finished"):
        return lang._("not finished"), ""
    winners = [sides[i]["name"] for i in sorted(won) if i < len(sides)]
    if len(winners) == 1:
        scores = [s.get("score") or 0 for s in sides]
        others = [x for i, x in enumerate(scores) if i not in won]
        return winners[0], num(scores[min(won)] - max(others)) if others else ""
    return (lang._("shared") if winners else lang._("finished")), ""


def _grid() -> list[tuple]:
    return [("FONT", (0, 0), (-1, -1), "Cond", BODY), ("FONT", (0, 0), (-1, 0), "Cond-Bold", BODY),
            ("BACKGROUND", (0, 0), (-1, 0), HEAD), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK), ("INNERGRID", (0, 0), (-1, -1), 0.25, RULE),
            ("BOX", (0, 0), (-1, -1), 1.0, INK), ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
            ("TOPPADDING", (0, 0), (-1, -1), ROW_PAD), ("BOTTOMPADDING", (0, 0), (-1, -1), ROW_PAD)]


ROUND_BAND = ParagraphStyle("round-band", parent=STYLES["cell"], fontName="Cond-Bold", fontSize=SCORE_SIZE + 1,
                            leading=SCORE_SIZE + 2.5)
HEADING = ParagraphStyle("h2-next", parent=STYLES["h2"], spaceBefore=5, spaceAfter=2, keepWithNext=1)


def _heading(words: str, more: str = "") -> Paragraph:
    """A section's heading, kept on the page of what follows it; `more` is markup after it."""
    return Paragraph(text(words) + more, HEADING)


def _moment(iso: str | None) -> str:
    """'24 Nov 21:04' in this machine's time zone ('24. Nov. 21:04' in German; a moment without a zone as it is)."""
    return day_and_time(iso)


def _subtitle(event: Mapping[str, Any], when: str) -> str:
    variant = _variant_name(event)
    played = len(event.get("round_list") or [])
    ranked = event.get("standings", "wins")
    parts = [variant, when,
             lang._("round %(round)s of %(rounds)s", round=num(played), rounds=num(event.get("rounds", played)))
             if played else lang._("no round played"),
             ", ".join(movements.word(m) for m in movements.used(event)),
             lang.shown(RANKED_BY[ranked]) if ranked in RANKED_BY else lang._("ranked by %(what)s", what=ranked)]
    if event.get("finished"):
        parts.append(lang._("finished"))
    return " · ".join(p for p in parts if p)


def _variant_name(event: Mapping[str, Any]) -> str:
    try:
        return lang.shown(get_variant(event["variant"]).name)
    except (KeyError, LookupError):
        return str(event.get("variant", ""))


def _entrant_label(event: Mapping[str, Any], row: Mapping[str, Any]) -> str:
    """The entrant's name, with its players when the name does not already say them."""
    entrants = event.get("entrants") or []
    entrant = entrants[row["entrant"]] if 0 <= row.get("entrant", -1) < len(entrants) else {}
    players = list(entrant.get("players") or [])
    shown = names(players) if players else ""
    return f"{row['name']} ({shown})" if shown and shown != row["name"] and players != [row["name"]] else row["name"]


def _entrant_names(event: Mapping[str, Any], indexes: Sequence[int]) -> str:
    return ", ".join(event["entrants"][e]["name"] for e in indexes)


def _versus(event: Mapping[str, Any], indexes: Sequence[int]) -> str:
    return versus(event["entrants"][e]["name"] for e in indexes)


# -- the seating cards ------------------------------------------------------------------------------------------

def seat_lines(event: Mapping[str, Any], round_: Mapping[str, Any]) -> dict[int, str]:
    """Entrant → its line at its table, where the round's movement seats by lines (a Mitchell): "North-South", or
    "East-West · next Mitchell round: table 3" where the movement already says where it goes; {} otherwise."""
    name = round_.get("movement") or event.get("movement")
    if not movements.by_lines(name):
        return {}
    going = movements.moves_next(event, round_["number"])
    said = {}
    for table in round_["tables"]:
        for seat, e in enumerate(table["entrants"]):
            words = lang._("North-South") if seat == 0 else lang._("East-West")
            if e in going:
                words += " · " + lang._("next %(movement)s round: table %(table)s", movement=movements.word(name),
                                        table=table_label(table.get("section"), num(going[e])))
            said[e] = words
    return said


def _table_no(table: Mapping[str, Any]) -> str:
    """A table as paper shows it: "B 13" in an event in sections, "13" otherwise."""
    return table_label(table.get("section"), num(table["table"]))


def players_line(entrant: Mapping[str, Any]) -> str:
    """An entrant's players, when its name does not already say them ("" for "Anna & Bruno" of Anna and Bruno)."""
    players = list(entrant.get("players") or [])
    shown = names(players) if players and players != [entrant["name"]] else ""
    return shown if shown != entrant["name"] else ""


def _card_lines(event: Mapping[str, Any], round_number: int, table: Mapping[str, Any],
                lines: Mapping[int, str]) -> dict:
    seated = []
    for e in table["entrants"]:
        entrant = event["entrants"][e]
        seated.append((entrant["name"], players_line(entrant), lines.get(e, "")))
    return {"top": lang._("%(event)s · round %(round)s", event=event["name"], round=num(round_number)),
            "table": lang._("Table %(table)s", table=_table_no(table)), "seated": seated,
            # the table's own PIN, on the director's copy only (the event object has it for the director alone)
            "pin": _pin_line(table)}


def _pin_line(table: Mapping[str, Any]) -> str:
    """A table's own PIN on the director's card; with confirm both, each side's (North–South's, then East–West's)."""
    if table.get("pins"):
        first, second = table["pins"]
        return lang._("Table PIN: %(pin)s", pin=first) + " · " + lang._("East–West's PIN: %(pin)s", pin=second)
    return lang._("Table PIN: %(pin)s", pin=table["pin"]) if table.get("pin") else ""


def _fit(words: str, font: str, size: float, least: float, width: float) -> tuple[float, list[str]]:
    """The largest size from `size` down to `least` that sets `words` on one line, else `least`, wrapped."""
    while size > least and stringWidth(words, font, size) > width:
        size -= 0.5
    return size, simpleSplit(words, font, size, width)


def _card_layout(card: dict, width: float) -> list[tuple[str, float, str]]:
    """The card's lines, top down: (font, size, words)."""
    inner = width - 2 * CARD_PAD
    lines = [("Cond", CARD_EVENT, w) for w in simpleSplit(card["top"], "Cond", CARD_EVENT, inner)]
    lines.append(("Sans-Bold", CARD_TABLE, card["table"]))
    for k, (name, players, line) in enumerate(card["seated"]):
        if k:
            lines.append(("Sans", CARD_VERSUS, lang.pgettext("between side names", "v")))
        size, split = _fit(name, "Sans-Bold", CARD_NAME, CARD_NAME_LEAST, inner)
        lines += [("Sans-Bold", size, w) for w in split]
        if players:
            lines += [("Sans", CARD_PLAYERS, w) for w in simpleSplit(players, "Sans", CARD_PLAYERS, inner)]
        if line:  # North-South / East-West, and where East-West goes next
            lines += [("Cond", CARD_PLAYERS, w) for w in simpleSplit(line, "Cond", CARD_PLAYERS, inner)]
    if card.get("pin"):
        lines += [("Sans", CARD_PLAYERS / 2, ""), ("Sans-Bold", CARD_EVENT + 2, card["pin"])]  # a little gap first
    return lines


def _leading(size: float) -> float:
    return size * 1.22


def _card_height(card: dict, width: float) -> float:
    qrs = QR_SIZE + _leading(QR_CAPTION) + 6 if card.get("qrs") else 0
    return 2 * CARD_PAD + sum(_leading(size) for _, size, _ in _card_layout(card, width)) + 6 + qrs


def _draw_qrs(c, card: dict, left: float, width: float) -> None:
    """Each entrant's own page as a QR code, side by side at the card's foot, its name under it."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    qrs = card["qrs"]
    step = width / len(qrs)
    for k, (name, address) in enumerate(qrs):
        widget = QrCodeWidget(address, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (x1 - x0), 0, 0, QR_SIZE / (y1 - y0), 0, 0])
        drawing.add(widget)
        middle = left + step * k + step / 2
        renderPDF.draw(drawing, c, middle - QR_SIZE / 2, CARD_PAD + _leading(QR_CAPTION))
        c.setFont("Cond", QR_CAPTION)
        words = lang._("Your page: %(name)s", name=name)
        _, split = _fit(words, "Cond", QR_CAPTION, QR_CAPTION, step - 8)
        c.drawCentredString(middle, CARD_PAD + 2, split[0] if split else words)


class CardRow(Flowable):
    """Table cards side by side, dashed cut lines round each; a row is never split across pages."""

    def __init__(self, cards: list[dict], card_width: float, height: float):
        super().__init__()
        self.cards, self.card_width, self.height = cards, card_width, height
        self.width = card_width * CARD_COLUMNS

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.6)
        c.setDash(4, 3)
        across = len(self.cards) * self.card_width  # each cut line drawn once, so the dashes stay dashes
        for y in (0, self.height):
            c.line(0, y, across, y)
        for k in range(len(self.cards) + 1):
            c.line(k * self.card_width, 0, k * self.card_width, self.height)
        c.setDash()
        c.setFillColor(INK)
        for k, card in enumerate(self.cards):
            middle = k * self.card_width + self.card_width / 2
            y = self.height - CARD_PAD
            for font, size, words in _card_layout(card, self.card_width):
                y -= _leading(size)
                c.setFont(font, size)
                c.drawCentredString(middle, y + size * 0.22, words)
                if font == "Sans-Bold" and size == CARD_TABLE:
                    y -= 6  # a little air under the table's number
            if card.get("qrs"):
                _draw_qrs(c, card, k * self.card_width, self.card_width)
        c.restoreState()
