"""A rule set's optional PIN (RULES.md §14, settled turn 6): anyone may list, share and play a saved set, but one
saved with a PIN is changed or deleted only with it: the X-Rule-Set-PIN header, or a browser session that entered
it on a page. Wrong PINs are counted per set and client address as a table's are (web/plumbing/pin.py: after
PIN_MAX_FAILURES wrong tries the device waits, 30 s doubling up to an hour, answered 429 with Retry-After)."""
from __future__ import annotations

from flask import request, session

import lang
from db import pins
from service import rule_sets
from web.plumbing.database import get_db
from web.plumbing.pin import PinRefusal, keep_in_session, refusal_answer, try_hashes

RULE_SET_HEADER = "X-Rule-Set-PIN"
SESSION_KEY = "unlocked_rule_sets"
REMEMBERED = 50  # keeps the session cookie small


def scope(set_id: str) -> pins.Scope:
    """Where wrong tries at this set's PIN are counted."""
    return pins.Scope("rule_set_pin_failures", "rule_set_id", set_id)


def unlocked(set_id: str) -> bool:
    return set_id in session.get(SESSION_KEY, [])


def remember(set_id: str) -> None:
    keep_in_session(SESSION_KEY, set_id, REMEMBERED)


def has_pin(set_id: str) -> bool:
    return bool(rule_sets.stored_pin_hash(get_db(), set_id))


def problem(set_id: str, sent: str | None, *, api: bool) -> PinRefusal | None:
    """None when this request may change or delete the set (it has no PIN, this session entered it, or `sent` is
    its PIN: a page's session then remembers it); else why not, the try counted."""
    stored = rule_sets.stored_pin_hash(get_db(), set_id)
    if not stored or unlocked(set_id):
        return None
    sent = (sent or "").strip()
    if not sent:
        if api:
            return PinRefusal(lang._("This rule set has a PIN: send it in the %(header)s header to change or delete "
                                     "the set. Anyone may still start a game with it.", header=RULE_SET_HEADER))
        return PinRefusal(lang._("This rule set has a PIN: type it to change or delete the set."))
    matched = try_hashes(scope(set_id), sent, [stored],
                         lang._("That is not this rule set's PIN. Ask whoever saved it."),
                         lang._("That is not this rule set's PIN, and that was too many wrong PINs from this device. "
                                "Wait %(wait)s before the next try."))
    if isinstance(matched, str):
        if not api:
            remember(set_id)
        return None
    return matched


def api_refusal(set_id: str):
    """The JSON API's answer refusing a change or deletion of the set (403, or 429 with Retry-After), or None."""
    found = problem(set_id, request.headers.get(RULE_SET_HEADER), api=True)
    return None if found is None else refusal_answer(found)
