"""The schema, one migration at a time, applied and recorded by sqlite-utils' `Migrations`.

Each function in MIGRATIONS runs once per database; sqlite-utils records its name (the
function's name: never rename one) in the `_sqlite_migrations` table. Append new ones at the
end, written with sqlite-utils calls (`create_table`, `add_column`, `create_index`); never change
one that has been released, and never `transform` a table here (it would rebuild the table inside
the migration's transaction, where foreign keys cannot be switched off).

Before migrations were recorded by name, PRAGMA user_version counted them: a database from
then (user_version 1 to 4) has its first user_version migrations recorded as applied before the
rest run. user_version still counts the applied migrations, so an older Meldbook refuses to
restore a newer database.

Longer than the ~300 lines other modules keep to, and it will keep growing: migrations are append-only and run in
the order they stand here, so they stay in one list a reader can follow from the first database to today's.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone

import sqlite_utils
from sqlite_utils.db import ForeignKey

from .connection import write
from .pin_hash import new_secret, shift_for

SET_NAME = "meldbook"


def _cascade(table: str, columns: tuple[str, ...], other: str, other_columns: tuple[str, ...]) -> ForeignKey:
    """A foreign key whose rows go when the row they belong to is deleted."""
    single = len(columns) == 1
    return ForeignKey(table, columns[0] if single else None, other, other_columns[0] if single else None,
                      columns=columns, other_columns=other_columns, is_compound=not single, on_delete="CASCADE")


def _initial(db: sqlite_utils.Database) -> None:
    db.create_table("games", {"id": str, "variant": str, "options": str, "created": str, "updated": str,
                              "revision": int, "ended_at": str, "failed_melds": str, "pin_hash": str},
                    pk="id", not_null=["variant", "options", "created", "updated", "revision", "failed_melds"],
                    defaults={"revision": 1, "failed_melds": "[]"})
    db.create_table("sides", {"game_id": str, "idx": int, "name": str}, pk=("game_id", "idx"),
                    not_null=["game_id", "idx", "name"],
                    foreign_keys=[_cascade("sides", ("game_id",), "games", ("id",))])
    db.create_table("players", {"game_id": str, "side_idx": int, "seat": int, "name": str},
                    pk=("game_id", "side_idx", "seat"), not_null=["game_id", "side_idx", "seat", "name"],
                    foreign_keys=[_cascade("players", ("game_id", "side_idx"), "sides", ("game_id", "idx"))])
    # AUTOINCREMENT: a deleted hand's id is never given to another hand. sqlite-utils' create_table
    # does not write AUTOINCREMENT, so this one table is created by its SQL.
    db.execute("""CREATE TABLE hands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        entries TEXT NOT NULL, recorded_at TEXT NOT NULL, edited_at TEXT)""")
    db["hands"].create_index(["game_id", "id"], index_name="hands_by_game")
    db["games"].create_index(["updated"], index_name="games_by_updated")


def _request_keys(db: sqlite_utils.Database) -> None:
    # a hand sent twice (double tap, resent form, retry after a lost answer) is recorded once:
    # the first answer is kept under the key its sender chose
    db.create_table("request_keys", {"game_id": str, "key": str, "request": str, "status": int, "hand": str,
                                     "created": str},
                    pk=("game_id", "key"), not_null=["game_id", "key", "request", "status", "hand", "created"],
                    foreign_keys=[_cascade("request_keys", ("game_id",), "games", ("id",))])
    db["request_keys"].create_index(["created"], index_name="request_keys_by_created")
    # the revision recording the last hand made: while the game is still at it, that hand can be undone
    db["games"].add_column("hand_revision", int)


def _players_and_paper_scores(db: sqlite_utils.Database) -> None:
    """Scores brought forward from paper per side; each game's standing as the players pages need it."""
    db["sides"].add_column("start_score", int, not_null_default=0)
    # derived from the game at `revision` (see db/players.py); a game at another revision is derived again
    db.create_table("game_summaries", {"game_id": str, "revision": int, "summary": str}, pk="game_id",
                    not_null=["revision", "summary"], if_not_exists=True,
                    foreign_keys=[_cascade("game_summaries", ("game_id",), "games", ("id",))])


