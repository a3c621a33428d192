"""Club nights' pages (issue 26): the list and the new-club-night form, the director's page (start a round, the
tables, standings, the log, paper), the players' table picker, the standings screen for the room's TV, and the
seating and results PDFs. The rules and storage are service.events'; every table's game is an ordinary game page.
"""
from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, flash, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

import lang
import service
from scoring import VARIANTS, FieldError, Refused, get_variant
from scoring.events import movement_fits, movements, sections, shipped
from service import confirm, event_view, events
from web.forms import event_form, keys, numbers
from service import event_sections  # what a big event's pages read of one section
from web.plumbing import polls
from web.plumbing.addresses import only_here, qr_answer, reachable
from web.present.event_clock import round_clock
from web.plumbing.database import get_db
from web.plumbing.director import director_page_refusal, directs, reading_as_director
from web.plumbing.drawings import apart, drawn, with_connection
from web.plumbing.pin import remember_director
from web.plumbing.own_page import find_me, me_address
from web.plumbing.errors import refused_page
from web.present import confirm_marks, device_name, table_no

bp = Blueprint("event_pages", __name__, url_prefix="/events")
bp.register_error_handler(Refused, refused_page)



# -- what the pages show ------------------------------------------------------------------------------------------

def _names(event: dict, indexes) -> list[str]:
    return [event["entrants"][i]["name"] for i in indexes]


def _table_state(variant, game) -> str:
    """'Not started', 'Hand 3' (the hand being played, in the game's own words) or 'Finished'."""
    words = variant.words
    if game.finished:
        return lang.pgettext("a table's game is over", "Finished")
    if game.hands_played == 0:
        return lang._("Not started")
    return words.say("%(Round)s %(n)s", n=lang.number(game.hands_played + 1))


def _tables(db, event: dict, round_: dict) -> list[dict]:
    variant = get_variant(event["variant"])
    tables = []
    for t in round_["tables"]:
        game = service.get_game(db, t["game"])
        winners = [game.sides[i].name for i in (game.winner or ())] if game.finished else []
        tables.append({"table": t["table"], "section": t.get("section"), "game": game,
                       "names": _names(event, t["entrants"]),
                       # the table's own PIN; with confirm both a PIN per side (E–W's second)
                       "pin": t.get("pin") or (t.get("pins") or [None])[0], "pin2": (t.get("pins") or [None, None])[1],
                       "state": _table_state(variant, game), "finished": game.finished,
                       "scores": [s.score for s in game.sides], "winners": winners,
                       "from_paper": any(h.from_paper for h in game.hands)})  # the director copied its slip
    confirm_marks.mark_tables(db, event, tables)  # a table waiting for a side's acceptance (confirm accept/both)
    return tables


def _view(db, event_id: str, event: dict | None = None, pins: bool = False) -> dict:
    """Everything the event's pages show (`event`: the event object, when read already; else only its round in play
    is read with its tables, service.event_view; `pins`: with each table's own PIN, for the director), and the key a
    poll of the page sends back (read first: a change after it only makes the page newer than its key). An event in
    sections may be shown for one (`?section=B`: its tables, byes and standings rows; Refused 404 for another)."""
    key = events.event_key(db, event_id)
    section = event_sections.section_asked(db, event_id, request.args.get("section"))
    event = event or event_view.page_event(db, event_id, pins=pins)
    variant = get_variant(event["variant"])
    rounds = event["round_list"]
    current = rounds[-1] if rounds else None
    if current and section:
        current = {**current, "tables": [t for t in current["tables"] if t.get("section") == section],
                   "byes": [e for e in current["byes"] if _section_of(event, e) == section]}
    tables = _tables(db, event, current) if current else []
    # a finished table waiting for a side's acceptance (or the director's decision) is not playing: it is said so
    playing = [table_no(t) for t in tables if not t["finished"] and not t.get("waiting")]
    waiting = [t for t in tables if t.get("waiting")]
    return {"event": event, "variant": variant, "current": current, "tables": tables, "playing": playing,
            "waiting": waiting, "waiting_words": _waiting_words(waiting),
            "byes": _names(event, current["byes"]) if current else [],
            "standings": event_sections.in_section(events.standings(db, event_id), section),
            "section": section, "sections": sections.letter_names(event["sections"] or 0),
            "figure": str(event_form.STANDINGS_WORDS[event["standings"]][0]),
            "figure_key": event["standings"], "next_round": len(rounds) + 1,
            "movement": movements.label(event["movement"]),
            "playing_words": _playing_words(playing) if playing else "", "key": key,
            "clock": round_clock(event),
            "round_movement": movements.label(current["movement"]) if current else "",
            "lines": movements.lines(current["movement"]) if current else [],
            "movement_choices": [(key, str(words[0])) for key, words in event_form.movement_words().items()
                                 if movement_fits(key, event["table_size"]) is None],
            "next_movement": movements.next_movement(event)}  # a Mitchell's rounds used up: the one that follows


