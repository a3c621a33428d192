"""API.md, Command line: `import FILE [--replace]` checks every value's type and range (whole numbers,
revisions <= 2^53, PIN hashes with the app's own cost parameters only) before it stores anything;
a server running on the same database shows the imported state on its next request, and an
imported game gets a revision above any it had."""
import copy
import json
import urllib.request

import pytest

from db.pin_hash import hash_pin

from .cli_helpers import HAND, PAIRS, PIN, assert_refused, dump, make_database, run_app
from .server import Server

LEGACY_OWN = "scrypt$16384$8$1$" + "ab" * 16 + "$" + "cd" * 64  # the form the app stored before Werkzeug's
OWN = hash_pin(PIN)


@pytest.fixture
def exported(tmp_path):
    """An export document of a database with a plain game and a PIN game with a hand."""
    make_database(tmp_path / "source.sqlite")
    return dump(tmp_path / "source.sqlite")


def changed(document, change):
    document = copy.deepcopy(document)
    change(document)
    return document


def write(path, document):
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def game(i, **values):
    return lambda d: d["games"][i].update(values)


def first_hand(value):
    return lambda d: d["games"][1]["hands"][0]["entries"][0].update(melded=value)


BAD_VALUES = {
    "revision above 2^53": (game(0, revision=2 ** 53 + 1), "revision"),
    "revision a fraction": (game(0, revision=1.5), "revision"),
    "revision a float": (game(0, revision=3.0), "revision"),
    "revision true": (game(0, revision=True), "revision"),
    "revision text": (game(0, revision="3"), "revision"),
    "marks not an object": (game(0, marks=[0, 0]), "marks"),
    "a mark the variant does not declare": (game(0, marks={"failed_melds": [1, 0]}), "marks"),
    "version 1's failed_melds in a version 2 file": (game(0, failed_melds=[0, 0]), "failed_melds"),
    "hand points huge": (first_hand(10 ** 30), "hand 1"),
    "hand points a float": (first_hand(50.0), "hand 1"),
    "hand points text": (first_hand("50"), "hand 1"),
    "created not a time": (game(0, created=20261123), "created"),
    "pin hash of another cost (old form)": (game(1, pin_hash="scrypt$1024$8$1$" + "ab" * 16 + "$" + "cd" * 64),
                                            "pin_hash"),
    "pin hash of another cost (Werkzeug form)": (game(1, pin_hash="scrypt:1024:8:1$abcdefghijklmnop$" + "cd" * 64),
                                                 "pin_hash"),
    "pin hash of another method": (game(1, pin_hash="pbkdf2:sha256:1$abcdefghijklmnop$" + "cd" * 32), "pin_hash"),
    "pin hash not text": (game(1, pin_hash=1234), "pin_hash"),
}


@pytest.mark.parametrize("name", BAD_VALUES)
def test_import_refuses_a_wrong_value_and_stores_nothing(exported, tmp_path, name):
    target = tmp_path / "target.sqlite"
    make_database(target)
    before = dump(target)
    change, field = BAD_VALUES[name]
    bad = write(tmp_path / "bad.json", changed(exported, change))
    line = assert_refused(run_app("import", bad, "--db", target), bad)
    assert "nothing was imported" in line and field in line
    assert dump(target) == before


@pytest.mark.parametrize("pin_hash", [LEGACY_OWN, OWN, None])
def test_import_takes_the_apps_own_pin_hashes(exported, tmp_path, pin_hash):
    document = changed(exported, game(1, pin_hash=pin_hash))
    result = run_app("import", write(tmp_path / "games.json", document), "--db", tmp_path / "t.sqlite")
    assert result.returncode == 0, result.stderr
    assert [g["pin_hash"] for g in dump(tmp_path / "t.sqlite")["games"]] == [None, pin_hash]


def test_an_imported_game_gets_a_revision_above_the_files(exported, tmp_path):
    result = run_app("import", write(tmp_path / "games.json", exported), "--db", tmp_path / "t.sqlite")
    assert result.returncode == 0, result.stderr
    assert ([g["revision"] for g in dump(tmp_path / "t.sqlite")["games"]]
            == [g["revision"] + 1 for g in exported["games"]])


@pytest.mark.parametrize("stored, in_file, expected", [(99, 3, 100), (2, 50, 51), (7, 7, 8)])
def test_a_replaced_game_gets_a_revision_above_both(exported, tmp_path, stored, in_file, expected):
    target = tmp_path / "t.sqlite"
    assert run_app("import", write(tmp_path / "first.json", exported), "--db", target).returncode == 0
    import sqlite3
    with sqlite3.connect(target) as conn:
        conn.execute("UPDATE games SET revision = ?", [stored])
    conn.close()
    document = changed(exported, lambda d: [g.update(revision=in_file) for g in d["games"]])
    result = run_app("import", write(tmp_path / "again.json", document), "--db", target, "--replace")
    assert result.returncode == 0, result.stderr
    assert [g["revision"] for g in dump(target)["games"]] == [expected, expected]


def test_a_revision_of_2_53_has_nothing_above_it(exported, tmp_path):
    document = write(tmp_path / "games.json", changed(exported, game(0, revision=2 ** 53)))
    line = assert_refused(run_app("import", document, "--db", tmp_path / "t.sqlite"), document)
    assert "Nothing was imported" in line
    assert dump(tmp_path / "t.sqlite")["games"] == []
    document = write(tmp_path / "games.json", changed(exported, game(0, revision=2 ** 53 - 1)))
    assert run_app("import", document, "--db", tmp_path / "t.sqlite").returncode == 0
    assert dump(tmp_path / "t.sqlite")["games"][0]["revision"] == 2 ** 53


def page(server, path):
    with urllib.request.urlopen(server.url + path, timeout=30) as response:
        return response.read().decode()


def test_a_running_server_shows_the_import_on_its_next_request(tmp_path):
    path = tmp_path / "served.sqlite"
    server = Server(path)
    try:
        status, created = server.request("POST", "/api/games", {**PAIRS, "pin": PIN})
        assert status == 201
        server.request("POST", f"/api/games/{created['id']}/hands", HAND, {"X-Table-PIN": PIN})
        url = f"/api/games/{created['id']}"
        before = server.request("GET", url)[1]
        assert server.request("GET", url)[1] == before  # now kept by the server
        assert "Imported side" not in page(server, f"/games/{created['id']}")
        document = dump(path)
        document["games"][0]["sides"][0]["name"] = "Imported side"
        document["games"][0]["hands"].append(document["games"][0]["hands"][0])
        result = run_app("import", write(tmp_path / "games.json", document), "--db", path, "--replace")
        assert result.returncode == 0, result.stderr
        after = server.request("GET", url)[1]
        assert (after["hands_played"], after["sides"][0]["name"]) == (2, "Imported side")
        assert after["revision"] > before["revision"]
        assert "Imported side" in page(server, f"/games/{created['id']}")
        listed = server.request("GET", "/api/games")[1]
        assert listed[0]["names"][0] == "Imported side"
    finally:
        server.stop()
