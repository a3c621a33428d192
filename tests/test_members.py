"""API.md "Players' federation numbers": a player's member number (PUT /api/players/{name}), given beside a name in
an event's entrants or on the new-event form, results.csv's last column, the player's page, renames and merges,
export and import."""
import csv
import io
import json

import pytest

from scoring.events.entrants import check_entrants
from tests.pages import post, read
from tests.season_helpers import new_event, pairs, play_night, start
from web.forms.event_form import entrant

FORM = {"name": "Martedì", "variant": "classic", "table_size": "2", "rounds": "1", "movement": "draw",
        "standings": "wins"}


@pytest.fixture
def players(client):
    """Ann, Bob, Cy and Di, each in a finished game."""
    play_night(client, "Night 1", pairs("Ann & Bob", "Cy & Di"), {"Ann & Bob": 200, "Cy & Di": 100})


def put(client, name, member):
    return client.put(f"/api/players/{name}", json={"member": member})


def test_a_number_is_set_shown_changed_and_removed(client, players):
    assert client.get("/api/players/Ann").get_json()["member"] is None
    answer = put(client, "ann", "  IT-004512 ")
    assert answer.status_code == 200 and answer.get_json()["member"] == "IT-004512"
    assert {p["name"]: p["member"] for p in client.get("/api/players").get_json()}["Ann"] == "IT-004512"
    assert put(client, "Ann", "IT-9").get_json()["member"] == "IT-9"
    assert put(client, "Ann", None).get_json()["member"] is None
    assert put(client, "Bob", "IT-9").status_code == 200  # Ann's old number is free again


@pytest.mark.parametrize("body", [{"member": ""}, {"member": "x" * 33}, {"member": "IT\t1"}, {"member": 4512},
                                  {"member": "IT-1", "name": "Ann"}, {}])
def test_a_number_out_of_bounds_is_refused_at_member(client, players, body):
    answer = client.put("/api/players/Ann", json=body)
    assert answer.status_code == 422 and [e["field"] for e in answer.get_json()["errors"]] == ["member"]
    assert client.get("/api/players/Ann").get_json()["member"] is None


def test_the_bounds_themselves_are_taken(client, players):
    assert put(client, "Ann", "1").status_code == 200
    assert put(client, "Bob", "x" * 32).get_json()["member"] == "x" * 32


def test_one_number_belongs_to_one_player(client, players):
    put(client, "Ann", "IT-1")
    answer = put(client, "Bob", "it-1")
    assert answer.status_code == 422 and "Ann" in answer.get_json()["errors"][0]["message"]
    assert put(client, "Nobody", "IT-2").status_code == 404


@pytest.mark.parametrize("entrants, fields", [
    ([{"name": "Ann & Bob", "players": ["Ann", "Bob"], "member": "IT-1"}], ["entrants[0].member"]),
    ([{"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": ["IT-1"]}], ["entrants[0].members"]),
    ([{"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": [None, ""]}], ["entrants[0].members[1]"]),
    ([{"name": "Ann", "member": "IT-1", "members": ["IT-1"]}], ["entrants[0].member"]),
])
def test_numbers_beside_names_are_checked_with_the_entrants(entrants, fields):
    _, errors = check_entrants(entrants, 2)
    assert [e.field for e in errors] == fields


def test_an_event_keeps_its_entrants_numbers_and_refuses_numbers_that_do_not_fit(client, players):
    put(client, "Cy", "IT-3")
    event = new_event(client, [{"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": ["IT-1", None]},
                               {"name": "Cy & Di", "players": ["Cy", "Di"], "members": ["IT-3", "IT-4"]}])
    assert client.get("/api/players/Ann").get_json()["member"] == "IT-1"
    assert client.get("/api/players/Di").get_json()["member"] == "IT-4"
    for entrants, field in (
            ([{"name": "Ann", "member": "IT-2"}, {"name": "Eve"}], "entrants[0].member"),  # Ann's is IT-1
            ([{"name": "Eve", "member": "it-3"}, {"name": "Fay"}], "entrants[0].member"),  # Cy's
            ([{"name": "Eve", "member": "IT-8"}, {"name": "Fay", "member": "it-8"}], "entrants[1].member")):
        answer = client.post("/api/events", json={"name": "N", "variant": "classic", "entrants": entrants,
                                                  "rounds": 1, "movement": "draw", "standings": "wins"})
        assert answer.status_code == 422 and [e["field"] for e in answer.get_json()["errors"]] == [field]
    assert client.get("/api/events").get_json()[0]["id"] == event["id"]
    assert len(client.get("/api/events").get_json()) == 2  # Night 1 and this one: the refused stored nothing


@pytest.mark.parametrize("line, expected", [
    ("Ann & Bob", {"name": "Ann & Bob", "players": ["Ann", "Bob"]}),
    ("Ann #IT-004512 & Bob", {"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": ["IT-004512", None]}),
    ("Ann & Bob #IT-2", {"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": [None, "IT-2"]}),
    ("Ann # IT-1", {"name": "Ann", "players": ["Ann"], "member": "IT-1"}),
    ("Ann", {"name": "Ann", "players": ["Ann"]}),
])
def test_the_form_reads_a_number_after_hash(line, expected):
    assert entrant(line) == expected


