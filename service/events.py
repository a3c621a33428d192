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

import dataclasses
import importlib
import os
import random
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlite_utils

from db import database_path, quiet_mark, write
import lang
from db import events as store
from db import seasons as season_store
from db import games as games_store
from db.pin_hash import hash_pin, new_secret, round_shifts, table_pin
from scoring import FieldError, Refused, get_variant, vocabulary
from scoring.event_data import MAX_DEVICE, MAX_WHAT
from scoring.events import (MOVEMENTS, Adjustment, Bye, Entrant, Event, Round, TableGame, check_event,
                            movement_fits, pair_round, sections, standings as ranked)
from scoring.game import now_utc

from . import cache, confirm, event_sections
from .adjustment_words import adjustment_words, is_adjustment
from .cache import Recent
from .games import (committed, early_end, game_object, get_game, late_change_words, new_id, new_stored, not_found,
                    read_stored, request_fingerprint)
from .model import Game
from .players import keep_entrant_members
from .season_fit import check_events

# (database, game id) → (revision, updated, totals, winners, finished), in bytes: about 0.5 KB each as weighed (less
# held), so the largest event the API accepts (10,000 games) fits, and starting its round 100 derives no earlier game
# again
_seated = Recent(8 * 2 ** 20)
# (database, event id) → _Standings: 200 rows are about 0.2 MB
_standings = Recent(2 ** 20)


class _Standings:
    """An event's standings rows as worked out from one state of its games and byes (`key`), and how many of its
    games were not finished in that state (`playing`: the pages' "finished" without reading every game again)."""

    def __init__(self, key: tuple, rows: list[dict], confirmed: tuple | None, playing: int = 0, wins: tuple = ()):
        self.key, self.rows, self.playing = key, rows, playing
        self.wins = wins  # each row's wins as the exact fraction (the rows show 1/3 as 0.33): what a season adds up
        self.confirmed = confirmed  # the database's quiet mark when a query last found `key` current


def event_of(row: dict) -> Event:
    """The checked Event of a stored event row (stored as check_event returned it)."""
    variant = get_variant(row["variant"])  # an event stored with older house-rule keys shows today's (RULES.md §14)
    options = vocabulary.current(variant, row["options"]) if variant else row["options"]
    return Event(name=row["name"], variant=row["variant"], options=options,
                 entrants=tuple(Entrant(e["name"], tuple(e["players"])) for e in row["entrants"]),
                 table_size=row["table_size"], rounds=row["rounds"], movement=row["movement"],
                 standings=row["standings"],
                 vp_scale=None if row["vp_scale"] is None else tuple(tuple(r) for r in row["vp_scale"]),
                 vp_scale_name=row.get("vp_scale_name"), deals_per_round=row.get("deals_per_round"),
                 round_minutes=row.get("round_minutes"), bye=Bye(**row["bye"]) if row.get("bye") else None,
                 table_pins=bool(row.get("table_pins")), sections=row.get("sections"))


def stored_event(db: sqlite_utils.Database, event_id: Any) -> dict:
    row = store.get_event(db, event_id) if isinstance(event_id, str) else None
    if row is None:
        raise not_found(lang._("There is no event with id “%(id)s”.", id=event_id))
    return row



