"""API.md, Command line: files written by the app (database, exports, backups) are readable by their
owner only (mode 0600); so is the secret key that signs sessions."""
import os
import stat

from app import _secret_key

from .cli_helpers import HAND, PAIRS, make_database, run_app, wait_for
from .server import Server

OPEN_UMASK = 0o000  # whatever the user's umask, the app's files stay private


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_servers_database_files_and_backups(tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    path = tmp_path / "games.sqlite"
    server = Server(path, "--backup-dir", str(folder))
    try:
        status, game = server.request("POST", "/api/games", PAIRS)
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
        made = wait_for(lambda: [p for p in folder.iterdir() if p.name.startswith("games-backup-")])
        files = [path, tmp_path / "games.sqlite-wal", tmp_path / "games.sqlite-shm", tmp_path / "games.sqlite.lock",
                 *made]
        assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}
    finally:
        server.stop()


def test_export_backup_and_restore_write_private_files(tmp_path):
    source = tmp_path / "games.sqlite"
    make_database(source)
    for args in (("export", tmp_path / "games.json"), ("backup", tmp_path / "games.bak"),
                 ("import", tmp_path / "games.json", "--db", tmp_path / "imported.sqlite"),
                 ("restore", tmp_path / "games.bak", "--db", tmp_path / "imported.sqlite")):
        result = run_app(*args, *(("--db", source) if "--db" not in args else ()), umask=OPEN_UMASK)
        assert result.returncode == 0, result.stderr
    kept, = [p for p in tmp_path.iterdir() if ".replaced-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    written = [tmp_path / "games.json", tmp_path / "games.bak", tmp_path / "imported.sqlite", kept]
    assert {p.name: mode(p) for p in written} == {p.name: 0o600 for p in written}


def test_an_existing_database_is_made_private_when_opened(tmp_path):
    path = tmp_path / "games.sqlite"
    make_database(path)
    os.chmod(path, 0o644)
    result = run_app("export", tmp_path / "games.json", "--db", path)
    assert result.returncode == 0, result.stderr
    assert mode(path) == 0o600


def test_the_secret_key(tmp_path):
    old = os.umask(OPEN_UMASK)
    try:
        _secret_key(str(tmp_path))
    finally:
        os.umask(old)
    assert mode(tmp_path / "secret_key") == 0o600
