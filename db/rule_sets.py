"""Named queries for rule sets: a table's house rules and options kept under a name for one variant."""
from __future__ import annotations

import json

import sqlite_utils

from scoring.rule_sets import MOST_SETS, cleaned_name, name_key

from .games import rows

COLUMNS = "id, name, variant, options, created, updated, pin_hash"


def _decoded(found: dict) -> dict:
    return {**found, "options": json.loads(found["options"])}


def insert_rule_set(db: sqlite_utils.Database, rule_set: dict, key: str | None = None) -> None:
    """Store a new rule set ({"id", "name", "variant", "options", "created", "updated"}, and its "pin_hash" when it
    has a PIN), with the form's key: one INSERT."""
    db.execute("INSERT INTO rule_sets (id, name, variant, options, created, updated, pin_hash, name_key, request_key) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [rule_set["id"], rule_set["name"], rule_set["variant"], json.dumps(rule_set["options"]),
                rule_set["created"], rule_set["updated"], rule_set.get("pin_hash"), name_key(rule_set["name"]), key])


def count_rule_sets(db: sqlite_utils.Database) -> int:
    return db.execute("SELECT count(*) FROM rule_sets").fetchone()[0]


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


def update_rule_set(db: sqlite_utils.Database, set_id: str, name: str, options: dict, now: str,
                    pin_hash: str | None) -> bool:
    """Change a rule set's name, options and PIN hash; whether it was there."""
    return db.execute("UPDATE rule_sets SET name = ?, name_key = ?, options = ?, updated = ?, pin_hash = ? WHERE id = ?",
                      [name, name_key(name), json.dumps(options), now, pin_hash, set_id]).rowcount == 1


def delete_rule_set(db: sqlite_utils.Database, set_id: str) -> bool:
    return db.execute("DELETE FROM rule_sets WHERE id = ?", [set_id]).rowcount == 1


def same_name(db: sqlite_utils.Database, variant: str, name: str, but: str | None = None) -> dict | None:
    """A saved set of this variant with this name (compared as players' names are: name_key), other than `but`: one
    lookup in the index of names."""
    found = rows(db, f"SELECT {COLUMNS} FROM rule_sets WHERE variant = ? AND name_key = ? AND id IS NOT ? LIMIT 1",
                 [variant, name_key(name), but])
    return _decoded(found[0]) if found else None


# -- export and import (db/export.py, db/imports.py) -----------------------------------------------------------

FIELDS = ("id", "name", "variant", "options", "created", "updated")  # a rule set in an export, each field as stored


def export_rule_sets(db: sqlite_utils.Database) -> list[dict]:
    """Every saved rule set as an export carries it (the shipped presets are no part of a database); a set with a
    PIN carries its hash ("pin_hash"), never the PIN."""
    return [{**{k: r[k] for k in FIELDS}, **({"pin_hash": r["pin_hash"]} if r["pin_hash"] else {})}
            for r in list_rule_sets(db)]


def import_rule_sets(db: sqlite_utils.Database, sets: list[dict], *, replace: bool = False,
                     fresh_id=None) -> dict[str, list]:
    """Store already-checked exported rule sets (in the caller's transaction); what became of each, by outcome:

    - "same": the set is here already (its id, or its name, with the same variant and options): skipped;
    - "replaced": `replace` and a set with its id is here: overwritten;
    - "renamed": its name is taken here by a set of other options: kept under "<name> (2)" (3, …), so no set of
      this database changes unasked: [(name in the file, name here), …];
    - "added": the rest.
    A set whose id is taken (and not replaced) gets a new id from `fresh_id()`.

    Each set costs a few indexed lookups and one INSERT, and a name taken by many sets of the file is numbered on
    from the last number given (not tried again from 2 each time): an import takes time in proportion to its sets.
    """
    said: dict[str, list] = {"added": [], "same": [], "replaced": [], "renamed": []}
    numbered: dict[tuple[str, str], int] = {}  # (variant, name key) → the next number to try for that name
    for s in sets:
        s = {**s, "name": cleaned_name(s["name"])}  # as a set posted is kept (an older export may have marks)
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
            base = (s["variant"], name_key(s["name"]))
            kept["name"], numbered[base] = free_name(db, s["variant"], s["name"], numbered.get(base, 2))
            said["renamed"].append((s["name"], kept["name"]))
        else:
            said["replaced" if by_id and replace else "added"].append(s["name"])
        insert_rule_set(db, kept)
    if sets and (kept_here := count_rule_sets(db)) > MOST_SETS:
        raise ValueError(f"The file would leave {kept_here} rule sets in the database, and a server keeps at most "
                         f"{MOST_SETS}: delete sets no table plays any more (on the Rule sets page, or DELETE "
                         "/api/rule-sets/{id}), or leave some out of the file's rule_sets, then import again")
    return said


def free_name(db: sqlite_utils.Database, variant: str, name: str, n: int = 2, most: int = 80) -> tuple[str, int]:
    """`name` with the first number from `n` on that makes it a name no set of this variant has: ("Our rules (2)",
    the next number to try)."""
    while True:
        ending = f" ({n})"
        candidate = name[: most - len(ending)].rstrip() + ending
        if same_name(db, variant, candidate) is None:
            return candidate, n + 1
        n += 1
