"""Named queries for club nights (events): the event, its rounds and their tables, and its log of late changes."""
from __future__ import annotations

import json
from typing import Sequence

import sqlite_utils

from .games import rows
from .pin_hash import table_pin

JSON_FIELDS = ("options", "entrants", "vp_scale", "bye")


def insert_event(db: sqlite_utils.Database, event: dict) -> None:
    """Store an event's row: its checked fields (scoring.events.Event.as_dict's shape), id and creation time."""
    db["events"].insert({"id": event["id"], "name": event["name"], "variant": event["variant"],
                         "options": json.dumps(event["options"]), "entrants": json.dumps(event["entrants"]),
                         "table_size": event["table_size"], "rounds": event["rounds"],
                         "movement": event["movement"], "standings": event["standings"],
                         "vp_scale": None if event.get("vp_scale") is None else json.dumps(event["vp_scale"]),
                         "created": event["created"], "request_key": event.get("request_key"),
                         "request": event.get("request"), "pin_hash": event.get("pin_hash"),
                         "deals_per_round": event.get("deals_per_round"), "round_minutes": event.get("round_minutes"),
                         "bye": None if event.get("bye") is None else json.dumps(event["bye"]),
                         "vp_scale_name": event.get("vp_scale_name"),
                         "director_pin_hash": event.get("director_pin_hash"),
                         "table_pins": 1 if event.get("table_pins") else 0,
                         "pin_secret": event.get("pin_secret"), "sections": event.get("sections")})


def event_started_with(db: sqlite_utils.Database, key: str) -> dict | None:
    """The event a request key made (its id and the request's fingerprint), or None."""
    found = rows(db, "SELECT id, request FROM events WHERE request_key = ?", [key])
    return found[0] if found else None


def _decoded(event: dict) -> dict:
    for key in JSON_FIELDS:
        event[key] = None if event[key] is None else json.loads(event[key])
    event["table_pins"] = bool(event.get("table_pins"))
    return event


def get_event(db: sqlite_utils.Database, event_id: str) -> dict | None:
    """An event's row (JSON fields decoded, without its tables' PIN secret), or None if unknown."""
    found = rows(db, "SELECT * FROM events WHERE id = ?", [event_id])
    return _decoded(_no_secret(found[0])) if found else None


def _no_secret(row: dict) -> dict:
    row.pop("pin_secret", None)  # read only where a table's PIN is worked out (table_pins_of)
    return row


def pin_secret(db: sqlite_utils.Database, event_id: str) -> str | None:
    """The secret an event's tables' PINs are worked out from (db/pin_hash.py), None when it has none."""
    found = rows(db, "SELECT pin_secret FROM events WHERE id = ?", [event_id])
    return found[0]["pin_secret"] if found else None


def set_pin_secret(db: sqlite_utils.Database, event_id: str, secret: str | None) -> None:
    db.execute("UPDATE events SET pin_secret = ? WHERE id = ?", [secret, event_id])


def set_pin_shifts(db: sqlite_utils.Database, event_id: str, round_no: int, table: int, shifts: list[int]) -> None:
    db.execute("UPDATE event_tables SET pin_shifts = ? WHERE event_id = ? AND round = ? AND table_no = ?",
               [json.dumps(shifts), event_id, round_no, table])


def _pins(secret: str | None, round_no: int, table: int, shifts: str | None) -> dict:
    """A table's own PIN as the director sees it: {"pin"}, {"pins": [one per side]} for a table with a PIN per
    side, {} for a table without (or a night whose secret is gone: a backup not yet given new PINs)."""
    if secret is None or shifts is None:
        return {}
    try:
        pins = [table_pin(secret, round_no, table, side, shift) for side, shift in enumerate(json.loads(shifts))]
    except (TypeError, ValueError):  # a damaged cell shows no PIN (its game's hash still checks the printed one)
        return {}
    if not pins:
        return {}
    return {"pin": pins[0]} if len(pins) == 1 else {"pins": pins}


