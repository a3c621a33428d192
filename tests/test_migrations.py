"""The schema through sqlite-utils' Migrations: a new database equals one upgraded from any released
version, and upgrading keeps every row."""
import json
import sqlite3

import pytest
import sqlite_utils

import checks
import db
from db.migrations import MIGRATIONS
from scoring import get_variant

from .cli_helpers import PAIRS, PIN, client_for, dump, make_database
from .server import ROOT

# The schema as each released version made it (PRAGMA user_version = N after the first N steps),
# written out here as those versions ran it, so an upgrade is tested from the real thing.
RELEASED = [
    """CREATE TABLE games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1,
        ended_at TEXT, failed_melds TEXT NOT NULL DEFAULT '[]', pin_hash TEXT);
    CREATE TABLE sides (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, idx INTEGER NOT NULL,
        name TEXT NOT NULL, PRIMARY KEY (game_id, idx));
    CREATE TABLE players (
        game_id TEXT NOT NULL, side_idx INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
        PRIMARY KEY (game_id, side_idx, seat),
        FOREIGN KEY (game_id, side_idx) REFERENCES sides(game_id, idx) ON DELETE CASCADE);
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        entries TEXT NOT NULL, recorded_at TEXT NOT NULL, edited_at TEXT);
    CREATE INDEX hands_by_game ON hands(game_id, id);
    CREATE INDEX games_by_updated ON games(updated);""",
    """CREATE TABLE request_keys (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, key TEXT NOT NULL,
        request TEXT NOT NULL, status INTEGER NOT NULL, hand TEXT NOT NULL, created TEXT NOT NULL,
        PRIMARY KEY (game_id, key));
    CREATE INDEX request_keys_by_created ON request_keys(created);
    ALTER TABLE games ADD COLUMN hand_revision INTEGER;""",
    """ALTER TABLE sides ADD COLUMN start_score INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE IF NOT EXISTS game_summaries (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, summary TEXT NOT NULL);""",
    """CREATE TABLE IF NOT EXISTS pin_failures (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, client TEXT NOT NULL,
        failures INTEGER NOT NULL, locked_until REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, client));""",
    """ALTER TABLE games ADD COLUMN taken_back TEXT;""",
    """ALTER TABLE games ADD COLUMN marks TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games DROP COLUMN failed_melds;""",
    """CREATE TABLE events (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, variant TEXT NOT NULL, options TEXT NOT NULL,
        entrants TEXT NOT NULL, table_size INTEGER NOT NULL, rounds INTEGER NOT NULL, movement TEXT NOT NULL,
        standings TEXT NOT NULL, vp_scale TEXT, created TEXT NOT NULL);
    CREATE INDEX events_by_created ON events(created);
    CREATE TABLE event_rounds (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE, number INTEGER NOT NULL,
        byes TEXT NOT NULL, started TEXT NOT NULL, closed TEXT, request_key TEXT,
        PRIMARY KEY (event_id, number));
    CREATE UNIQUE INDEX event_rounds_by_key ON event_rounds(event_id, request_key);
    CREATE TABLE event_tables (
        event_id TEXT NOT NULL, round INTEGER NOT NULL, table_no INTEGER NOT NULL,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED,
        entrants TEXT NOT NULL, PRIMARY KEY (event_id, round, table_no),
        FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, number) ON DELETE CASCADE);
    CREATE TABLE event_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        at TEXT NOT NULL, device TEXT, game_id TEXT NOT NULL, what TEXT NOT NULL, change TEXT NOT NULL);
    CREATE INDEX event_log_by_event ON event_log(event_id, id);""",
    """ALTER TABLE events ADD COLUMN request_key TEXT;
    ALTER TABLE events ADD COLUMN request TEXT;
    CREATE UNIQUE INDEX events_by_key ON events(request_key);""",
    """ALTER TABLE events ADD COLUMN pin_hash TEXT;""",
    """CREATE TABLE rule_sets (id TEXT PRIMARY KEY, name TEXT NOT NULL, variant TEXT NOT NULL, options TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL, request_key TEXT);
    CREATE UNIQUE INDEX rule_sets_by_key ON rule_sets(request_key);""",
    """ALTER TABLE events ADD COLUMN deals_per_round INTEGER;
    ALTER TABLE events ADD COLUMN round_minutes INTEGER;
    ALTER TABLE events ADD COLUMN bye TEXT;
    ALTER TABLE events ADD COLUMN vp_scale_name TEXT;
    ALTER TABLE event_rounds ADD COLUMN movement TEXT;
    CREATE TABLE event_adjustments (
        id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        entrant INTEGER NOT NULL, round INTEGER NOT NULL, vp INTEGER NOT NULL, points INTEGER NOT NULL,
        reason TEXT NOT NULL, at TEXT NOT NULL, request_key TEXT);
    CREATE INDEX event_adjustments_by_event ON event_adjustments(event_id);
    CREATE UNIQUE INDEX event_adjustments_by_key ON event_adjustments(event_id, request_key);""",
    """CREATE TABLE IF NOT EXISTS event_pin_failures (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE, client TEXT NOT NULL,
        failures INTEGER NOT NULL, locked_until REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (event_id, client));""",
    """ALTER TABLE events ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE events ADD COLUMN changed TEXT;""",
    """CREATE TRIGGER event_changed_by_new_adjustment AFTER INSERT ON event_adjustments BEGIN
        UPDATE events SET revision = revision + 1, changed = strftime('%Y-%m-%dT%H:%M:%f', 'now') WHERE id = NEW.event_id; END;
    CREATE TRIGGER event_changed_by_gone_adjustment AFTER DELETE ON event_adjustments BEGIN
        UPDATE events SET revision = revision + 1, changed = strftime('%Y-%m-%dT%H:%M:%f', 'now') WHERE id = OLD.event_id; END;""",
    """ALTER TABLE events ADD COLUMN director_pin_hash TEXT;
    ALTER TABLE events ADD COLUMN table_pins INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE event_tables ADD COLUMN pin TEXT;""",
    """ALTER TABLE rule_sets ADD COLUMN pin_hash TEXT;
    ALTER TABLE rule_sets ADD COLUMN name_key TEXT;
    CREATE INDEX rule_sets_by_name ON rule_sets(variant, name_key);
    CREATE TABLE IF NOT EXISTS rule_set_pin_failures (
        rule_set_id TEXT NOT NULL REFERENCES rule_sets(id) ON DELETE CASCADE, client TEXT NOT NULL,
        failures INTEGER NOT NULL, locked_until REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (rule_set_id, client));""",
    """ALTER TABLE pin_failures ADD COLUMN last_wrong REAL NOT NULL DEFAULT 0;
    ALTER TABLE event_pin_failures ADD COLUMN last_wrong REAL NOT NULL DEFAULT 0;
    ALTER TABLE rule_set_pin_failures ADD COLUMN last_wrong REAL NOT NULL DEFAULT 0;""",
    """CREATE TABLE members (player TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL, member TEXT NOT NULL,
        member_key TEXT NOT NULL);
    CREATE UNIQUE INDEX members_by_number ON members(member_key);""",
    """CREATE TABLE seasons (id TEXT PRIMARY KEY, name TEXT NOT NULL, counting TEXT NOT NULL, created TEXT NOT NULL,
        request_key TEXT);
    CREATE UNIQUE INDEX seasons_by_key ON seasons(request_key);
    CREATE TABLE season_events (
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE, position INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
        PRIMARY KEY (season_id, position));""",
    """ALTER TABLE events ADD COLUMN pin_secret TEXT;
    ALTER TABLE event_tables ADD COLUMN pin_shifts TEXT;""",
    """ALTER TABLE events ADD COLUMN confirm TEXT NOT NULL DEFAULT 'none';
    CREATE TABLE game_acceptances (
        game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL, side INTEGER NOT NULL, at TEXT NOT NULL, device TEXT);
    CREATE TABLE game_side_results (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side INTEGER NOT NULL, totals TEXT NOT NULL, at TEXT NOT NULL, device TEXT, request_key TEXT,
        PRIMARY KEY (game_id, side));
    CREATE TABLE side_pins (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        side INTEGER NOT NULL, pin_hash TEXT NOT NULL, PRIMARY KEY (game_id, side));""",
    """ALTER TABLE events ADD COLUMN sections INTEGER;""",
]
T0 = "2026-11-23T20:00:00+00:00"


