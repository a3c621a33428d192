"""Storing an export document (db/export.py's, already checked by checks.py) in one transaction: its games, club
nights, rule sets, federation numbers and seasons (import_games), a club night whole (insert_event), and new table
PINs for a night that arrives without its secret, imported or restored from a backup (new_table_pins)."""
from __future__ import annotations

import os
import secrets
from concurrent.futures import ThreadPoolExecutor

import sqlite_utils

from scoring.event_data import table_game_problem

from .connection import write
from . import confirm as confirm_store
from . import events as event_store
from . import players as player_store
from . import rule_sets as rule_set_store
from . import seasons as season_store
from .games import get_version, insert_game
from .pin_hash import hash_pin, new_secret, round_shifts, table_pin


MAX_REVISION = 2 ** 53  # the largest whole number every JSON reader keeps exactly


def import_games(db: sqlite_utils.Database, games: list[dict], *, replace: bool = False,
                 events: list[dict] = (), rule_sets: list[dict] = (), members: list[dict] = (),
                 seasons: list[dict] = ()) -> dict[str, list]:
    """Store already-checked exported games, club nights (`events`) and rule sets in one transaction; `replace`
    overwrites games, events and rule sets with the same id. Returns what became of each rule set
    (db.rule_sets.import_rule_sets: a set already here is skipped, one whose name is taken here is renamed).

    Each game gets a revision above the file's and above the replaced game's: a revision names
    one state, and a device or server that knew the old state sees that this one is newer.
    """
    with write(db):
        clash = existing_ids(db, [g["id"] for g in games])
        if clash and not replace:
            raise ValueError("These games are already in the database: " + ", ".join(clash))
        had_events = set(event_store.event_ids(db)) & {e["id"] for e in events}
        if had_events and not replace:
            raise ValueError("These events are already in the database: " + ", ".join(sorted(had_events)))
        # a replaced event stays where it counted: its season (not in the file) lists it again once it is back
        counted = {season_id: season_store.get_season(db, season_id)["events"]
                   for season_id in set(season_store.season_of_events(db, sorted(had_events)).values())}
        for event_id in had_events:
            event_store.delete_event(db, event_id)
        kept_seats = event_store.seats_of(db, [g["id"] for g in games])  # tables of events the file leaves alone
        had = {game_id: get_version(db, game_id)["revision"] for game_id in clash}
        for game_id in clash:
            db.execute("DELETE FROM games WHERE id = ?", [game_id])
        for g in games:
            revision = max(g["revision"], had.get(g["id"], 0)) + 1
            if revision > MAX_REVISION:
                raise ValueError(f"Game {g['id']} cannot get a revision above {revision - 1}")
            insert_game(db, {**g, "revision": revision})
            if g["id"] in kept_seats:
                _still_seats_its_table(db, g, kept_seats[g["id"]])
        seated = event_store.seats_of(db, [t["game"] for e in events for r in e["round_list"] for t in r["tables"]])
        if seated:
            raise ValueError("These games are already tables of another event in the database: "
                             + ", ".join(sorted(seated)))
        for event in events:
            insert_event(db, event)
        for season_id, season_events in counted.items():
            season_store.put_events(db, season_id, season_events)
        _import_members(db, members, replace)
        _import_seasons(db, seasons, replace)
        return rule_set_store.import_rule_sets(db, list(rule_sets), replace=replace, fresh_id=_fresh_id)


def existing_ids(db: sqlite_utils.Database, game_ids: list[str]) -> list[str]:
    """Which of these game ids the database already holds."""
    found = []
    for game_id in game_ids:
        if list(db.query("SELECT 1 FROM games WHERE id = ?", [game_id])):
            found.append(game_id)
    return found


def insert_event(db: sqlite_utils.Database, event: dict) -> None:
    """Store an exported club night whole (its games are stored already, or in the same transaction)."""
    event_store.insert_event(db, event)
    for r in event["round_list"]:
        event_store.insert_round(db, event["id"], r["number"], r["byes"], r["started"], r["request_key"],
                                 r["closed"], r.get("movement"))
        for t in r["tables"]:
            event_store.insert_table(db, event["id"], r["number"], t["table"], t["game"], t["entrants"])
    for entry in event["log"]:
        event_store.add_log(db, event["id"], entry["at"], entry["device"], entry["game"], entry["what"],
                            entry["change"])
    for adjustment in event.get("adjustments", []):
        event_store.insert_adjustment(db, event["id"], adjustment)
    if event.get("confirm"):
        confirm_store.set_confirm(db, event["id"], event["confirm"])
    confirm_store.import_rows(db, event.get("confirmations", {}))
    if event.get("table_pins"):
        new_table_pins(db, event["id"])