def _section_of(event: dict, entrant: int) -> str | None:
    return sections.letters(len(event["entrants"]), event["sections"])[entrant]


def _waiting_words(waiting: list[dict]) -> str:
    """The tables that have finished but count nowhere yet, each with what it waits for."""
    return " ".join(lang._("Table %(table)s has finished, not counted yet: %(state)s.", table=table_no(t),
                           state=t["state"]) for t in waiting)


def _playing_words(playing: list) -> str:
    """The tables still playing (each as pages show it: 7, or "B 13"), in words."""
    if len(playing) == 1:
        return lang._("Table %(table)s is still playing.", table=lang.number(playing[0]))
    shown = [lang.number(n) for n in playing]
    return lang._("Tables %(tables)s and %(last)s are still playing.", tables=", ".join(shown[:-1]), last=shown[-1])


# -- the list and a new club night --------------------------------------------------------------------------------

@bp.get("")
def event_list():
    return render_template("events.html", events=events.list_events(get_db()),
                           variant_names={v.id: v.name for v in VARIANTS.values()})


def _form_page(values, at=None, general=(), status: int = 200):
    # the game the club played last (its last night's, else its last game's) first and chosen: an Italian club is not
    # made to scroll past eight other games to Burraco every week
    last = events.last_variant(get_db())
    return render_template("event_new.html", values=values, at=at or {}, general=list(general),
                           variants=sorted(VARIANTS.values(), key=lambda v: v.id != last),
                           plays_to={v.id: event_form.variant_defaults(v) for v in VARIANTS.values()},
                           movements=event_form.movement_words(), rankings=event_form.STANDINGS_WORDS,
                           scales=[{**s, "text": event_form.scale_text(s["rows"])} for s in shipped()],
                           defaults=event_form.DEFAULTS, key=keys.form_key(values), posted=bool(values)), status


@bp.get("/new")
def new_event():
    return _form_page({})


@bp.post("/new")
def create_event():
    """Make the club night (refusals at their inputs, nothing stored); the same form sent again makes none."""
    try:  # the same form sent again (a double tap, a resend) answers the event it made: its key is kept with it
        made = events.create_event(get_db(), numbers.check(event_form.payload(request.form)), keys.posted_key())["id"]
    except Refused as err:
        if err.status >= 500:
            raise
        if isinstance(err, events.EventKeyUsed):  # sent once, then changed and sent again: still that one event
            flash(lang._("This form already made this club night, so nothing new was made. To make another, open "
                         "“New club night” again."))
            return redirect(url_for("event_pages.event_page", event_id=err.event_id), 303)
        at, general = event_form.place(err.errors, request.form)
        return _form_page(request.form, at, general, 422)
    if request.form.get("director_pin", "").strip():
        remember_director(made)  # whoever typed the director's PIN into the form is the director: not asked again
    return redirect(url_for("event_pages.event_page", event_id=made), 303)


# -- the director's page ------------------------------------------------------------------------------------------

def _director_page(event_id: str, problem: str | None = None, status: int = 200):
    db = get_db()
    view = _view(db, event_id, pins=True)  # only the director gets here (director_page_refusal, check_director)
    return render_template("event.html", **view, problem=problem, start_key=keys.form_key(request.form),
                           adjustment_key=keys.form_key({}),
                           log=events.event_log(db, event_id), address=event_address(event_id),
                           only_here=only_here(), device=device_name.for_event(event_id)), status


@bp.get("/<event_id>")
def event_page(event_id: str):
    return find_me(event_id) or director_page_refusal(event_id) or _director_page(event_id)