def released(path, version: int) -> None:
    """A database as the released Meldbook at schema `version` left it."""
    conn = sqlite3.connect(path)
    for step in RELEASED[:version]:
        conn.executescript(step)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()


def structure(path) -> dict:
    """Every table's columns (type, NOT NULL, default, key), foreign keys with their actions, indexes,
    and whether its ids are AUTOINCREMENT: the schema as SQLite sees it, whatever text made it."""
    conn = sqlite3.connect(path)
    try:
        found = {}
        for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            indexes = sorted((index, unique, origin, partial,
                              tuple(c[2] for c in conn.execute(f'PRAGMA index_info("{index}")')))
                             for _, index, unique, origin, partial in conn.execute(f'PRAGMA index_list("{name}")'))
            found[name] = {"columns": conn.execute(f'PRAGMA table_xinfo("{name}")').fetchall(),
                           "foreign keys": sorted(conn.execute(f'PRAGMA foreign_key_list("{name}")').fetchall()),
                           "indexes": indexes, "autoincrement": "AUTOINCREMENT" in sql.upper()}
        return found
    finally:
        conn.close()


def migrate(path) -> int:
    conn = db.connect(str(path))
    try:
        return db.migrate(conn)
    finally:
        conn.conn.close()


def recorded(path) -> tuple[int, list[str]]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations WHERE migration_set = 'meldbook' "
                                            "ORDER BY id")]
        return conn.execute("PRAGMA user_version").fetchone()[0], names
    finally:
        conn.close()