def test_results_csv_ends_with_the_members_of_each_entrant(client):
    event = new_event(client, [{"name": "Ann & Bob", "players": ["Ann", "Bob"], "members": ["IT-1", None]},
                               {"name": "Cy & Di", "players": ["Cy", "Di"], "members": [None, "IT-9"]},
                               {"name": "Ed & Fo", "players": ["Ed", "Fo"]},
                               {"name": "Gu & Hy", "players": ["Gu", "Hy"], "members": ["IT-7", "IT-8"]}])
    start(client, event["id"])
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event['id']}/results.csv").get_data(as_text=True))))
    assert rows[0][-1] == "members" and rows[0][:-1][-1] == "adjustment_points"
    by_name = {r[3]: r[-1] for r in rows[1:5]}
    assert by_name == {"Ann & Bob": "IT-1+", "Cy & Di": "+IT-9", "Ed & Fo": "", "Gu & Hy": "IT-7+IT-8"}
    standings = rows[rows.index([]) + 1:]
    assert standings[0][-1] == "members" and {r[2]: r[-1] for r in standings[1:]} == by_name


def test_a_number_set_after_results_csv_was_drawn_is_in_it_the_next_time(client):
    """results.csv is kept per state of the night (web/plumbing/drawings.py): a number given on a player's page
    afterwards changes no game of the night, yet the next results.csv carries it."""
    event = new_event(client, [{"name": "Ann & Bob", "players": ["Ann", "Bob"]},
                               {"name": "Cy & Di", "players": ["Cy", "Di"]}])
    start(client, event["id"])

    def members_of_ann() -> str:
        rows = list(csv.reader(io.StringIO(client.get(f"/events/{event['id']}/results.csv").get_data(as_text=True))))
        return {r[3]: r[-1] for r in rows[1:3]}["Ann & Bob"]
    assert members_of_ann() == ""
    assert client.put("/api/players/Ann", json={"member": "IT-42"}).status_code == 200
    assert members_of_ann() == "IT-42+"


def test_the_players_page_sets_changes_and_removes_the_number(client, players):
    refused = post(client, "/players/Ann/member", {"member": "x" * 40})
    assert refused.status_code == 422
    page = read(refused)
    assert "1 to 32 printable characters" in page.text("member-error")
    assert page.values["member"] == "x" * 40  # what was typed stays in the box
    assert post(client, "/players/Ann/member", {"member": "IT-5"}).status_code == 303
    assert read(client.get("/players/Ann")).text("player-member") == "IT-5"
    assert post(client, "/players/Ann/member", {"member": "IT-5", "remove": "1"}).status_code == 303
    assert client.get("/api/players/Ann").get_json()["member"] is None


def test_a_renamed_player_keeps_the_number_and_a_merge_of_two_numbers_is_refused(client, players):
    play_night(client, "Night 2", pairs("Ed & Fo", "Gu & Hy"), {"Ed & Fo": 200, "Gu & Hy": 100})
    put(client, "Ann", "IT-1")
    put(client, "Ed", "IT-5")
    assert client.post("/api/players/Ann/rename", json={"name": "Anna"}).status_code == 200
    assert client.get("/api/players/Anna").get_json()["member"] == "IT-1"
    merged = client.post("/api/players/Anna/merge", json={"into": "Ed"})
    assert merged.status_code == 422 and merged.get_json()["errors"][0]["field"] == "member"
    assert client.get("/api/players/Anna").get_json()["member"] == "IT-1"  # nothing changed
    assert client.post("/api/players/Cy/merge", json={"into": "Ed"}).status_code == 200
    assert client.get("/api/players/Ed").get_json()["member"] == "IT-5"
    assert client.post("/api/players/Anna/merge", json={"into": "Gu"}).status_code == 200
    assert client.get("/api/players/Gu").get_json()["member"] == "IT-1"


def test_export_and_import_carry_numbers_and_seasons(client, app, tmp_path, players):
    from click.testing import CliRunner

    from app import create_app
    from commands import export_command, import_command

    put(client, "Ann", "IT-1")
    event = client.get("/api/events").get_json()[0]
    made = client.post("/api/seasons", json={"name": "W", "events": [event["id"]], "counting": {"best": 2}})
    runner = CliRunner()
    file = tmp_path / "export.json"
    assert runner.invoke(export_command, [str(file), "--db", app.config["DATABASE"]]).exit_code == 0
    data = json.loads(file.read_text())
    assert data["version"] == 5 and data["members"] == [{"player": "Ann", "member": "IT-1"}]
    assert data["seasons"][0]["events"] == [event["id"]] and data["seasons"][0]["counting"]["best"] == 2
    other = tmp_path / "other.sqlite"
    result = runner.invoke(import_command, [str(file), "--db", str(other)])
    assert result.exit_code == 0, result.output
    fresh = create_app({"TESTING": True, "DATABASE": str(other), "SECRET_KEY": "t"}).test_client()
    assert fresh.get("/api/players/Ann").get_json()["member"] == "IT-1"
    assert fresh.get(f"/api/seasons/{made.get_json()['id']}/standings").get_json() == client.get(
        f"/api/seasons/{made.get_json()['id']}/standings").get_json()
    # an export of version 4 (no numbers, no seasons) still imports
    older = {k: v for k, v in data.items() if k not in ("members", "seasons")} | {"version": 4}
    (tmp_path / "v4.json").write_text(json.dumps(older))
    assert runner.invoke(import_command, [str(tmp_path / "v4.json"), "--db", str(tmp_path / "v4.sqlite")]).exit_code == 0
    # a season counting an event the file does not hold is refused, nothing imported
    bad = {**data, "seasons": [{**data["seasons"][0], "events": ["nosuch"]}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    refused = runner.invoke(import_command, [str(tmp_path / "bad.json"), "--db", str(tmp_path / "bad.sqlite")])
    assert refused.exit_code == 1 and "nosuch" in refused.output
