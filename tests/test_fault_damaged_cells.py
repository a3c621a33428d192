"""Issue 31 item 18: a stored value that is not JSON (a damaged cell) makes `export` and `restore` refuse in one
line naming the file, exit status 1, never a traceback; nothing is written."""
import pytest

from .cli_helpers import assert_refused, run_app
from .event_data_helpers import club_database, set_cell

CELLS = [("events", "entrants"), ("events", "options"), ("event_rounds", "byes"), ("event_tables", "entrants"),
         ("event_log", "change"), ("games", "options"), ("games", "marks"), ("hands", "entries")]


@pytest.fixture(scope="module")
def damaged(tmp_path_factory):
    """A club database per damaged cell: {(table, column): path}."""
    folder = tmp_path_factory.mktemp("cells")
    made = {}
    for table, column in CELLS:
        path = folder / f"{table}-{column}.sqlite"
        club_database(path)
        set_cell(path, f"UPDATE {table} SET {column} = ? WHERE rowid = (SELECT min(rowid) FROM {table})", "[1, 2")
        made[table, column] = path
    return made


@pytest.mark.parametrize("cell", CELLS, ids=".".join)
def test_export_of_a_damaged_value_is_one_line(damaged, cell, tmp_path):
    out = tmp_path / "games.json"
    line = assert_refused(run_app("export", out, "--db", damaged[cell]), damaged[cell])
    assert ".".join(cell) in line and "not valid JSON" in line
    assert not out.exists()


@pytest.mark.parametrize("cell", CELLS, ids=".".join)
def test_restore_of_a_damaged_value_is_one_line(damaged, cell, tmp_path):
    live = tmp_path / "live.sqlite"
    line = assert_refused(run_app("restore", damaged[cell], "--db", live), damaged[cell])
    assert "nothing was restored" in line and ".".join(cell) in line and "not valid JSON" in line
    assert not live.exists()