def every_row(path, columns: dict | None = None) -> dict:
    """Every row of every table, as text; with `columns` (an older file's, see `columns_of`), only those columns."""
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name")]
        tables = [t for t in tables if not columns or t in columns]  # tables made later start empty
        picked = {t: ", ".join(f'"{c}"' for c in columns[t]) if columns else "*" for t in tables}
        return {t: sorted(map(repr, conn.execute(f'SELECT {picked[t]} FROM "{t}"'))) for t in tables}
    finally:
        conn.close()


def columns_of(path) -> dict:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: [c[1] for c in conn.execute(f'PRAGMA table_info("{t}")')] for t in tables}
    finally:
        conn.close()


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    path = tmp_path_factory.mktemp("fresh") / "new.sqlite"
    assert migrate(path) == len(MIGRATIONS)
    return path


def test_a_new_database_has_every_migration_recorded_by_name(fresh):
    assert recorded(fresh) == (len(MIGRATIONS), [step.__name__ for step in MIGRATIONS])
    assert structure(fresh)["hands"]["autoincrement"] and not structure(fresh)["games"]["autoincrement"]


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_released_database_upgrades_to_exactly_the_new_schema(tmp_path, fresh, version):
    path = tmp_path / "old.sqlite"
    released(path, version)
    assert migrate(path) == len(MIGRATIONS)
    assert structure(path) == structure(fresh)
    assert recorded(path) == recorded(fresh)


def test_the_released_schema_is_the_new_one(tmp_path, fresh):
    """The migrations written with sqlite-utils make what the released SQL made, column for column."""
    path = tmp_path / "latest.sqlite"
    released(path, len(RELEASED))
    made = structure(path)
    assert made == {k: v for k, v in structure(fresh).items() if k != "_sqlite_migrations"}


