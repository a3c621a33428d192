"""What a player can do to a hand of a game: preview, record, correct, delete, and mark a side between hands.

Shared by the JSON API and the pages, like service/games.py (games: create, read, end, delete), whose
reading, revision checks and after-commit step these use. Each checks its input with scoring/, writes
through db/ in one transaction and returns the game object; anything refused raises scoring.Refused and
stores nothing.
"""
from __future__ import annotations

import json
from typing import Any

import sqlite_utils

import lang

from db import database_path, write
from db import games as store
from scoring import VARIANTS, FieldError, Refused, SideScore, get_variant, prepare_hand
from scoring.game import now_utc, to_store
from scoring.variant import Variant

from .cache import Recent, version
from .games import (
    Revision,
    as_written,
    check_revision,
    committed,
    derive,
    finished_refusal,
    get_game,
    not_found,
    noted,
    read_stored,
    request_fingerprint,
)
from .model import Game, Hand


def preview_hand(db: sqlite_utils.Database, game_id: str, payload: Any,
                 number: int | None = None) -> tuple[list[SideScore], list[FieldError]]:
    """Score hand `number` (None: the next one) without storing it: (scores, errors) for the live preview."""
    variant, game = read_stored(db, game_id)
    entries, errors = variant.parse_hand(payload, len(game["sides"]), game["options"])
    if errors:
        return [], errors
    options = variant.round_options(game["options"], number or len(game["hands"]) + 1)
    errors = variant.hand_errors(entries, options, game["sides"])
    return variant.hand_scores(entries, options), errors


class Repeat(Exception):
    """A request made again under a used Idempotency-Key: carries the first answer's hand."""

    def __init__(self, hand: dict):
        super().__init__("repeat")
        self.hand = Hand.from_json(hand)


class KeyReused(Refused):
    """An Idempotency-Key already used for another request in this game; `hand` is the hand it recorded."""

    def __init__(self, hand: dict | None):
        super().__init__([FieldError("Idempotency-Key", lang._("This Idempotency-Key was already used for a "
                                                               "different request in this game; send a new key "
                                                               "with a new hand."))])
        self.hand = Hand.from_json(hand) if hand else None


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


def record_hand(db: sqlite_utils.Database, game_id: str, payload: Any, revision: Revision = None,
                key: str | None = None, *, read: dict | None = None, device: str | None = None
                ) -> tuple[Hand, Game]:
    """Append a hand; returns (hand, game). Refused 409 when the game is finished.

    With an Idempotency-Key `key`, a repeat of the same request answers the hand it recorded the
    first time and stores nothing; another request under that key is refused.

    `read` is the stored game as this request already read it (the PIN check reads it first). It is
    used only if it turns out current: the revision bump names the revision read, and when another
    writer came in between, or the hand would be refused, the game is read again inside the
    transaction and everything is checked against that.

    `device` names who recorded it, for a club night's log (service.games.noted), as for every write below.
    """
    fingerprint = request_fingerprint("record", payload, "revision")
    try:
        with write(db):
            done = read is not None and _record(db, read, payload, revision, key, fingerprint, device,
                                                current=False)
            if not done:
                done = _record(db, read_stored(db, game_id)[1], payload, revision, key, fingerprint, device,
                               current=True)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    hand, game = done
    committed(db, game)
    return hand, game


def _record(db: sqlite_utils.Database, stored: dict, payload: Any, revision: Any, key: str | None,
            fingerprint: str, device: str | None, *, current: bool) -> tuple[Hand, Game] | None:
    """record_hand's work in its transaction: None when `stored` (not `current`) turned out out of date.

    Three or four statements: bump the revision, keep the key (when sent), insert the hand. The key
    is looked up only when the request cannot be recorded as sent: it was used before (keeping it
    finds it) or the request is refused (a resent request whose first sending finished the game, or
    came from an older revision, is answered as the first time).
    """
    game_id, variant = stored["id"], get_variant(stored["variant"])
    try:
        check_revision(variant, stored, revision)
        if derive(db, variant, stored).finished:
            raise finished_refusal(variant)
        entries = prepare_hand(variant, stored["options"], stored["sides"], payload, len(stored["hands"]) + 1)
    except Refused:
        if not current:
            return None
        _repeated(db, game_id, key, fingerprint)
        raise
    now = now_utc()
    kept = json.loads(json.dumps(to_store(variant, payload, entries)))  # as it reads back from the database
    # what the table marked for a side (Pony's failed melds) counts for the hand in play only
    changed = {"marks": {}, "hand_revision": stored["revision"] + 1}
    if not store.touch_game(db, game_id, now, marks=changed["marks"], hand_recorded=True,
                            was=stored["revision"]):
        return None  # another writer came in after `stored` was read
    game = as_written(variant, {**stored, "hands": [*stored["hands"], {"entries": kept, "recorded_at": now}]},
                  now, **changed)
    hand = game.hands[-1]
    if key is not None and not store.keep_request_key(db, game_id, key, fingerprint, 201, hand.to_json(), now):
        _repeated(db, game_id, key, fingerprint)  # used before: raises, and the transaction stores nothing
    store.add_hand(db, game_id, kept, now)
    noted(db, variant, stored, game, "recorded", hand.number, device, now)
    return hand, game


def _hand(variant: Variant, stored: dict, number: Any) -> dict:
    hands, w = stored["hands"], variant.words
    if not isinstance(number, int) or not 1 <= number <= len(hands):
        raise not_found(w.say("There is no %(round)s %(n)s in this game (it has %(played)s).",
                               n=lang.number(number) if isinstance(number, int) else number,
                               played=lang.number(len(hands))))
    return hands[number - 1]


