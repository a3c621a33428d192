"""What a player can do to a game, shared by the JSON API and the pages: create, read, list, end, delete
it (its hands: service/hands.py), and what every write shares: reading, revisions, the after-commit step.

Each action checks its input with scoring/, writes through db/ in one transaction and
returns the typed game (service.model.Game); anything refused raises scoring.Refused and stores nothing.
"""
from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Sequence, Union

import sqlite_utils

import lang

from db import database_path, in_write, quiet_mark, write
from db import confirm as confirm_store
from db import events as events_store
from db import games as store
from db.pin_hash import hash_pin, pin_matches
from scoring import FieldError, Refused, derive_game, get_variant, new_game, vocabulary
from scoring.base import listed
from scoring.game import HandRecord, now_utc
from scoring.variant import Variant

from . import backups, cache
from .ids import new_id, not_found
from .model import Game, make_game
from .rule_sets import with_named_set

KEY_KEPT_FOR = timedelta(days=30)  # how long a request's Idempotency-Key is remembered; retries come within minutes


def game_object(variant: Variant, stored: dict) -> Game:
    """The game as API.md describes it, derived from the stored game (db.games.read_game's shape)."""
    state = derive_game(variant, stored["options"], stored["sides"],
                        [HandRecord(h["entries"], h["recorded_at"]) for h in stored["hands"]],
                        ended=bool(stored["ended_at"]), marks=stored["marks"])
    return make_game(stored, variant, state)


def read_game(db: sqlite_utils.Database, game_id: str) -> dict | None:
    """The stored game (db.games.read_game, one query) with its options in today's names (RULES.md §14: a game
    stored with older house-rule keys, or before a house rule existed, reads and scores as it did); None if unknown."""
    stored = store.read_game(db, game_id)
    if stored is None:
        return None
    variant = get_variant(stored["variant"])
    return {**stored, "options": vocabulary.current(variant, stored["options"])} if variant else stored


def read_stored(db: sqlite_utils.Database, game_id: str) -> tuple[Variant, dict]:
    """The stored game (one query), or Refused 404."""
    stored = read_game(db, game_id) if isinstance(game_id, str) else None
    if stored is None:
        raise not_found(lang._("There is no game with id “%(id)s”.", id=game_id))
    return get_variant(stored["variant"]), stored


def derive(db: sqlite_utils.Database, variant: Variant, stored: dict) -> Game:
    """The game object of a stored game: from the cache when this revision was derived before."""
    found = cache.kept(database_path(db), stored)
    if found is None:
        found = game_object(variant, stored)
        cache.keep(database_path(db), found)
    return found


def get_game(db: sqlite_utils.Database, game_id: str) -> Game:
    """The game object, or Refused 404.

    Every device polls its game. A state derived before is served as it is while nothing was written
    to the database since a query last found it current; else one small query (the game's revision)
    says whether it still is; only a new revision is read and derived.
    """
    if not isinstance(game_id, str):
        raise not_found(lang._("There is no game with id “%(id)s”.", id=game_id))
    path = database_path(db)
    mark = quiet_mark(path)  # taken before the query: whatever is written after it changes it
    found = cache.unchanged(path, game_id, mark) or cache.kept(path, store.get_version(db, game_id), mark)
    return found or derive(db, *read_stored(db, game_id))


def made_from(db: sqlite_utils.Database, game: Game, what: str, make: Callable[[], Any]) -> Any:
    """`make()` (a game's JSON body, say), made once per game state and kept with it (service.cache)."""
    return cache.made_from(database_path(db), game, what, make)


def list_games(db: sqlite_utils.Database) -> list[dict]:
    """Every game, short: id, variant, side names and scores, finished, last change, revision."""
    return [_short(db, g) for g in store.list_games(db)]


def games_page(db: sqlite_utils.Database, page: int, per_page: int) -> tuple[list[dict], bool]:
    """Page `page` (from 1) of the games that are no club night's table, most recently changed first, short as in
    list_games; and whether a later page has any. Only the page's games are read and derived."""
    found = store.list_games_page(db, per_page + 1, (page - 1) * per_page)
    return [_short(db, g) for g in found[:per_page]], len(found) > per_page


