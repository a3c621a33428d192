"""A club night round's score slips (PDF): one per table, for tables that keep their score on paper."""
from __future__ import annotations

from flask import Blueprint, Response, request

import lang
import service
from scoring import FieldError, Refused
from service import events
from web.forms import numbers
from web.plumbing.database import get_db
from web.plumbing.drawings import apart, drawn, with_connection
from web.plumbing.errors import refused_page

bp = Blueprint("event_slips", __name__, url_prefix="/events")
bp.register_error_handler(Refused, refused_page)

PAPERS = ("a4", "letter")  # sheets.PAPERS' names: the slips are drawn in a process of their own, so the server
# itself never loads reportlab (16 MB) for them (tests/test_heavy_drawings.py checks the two agree)


@bp.get("/<event_id>/slips.pdf")
def score_slips(event_id: str):
    """Round `round`'s score slips (the latest round when not given), one per table, in the page's language."""
    db = get_db()
    key = events.event_key(db, event_id)  # 404 for an unknown event; names what the slips are drawn from
    played = events.rounds_started(db, event_id)
    raw = request.args.get("round", str(played))
    number = numbers.parse(raw, 3)
    if number is None or not 1 <= number <= played:
        said = (lang._("No round has started yet.") if not played
                else lang._("Rounds 1 to %(played)s have started.", played=lang.number(played)))
        raise Refused([FieldError("round", lang._("There is no round %(round)s to print slips for.", round=raw[:20])
                                  + " " + said)], status=404)
    paper = request.args.get("paper", "a4").strip().lower()
    if paper not in PAPERS:
        raise Refused([FieldError("paper", lang._("paper must be one of %(papers)s (got “%(got)s”).",
                                                  papers=", ".join(PAPERS), got=paper[:20]))])

    # drawn once per state of the night, round, paper and language, in a process of its own (issue 39 items 15, 20)
    data = drawn(("slips", event_id, key, number, paper, lang.current()), apart(slips_sheet, event_id, number, paper))
    return Response(data, mimetype="application/pdf", headers={
        "Content-Disposition": f'inline; filename="score-slips-round-{number}.pdf"', "Cache-Control": "no-cache"})


def slips_sheet(path: str, language: str, event_id: str, number: int, paper: str) -> bytes:
    """Round `number`'s score slips, drawn from the database at `path` in `language` (drawings.apart)."""
    from sheets.score_slips import slips_pdf  # reportlab: loaded when paper is first asked for

    def draw(conn) -> bytes:
        event = events.get_event(conn, event_id)
        tables = event["round_list"][number - 1]["tables"]
        deals = {t["table"]: service.get_game(conn, t["game"]).options.get("max_hands") for t in tables}
        first = service.get_game(conn, tables[0]["game"]).created if tables else None
        return slips_pdf(event, number, deals, paper=paper, date=first)
    return with_connection(path, language, draw)
