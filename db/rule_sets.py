"""Named queries for rule sets: a table's house rules and options kept under a name for one variant."""
from __future__ import annotations

import json

import sqlite_utils

from .games import rows

COLUMNS = "id, name, variant, options, created, updated"


def _decoded(found: dict) -> dict:
    return {**found, "options": json.loads(found["options"])}


def insert_rule_set(db: sqlite_utils.Database, rule_set: dict, key: str | None = None) -> None:
    """Store a new rule set ({"id", "name", "variant", "options", "created", "updated"}), with the form's key."""
    db["rule_sets"].insert({**rule_set, "options": json.dumps(rule_set["options"]), "request_key": key})


def rule_set_made_with(db: sqlite_utils.Database, key: str) -> dict | None:
    """The rule set a form's key made, or None."""
    found = rows(db, f"SELECT {COLUMNS} FROM rule_sets WHERE request_key = ?", [key])
    return _decoded(found[0]) if found else None


def get_rule_set(db: sqlite_utils.Database, set_id: str) -> dict | None:
    found = rows(db, f"SELECT {COLUMNS} FROM rule_sets WHERE id = ?", [set_id])
    return _decoded(found[0]) if found else None


def list_rule_sets(db: sqlite_utils.Database) -> list[dict]:
    """Every saved rule set, by variant, then name."""
    return [_decoded(r) for r in rows(db, f"SELECT {COLUMNS} FROM rule_sets ORDER BY variant, name COLLATE NOCASE, id")]


def update_rule_set(db: sqlite_utils.Database, set_id: str, name: str, options: dict, now: str) -> bool:
    """Change a rule set's name and options; whether it was there."""
    return db.execute("UPDATE rule_sets SET name = ?, options = ?, updated = ? WHERE id = ?",
                      [name, json.dumps(options), now, set_id]).rowcount == 1


def delete_rule_set(db: sqlite_utils.Database, set_id: str) -> bool:
    return db.execute("DELETE FROM rule_sets WHERE id = ?", [set_id]).rowcount == 1


def same_name(db: sqlite_utils.Database, variant: str, name: str, but: str | None = None) -> dict | None:
    """A saved set of this variant with this name (case ignored), other than `but`."""
    found = rows(db, f"SELECT {COLUMNS} FROM rule_sets WHERE variant = ? AND name = ? COLLATE NOCASE AND id IS NOT ?",
                 [variant, name, but])
    return _decoded(found[0]) if found else None
