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


# -- export and import (db/transfer.py) -------------------------------------------------------------------------

FIELDS = ("id", "name", "variant", "options", "created", "updated")  # a rule set in an export, each field as stored


def export_rule_sets(db: sqlite_utils.Database) -> list[dict]:
    """Every saved rule set as an export carries it (the shipped presets are no part of a database)."""
    return [{k: r[k] for k in FIELDS} for r in list_rule_sets(db)]


def import_rule_sets(db: sqlite_utils.Database, sets: list[dict], *, replace: bool = False,
                     fresh_id=None) -> dict[str, list]:
    """Store already-checked exported rule sets (in the caller's transaction); what became of each, by outcome:

    - "same": the set is here already (its id, or its name, with the same variant and options): skipped;
    - "replaced": `replace` and a set with its id is here: overwritten;
    - "renamed": its name is taken here by a set of other options: kept under "<name> (2)" (3, …), so no set of
      this database changes unasked: [(name in the file, name here), …];
    - "added": the rest.
    A set whose id is taken (and not replaced) gets a new id from `fresh_id()`.
    """
    said: dict[str, list] = {"added": [], "same": [], "replaced": [], "renamed": []}
    for s in sets:
        by_id = get_rule_set(db, s["id"])
        named = same_name(db, s["variant"], s["name"], but=s["id"] if replace else None)
        # the same set is here: by its id (under any name: it may have been renamed here) or by its name
        if any(found and found["variant"] == s["variant"] and found["options"] == s["options"]
               for found in (by_id, named)):
            said["same"].append(s["name"])
            continue
        kept = dict(s)
        if by_id and replace:
            delete_rule_set(db, s["id"])
        elif by_id:
            kept["id"] = fresh_id()
        if named:
            kept["name"] = free_name(db, s["variant"], s["name"])
            said["renamed"].append((s["name"], kept["name"]))
        else:
            said["replaced" if by_id and replace else "added"].append(s["name"])
        insert_rule_set(db, kept)
    return said


def free_name(db: sqlite_utils.Database, variant: str, name: str, most: int = 80) -> str:
    """`name` with the first number that makes it a name no set of this variant has: "Our rules (2)"."""
    n = 2
    while True:
        ending = f" ({n})"
        candidate = name[: most - len(ending)].rstrip() + ending
        if same_name(db, variant, candidate) is None:
            return candidate
        n += 1
