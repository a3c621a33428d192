"""API.md, Command line: the server writes its own rotated backups into `--backup-dir DIR` (default: the
instance folder): at most one an hour while games change, one after a game ends, the newest 20
kept within 10% of the free disk, off the request path; a failing one is logged and breaks nothing."""
import logging
import re
from datetime import datetime, timedelta, timezone

import pytest

import db
from app import create_app
from db import backups
from db.backups import CannotUse

from .cli_helpers import HAND, PAIRS, dump, integrity, run_app, wait_for
from .server import Server


@pytest.fixture
def serving(tmp_path):
    """An app with automatic backups into tmp_path/backups (an hour apart), and its test client."""
    folder = tmp_path / "backups"
    folder.mkdir()
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "games.sqlite"), "SECRET_KEY": "t",
                      "AUTO_BACKUPS": True, "BACKUP_DIR": str(folder)})
    yield app, app.test_client(), folder
    app.extensions["meldbook_backups"].stop()


def backups_in(folder):
    return sorted(p for p in folder.iterdir() if re.fullmatch(r"\w+-backup-[\d-]+\.sqlite", p.name))


def test_first_change_is_backed_up_then_at_most_hourly_and_after_a_finished_game(serving):
    app, client, folder = serving
    game = client.post("/api/games", json=PAIRS).get_json()
    first, = wait_for(lambda: backups_in(folder))
    assert [g["id"] for g in dump(first)["games"]] == [game["id"]]
    assert client.post(f"/api/games/{game['id']}/hands", json=HAND).status_code == 201  # within the hour
    assert client.post(f"/api/games/{game['id']}/end").get_json()["finished"] is True
    kept = wait_for(lambda: len(backups_in(folder)) == 2 and backups_in(folder))
    assert kept[0] == first  # the hand alone made none; the finished game made one at once
    saved, = dump(kept[1])["games"]
    assert saved["ended_at"] is not None and len(saved["hands"]) == 1
    assert integrity(kept[1]) == "ok"


def test_a_failing_backup_is_logged_in_one_line_and_the_request_still_works(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="meldbook.backups")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "games.sqlite"), "SECRET_KEY": "t",
                      "AUTO_BACKUPS": True, "BACKUP_DIR": str(tmp_path / "missing")})
    try:
        answer = app.test_client().post("/api/games", json=PAIRS)
        assert answer.status_code == 201
        record, = wait_for(lambda: caplog.records)
    finally:
        app.extensions["meldbook_backups"].stop()
    message = record.getMessage()
    assert "\n" not in message and str(tmp_path / "missing") in message and "failed" in message


def test_names_sort_by_time():
    start = datetime(2026, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)
    times = [start + timedelta(microseconds=n) for n in (0, 1, 3_600_000_000, 86_400_000_000 * 40)]
    times.append(start.astimezone(timezone(timedelta(hours=5))) + timedelta(seconds=2))  # another zone
    names = [backups.backup_name("/x/meldbook.sqlite", t) for t in times]
    assert sorted(names) == [names[i] for i in sorted(range(len(times)), key=lambda i: times[i])]
    assert names[0] == "meldbook-backup-20261231-235959-999999.sqlite"


@pytest.mark.parametrize("sizes, keep, allowance, removed", [
    ([("a", 10), ("b", 10), ("c", 10)], 20, 100, []),
    ([("a", 10), ("b", 10), ("c", 10)], 2, 100, ["a"]),        # the newest `keep`
    ([("a", 10), ("b", 10), ("c", 10)], 20, 25, ["a"]),        # within the share of the disk
    ([("a", 30), ("b", 10), ("c", 10)], 20, 25, ["a"]),
    ([("a", 10), ("b", 10), ("c", 30)], 20, 25, ["c"]),        # one too big goes; older ones that fit stay
])
def test_which_backups_are_removed(sizes, keep, allowance, removed):
    assert backups.to_remove(sizes, keep, allowance) == removed


def test_the_newest_are_kept(tmp_path):
    conn = db.connect(str(tmp_path / "games.sqlite"))
    db.migrate(conn)
    start = datetime(2026, 11, 23, 20, 0, tzinfo=timezone.utc)
    written = [backups.write_backup(conn, str(tmp_path), keep=3, disk_share=0.10, now=start + timedelta(minutes=n))
               for n in range(5)]
    assert backups_in(tmp_path) == sorted(tmp_path / name for name in map(str, written[2:]))


def test_no_backup_beyond_the_share_of_the_free_disk(tmp_path):
    conn = db.connect(str(tmp_path / "games.sqlite"))
    db.migrate(conn)
    with pytest.raises(CannotUse, match="free disk"):
        backups.write_backup(conn, str(tmp_path), keep=20, disk_share=1e-15)
    assert backups_in(tmp_path) == []


def test_the_real_server_backs_up_into_backup_dir_and_the_backup_restores(tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    server = Server(tmp_path / "games.sqlite", "--backup-dir", str(folder))
    try:
        status, game = server.request("POST", "/api/games", PAIRS)
        assert status == 201
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
        made = wait_for(lambda: backups_in(folder))
    finally:
        server.stop()
    assert made[0].name.startswith("games-backup-") and integrity(made[0]) == "ok"
    assert [g["id"] for g in dump(made[-1])["games"]] == [game["id"]]
    result = run_app("restore", made[-1], "--db", tmp_path / "games.sqlite")
    assert result.returncode == 0, result.stderr
    assert [g["id"] for g in dump(tmp_path / "games.sqlite")["games"]] == [game["id"]]