@bp.get("/<event_id>/live")
def event_live(event_id: str):
    """Polled by the director's page: 204 while nothing changed (the screen's key), else the room drawn again."""
    db = get_db()
    changed = _changed(db, event_id, pins=True) if directs(event_id) else None  # the room is the director's
    if not changed:
        return Response(status=204)
    return render_block("event.html", "room", **changed, problem=None, start_key=keys.form_key(None),
                        log=events.event_log(db, event_id))


@bp.post("/<event_id>/rounds")
def start_round(event_id: str):
    """Start the next round; a double tap (the same form key) starts one. Refused in words (409)."""
    db = get_db()
    try:
        events.start_round(db, event_id, keys.posted_key(), request.form.get("movement") or None)
    except events.RoundCannotStart as err:  # it says which round, and which tables are still playing
        if err.all_played:
            words = lang._("Every planned round is played (%(rounds)s); no more rounds can start.",
                           rounds=lang.number(err.rounds))
        else:
            current = _view(db, event_id)
            shown = {t["table"]: table_no(t) for t in current["tables"]}  # "B 13" in an event in sections
            this = err.number - 1
            playing = [shown.get(t, t) for r, t in err.playing if r == this and (r, t) not in err.waiting]
            waiting = [confirm.wait_words(r, shown.get(t, t) if r == this else t, err.waiting[(r, t)])
                       for r, t in err.playing if (r, t) in err.waiting]
            earlier = [lang._("round %(round)s, table %(table)s", round=lang.number(r), table=lang.number(t))
                       for r, t in err.playing if r < err.number - 1 and (r, t) not in err.waiting]
            words = (lang._("Round %(n)s can start when every table has finished.", n=lang.number(err.number)) + " "
                     + (_playing_words(playing) if playing else "")
                     + (" " + " ".join(waiting) if waiting else "")
                     + (" " + lang._("Still playing again after a correction: %(tables)s.", tables=", ".join(earlier))
                        if earlier else ""))
        return _director_page(event_id, words.strip(), 409)
    except Refused as err:
        if err.status != 409:
            raise
        words = " ".join(e.message for e in err.errors)  # a movement with no round left, a change meanwhile
        return _director_page(event_id, words.strip(), 409)
    return redirect(url_for("event_pages.event_page", event_id=event_id) + "#tables", 303)


def event_address(event_id: str) -> str:
    """The table picker's address as a phone on the room's network reaches it (not 127.0.0.1)."""
    return reachable(url_for("event_pages.tables", event_id=event_id))


@bp.get("/<event_id>/qr.svg")
def qr_code(event_id: str):
    """A QR code that opens the table picker on a player's phone."""
    events.event_key(get_db(), event_id)  # 404 for an unknown event, from one row
    return qr_answer(event_address(event_id))


# -- the players' table picker ------------------------------------------------------------------------------------

@bp.get("/<event_id>/tables")
def tables(event_id: str):
    return render_template("event_tables.html", **_view(get_db(), event_id), device=device_name.for_event(event_id))


@bp.get("/<event_id>/tables/live")
def tables_live(event_id: str):
    changed = _changed(get_db(), event_id)
    return render_block("event_tables.html", "picker", **changed) if changed else _unchanged()


@bp.get("/<event_id>/tables/<int:number>")
def table(event_id: str, number: int):
    """The current round's game at table `number`."""
    playing = event_view.round_in_play(get_db(), event_id)
    if playing is None:
        raise Refused([FieldError(None, lang._("Round 1 has not started yet; the director starts it."))], status=404)
    found = playing.at(number)
    if found is None:
        raise Refused([FieldError(None, lang._("There is no table %(table)s in round %(round)s (it has %(tables)s).",
                                               table=lang.number(number), round=lang.number(playing.number),
                                               tables=lang.number(len(playing.tables))))], status=404)
    device_name.remember_table(event_id, number)  # the log calls this phone "Table 2's phone"
    return redirect(url_for("pages.game", game_id=found.game), 303)



# -- the standings screen -----------------------------------------------------------------------------------------

@bp.get("/<event_id>/screen")
def screen(event_id: str):
    return render_template("event_screen.html", **_view(get_db(), event_id))


