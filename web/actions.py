"""What a player can do to a game, shared by the JSON API and the pages.

Each action checks its input with scoring/, writes through db/ in one transaction and
returns the game object; anything refused raises scoring.Refused and stores nothing.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from typing import Any, Iterator

import sqlite_utils

from db import games as store
from db import write
from scoring import FieldError, Refused, derive_game, get_variant, new_game, prepare_hand
from scoring.game import HandRecord, now_utc, to_store
from scoring.variant import Variant

from . import backups, derived
from .pin_hash import hash_pin

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes, so an id can be read aloud
KEY_KEPT_FOR = timedelta(days=30)  # how long a request's Idempotency-Key is remembered; retries come within minutes


def new_id() -> str:
    """A short random game id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


def not_found(what: str) -> Refused:
    return Refused([FieldError(None, what)], status=404)


def game_object(variant: Variant, game: dict, hands: list[dict]) -> dict:
    """The game as API.md describes it, derived from the stored entries."""
    state = derive_game(variant, game["options"], game["sides"],
                        [HandRecord(h["entries"], h["recorded_at"]) for h in hands],
                        ended=bool(game["ended_at"]), failed_melds=game["failed_melds"])
    return {"id": game["id"], "variant": game["variant"], "variant_name": variant.name,
            "options": game["options"], **state, "revision": game["revision"],
            "created": game["created"], "updated": game["updated"], "ended_at": game["ended_at"],
            "hands_played": len(hands), "has_pin": bool(game.get("pin_hash")),
            "last_hand_revision": game.get("hand_revision")}


def _load(db: sqlite_utils.Database, game_id: str) -> tuple[Variant, dict]:
    """The game's row and sides (not its hands), or Refused 404."""
    game = store.get_game(db, game_id) if isinstance(game_id, str) else None
    if game is None:
        raise not_found(f"There is no game with id “{game_id}”.")
    return get_variant(game["variant"]), game


def _derive(db: sqlite_utils.Database, variant: Variant, game: dict) -> dict:
    """The game object of a stored game row: from the cache when this revision was derived before."""
    found = derived.get(db, game)
    if found is None:
        found = game_object(variant, game, store.get_hands(db, game["id"]))
        derived.put(db, found)
    return found


def get_game(db: sqlite_utils.Database, game_id: str) -> dict:
    """The game object, or Refused 404."""
    # every device polls its game: when this revision was derived before, one small query decides
    if not isinstance(game_id, str):
        raise not_found(f"There is no game with id “{game_id}”.")
    found = derived.get(db, store.get_version(db, game_id))
    return found or _derive(db, *_load(db, game_id))


def list_games(db: sqlite_utils.Database) -> list[dict]:
    """Every game, short: id, variant, side names and scores, finished, last change."""
    result = []
    for g in store.list_games(db):
        variant = get_variant(g["variant"])
        # a game derived before needs no query for its sides
        game = derived.get(db, g) or _derive(db, variant, {**g, "sides": store.get_sides(db, g["id"])})
        result.append({"id": g["id"], "variant": g["variant"], "variant_name": variant.name,
                       "names": [s["name"] for s in game["sides"]],
                       "scores": [s["score"] for s in game["sides"]], "hands_played": g["hand_count"],
                       "finished": game["finished"], "winner": game["winner"],
                       "created": g["created"], "updated": g["updated"]})
    return result


@contextmanager
def _writing(db: sqlite_utils.Database) -> Iterator[list]:
    """One write transaction on a game; the game object put in the list is its answer.

    The answer is read back inside the transaction (it is this write's own state, never a later
    writer's) and cached only once the transaction has committed.
    """
    answer: list = []
    with write(db):
        yield answer
    if answer:
        derived.put(db, answer[0])
    backups.changed(answer[0] if answer else None)


def _after(db: sqlite_utils.Database, game_id: str) -> dict:
    """The game object as this transaction leaves it (not cached: it is not committed yet)."""
    variant, game = _load(db, game_id)
    return game_object(variant, game, store.get_hands(db, game_id))