def _pin_failures(db: sqlite_utils.Database) -> None:
    # wrong table PINs per game and client address, kept so that a restart or a second
    # server thread does not forget them (API.md: "Table PIN guessing is slow everywhere")
    db.create_table("pin_failures", {"game_id": str, "client": str, "failures": int, "locked_until": float},
                    pk=("game_id", "client"), not_null=["game_id", "client", "failures", "locked_until"],
                    defaults={"locked_until": 0}, if_not_exists=True,
                    foreign_keys=[_cascade("pin_failures", ("game_id",), "games", ("id",))])


def _taken_back(db: sqlite_utils.Database) -> None:
    # the last Undo (which hand, when, the revision it made, a hash naming the device that did it), so
    # every other phone can say "Hand 5 was taken back on another phone" instead of the hand just vanishing
    db["games"].add_column("taken_back", str)


def _side_marks(db: sqlite_utils.Database) -> None:
    # what a table marks for a side between hands is whatever its variant declares (scoring.shape.SideMark):
    # one JSON object by the mark's key, instead of a column for Pony's failed melds alone
    db["games"].add_column("marks", str, not_null_default="{}")
    db.execute("UPDATE games SET marks = json_object('failed_melds', json(failed_melds)) "
               "WHERE EXISTS (SELECT 1 FROM json_each(games.failed_melds) WHERE value != 0)")
    # SQLite drops a plain column in place (no table rebuild, unlike sqlite-utils' transform)
    db.execute("ALTER TABLE games DROP COLUMN failed_melds")


def _events(db: sqlite_utils.Database) -> None:
    """Club nights (API.md, "Club nights (events)"): an event, its rounds and their tables' games, and the log of
    changes made to a game after its round closed."""
    db.create_table("events", {"id": str, "name": str, "variant": str, "options": str, "entrants": str,
                               "table_size": int, "rounds": int, "movement": str, "standings": str, "vp_scale": str,
                               "created": str},
                    pk="id", not_null=["name", "variant", "options", "entrants", "table_size", "rounds", "movement",
                                       "standings", "created"])
    db["events"].create_index(["created"], index_name="events_by_created")
    # a round: who sat out, when it started, when it closed (the next round started, or for the last round its
    # last game finished), and the Idempotency-Key it was started with (a repeat answers this round)
    db.create_table("event_rounds", {"event_id": str, "number": int, "byes": str, "started": str, "closed": str,
                                     "request_key": str},
                    pk=("event_id", "number"), not_null=["event_id", "number", "byes", "started"],
                    foreign_keys=[_cascade("event_rounds", ("event_id",), "events", ("id",))])
    db["event_rounds"].create_index(["event_id", "request_key"], index_name="event_rounds_by_key", unique=True)
    # a table of a round: its game, and the entrants at it in seat order (the game's sides). The game is checked
    # at the end of the transaction (DEFERRABLE), so an import that replaces a game puts it back in one go;
    # a game of an event is never deleted on its own (service.delete_game refuses).
    db.execute("""CREATE TABLE event_tables (
        event_id TEXT NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED,
        entrants TEXT NOT NULL,
        PRIMARY KEY (event_id, round, table_no),
        FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, number) ON DELETE CASCADE)""")
    # what changed in a game after its round closed: when, from which device, in words and as data
    db.execute("""CREATE TABLE event_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        at TEXT NOT NULL, device TEXT, game_id TEXT NOT NULL, what TEXT NOT NULL, change TEXT NOT NULL)""")
    db["event_log"].create_index(["event_id", "id"], index_name="event_log_by_event")


def _event_keys(db: sqlite_utils.Database) -> None:
    """The key a new event was sent under (the new-club-night form's, or an API Idempotency-Key) and what was sent:
    the same request again answers the event it made, in any server process, after a restart too."""
    db.execute("ALTER TABLE events ADD COLUMN request_key TEXT")
    db.execute("ALTER TABLE events ADD COLUMN request TEXT")
    db["events"].create_index(["request_key"], index_name="events_by_key", unique=True)


def _event_pins(db: sqlite_utils.Database) -> None:
    """A club night's table PIN (its hash): every table's game gets it, so a phone at a table asks for it."""
    db.execute("ALTER TABLE events ADD COLUMN pin_hash TEXT")


def _rule_sets(db: sqlite_utils.Database) -> None:
    """Named rule sets: a table's house rules and options kept under a name for one variant (RULES.md §14)."""
    db.create_table("rule_sets", {"id": str, "name": str, "variant": str, "options": str, "created": str,
                                  "updated": str, "request_key": str},
                    pk="id", not_null=["name", "variant", "options", "created", "updated"])
    db["rule_sets"].create_index(["request_key"], index_name="rule_sets_by_key", unique=True)


