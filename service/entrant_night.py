"""One entrant's night (API.md "Every player's own page"): where it sits now, where it goes next when the movement
says it already, its results round by round and its place so far. Read for a player's own phone: no PIN is read and
none is answered (the event is read as anyone reads it), and nothing is changed.
"""
from __future__ import annotations

import sqlite_utils

from db import events as store
from scoring.events import movements, sections
from scoring.events.standings import bye_figures, game_figures

from . import confirm
from .event_view import page_event
from .events import event_of, stored_event, table_game, standings
from .games import not_found

import lang


def entrant_night(db: sqlite_utils.Database, event_id: str, entrant: int) -> dict:
    """{"event": the event as its pages read it (no PINs), "entrant": its index, "name", "players",
    "now": this round's seat or None before round 1 ({"round", "table", "line", "bye", "opponents", "finished",
    "game", "side": its side of the table's game, "waiting": what a table of a night that confirms waits for before
    it counts, service.confirm.waits_for, or None}),
    "next": where it goes next ({"where": "table"|"stays"|"bye"|"later"|"last"|"over", "table", "movement"}),
    "rounds": its results round by round, "standing": its standings row or None}. Refused 404 for an unknown event
    or an entrant out of range."""
    row = stored_event(db, event_id)
    event = page_event(db, event_id)  # pins=False: a table's PIN never reaches a player's page
    entrants = event["entrants"]
    if not isinstance(entrant, int) or not 0 <= entrant < len(entrants):
        raise not_found(lang._("There is no entrant %(n)s in this club night: it has entrants 0 to %(last)s.",
                               n=entrant, last=len(entrants) - 1))
    model = event_of(row)
    tables, _ = store.get_seats(db, row["id"])
    mine = {t["round"]: t for t in tables if entrant in t["entrants"]}
    # a table of a night that confirms: finished (or sent) but not counted yet, and what it waits for
    waits = confirm.waits_for(db, row["id"], {t["game"]: table_game(db, t).finished for t in mine.values()})
    adjustments = [a for a in event["adjustments"] if a["entrant"] == entrant]
    rounds = []
    letter = sections.letters(len(entrants), event.get("sections"))[entrant]  # its section's, in an event in sections
    for r in event["round_list"]:
        number = r["number"]
        table = mine.get(number)
        got = {"round": number, "movement": r["movement"], "bye": table is None and entrant in r["byes"],
               "table": None, "line": None, "opponents": [], "mp": None, "opponent_mp": None, "vp": None,
               "won": None, "finished": False, "game": None, "side": None, "waiting": None, "section": letter,
               "adjustments": [a for a in adjustments if a["round"] == number]}
        if table is not None:
            game = table_game(db, table)
            seat = table["entrants"].index(entrant)
            others = [e for e in table["entrants"] if e != entrant]
            got.update(table=table["table"], opponents=[_side(entrants[e]) for e in others],
                       line=("ns" if seat == 0 else "ew") if movements.by_lines(r["movement"]) else None,
                       finished=game.finished, game=table["game"], waiting=waits.get(table["game"]),
                       side=seat if len(table["entrants"]) == 2 else None)  # its side of the game (pairs)
            if game.finished:
                figures = game_figures(model, game)[entrant]
                best = max((game.totals[s] for s in range(len(table["entrants"])) if s != seat), default=None)
                got.update(mp=game.totals[seat], opponent_mp=best, won=seat in game.winners,
                           vp=figures[3] if event["standings"] == "vp" else None)
        elif got["bye"]:
            _, points, _, vp = bye_figures(model)
            got.update(mp=points, vp=vp if event["standings"] == "vp" else None, finished=True)
        rounds.append(got)
    now = rounds[-1] if rounds else None
    standing = next((s for s in standings(db, event_id) if s["entrant"] == entrant), None)
    return {"event": event, "entrant": entrant, "name": entrants[entrant]["name"],
            "players": list(entrants[entrant].get("players") or []), "now": now,
            "next": {**_next(event, entrant, now), "section": letter}, "rounds": rounds, "standing": standing}


def _side(entrant: dict) -> dict:
    return {"name": entrant["name"], "players": list(entrant.get("players") or [])}


def _next(event: dict, entrant: int, now: dict | None) -> dict:
    """Where the entrant goes in the next round: a table the movement already names (a Mitchell's East-West line
    moves, its North-South line keeps its table), a bye it already knows, or decided when the next round starts."""
    played = len(event["round_list"])
    if now is None:
        return {"where": "later", "table": None, "movement": None}
    if played >= event["rounds"]:
        return {"where": "over" if event["finished"] else "last", "table": None, "movement": None}
    going = movements.moves_next(event, now["round"])
    if not going:
        return {"where": "later", "table": None, "movement": None}
    word = movements.word(now["movement"])
    if entrant in going:
        return {"where": "table", "table": going[entrant], "movement": word}
    # the North-South line keeps its tables (API.md: North-South entrant i at table i + 1); a table that gets no
    # East-West entrant in the next round sits out
    own = now["table"] if now["table"] is not None else sections.own_table(len(event["entrants"]),
                                                                            event.get("sections"), entrant)
    if own in going.values():
        return {"where": "stays", "table": own, "movement": word}
    return {"where": "bye", "table": None, "movement": word}
