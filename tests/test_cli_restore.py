"""API.md, Command line: `restore FILE` checks a backup as `import` checks a file (integrity, schema,
every value) and puts it in place of the database, keeping the replaced one beside it; it refuses
(exit 1, one line) while a server is using that database."""
import re
import sqlite3

import pytest

import commands
from db import files

from .cli_helpers import HAND, assert_refused, dump, make_database, run_app
from .server import Server


@pytest.fixture
def backup_file(tmp_path):
    """A backup (made by `backup`) of a database with two games."""
    make_database(tmp_path / "old.sqlite")
    assert run_app("backup", tmp_path / "games.bak", "--db", tmp_path / "old.sqlite").returncode == 0
    return tmp_path / "games.bak"


@pytest.fixture
def live(tmp_path):
    """The database to restore into, with other games than the backup."""
    path = tmp_path / "live" / "meldbook.sqlite"
    path.parent.mkdir()
    make_database(path)
    return path


def folder(path):
    """The files beside the database (the lock file restore takes aside)."""
    return sorted(p.name for p in path.parent.iterdir() if not p.name.endswith(".lock"))


def kept_database(live):
    kept, = [p for p in live.parent.iterdir() if re.fullmatch(r"meldbook\.sqlite\.replaced-\d{8}-\d{4}", p.name)]
    return kept


def test_restore_puts_the_backup_in_place_and_keeps_the_replaced_one(backup_file, live):
    replaced_games = dump(live)
    result = run_app("restore", backup_file, "--db", live)
    assert result.returncode == 0, result.stderr
    assert dump(live) == dump(backup_file)
    kept = kept_database(live)
    assert str(kept) in result.stdout
    assert dump(kept) == replaced_games
    assert [n for n in folder(live) if "restoring" in n] == []


def test_restore_keeps_the_replaced_databases_unsaved_writes(backup_file, live):
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("UPDATE sides SET name = 'Only in the -wal' WHERE idx = 0")
    wal = live.with_name("meldbook.sqlite-wal")
    size = wal.stat().st_size
    writer.close()  # not the last connection (make_database's stays open), so this does not checkpoint
    assert wal.stat().st_size == size > 0  # the change is in the -wal only, as after a crash
    assert run_app("restore", backup_file, "--db", live).returncode == 0
    kept = kept_database(live)
    assert "Only in the -wal" in {s["name"] for g in dump(kept)["games"] for s in g["sides"]}


def test_restore_into_a_new_place(backup_file, tmp_path):
    target = tmp_path / "fresh.sqlite"
    result = run_app("restore", backup_file, "--db", target)
    assert result.returncode == 0, result.stderr
    assert dump(target) == dump(backup_file) and "kept" not in result.stdout


def test_restore_refuses_while_a_server_uses_the_database(backup_file, live):
    server = Server(live)
    try:
        before = dump(live)
        line = assert_refused(run_app("restore", backup_file, "--db", live), live)
        assert "running Meldbook server" in line
        assert server.request("GET", "/api/games")[0] == 200
        assert dump(live) == before
    finally:
        server.stop()
    assert run_app("restore", backup_file, "--db", live).returncode == 0  # stopped: now it may
    assert dump(live) == dump(backup_file)


def test_a_server_started_after_a_restore_serves_the_restored_games(backup_file, live):
    assert run_app("restore", backup_file, "--db", live).returncode == 0
    server = Server(live)
    try:
        listed = server.request("GET", "/api/games")[1]
        assert sorted(g["id"] for g in listed) == sorted(g["id"] for g in dump(backup_file)["games"])
        game_id = listed[0]["id"]
        assert server.request("POST", f"/api/games/{game_id}/hands", HAND,
                              {"X-Table-PIN": "2468"})[0] == 201
    finally:
        server.stop()


def damage_bytes(path):
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xde\xad" * 2048  # a page of the games table overwritten
    path.write_bytes(bytes(data))


def sql(statement):
    def change(path):
        with sqlite3.connect(path) as conn:
            conn.executescript(statement)
        conn.close()
    return change


DAMAGED = {
    "not a database": (lambda p: p.write_bytes(b"hello, this is not SQLite" * 100), "not a readable"),
    "empty file": (lambda p: p.write_bytes(b""), "schema version 0"),
    "cut short": (lambda p: p.write_bytes(p.read_bytes()[:5000]), "damaged"),
    "overwritten page": (damage_bytes, "damaged"),
    "another program's database": (sql("PRAGMA user_version = 0"), "schema version 0"),
    "a newer Meldbook's database": (sql("PRAGMA user_version = 999"), "schema version 999"),
    "a revision of zero": (sql("UPDATE games SET revision = 0"), "revision"),
    "a revision above 2^53": (sql(f"UPDATE games SET revision = {2 ** 53 + 1}"), "revision"),
    "a foreign PIN hash": (sql("UPDATE games SET pin_hash = 'plain:2468' WHERE pin_hash IS NOT NULL"), "pin_hash"),
    "a hand that breaks the rules": (sql("UPDATE hands SET entries = '[{\"melded\": 7}, {}]'"), "hand 1"),
    "a hand of a missing game": (sql("PRAGMA foreign_keys = OFF; INSERT INTO hands (game_id, entries, recorded_at) "
                                     "VALUES ('gone', '[]', '2026-11-23T20:00:00+00:00')"), "damaged"),
}


@pytest.mark.parametrize("name", DAMAGED)
def test_restore_refuses_a_damaged_or_wrong_backup(backup_file, live, name):
    damage, reason = DAMAGED[name]
    damage(backup_file)
    before, files_before = dump(live), folder(live)
    line = assert_refused(run_app("restore", backup_file, "--db", live), backup_file)
    assert reason in line and "nothing was restored" in line
    assert dump(live) == before and folder(live) == files_before


@pytest.mark.parametrize("migrate", [True, False], ids=["export and import", "backup"])
def test_a_command_at_work_on_the_database_keeps_restore_out_until_it_is_done(live, migrate):
    """An export, import or backup holds the lock a server holds while it works, so a restore started
    meanwhile is refused instead of swapping the file from under it (its writes would land in the old file)."""
    with commands._opened(str(live), migrate=migrate) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2
        assert files.take_sole_lock(str(live)) is None
    alone = files.take_sole_lock(str(live))
    assert alone is not None
    files.release(alone)
