"""Seasons (API.md "Seasons: a club's circuit across nights"): the JSON API (/api/seasons…) and the pages: the
list with a new-season form, a season's standings page (its nights and counting changed there), the TV screen, the
standings PDF and the self-contained results.html. The rules are scoring.seasons', the use cases service.seasons'."""
from __future__ import annotations

from pathlib import Path

from flask import (Blueprint, Response, current_app, flash, jsonify, redirect, render_template, request, url_for)
from jinja2_fragments.flask import render_block

import lang
from lang.numbers import decimal
from scoring import VARIANTS, Refused
from scoring.seasons import shown
from service import events as event_service
from service import seasons
from web.forms import keys, numbers, season_form
from web.plumbing.database import get_db
from web.plumbing.drawings import drawn, on_own_connection
from web.plumbing.errors import refused_page
from web.plumbing.json_api import body, idempotency_key, refused

api_bp = Blueprint("seasons_api", __name__, url_prefix="/api/seasons")
api_bp.register_error_handler(Refused, refused)
bp = Blueprint("season_pages", __name__, url_prefix="/seasons")
bp.register_error_handler(Refused, refused_page)


@api_bp.post("")
def create_season():
    season = seasons.create_season(get_db(), body(), idempotency_key())
    return jsonify(season), 201, {"Location": f"/api/seasons/{season['id']}"}


@api_bp.get("")
def list_seasons():
    return jsonify(seasons.list_seasons(get_db()))


@api_bp.get("/<season_id>")
def show_season(season_id: str):
    return jsonify(seasons.get_season(get_db(), season_id))


@api_bp.put("/<season_id>")
def change_season(season_id: str):
    """The fields given replace the season's (name, events, counting); the standings follow at once."""
    return jsonify(seasons.update_season(get_db(), season_id, body()))


@api_bp.get("/<season_id>/standings")
def season_standings(season_id: str):
    return Response(seasons.standings_body(get_db(), season_id), mimetype="application/json")


# -- what the pages show ------------------------------------------------------------------------------------------

def figure(value) -> str:
    """A season figure written the page's way: 12,330; a share of a tied win 2.5 or 0.33."""
    value = shown(value)
    if isinstance(value, int):
        return lang.number(value)
    return decimal(value, 2).rstrip("0").rstrip(".,")


def counting_words(counting: dict, figure_key: str) -> str:
    """How the season counts, in one sentence: what, how many nights, and how many to be ranked."""
    scheme = counting.get("place_points")
    if scheme == "field":
        what = lang._("Each night gives points by place: as many as there were pairs or players for the first, one "
                      "less a place below.")
    elif scheme:
        what = lang._("Each night gives points by place: %(points)s (then 0).",
                      points=", ".join(lang.number(p) for p in scheme))
    else:
        what = {"vp": lang._("Each night counts its victory points."), "points": lang._("Each night counts its "
                                                                                        "points."),
                "wins": lang._("Each night counts its wins.")}[figure_key]
    best = (lang.ngettext("The best %(num)s night of each player counts.", "The best %(num)s nights of each player "
                          "count.", counting["best"], num=lang.number(counting["best"]))
            if counting.get("best") else lang._("Every night counts."))
    least = counting.get("min_events") or 1
    ranked = lang.ngettext("A player is ranked after %(num)s night.", "A player is ranked after %(num)s nights.",
                           least, num=lang.number(least)) if least > 1 else ""
    return " ".join(w for w in (what, best, ranked) if w)


def _view(db, season_id: str) -> dict:
    """Everything a season's pages show: the season, its nights, its rows (ranked, then unranked) with a cell per
    night (what it counts, and whether it is among the counted), and the key its poll compares."""
    key = seasons.season_key(db, season_id)
    table = seasons.season_table(db, season_id)
    rows = []
    for r in table.rows:
        by_event = {x.event: x for x in r.results}
        cells = [{"text": figure(by_event[n.id].counts), "counted": n.id in r.counted, "played": True,
                  "place": by_event[n.id].place} if n.id in by_event else {"played": False} for n in table.nights]
        rows.append({"player": r.player, "place": r.place, "events": r.events, "total": figure(r.total),
                     "cells": cells, "counted": len(r.counted)})
    variant = VARIANTS.get(table.season["variant"] or "")
    counting = {**seasons.DEFAULT_COUNTING, **table.season["counting"]}
    return {"season": table.season, "nights": table.nights, "ranked": [r for r in rows if r["place"] is not None],
            "unranked": [r for r in rows if r["place"] is None], "key": key,
            "variant_name": str(variant.name) if variant else "", "counting": counting,
            "counting_words": counting_words(counting, table.figure),
            "least": counting.get("min_events") or 1}


