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
- What the standings, pairings and the event object read of a table's game (its seats' totals, winners, finished)
  is kept per game revision, and the standings per event keyed by the event's revision (`event_key`: kept by
  triggers on every write an event's pages read, db/migrations.py, so one row says it however big the event);
  while nothing at all was written to the database since (db.quiet_mark), without a query. A club night's
  120 games are more than the game cache (service.cache) holds, and the standings screens poll like the phones.
"""
from __future__ import annotations

import importlib
import random
from typing import Any

import sqlite_utils

from db import database_path, quiet_mark, write
import lang
from db import events as store
from db import games as games_store
from db.pin_hash import hash_pin
from scoring import FieldError, Refused, get_variant
from scoring.events import Entrant, Event, Round, TableGame, check_event, pair_round, standings as ranked
from scoring.game import now_utc

from . import cache
from .cache import Recent
from .games import (committed, game_object, get_game, late_change_words, new_id, new_stored, not_found, read_stored,
                    request_fingerprint)

# (database, game id) → ((revision, updated), TableGame), in bytes: about 1.2 KB each, so the largest event the API
# accepts (10,000 games) fits, and starting its round 100 derives no earlier game again
_seated = Recent(12 * 2 ** 20)
# (database, event id) → _Standings: 200 rows are about 0.2 MB
_standings = Recent(2 ** 20)


class _Standings:
    """An event's standings rows as worked out from one state of its games and byes (`key`)."""

    def __init__(self, key: tuple, rows: list[dict], confirmed: tuple | None):
        self.key, self.rows = key, rows
        self.confirmed = confirmed  # the database's quiet mark when a query last found `key` current


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
        raise not_found(lang._("There is no event with id “%(id)s”.", id=event_id))
    return row


# what scoring.events loads when it first pairs a round of these movements (README.md, "Club night pairings")
PAIRING_LIBRARIES = {("swiss", 2): "networkx", ("round-robin", 2): "caissify_pairings"}


class EventKeyUsed(Refused):
    """A new event sent under a key that already made another event (`event_id`): nothing new is made."""

    def __init__(self, event_id: str):
        super().__init__([FieldError("Idempotency-Key", lang._("This key was already used for another new event; "
                                                               "send a new key with each new event."))])
        self.event_id = event_id


def create_event(db: sqlite_utils.Database, payload: Any, key: str | None = None) -> dict:
    """Check (scoring.events.check_event: Refused 422 names the fields) and store a new event; its event object.

    With a `key` (the new-club-night form's, an API Idempotency-Key), the same request sent again answers the
    event it made the first time and makes none; another request under that key is refused. The library that
    will pair its rounds is loaded now, once per process (networkx takes 0.2 s on a PC, more on a Pi): the
    organiser's first round start, with every table waiting, does not wait for it."""
    event = check_event(payload)
    request = request_fingerprint("event", payload, "pin")  # no plain hash of a PIN is kept
    row = {**event.as_dict(), "id": new_id(), "created": now_utc(), "request_key": key, "request": request,
           "pin_hash": hash_pin(event.pin) if event.pin else None}
    with write(db):
        made = store.event_started_with(db, key) if key is not None else None
        if made is None:
            store.insert_event(db, row)
    if made is not None:
        if made["request"] != request:
            raise EventKeyUsed(made["id"])
        return get_event(db, made["id"])
    library = PAIRING_LIBRARIES.get((event.movement, event.table_size))
    if library is not None:
        importlib.import_module(library)
    return get_event(db, row["id"])


def _round_json(db: sqlite_utils.Database, stored_round: dict, finished: dict[str, bool] | None = None) -> dict:
    """A round as an element of the event object's round_list (`finished`: each game's, when read already)."""
    finished = finished if finished is not None else {}
    return {"number": stored_round["number"],
            "tables": [{"table": t["table"], "game": t["game"], "entrants": t["entrants"],
                        "finished": finished[t["game"]] if t["game"] in finished else get_game(db, t["game"]).finished}
                       for t in stored_round["tables"]],
            "byes": stored_round["byes"]}


def _finished_games(db: sqlite_utils.Database, event_id: str) -> dict[str, bool]:
    """Whether each of the event's games is finished, from what is kept per game revision (one query for them all,
    a game derived only when it changed): the largest event has 10,000 games, more than the game cache holds."""
    tables, _ = store.get_seats(db, event_id)
    return {t["game"]: _table_game(db, t).finished for t in tables}


def _finished(event: dict, round_list: list[dict]) -> bool:
    return len(round_list) == event["rounds"] and all(t["finished"] for r in round_list for t in r["tables"])


def get_event(db: sqlite_utils.Database, event_id: str) -> dict:
    """The event object (API.md), or Refused 404."""
    row = _stored(db, event_id)
    finished = _finished_games(db, row["id"])
    round_list = [_round_json(db, r, finished) for r in store.get_rounds(db, row["id"])]
    event = _event_of(row)
    return {"id": row["id"], **event.as_dict(), "has_pin": bool(row.get("pin_hash")),
            "finished": _finished(row, round_list), "round_list": round_list}


def list_events(db: sqlite_utils.Database) -> list[dict]:
    """Every event, the newest first: id, name, variant, rounds_played, rounds, finished."""
    result = []
    for row in store.list_events(db):
        finished = _finished_games(db, row["id"])
        round_list = [_round_json(db, r, finished) for r in store.get_rounds(db, row["id"])]
        result.append({"id": row["id"], "name": row["name"], "variant": row["variant"],
                       "rounds_played": len(round_list), "rounds": row["rounds"],
                       "finished": _finished(row, round_list)})
    return result