class RoundCannotStart(Refused):
    """The next round (`number`) cannot start (409), with what it is about: the event's planned `rounds` (every one
    played when `number` is beyond them), and the tables still playing as (round, table) numbers, first first; of
    them, those that wait for a side or the director (`waiting`: (round, table) → what for, service.confirm)."""

    def __init__(self, message: str, *, number: int, rounds: int, playing: tuple[tuple[int, int], ...] = (),
                 waiting: dict[tuple[int, int], str] | None = None):
        super().__init__([FieldError(None, message)], status=409)
        self.number, self.rounds, self.playing = number, rounds, playing
        self.waiting = waiting or {}  # of `playing`: the tables finished or sent that wait (service.confirm.waits_for)

    @property
    def all_played(self) -> bool:
        return self.number > self.rounds


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
    mode, confirm_errors = confirm.check_confirm(payload)  # API.md "A table's result, confirmed by both sides"
    try:
        event = check_event(confirm.without_confirm(payload))
    except Refused as err:
        raise Refused(list(err.errors) + confirm_errors) from None
    if confirm_errors:
        raise Refused(confirm_errors)
    request = request_fingerprint("event", payload, "pin", "director_pin")  # no plain hash of a PIN is kept
    row = {**event.as_dict(), "id": new_id(), "created": now_utc(), "request_key": key, "request": request,
           "pin_hash": hash_pin(event.pin) if event.pin else None,
           "director_pin_hash": hash_pin(event.director_pin) if event.director_pin else None,
           "pin_secret": new_secret() if event.table_pins else None}  # its tables' PINs are worked out from it
    with write(db):
        made = store.event_started_with(db, key) if key is not None else None
        if made is None:
            store.insert_event(db, row)
            confirm.set_mode(db, row["id"], mode)
            keep_entrant_members(db, event.entrants)
            if payload.get("season") is not None:
                _join_season(db, payload["season"], row)
    if made is not None:
        if made["request"] != request:
            raise EventKeyUsed(made["id"])
        return get_event(db, made["id"])
    library = MOVEMENTS[event.movement].libraries.get(event.table_size)
    if library is not None:
        importlib.import_module(library)
    return get_event(db, row["id"])


def _join_season(db: sqlite_utils.Database, season_id: Any, row: dict) -> None:
    """`"season"` in POST /api/events: the new event goes at the end of that season's events (API.md "Seasons");
    an unknown season, or one the night does not fit (another game; VP counted and the night ranks otherwise), is
    refused (422 naming `season`) and nothing is stored."""
    season = season_store.get_season(db, season_id) if isinstance(season_id, str) else None
    if season is None:
        raise Refused([FieldError("season", lang._("There is no season with id “%(id)s”; give the id of a season "
                                                   "(GET /api/seasons lists them), or leave season out.",
                                                   id=season_id))])
    events = season["events"] + [row["id"]]
    errors = check_events(db, season["id"], events, season["counting"], field="season")
    if errors:
        raise Refused(errors)
    season_store.put_events(db, season["id"], events)


def _round_json(db: sqlite_utils.Database, stored_round: dict, movement: str,
                finished: dict[str, bool] | None = None, pins: bool = False) -> dict:
    """A round as an element of the event object's round_list (`movement`: the event's, for a round that does not
    name its own; `finished`: each game's, when read already; `pins`: with each table's own PIN, for the director)."""
    finished = finished if finished is not None else {}
    return {"number": stored_round["number"],
            "tables": [{"table": t["table"], "game": t["game"], "entrants": t["entrants"],
                        "finished": finished[t["game"]] if t["game"] in finished else get_game(db, t["game"]).finished}
                       | ({k: t[k] for k in ("pin", "pins") if k in t} if pins else {})
                       for t in stored_round["tables"]],
            "byes": stored_round["byes"], "movement": stored_round.get("movement") or movement,
            "started": stored_round["started"]}


def _finished_games(db: sqlite_utils.Database, event_id: str) -> dict[str, bool]:
    """Whether each of the event's games is finished, from what is kept per game revision (one query for them all,
    a game derived only when it changed): the largest event has 10,000 games, more than the game cache holds."""
    tables, _ = store.get_seats(db, event_id)
    played = {t["game"]: table_game(db, t).finished for t in tables}
    waiting = confirm.waiting_games(db, event_id, played)  # a finished game waiting for a side counts nowhere
    return {g: done and g not in waiting for g, done in played.items()}


def _finished(event: dict, round_list: list[dict]) -> bool:
    return len(round_list) == event["rounds"] and all(t["finished"] for r in round_list for t in r["tables"])


def get_event(db: sqlite_utils.Database, event_id: str, *, pins: bool = False) -> dict:
    """The event object (API.md), or Refused 404; `pins`: with each table's own PIN (a request that may see them:
    the director's, or any on an event without a director's PIN)."""
    row = stored_event(db, event_id)
    finished = _finished_games(db, row["id"])
    round_list = [_round_json(db, r, row["movement"], finished, pins) for r in store.get_rounds(db, row["id"])]
    confirm.mark_rounds(db, row, round_list, pins)  # a table waiting for a side: "finished": true, "confirmed": false
    sections.mark_rounds(round_list, len(row["entrants"]), row.get("sections"))  # each table's "section": "B"
    event = event_of(row)
    tournament = {"vp_scale_name": None, "deals_per_round": None, "round_minutes": None, "bye": None,
                  "sections": None}
    return {"id": row["id"], **tournament, **event.as_dict(), "has_pin": bool(row.get("pin_hash")),
            "has_director_pin": bool(row.get("director_pin_hash")), "table_pins": bool(row.get("table_pins")),
            "confirm": row.get("confirm") or "none",
            "finished": _finished(row, round_list) and not any(t.get("confirmed") is False for r in round_list
                                                                for t in r["tables"]), "round_list": round_list,
            "adjustments": store.get_adjustments(db, row["id"])}


