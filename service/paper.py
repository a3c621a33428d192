"""Copying a game's hands from a paper score slip: each side's total per hand, several hands in one write.

A table that played without a phone hands in its slip; the director types its rows (API.md, "A hand copied
from paper"). New rows are recorded and rows of hands copied from paper before may be corrected, all in one
transaction: a slip is stored whole or not at all (a refused row stores none of the others).
"""
from __future__ import annotations

import json
from typing import Mapping, Sequence

import sqlite_utils

import lang

from db import write
from db import games as store
from scoring import FieldError, Refused, adjustment, prepare_hand
from scoring import paper
from scoring.game import now_utc

from .games import Revision, as_written, check_revision, committed, derive, get_game, noted, read_stored
from .games import request_fingerprint
from .model import Game


def totals_payload(totals: Sequence[int]) -> dict:
    """A hand copied from paper as the API takes it: one {"total": n} per side."""
    return {"entries": [{paper.KEY: t} for t in totals]}


def copy_from_paper(db: sqlite_utils.Database, game_id: str, corrected: Mapping[int, Sequence[int]],
                    added: Sequence[Sequence[int]], revision: Revision = None, key: str | None = None, *,
                    device: str | None = None) -> Game:
    """Correct the paper hands in `corrected` (hand number → each side's total), then record `added` after the
    last hand, in one transaction. Refused (nothing stored) when a row is refused, a corrected hand was not copied
    from paper, the game changed since `revision`, or the game ends before the last added row.

    With a form's `key`, the slip sent again (a double tap, a resend) is answered with the game, not stored twice:
    its rows then read as corrections of the hands it made, so the key alone says it was copied.
    """
    fingerprint = request_fingerprint("paper", {"corrected": {str(n): list(t) for n, t in corrected.items()},
                                                "added": [list(t) for t in added]})
    with write(db):
        variant, stored = read_stored(db, game_id)
        if key is not None and store.get_request_key(db, game_id, key) is not None:
            return get_game(db, game_id)  # this form's slip was copied before (a double tap, a resend)
        check_revision(variant, stored, revision)
        if not corrected and not added:
            raise Refused([FieldError(None, lang._("Nothing to copy: type each side's total in a row of the slip."))])
        now, game, hands, first = now_utc(), None, list(stored["hands"]), stored
        for number, totals in sorted(corrected.items()):
            old = hands[number - 1] if 1 <= number <= len(hands) else None
            if old is None or not paper.is_paper_entries(old["entries"]):
                raise Refused([FieldError(f"hands[{number}]", lang._(
                    "Row %(n)s was not copied from paper; correct it on its own form.", n=number))])
            kept = _checked(variant, stored, totals, f"hands[{number}]")
            # the slip shows totals only: a side's penalty or award given with the hand stays as it was
            kept = [{**k, **{a: o[a] for a in adjustment.KEYS if a in o}} for k, o in zip(kept, old["entries"])]
            hands[number - 1] = {**old, "entries": kept, "edited_at": now}
            store.replace_hand(db, old["id"], kept, now)
            step = {**stored, "hands": list(hands)}
            game = as_written(variant, step, now)
            stored = {**step, "revision": stored["revision"] + 1}
            store.touch_game(db, game_id, now)
        for row, totals in enumerate(added, start=len(hands) + 1):
            if (derive(db, variant, first) if game is None else game).finished:
                raise Refused([FieldError(f"hands[{row}]", lang._(
                    "The game is over before row %(n)s (its end was reached); nothing was copied. Leave that row "
                    "and the ones after it empty.", n=row))], status=409)
            kept = _checked(variant, stored, totals, f"hands[{row}]")
            hands.append({"entries": kept, "recorded_at": now})
            step = {**stored, "hands": list(hands)}
            game = as_written(variant, step, now, hand_revision=stored["revision"] + 1)
            store.add_hand(db, game_id, kept, now)
            store.touch_game(db, game_id, now, hand_recorded=True)
            stored = {**step, "revision": stored["revision"] + 1}
        # one line in a club night's log for the whole slip, from the game as it was (a committed state) to now
        noted(db, variant, first, game, "recorded" if added else "corrected", len(hands) if added else max(corrected),
              device, now)
        if key is not None:
            last = game.hands[-1].to_json() if game.hands else {}
            store.keep_request_key(db, game_id, key, fingerprint, 200, last, now)
    game = get_game(db, game_id)  # the hands as stored (their ids), read back once
    committed(db, game)
    return game


def _checked(variant, stored: dict, totals: Sequence[int], where: str) -> list[dict]:
    """One row's totals checked as a hand copied from paper; Refused names the row."""
    try:
        entries = prepare_hand(variant, stored["options"], stored["sides"], totals_payload(totals))
    except Refused as err:
        raise Refused([FieldError(f"{where}.{e.field}" if e.field else where, e.message) for e in err.errors]) from None
    return json.loads(json.dumps(entries))
