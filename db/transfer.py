"""Moving games between databases: export to plain data, import it back in one transaction, online backup."""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sqlite_utils

from scoring.event_data import table_game_problem

from .connection import write
from .files import private_temp, side_files
from . import confirm as confirm_store
from . import events as event_store
from . import players as player_store
from . import rule_sets as rule_set_store
from . import seasons as season_store
from .games import get_sides, get_version, insert_game
from .pin_hash import hash_pin, new_secret, round_shifts, table_pin

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


def existing_ids(db: sqlite_utils.Database, game_ids: list[str]) -> list[str]:
    """Which of these game ids the database already holds."""
    found = []
    for game_id in game_ids:
        if list(db.query("SELECT 1 FROM games WHERE id = ?", [game_id])):
            found.append(game_id)
    return found


MAX_REVISION = 2 ** 53  # the largest whole number every JSON reader keeps exactly


class CannotUse(ValueError):
    """A file a command refuses to read or write; the message names the file and says why."""


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


def check_backup_target(database: str, target: str, *, force: bool = False, verb: str = "back up to") -> None:
    """Refuse (CannotUse) a backup target that would destroy games or overwrite a file unasked."""
    live = dict(zip(side_files(database), ("the live database", "the live database's write-ahead log (-wal)",
                                           "the live database's shared-memory file (-shm)",
                                           "the live database's rollback journal (-journal)")))
    real = os.path.realpath(target)
    what = live.get(real) or next((name for path, name in live.items() if _same_file(path, target)), None)
    if what:
        raise CannotUse(f"Cannot {verb} {target}: it is {what}, and writing there would destroy games. "
                        "Choose another file.")
    if os.path.isdir(target):
        raise CannotUse(f"Cannot {verb} {target}: it is a folder. Give a file name, e.g. {target}/meldbook.bak.")
    if not os.path.isdir(os.path.dirname(os.path.abspath(target))):
        raise CannotUse(f"Cannot {verb} {target}: its folder does not exist.")
    if os.path.lexists(target) and not force:
        raise CannotUse(f"Cannot {verb} {target}: the file exists already. Add --force to overwrite it.")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)  # a hard link or another name for the same file
    except OSError:
        return False


def backup(db: sqlite_utils.Database, target: str) -> str:
    """Copy the live database to `target` (owner-only) with SQLite's online backup; returns its integrity check.

    The copy is written to a temporary file beside the target and renamed into place, so an
    interrupted backup never leaves a half-written file under the real name.
    """
    source_file = db.execute("PRAGMA database_list").fetchone()[2]
    if source_file:
        check_backup_target(source_file, target, force=True)
    partial = private_temp(target)
    try:
        copy = sqlite3.connect(partial)
        try:
            db.conn.backup(copy)  # a consistent snapshot even while the server keeps writing
            _without_pin_secrets(copy)
            status = copy.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            copy.close()
        if status != "ok":
            raise CannotUse(f"The copy made for {target} failed its integrity check ({status}); nothing was written.")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return status


def _without_pin_secrets(copy: sqlite3.Connection) -> None:
    """A backup carries no night's secret for its tables' PINs (wiped, with secure_delete so its bytes do not stay
    in a freed page): a night restored from it gets new table PINs (new_table_pins)."""
    columns = {row[1] for row in copy.execute("PRAGMA table_info(events)")}
    if "pin_secret" in columns:
        copy.execute("PRAGMA secure_delete = ON")
        copy.execute("UPDATE events SET pin_secret = NULL WHERE pin_secret IS NOT NULL")
        copy.commit()


def copy_database(source: str, target: str) -> None:
    """Copy the database file `source` onto the new file `target` through SQLite's backup, so the last writes still
    in its -wal (a server killed before it checkpointed them) come along; `source` is opened read-only.

    Raises sqlite3.Error when SQLite cannot read it (not a database, an unreadable -wal…)."""
    reading = sqlite3.connect(Path(source).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(target)
        try:
            reading.backup(copy)
        finally:
            copy.close()
    finally:
        reading.close()