def _tournaments(db: sqlite_utils.Database) -> None:
    """Tournaments as federations run them (API.md): an event's deals a round, minutes a round, a bye's VP and MP
    (JSON), the shipped VP scale its rows were copied from; the movement that seated each round; and the director's
    adjustments (a penalty or award to one entrant in one round, with its reason)."""
    for column, kind in (("deals_per_round", "INTEGER"), ("round_minutes", "INTEGER"), ("bye", "TEXT"),
                         ("vp_scale_name", "TEXT")):
        db.execute(f"ALTER TABLE events ADD COLUMN {column} {kind}")
    db.execute("ALTER TABLE event_rounds ADD COLUMN movement TEXT")
    db.execute("""CREATE TABLE event_adjustments (
        id TEXT PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        entrant INTEGER NOT NULL, round INTEGER NOT NULL, vp INTEGER NOT NULL, points INTEGER NOT NULL,
        reason TEXT NOT NULL, at TEXT NOT NULL, request_key TEXT)""")
    db["event_adjustments"].create_index(["event_id"], index_name="event_adjustments_by_event")
    # the key a form or an API Idempotency-Key sent it under: a double tap makes one adjustment
    db["event_adjustments"].create_index(["event_id", "request_key"], index_name="event_adjustments_by_key",
                                         unique=True)




def _event_pin_failures(db: sqlite_utils.Database) -> None:
    """Wrong table PINs of a club night counted per event and device (API.md: "Wrong table PINs are counted per
    event and device"): the night's one PIN opens every table, so a device gets its tries across all of them."""
    db.create_table("event_pin_failures", {"event_id": str, "client": str, "failures": int, "locked_until": float},
                    pk=("event_id", "client"), not_null=["event_id", "client", "failures", "locked_until"],
                    defaults={"locked_until": 0}, if_not_exists=True,
                    foreign_keys=[_cascade("event_pin_failures", ("event_id",), "events", ("id",))])


# every write that changes what a club night's pages show bumps its event's revision in the same transaction, so
# "has anything changed?" is one row to read however many games the event has (issue 31 item 12)
_BUMP = ("UPDATE events SET revision = revision + 1, changed = strftime('%Y-%m-%dT%H:%M:%f', 'now') "
         "WHERE id = {event}")
_OF_GAME = "(SELECT event_id FROM event_tables WHERE game_id = {game}.id)"
EVENT_TRIGGERS = {
    "event_changed_by_game": ("AFTER UPDATE OF revision, updated, ended_at ON games", _OF_GAME.format(game="NEW")),
    "event_changed_by_new_game": ("AFTER INSERT ON games", _OF_GAME.format(game="NEW")),
    "event_changed_by_gone_game": ("AFTER DELETE ON games", _OF_GAME.format(game="OLD")),
    "event_changed_by_new_round": ("AFTER INSERT ON event_rounds", "NEW.event_id"),
    "event_changed_by_round": ("AFTER UPDATE ON event_rounds", "NEW.event_id"),
    "event_changed_by_new_table": ("AFTER INSERT ON event_tables", "NEW.event_id"),
    "event_changed_by_log": ("AFTER INSERT ON event_log", "NEW.event_id"),
    "event_changed_itself": ("AFTER UPDATE ON events WHEN NEW.revision = OLD.revision", "NEW.id"),
}


def _event_revisions(db: sqlite_utils.Database) -> None:
    """An event's revision and last change, kept by triggers on every table a club night's pages read (its games,
    rounds, tables, log and its own row): the polls of its screen and table picker compare one row."""
    db.execute("ALTER TABLE events ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE events ADD COLUMN changed TEXT")
    for name, (when, event) in EVENT_TRIGGERS.items():
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN {_BUMP.format(event=event)}; END")


ADJUSTMENT_TRIGGERS = {
    "event_changed_by_new_adjustment": ("AFTER INSERT ON event_adjustments", "NEW.event_id"),
    "event_changed_by_gone_adjustment": ("AFTER DELETE ON event_adjustments", "OLD.event_id"),
}


def _adjustment_revisions(db: sqlite_utils.Database) -> None:
    """A director's penalty or award (or its taking back) changes the standings: it bumps its event's revision too."""
    for name, (when, event) in ADJUSTMENT_TRIGGERS.items():
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN {_BUMP.format(event=event)}; END")


