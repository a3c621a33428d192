"""Named rule sets: save a table's house rules under a name, list, change, delete, share; and the shipped presets.

A new game may name a set (`"rule_set": id` in the new-game payload): its options become the game's, with what
the table gave beside them winning key by key (scoring.rule_sets.with_rule_set). The game keeps its snapshot.
"""
from __future__ import annotations

from typing import Any

import sqlite_utils

import lang

from db import rule_sets as store
from db import write
from db.pin_hash import hash_pin
from scoring import VARIANTS, FieldError, Refused, get_variant, vocabulary
from scoring import rule_sets as rules
from scoring.game import now_utc

from .ids import new_id, not_found


def _shown(found: dict) -> dict:
    """A saved set as the API answers it (one saved with older house-rule keys in today's names, RULES.md §14)."""
    variant = get_variant(found["variant"])
    options = vocabulary.renamed_options(variant, found["options"]) if variant else found["options"]
    return {"id": found["id"], "name": found["name"], "variant": found["variant"], "options": options,
            "preset": False, "has_pin": bool(found.get("pin_hash")), "created": found["created"],
            "updated": found["updated"]}


def list_rule_sets(db: sqlite_utils.Database, variant: str | None = None) -> list[dict]:
    """The saved sets, then the shipped presets (of one variant, when given)."""
    saved = [_shown(r) for r in store.list_rule_sets(db)]
    shipped = [p.as_dict() for p in rules.PRESETS if p.variant in VARIANTS]
    return [r for r in saved + shipped if variant is None or r["variant"] == variant]


def get_rule_set(db: sqlite_utils.Database, set_id: Any) -> dict:
    """A saved set or a preset by id, or Refused 404."""
    found = store.get_rule_set(db, set_id) if isinstance(set_id, str) else None
    if found is not None:
        return _shown(found)
    shipped = rules.preset(set_id) if isinstance(set_id, str) else None
    if shipped is None or shipped.variant not in VARIANTS:
        raise not_found(lang._("There is no rule set with id “%(id)s”.", id=str(set_id)[:40]))
    return shipped.as_dict()


def stored_pin_hash(db: sqlite_utils.Database, set_id: Any) -> str | None:
    """The PIN hash of a saved set (None: it has no PIN, or there is no such saved set), for the web layer's check
    before a change or a deletion."""
    found = store.get_rule_set(db, set_id) if isinstance(set_id, str) else None
    return found["pin_hash"] if found else None


def _pin_of(payload: Any) -> tuple[Any, str | None]:
    """The payload without its "pin", and the PIN's hash (None: no PIN); Refused 422 for a PIN that is no PIN."""
    if not isinstance(payload, dict) or "pin" not in payload:
        return payload, None
    problem = rules.check_pin(payload["pin"])
    if problem is not None:
        raise Refused([problem])
    rest = {k: v for k, v in payload.items() if k != "pin"}
    return rest, hash_pin(payload["pin"]) if payload["pin"] else None


def _checked(db: sqlite_utils.Database, payload: Any, but: str | None = None) -> tuple[str, str, dict]:
    variant = get_variant(payload.get("variant")) if isinstance(payload, dict) else None
    name, variant_id, options = rules.check(variant, payload, VARIANTS)
    if store.same_name(db, variant_id, name, but) is not None:
        raise Refused([FieldError("name", lang._("A rule set of %(variant)s is already called “%(name)s”; give this "
                                                 "one another name.", variant=variant.name, name=name))], status=409)
    return name, variant_id, options


def create_rule_set(db: sqlite_utils.Database, payload: Any, key: str | None = None) -> dict:
    """Check and keep a new rule set (with its PIN's hash when it has a "pin"); a form sent again under the same key
    answers the set it made. The MOST_SETS+1st is refused (422, naming name)."""
    payload, pin_hash = _pin_of(payload)
    with write(db):
        if key is not None and (made := store.rule_set_made_with(db, key)) is not None:
            return _shown(made)
        name, variant_id, options = _checked(db, payload)
        if store.count_rule_sets(db) >= rules.MOST_SETS:
            raise rules.too_many(rules.MOST_SETS)
        now = now_utc()
        found = {"id": new_id(), "name": name, "variant": variant_id, "options": options, "created": now, "updated": now,
                 "pin_hash": pin_hash}
        store.insert_rule_set(db, found, key)
    return _shown(found)


def update_rule_set(db: sqlite_utils.Database, set_id: str, payload: Any) -> dict:
    """Change a saved set's name and options (its variant stays), and its PIN when the payload has "pin" (a new one,
    or "" / null for none); a preset is refused (409): save a copy. A set with a PIN is changed only after the web
    layer checked it (stored_pin_hash)."""
    changes_pin = isinstance(payload, dict) and "pin" in payload
    payload, pin_hash = _pin_of(payload)
    with write(db):
        found = store.get_rule_set(db, set_id)
        if found is None:
            get_rule_set(db, set_id)  # 404 unless it is a preset
            raise Refused([FieldError(None, lang._("A rule set Meldbook ships cannot be changed; save a copy under "
                                                   "another name."))], status=409)
        if isinstance(payload, dict) and payload.get("variant", found["variant"]) != found["variant"]:
            raise Refused([FieldError("variant", lang._("A rule set keeps its variant; save a new one for another "
                                                        "variant."))])
        name, _, options = _checked(db, {"variant": found["variant"], **(payload if isinstance(payload, dict) else {})},
                                    but=set_id)
        now = now_utc()
        pin_hash = pin_hash if changes_pin else found["pin_hash"]
        store.update_rule_set(db, set_id, name, options, now, pin_hash)
        found = {**found, "name": name, "options": options, "updated": now, "pin_hash": pin_hash}
    return _shown(found)


def delete_rule_set(db: sqlite_utils.Database, set_id: str) -> None:
    """Forget a saved set (games made from it keep their rules); a preset is refused (409)."""
    with write(db):
        if not store.delete_rule_set(db, set_id):
            get_rule_set(db, set_id)
            raise Refused([FieldError(None, lang._("A rule set Meldbook ships cannot be deleted."))], status=409)


def with_named_set(db: sqlite_utils.Database, payload: Any) -> Any:
    """A new-game payload that names a rule set, as the payload of its options (the set's, then those given)."""
    if not isinstance(payload, dict) or "rule_set" not in payload:
        return payload
    chosen = {k: v for k, v in payload.items() if k != "rule_set"}
    try:
        found = get_rule_set(db, payload["rule_set"])
    except Refused:
        raise Refused([FieldError("rule_set", lang._("There is no rule set with id “%(id)s”.",
                                                     id=str(payload["rule_set"])[:40]))]) from None
    if chosen.get("variant") != found["variant"]:
        raise Refused([FieldError("rule_set", lang._("The rule set “%(name)s” is for %(variant)s; choose one of this "
                                                     "game's variant.", name=found["name"],
                                                     variant=get_variant(found["variant"]).name))])
    given = vocabulary.renamed_options(get_variant(found["variant"]), chosen.get("options"))  # key by key, today's
    return {**chosen, "options": rules.with_rule_set(found["options"], given)}
