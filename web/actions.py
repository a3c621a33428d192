"""What a player can do to a game, shared by the JSON API and the pages.

Each action checks its input with scoring/, writes through db/ in one transaction and
returns the game object; anything refused raises scoring.Refused and stores nothing.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlite_utils
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags

from db import games as store
from db import write
from db.pin_hash import hash_pin
from scoring import VARIANTS, FieldError, Refused, derive_game, get_variant, new_game, prepare_hand
from scoring.game import HandRecord, now_utc, to_store
from scoring.variant import Variant

from . import backups, derived

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes, so an id can be read aloud
KEY_KEPT_FOR = timedelta(days=30)  # how long a request's Idempotency-Key is remembered; retries come within minutes


def new_id() -> str:
    """A short random game id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


def not_found(what: str) -> Refused:
    return Refused([FieldError(None, what)], status=404)


def game_object(variant: Variant, stored: dict) -> dict:
    """The game as API.md describes it, derived from the stored game (db.games.read_game's shape)."""
    hands = stored["hands"]
    state = derive_game(variant, stored["options"], stored["sides"],
                        [HandRecord(h["entries"], h["recorded_at"]) for h in hands],
                        ended=bool(stored["ended_at"]), failed_melds=stored["failed_melds"])
    return {"id": stored["id"], "variant": stored["variant"], "variant_name": variant.name,
            "options": stored["options"], **state, "revision": stored["revision"],
            "created": stored["created"], "updated": stored["updated"], "ended_at": stored["ended_at"],
            "hands_played": len(hands), "has_pin": bool(stored.get("pin_hash")),
            "last_hand_revision": stored.get("hand_revision")}


def _read(db: sqlite_utils.Database, game_id: str) -> tuple[Variant, dict]:
    """The stored game (one query), or Refused 404."""
    stored = store.read_game(db, game_id) if isinstance(game_id, str) else None
    if stored is None:
        raise not_found(f"There is no game with id “{game_id}”.")
    return get_variant(stored["variant"]), stored


def _derive(variant: Variant, stored: dict) -> dict:
    """The game object of a stored game: from the cache when this revision was derived before."""
    found = derived.kept(stored)
    if found is None:
        found = game_object(variant, stored)
        derived.keep(found)
    return found


def get_game(db: sqlite_utils.Database, game_id: str) -> dict:
    """The game object, or Refused 404."""
    # every device polls its game: when this revision was derived before, one small query decides
    if not isinstance(game_id, str):
        raise not_found(f"There is no game with id “{game_id}”.")
    found = derived.kept(store.get_version(db, game_id))
    return found or _derive(*_read(db, game_id))


def list_games(db: sqlite_utils.Database) -> list[dict]:
    """Every game, short: id, variant, side names and scores, finished, last change."""
    result = []
    for g in store.list_games(db):
        variant = get_variant(g["variant"])
        # a game derived before needs no query for its sides
        game = derived.kept(g) or _derive(*_read(db, g["id"]))
        result.append({"id": g["id"], "variant": g["variant"], "variant_name": variant.name,
                       "names": [s["name"] for s in game["sides"]],
                       "scores": [s["score"] for s in game["sides"]], "hands_played": g["hand_count"],
                       "finished": game["finished"], "winner": game["winner"],
                       "created": g["created"], "updated": g["updated"]})
    return result


def _committed(db: sqlite_utils.Database, game: dict | None) -> None:
    """After a write transaction committed: its game object is the newest state (cached), backups hear of it.

    Called only after the commit, so a rolled-back state is never cached.
    """
    if game is not None:
        derived.keep(game)
    backups.changed(game)


def _after(variant: Variant, stored: dict, now: str, **changed: Any) -> dict:
    """The game object of `stored` as this write leaves it: next revision, `changed` fields applied.

    Derived in memory from what the write read and wrote (no second read of the game).
    """
    return game_object(variant, {**stored, "revision": stored["revision"] + 1, "updated": now, **changed})


