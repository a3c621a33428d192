"""Club nights (API.md, "Club nights (events)"): create an event, read it, start its rounds, rank its entrants.

The rules are scoring.events' (check_event, pair_round, standings); this module stores events through db.events
and makes each round's tables' games as ordinary games (service.games.new_stored, in the round's one transaction).
Every table's game carries its seat ("event": id, round, table). What a late change to a game does to its event
(the log, the last round closing) is service.games.noted, called by every game write.

- A round is "played" once it is started (its pairings made and games created): `rounds_played` counts started
  rounds, and a new round is refused (409) once all planned rounds are, or while any game of the event is not
  finished. An event is finished when every planned round is played and every game of it is finished.
- A round start sent twice (a double tap, a retry after a lost answer) makes one round: with an Idempotency-Key,
  a repeat under the same key answers the round that key started (201, as the first time); without one, the
  second start finds the first one's games not finished and is refused (409), storing nothing.
- Pairing draws lots with a generator seeded by the event's id and the round's number, so a retried start (after
  a failed transaction) seats the same round.
"""
from __future__ import annotations

import random
from typing import Any

import sqlite_utils

from db import events as store
from db import games as games_store
from db import write
from scoring import FieldError, Refused, get_variant
from scoring.events import Entrant, Event, Round, TableGame, check_event, pair_round, standings as ranked
from scoring.game import now_utc

from .games import committed, game_object, get_game, new_id, new_stored, not_found, request_fingerprint


def _event_of(row: dict) -> Event:
    """The checked Event of a stored event row (stored as check_event returned it)."""
    return Event(name=row["name"], variant=row["variant"], options=row["options"],
                 entrants=tuple(Entrant(e["name"], tuple(e["players"])) for e in row["entrants"]),
                 table_size=row["table_size"], rounds=row["rounds"], movement=row["movement"],
                 standings=row["standings"],
                 vp_scale=None if row["vp_scale"] is None else tuple(tuple(r) for r in row["vp_scale"]))


def _stored(db: sqlite_utils.Database, event_id: Any) -> dict:
    row = store.get_event(db, event_id) if isinstance(event_id, str) else None
    if row is None:
        raise not_found(f"There is no event with id “{event_id}”.")
    return row


class EventKeyUsed(Refused):
    """A new event sent under a key that already made another event (`event_id`): nothing new is made."""

    def __init__(self, event_id: str):
        super().__init__([FieldError("Idempotency-Key", "This key was already used for another new event; send a "
                                                        "new key with each new event.")])
        self.event_id = event_id


def create_event(db: sqlite_utils.Database, payload: Any, key: str | None = None) -> dict:
    """Check (scoring.events.check_event: Refused 422 names the fields) and store a new event; its event object.

    With a `key` (the new-club-night form's, an API Idempotency-Key), the same request sent again answers the
    event it made the first time and makes none; another request under that key is refused."""
    event = check_event(payload)
    request = request_fingerprint("event", payload)
    row = {**event.as_dict(), "id": new_id(), "created": now_utc(), "request_key": key, "request": request}
    with write(db):
        made = store.event_started_with(db, key) if key is not None else None
        if made is None:
            store.insert_event(db, row)
    if made is not None:
        if made["request"] != request:
            raise EventKeyUsed(made["id"])
        return get_event(db, made["id"])
    return get_event(db, row["id"])


def _round_json(db: sqlite_utils.Database, stored_round: dict) -> dict:
    """A round as an element of the event object's round_list."""
    return {"number": stored_round["number"],
            "tables": [{"table": t["table"], "game": t["game"], "entrants": t["entrants"],
                        "finished": get_game(db, t["game"]).finished} for t in stored_round["tables"]],
            "byes": stored_round["byes"]}


def _finished(event: dict, round_list: list[dict]) -> bool:
    return len(round_list) == event["rounds"] and all(t["finished"] for r in round_list for t in r["tables"])