def create_game(db: sqlite_utils.Database, payload: Any) -> dict:
    """Check and store a new game; its options become its rules snapshot."""
    variant = get_variant(payload.get("variant")) if isinstance(payload, dict) else None
    sides, options = new_game(variant, payload)
    game_id = new_id()
    pin_hash = hash_pin(payload["pin"]) if payload.get("pin") else None
    with _writing(db) as answer:
        now = now_utc()
        store.insert_game(db, game_id, variant.id, sides, options, now, pin_hash)
        store.forget_request_keys(db, (datetime.now(timezone.utc) - KEY_KEPT_FOR).isoformat(timespec="seconds"))
        answer.append(_after(db, game_id))
    return answer[0]


MAX_REVISION = 2 ** 53  # the largest whole number every JSON client holds exactly


def revision_tags(revision: Any, field: str = "revision") -> list[str] | None:
    """The revisions a write states (If-Match style: "*", W/"3", "2", "3"), None when it states none.

    A stated number must be a whole number from 1 to 2^53 written with 0-9, else Refused (422)
    naming the field; any other tag is an entity tag that simply does not match (409).
    """
    if revision is None or (isinstance(revision, str) and not revision.strip()):
        return None
    if type(revision) is int and 1 <= revision <= MAX_REVISION:
        return [str(revision)]
    tags = [t.strip().removeprefix("W/").strip('"') for t in revision.split(",")] if isinstance(revision, str) else []
    numbers = [t for t in tags if t.lstrip("-").isnumeric()]  # '²', '١', '-3' and '99…9' are numbers, not tags
    if tags and all(t.isascii() and t.isdigit() and len(t) <= 16 and 1 <= int(t) <= MAX_REVISION for t in numbers):
        return tags
    shown = repr(revision)[:24] if not isinstance(revision, str) else f"“{revision[:20]}”"
    raise Refused([FieldError(field, f"{field} must be a game revision: a whole number from 1 to {MAX_REVISION:,}, "
                                     f"written with the digits 0–9 (got {shown}).")])


def _revision_matches(revision: Any, current: int) -> bool:
    """True when no revision was stated, or it names the current one."""
    tags = revision_tags(revision)
    return tags is None or "*" in tags or str(current) in tags


def _check_revision(db: sqlite_utils.Database, variant: Variant, game: dict, revision: Any) -> None:
    if _revision_matches(revision, game["revision"]):
        return
    err = Refused([FieldError("revision", "Someone else just changed this game. Here is the new version; "
                                          "check it and try again.")], status=409)
    err.game = _derive(db, variant, game)
    raise err


def _finished_refusal() -> Refused:
    return Refused([FieldError(None, "This game is finished, so no more hands can be recorded. "
                                     "Correct or delete a hand, or start a new game.")], status=409)


def preview_hand(db: sqlite_utils.Database, game_id: str, payload: Any) -> tuple[list[dict], list[FieldError]]:
    """Score a hand without storing it: (scores, errors) for the live preview."""
    variant, game = _load(db, game_id)
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
    """Raise Repeat when this key already has an answer for the same request; Refused 422 for another request."""
    if key is None:
        return
    kept = store.get_request_key(db, game_id, key)
    if kept is None:
        return
    if kept["request"] != fingerprint:
        raise KeyReused(kept["hand"])
    raise Repeat(kept["hand"])


def _keep_answer(db: sqlite_utils.Database, game_id: str, key: str | None, fingerprint: str, status: int,
                 hand: dict, now: str) -> None:
    if key is not None:
        store.keep_request_key(db, game_id, key, fingerprint, status, hand, now)