def last_variant(db: sqlite_utils.Database) -> str | None:
    """The variant a new club night is offered first: the last night's, else the last game's (the club's game)."""
    return store.last_variant(db)


def list_events(db: sqlite_utils.Database) -> list[dict]:
    """Every event, the newest first: id, name, variant, rounds_played, rounds, finished."""
    result = []
    for row in store.list_events(db):
        finished = _finished_games(db, row["id"])
        round_list = [_round_json(db, r, row["movement"], finished) for r in store.get_rounds(db, row["id"])]
        result.append({"id": row["id"], "name": row["name"], "variant": row["variant"],
                       "rounds_played": len(round_list), "rounds": row["rounds"],
                       "finished": _finished(row, round_list)})
    return result


def table_results(db: sqlite_utils.Database, event_id: str) -> dict[str, dict]:
    """Every table game's result as the results sheet prints it, game id → {"sides": [{"name", "score"}], "winner":
    [seat, …], "finished"}: the sides' names in one query, the rest from what is kept per game revision (the largest
    event's 10,000 games are not derived again for a drawing)."""
    row = stored_event(db, event_id)
    tables, _ = store.get_seats(db, row["id"])
    names = store.side_names(db, row["id"])
    results = {}
    for t in tables:
        game = table_game(db, t)
        results[t["game"]] = {"sides": [{"name": n, "score": s} for n, s in zip(names[t["game"]], game.totals)],
                              "winner": list(game.winners), "finished": game.finished}
    return results


def table_game(db: sqlite_utils.Database, table: dict) -> TableGame:
    """A table's game as the event reads it (table: db.events.get_seats' row), kept per game revision as one flat
    tuple (revision, updated, totals, winners, finished): the largest event keeps 10,000 of them."""
    key = (database_path(db), table["game"])
    held = _seated.get(key)
    if held is None or table["revision"] is None or held[:2] != (table["revision"], table["updated"]):
        # derived here without joining the game cache (service.cache): reading the largest event's 10,000 games
        # once would push out the games the tables are playing, for a few numbers kept here
        version = {"id": table["game"], "revision": table["revision"], "updated": table["updated"]}
        game = cache.kept(key[0], version) if table["revision"] is not None else None
        game = game or game_object(*read_stored(db, table["game"]))  # Refused 404 for a game no longer there
        held = (game.revision, game.updated, tuple(s.score for s in game.sides), tuple(game.winner or ()),
                bool(game.finished))
        _seated.put(key, held)
    return TableGame(tuple(table["entrants"]), *held[2:])


def rounds_so_far(db: sqlite_utils.Database, event_id: str) -> tuple[list[Round], tuple]:
    """The event's rounds as scoring.events reads them; and the state they were read at (every game's revision, the
    byes, each round's movement and the adjustments), which names the standings and seatings made from them."""
    tables, byes = store.get_seats(db, event_id)
    movements = store.round_movements(db, event_id)
    adjustments = tuple((a["id"], a["entrant"], a["round"], a["vp"], a["points"])
                        for a in store.get_adjustments(db, event_id))
    seated: list[list[TableGame]] = [[] for _ in byes]
    played = {t["game"]: table_game(db, t) for t in tables}
    waiting = confirm.waiting_games(db, event_id, {g: p.finished for g, p in played.items()})
    for t in tables:  # a finished game waiting for a side's acceptance counts nowhere (not played)
        game = played[t["game"]]
        seated[t["round"] - 1].append(dataclasses.replace(game, finished=False) if t["game"] in waiting else game)
    state = (tuple((t["game"], t["revision"], t["updated"]) for t in tables), tuple(tuple(b) for b in byes),
             tuple(movements), adjustments)
    return [Round(tuple(games), tuple(b), m) for games, b, m in zip(seated, byes, movements)], state