def list_events(db: sqlite_utils.Database) -> list[dict]:
    """Every event's row, the newest first, with how many rounds it has started."""
    return [_decoded(_no_secret(e)) for e in rows(
        db, "SELECT e.*, (SELECT count(*) FROM event_rounds r WHERE r.event_id = e.id) AS rounds_started "
            "FROM events e ORDER BY e.created DESC, e.rowid DESC")]


def last_variant(db: sqlite_utils.Database) -> str | None:
    """The variant of the newest club night, else of the newest game; None in an empty database."""
    for sql in ("SELECT variant FROM events ORDER BY created DESC, rowid DESC LIMIT 1",
                "SELECT variant FROM games ORDER BY created DESC, rowid DESC LIMIT 1"):
        found = rows(db, sql)
        if found:
            return found[0]["variant"]
    return None


def get_rounds(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """An event's rounds in order, each with its tables in order: number, byes, started, closed, request_key,
    tables [{table, game, entrants} and pin when the table has its own], and movement when the round was seated by
    another than the event's."""
    rounds = [{k: v for k, v in r.items() if k != "movement" or v is not None} | {"byes": json.loads(r["byes"]),
                                                                                 "tables": []} for r in rows(
        db, "SELECT number, byes, started, closed, request_key, movement FROM event_rounds WHERE event_id = ? "
            "ORDER BY number", [event_id])]
    at = {r["number"]: r for r in rounds}
    secret = pin_secret(db, event_id)
    for t in rows(db, "SELECT round, table_no, game_id, entrants, pin_shifts FROM event_tables WHERE event_id = ? "
                      "ORDER BY round, table_no", [event_id]):
        at[t["round"]]["tables"].append({"table": t["table_no"], "game": t["game_id"],
                                         "entrants": json.loads(t["entrants"])}
                                        | _pins(secret, t["round"], t["table_no"], t["pin_shifts"]))
    return rounds




def round_heads(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """An event's rounds in order without their tables (one row a round, however many tables): number, byes,
    started, closed, request_key, and movement when the round was seated by another than the event's."""
    return [{k: v for k, v in r.items() if k != "movement" or v is not None} | {"byes": json.loads(r["byes"])}
            for r in rows(db, "SELECT number, byes, started, closed, request_key, movement FROM event_rounds "
                              "WHERE event_id = ? ORDER BY number", [event_id])]


def round_seats(db: sqlite_utils.Database, event_id: str, number: int) -> list[dict]:
    """One round's tables in order, as get_seats gives them (round, table, game, entrants, its game's revision and
    last change): what the pages of an event read of its round in play, not every round's."""
    secret = pin_secret(db, event_id)
    return [{"round": t["round"], "table": t["table_no"], "game": t["game_id"], "entrants": json.loads(t["entrants"]),
             "revision": t["revision"], "updated": t["updated"], "pin": None}
            | _pins(secret, t["round"], t["table_no"], t["pin_shifts"])
            for t in rows(db, "SELECT t.round, t.table_no, t.game_id, t.entrants, t.pin_shifts, g.revision, g.updated "
                              "FROM event_tables t LEFT JOIN games g ON g.id = t.game_id "
                              "WHERE t.event_id = ? AND t.round = ? ORDER BY t.table_no", [event_id, number])]


def get_seats(db: sqlite_utils.Database, event_id: str) -> tuple[list[dict], list[list[int]]]:
    """What an event's standings and pairings are worked out from, in two small queries: every table in order
    (round, table, game, entrants, and its game's revision and last change, None for a game no longer there), and
    each round's byes in order (round_movements says each round's movement)."""
    tables = [{"round": t["round"], "table": t["table_no"], "game": t["game_id"], "entrants": json.loads(t["entrants"]),
               "revision": t["revision"], "updated": t["updated"]}
              for t in rows(db, "SELECT t.round, t.table_no, t.game_id, t.entrants, g.revision, g.updated "
                                "FROM event_tables t LEFT JOIN games g ON g.id = t.game_id WHERE t.event_id = ? "
                                "ORDER BY t.round, t.table_no", [event_id])]
    byes = [json.loads(r["byes"]) for r in rows(db, "SELECT byes FROM event_rounds WHERE event_id = ? "
                                                    "ORDER BY number", [event_id])]
    return tables, byes


def side_names(db: sqlite_utils.Database, event_id: str) -> dict[str, list[str]]:
    """Each of the event's table games' sides' names in seat order, game id → names, in one query."""
    found: dict[str, list[str]] = {}
    for r in rows(db, "SELECT s.game_id, s.name FROM event_tables t JOIN sides s ON s.game_id = t.game_id "
                      "WHERE t.event_id = ? ORDER BY s.game_id, s.idx", [event_id]):
        found.setdefault(r["game_id"], []).append(r["name"])
    return found


def round_started_with(db: sqlite_utils.Database, event_id: str, key: str) -> int | None:
    """The number of the round started with this Idempotency-Key, if one was."""
    found = rows(db, "SELECT number FROM event_rounds WHERE event_id = ? AND request_key = ?", [event_id, key])
    return found[0]["number"] if found else None


def round_movements(db: sqlite_utils.Database, event_id: str) -> list[str | None]:
    """Each round's movement in order (None: the event's own)."""
    return [r["movement"] for r in rows(db, "SELECT movement FROM event_rounds WHERE event_id = ? ORDER BY number",
                                        [event_id])]


def insert_round(db: sqlite_utils.Database, event_id: str, number: int, byes: list[int], started: str,
                 request_key: str | None = None, closed: str | None = None, movement: str | None = None) -> None:
    db.execute("INSERT INTO event_rounds (event_id, number, byes, started, closed, request_key, movement) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)", [event_id, number, json.dumps(byes), started, closed, request_key,
                                                movement])


def insert_adjustment(db: sqlite_utils.Database, event_id: str, adjustment: dict, request_key: str | None = None
                      ) -> None:
    """Store a director's adjustment: id, entrant, round, vp, points, reason, at (and the key it was sent under)."""
    db.execute("INSERT INTO event_adjustments (id, event_id, entrant, round, vp, points, reason, at, request_key) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [adjustment["id"], event_id, adjustment["entrant"],
                                                      adjustment["round"], adjustment["vp"], adjustment["points"],
                                                      adjustment["reason"], adjustment["at"], request_key])


def adjustment_made_with(db: sqlite_utils.Database, event_id: str, key: str) -> dict | None:
    """The adjustment a request key made, or None."""
    found = rows(db, "SELECT id, entrant, round, vp, points, reason, at FROM event_adjustments "
                     "WHERE event_id = ? AND request_key = ?", [event_id, key])
    return found[0] if found else None


def get_adjustments(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The event's adjustments in the order they were made: id, entrant, round, vp, points, reason, at."""
    return rows(db, "SELECT id, entrant, round, vp, points, reason, at FROM event_adjustments WHERE event_id = ? "
                    "ORDER BY rowid", [event_id])


def delete_adjustment(db: sqlite_utils.Database, event_id: str, adjustment_id: str) -> bool:
    """Remove one adjustment; whether there was one."""
    return db.execute("DELETE FROM event_adjustments WHERE event_id = ? AND id = ?",
                      [event_id, adjustment_id]).rowcount > 0


def insert_table(db: sqlite_utils.Database, event_id: str, round_number: int, table: int, game_id: str,
                 entrants: list[int], pin_shifts: list[int] | None = None) -> None:
    db.execute("INSERT INTO event_tables (event_id, round, table_no, game_id, entrants, pin_shifts) "
               "VALUES (?, ?, ?, ?, ?, ?)", [event_id, round_number, table, game_id, json.dumps(entrants),
                                            None if pin_shifts is None else json.dumps(pin_shifts)])


def insert_tables(db: sqlite_utils.Database, event_id: str, round_number: int, tables: list[tuple[str, list[int]]],
                  numbers: Sequence[int] | None = None, pin_shifts: Sequence[list[int]] | None = None) -> None:
    """A round's tables in order: (game id, entrant indexes in seat order) each, in one statement; `numbers` the
    tables' numbers (1, 2, 3 … when not given), `pin_shifts` each table's own PIN's shifts, one per side
    (db/pin_hash.py; none when not given)."""
    numbers = numbers or range(1, len(tables) + 1)
    shifts = [json.dumps(s) for s in pin_shifts] if pin_shifts else [None] * len(tables)
    db.conn.executemany("INSERT INTO event_tables (event_id, round, table_no, game_id, entrants, pin_shifts) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        [[event_id, round_number, table, game_id, json.dumps(entrants), shift]
                         for table, (game_id, entrants), shift in zip(numbers, tables, shifts)])


def close_round(db: sqlite_utils.Database, event_id: str, number: int, now: str) -> None:
    """Mark a round closed (once: the first closing time stays)."""
    db.execute("UPDATE event_rounds SET closed = ? WHERE event_id = ? AND number = ? AND closed IS NULL",
               [now, event_id, number])


def round_closed(db: sqlite_utils.Database, event_id: str, number: int) -> str | None:
    """When the round closed, or None while it is open."""
    found = rows(db, "SELECT closed FROM event_rounds WHERE event_id = ? AND number = ?", [event_id, number])
    return found[0]["closed"] if found else None


def add_log(db: sqlite_utils.Database, event_id: str, at: str, device: str | None, game_id: str, what: str,
            change: dict) -> None:
    """Note a change made to a game of the event after its round closed."""
    db.execute("INSERT INTO event_log (event_id, at, device, game_id, what, change) VALUES (?, ?, ?, ?, ?, ?)",
               [event_id, at, device, game_id, what, json.dumps(change)])


def get_log(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The event's log, oldest first: at, device, game, what, change."""
    return [{"at": r["at"], "device": r["device"], "game": r["game_id"], "what": r["what"],
             "change": json.loads(r["change"])}
            for r in rows(db, "SELECT at, device, game_id, what, change FROM event_log WHERE event_id = ? "
                              "ORDER BY id", [event_id])]


def seats_of(db: sqlite_utils.Database, game_ids: list[str]) -> dict[str, str]:
    """Which of these games are tables of an event: game id → event id."""
    found = {}
    for game_id in game_ids:
        for r in rows(db, "SELECT event_id FROM event_tables WHERE game_id = ?", [game_id]):
            found[game_id] = r["event_id"]
    return found


def event_ids(db: sqlite_utils.Database) -> list[str]:
    """Every event's id, in the order they were made or imported."""
    return [r["id"] for r in rows(db, "SELECT id FROM events ORDER BY rowid")]


def delete_event(db: sqlite_utils.Database, event_id: str) -> None:
    """Remove an event with its rounds, tables and log (its games stay)."""
    db.execute("DELETE FROM event_tables WHERE event_id = ?", [event_id])
    db.execute("DELETE FROM event_adjustments WHERE event_id = ?", [event_id])
    db.execute("DELETE FROM events WHERE id = ?", [event_id])


def every_entrants(db: sqlite_utils.Database) -> list[tuple[str, list[dict]]]:
    """(event id, entrants) of every event: what a player's rename looks through."""
    return [(r["id"], json.loads(r["entrants"])) for r in rows(db, "SELECT id, entrants FROM events ORDER BY rowid")]


def put_entrants(db: sqlite_utils.Database, event_id: str, entrants: list[dict]) -> None:
    """Give an event's entrants other names (a player renamed): the next round seats them so."""
    db.execute("UPDATE events SET entrants = ? WHERE id = ?", [json.dumps(entrants), event_id])


def table_game_ids(db: sqlite_utils.Database) -> set[str]:
    """Every game that is a table of an event."""
    return {r["game_id"] for r in rows(db, "SELECT game_id FROM event_tables")}


def event_revision(db: sqlite_utils.Database, event_id: str) -> dict | None:
    """An event's revision and last change (kept by the triggers of db/migrations.py on every write its pages
    read), or None if unknown: one row, however many games the event has."""
    found = rows(db, "SELECT revision, changed, round_minutes FROM events WHERE id = ?", [event_id])
    return found[0] if found else None


def rounds_started(db: sqlite_utils.Database, event_id: str) -> int:
    """How many rounds of the event have started."""
    return rows(db, "SELECT count(*) AS n FROM event_rounds WHERE event_id = ?", [event_id])[0]["n"]