def _short(db: sqlite_utils.Database, g: dict) -> dict:
    variant = get_variant(g["variant"])
    # a game derived before needs no query for its sides
    game = cache.kept(database_path(db), g) or derive(db, *read_stored(db, g["id"]))
    return {"id": g["id"], "variant": g["variant"], "variant_name": lang.english(variant.name),
            "names": [s.name for s in game.sides],
            "scores": [s.score for s in game.sides], "hands_played": g["hand_count"],
            "finished": game.finished, "winner": game.winner,
            "created": g["created"], "updated": g["updated"], "revision": g["revision"]}


def committed(db: sqlite_utils.Database, game: Game | None) -> None:
    """After a write transaction committed: its game object is the newest state (cached), backups hear of it.

    Called only after the commit, so a rolled-back state is never cached: inside a write around it (a use case
    made of others, e.g. service.confirm's agreed totals) nothing is, and that write's caller calls it once done.
    """
    if in_write(db):
        return
    if game is not None:
        cache.keep(database_path(db), game)
    backups.changed(database_path(db), finished=game is not None and game.finished)


def as_written(variant: Variant, stored: dict, now: str, **changed: Any) -> Game:
    """The game object of `stored` as this write leaves it: next revision, `changed` fields applied.

    Derived in memory from what the write read and wrote (no second read of the game).
    """
    return game_object(variant, {**stored, "revision": stored["revision"] + 1, "updated": now, **changed})