def new_table_pins(db: sqlite_utils.Database, event_id: str) -> None:
    """Give a night of `table_pins` a new secret and each of its tables a new PIN (its game the new PIN's hash): an
    imported night, or one restored from a backup (neither carries the secret). The director prints the slips
    again; a phone that already entered a table's PIN stays unlocked."""
    secret = new_secret()
    event_store.set_pin_secret(db, event_id, secret)
    sides = 2 if confirm_store.event_confirm(db, event_id) == "both" else 1  # confirm both: a PIN per side
    for r in event_store.get_rounds(db, event_id):
        numbers = [t["table"] for t in r["tables"]]
        shifts = round_shifts(secret, r["number"], numbers, sides)
        pins = [table_pin(secret, r["number"], n, side, s[side]) for n, s in zip(numbers, shifts) for side in range(sides)]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            hashes = list(pool.map(hash_pin, pins))
        for k, (t, shift) in enumerate(zip(r["tables"], shifts)):
            event_store.set_pin_shifts(db, event_id, r["number"], t["table"], shift)
            db.execute("UPDATE games SET pin_hash = ? WHERE id = ?", [hashes[k * sides], t["game"]])
            for side in range(1, sides):
                confirm_store.put_side_pin(db, t["game"], side, hashes[k * sides + side])


def nights_without_secret(db: sqlite_utils.Database) -> list[str]:
    """The nights of `table_pins` whose tables' PIN secret is not here (a backup): each needs new_table_pins."""
    return [r["id"] for r in db.query("SELECT id FROM events WHERE table_pins != 0 AND pin_secret IS NULL "
                                      "ORDER BY rowid")]


def _import_members(db: sqlite_utils.Database, members: list[dict], replace: bool) -> None:
    """Already-checked federation numbers ({"player", "member"}): a player here with another number keeps theirs
    unless `replace`; a number another player here carries is refused (ValueError), as the API refuses it."""
    from scoring.members import member_key
    from scoring.standings import player_key

    kept = player_store.members(db)
    for m in members:
        key, number = player_key(m["player"]), member_key(m["member"])
        if key in kept and not replace:
            continue
        owner = player_store.member_owners(db).get(number)
        if owner is not None and owner[0] != key:
            raise ValueError(f"The membership number {m['member']} of {m['player']} is already {owner[1]}'s in the "
                             "database")
        player_store.put_member(db, key, m["player"], m["member"], number)


def _import_seasons(db: sqlite_utils.Database, seasons: list[dict], replace: bool) -> None:
    """Already-checked seasons: one whose id is here already is refused unless `replace` (then overwritten); an event
    that counts in another season here is refused (ValueError)."""
    for s in seasons:
        if season_store.get_season(db, s["id"]) is not None:
            if not replace:
                raise ValueError(f"The season {s['id']} is already in the database")
            db.execute("DELETE FROM seasons WHERE id = ?", [s["id"]])
        missing = [e for e in s["events"] if event_store.get_event(db, e) is None]
        if missing:
            raise ValueError(f"The season {s['id']} counts events that are not there: {', '.join(missing)}")
        elsewhere = {e: other for e, other in season_store.season_of_events(db, s["events"]).items()}
        if elsewhere:
            raise ValueError(f"The season {s['id']} counts events of another season in the database: "
                             + ", ".join(sorted(elsewhere)))
        season_store.insert_season(db, s)


def _fresh_id() -> str:
    """A new rule set's id, for one whose id this database already gives another set."""
    return secrets.token_urlsafe(8)


def _still_seats_its_table(db: sqlite_utils.Database, game: dict, event_id: str) -> None:
    """A game replacing a club night's table game must still be that table's game (its variant, a side for each of
    the table's entrants): else the night's standings would count strangers. Raises ValueError saying why."""
    event = event_store.get_event(db, event_id)
    for r in event_store.get_rounds(db, event_id):
        for t in r["tables"]:
            if t["game"] == game["id"]:
                problem = table_game_problem(game, event["variant"], [event["entrants"][x] for x in t["entrants"]])
                if problem:
                    raise ValueError(f"Game {game['id']} is round {r['number']}, table {t['table']} of event "
                                     f"{event_id} and {problem.rstrip('.')}")
