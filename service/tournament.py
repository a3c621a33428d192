"""Tournaments as federations run them (API.md): the shipped VP scales, a director's adjustments (a penalty or
award, with its reason: counted into the standings at once and kept in the event's log), and the results round by
round that results.csv writes. No Flask in it; events are stored through db.events."""
from __future__ import annotations

from typing import Any

import sqlite_utils

import lang
from db import events as store
from db import write
from scoring.events import check_adjustment, round_rows, shipped
from scoring.game import now_utc

from .adjustment_words import adjustment_words, is_adjustment  # noqa: F401 (read here by the pages and the log)
from .events import adjustments_of, event_of, rounds_so_far, standings, stored_event
from .ids import new_id, not_found


def vp_scales() -> list[dict]:
    """GET /api/vp-scales: [{"id", "name", "rows"}], names in the current language."""
    return shipped()


def add_adjustment(db: sqlite_utils.Database, event_id: str, payload: Any, device: str | None = None,
                   key: str | None = None) -> dict:
    """Check (422 naming each field) and store a director's adjustment, and note it in the event's log; the
    adjustment {"id", "entrant", "round", "vp", "points", "reason", "at"}. Sent again under the same `key` (a double
    tap, a retry), it answers the adjustment made the first time and makes none."""
    row = stored_event(db, event_id)
    with write(db):
        again = store.adjustment_made_with(db, row["id"], key) if key is not None else None
        if again is not None:
            return again
        started = len(store.get_rounds(db, row["id"]))
        adjustment, reason = check_adjustment(payload, len(row["entrants"]), started)
        made = {"id": new_id(), "entrant": adjustment.entrant, "round": adjustment.round, "vp": adjustment.vp,
                "points": adjustment.points, "reason": reason, "at": now_utc()}
        store.insert_adjustment(db, row["id"], made, key)
        _log(db, row, made, "added", device)
    return made


def delete_adjustment(db: sqlite_utils.Database, event_id: str, adjustment_id: str, device: str | None = None
                      ) -> dict:
    """Remove an adjustment (404 for one the event does not have), noted in the log; the removed adjustment."""
    row = stored_event(db, event_id)
    with write(db):
        found = next((a for a in store.get_adjustments(db, row["id"]) if a["id"] == adjustment_id), None)
        if found is None:
            raise not_found(lang._("This event has no adjustment “%(id)s”.", id=str(adjustment_id)[:64]))
        store.delete_adjustment(db, row["id"], adjustment_id)
        _log(db, row, found, "removed", device)
    return found


def _log(db: sqlite_utils.Database, row: dict, adjustment: dict, action: str, device: str | None) -> None:
    change = {"adjustment": adjustment, "action": action}
    with lang.using("en"):  # kept in English; the log says it again in each reader's language
        words = adjustment_words(change, [e["name"] for e in row["entrants"]])
    store.add_log(db, row["id"], now_utc(), device, "", words, change)


def results(db: sqlite_utils.Database, event_id: str) -> tuple[list[dict], list[dict]]:
    """results.csv's two parts: a row per entrant per round (scoring.events.round_rows), and the standings."""
    row = stored_event(db, event_id)
    so_far, state = rounds_so_far(db, row["id"])
    numbers = [[t["table"] for t in r["tables"]] for r in store.get_rounds(db, row["id"])]
    return round_rows(event_of(row), so_far, numbers, adjustments_of(state)), standings(db, row["id"])