def request_fingerprint(operation: str, payload: Any, *leave_out: str) -> str:
    """What identifies a write under its key (Idempotency-Key, a form's key): the operation and the body,
    less the parts named (a revision, which a retry may send newer; a PIN)."""
    body = {k: v for k, v in payload.items() if k not in leave_out} if isinstance(payload, dict) else payload
    text = json.dumps([operation, body], sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def new_stored(variant: Variant | None, payload: Any, now: str, *, event: dict | None = None) -> dict:
    """A new game checked (scoring.new_game; Refused names the fields) in read_game's shape, not yet stored:
    what create_game inserts, and each table's game a club night's round starts (service.events)."""
    sides, options = new_game(variant, payload)
    return {"id": new_id(), "variant": variant.id, "options": options, "created": now, "updated": now,
            "revision": 1, "ended_at": None, "marks": {}, "hand_revision": None, "pin_hash": None,
            "sides": sides, "hands": [], "event": event}


def create_game(db: sqlite_utils.Database, payload: Any, key: str | None = None) -> Game:
    """Check and store a new game; its options become its rules snapshot.

    With a `key` (the new-game form's), the same form sent again answers the game it started the
    first time and starts none.
    """
    payload = with_named_set(db, payload)
    variant = get_variant(payload.get("variant")) if isinstance(payload, dict) else None
    now = now_utc()
    stored = new_stored(variant, payload, now)  # checked first: a PIN is hashed once it is known to be one
    stored["pin_hash"] = hash_pin(payload["pin"]) if payload.get("pin") else None
    request = request_fingerprint("start", payload, "pin")  # no plain hash of a PIN is kept
    with write(db):
        started = store.game_started_with(db, key, request) if key is not None else None
        if started is not None and _same_pin(started["pin_hash"], payload.get("pin")):
            return get_game(db, started["id"])
        store.insert_game(db, stored)
        if key is not None:
            store.keep_request_key(db, stored["id"], key, request, 201, None, now)
        store.forget_request_keys(db, (datetime.now(timezone.utc) - KEY_KEPT_FOR).isoformat(timespec="seconds"))
    game = game_object(variant, stored)
    committed(db, game)
    return game


def _same_pin(stored_hash: str | None, pin: str | None) -> bool:
    """Whether a new-game form sent again has the PIN of the game it started (or no PIN, as that game)."""
    return pin_matches(pin, stored_hash) if stored_hash else not pin


Revision = Union[int, Sequence[str], None]  # what a write says it is based on: a revision number, entity tags as
# the web read them from If-Match or a form ("*" for any), or None for nothing stated


def _revision_matches(revision: Revision, current: int) -> bool:
    """True when no revision was stated, or it names the current one."""
    if revision is None:
        return True
    tags = [str(revision)] if isinstance(revision, int) else list(revision)
    return "*" in tags or str(current) in tags


class Stale(Refused):
    """A write based on a revision that is no longer the game's (409); `game` is the game as it is now."""

    def __init__(self, game: Game):
        super().__init__([FieldError("revision", lang._("Someone else just changed this game. Here is the new "
                                                        "version; check it and try again."))], status=409)
        self.game = game


def check_revision(variant: Variant, stored: dict, revision: Revision) -> None:
    if not _revision_matches(revision, stored["revision"]):
        raise Stale(game_object(variant, stored))


def finished_refusal(variant: Variant) -> Refused:
    """A new hand (round, deal…) for a finished game, refused in the variant's words."""
    w = variant.words
    return Refused([FieldError(None, w.say("This game is finished, so no more %(rounds)s can be recorded. Correct or "
                                            "delete a %(round)s, or start a new game."))], status=409)


def end_game(db: sqlite_utils.Database, game_id: str, revision: Revision = None, *, device: str | None = None
             ) -> Game:
    """The table stops now; the highest total wins. `device` names who did it (for a club night's log)."""
    with write(db):
        variant, stored = read_stored(db, game_id)
        check_revision(variant, stored, revision)
        now = now_utc()
        ended_at = stored["ended_at"] or now
        store.touch_game(db, game_id, now, ended_at=ended_at)
        game = as_written(variant, stored, now, ended_at=ended_at)
        noted(db, variant, stored, game, "ended", None, device, now)
    committed(db, game)
    return game


def delete_game(db: sqlite_utils.Database, game_id: str, revision: Revision = None) -> None:
    """Remove a game and everything in it. A table's game of a club night stays (409): the event's rounds and
    standings are made of it; correct or delete its hands instead."""
    with write(db):
        variant, stored = read_stored(db, game_id)
        check_revision(variant, stored, revision)
        if stored.get("event"):
            seat = stored["event"]
            raise Refused([FieldError(None, lang._("This game is table %(table)s of round %(round)s of a club night, "
                                                   "whose standings count it, so it cannot be deleted. Correct or "
                                                   "delete its hands instead.", table=lang.number(seat["table"]),
                                                   round=lang.number(seat["round"])))], status=409)
        store.delete_game(db, game_id)
    cache.forget(database_path(db), game_id)
    committed(db, None)


# -- a club night's table: its round closing, and its log of late changes ---------------------------------------

def noted(db: sqlite_utils.Database, variant: Variant, stored: dict, game: Game, action: str, hand: int | None,
          device: str | None, now: str, detail: str = "") -> None:
    """In a game write's transaction, after the write: what a club night needs to know of it (nothing for a game
    of no event).

    A round is closed once a later round has started (service.events.start_round) or, for the event's last round,
    once all its games are finished (the event is finished); it stays closed. Every change to a game of a closed
    round is logged on its event, in the same transaction: what changed in words and as data, when, from which
    `device` (a page's device name, an API client's address). So is a table's game ended before the night's
    deals_per_round are played, while its round is open too. The change that finishes the last round's last game
    closes it, and is not itself logged (unless it is such an early end).
    """
    seat = stored.get("event")
    if not seat:
        return
    if confirm_store.back_to_waiting(db, game.id, stored["revision"]):  # API.md "confirmed by both sides"
        with lang.using("en"):
            words = lang._("Table %(table)s, round %(round)s: changed after it was accepted; it waits for acceptance "
                           "again.", table=seat["table"], round=seat["round"])
        events_store.add_log(db, seat["id"], now, device, game.id, words,
                             {"confirm": {"action": "waiting"}, "round": seat["round"], "table": seat["table"]})
    closed = events_store.round_closed(db, seat["id"], seat["round"])
    planned = ends_early(db, variant, stored) if action == "ended" else None
    if closed or planned is not None:  # a table stopped short of its deals is logged too, closed round or not
        before = derive(db, variant, stored)
        if planned is not None:
            action, hand = "ended_early", len(stored["hands"])
        events_store.add_log(db, seat["id"], now, device, game.id, *late_change(before, game, seat, action, hand,
                                                                                  detail, planned=planned))
    if not closed and game.finished:
        event = events_store.get_event(db, seat["id"])
        if seat["round"] == event["rounds"]:
            tables = events_store.get_rounds(db, seat["id"])[seat["round"] - 1]["tables"]
            if all(t["game"] == game.id or get_game(db, t["game"]).finished for t in tables):
                events_store.close_round(db, seat["id"], seat["round"], now)


def ends_early(db: sqlite_utils.Database, variant: Variant, stored: dict) -> int | None:
    """For a club night's table game not yet over whose round has fewer deals played than the night's
    `deals_per_round`: that number (ending it now stops the table short, API.md "What only the director may do at a
    table"); None for any other game."""
    return early_end(db, derive(db, variant, stored))


def early_end(db: sqlite_utils.Database, game: Game) -> int | None:
    """ends_early for a game object."""
    event = events_store.get_event(db, game.event["id"]) if game.event else None
    planned = event.get("deals_per_round") if event else None
    return planned if planned and game.hands_played < planned and not game.finished else None


def late_change(before: Game, after: Game, seat: dict, action: str, hand: int | None, detail: str = "", *,
                planned: int | None = None) -> tuple[str, dict]:
    """A late change in words, kept English ("Round 1, table 2, hand 3 corrected: Us 1,230 → 1,530"), and as data
    (from which `late_change_words` says it again in the page's language). An early end ("ended_early") keeps the
    hands played as `hand` and the round's deals as `planned`."""
    change = {"round": seat["round"], "table": seat["table"], "action": action, "hand": hand,
              "names": [s.name for s in after.sides],
              "before": {"scores": [s.score for s in before.sides], "finished": before.finished,
                         "winner": None if before.winner is None else list(before.winner)},
              "after": {"scores": [s.score for s in after.sides], "finished": after.finished,
                        "winner": None if after.winner is None else list(after.winner)}}
    if detail:
        change["detail"] = detail
    if planned is not None:
        change["planned"] = planned
    with lang.using("en"):
        return late_change_words(change, get_variant(after.variant)), change


CHANGES = {  # a late change's first part, by what was done (the club night's log)
    # with the variant's round word, each its own whole sentence (lang.R_); %(number)s: the club night's round
    "recorded": lang.R_("Round %(number)s, table %(table)s, %(round)s %(hand)s recorded"),
    "corrected": lang.R_("Round %(number)s, table %(table)s, %(round)s %(hand)s corrected"),
    "deleted": lang.R_("Round %(number)s, table %(table)s, %(round)s %(hand)s deleted"),
    "ended": lang.L_("Round %(round)s, table %(table)s, game ended"),
    "ended_early": lang.R_("Round %(number)s, table %(table)s, game ended early (%(rounds)s played: %(hand)s of "
                           "%(planned)s)"),
    "marked": lang.L_("Round %(round)s, table %(table)s, %(detail)s marked"),
}


def late_change_words(change: dict, variant: Variant) -> str:
    """A late change as the club night's log says it, in the current language."""
    values = {"round": lang.number(change["round"]), "number": lang.number(change["round"]),
              "table": lang.number(change["table"]), "hand": lang.number(change["hand"] or 0),
              "detail": change.get("detail", ""), "planned": lang.number(change.get("planned") or 0)}
    first = CHANGES.get(change["action"], CHANGES["ended"])
    said = variant.words.say(first, **values) if isinstance(first, str) else first % values
    before, after, names = change["before"], change["after"], change.get("names") or []
    moved = [lang._("%(side)s %(before)s → %(after)s", side=name, before=lang.number(b), after=lang.number(a))
             for name, b, a in zip(names, before["scores"], after["scores"]) if b != a]
    said = (lang._("%(change)s: %(totals)s", change=said, totals=", ".join(moved)) if moved
            else lang._("%(change)s: no total changed", change=said))
    if before["finished"] != after["finished"]:
        said = (lang._("%(change)s; the game is finished again", change=said) if after["finished"]
                else lang._("%(change)s; the game is no longer finished", change=said))
    won = [[names[i] for i in (w or ()) if isinstance(i, int) and 0 <= i < len(names)]
           for w in (before.get("winner"), after.get("winner"))]
    if before["finished"] and after["finished"] and all(won) and won[0] != won[1]:  # the standings move
        said = (lang._("%(change)s; the winner changed: %(after)s (before: %(before)s)", change=said,
                       after=won[1][0], before=listed(won[0], "and")) if len(won[1]) == 1
                else lang._("%(change)s; the win is now shared: %(after)s (before: %(before)s)", change=said,
                            after=listed(won[1], "and"), before=listed(won[0], "and")))
    return said
