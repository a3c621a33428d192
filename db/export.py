"""The export document (API.md's `meldbook-games`, FORMAT and VERSION): every game, club night, rule set, federation
number and season read out as plain data (export_games, a night whole: export_event), an earlier version's document
in this version's form (upgrade), and a stored value that cannot be read back, named (DamagedValue). Storing one is
db/imports.py; checks.py says what it may hold."""
from __future__ import annotations

import json

import sqlite_utils

from . import confirm as confirm_store
from . import events as event_store
from . import players as player_store
from . import rule_sets as rule_set_store
from . import seasons as season_store
from .games import get_sides

FORMAT = "meldbook-games"

VERSION = 5  # 2: a game's "marks" (by the variant's declared mark) replace version 1's "failed_melds";
# 3: the club nights ("events", each with its rounds, tables and log) beside the games;
# 4: the named rule sets ("rule_sets") beside them;
# 5: the players' federation numbers ("members") and the seasons ("seasons")


def upgrade(data: object) -> object:
    """An export of an earlier version in this version's form (anything else is given back as it is, for the
    checks to refuse): version 1 kept Pony's failed melds as "failed_melds", now one of a game's "marks";
    versions 1 and 2 had no club nights (an empty "events"), versions 1 to 3 no rule sets (an empty "rule_sets"),
    versions 1 to 4 no federation numbers and no seasons (empty "members" and "seasons")."""
    if not (isinstance(data, dict) and data.get("version") in (1, 2, 3, 4) and isinstance(data.get("games"), list)):
        return data
    games = []
    for g in data["games"]:
        if data["version"] == 1 and isinstance(g, dict) and "failed_melds" in g and "marks" not in g:
            g = dict(g)
            melds = g.pop("failed_melds")
            g["marks"] = {"failed_melds": melds} if not isinstance(melds, list) or any(melds) else {}
        games.append(g)
    return {**data, "version": VERSION, "games": games, "events": data.get("events", []),
            "rule_sets": data.get("rule_sets", []), "members": data.get("members", []),
            "seasons": data.get("seasons", [])}


# the values stored as JSON text, with the column that says whose each is
JSON_CELLS = (("games", "options", "id"), ("games", "marks", "id"), ("hands", "entries", "game_id"),
              ("events", "options", "id"), ("events", "entrants", "id"), ("events", "vp_scale", "id"),
              ("event_rounds", "byes", "event_id"), ("event_tables", "entrants", "event_id"),
              ("event_log", "change", "event_id"))


class DamagedValue(ValueError):
    """A stored value that cannot be read back (not JSON, a table of a round that is not there…); says which."""


def damaged_value(db: sqlite_utils.Database) -> str | None:
    """The first stored JSON value that is not valid JSON, said as `events.entrants (event 'x')`; None if none."""
    for table, column, owner in JSON_CELLS:
        for whose, value in db.execute(f"SELECT {owner}, {column} FROM {table} ORDER BY rowid"):
            if value is None and column == "vp_scale":
                continue  # an event not ranked by victory points has none
            try:
                json.loads(value)
            except (TypeError, ValueError):
                kind = "game" if owner in ("id", "game_id") and table in ("games", "hands") else "event"
                return f"{table}.{column} ({kind} {whose!r:.70})"
    return None


def export_games(db: sqlite_utils.Database, game_ids: list[str] | None = None, *, with_pin: bool = True) -> dict:
    """Every game (or those listed) with sides and hands, as data `import_games` takes back unchanged.

    Raises DamagedValue, naming it, when a stored value cannot be read back."""
    try:
        return _export(db, game_ids, with_pin)
    except (LookupError, TypeError, ValueError) as err:
        found = damaged_value(db)
        raise DamagedValue(f"its stored value {found} is not valid JSON" if found else
                           f"a stored value cannot be read back ({type(err).__name__}: {err})") from None


def _export(db: sqlite_utils.Database, game_ids: list[str] | None, with_pin: bool) -> dict:
    rows = list(db.query("SELECT * FROM games ORDER BY rowid"))  # the order they were made or imported in
    if game_ids is not None:
        rows = [r for r in rows if r["id"] in game_ids]
    games = []
    for r in rows:
        game = {"id": r["id"], "variant": r["variant"], "options": json.loads(r["options"]),
                "created": r["created"], "updated": r["updated"], "revision": r["revision"],
                "ended_at": r["ended_at"], "marks": json.loads(r["marks"])}
        if with_pin:
            game["pin_hash"] = r["pin_hash"]
        game["sides"] = get_sides(db, r["id"])
        game["hands"] = [{"entries": json.loads(h["entries"]), "recorded_at": h["recorded_at"],
                          "edited_at": h["edited_at"]}
                         for h in db.query("SELECT entries, recorded_at, edited_at FROM hands "
                                           "WHERE game_id = ? ORDER BY id", [r["id"]])]
        games.append(game)
    # a whole export carries every club night whole and every saved rule set; one game's download carries none
    events = ([export_event(db, event_id, with_pin=with_pin) for event_id in event_store.event_ids(db)]
              if game_ids is None else [])
    sets = rule_set_store.export_rule_sets(db) if game_ids is None else []
    members = player_store.every_member(db) if game_ids is None else []
    seasons = season_store.every_season(db) if game_ids is None else []
    return {"format": FORMAT, "version": VERSION, "games": games, "events": events, "rule_sets": sets,
            "members": members, "seasons": seasons}


EVENT_FIELDS = ("id", "name", "variant", "options", "entrants", "table_size", "rounds", "movement", "standings",
                "vp_scale", "created")


# a tournament's fields (API.md "Tournaments as federations run them"), exported only when set
TOURNAMENT_FIELDS = ("deals_per_round", "round_minutes", "bye", "vp_scale_name", "sections")


def export_event(db: sqlite_utils.Database, event_id: str, *, with_pin: bool = True) -> dict:
    """One club night whole: its row, its table PIN's hash (if it has one), its rounds with their tables (by game
    id) and its log."""
    row = event_store.get_event(db, event_id)
    pin = {"pin_hash": row["pin_hash"]} if with_pin and row.get("pin_hash") else {}
    if with_pin and row.get("director_pin_hash"):  # an imported night stays the director's
        pin["director_pin_hash"] = row["director_pin_hash"]
    tournament = {k: row[k] for k in TOURNAMENT_FIELDS if row.get(k) is not None}  # only what a tournament set
    if row.get("table_pins"):
        tournament["table_pins"] = True
    adjustments = event_store.get_adjustments(db, event_id)
    # a table's own PIN never leaves the database, nor the secret it is worked out from: an imported night gets new
    # ones (new_table_pins)
    rounds = [{**r, "tables": [{k: v for k, v in t.items() if k not in ("pin", "pins")} for t in r["tables"]]}
              for r in event_store.get_rounds(db, event_id)]
    kept = confirm_store.export_rows(db, event_id)  # a table's result confirmed by both sides
    if row.get("confirm", "none") != "none":
        tournament["confirm"] = row["confirm"]
    if kept:
        tournament["confirmations"] = kept
    return {**{k: row[k] for k in EVENT_FIELDS}, **tournament, **pin,
            "round_list": rounds, "log": event_store.get_log(db, event_id),
            **({"adjustments": adjustments} if adjustments else {})}