def adjustments_of(state: tuple) -> tuple[Adjustment, ...]:
    """The adjustments of a state rounds_so_far read."""
    return tuple(Adjustment(entrant, number, vp, points) for _, entrant, number, vp, points in state[3])


SEAT_TRIES = 3  # seatings worked out again when the event changed meanwhile, before the start is refused
HASHING_THREADS = os.cpu_count() or 1  # table PINs hashed side by side when a round starts


def start_round(db: sqlite_utils.Database, event_id: str, key: str | None = None, movement: Any = None) -> dict:
    """Pair the next round and create its tables' games; the new round (an element of round_list). Refused 409 while
    any game of the event is not finished, or once every planned round is played; 422 for a `movement` the event
    cannot seat. With an Idempotency-Key `key`, a repeat answers the round that key started and starts none.

    The seating is worked out first, outside any transaction (a Swiss search may take seconds): no write of any
    table waits for it. The write then checks the event is in the state the seating was made from (every game's
    revision, the byes, the adjustments) and stores the round in one transaction; if it changed meanwhile, the
    seating is worked out again (SEAT_TRIES times) before the start is refused (409) in words."""
    row = stored_event(db, event_id)
    name = _movement(row, movement)
    made, again = [], store.round_started_with(db, row["id"], key) if key is not None else None
    pins = None
    for attempt in range(SEAT_TRIES if again is None else 0):
        row = stored_event(db, event_id) if attempt else row  # its entrants too may have changed (a rename)
        so_far, state = rounds_so_far(db, row["id"])
        number, pairing = _seat(db, row, so_far, state, name)
        if pins is None or pins[0] != (number, pairing.table_numbers()):  # worked out and hashed once, unless
            pins = (number, pairing.table_numbers(), *_table_pins(db, row, number, pairing.table_numbers()))
            # seated anew with other tables; here: no table's write waits for the hashes
        with write(db):
            again = store.round_started_with(db, row["id"], key) if key is not None else None
            if (again is None and rounds_so_far(db, row["id"])[1] == state
                    and store.get_event(db, row["id"])["entrants"] == row["entrants"]):
                made = _start(db, row, number, pairing, key, name, pins[2])
                confirm.keep_second_pins(db, made, pins[3])
        if again is not None or made:
            break
    else:
        if again is None:
            raise Refused([FieldError(None, lang._("The event changed while round %(n)s was being seated (a game "
                                                   "or an adjustment was changed); start it again.",
                                                   n=lang.number(number)))], status=409)
    for game in made:
        committed(db, game)
    number = again if again is not None else made[0].event["round"]
    started = _round_json(db, store.get_rounds(db, row["id"])[number - 1], row["movement"], pins=True)
    return sections.mark_rounds([started], len(row["entrants"]), row.get("sections"))[0]


def _table_pins(db: sqlite_utils.Database, row: dict, number: int, tables: list[int]
                ) -> tuple[list[tuple[list[int], str]] | None, list[str] | None]:
    """Each table's own PIN as stored, for an event whose every table gets one (else None): its shifts (one a side)
    and its PIN's hash. The digits are worked out from the night's secret (db/pin_hash.py: no table can work out
    another's, and what the director prints can be printed again), no two tables of a round share them (table 3's
    PIN never opens table 5), and only their hashes are kept. Second: with `confirm: both`, each table's second
    side's own PIN's hash (else None)."""
    if not row.get("table_pins"):
        return None, None
    secret = _night_secret(db, row["id"])
    sides = 2 if row.get("confirm") == "both" else 1
    shifts = round_shifts(secret, number, tables, sides)
    pins = [table_pin(secret, number, t, side, s[side]) for t, s in zip(tables, shifts) for side in range(sides)]
    hashes = hash_pins(pins)
    first = list(zip(shifts, hashes[::sides]))
    return first, (hashes[1::2] if sides == 2 else None)


def hash_pins(pins: list[str]) -> list[str]:
    """The PINs' hashes, made side by side: scrypt lets go of the GIL, so one a core (tens of milliseconds each
    here, a few hundred on a Pi) while the phones' requests are still served."""
    if not pins:
        return []
    with ThreadPoolExecutor(max_workers=max(1, min(len(pins), HASHING_THREADS))) as pool:
        return list(pool.map(hash_pin, pins))