def test_migrating_an_up_to_date_database_writes_nothing(fresh):
    conn = sqlite3.connect(f"file:{fresh}?mode=ro", uri=True)  # a write would fail on this connection
    try:
        assert db.migrate(sqlite_utils.Database(conn)) == len(MIGRATIONS)
    finally:
        conn.close()


def test_a_version_4_database_keeps_every_row_and_game(tmp_path):
    games = dump_of_two_games(tmp_path)
    path = tmp_path / "v4.sqlite"
    released(path, 4)
    conn = db.connect(str(path))  # opened, not migrated: the games go in as version 4 wrote them
    for game in games["games"]:
        insert_as_version_4(conn, game)
    game_id = games["games"][1]["id"]
    conn.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES (?, '[{}, {}]', ?)", [game_id, T0])
    conn.execute("DELETE FROM hands WHERE id = (SELECT max(id) FROM hands)")  # its id is never given again
    conn.execute("INSERT INTO request_keys VALUES (?, 'tap-1', 'fp', 201, '{}', ?)", [game_id, T0])
    conn.execute("INSERT INTO game_summaries VALUES (?, 3, '{}')", [game_id])
    conn.execute("INSERT INTO pin_failures VALUES (?, '192.0.2.7', 2, 0)", [game_id])
    conn.conn.close()
    rows_before, had = every_row(path), columns_of(path)
    had["games"].remove("failed_melds")  # now one of the game's marks (_side_marks)
    rows_before = every_row(path, had)
    highest = max(h[0] for h in sqlite3.connect(path).execute("SELECT max(id) FROM hands"))

    client = client_for(path)  # the app upgrades the file it is given
    assert recorded(path)[0] == len(MIGRATIONS)
    assert dump(path) == games and every_row(path, had) == rows_before  # columns added later start empty
    for game in games["games"]:
        assert client.get(f"/api/games/{game['id']}").get_json()["revision"] == game["revision"]
    added = client.post(f"/api/games/{game_id}/hands", json={"entries": [{}, {}]}, headers={"X-Table-PIN": PIN})
    assert added.status_code == 201
    newest = sqlite3.connect(path).execute("SELECT max(id) FROM hands").fetchone()[0]
    assert newest == highest + 2  # AUTOINCREMENT kept: the deleted hand's id was skipped


def test_a_version_1_database_keeps_its_games(tmp_path):
    path = tmp_path / "v1.sqlite"
    released(path, 1)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO games (id, variant, options, created, updated, revision, failed_melds) "
                 "VALUES ('old', 'ponytail', ?, ?, ?, 2, '[0, 0]')", [json.dumps(default_options(tmp_path)), T0, T0])
    for side, (name, players) in enumerate([("Us", ["Ann", "Bob"]), ("Them", ["Cy", "Di"])]):
        conn.execute("INSERT INTO sides VALUES ('old', ?, ?)", [side, name])
        conn.executemany("INSERT INTO players VALUES ('old', ?, ?, ?)", [(side, s, p) for s, p in enumerate(players)])
    conn.execute("INSERT INTO hands (game_id, entries, recorded_at) VALUES ('old', ?, ?)",
                 [json.dumps([{"melded": 50}, {}]), T0])
    conn.commit()
    conn.close()

    game = client_for(path).get("/api/games/old").get_json()
    assert [s["name"] for s in game["sides"]] == ["Us", "Them"] and game["hands_played"] == 1
    assert game["revision"] == 2
    assert recorded(path) == (len(MIGRATIONS), [step.__name__ for step in MIGRATIONS])


def test_restore_refuses_a_database_with_migrations_this_meldbook_lacks(tmp_path, fresh):
    path = tmp_path / "newer.sqlite"
    path.write_bytes(fresh.read_bytes())
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                 "VALUES ('meldbook', '_from_the_future', ?)", [T0])
    conn.commit()
    conn.close()
    problems = checks.check_backup(str(path))
    assert len(problems) == 1 and "newer Meldbook" in problems[0] and "_from_the_future" in problems[0]


