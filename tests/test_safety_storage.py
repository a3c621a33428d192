"""API.md, Safety (every route): "Busy or broken storage answers in words".

A write that cannot get the database within 5 seconds gets 503 with Retry-After while reads keep
answering; a full disk gets 507, a damaged or read-only database file 503, each with a message
that names what is wrong and what to do; nothing acknowledged is lost and nothing half-written
stays; the server refuses to start on a damaged database with one line naming the file, exit 1.
"""
import sqlite3

import pytest
import sqlite_utils

import db
from db import faults
from web.plumbing import database as web_database

from .faults import (
    PONYTAIL,
    call,
    csrf_token,
    damage,
    fill,
    hand_count,
    held,
    read_only,
    small_disk,
    start_refused,
)
from .pages import error_page, url
from .server import Server

HAND = {"entries": [{"melded": 50}, {}]}


def started_game(server: Server, hands: int = 2) -> str:
    status, game = server.request("POST", "/api/games", PONYTAIL)
    assert status == 201
    for _ in range(hands):
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
    return game["id"]


@pytest.fixture
def database(tmp_path):
    return tmp_path / "games.sqlite"


@pytest.mark.slow
@pytest.mark.parametrize("how", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_write_the_database_cannot_take_gets_503_while_reads_answer(database, how):
    server = Server(database)
    try:
        game_id = started_game(server)
        with held(database, how):
            status, _, games = call(f"{server.url}/api/games")
            assert status == 200 and games[0]["hands_played"] == 2  # reads go on (WAL)
            status, headers, body = call(f"{server.url}/api/games/{game_id}/hands", "POST", HAND)
            assert (status, headers["Retry-After"]) == (503, "5")
            message = body["errors"][0]["message"]
            assert "database is busy" in message and "Nothing was saved" in message and "try again" in message
            assert call(f"{server.url}/api/games/{game_id}")[0] == 200
        status, _, answer = call(f"{server.url}/api/games/{game_id}/hands", "POST", HAND)
        assert (status, answer["hand"]["number"]) == (201, 3)
    finally:
        server.stop()
    assert hand_count(database) == 3


@pytest.mark.slow
@pytest.mark.parametrize("how, words", [("truncated", "database disk image is malformed"),
                                        ("overwritten", "file is not a database")])
def test_the_server_refuses_to_start_on_a_damaged_database(database, how, words):
    server = Server(database)
    try:
        started_game(server, hands=3)
    finally:
        server.stop()
    damage(database, how)
    refused = start_refused(database)
    assert refused.returncode == 1
    assert refused.stdout == ""
    line, = refused.stderr.splitlines()
    assert line.startswith(f"Meldbook cannot use {database}: the file is damaged ({words}")
    assert "put back a backup" in line and "Traceback" not in refused.stderr


@pytest.mark.slow
def test_the_server_refuses_to_start_where_it_cannot_write(tmp_path):
    folder = tmp_path / "kept"
    folder.mkdir()
    db.connect(str(folder / "games.sqlite")).conn.close()
    with read_only(folder) as place:
        for name in ("games.sqlite", "new.sqlite"):
            refused = start_refused(place / name)
            assert refused.returncode == 1
            line, = refused.stderr.splitlines()
            assert line == (f"Meldbook cannot use {place / name}: the file or its folder cannot be written "
                            "(read-only); make it writable and start again.")


@pytest.mark.slow
def test_a_database_damaged_while_running_answers_503_in_words(database):
    server = Server(database)
    try:
        game_id = started_game(server)
        damage(database, "overwritten")
        for method, path, body in [("POST", f"/api/games/{game_id}/hands", HAND), ("GET", "/api/games", None)]:
            status, headers, answer = call(server.url + path, method, body)
            assert status == 503
            assert answer["errors"][0]["message"].startswith("The table's database file is damaged")
            assert "put back a backup" in answer["errors"][0]["message"]
        status, _, page = call(server.url + "/")
        assert status == 503 and "Traceback" not in page
        assert error_page(page)[0].startswith("The table's database file is damaged")
    finally:
        server.stop()
    assert any("is damaged" in line for line in server.output)  # the server's log names the fault


@pytest.mark.slow
def test_a_full_disk_answers_507_and_loses_nothing_acknowledged(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        database = disk / "games.sqlite"
        server = Server(database)
        try:
            game_id = started_game(server)
            filler = fill(disk)
            status, _, answer = call(f"{server.url}/api/games/{game_id}/hands", "POST", HAND)
            assert status == 507
            message = answer["errors"][0]["message"]
            assert "disk" in message and "is full" in message and "nothing was saved" in message
            assert "Free some space" in message
            status, _, game = call(f"{server.url}/api/games/{game_id}")
            assert status == 200 and game["hands_played"] == 2
            filler.unlink()
            status, _, answer = call(f"{server.url}/api/games/{game_id}/hands", "POST", HAND)
            assert (status, answer["hand"]["number"]) == (201, 3)
        finally:
            server.stop()
        assert hand_count(database) == 3


def read_only_connection(path: str) -> sqlite_utils.Database:
    """The database opened as SQLite opens a file it may not write (its mode or its disk)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    database = sqlite_utils.Database(conn)
    database.path = path
    return database


def test_a_read_only_database_answers_503_on_the_api_and_the_pages(app, client, make_game, monkeypatch):
    game = make_game()
    token = csrf_token(client)
    monkeypatch.setattr(web_database._local, "held", None)
    monkeypatch.setattr(web_database.db, "connect", read_only_connection)
    api = client.post(f"/api/games/{game['id']}/hands", json=HAND)
    assert api.status_code == 503 and "Retry-After" not in api.headers
    error, = api.get_json()["errors"]
    assert error["field"] is None and error["message"].startswith("The table's database cannot be written")
    page = client.post(url(client.application, "pages.end_game", game_id=game["id"]), data={"csrf_token": token})
    assert page.status_code == 503
    assert error_page(page)[0].startswith("The table's database cannot be written")
    assert client.get("/api/games").status_code == 200  # the games can still be viewed
    monkeypatch.undo()
    web_database._local.held = None
    assert client.get(f"/api/games/{game['id']}").get_json()["hands_played"] == 0


def storage_error(tmp_path, what: str) -> sqlite3.Error:
    """A real SQLite error of each kind, made on a throwaway database."""
    path = tmp_path / "probe.sqlite"
    conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    conn.execute("CREATE TABLE t (x TEXT)")
    causes = {
        "busy": lambda: (held_open := sqlite3.connect(path, isolation_level=None),
                         held_open.execute("BEGIN EXCLUSIVE"), conn.execute("BEGIN EXCLUSIVE")),
        "full": lambda: (conn.execute("PRAGMA max_page_count = 2"),
                         conn.execute("INSERT INTO t VALUES (?)", ["x" * 100_000])),
        "damaged": lambda: ((tmp_path / "junk").write_bytes(b"junk" * 1000),
                            sqlite3.connect(tmp_path / "junk").execute("SELECT * FROM sqlite_master")),
        "read-only": lambda: sqlite3.connect(f"file:{path}?mode=ro", uri=True).execute("INSERT INTO t VALUES (1)"),
    }
    with pytest.raises(sqlite3.Error) as raised:
        causes[what]()
    return raised.value


@pytest.mark.parametrize("what, kind", [("busy", faults.BUSY), ("full", faults.FULL), ("damaged", faults.DAMAGED),
                                        ("read-only", faults.READ_ONLY)])
def test_storage_errors_are_told_apart(tmp_path, what, kind):
    assert faults.fault(storage_error(tmp_path, what)) == kind


def test_an_error_that_is_no_storage_fault_stays_a_bug():
    assert faults.fault(sqlite3.OperationalError("no such table: games")) is None


def test_a_write_that_fails_leaves_nothing_and_raises_its_own_error(tmp_path):
    database = db.connect(str(tmp_path / "w.sqlite"))
    database.execute("CREATE TABLE t (x TEXT)")
    database.execute("PRAGMA max_page_count = 3")
    with pytest.raises(sqlite3.OperationalError) as raised:
        with db.write(database):
            database.execute("INSERT INTO t VALUES ('kept?')")
            database.execute("INSERT INTO t VALUES (?)", ["x" * 100_000])
    assert faults.fault(raised.value) == faults.FULL
    assert not database.conn.in_transaction
    assert database.execute("SELECT count(*) FROM t").fetchone()[0] == 0