def record_hand(db: sqlite_utils.Database, game_id: str, payload: Any, revision: Any = None,
                key: str | None = None) -> tuple[dict, dict]:
    """Append a hand; returns (hand, game). Refused 409 when the game is finished.

    With an Idempotency-Key `key`, a repeat of the same request answers the hand it recorded the
    first time and stores nothing; another request under that key is refused.
    """
    fingerprint = _fingerprint("record", payload)
    try:
        with _writing(db) as answer:
            variant, game = _load(db, game_id)
            _repeated(db, game_id, key, fingerprint)
            _check_revision(db, variant, game, revision)
            if _derive(db, variant, game)["finished"]:
                raise _finished_refusal()
            entries = prepare_hand(variant, game["options"], game["sides"], payload)
            now = now_utc()
            store.add_hand(db, game_id, to_store(variant, payload, entries), now)
            # a failed meld raises the minimum for the hand in play only
            store.touch_game(db, game_id, now, failed_melds=[0] * len(game["sides"]), hand_recorded=True)
            answer.append(_after(db, game_id))
            _keep_answer(db, game_id, key, fingerprint, 201, answer[0]["hands"][-1], now)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    return answer[0]["hands"][-1], answer[0]


def _hand(db: sqlite_utils.Database, game: dict, number: Any) -> dict:
    hands = store.get_hands(db, game["id"])
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
        with _writing(db) as answer:
            variant, game = _load(db, game_id)
            _repeated(db, game_id, key, fingerprint)
            hand = _hand(db, game, number)
            _check_revision(db, variant, game, revision)
            entries = prepare_hand(variant, game["options"], game["sides"], payload)
            now = now_utc()
            store.replace_hand(db, hand["id"], to_store(variant, payload, entries), now)
            store.touch_game(db, game_id, now)
            answer.append(_after(db, game_id))
            _keep_answer(db, game_id, key, fingerprint, 200, answer[0]["hands"][number - 1], now)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    return answer[0]["hands"][number - 1], answer[0]


def delete_hand(db: sqlite_utils.Database, game_id: str, number: int, revision: Any = None) -> dict:
    """Delete hand `number`; later hands move up one number. Returns the game."""
    with _writing(db) as answer:
        variant, game = _load(db, game_id)
        hand = _hand(db, game, number)
        _check_revision(db, variant, game, revision)
        store.delete_hand(db, hand["id"])
        store.touch_game(db, game_id, now_utc())
        answer.append(_after(db, game_id))
    return answer[0]


def failed_meld(db: sqlite_utils.Database, game_id: str, side: int, revision: Any = None) -> dict:
    """Pony: the side could not mend a short initial meld; its minimum rises for this hand."""
    with _writing(db) as answer:
        variant, game = _load(db, game_id)
        if not isinstance(side, int) or not 0 <= side < len(game["sides"]):
            raise not_found(f"There is no side {side} in this game.")
        _check_revision(db, variant, game, revision)
        if not variant.has_failed_melds:
            raise Refused([FieldError(None, f"{variant.name} has no failed-meld penalty; only Pony Canasta raises "
                                            "the minimum after a failed initial meld.")])
        if _derive(db, variant, game)["finished"]:
            raise Refused([FieldError(None, "This game is finished; there is no hand in play.")], status=409)
        failed = list(game["failed_melds"]) + [0] * (len(game["sides"]) - len(game["failed_melds"]))
        failed[side] += 1
        store.touch_game(db, game_id, now_utc(), failed_melds=failed)
        answer.append(_after(db, game_id))
    return answer[0]


def end_game(db: sqlite_utils.Database, game_id: str, revision: Any = None) -> dict:
    """The table stops now; the highest total wins."""
    with _writing(db) as answer:
        variant, game = _load(db, game_id)
        _check_revision(db, variant, game, revision)
        now = now_utc()
        store.touch_game(db, game_id, now, ended_at=game["ended_at"] or now)
        answer.append(_after(db, game_id))
    return answer[0]


def delete_game(db: sqlite_utils.Database, game_id: str, revision: Any = None) -> None:
    """Remove a game and everything in it."""
    with write(db):
        variant, game = _load(db, game_id)
        _check_revision(db, variant, game, revision)
        store.delete_game(db, game_id)
    derived.forget(db, game_id)
    backups.changed(None)