def _night_secret(db: sqlite_utils.Database, event_id: str) -> str:
    """The night's secret for its tables' PINs, made when it has none yet."""
    secret = store.pin_secret(db, event_id)
    if secret is None:
        with write(db):
            secret = store.pin_secret(db, event_id) or new_secret()
            store.set_pin_secret(db, event_id, secret)
    return secret


def _movement(row: dict, movement: Any) -> str:
    """The movement a round start asks for (None: the event's own); Refused 422 for one the event cannot seat."""
    if movement is None:
        return row["movement"]
    if not isinstance(movement, str) or movement not in MOVEMENTS:
        names = ", ".join(f"“{m}”" for m in MOVEMENTS)
        shown = movement if isinstance(movement, str) and len(movement) <= 40 else "…"
        raise Refused([FieldError("movement", lang._("There is no movement “%(movement)s”; choose %(names)s.",
                                                     movement=shown, names=names))])
    err = movement_fits(movement, row["table_size"])
    if err:
        raise Refused([err])
    return movement


def _waits(db: sqlite_utils.Database, event_id: str, tables: list[dict]) -> dict[tuple[int, int], str]:
    """The event's tables (its seats, as db.events.get_seats reads them) that wait for a side or the director,
    (round, table) → what for (service.confirm)."""
    reasons = confirm.waits_for(db, event_id, {t["game"]: table_game(db, t).finished for t in tables})
    return {(t["round"], t["table"]): reasons[t["game"]] for t in tables if t["game"] in reasons}


def _seat(db: sqlite_utils.Database, row: dict, so_far: list[Round], state: tuple, movement: str):
    """The next round's number and seating (scoring.events.pair_round, each section in turn), or Refused 409 when it
    cannot start (it says which tables still play and what each finished one waits for)."""
    event = event_of(row)
    number = len(so_far) + 1
    if number > event.rounds:
        raise RoundCannotStart(lang._("Every planned round of this event is played (it has %(rounds)s); no more "
                                      "rounds can start.", rounds=lang.number(event.rounds)),
                               number=number, rounds=event.rounds)
    playing = tuple((r, k) for r, played in enumerate(so_far, start=1)
                    for k, game in enumerate(played.tables) if not game.finished)
    if playing:  # each table by its number (a round's tables are read in their numbers' order), shown as "B 13"
        seats, _ = store.get_seats(db, row["id"])
        numbers = [[t["table"] for t in seats if t["round"] == r] for r in range(1, number)]
        playing = tuple((r, numbers[r - 1][k]) for r, k in playing)
        letter = sections.letters(len(row["entrants"]), row.get("sections"))
        shown = {(t["round"], t["table"]): sections.table_label(letter[t["entrants"][0]], lang.number(t["table"]))
                 for t in seats}
        waiting = {k: v for k, v in _waits(db, row["id"], seats).items() if k in playing}
        still = [(r, t) for r, t in playing if (r, t) not in waiting]
        said = ", ".join(lang._("round %(round)s, table %(table)s", round=lang.number(r), table=shown[r, t])
                         for r, t in still)
        words = [lang._("A new round starts when every table has finished; still playing: %(tables)s.", tables=said)
                 if still else lang._("A new round starts when every table has finished and its result counts.")]
        words += [confirm.wait_words(r, shown[r, t], waiting[(r, t)]) for r, t in playing if (r, t) in waiting]
        raise RoundCannotStart(" ".join(words), number=number, rounds=event.rounds, playing=playing, waiting=waiting)
    rng = random.Random(f"{row['id']}/{number}")  # every section of a sectioned event seated in turn, at once
    return number, sections.seat_each(event, so_far, adjustments_of(state),
                                      lambda one, rounds, adjusted: pair_round(one, rounds, number, rng, movement,
                                                                               adjusted), event.table_size)