def insert_as_version_4(conn: sqlite_utils.Database, game: dict) -> None:
    """An exported game written the way Meldbook wrote it at schema version 4 (failed melds in their own column)."""
    melds = game["marks"].get("failed_melds", [0] * len(game["sides"]))
    conn.execute("INSERT INTO games (id, variant, options, created, updated, revision, ended_at, failed_melds, "
                 "pin_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 [game["id"], game["variant"], json.dumps(game["options"]), game["created"], game["updated"],
                  game["revision"], game["ended_at"], json.dumps(melds), game.get("pin_hash")])
    for i, side in enumerate(game["sides"]):
        conn.execute("INSERT INTO sides (game_id, idx, name, start_score) VALUES (?, ?, ?, ?)",
                     [game["id"], i, side["name"], side.get("start_score", 0)])
        for seat, name in enumerate(side["players"]):
            conn.execute("INSERT INTO players VALUES (?, ?, ?, ?)", [game["id"], i, seat, name])
    for hand in game["hands"]:
        conn.execute("INSERT INTO hands (game_id, entries, recorded_at, edited_at) VALUES (?, ?, ?, ?)",
                     [game["id"], json.dumps(hand["entries"]), hand["recorded_at"], hand["edited_at"]])


def dump_of_two_games(tmp_path) -> dict:
    make_database(tmp_path / "source.sqlite")
    return dump(tmp_path / "source.sqlite")


def default_options(tmp_path) -> dict:
    """The options a new ponytail game stores, as the app makes them."""
    client_for(tmp_path / "options.sqlite").post("/api/games", json=PAIRS)
    return dump(tmp_path / "options.sqlite")["games"][0]["options"]


DATA = ROOT / "tests" / "data"
UNDECLARED = {"ponytail": {"failed_melds"}, "five-person": {"failed_melds"}, "classic": {"failed_melds"}, "pony": set()}


def without_undeclared_marks(game: dict) -> dict:
    """A game object of that main with the sides' marks its variant does not have taken out, and every hand saying
    it was not copied from paper (API.md: the hand object's from_paper, added since), and no tie being played off
    (RULES.md §14 tie_plays_another_hand, added since: `playing_off` null)."""
    gone = UNDECLARED[game["variant"]]
    # RULES.md §14: its house rules (each that main's default) answered in today's names, and every entry field added
    # since shown as 0 — the scores, totals and result stay exactly as that code answered them
    variant = get_variant(game["variant"])
    blank = {f.name: False if f.kind == "flag" else 0 for f in variant.fields}
    return {**game, "playing_off": None, "options": {**game["options"], "house_rules": variant.house_rules},
            "sides": [{k: v for k, v in s.items() if k not in gone} for s in game["sides"]],
            "hands": [{**h, "from_paper": False, "entries": [{**blank, **e} for e in h["entries"]]}
                      for h in game["hands"]]}


def test_games_stored_by_the_main_of_2026_11_25_open_unchanged(tmp_path):
    """Issue 24: a database made by the code before a game's shape was declared (tests/data/make_made_by_main.py,
    run on that main: every variant, finished and not, Pony with two failed melds pending, a PIN, a game begun
    on paper) opens after the migration with every game object as that code answered it. The changes: a
    side carries only the marks its variant declares (Pony's failed_melds), no longer "failed_melds": 0
    everywhere, and a hand says "from_paper": false."""
    path = tmp_path / "old.sqlite"
    path.write_bytes((DATA / "made-by-main-2026-11-25.sqlite").read_bytes())
    then = json.loads((DATA / "made-by-main-2026-11-25.json").read_text(encoding="utf-8"))
    client = client_for(path)
    for game in then:
        assert client.get(f"/api/games/{game['id']}").get_json() == without_undeclared_marks(game)
    assert {g["variant"] for g in then} == {"ponytail", "pony", "five-person", "classic"}
    assert {g["finished"] for g in then} == {True, False}
    assert [s["failed_melds"] for s in then[-1]["sides"]] == [0, 2, 0]  # still raising Pony's minimum: 2 x 10