@bp.get("/<event_id>/screen/live")
def screen_live(event_id: str):
    """Polled by the screen: 204 while no game of the event changed, else the board drawn again."""
    changed = _changed(get_db(), event_id)
    return render_block("event_screen.html", "board", **changed) if changed else _unchanged()


def _unchanged() -> Response:
    """A poll's 204, kept by the poll gate until the next minute at most (a round to the clock shows its minutes)."""
    return polls.unchanged((time.time() // 60 + 1) * 60)


def _changed(db, event_id: str, pins: bool = False) -> dict | None:
    """For a poll: None while the key the page was drawn with is current (only the key is read, one row however
    big the event: not the standings, the tables or the event, every 0.6 s on every screen), else everything the
    page shows (`pins`: the director's, with the tables' PINs)."""
    if request.args.get("key") == events.event_key(db, event_id):
        return None
    return _view(db, event_id, pins=pins)


# -- paper --------------------------------------------------------------------------------------------------------

def _pdf(data: bytes, name: str) -> Response:
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"', "Cache-Control": "no-cache"})


def _first_day(db, event: dict) -> str | None:
    for r in event["round_list"]:
        for t in r["tables"]:
            return service.get_game(db, t["game"]).created
    return None


@bp.get("/<event_id>/seating.pdf")
def seating(event_id: str):
    """A round's seating (`round`, the latest round when not given): the list and a card per table."""
    db = get_db()
    key = events.event_key(db, event_id)  # 404 for an unknown event; names what the sheet is drawn from
    played = events.rounds_started(db, event_id)
    raw = request.args.get("round", str(played))
    number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else 0
    if not 1 <= number <= played:
        said = (lang._("No round has started yet.") if not played
                else lang._("Rounds 1 to %(played)s have started.", played=lang.number(played)))
        raise Refused([FieldError("round", lang._("There is no round %(round)s to seat.", round=raw) + " " + said)],
                      status=404)

    pins, refusal = reading_as_director(event_id)  # each table's card shows its PIN to the director only
    if refusal is not None:
        return refusal

    own_page = me_address(event_id, 0)[:-1]  # each entrant's own page: this less its number
    content = drawn(("seating", event_id, key, number, lang.current(), pins, own_page),
                    apart(seating_sheet, event_id, number, bool(pins), own_page))
    return _pdf(content, f"seating-round-{number}.pdf")


def seating_sheet(path: str, language: str, event_id: str, number: int, pins: bool, own_page: str | None = None
                  ) -> bytes:
    """Round `number`'s seating (with each table's PIN for the director: `pins`), in a process of its own
    (drawings.apart)."""
    def draw(conn) -> bytes:
        from sheets.event_sheets import seating_pdf  # reportlab: loaded when paper is first asked for

        event = events.get_event(conn, event_id, pins=pins)
        return seating_pdf(event, number, date=_first_day(conn, event), own_page=own_page)
    return with_connection(path, language, draw)


@bp.get("/<event_id>/results.pdf")
def results(event_id: str):
    """The results: standings, every round's tables with scores, byes and the log of late changes."""
    key = events.event_key(get_db(), event_id)  # 404 for an unknown event; names what the sheet is drawn from
    section = event_sections.section_asked(get_db(), event_id, request.args.get("section"))  # one section's, or all
    return _pdf(drawn(("results", event_id, key, lang.current(), section), apart(results_sheet, event_id, section)),
                "results.pdf")


def results_sheet(path: str, language: str, event_id: str, section: str | None = None) -> bytes:
    """results.pdf of the night (of one section's tables, byes and standings rows: `section`), drawn from the
    database at `path` in `language` (in a process of its own: drawings.apart)."""
    def draw(conn) -> bytes:
        from sheets.event_sheets import results_pdf  # reportlab: loaded when paper is first asked for

        event = events.get_event(conn, event_id)
        results_ = events.table_results(conn, event_id)
        audit = [{"at": e["at"], "device": e["by"], "what": e["what"]} for e in events.event_log(conn, event_id)]
        return results_pdf(event_sections.event_in_section(event, section),
                           event_sections.in_section(events.standings(conn, event_id), section), results_, audit,
                           date=_first_day(conn, event), section=section)
    return with_connection(path, language, draw)
