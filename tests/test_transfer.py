"""Export, import, backup (`python app.py export|import|backup FILE`) and the one-game download."""
import json
import sqlite3
import subprocess
import sys

import pytest

import checks
import db
from app import main as app_main
from db import backups, export

from .examples import PONYTAIL
from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS
from .server import ROOT


@pytest.fixture(scope="module")
def filled_once(tmp_path_factory):
    """A database with a game of each variant: hands with card counts, a correction, a PIN, an ended game."""
    from app import create_app
    path = tmp_path_factory.mktemp("filled") / "games.sqlite"
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()
    pony = client.post("/api/games", json={**PONY_THREE, "pin": "2468"}).get_json()
    pin = {"X-Table-PIN": "2468"}
    client.post(f"/api/games/{pony['id']}/hands", json={"entries": [{"melded": {"jokers": 1, "tens": 3}}, {}, {}]},
                headers=pin)
    client.post(f"/api/games/{pony['id']}/sides/2/failed-meld", headers=pin)
    pairs = client.post("/api/games", json={**PONYTAIL_PAIRS, "options": {"finish_at": "2031-05-01T22:30"}}).get_json()
    client.post(f"/api/games/{pairs['id']}/hands", json=PONYTAIL.hands[0].payload)
    client.post(f"/api/games/{pairs['id']}/hands", json={"entries": [{}, {"melded": 45}]})
    client.put(f"/api/games/{pairs['id']}/hands/2", json={"entries": [{"melded": 5}, {}]})
    five = client.post("/api/games", json={**FIVE, "sides": [{"name": "Ünïcode ✓", "players": ["Ünïcode ✓"]},
                                                              *FIVE["sides"][1:]]}).get_json()
    client.post(f"/api/games/{five['id']}/end")
    return path


@pytest.fixture
def filled(filled_once, app):
    """This test's own copy of the filled database, which the `client` fixture serves."""
    conn = db.connect(str(filled_once))
    backups.backup(conn, app.config["DATABASE"])
    conn.conn.close()
    return app.config["DATABASE"]


def run(*args):
    """`python app.py ARGS` as a real process (for the round trip and the argument handling)."""
    return subprocess.run([sys.executable, str(ROOT / "app.py"), *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def cli(capsys):
    """`python app.py ARGS` in this process (fast): returns (exit code, stdout, stderr)."""

    def call(*args):
        try:
            code = app_main([str(a) for a in args])
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 2
            print(stop.code, file=sys.stderr)
        out, err = capsys.readouterr()
        return code, out, err

    return call


def dump(path):
    conn = db.connect(str(path))
    try:
        return export.export_games(conn)
    finally:
        conn.conn.close()


def api_games(path):
    """Every game object as the API shows it, from the database at `path`."""
    from app import create_app
    client = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()
    games = [client.get(f"/api/games/{g['id']}").get_json() for g in client.get("/api/games").get_json()]
    for g in games:  # the one-minute Undo of the last hand belongs to the table's own database, not to a copy
        g.pop("last_hand_revision")
    return games


def test_export_import_round_trip_is_exact(filled, tmp_path):
    exported, again = tmp_path / "games.json", tmp_path / "again.json"
    result = run("export", exported, "--db", filled)
    assert result.returncode == 0 and "Exported 3 games" in result.stdout
    moved = tmp_path / "moved.sqlite"
    result = run("import", exported, "--db", moved)
    assert result.returncode == 0, result.stderr
    assert run("export", again, "--db", moved).returncode == 0
    # the same games, each under a revision above the one it had: a revision names one state
    assert json.loads(again.read_bytes()) == bumped(json.loads(exported.read_bytes()))
    assert api_games(moved) == [{**g, "revision": g["revision"] + 1} for g in api_games(filled)]


def bumped(document, to=None):
    """The export with every game's revision one higher (or set to `to`), as import stores it."""
    return {**document, "games": [{**g, "revision": to or g["revision"] + 1} for g in document["games"]]}


def test_export_file_contents(filled, tmp_path, cli):
    cli("export", tmp_path / "games.json", "--db", filled)
    data = json.loads((tmp_path / "games.json").read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("meldbook-games", 5) and data["events"] == [] and data["members"] == data["seasons"] == []
    assert [g["variant"] for g in data["games"]] == ["pony", "ponytail", "five-person"]
    pony, pairs, five = data["games"]
    assert pony["hands"][0]["entries"][0]["melded"] == {"jokers": 1, "tens": 3}
    assert pony["pin_hash"].startswith("scrypt:16384:8:1$") and pony["marks"] == {"failed_melds": [0, 0, 1]}
    assert pairs["hands"][1]["edited_at"] is not None and pairs["options"]["finish_at"] == "2031-05-01T22:30:00"
    assert five["ended_at"] is not None and five["sides"][0]["name"] == "Ünïcode ✓"
    assert "Ünïcode ✓" in (tmp_path / "games.json").read_text(encoding="utf-8")


def test_imported_pin_still_guards_the_game(filled, tmp_path, cli):
    cli("export", tmp_path / "games.json", "--db", filled)
    cli("import", tmp_path / "games.json", "--db", tmp_path / "moved.sqlite")
    from app import create_app
    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "moved.sqlite"), "SECRET_KEY": "t"}).test_client()
    pony = next(g for g in client.get("/api/games").get_json() if g["variant"] == "pony")
    assert client.post(f"/api/games/{pony['id']}/end").status_code == 403
    assert client.post(f"/api/games/{pony['id']}/end", headers={"X-Table-PIN": "2468"}).status_code == 200


