"""A club night's results as a CSV file (API.md `GET /events/{id}/results.csv`): a row per entrant per round, an
empty line, then the final standings. The column names are API.md's and the cells plain digits (no grouping, an
ASCII minus) in every language, so a federation's program or any spreadsheet reads them back. And the director's
adjustments from the director's page: a penalty or award added, or taken back."""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, current_app, flash, redirect, request, url_for

import lang
from db import connect
from scoring import Refused
from scoring.events.results import COLUMNS
from service import event_sections, events, players, tournament
from web.forms import keys
from web.forms.numbers import Unreadable, number
from web.plumbing.addresses import qr_answer, reachable
from web.plumbing.database import get_db
from web.plumbing.drawings import apart, drawn, with_connection
from web.plumbing.errors import refused_page
from web.present.device_name import event_device

bp = Blueprint("event_results", __name__, url_prefix="/events")
bp.register_error_handler(Refused, refused_page)

STANDINGS = ("place", "entrant", "name", "played", "wins", "points", "margin", "vp")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """None as an empty cell; a name a spreadsheet would run as a formula gets a leading quote."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@bp.get("/<event_id>/results.csv")
def results_csv(event_id: str):
    """Kept per state of the night and of its players' federation numbers, and written in a process of its own, as
    the night's PDFs are (the largest night's is 0.7 MB, from 10,000 games)."""
    key = events.event_key(get_db(), event_id)  # 404 for an unknown event; names what the file is written from
    numbers = players.members_key(get_db())  # a number changed on a player's page
    section = event_sections.section_asked(get_db(), event_id, request.args.get("section"))  # one section's, or all
    return Response(drawn(("results.csv", event_id, key, numbers, section), apart(results_file, event_id, section)),
                    mimetype="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="results.csv"', "Cache-Control": "no-cache"})


def results_file(path: str, language: str, event_id: str, section: str | None = None) -> bytes:
    """results.csv of the night, from the database at `path` (drawings.apart; its cells speak no language); with a
    `section`, its round rows and standings rows are that section's entrants' (places stay the field's)."""
    def write(conn) -> bytes:
        rounds, standings = tournament.results(conn, event_id)
        if section is not None:
            standings = event_sections.in_section(standings, section)
            inside = {row["entrant"] for row in standings}
            rounds = [row for row in rounds if row["entrant"] in inside]
        # the last column: the entrant's federation numbers as API.md joins them ("+IT-9" when the first is unknown),
        # each number guarded as a name is, not the joined cell
        members = ["+".join(str(_cell(n)) for n in numbers) if any(numbers) else ""
                   for numbers in players.event_members(conn, event_id)]
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow((*COLUMNS, "members"))
        writer.writerows([*(_cell(row[c]) for c in COLUMNS), members[row["entrant"]]] for row in rounds)
        writer.writerow([])
        writer.writerow((*STANDINGS, "members"))
        writer.writerows([*(_cell(row[c]) for c in STANDINGS), members[row["entrant"]]] for row in standings)
        return out.getvalue().encode()
    return with_connection(path, language, write)


# the file opens on its own: its inline styles are all it may load (no script, no image but data:, no other address)
FILE_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
               "frame-ancestors 'none'")


@bp.get("/<event_id>/results.html")
def results_html(event_id: str):
    """The night's results as one self-contained HTML file, in the request's language; drawn once per state of the
    event and language, in a drawing thread (web/plumbing/drawings.py), as results.pdf."""
    from web.present.results_file import disposition, results_file

    key = events.event_key(get_db(), event_id)  # 404 for an unknown event; names what the file is drawn from
    section = event_sections.section_asked(get_db(), event_id, request.args.get("section"))  # one section's, or all
    env, path, language = current_app.jinja_env, current_app.config["DATABASE"], lang.current()

    def make() -> bytes:
        conn = connect(path)
        try:
            with lang.using(language):
                return results_file(env, conn, event_id, section)
        finally:
            conn.conn.close()
    content = drawn(("results-html", event_id, key, language, section), make)
    return Response(content, mimetype="text/html", headers={
        "Content-Disposition": disposition(events.event_name(get_db(), event_id)), "Cache-Control": "no-cache", "Content-Security-Policy": FILE_POLICY})


@bp.get("/<event_id>/results-qr.svg")
def results_qr(event_id: str):
    """A QR code of results.html, for players to save the night's results on their phones before they leave."""
    events.event_key(get_db(), event_id)  # 404 for an unknown event, from one row
    return qr_answer(results_address(event_id))


def results_address(event_id: str) -> str:
    """results.html's address as a phone on the room's network reaches it (not 127.0.0.1)."""
    return reachable(url_for("event_results.results_html", event_id=event_id))


ADJUSTMENT_LABELS = {"entrant": lang.L_("Pair or player"), "round": lang.L_("Round"),
                     "vp": lang.L_("Victory points (VP)"), "points": lang.L_("Points (MP)"),
                     "reason": lang.L_("Reason")}


def _back(event_id: str):
    return redirect(url_for("event_pages.event_page", event_id=event_id) + "#adjustments", 303)


@bp.post("/<event_id>/adjustments")
def add_adjustment(event_id: str):
    """The director's page's adjustment form: stored (once, however often it is sent), or each refusal said with its
    field's label above the form."""
    form = request.form
    payload = {"entrant": number(form.get("entrant", ""), "entrant"), "round": number(form.get("round", ""), "round"),
               "vp": number(form.get("vp", ""), "vp"), "points": number(form.get("points", ""), "points"),
               "reason": form.get("reason", "")}
    unread = [v.error for v in payload.values() if isinstance(v, Unreadable)]
    try:
        if unread:
            raise Refused(unread)
        tournament.add_adjustment(get_db(), event_id, payload, device=event_device(), key=keys.posted_key())
    except Refused as err:
        if err.status != 422:
            raise
        for e in err.errors:
            label = ADJUSTMENT_LABELS.get(e.field or "")
            flash(lang._("%(field)s: %(refusal)s", field=label, refusal=e.message) if label else e.message)
        return _back(event_id)
    flash(lang._("The adjustment is in the standings and the log."))
    return _back(event_id)


@bp.post("/<event_id>/adjustments/<adjustment_id>/delete")
def delete_adjustment(event_id: str, adjustment_id: str):
    tournament.delete_adjustment(get_db(), event_id, adjustment_id, device=event_device())
    flash(lang._("The adjustment is taken back; the log keeps both."))
    return _back(event_id)
