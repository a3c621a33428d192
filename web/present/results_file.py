"""A club night's results to take home (API.md `GET /events/{id}/results.html`): one self-contained HTML file, its
styles inline, no script and no address of another host, for the club's web site or a message.

What it shows is what results.pdf and results.csv read (service.events' event object, standings and table results,
service.tournament's rows round by round for each table's VP); nothing is ranked or scored again here. It is drawn
in a drawing thread (web/plumbing/drawings.py): `results_file` reads no request, only its own connection and the
language it is given.
"""
from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from urllib.parse import quote

import sqlite_utils
from babel.dates import format_date
from jinja2 import Environment

import lang
import service
from service import event_sections, events, tournament
from scoring.events import movements, sections

TEMPLATE = "event_results_file.html"


def results_file(env: Environment, db: sqlite_utils.Database, event_id: str, section: str | None = None) -> bytes:
    """The results file of the event as it is now, in the current language (UTF-8); of one section's entrants only
    (`section`, a letter the event has) or of all."""
    return env.get_template(TEMPLATE).render(**file_view(db, event_id, section)).encode("utf-8")


def file_view(db: sqlite_utils.Database, event_id: str, section: str | None = None) -> dict:
    """Everything the file shows: the event, its standings (with their tie-breaks), every round's tables with their
    scores and VP, the adjustments and the VP scale; `section`: its tables, byes and standings rows only (places
    stay the field's)."""
    event = events.get_event(db, event_id)
    results = events.table_results(db, event_id)
    round_rows, _ = tournament.results(db, event_id)
    by_vp = event["standings"] == "vp"
    vp = {(r["round"], r["entrant"]): r["vp"] for r in round_rows}
    names = [e["name"] for e in event["entrants"]]
    inside = sections.in_section(section, len(names), event.get("sections"))
    rounds = []
    for r in event["round_list"]:
        tables = []
        for t in r["tables"]:
            if section is not None and t.get("section") != section:
                continue
            got = results.get(t["game"]) or {}
            # a table of a night that confirms, finished but not accepted (or decided) yet: it counts nowhere
            waiting = bool(got.get("finished")) and t.get("confirmed") is False
            finished = bool(got.get("finished")) and not waiting
            won = set(got.get("winner") or ()) if finished else set()
            scores = [s["score"] for s in got.get("sides") or []]
            sides = [{"name": names[e], "score": scores[seat] if seat < len(scores) else None, "won": seat in won,
                      "vp": vp.get((r["number"], e)) if by_vp and finished else None}
                     for seat, e in enumerate(t["entrants"])]
            tables.append({"table": t["table"], "section": t.get("section"), "finished": finished, "waiting": waiting,
                           "sides": sides})
        byes = [{"name": names[e], "vp": vp.get((r["number"], e)) if by_vp else None} for e in r.get("byes") or []
                if inside(e)]
        rounds.append({"number": r["number"], "movement": _movement_word(r.get("movement")), "tables": tables,
                       "byes": byes})
    return {"event": event, "standings": event_sections.in_section(events.standings(db, event_id), section),
            "section": section, "figure_key": event["standings"],
            "full": True, "rounds": rounds, "names": names, "variant": _variant_name(event),
            "movement": _movement_word(event["movement"]), "date": _date(db, event),
            "scale": _scale(event) if by_vp else None, "html_lang": lang.current().replace("_", "-")}


def _movement_word(key: str | None) -> str:
    return movements.label(key) if key else ""


def _variant_name(event: dict) -> str:
    from scoring import get_variant

    variant = get_variant(event["variant"])
    return str(variant.name) if variant is not None else str(event["variant"])


def _scale(event: dict) -> dict:
    """The VP scale's name (a shipped scale's, in the current language; none for a club's own) and its rows."""
    named = {s["id"]: s["name"] for s in tournament.vp_scales()}
    return {"name": named.get(event.get("vp_scale_name") or ""), "rows": event.get("vp_scale") or []}


def _date(db: sqlite_utils.Database, event: dict) -> str:
    """The night's date (its first table's game made), as the language writes a date: '22 November 2026',
    '22. November 2026'; none before round 1."""
    for r in event["round_list"]:
        for t in r["tables"]:
            moment = datetime.fromisoformat(service.get_game(db, t["game"]).created)
            moment = moment.astimezone() if moment.tzinfo is not None else moment
            if lang.babel_code() == "en":
                return f"{moment.day} {moment:%B %Y}"
            return format_date(moment, "long", locale=lang.babel_locale())
    return ""


def filename(name: str) -> str:
    """The file's name from the night's name, for Save as: 'Venerdì al circolo' → venerdi-al-circolo.html."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:60].strip("-")
    return f"{slug or 'results'}.html"


def disposition(name: str) -> str:
    """Content-Disposition: shown in the browser (inline), saved under the night's name (RFC 6266, its UTF-8 form
    too, so a browser that reads it keeps the accents)."""
    utf8 = quote(unicodedata.normalize("NFC", name).strip()[:60] or "results", safe="") + ".html"
    return f"inline; filename=\"{filename(name)}\"; filename*=UTF-8''{utf8}"