def _start(db: sqlite_utils.Database, row: dict, number: int, pairing, key: str | None, movement: str,
           pins: list[tuple[list[int], str]] | None = None) -> list:
    """start_round's writes in its transaction: the new round's games (service.model.Game); `pins`: each table's
    own PIN's shifts and hash, when it gets one."""
    event = event_of(row)
    variant, now = get_variant(event.variant), now_utc()
    options = event.options
    if event.round_minutes:  # the hand in play when time is called finishes the game (RULES.md §5)
        finish = datetime.fromisoformat(now) + timedelta(minutes=event.round_minutes)
        options = {**options, "finish_at": finish.isoformat(timespec="seconds")}
    games = [{**new_stored(variant, {"variant": event.variant, "sides": [event.entrants[e].side() for e in seated],
                                     "options": options},
                           now, event={"id": row["id"], "round": number, "table": table}),
              "pin_hash": pins[k][1] if pins else row.get("pin_hash")}  # its own PIN, or the night's one
             for k, (table, seated) in enumerate(zip(pairing.table_numbers(), pairing.tables))]
    store.insert_round(db, row["id"], number, list(pairing.byes), now, key, movement=movement)
    games_store.insert_games(db, games)  # one insert a table for the whole round
    store.insert_tables(db, row["id"], number, [(g["id"], list(seated)) for g, seated in zip(games, pairing.tables)],
                        pairing.table_numbers(), [shifts for shifts, _ in pins] if pins else None)
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
    # a round played to the clock: the pages show the minutes left, so the key moves on with each minute too
    minute = datetime.now(timezone.utc).strftime("%H%M") if found["round_minutes"] else ""
    return f"{found['revision']}.{found['changed'] or ''}.{minute}"


def event_name(db: sqlite_utils.Database, event_id: str) -> str:
    """The event's name (one row), or Refused 404."""
    return stored_event(db, event_id)["name"]


def rounds_started(db: sqlite_utils.Database, event_id: str) -> int:
    """How many rounds of the event have started (one small query), or Refused 404."""
    return store.rounds_started(db, stored_event(db, event_id)["id"])


