"""Found by a bug hunt on bad input and storage faults: each test here failed before its fix."""
import os
import shutil
import stat

import pytest

from .cli_helpers import assert_refused, dump, make_database, run_app
from .faults import held
from .pages import error_page, read, token


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_opening_a_read_only_database_file_keeps_it_read_only(tmp_path):
    """Making the file private takes away others' access; it must not give its owner the write access taken away."""
    path = tmp_path / "games.sqlite"
    make_database(path)
    os.chmod(path, 0o444)
    before = dump(path)
    exported = run_app("export", tmp_path / "games.json", "--db", path)
    assert exported.returncode == 0, exported.stderr
    assert mode(path) == 0o400
    assert_refused(run_app("import", tmp_path / "games.json", "--db", path, "--replace", strict_permissions=True),
                   path)
    assert dump(path) == before


def held_while(path, how, command):
    """Run `command()` while another program holds the database (BEGIN `how`); its result."""
    with held(path, how):
        return command()


def read_only_folder(folder):
    os.chmod(folder, 0o555)
    return folder


# each case: folder with games.sqlite (and games.json) -> (a run of the command, what its one line must say)
CLI_FAULTS = {
    "import while another program holds the database": lambda f: (
        held_while(f / "games.sqlite", "IMMEDIATE", lambda: run_app("import", f / "games.json", "--db",
                                                                    f / "games.sqlite", "--replace")),
        ["another program", "try again"]),
    "import into a database in a read-only folder": lambda f: (
        run_app("import", f / "games.json", "--db", read_only_folder(f / "ro") / "games.sqlite", "--replace",
                strict_permissions=True),
        ["read-only", "writable"]),
    "export from a database in a read-only folder": lambda f: (
        run_app("export", f / "out.json", "--db", read_only_folder(f / "ro") / "games.sqlite",
                strict_permissions=True),
        ["read-only", "writable"]),
}


@pytest.mark.parametrize("case", CLI_FAULTS)
def test_a_command_meeting_a_storage_fault_says_what_to_do(tmp_path, case):
    """Not “the database answered …” or “damaged” for a database that is only busy or read-only."""
    make_database(tmp_path / "games.sqlite")
    assert run_app("export", tmp_path / "games.json", "--db", tmp_path / "games.sqlite").returncode == 0
    (tmp_path / "ro").mkdir()
    shutil.copy(tmp_path / "games.sqlite", tmp_path / "ro" / "games.sqlite")  # checkpointed: no -wal beside it
    before = {p: dump(p) for p in (tmp_path / "games.sqlite", tmp_path / "ro" / "games.sqlite")}
    result, words = CLI_FAULTS[case](tmp_path)
    os.chmod(tmp_path / "ro", 0o755)
    line = assert_refused(result, "games.sqlite")
    assert "damaged" not in line and "answered" not in line, line
    for word in words:
        assert word in line, line
    assert line.endswith("Nothing was changed."), line
    assert {p: dump(p) for p in before} == before


@pytest.mark.parametrize("path", ["/games/new/ponytail", "/games/{game}/hands/new", "/players/Ann/rename"])
def test_a_page_form_over_the_size_limit_is_refused_in_words(client, make_game, path):
    """Not Werkzeug's bare “Request Entity Too Large”: how large is allowed, that nothing was saved."""
    game = make_game()
    before = client.get(f"/api/games/{game['id']}").get_json()
    response = client.post(path.format(game=game["id"]), data={"csrf_token": token(client), "x": "y" * 70_000})
    assert response.status_code == 413
    said = " ".join(error_page(response))
    assert "too large" in said and "64 kB" in said and "nothing was saved" in said, said
    assert client.get(f"/api/games/{game['id']}").get_json() == before
    assert len(client.get("/api/games").get_json()) == 1


SEATED_TWICE = {  # the same person (case and spacing ignored, as the players pages compare names) at two seats
    "partners": ([["Ann", "Ann"], ["Cy", "Di"]], "sides[0].players[1]"),
    "opponents": ([["Ann", "Bob"], ["Cy", " ann "]], "sides[1].players[1]"),
}


