"""API.md, Command line: `backup FILE [--force]` makes a consistent copy with SQLite's online backup and
refuses (exit 1, one line, nothing changed) the live database or its -wal/-shm/-journal file, a
folder, or an existing file unless --force."""
import os
import sqlite3

import pytest

from .cli_helpers import HAND, assert_refused, dump, integrity, make_database, run_app
from .server import Server


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "meldbook.sqlite"
    make_database(path)
    return path


def test_backup_is_a_consistent_copy(database, tmp_path):
    copy = tmp_path / "copy.bak"
    result = run_app("backup", copy, "--db", database)
    assert result.returncode == 0, result.stderr
    assert dump(copy) == dump(database) and integrity(copy) == "ok"
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []


def test_backup_onto_the_live_wal_keeps_writes_not_yet_checkpointed(database):
    # the worst finding: `backup meldbook.sqlite-wal` used to rename a database image over the
    # write-ahead log, wiping every write not yet copied into the main file
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")  # keep the write in the -wal only
    writer.execute("UPDATE sides SET name = 'Not yet checkpointed' WHERE idx = 0")
    wal = database.with_name(database.name + "-wal")
    before = wal.read_bytes()
    assert len(before) > 0
    result = run_app("backup", wal, "--db", database, "--force")
    line = assert_refused(result, wal)
    assert "write-ahead log" in line
    assert wal.read_bytes() == before
    writer.close()
    names = {s["name"] for g in dump(database)["games"] for s in g["sides"]}
    assert "Not yet checkpointed" in names


@pytest.mark.parametrize("suffix, what", [("", "the live database"), ("-wal", "write-ahead log"),
                                          ("-shm", "shared-memory"), ("-journal", "rollback journal")])
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_backup_refuses_the_database_and_its_files(database, suffix, what, force):
    target = database.with_name(database.name + suffix)
    before = {p.name: p.read_bytes() for p in database.parent.iterdir() if p.is_file()}
    line = assert_refused(run_app("backup", target, "--db", database, *force), target)
    assert what in line
    assert {p.name: p.read_bytes() for p in database.parent.iterdir() if p.is_file()} == before


def test_backup_refuses_another_name_for_the_database(database, tmp_path):
    link, hard = tmp_path / "link.sqlite", tmp_path / "hard.sqlite"
    link.symlink_to(database)
    os.link(database, hard)
    for target in (link, hard):
        assert "the live database" in assert_refused(run_app("backup", target, "--db", database, "--force"), target)
    assert dump(database)["games"]


def test_backup_refuses_a_folder(database, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    assert "folder" in assert_refused(run_app("backup", folder, "--db", database, "--force"), folder)
    assert list(folder.iterdir()) == []


def test_backup_refuses_an_existing_file_unless_forced(database, tmp_path):
    target = tmp_path / "keep-me.txt"
    target.write_text("something precious")
    assert "--force" in assert_refused(run_app("backup", target, "--db", database), target)
    assert target.read_text() == "something precious"
    assert run_app("backup", target, "--db", database, "--force").returncode == 0
    assert dump(target) == dump(database)


def test_backup_refuses_a_missing_folder(database, tmp_path):
    target = tmp_path / "no-such-folder" / "copy.bak"
    assert "folder does not exist" in assert_refused(run_app("backup", target, "--db", database), target)


def test_backup_while_a_server_writes(tmp_path):
    path = tmp_path / "served.sqlite"
    server = Server(path)
    try:
        status, game = server.request("POST", "/api/games", {"variant": "ponytail", "sides": [
            {"name": "A", "players": ["A1", "A2"]}, {"name": "B", "players": ["B1", "B2"]}]})
        assert status == 201
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
        result = run_app("backup", tmp_path / "copy.bak", "--db", path)
        assert result.returncode == 0, result.stderr
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201  # still serving
    finally:
        server.stop()
    copied, = dump(tmp_path / "copy.bak")["games"]
    assert (copied["id"], len(copied["hands"])) == (game["id"], 1)
