"""Issue 31 item 17: `import` and `restore` check a club night's rounds, tables and log as strictly as a game (every
refusal one line naming the file and what is wrong, exit status 1, nothing changed), and a page never answers 500
for what is stored (the log is shown from its stored words when its change cannot be said again)."""
import copy
import json

import pytest

from .cli_helpers import assert_refused, client_for, dump, run_app
from .event_data_helpers import club_database, club_export, set_cell, write_json


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return club_export(tmp_path_factory.mktemp("club"))


def changed(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data["events"][0], data)
    return data


def first_change(event):
    return event["log"][0]["change"]


def table(event, number=1, round_=1):
    return event["round_list"][round_ - 1]["tables"][number - 1]


BAD = {  # what is wrong → (the change to a good export, words the refusal must have)
    "change names a number": (lambda e, d: first_change(e).update(names=5), "log entry 1: change must have"),
    "change names nobody": (lambda e, d: first_change(e).update(names=[]), "log entry 1: change must have"),
    "change is a list": (lambda e, d: e["log"][0].update(change=[]), "log entry 1 must have exactly"),
    "change's round is text": (lambda e, d: first_change(e).update(round="x"), "log entry 1: change must have"),
    "change's scores are text": (lambda e, d: first_change(e)["after"].update(scores=["a", "b"]),
                                 "log entry 1: change must have"),
    "an 18 KB device": (lambda e, d: e["log"][0].update(device="d" * 18000), "device (text of at most 120"),
    "the log names a game of no table": (lambda e, d: e["log"][0].update(game="elsewhere"),
                                         "is not a table of this event"),
    "500 byes in a round": (lambda e, d: e["round_list"][0].update(byes=[0] * 500), "round 1: byes must be fewer"),
    "an entrant seated against itself": (lambda e, d: table(e).update(entrants=[1, 1]), "seated more than once: 1"),
    "a bye also seated": (lambda e, d: e["round_list"][0].update(byes=[table(e)["entrants"][0]]),
                          "seated more than once"),
    "two tables with the same pair": (lambda e, d: table(e, 2).update(entrants=list(table(e)["entrants"])),
                                      "seated more than once"),
    "a table's game with three sides": (
        lambda e, d: next(g for g in d["games"] if g["id"] == table(e)["game"])["sides"].append(
            {"name": "Stranger", "players": ["X", "Y"]}), "must have a side for each of the table's 2 entrants"),
    "an earlier round left open": (lambda e, d: e["round_list"][0].update(closed=None), "closed may be null in the "
                                                                                       "last round only"),
    # issue 39 item 21: nonsense a night cannot have had, named by its field
    "a round closed before it started": (lambda e, d: e["round_list"][0].update(closed="2000-01-01T00:00:00+00:00"),
                                         "round 1: closed (2000-01-01T00:00:00+00:00) is before started"),
    "a round started before the night was made": (
        lambda e, d: e["round_list"][0].update(started="2000-01-01T00:00:00+00:00"),
        "round 1: started (2000-01-01T00:00:00+00:00) is before the event's created"),
    "a table's own PIN on a night without them": (lambda e, d: table(e).update(pin="1234"),
                                                  "table 1: pin: only a night whose every table gets its own PIN"),
}


@pytest.mark.parametrize("case", BAD)
def test_import_refuses_club_night_data_that_would_break_a_page(exported, case, tmp_path):
    change, words = BAD[case]
    source = write_json(tmp_path / "club.json", changed(exported, change))
    target = tmp_path / "games.sqlite"
    line = assert_refused(run_app("import", source, "--db", target), source, "Event 1", words)
    assert "nothing was imported" in line
    assert not target.exists()


def test_a_good_export_still_imports_whole(exported, tmp_path):
    source = write_json(tmp_path / "club.json", exported)
    result = run_app("import", source, "--db", tmp_path / "games.sqlite")
    assert result.returncode == 0, result.stderr
    assert dump(tmp_path / "games.sqlite")["events"] == exported["events"]


def test_import_replace_cannot_turn_a_table_game_into_strangers(tmp_path):
    database = tmp_path / "club.sqlite"
    event = club_database(database)
    before = dump(database)
    game = next(g for g in before["games"] if g["id"] == event["round_list"][0]["tables"][0]["game"])
    strangers = {**game, "sides": [{"name": f"Stranger {i}", "players": [f"S{i}"]} for i in range(3)],
                 "hands": [], "ended_at": None}
    source = write_json(tmp_path / "strangers.json", {"format": "meldbook-games", "version": 3,
                                                       "games": [strangers], "events": []})
    line = assert_refused(run_app("import", "--replace", source, "--db", database), source, game["id"],
                          f"event {event['id']}")
    assert "round 1, table 1" in line and "Nothing was imported" in line
    assert dump(database) == before


STORED = {  # a value written into the database behind Meldbook's back → what restore must name
    "change names a number": ("UPDATE event_log SET change = ?", json.dumps({"names": 5}), "log entry 1"),
    "an 18 KB device": ("UPDATE event_log SET device = ?", "d" * 18000, "log entry 1"),
    "an entrant seated against itself": ("UPDATE event_tables SET entrants = ? WHERE table_no = 1 AND round = 1",
                                         "[1, 1]", "seated more than once"),
}


@pytest.mark.parametrize("case", STORED)
def test_restore_refuses_club_night_data_that_would_break_a_page(case, tmp_path):
    statement, value, words = STORED[case]
    backup = tmp_path / "club.sqlite"
    club_database(backup)
    set_cell(backup, statement, value)
    live = tmp_path / "live.sqlite"
    line = assert_refused(run_app("restore", backup, "--db", live), backup, words)
    assert "nothing was restored" in line
    assert not live.exists()


@pytest.mark.parametrize("change", [{"names": 5}, [], {"names": ["A", "B"], "round": "x"}, "not an object"])
def test_pages_show_a_damaged_log_entry_in_its_stored_words(change, tmp_path):
    database = tmp_path / "club.sqlite"
    event = club_database(database)
    what = client_for(database).get(f"/api/events/{event['id']}/log").get_json()[0]["what"]
    set_cell(database, "UPDATE event_log SET change = ?, device = ?", json.dumps(change), "d" * 18000)
    client = client_for(database)  # TESTING: a fault in a view would be raised here, not hidden as a 500
    log = client.get(f"/api/events/{event['id']}/log")
    assert log.status_code == 200 and log.get_json()[0]["what"] == what
    assert len(log.get_json()[0]["device"]) <= 120
    page = client.get(f"/events/{event['id']}")
    assert page.status_code == 200 and what in page.get_data(as_text=True)
    results = client.get(f"/events/{event['id']}/results.pdf")
    assert results.status_code == 200 and results.mimetype == "application/pdf"