def replace_hand(db: sqlite_utils.Database, game_id: str, number: int, payload: Any,
                 revision: Revision = None, key: str | None = None, *, device: str | None = None
                 ) -> tuple[Hand, Game]:
    """Correct hand `number`; every later total is recomputed. Returns (hand, game).

    An Idempotency-Key works as for record_hand: a resent correction is answered, not applied again.
    """
    fingerprint = request_fingerprint(f"replace {number}", payload, "revision")
    try:
        with write(db):
            variant, stored = read_stored(db, game_id)
            _repeated(db, game_id, key, fingerprint)
            old = _hand(variant, stored, number)
            check_revision(variant, stored, revision)
            entries = prepare_hand(variant, stored["options"], stored["sides"], payload, number)
            now = now_utc()
            kept = json.loads(json.dumps(to_store(variant, payload, entries)))
            hands = list(stored["hands"])
            hands[number - 1] = {**old, "entries": kept, "edited_at": now}
            game = as_written(variant, {**stored, "hands": hands}, now)
            hand = game.hands[number - 1]
            store.replace_hand(db, old["id"], kept, now)
            store.touch_game(db, game_id, now)
            noted(db, variant, stored, game, "corrected", number, device, now)
            if key is not None:
                store.keep_request_key(db, game_id, key, fingerprint, 200, hand.to_json(), now)
    except Repeat as repeat:
        return repeat.hand, get_game(db, game_id)
    committed(db, game)
    return hand, game


def delete_hand(db: sqlite_utils.Database, game_id: str, number: int, revision: Revision = None, *,
                undone_by: str | None = None, device: str | None = None) -> Game:
    """Delete hand `number`; later hands move up one number. Returns the game.

    `undone_by` names the device taking the hand back with Undo: the game keeps a note of it for the others.
    """
    with write(db):
        variant, stored = read_stored(db, game_id)
        check_revision(variant, stored, revision)  # first: a repeated delete of the last hand is stale, not 404
        gone = _hand(variant, stored, number)
        now = now_utc()
        store.delete_hand(db, gone["id"])
        note = None if undone_by is None else {"number": number, "at": now, "revision": stored["revision"] + 1,
                                               "by": undone_by}
        store.touch_game(db, game_id, now, taken_back=note)
        game = as_written(variant, {**stored, "hands": [h for h in stored["hands"] if h is not gone]}, now)
        noted(db, variant, stored, game, "deleted", number, device or undone_by, now)
    committed(db, game)
    return game


_notes = Recent(2 ** 18)  # every device polls: the note is read once per revision, not once per poll (bytes)


def taken_back(db: sqlite_utils.Database, game: Game) -> dict | None:
    """The note of the last Undo (number, at, revision, by) while `game` is at the revision that Undo made."""
    key = (database_path(db), game.id, *version(game))
    found = _notes.get(key)
    if found is None:
        found = store.taken_back(db, game.id, game.revision) or {}
        _notes.put(key, found)
    return found or None


def recorded_with(db: sqlite_utils.Database, game_id: str, key: str | None) -> dict | None:
    """The hand a hand form's key recorded (or corrected) in this game, as it was then; None for an unused key."""
    kept = store.get_request_key(db, game_id, key) if key else None
    return kept["hand"] if kept else None


def joined(names: list[str]) -> str:
    """Names said as one list: 'Pony Canasta', 'Pony Canasta and Classic Canasta', 'A, B and C'."""
    if len(names) < 2:
        return "".join(names)
    return lang._("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def mark_side(db: sqlite_utils.Database, game_id: str, side: int, action: str, revision: Revision = None, *,
              device: str | None = None) -> Game:
    """Mark a side between hands as its variant declares (`action` names the mark, e.g. Pony's "failed-meld":
    the side could not mend a short initial meld, and its minimum rises until the next hand is recorded)."""
    declared = {m.action: m for v in VARIANTS.values() for m in v.marks}
    if action not in declared:
        raise not_found(lang._("There is no “%(action)s” to mark for a side.", action=action))
    with write(db):
        variant, stored = read_stored(db, game_id)
        if not isinstance(side, int) or not 0 <= side < len(stored["sides"]):
            raise not_found(lang._("There is no side %(side)s in this game.",
                                   side=lang.number(side) if isinstance(side, int) else side))
        check_revision(variant, stored, revision)
        mark = next((m for m in variant.marks if m.action == action), None)
        if mark is None:
            having = [str(v.name) for v in VARIANTS.values() if declared[action] in v.marks]
            raise Refused([FieldError(None, lang.ngettext(
                "%(variant)s has no %(mark)s; only %(having)s has one.",
                "%(variant)s has no %(mark)s; only %(having)s have one.", len(having), variant=variant.name,
                mark=str(declared[action].button).lower(), having=joined(having)))])
        if derive(db, variant, stored).finished:
            raise Refused([FieldError(None, lang._("This game is finished; there is no hand in play."))], status=409)
        counts = (list(stored["marks"].get(mark.key, [])) + [0] * len(stored["sides"]))[:len(stored["sides"])]
        counts[side] += 1
        marks = {**stored["marks"], mark.key: counts}
        now = now_utc()
        store.touch_game(db, game_id, now, marks=marks)
        game = as_written(variant, stored, now, marks=marks)
        noted(db, variant, stored, game, "marked", None, device, now,
              f"{lang.english(mark.button).lower()} for {stored['sides'][side]['name']}")  # the log: kept English
    committed(db, game)
    return game