def get_event(db: sqlite_utils.Database, event_id: str) -> dict:
    """The event object (API.md), or Refused 404."""
    row = _stored(db, event_id)
    round_list = [_round_json(db, r) for r in store.get_rounds(db, row["id"])]
    event = _event_of(row)
    return {"id": row["id"], **event.as_dict(), "finished": _finished(row, round_list), "round_list": round_list}


def list_events(db: sqlite_utils.Database) -> list[dict]:
    """Every event, the newest first: id, name, variant, rounds_played, rounds, finished."""
    result = []
    for row in store.list_events(db):
        round_list = [_round_json(db, r) for r in store.get_rounds(db, row["id"])]
        result.append({"id": row["id"], "name": row["name"], "variant": row["variant"],
                       "rounds_played": len(round_list), "rounds": row["rounds"],
                       "finished": _finished(row, round_list)})
    return result


def _table_game(db: sqlite_utils.Database, table: dict) -> TableGame:
    return TableGame.of(table["entrants"], get_game(db, table["game"]).to_json())


def _rounds_so_far(db: sqlite_utils.Database, stored_rounds: list[dict]) -> list[Round]:
    return [Round(tuple(_table_game(db, t) for t in r["tables"]), tuple(r["byes"])) for r in stored_rounds]


def start_round(db: sqlite_utils.Database, event_id: str, key: str | None = None) -> dict:
    """Pair the next round and create its tables' games, all in one transaction; the new round (an element of
    round_list). Refused 409 while any game of the event is not finished, or once every planned round is played.
    With an Idempotency-Key `key`, a repeat answers the round that key started and starts none."""
    made = []
    with write(db):
        row = _stored(db, event_id)
        again = store.round_started_with(db, row["id"], key) if key is not None else None
        if again is None:
            made = _start(db, row, key)
    for game in made:
        committed(db, game)
    number = again if again is not None else made[0].event["round"]
    return _round_json(db, store.get_rounds(db, row["id"])[number - 1])


def _start(db: sqlite_utils.Database, row: dict, key: str | None) -> list:
    """start_round's work in its transaction: the new round's games (service.model.Game)."""
    event, stored_rounds = _event_of(row), store.get_rounds(db, row["id"])
    number = len(stored_rounds) + 1
    if number > event.rounds:
        raise Refused([FieldError(None, f"Every planned round of this event is played (it has {event.rounds}); "
                                        "no more rounds can start.")], status=409)
    playing = [f"round {r['number']}, table {t['table']}" for r in stored_rounds for t in r["tables"]
               if not get_game(db, t["game"]).finished]
    if playing:
        raise Refused([FieldError(None, f"A new round starts when every table has finished; still playing: "
                                        f"{', '.join(playing)}.")], status=409)
    pairing = pair_round(event, _rounds_so_far(db, stored_rounds), number, random.Random(f"{row['id']}/{number}"))
    variant, now = get_variant(event.variant), now_utc()
    games = []
    store.insert_round(db, row["id"], number, list(pairing.byes), now, key)
    for table, seated in enumerate(pairing.tables, start=1):
        payload = {"variant": event.variant, "sides": [event.entrants[e].side() for e in seated],
                   "options": event.options}
        stored = new_stored(variant, payload, now, event={"id": row["id"], "round": number, "table": table})
        games_store.insert_game(db, stored)
        store.insert_table(db, row["id"], number, table, stored["id"], list(seated))
        games.append(stored)
    if number > 1:
        store.close_round(db, row["id"], number - 1, now)  # a later round started: the one before is closed
    return [game_object(variant, g) for g in games]


def standings(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The standings rows (API.md), first place first, from the finished games of the event's tables and its
    byes; a game made unfinished again stops counting until it is finished."""
    row = _stored(db, event_id)
    stored_rounds = store.get_rounds(db, row["id"])
    games = [_table_game(db, t) for r in stored_rounds for t in r["tables"]]
    byes = [b for r in stored_rounds for b in r["byes"]]
    return [s.as_dict() for s in ranked(_event_of(row), games, byes)]


def event_log(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The event's log of changes made to a game after its round closed, oldest first: at, device, game, what,
    change."""
    return store.get_log(db, _stored(db, event_id)["id"])