def _choices(db, season: dict | None = None) -> list[dict]:
    """The nights a season may count: its own (in its order), then every night in no season, the oldest first (the
    order ticked nights are added in: the order played)."""
    own = season["events"] if season else []
    listed = {e["id"]: e for e in reversed(event_service.list_events(db))}
    elsewhere = seasons.seasons_of(db, list(listed))
    free = [e for e in listed.values() if e["id"] not in elsewhere]
    return [listed[e] for e in own if e in listed] + [e for e in free if e["id"] not in own]


def _form_context(db, values: dict, season: dict | None = None) -> dict:
    return {"values": values, "choices": _choices(db, season), "counts_words": season_form.COUNTS,
            "figure_words": season_form.FIGURES, "variant_names": {v.id: v.name for v in VARIANTS.values()}}


# -- the pages ----------------------------------------------------------------------------------------------------

@bp.get("")
def season_list(at=None, general=(), values=None, status: int = 200):
    db = get_db()
    found = seasons.list_seasons(db)
    return render_template("seasons.html", seasons=found, at=at or {}, general=list(general),
                           key=keys.form_key(values or {}), posted=values is not None,
                           **_form_context(db, values or {"counts": "figure"})), status


@bp.post("")
def create_season_page():
    """The new-season form: the season made (once, however often the form is sent), or each refusal at its input."""
    try:
        made = seasons.create_season(get_db(), numbers.check(season_form.payload(request.form)),
                                     keys.posted_key())
    except Refused as err:
        if err.status >= 500:
            raise
        at, general = season_form.place(season_form.refusal(err.errors))
        return season_list(at, general, season_form.typed(request.form), 422)
    flash(lang._("The season “%(name)s” is made.", name=made["name"]))
    return redirect(url_for("season_pages.season_page", season_id=made["id"]), 303)


@bp.get("/<season_id>")
def season_page(season_id: str, at=None, general=(), values=None, status: int = 200):
    db = get_db()
    view = _view(db, season_id)
    return render_template("season.html", **view, at=at or {}, general=list(general),
                           **_form_context(db, values or season_form.values(view["season"]), view["season"])), status


@bp.post("/<season_id>")
def change_season_page(season_id: str):
    """The season page's form: the name, counting and nights replaced (the standings follow), or each refusal at
    its input with what was typed."""
    try:
        seasons.update_season(get_db(), season_id, numbers.check(season_form.payload(request.form)))
    except Refused as err:
        if err.status != 422:
            raise
        at, general = season_form.place(season_form.refusal(err.errors))
        return season_page(season_id, at, general, season_form.typed(request.form), 422)
    flash(lang._("The season is changed; its standings are counted again."))
    return redirect(url_for("season_pages.season_page", season_id=season_id), 303)


@bp.get("/<season_id>/screen")
def screen(season_id: str):
    return render_template("season_screen.html", **_view(get_db(), season_id))


@bp.get("/<season_id>/screen/live")
def screen_live(season_id: str):
    """Polled by the screen: 204 while neither the season nor any of its nights changed, else the board again."""
    db = get_db()
    if request.args.get("key") == seasons.season_key(db, season_id):
        return Response(status=204)
    return render_block("season_screen.html", "board", **_view(db, season_id))


@bp.get("/<season_id>/standings.pdf")
def standings_pdf(season_id: str):
    """The season's standings on paper, drawn off the request threads once per state and language."""
    key = seasons.season_key(get_db(), season_id)  # 404 for an unknown season; names what the sheet is drawn from

    def draw(conn) -> bytes:
        from sheets.season_sheets import season_standings_pdf  # reportlab: loaded when paper is first asked for

        view = _view(conn, season_id)
        return season_standings_pdf(view)
    content = drawn(("season-standings", season_id, key, lang.current()), on_own_connection(draw))
    return Response(content, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="season-standings.pdf"',
                             "Cache-Control": "no-cache"})


STYLE = Path(__file__).resolve().parents[2] / "static" / "season-results.css"


@bp.get("/<season_id>/results.html")
def results_html(season_id: str):
    """The season's standings as one self-contained HTML file (no script, its style inline, no outside address),
    for the club's web site or a message, in the request's language."""
    view = _view(get_db(), season_id)
    page = render_template("season_results.html", **view, style=STYLE.read_text(encoding="utf-8"))
    return Response(page, mimetype="text/html", headers={
        "Content-Disposition": 'inline; filename="season-results.html"', "Cache-Control": "no-cache",
        "Content-Security-Policy": RESULTS_CSP})


# the file's own style is inline (it travels alone): this answer's policy allows that and nothing else
RESULTS_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
               "frame-ancestors 'none'")


def init_app(app) -> None:
    app.register_blueprint(api_bp)
    app.register_blueprint(bp)
    app.jinja_env.globals.update(season_choices=lambda: seasons.list_seasons(get_db()))