def _director_pins(db: sqlite_utils.Database) -> None:
    """Who may change a club night (API.md "Who may change what"): the director's PIN (its hash), whether every
    table gets its own PIN, and each table's PIN as the director sees and prints it (its game keeps the hash)."""
    db.execute("ALTER TABLE events ADD COLUMN director_pin_hash TEXT")
    db.execute("ALTER TABLE events ADD COLUMN table_pins INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE event_tables ADD COLUMN pin TEXT")


def _rule_set_pins(db: sqlite_utils.Database) -> None:
    """A rule set's PIN (its hash; RULES.md §14, settled turn 6), wrong tries at it per set and device, and the key its
    name is compared by (scoring.rule_sets.name_key), indexed: finding a name is one lookup, however many sets."""
    from scoring.rule_sets import name_key

    db.execute("ALTER TABLE rule_sets ADD COLUMN pin_hash TEXT")
    db.execute("ALTER TABLE rule_sets ADD COLUMN name_key TEXT")
    for set_id, name in db.execute("SELECT id, name FROM rule_sets").fetchall():
        db.execute("UPDATE rule_sets SET name_key = ? WHERE id = ?", [name_key(name), set_id])
    db["rule_sets"].create_index(["variant", "name_key"], index_name="rule_sets_by_name")
    db.create_table("rule_set_pin_failures", {"rule_set_id": str, "client": str, "failures": int,
                                              "locked_until": float},
                    pk=("rule_set_id", "client"), not_null=["rule_set_id", "client", "failures", "locked_until"],
                    defaults={"locked_until": 0}, if_not_exists=True,
                    foreign_keys=[_cascade("rule_set_pin_failures", ("rule_set_id",), "rule_sets", ("id",))])


def _pin_failure_times(db: sqlite_utils.Database) -> None:
    """When a device's last wrong PIN came, for every count of wrong PINs (a game's, a club night's, and any other
    table of counts named ..._pin_failures): a right PIN takes back no wrong try, and the count is forgotten only an
    hour after the last one (API.md "Who may change what", settled turn 6). A count kept before has no time: it is
    forgotten an hour from now."""
    now = db.execute("SELECT CAST(strftime('%s', 'now') AS REAL)").fetchone()[0]
    for table in db.table_names():
        if table.endswith("pin_failures") and "last_wrong" not in db[table].columns_dict:
            db.execute(f"ALTER TABLE [{table}] ADD COLUMN last_wrong REAL NOT NULL DEFAULT 0")
            db.execute(f"UPDATE [{table}] SET last_wrong = ?", [now])


def _members(db: sqlite_utils.Database) -> None:
    """Players' federation (or club) membership numbers (API.md "Players' federation numbers"): one per player, by
    the player's key (names compared as the players pages compare them) with the name as last typed, unique among
    players (`member_key`: the number compared without regard to case)."""
    db.create_table("members", {"player": str, "name": str, "member": str, "member_key": str}, pk="player",
                    not_null=["player", "name", "member", "member_key"])
    db["members"].create_index(["member_key"], index_name="members_by_number", unique=True)


def _table_pin_secrets(db: sqlite_utils.Database) -> None:
    """Table PINs stop being stored in plain (db/pin_hash.py): a club night of `table_pins` gets its secret, each
    table the shifts that give back the digits already printed on its slip (its game keeps the PIN's hash), and the
    plain PINs are wiped (secure_delete: their bytes do not stay in freed pages)."""
    db.execute("PRAGMA secure_delete = ON")
    db.execute("ALTER TABLE events ADD COLUMN pin_secret TEXT")
    db.execute("ALTER TABLE event_tables ADD COLUMN pin_shifts TEXT")
    made: dict[str, str] = {}
    for event_id, round_no, table, pin in db.execute(
            "SELECT event_id, round, table_no, pin FROM event_tables WHERE pin IS NOT NULL ORDER BY rowid").fetchall():
        secret = made.setdefault(event_id, new_secret())
        shift = shift_for(secret, round_no, table, 0, pin) if len(pin) == 4 and pin.isdigit() else 0
        db.execute("UPDATE event_tables SET pin_shifts = ?, pin = NULL WHERE event_id = ? AND round = ? "
                   "AND table_no = ?", [json.dumps([shift]), event_id, round_no, table])
    for (event_id,) in db.execute("SELECT id FROM events WHERE table_pins != 0").fetchall():
        made.setdefault(event_id, new_secret())
    for event_id, secret in made.items():
        db.execute("UPDATE events SET pin_secret = ? WHERE id = ?", [secret, event_id])