def test_an_export_of_version_1_imports_with_its_failed_melds(filled, tmp_path, cli):
    """Issue 24: a file exported before a game's marks (version 1, Pony's failed melds in "failed_melds") still
    imports whole, its failed melds raising the minimum as they did."""
    cli("export", tmp_path / "games.json", "--db", filled)
    exported = json.loads((tmp_path / "games.json").read_text(encoding="utf-8"))
    data = json.loads(json.dumps(exported))
    for g in data["games"]:  # as version 1 wrote them: failed melds for every game, zeros where none
        g["failed_melds"] = g.pop("marks").get("failed_melds", [0] * len(g["sides"]))
    (tmp_path / "v1.json").write_text(json.dumps({**data, "version": 1}), encoding="utf-8")
    assert cli("import", tmp_path / "v1.json", "--db", tmp_path / "moved.sqlite")[0] == 0
    conn = db.connect(str(tmp_path / "moved.sqlite"))
    moved = export.export_games(conn)
    conn.conn.close()
    assert [g["marks"] for g in moved["games"]] == [{"failed_melds": [0, 0, 1]}, {}, {}]
    # every game as it was exported, but for its revision (an imported game always gets a newer one)
    assert [{**g, "revision": 0} for g in moved["games"]] == [{**g, "revision": 0} for g in exported["games"]]