def create_game(db: sqlite_utils.Database, payload: Any) -> dict:
    """Check and store a new game; its options become its rules snapshot."""
    variant = get_variant(payload.get("variant")) if isinstance(payload, dict) else None
    sides, options = new_game(variant, payload)
    now = now_utc()
    stored = {"id": new_id(), "variant": variant.id, "options": options, "created": now, "updated": now,
              "revision": 1, "ended_at": None, "failed_melds": [0] * len(sides), "hand_revision": None,
              "pin_hash": hash_pin(payload["pin"]) if payload.get("pin") else None, "sides": sides, "hands": []}
    with write(db):
        store.insert_game(db, stored)
        store.forget_request_keys(db, (datetime.now(timezone.utc) - KEY_KEPT_FOR).isoformat(timespec="seconds"))
    game = game_object(variant, stored)
    _committed(db, game)
    return game


MAX_REVISION = 2 ** 53  # the largest whole number every JSON client holds exactly


def revision_tags(revision: Any, field: str = "revision", sent: str | None = None) -> list[str] | None:
    """The revisions a write states, None when it states none.

    `revision` is a body's "revision" (a number, or a string read like an If-Match header) or the
    If-Match header as Werkzeug parsed it (`request.if_match`: "*", W/"3", "3", 3 and lists of
    them), with `sent`, the header's text. A stated number must be a whole number from 1 to 2^53
    written with 0-9, else Refused (422) naming the field; any other tag is an entity tag that
    simply does not match (409).
    """
    if revision is None or (isinstance(revision, str) and not revision.strip()):
        return None
    if type(revision) is int and 1 <= revision <= MAX_REVISION:
        return [str(revision)]
    etags = parse_etags(revision) if isinstance(revision, str) else revision
    tags = []
    if isinstance(etags, ETags):
        # Werkzeug reads the empty tag "" as None: a tag that names no revision, so it matches none
        tags = ["*"] if etags.star_tag else [(t or "").strip() for t in etags.as_set(include_weak=True)]
    numbers = [t for t in tags if t.lstrip("-").isnumeric()]  # '²', '١', '-3' and '99…9' are numbers, not tags
    if tags and all(t.isascii() and t.isdigit() and len(t) <= 16 and 1 <= int(t) <= MAX_REVISION for t in numbers):
        return tags
    quoted = sent if sent is not None else revision
    shown = f"“{quoted[:20]}”" if isinstance(quoted, str) else repr(quoted)[:24]
    raise Refused([FieldError(field, f"{field} must be a game revision: a whole number from 1 to {MAX_REVISION:,}, "
                                     f"written with the digits 0–9 (got {shown}).")])


def _revision_matches(revision: Any, current: int) -> bool:
    """True when no revision was stated, or it names the current one."""
    tags = revision_tags(revision)
    return tags is None or "*" in tags or str(current) in tags


class Stale(Refused):
    """A write based on a revision that is no longer the game's (409); `game` is the game as it is now."""

    def __init__(self, game: dict):
        super().__init__([FieldError("revision", "Someone else just changed this game. Here is the new version; "
                                                 "check it and try again.")], status=409)
        self.game = game


def _check_revision(variant: Variant, stored: dict, revision: Any) -> None:
    if not _revision_matches(revision, stored["revision"]):
        raise Stale(_derive(variant, stored))


def _finished_refusal() -> Refused:
    return Refused([FieldError(None, "This game is finished, so no more hands can be recorded. "
                                     "Correct or delete a hand, or start a new game.")], status=409)


def preview_hand(db: sqlite_utils.Database, game_id: str, payload: Any) -> tuple[list[dict], list[FieldError]]:
    """Score a hand without storing it: (scores, errors) for the live preview."""
    variant, game = _read(db, game_id)
    entries, errors = variant.parse_hand(payload, len(game["sides"]))
    if errors:
        return [], errors
    errors = variant.check_hand(entries, game["options"], game["sides"])
    return [s.as_dict() for s in variant.score_hand(entries, game["options"])], errors