def _table_game(db: sqlite_utils.Database, table: dict) -> TableGame:
    """A table's game as the event reads it (table: db.events.get_seats' row), kept per game revision."""
    key = (database_path(db), table["game"])
    held = _seated.get(key)
    if held is None or table["revision"] is None or held[0] != (table["revision"], table["updated"]):
        # derived here without joining the game cache (service.cache): reading the largest event's 10,000 games
        # once would push out the games the tables are playing, for a few numbers kept here
        version = {"id": table["game"], "revision": table["revision"], "updated": table["updated"]}
        game = cache.kept(key[0], version) if table["revision"] is not None else None
        game = game or game_object(*read_stored(db, table["game"]))  # Refused 404 for a game no longer there
        held = ((game.revision, game.updated),
                TableGame(tuple(table["entrants"]), tuple(s.score for s in game.sides), tuple(game.winner or ()),
                          bool(game.finished)))
        _seated.put(key, held)
    return held[1]


def _rounds_so_far(db: sqlite_utils.Database, event_id: str) -> tuple[list[Round], tuple]:
    """The event's rounds as scoring.events reads them; and the state they were read at (every game's revision and
    the byes), which names the standings made from them."""
    tables, byes = store.get_seats(db, event_id)
    seated: list[list[TableGame]] = [[] for _ in byes]
    for t in tables:
        seated[t["round"] - 1].append(_table_game(db, t))
    state = (tuple((t["game"], t["revision"], t["updated"]) for t in tables), tuple(tuple(b) for b in byes))
    return [Round(tuple(games), tuple(b)) for games, b in zip(seated, byes)], state


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
    event, (so_far, _) = _event_of(row), _rounds_so_far(db, row["id"])
    number = len(so_far) + 1
    if number > event.rounds:
        raise Refused([FieldError(None, lang._("Every planned round of this event is played (it has %(rounds)s); "
                                               "no more rounds can start.", rounds=lang.number(event.rounds)))],
                      status=409)
    playing = [lang._("round %(round)s, table %(table)s", round=lang.number(r), table=lang.number(t))
               for r, played in enumerate(so_far, start=1)
               for t, game in enumerate(played.tables, start=1) if not game.finished]
    if playing:
        raise Refused([FieldError(None, lang._("A new round starts when every table has finished; still playing: "
                                               "%(tables)s.", tables=", ".join(playing)))], status=409)
    pairing = pair_round(event, so_far, number, random.Random(f"{row['id']}/{number}"))
    variant, now = get_variant(event.variant), now_utc()
    games = [{**new_stored(variant, {"variant": event.variant, "sides": [event.entrants[e].side() for e in seated],
                                     "options": event.options},
                           now, event={"id": row["id"], "round": number, "table": table}),
              "pin_hash": row.get("pin_hash")}  # the night's table PIN, if it has one
             for table, seated in enumerate(pairing.tables, start=1)]
    store.insert_round(db, row["id"], number, list(pairing.byes), now, key)
    games_store.insert_games(db, games)  # one insert a table for the whole round
    store.insert_tables(db, row["id"], number, [(g["id"], list(seated)) for g, seated in zip(games, pairing.tables)])
    if number > 1:
        store.close_round(db, row["id"], number - 1, now)  # a later round started: the one before is closed
    return [game_object(variant, g) for g in games]


def event_key(db: sqlite_utils.Database, event_id: Any) -> str:
    """What names the state of everything an event's pages show, read from one row however big the event (its
    revision and last change, kept by triggers on every write to its games, rounds, tables, log and itself); or
    Refused 404. A poll compares it with the key its page was drawn with."""
    found = store.event_revision(db, event_id) if isinstance(event_id, str) else None
    if found is None:
        raise not_found(lang._("There is no event with id “%(id)s”.", id=event_id))
    return f"{found['revision']}.{found['changed'] or ''}"


def rounds_started(db: sqlite_utils.Database, event_id: str) -> int:
    """How many rounds of the event have started (one small query), or Refused 404."""
    return store.rounds_started(db, _stored(db, event_id)["id"])


def standings(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The standings rows (API.md), first place first, from the finished games of the event's tables and its
    byes; a game made unfinished again stops counting until it is finished.

    Kept per event and state of its games (module docstring): the rows answered are shared, not to be changed."""
    path = database_path(db)
    mark = quiet_mark(path)  # taken before the queries: whatever is written after them changes it
    held = _standings.get((path, event_id)) if isinstance(event_id, str) else None
    if held is not None and mark is not None and held.confirmed == mark:
        return held.rows
    key = event_key(db, event_id)  # read before the rounds: a change after it only makes these rows newer than it
    if held is not None and held.key == key:
        held.confirmed = mark
        return held.rows
    row = _stored(db, event_id)
    so_far, _ = _rounds_so_far(db, row["id"])
    rows = [s.as_dict() for s in ranked(_event_of(row), [g for r in so_far for g in r.tables],
                                        [b for r in so_far for b in r.byes])]
    _standings.put((path, event_id), _Standings(key, rows, mark))
    return rows


def event_log(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The event's log of changes made to a game after its round closed, oldest first: at, device, game, what,
    change; `what` in the current language where the change says enough (older entries keep their English words)."""
    stored = _stored(db, event_id)
    variant = get_variant(stored["variant"])
    return [{**e, "what": late_change_words(e["change"], variant)} if isinstance(e.get("change"), dict)
            and "names" in e["change"] else e for e in store.get_log(db, stored["id"])]
