"""Seasons (API.md "Seasons: a club's circuit across nights"): create, read, change and rank a season.

A season keeps only its name, its counting and its events in order (db.seasons); its standings are worked out
each time from its events' final standings (service.events.final_standings, kept per event state) by the pure
rules of scoring.seasons, so a corrected night or a changed counting shows at once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

import sqlite_utils

import lang
from db import database_path, write
from db import seasons as store
from scoring import Refused
from scoring.game import now_utc
from scoring.seasons import (DEFAULT_COUNTING, EventResult, EventRow, SeasonRow, check_season, figure_of, row_json,
                             season_standings)

from .cache import Recent
from .events import event_key, final_standings
from .season_fit import check_events
from .games import new_id, not_found


def _stored(db: sqlite_utils.Database, season_id: Any) -> dict:
    found = store.get_season(db, season_id) if isinstance(season_id, str) else None
    if found is None:
        raise not_found(lang._("There is no season with id “%(id)s”.", id=season_id))
    return found


def season_object(db: sqlite_utils.Database, season: dict) -> dict:
    """A season as the API shows it: id, name, variant (its events'; None before the first), events, counting."""
    return {"id": season["id"], "name": season["name"], "variant": store.season_variant(db, season["id"]),
            "events": season["events"], "counting": season["counting"], "created": season["created"]}


def create_season(db: sqlite_utils.Database, payload: Any, key: str | None = None) -> dict:
    """POST /api/seasons: a new season (Refused 422 naming each field wrong). A repeat under the same request key
    (a double tap on the form) answers the season it made and makes none."""
    body = check_season(payload, whole=True)
    with write(db):
        made = store.season_started_with(db, key) if key is not None else None
        if made is None:
            errors = check_events(db, None, body.events, body.counting)
            if errors:
                raise Refused(errors)
            made = new_id()
            store.insert_season(db, {"id": made, "name": body.name, "counting": body.counting, "created": now_utc(),
                                     "request_key": key, "events": list(body.events)})
    return get_season(db, made)


def update_season(db: sqlite_utils.Database, season_id: Any, payload: Any) -> dict:
    """PUT /api/seasons/{id}: the fields given replace the season's (a counting given is whole: keys left out take
    their defaults); the season object. Refused 404 or 422."""
    body = check_season(payload, whole=False)
    with write(db):
        season = _stored(db, season_id)
        name = season["name"] if body.name is None else body.name
        counting = {**DEFAULT_COUNTING, **season["counting"]} if body.counting is None else body.counting
        events = season["events"] if body.events is None else list(body.events)
        errors = check_events(db, season["id"], events, counting)
        if errors:
            raise Refused(errors)
        store.put_season(db, season["id"], name, counting)
        if body.events is not None:
            store.put_events(db, season["id"], events)
    return get_season(db, season["id"])


def get_season(db: sqlite_utils.Database, season_id: Any) -> dict:
    """The season object, or Refused 404."""
    return season_object(db, _stored(db, season_id))


def list_seasons(db: sqlite_utils.Database) -> list[dict]:
    """Every season, the newest first."""
    return [season_object(db, s) for s in store.list_seasons(db)]


@dataclass(frozen=True)
class Night:
    """One event of a season as its pages show it: id, name, finished, and its place in the season (1, 2 …)."""

    id: str
    name: str
    finished: bool
    number: int


@dataclass(frozen=True)
class Table:
    """A season's standings as the pages and sheets read them: the season, the figure counted, its nights and
    its rows (ranked first, then the unranked)."""

    season: dict
    figure: str
    nights: tuple[Night, ...]
    rows: tuple[SeasonRow, ...]


# (database, season id) → (season_key, Table, its rows as JSON, and as the API's body): what one state of a season and its nights gives,
# weighed by its rows (400 players over 40 nights: about 3 MB); a change to the season or any night misses
_kept = Recent(4 * 2 ** 20, sizeof=lambda held: 400 * len(held[1].rows) + 200 * sum(len(r.results)
                                                                                     for r in held[1].rows))


def _held(db: sqlite_utils.Database, season_id: Any) -> tuple[str, Table, list[dict], str]:
    key = season_key(db, season_id)  # Refused 404 first; read before the nights: a later change only makes it newer
    held = _kept.get((database_path(db), season_id))
    if held is not None and held[0] == key:
        return held
    table = _worked_out(db, season_id)
    rows = [row_json(r) for r in table.rows]
    held = (key, table, rows, json.dumps(rows, ensure_ascii=False, separators=(",", ":")))
    _kept.put((database_path(db), season_id), held)
    return held


def season_table(db: sqlite_utils.Database, season_id: Any) -> Table:
    """The season with its standings as its nights stand now (derived from their final standings, kept per state of
    the season and its nights); Refused 404."""
    return _held(db, season_id)[1]


def _worked_out(db: sqlite_utils.Database, season_id: Any) -> Table:
    season = _stored(db, season_id)
    counting = {**DEFAULT_COUNTING, **season["counting"]}
    results, nights = [], []
    for number, event_id in enumerate(season["events"], start=1):
        event, finished, rows = final_standings(db, event_id)
        nights.append(Night(event_id, event["name"], finished, number))
        results.append(EventResult(event_id, finished, event["standings"], tuple(
            EventRow(tuple(r["players"]), r["place"], r["vp"], r["points"], r["wins_exact"]) for r in rows)))
    return Table(season_object(db, season), figure_of(counting, results), tuple(nights),
                 tuple(season_standings(counting, results)))


def standings(db: sqlite_utils.Database, season_id: Any) -> list[dict]:
    """GET /api/seasons/{id}/standings: the rows as API.md has them (shared: not to be changed)."""
    return _held(db, season_id)[2]


def standings_body(db: sqlite_utils.Database, season_id: Any) -> str:
    """The standings as GET /api/seasons/{id}/standings answers them (JSON text, made once per state: 400 players
    over 40 nights are 16,000 results, whose encoding would cost every request tens of ms)."""
    return _held(db, season_id)[3]


def season_key(db: sqlite_utils.Database, season_id: Any) -> str:
    """What names the state of everything a season's pages show: the season's own fields and each of its events'
    state (service.events.event_key, one row each); Refused 404. The screen's poll compares it."""
    season = _stored(db, season_id)
    return "|".join([repr((season["name"], season["counting"]))] + [f"{e}:{event_key(db, e)}"
                                                                     for e in season["events"]])


def seasons_of(db: sqlite_utils.Database, event_ids: Sequence[str]) -> dict[str, str]:
    """Event id → the id of the season it counts in, for those of `event_ids` in one."""
    return store.season_of_events(db, event_ids)