class Repeat(Exception):
    """A request made again under a used Idempotency-Key: carries the first answer's hand."""

    def __init__(self, hand: dict):
        super().__init__("repeat")
        self.hand = hand


def _fingerprint(operation: str, payload: Any) -> str:
    """What identifies a request under its key: the operation and the body (the revision aside)."""
    body = {k: v for k, v in payload.items() if k != "revision"} if isinstance(payload, dict) else payload
    text = json.dumps([operation, body], sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class KeyReused(Refused):
    """An Idempotency-Key already used for another request in this game; `hand` is the hand it recorded."""

    def __init__(self, hand: dict):
        super().__init__([FieldError("Idempotency-Key", "This Idempotency-Key was already used for a different "
                                                        "request in this game; send a new key with a new hand.")])
        self.hand = hand


def _repeated(db: sqlite_utils.Database, game_id: str, key: str | None, fingerprint: str) -> None:
    """Raise Repeat when this key already has an answer for the same request; KeyReused for another request."""
    if key is None:
        return
    kept = store.get_request_key(db, game_id, key)
    if kept is None:
        return
    if kept["request"] != fingerprint:
        raise KeyReused(kept["hand"])
    raise Repeat(kept["hand"])


def record_hand(db: sqlite_utils.Database, game_id: str, payload: Any, revision: Any = None,
                key: str | None = None, *, read: dict | None = None) -> tuple[dict, dict]:
    """Append a hand; returns (hand, game). Refused 409 when the game is finished.

    With an Idempotency-Key `key`, a repeat of the same request answers the hand it recorded the
    first time and stores nothing; another request under that key is refused.

    `read` is the stored game as this request already read it (the PIN check reads it first). It is
    used only if it turns out current: the revision bump names the revision read, and when another
    writer came in between, or the hand would be refused, the game is read again inside the
    transaction and everything is checked against that.
    """
    fingerprint = _fingerprint("record", payload)
    try:
        with write(db):
            done = read is not None and _record(db, read, payload, revision, key, fingerprint, current=False)
            if not done:
                done = _record(db, _read(db, game_id)[1], payload, revision, key, fingerprint, current=True)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    hand, game = done
    _committed(db, game)
    return hand, game


def _record(db: sqlite_utils.Database, stored: dict, payload: Any, revision: Any, key: str | None,
            fingerprint: str, *, current: bool) -> tuple[dict, dict] | None:
    """record_hand's work in its transaction: None when `stored` (not `current`) turned out out of date.

    Three or four statements: bump the revision, keep the key (when sent), insert the hand. The key
    is looked up only when the request cannot be recorded as sent: it was used before (keeping it
    finds it) or the request is refused (a resent request whose first sending finished the game, or
    came from an older revision, is answered as the first time).
    """
    game_id, variant = stored["id"], get_variant(stored["variant"])
    try:
        _check_revision(variant, stored, revision)
        if _derive(variant, stored)["finished"]:
            raise _finished_refusal()
        entries = prepare_hand(variant, stored["options"], stored["sides"], payload)
    except Refused:
        if not current:
            return None
        _repeated(db, game_id, key, fingerprint)
        raise
    now = now_utc()
    kept = json.loads(json.dumps(to_store(variant, payload, entries)))  # as it reads back from the database
    # a failed meld raises the minimum for the hand in play only
    changed = {"failed_melds": [0] * len(stored["sides"]), "hand_revision": stored["revision"] + 1}
    if not store.touch_game(db, game_id, now, failed_melds=changed["failed_melds"], hand_recorded=True,
                            was=stored["revision"]):
        return None  # another writer came in after `stored` was read
    game = _after(variant, {**stored, "hands": [*stored["hands"], {"entries": kept, "recorded_at": now}]},
                  now, **changed)
    hand = game["hands"][-1]
    if key is not None and not store.keep_request_key(db, game_id, key, fingerprint, 201, hand, now):
        _repeated(db, game_id, key, fingerprint)  # used before: raises, and the transaction stores nothing
    store.add_hand(db, game_id, kept, now)
    return hand, game


def _hand(stored: dict, number: Any) -> dict:
    hands = stored["hands"]
    if not isinstance(number, int) or not 1 <= number <= len(hands):
        raise not_found(f"There is no hand {number} in this game (it has {len(hands)}).")
    return hands[number - 1]


def replace_hand(db: sqlite_utils.Database, game_id: str, number: int, payload: Any,
                 revision: Any = None, key: str | None = None) -> tuple[dict, dict]:
    """Correct hand `number`; every later total is recomputed. Returns (hand, game).

    An Idempotency-Key works as for record_hand: a resent correction is answered, not applied again.
    """
    fingerprint = _fingerprint(f"replace {number}", payload)
    try:
        with write(db):
            variant, stored = _read(db, game_id)
            _repeated(db, game_id, key, fingerprint)
            old = _hand(stored, number)
            _check_revision(variant, stored, revision)
            entries = prepare_hand(variant, stored["options"], stored["sides"], payload)
            now = now_utc()
            kept = json.loads(json.dumps(to_store(variant, payload, entries)))
            hands = list(stored["hands"])
            hands[number - 1] = {**old, "entries": kept, "edited_at": now}
            game = _after(variant, {**stored, "hands": hands}, now)
            hand = game["hands"][number - 1]
            store.replace_hand(db, old["id"], kept, now)
            store.touch_game(db, game_id, now)
            if key is not None:
                store.keep_request_key(db, game_id, key, fingerprint, 200, hand, now)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    _committed(db, game)
    return hand, game


def delete_hand(db: sqlite_utils.Database, game_id: str, number: int, revision: Any = None) -> dict:
    """Delete hand `number`; later hands move up one number. Returns the game."""
    with write(db):
        variant, stored = _read(db, game_id)
        gone = _hand(stored, number)
        _check_revision(variant, stored, revision)
        now = now_utc()
        store.delete_hand(db, gone["id"])
        store.touch_game(db, game_id, now)
        game = _after(variant, {**stored, "hands": [h for h in stored["hands"] if h is not gone]}, now)
    _committed(db, game)
    return game


def failed_meld(db: sqlite_utils.Database, game_id: str, side: int, revision: Any = None) -> dict:
    """The side could not mend a short initial meld; its minimum rises for this hand (variants with failed melds)."""
    with write(db):
        variant, stored = _read(db, game_id)
        if not isinstance(side, int) or not 0 <= side < len(stored["sides"]):
            raise not_found(f"There is no side {side} in this game.")
        _check_revision(variant, stored, revision)
        if not variant.has_failed_melds:
            raising = " and ".join(v.name for v in VARIANTS.values() if v.has_failed_melds)
            raise Refused([FieldError(None, f"{variant.name} has no failed-meld penalty; only {raising} raises "
                                            "the minimum after a failed initial meld.")])
        if _derive(variant, stored)["finished"]:
            raise Refused([FieldError(None, "This game is finished; there is no hand in play.")], status=409)
        failed = list(stored["failed_melds"]) + [0] * (len(stored["sides"]) - len(stored["failed_melds"]))
        failed[side] += 1
        now = now_utc()
        store.touch_game(db, game_id, now, failed_melds=failed)
        game = _after(variant, stored, now, failed_melds=failed)
    _committed(db, game)
    return game


def end_game(db: sqlite_utils.Database, game_id: str, revision: Any = None) -> dict:
    """The table stops now; the highest total wins."""
    with write(db):
        variant, stored = _read(db, game_id)
        _check_revision(variant, stored, revision)
        now = now_utc()
        ended_at = stored["ended_at"] or now
        store.touch_game(db, game_id, now, ended_at=ended_at)
        game = _after(variant, stored, now, ended_at=ended_at)
    _committed(db, game)
    return game


def delete_game(db: sqlite_utils.Database, game_id: str, revision: Any = None) -> None:
    """Remove a game and everything in it."""
    with write(db):
        variant, stored = _read(db, game_id)
        _check_revision(variant, stored, revision)
        store.delete_game(db, game_id)
    derived.forget(game_id)
    _committed(db, None)
