"""Issue 31 item 21: marks that show nothing (U+FE0F, U+034F and the rest) no longer make two names that look
alike, a right-to-left override in a name cannot turn the text beside it around, and the pages isolate every
name (<bdi>) so a name written right to left stays in its place."""
import re

import pytest

from scoring.names import visible
from scoring.standings import player_key

from .cli_helpers import assert_refused, client_for, dump, make_database, run_app
from .event_data_helpers import write_json

INVISIBLE = ["\ufe0f", "\u034f", "\u200b", "\u200d", "\u2060", "\u00ad", "\u180e", "\ufeff", "\U000e0041", "\u2800"]
TURNING = ["\u202e", "\u202d", "\u2067", "\u200f"]


@pytest.mark.parametrize("mark", INVISIBLE + TURNING, ids=lambda m: f"U+{ord(m):04X}")
def test_a_mark_that_shows_nothing_is_taken_out(mark):
    assert visible("Ann" + mark) == visible(mark + "Ann") == visible("An" + mark + "n") == "Ann"
    assert player_key("Ann" + mark) == player_key("Ann")


@pytest.mark.parametrize("name", ["❤\ufe0f Ann", "👨\u200d👩\u200d👧", "می\u200cخواهم", "José", "Jose\u0301",
                                  "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "Zoë", "李\ufe00"])
def test_a_mark_that_means_something_is_kept(name):
    assert visible(name) == name


def test_an_accent_on_nothing_is_taken_out():
    assert visible("\u0301Ann") == "Ann" and visible("Ann \u0301Bo") == "Ann Bo"


@pytest.fixture
def client(tmp_path):
    return client_for(tmp_path / "games.sqlite")


def game(client, first, second, players=(("Ann", "Bo"), ("Cy", "Di"))):
    return client.post("/api/games", json={"variant": "ponytail", "sides": [
        {"name": first, "players": list(players[0])}, {"name": second, "players": list(players[1])}]})


@pytest.mark.parametrize("mark", ["\ufe0f", "\u034f", "\u200b"], ids=lambda m: f"U+{ord(m):04X}")
def test_two_sides_that_look_alike_are_refused(client, mark):
    answer = game(client, "Ann", "Ann" + mark)
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == "sides[1].name"
    answer = game(client, "Us", "Them", (("Ann", "Bo"), ("Ann" + mark, "Di")))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "sides[1].players[0]"


def test_a_right_to_left_override_is_taken_out_of_a_name(client):
    made = game(client, "\u202eNNA", "Them", (("\u202eAnn", "Bo"), ("Cy", "Di")))
    assert made.status_code == 201
    sides = made.get_json()["sides"]
    assert sides[0]["name"] == "NNA" and sides[0]["players"] == ["Ann", "Bo"]
    page = client.get(f"/games/{made.get_json()['id']}").get_data(as_text=True)
    assert "\u202e" not in page


def test_club_night_entrants_that_look_alike_are_refused(client):
    answer = client.post("/api/events", json={
        "name": "Tuesday", "variant": "classic", "table_size": 2, "rounds": 1, "movement": "round-robin",
        "standings": "wins", "entrants": [{"name": "Ann", "players": ["Ann"]}, {"name": "Ann\ufe0f", "players": ["Bo"]}]})
    assert answer.status_code == 422 and "entrants[1]" in answer.get_json()["errors"][0]["field"]


def test_a_rename_to_a_name_that_looks_alike_is_refused(client):
    assert game(client, "Us", "Them").status_code == 201
    answer = client.post("/api/players/Cy/rename", json={"name": "Ann\ufe0f"})
    assert answer.status_code in (409, 422), answer.get_json()


def test_import_refuses_a_name_with_a_mark_that_shows_nothing(tmp_path):
    make_database(tmp_path / "source.sqlite")
    data = dump(tmp_path / "source.sqlite")
    data["games"][0]["sides"][1]["name"] = "Them\u202e"
    source = write_json(tmp_path / "games.json", data)
    assert_refused(run_app("import", source, "--db", tmp_path / "games.sqlite"), source, "Game 1")


def test_every_name_on_the_pages_is_isolated(client):
    made = game(client, "Us", "Them").get_json()
    client.post(f"/api/games/{made['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    for address in (f"/games/{made['id']}", f"/games/{made['id']}/hands/new", "/", "/players", "/players/Ann"):
        page = client.get(address).get_data(as_text=True)
        shown = re.findall(r"<bdi>([^<]*)</bdi>", page)
        assert shown, address
        assert any("Us" in s or "Ann" in s for s in shown), (address, shown)


def test_each_name_in_a_line_of_names_is_isolated_on_its_own(client):
    """A name written right to left keeps its place in "Us v Them": each name in its own <bdi>, not the line."""
    made = game(client, "אנה ובן 12", "Them").get_json()
    for address in (f"/games/{made['id']}", f"/games/{made['id']}/table"):
        page = client.get(address).get_data(as_text=True)
        title = re.search(r'<h1 class="game-title">(.*?)</h1>', page).group(1)
        assert re.findall(r"<bdi>([^<]*)</bdi>", title) == ["אנה ובן 12", "Them"], (address, title)