def mangled(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


BAD_FILES = {
    "not a meldbook file": lambda d: d.update(format="something-else"),
    "newer version": lambda d: d.update(version=2),
    "extra top-level field": lambda d: d.update(extra=1),
    "game is a list": lambda d: d["games"].__setitem__(0, []),
    "unknown variant": lambda d: d["games"][0].update(variant="bridge"),
    "missing field": lambda d: d["games"][0].pop("revision"),
    "revision zero": lambda d: d["games"][0].update(revision=0),
    "revision text": lambda d: d["games"][0].update(revision="3"),
    "bad id": lambda d: d["games"][0].update(id="../etc"),
    "empty side name": lambda d: d["games"][0]["sides"][0].update(name=""),
    "duplicate side names": lambda d: d["games"][1]["sides"][1].update(name="Us"),
    "side names untrimmed": lambda d: d["games"][1]["sides"][1].update(name="  Them "),
    "bad option": lambda d: d["games"][1]["options"].update(target=-5),
    "impossible hand": lambda d: d["games"][1]["hands"][0]["entries"][0].update(red_threes=500),
    "wrong entry count": lambda d: d["games"][1]["hands"][0]["entries"].pop(),
    "hand time missing": lambda d: d["games"][1]["hands"][0].update(recorded_at=None),
    "bad created time": lambda d: d["games"][0].update(created="yesterday"),
    "failed melds per side": lambda d: d["games"][0].update(marks={"failed_melds": [0]}),
    "a mark the variant lacks": lambda d: d["games"][1].update(marks={"failed_melds": [0, 1]}),
    "foreign pin hash": lambda d: d["games"][0].update(pin_hash="plain-0427"),
    "same game twice": lambda d: d["games"].append(d["games"][0]),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_import_refuses_a_bad_file_and_touches_nothing(filled, tmp_path, cli, name):
    target = tmp_path / "target.sqlite"
    cli("import", _write(tmp_path / "first.json", {**dump(filled), "games": [dump(filled)["games"][2]]}),
        "--db", target)
    before = dump(target)
    bad = mangled(dump(filled), BAD_FILES[name])
    code, _, err = cli("import", _write(tmp_path / "bad.json", bad), "--db", target)
    assert code == 1 and "nothing was imported" in err.lower()
    assert dump(target) == before


def _write(path, data):
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe\x00", b"[" * 100_000])
def test_import_refuses_unreadable_files(tmp_path, cli, content):
    (tmp_path / "bad.json").write_bytes(content)
    code, _, err = cli("import", tmp_path / "bad.json", "--db", tmp_path / "t.sqlite")
    assert code == 1 and "Nothing was imported" in err


def test_import_refuses_games_already_there_unless_replace(filled, tmp_path, cli):
    exported = tmp_path / "games.json"
    assert cli("export", exported, "--db", filled)[0] == 0
    conn = db.connect(filled)
    conn.execute("UPDATE games SET revision = 99")  # local changes the import must not silently lose
    conn.conn.close()
    changed = dump(filled)
    code, _, err = cli("import", exported, "--db", filled)
    assert code == 1 and "already in the database" in err
    assert dump(filled) == changed
    assert cli("import", exported, "--db", filled, "--replace")[0] == 0
    assert dump(filled) == bumped(json.loads(exported.read_text(encoding="utf-8")), to=100)


def test_check_document_names_what_is_wrong(filled):
    bad = mangled(dump(filled), BAD_FILES["impossible hand"])
    errors = checks.check_document(bad)
    assert len(errors) == 1 and errors[0].startswith("Game 2, hand 1: entries[1].red_threes: 502 red threes")


def test_backup_is_a_consistent_copy(filled, tmp_path):
    copy = tmp_path / "backup.sqlite"
    result = run("backup", copy, "--db", filled)
    assert result.returncode == 0 and "integrity check: ok" in result.stdout, result.stderr
    assert dump(copy) == dump(filled)
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert not (tmp_path / "backup.sqlite.partial").exists()


def test_backup_while_the_server_writes(filled, tmp_path):
    from app import create_app
    client = create_app({"TESTING": True, "DATABASE": filled, "SECRET_KEY": "t"}).test_client()
    game = client.post("/api/games", json=PONYTAIL_PAIRS).get_json()
    conn = db.connect(filled)
    with db.write(conn):  # a write in progress: the backup copies the last committed state
        conn.execute("UPDATE games SET revision = revision + 100 WHERE id = ?", [game["id"]])
        status = backups.backup(db.connect(filled), str(tmp_path / "b.sqlite"))
    assert status == "ok"
    backed_up = {g["id"]: g["revision"] for g in dump(tmp_path / "b.sqlite")["games"]}
    assert backed_up[game["id"]] == game["revision"]


def test_backup_refuses_to_overwrite_the_database_itself(filled, cli):
    code, _, err = cli("backup", filled, "--db", filled, "--force")
    assert code == 1 and "it is the live database" in err
    assert len(dump(filled)["games"]) == 3


def test_export_of_a_missing_database(tmp_path, cli):
    code, _, err = cli("export", tmp_path / "x.json", "--db", tmp_path / "missing.sqlite")
    assert code != 0 and "no database" in err
    assert not (tmp_path / "missing.sqlite").exists()


def test_serving_still_takes_host_port_db(tmp_path):
    result = run("--help")
    assert result.returncode == 0 and "--host" in result.stdout and "--db" in result.stdout


def test_download_one_game(client, filled, tmp_path, cli):
    pony = next(g for g in client.get("/api/games").get_json() if g["variant"] == "pony")
    response = client.get(f"/api/games/{pony['id']}/download")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="meldbook-{pony["id"]}.json"'
    data = response.get_json()
    assert [g["id"] for g in data["games"]] == [pony["id"]]
    assert "pin_hash" not in data["games"][0]  # anyone may download; the PIN's hash stays home
    assert checks.check_document(data) == []
    assert cli("import", _write(tmp_path / "one.json", data), "--db", tmp_path / "one.sqlite")[0] == 0
    moved, = api_games(tmp_path / "one.sqlite")
    original = client.get(f"/api/games/{pony['id']}").get_json()
    original.pop("last_hand_revision")  # Undo stays with the table's own database
    assert {**moved, "has_pin": True} == {**original, "revision": original["revision"] + 1}


def test_download_of_unknown_game(client):
    response = client.get("/api/games/nosuch/download")
    assert response.status_code == 404 and response.get_json()["errors"]