def _seasons(db: sqlite_utils.Database) -> None:
    """Seasons (API.md "Seasons: a club's circuit across nights"): a season's name and counting (JSON), and its
    events in the order played (each event in at most one season). Standings are derived, never stored."""
    db.create_table("seasons", {"id": str, "name": str, "counting": str, "created": str, "request_key": str},
                    pk="id", not_null=["name", "counting", "created"])
    db["seasons"].create_index(["request_key"], index_name="seasons_by_key", unique=True)
    db.execute("""CREATE TABLE season_events (
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
        PRIMARY KEY (season_id, position))""")



def _confirmations(db: sqlite_utils.Database) -> None:
    """A table's result confirmed by both sides (API.md): the event's `confirm` mode, each acceptance (the game's
    revision it accepted: a later change makes the table wait again), each side's sent totals, and with `both` and
    table_pins the hash of each table's second side's own PIN (its digits are worked out from the night's secret,
    as the first side's: db/pin_hash.py)."""
    db.execute("ALTER TABLE events ADD COLUMN confirm TEXT NOT NULL DEFAULT 'none'")
    db.execute("""CREATE TABLE game_acceptances (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, side INTEGER NOT NULL, at TEXT NOT NULL, device TEXT)""")
    db.execute("""CREATE TABLE game_side_results (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side INTEGER NOT NULL, totals TEXT NOT NULL, at TEXT NOT NULL, device TEXT, request_key TEXT,
        PRIMARY KEY (game_id, side))""")
    db.execute("""CREATE TABLE side_pins (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side INTEGER NOT NULL, pin_hash TEXT NOT NULL, PRIMARY KEY (game_id, side))""")


def _sections(db: sqlite_utils.Database) -> None:
    """Big events in sections (API.md "Big events: sections"): how many sections an event's entrants are split into
    (NULL: one field). A table's section follows from its entrants, so nothing else is stored."""
    db.execute("ALTER TABLE events ADD COLUMN sections INTEGER")


MIGRATIONS = [_initial, _request_keys, _players_and_paper_scores, _pin_failures, _taken_back, _side_marks, _events,
              _event_keys, _event_pins, _rule_sets, _tournaments, _event_pin_failures, _event_revisions,
              _adjustment_revisions, _director_pins, _rule_set_pins, _pin_failure_times, _members, _seasons,
              _table_pin_secrets, _confirmations, _sections]
COUNTED = 4  # the first migrations, counted by PRAGMA user_version before they were recorded by name

_SET = sqlite_utils.Migrations(SET_NAME)
for _step in MIGRATIONS:
    _SET(name=_step.__name__)(_step)


def applied_names(db: sqlite_utils.Database) -> list[str]:
    """The names of the migrations recorded as applied to this database, in the order they ran."""
    return [m.name for m in _SET.applied(db)]


def unknown_migrations(db: sqlite_utils.Database) -> list[str]:
    """Migrations recorded in this database that this Meldbook does not have (a newer Meldbook made them)."""
    known = {step.__name__ for step in MIGRATIONS}
    return [name for name in applied_names(db) if name not in known]


def _version(db: sqlite_utils.Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def _up_to_date(db: sqlite_utils.Database) -> bool:
    names = applied_names(db)
    return bool(names) and not _SET.pending(db) and _version(db) == len(names)


def _record_counted(db: sqlite_utils.Database) -> None:
    """A database from before names were recorded: its first user_version migrations ran, in order."""
    _SET.ensure_migrations_table(db)
    now = str(datetime.now(timezone.utc))
    db[_SET.migrations_table].insert_all(
        {"migration_set": SET_NAME, "name": step.__name__, "applied_at": now}
        for step in MIGRATIONS[:min(_version(db), COUNTED)])


def migrate(db: sqlite_utils.Database) -> int:
    """Apply every migration not yet applied, all in one write transaction; returns how many are applied.

    A database that is up to date is only read (a second process starting at the same moment
    waits for the first one's transaction, then finds nothing left to do).
    """
    if not _up_to_date(db):
        with write(db):
            if _version(db) and not applied_names(db):
                _record_counted(db)
            _SET.apply(db)
            db.execute(f"PRAGMA user_version = {len(applied_names(db))}")
    return len(applied_names(db))