@pytest.mark.parametrize("case", SEATED_TWICE)
def test_one_player_at_two_seats_of_a_new_game_is_refused(client, case):
    """Otherwise the players pages count that game twice for them, and make them their own opponent (the merge
    of two players who sat at one game is refused for the same reason)."""
    sides, field = SEATED_TWICE[case]
    response = client.post("/api/games", json={"variant": "ponytail",
                                               "sides": [{"name": f"S{i}", "players": p} for i, p in enumerate(sides)]})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == field and "Ann" in error["message"] and "own name" in error["message"], error
    assert client.get("/api/games").get_json() == []


def test_one_player_at_two_seats_on_the_new_game_form_is_refused_at_the_seat(client):
    form = {"csrf_token": token(client), "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann",
            "sides[0].players[1]": "Bob", "sides[1].players[0]": "ANN", "sides[1].players[1]": "Di"}
    response = client.post("/games/new/ponytail", data=form)
    assert response.status_code == 422
    page = read(response)
    seat = page.by_id("sides-1-players-0")
    assert seat.get("value") == "ANN" and seat.get("aria-invalid") == "true"
    assert "own name" in page.text()
    assert client.get("/api/games").get_json() == []


INVISIBLE = {"zero-width space": "\u200b", "right-to-left override": "\u202e", "byte order mark": "\ufeff\u200d"}


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
@pytest.mark.parametrize("seat", ["sides[0].name", "sides[1].players[0]"])
def test_a_name_that_shows_nothing_is_refused_like_a_missing_one(client, name, seat):
    """A blank name is refused; one of only invisible characters looked blank on every page, yet was stored."""
    sides = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
    if seat == "sides[0].name":
        sides[0]["name"] = name
    else:
        sides[1]["players"][0] = name
    response = client.post("/api/games", json={"variant": "ponytail", "sides": sides})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == seat and "type a name" in error["message"], error
    assert client.get("/api/games").get_json() == []


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
def test_a_player_cannot_be_renamed_to_a_name_that_shows_nothing(client, make_game, name):
    make_game()
    response = client.post("/api/players/Ann/rename", json={"name": name})
    assert response.status_code == 422
    error, = response.get_json()["errors"]
    assert error["field"] == "name" and "type a name" in error["message"], error
    assert client.get("/api/players/Ann").status_code == 200


def test_a_busy_database_gives_the_new_game_form_back_as_typed_and_a_second_start_starts_one_game(app, client):
    """A fault must not lose what the table typed: the form comes back filled, with the fault in words."""
    form = {"csrf_token": token(client), "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann",
            "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di",
            "options.target": "15000", "idempotency_key": "start-1"}
    with held(app.config["DATABASE"], "IMMEDIATE"):
        response = client.post("/games/new/ponytail", data=form)
    assert (response.status_code, response.headers["Retry-After"]) == (503, "5")
    page = read(response)
    assert {k: page.values[k] for k in ("sides[0].players[0]", "sides[1].players[1]", "options.target")} == \
        {"sides[0].players[0]": "Ann", "sides[1].players[1]": "Di", "options.target": "15000"}
    assert "database is busy" in page.text() and "Nothing was saved" in page.text()
    assert client.get("/api/games").get_json() == []
    again = {**page.values, "csrf_token": form["csrf_token"]}
    assert client.post("/games/new/ponytail", data=again).status_code == 303
    assert client.post("/games/new/ponytail", data=again).status_code == 303  # the same form once more
    games = client.get("/api/games").get_json()
    assert [g["names"] for g in games] == [["Ann & Bob", "Cy & Di"]]


def test_a_player_seated_twice_is_refused_together_with_the_games_other_mistakes(client):
    """Every refusal of a new game comes at once: the seat and a bad option, not one after the other."""
    response = client.post("/api/games", json={"variant": "ponytail", "options": {"target": -5},
                                               "sides": [{"name": "A", "players": ["Ann"]},
                                                         {"name": "B", "players": ["ann"]}]})
    assert response.status_code == 422
    fields = {e["field"] for e in response.get_json()["errors"]}
    assert {"sides[1].players[0]", "options.target"} <= fields, fields
    assert client.get("/api/games").get_json() == []