def standings(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The standings rows (API.md), first place first, from the finished games of the event's tables and its
    byes; a game made unfinished again stops counting until it is finished.

    Kept per event and state of its games (module docstring): the rows answered are shared, not to be changed."""
    return _kept_standings(db, event_id).rows


def games_playing(db: sqlite_utils.Database, event_id: str) -> int:
    """How many of the event's games are not finished (in any round), from the state the standings were worked out
    from: what an event's pages need to say it is finished, without reading its every game per request."""
    return _kept_standings(db, event_id).playing


def _kept_standings(db: sqlite_utils.Database, event_id: str) -> _Standings:
    path = database_path(db)
    mark = quiet_mark(path)  # taken before the queries: whatever is written after them changes it
    held = _standings.get((path, event_id)) if isinstance(event_id, str) else None
    if held is not None and mark is not None and held.confirmed == mark:
        return held
    key = event_key(db, event_id)  # read before the rounds: a change after it only makes these rows newer than it
    if held is not None and held.key == key:
        held.confirmed = mark
        return held
    row = stored_event(db, event_id)
    so_far, state = rounds_so_far(db, row["id"])
    games = [g for r in so_far for g in r.tables]
    standing = ranked(event_of(row), games, [b for r in so_far for b in r.byes], adjustments_of(state))
    rows = sections.mark_rows([s.as_dict() for s in standing], len(row["entrants"]), row.get("sections"))
    held = _Standings(key, rows, mark, sum(not g.finished for g in games), tuple(s.wins for s in standing))
    _standings.put((path, event_id), held)
    return held


def final_standings(db: sqlite_utils.Database, event_id: str) -> tuple[dict, bool, list[dict]]:
    """What a season reads of one of its events: its stored row, whether it is finished (every planned round
    started and every game finished) and its standings rows, each with its entrant's `players` and its wins as the
    exact fraction (`wins_exact`); Refused 404 for an unknown event."""
    row = stored_event(db, event_id)
    held = _kept_standings(db, row["id"])
    finished = held.playing == 0 and store.rounds_started(db, row["id"]) == row["rounds"]
    rows = [{**r, "players": row["entrants"][r["entrant"]]["players"], "wins_exact": wins}
            for r, wins in zip(held.rows, held.wins)]
    return row, finished, rows


def event_log(db: sqlite_utils.Database, event_id: str) -> list[dict]:
    """The event's log of changes made to a game after its round closed (and of tables ended before their deals were
    played), and of adjustments, oldest first: at, device, game, what,
    change, and `by` (the device as people name it); `what` and `by` in the current language where the change says
    enough (older entries keep their English words)."""
    stored = stored_event(db, event_id)
    variant = get_variant(stored["variant"])
    names = [e["name"] for e in stored["entrants"]]
    return [_logged(e, variant, names) for e in store.get_log(db, stored["id"])]


def _logged(entry: dict, variant, names: list[str]) -> dict:
    """One log entry as pages and paper show it: said again from its change where that says enough (a late change,
    an adjustment, a confirmation), else its stored words (a change that cannot be said again, e.g. damaged or from another
    version, is never a 500)."""
    shown = {**entry, "device": _short(entry["device"], MAX_DEVICE), "what": _short(entry["what"], MAX_WHAT),
             "by": _short(device_words(entry["device"]), MAX_DEVICE)}
    try:
        if isinstance(entry.get("change"), dict) and "names" in entry["change"]:
            shown["what"] = late_change_words(entry["change"], variant)
        elif is_adjustment(entry):
            shown["what"] = adjustment_words(entry["change"], names)
        elif isinstance(entry.get("change"), dict) and "confirm" in entry["change"]:
            shown["what"] = confirm.log_words(entry["change"])  # an acceptance, a send, a disagreement, a decision
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
        pass
    return shown


def _short(text, most: int):
    """Stored text cut to what a page or a PDF cell can show (import refuses longer; a damaged file may hold it)."""
    return text[:most - 1] + "…" if isinstance(text, str) and len(text) > most else text


def device_words(device: str | None) -> str:
    """A log entry's device as people name it (web/present/device_name.py stores it): the name the device gave
    itself, "Table 2's phone", or, for a device with neither, a short code of it; a program using the API."""
    if not device:
        return lang._("A program using the API")
    if device.startswith("name:"):
        return device[len("name:"):]
    table = device[len("table:"):] if device.startswith("table:") else ""
    if table.isascii() and table.isdigit():
        return lang._("Table %(table)s's phone", table=lang.number(int(table)))
    if len(device) == 16 and all(c in "0123456789abcdef" for c in device):  # a page's device with no name
        return lang._("A device with no name (%(code)s)", code=device[:6])
    return device  # an API client's address


def table_games(db: sqlite_utils.Database) -> set[str]:
    """The ids of every game that is a club night's table (such a game is not deleted: its standings count it)."""
    return store.table_game_ids(db)


def seat_of(db: sqlite_utils.Database, game) -> dict | None:
    """Which club night, round and table a game is (its event's id and name, the round, its rounds, the table),
    or None for a game of no event (or one whose event is gone)."""
    seat = game.event
    row = store.get_event(db, seat["id"]) if seat else None
    if row is None:
        return None
    return {"id": row["id"], "name": row["name"], "round": seat["round"], "rounds": row["rounds"],
            "table": seat["table"], "section": event_sections.section_of_table(db, row, seat)}




def closed_seat(db: sqlite_utils.Database, game) -> dict | None:
    """The seat of a club night's game whose round is closed (a change to it moves the standings and is logged):
    seat_of's dict; None for any other game."""
    seat = seat_of(db, game)
    return seat if seat and store.round_closed(db, seat["id"], seat["round"]) else None


def director_only(db: sqlite_utils.Database, game: Game, *, ending: bool = False) -> str | None:
    """Why this change to a club night's table game needs the director's PIN (API.md "What only the director may
    do at a table"), in the current language; None when a table's PIN is enough (or it is no such night's game).

    On a night with a director's PIN: any change once the game's round is closed by a later round having started,
    and (`ending`) ending the game before the night's deals_per_round are played."""
    seat = game.event
    row = store.get_event(db, seat["id"]) if seat else None
    if not row or not row.get("director_pin_hash"):
        return None
    started = store.rounds_started(db, row["id"])
    if started > seat["round"]:
        return lang._("Round %(round)s of this club night is closed (round %(next)s has started): only the director "
                      "can change its tables' games now.", round=lang.number(seat["round"]),
                      next=lang.number(started))
    planned = early_end(db, game) if ending else None
    if planned is not None:
        return get_variant(game.variant).words.say_n(
            "Only the director can end a table's game before its %(num)s %(round)s is played.",
            "Only the director can end a table's game before its %(num)s %(rounds)s are played.", planned,
            num=lang.number(planned))
    return None
