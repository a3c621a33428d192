"""Issue 31 item 16: `restore` of a database file whose -wal still holds its last writes (its server was killed)
restores those writes too, never silently a database without them."""
import os
import shutil
from pathlib import Path

from .cli_helpers import PAIRS, assert_refused, dump, one_value, run_app
from .server import Server

GAMES = 30


def killed_with_games(folder: Path) -> Path:
    """A server's database after 30 games were made and the server was killed (kill -9): they are in its -wal."""
    source = folder / "src.sqlite"
    server = Server(source)
    try:
        for _ in range(GAMES):
            assert server.request("POST", "/api/games", PAIRS)[0] == 201
    finally:
        server.process.kill()
        server.process.wait()
        server.stop()
    assert os.path.getsize(str(source) + "-wal") > 0  # the games were never checkpointed into the file itself
    return source


def games_in(path: Path) -> int:
    return one_value(path, "SELECT count(*) FROM games")


def test_restore_reads_the_last_writes_in_the_backups_wal(tmp_path):
    source = killed_with_games(tmp_path)
    target = tmp_path / "live.sqlite"
    result = run_app("restore", source, "--db", target)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Restored")
    assert games_in(target) == GAMES
    assert len(dump(target)["games"]) == GAMES
    assert not os.path.exists(str(target) + "-wal") or games_in(target) == GAMES


def test_restore_without_the_wal_it_needs_reads_what_the_file_holds(tmp_path):
    """The -wal copied away (or lost): what the file itself holds is what there is; the restore says no more."""
    source = killed_with_games(tmp_path)
    lone = tmp_path / "lone"
    lone.mkdir()
    shutil.copyfile(source, lone / "src.sqlite")
    result = run_app("restore", lone / "src.sqlite", "--db", tmp_path / "live.sqlite")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert games_in(tmp_path / "live.sqlite") == 0


def test_a_backup_whose_wal_cannot_be_read_is_refused_in_one_line(tmp_path):
    source = killed_with_games(tmp_path)
    wal = Path(str(source) + "-wal")
    wal.unlink()
    wal.mkdir()  # a folder where its -wal should be: SQLite cannot read the last writes
    target = tmp_path / "live.sqlite"
    assert_refused(run_app("restore", source, "--db", target), source)
    assert not target.exists()
