"""The command line is click's: `flask --app app COMMAND` does what `python app.py COMMAND` does,
on the database given with --db only, and refuses in one line with exit status 1."""
import json

import pytest

from .cli_helpers import assert_refused, dump, make_database, run_app, run_flask


@pytest.fixture
def place(tmp_path):
    """A folder with a database of two games, and MELDBOOK_DB naming a default file that must stay untouched."""
    make_database(tmp_path / "games.sqlite")
    return tmp_path


def untouched_default(place) -> dict:
    return {"MELDBOOK_DB": str(place / "default" / "meldbook.sqlite")}


def leftovers(place) -> list[str]:
    """What a command must not make: the default database (MELDBOOK_DB) or its folder."""
    return sorted(p.name for p in place.rglob("*") if "default" in p.parts or p.name == "default")


def hands_by_game(path) -> dict:
    return {g["id"]: g["hands"] for g in dump(path)["games"]}


def test_export_import_backup_restore_through_flask(place):
    env = untouched_default(place)
    games = place / "games.sqlite"
    exported = run_flask("export", place / "games.json", "--db", games, env=env)
    assert exported.returncode == 0 and "Exported 2 games" in exported.stdout, exported.stderr
    assert json.loads((place / "games.json").read_text())["games"] == dump(games)["games"]

    imported = run_flask("import", place / "games.json", "--db", place / "copy.sqlite", env=env)
    assert imported.returncode == 0 and "Imported 2 games" in imported.stdout, imported.stderr
    assert hands_by_game(place / "copy.sqlite") == hands_by_game(games)  # (revisions move up on import)

    backed_up = run_flask("backup", place / "games.bak", "--db", games, env=env)
    assert backed_up.returncode == 0 and "integrity check: ok" in backed_up.stdout, backed_up.stderr
    # the app flask loads holds no server lock: restore (which needs the lock alone) goes ahead
    restored = run_flask("restore", place / "games.bak", "--db", place / "copy.sqlite", env=env)
    assert restored.returncode == 0 and "Restored" in restored.stdout, restored.stderr
    assert dump(place / "copy.sqlite") == dump(games)
    assert leftovers(place) == []


@pytest.mark.parametrize("args, named, reason", [
    (["import"], "import", "Missing argument 'FILE'"),
    (["backup", "{p}/x.bak", "--db", "{p}/games.sqlite", "--forse"], "backup", "--forse"),
    (["export", "{p}/out.json", "--db", "{p}/none.sqlite"], "{p}/none.sqlite", "no database"),
    (["backup", "{p}/games.sqlite", "--db", "{p}/games.sqlite", "--force"], "{p}/games.sqlite", "live database"),
    (["import", "{p}/bad.json", "--db", "{p}/games.sqlite"], "{p}/bad.json", "not JSON"),
    (["restore", "{p}/bad.json", "--db", "{p}/games.sqlite"], "{p}/bad.json", "not a readable Meldbook database"),
])
def test_every_refusal_through_flask_is_one_line_and_exit_1(place, args, named, reason):
    (place / "bad.json").write_text("{not json")
    before = dump(place / "games.sqlite")
    result = run_flask(*[a.format(p=place) for a in args], env=untouched_default(place))
    assert reason in assert_refused(result, named.format(p=place))
    assert dump(place / "games.sqlite") == before
    assert leftovers(place) == []


def test_flask_lists_the_commands_without_opening_a_database(place):
    result = run_flask("--help", env=untouched_default(place))
    assert result.returncode == 0
    for command in ("export", "import", "backup", "restore"):
        assert f"  {command} " in result.stdout
    assert leftovers(place) == []


def test_python_app_py_takes_db_before_or_after_the_command(place):
    games = place / "games.sqlite"
    before = run_app("--db", games, "export", place / "before.json")
    after = run_app("export", place / "after.json", "--db", games)
    assert before.returncode == after.returncode == 0, (before.stderr, after.stderr)
    assert (place / "before.json").read_text() == (place / "after.json").read_text()


@pytest.mark.parametrize("args, reason", [
    (["--port", "abc"], "'--port'"), (["--port", "70000"], "'--port'"), (["--idle-timeout", "0"], "--idle-timeout"),
    (["--allow-host", "bad name!"], "not a host name"), (["exprot", "x.json"], "No such command 'exprot'"),
    (["--hots", "0.0.0.0"], "--hots")])
def test_a_mistyped_server_command_line_is_one_line_and_exit_1(place, args, reason):
    assert reason in assert_refused(run_app(*args, "--db", place / "games.sqlite"), "python app.py")


def test_help_names_every_command_and_server_option():
    shown = run_app("--help")
    assert shown.returncode == 0
    for word in ("--host", "--port", "--db", "--backup-dir", "--allow-host", "--idle-timeout",
                 "export", "import", "backup", "restore"):
        assert word in shown.stdout
    command = run_app("import", "--help")
    assert command.returncode == 0 and "--replace" in command.stdout and "FILE" in command.stdout
