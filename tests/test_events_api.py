"""API.md, "Club nights (events)", through the JSON API: create, list, read, start rounds, standings, the log of
late changes, export and import, and a restart."""
import itertools
import json
from collections import Counter

import pytest

import checks
import db
import service
from app import create_app
from db import export, imports
from scoring import Refused

from tests.events_helpers import entrants, finish, finish_round, new_event, snapshot, start

EVENT_KEYS = {"id", "name", "variant", "options", "entrants", "table_size", "rounds", "movement", "standings",
              "finished", "round_list", "has_pin", "deals_per_round", "round_minutes", "bye", "vp_scale_name",
              "adjustments", "has_director_pin", "table_pins", "confirm", "sections"}


def test_create_answers_the_event_object_with_its_address(client):
    answer = new_event(client, 4)
    event = answer.get_json()
    assert answer.headers["Location"] == f"/api/events/{event['id']}"
    assert set(event) == EVENT_KEYS
    assert (event["name"], event["variant"], event["table_size"], event["rounds"], event["movement"],
            event["standings"], event["finished"], event["round_list"]) == (
        "Tuesday club", "classic", 2, 3, "round-robin", "wins", False, [])
    assert event["options"]["target"] == 5000 and event["entrants"][1] == {"name": "Pair 1", "players": ["A1", "B1"]}
    assert client.get(f"/api/events/{event['id']}").get_json() == event


@pytest.mark.parametrize("changes, field", [
    ({"rounds": 0}, "rounds"),
    ({"rounds": 4}, "rounds"),  # a round robin of 4 has 3 rounds
    ({"table_size": 3, "movement": "round-robin"}, "movement"),
    ({"movement": "ladder"}, "movement"),
    ({"standings": "vp"}, "vp_scale"),
    ({"variant": "gin"}, "variant"),
    ({"entrants": [{"name": "Same", "players": ["A"]}, {"name": "same", "players": ["B"]}]}, "entrants[1].name"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_event_is_refused_naming_its_field_and_nothing_is_stored(client, changes, field):
    body = {"name": "Club", "variant": "classic", "entrants": entrants(4), "rounds": 3, "movement": "round-robin",
            "standings": "wins", **changes}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 422
    assert field in [e["field"] for e in answer.get_json()["errors"]], answer.get_json()
    assert client.get("/api/events").get_json() == []


def test_list_says_rounds_played_and_finished(client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    listed = client.get("/api/events").get_json()
    assert listed == [{"id": event_id, "name": "Tuesday club", "variant": "classic", "rounds_played": 0,
                       "rounds": 1, "finished": False}]
    finish_round(client, start(client, event_id))
    assert client.get("/api/events").get_json()[0] | {} == {**listed[0], "rounds_played": 1, "finished": True}


def test_unknown_events_are_404(client):
    for answer in (client.get("/api/events/nosuch"), client.get("/api/events/nosuch/standings"),
                   client.post("/api/events/nosuch/rounds"), client.get("/api/events/nosuch/log")):
        assert answer.status_code == 404 and "nosuch" in answer.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("n", [6, 7])
def test_a_round_robin_meets_everyone_once_and_then_refuses_a_round(client, n):
    event_id = new_event(client, n).get_json()["id"]
    met, byes = Counter(), Counter()
    rounds = n - 1 if n % 2 == 0 else n
    for number in range(1, rounds + 1):
        round_ = start(client, event_id)
        assert round_["number"] == number and len(round_["tables"]) == n // 2
        assert [t["table"] for t in round_["tables"]] == list(range(1, n // 2 + 1))
        for t in round_["tables"]:
            game = client.get(f"/api/games/{t['game']}").get_json()
            assert game["event"] == {"id": event_id, "round": number, "table": t["table"]}
            assert [s["name"] for s in game["sides"]] == [f"Pair {e}" for e in t["entrants"]]
            assert [s["players"] for s in game["sides"]] == [[f"A{e}", f"B{e}"] for e in t["entrants"]]
            assert game["options"]["target"] == 5000 and not t["finished"]
            met[frozenset(t["entrants"])] += 1
        byes.update(round_["byes"])
        assert len(round_["byes"]) == n % 2
        finish_round(client, round_)
    assert met == Counter(frozenset(p) for p in itertools.combinations(range(n), 2))
    assert byes == (Counter(range(n)) if n % 2 else Counter())
    event = client.get(f"/api/events/{event_id}").get_json()
    assert event["finished"] and len(event["round_list"]) == rounds
    assert all(t["finished"] for r in event["round_list"] for t in r["tables"])
    refused = client.post(f"/api/events/{event_id}/rounds")
    assert refused.status_code == 409 and "round" in refused.get_json()["errors"][0]["message"]
    standings = client.get(f"/api/events/{event_id}/standings").get_json()
    assert all(row["played"] == rounds for row in standings)  # a bye counts as a game played


def test_a_round_waits_for_every_table(client):
    event_id = new_event(client, 4).get_json()["id"]
    first = start(client, event_id)
    finish(client, first["tables"][0]["game"])
    refused = client.post(f"/api/events/{event_id}/rounds")
    assert refused.status_code == 409
    assert "round 1, table 2" in refused.get_json()["errors"][0]["message"]
    assert len(client.get(f"/api/events/{event_id}").get_json()["round_list"]) == 1
    finish(client, first["tables"][1]["game"])
    assert start(client, event_id)["number"] == 2


def test_a_double_tapped_round_start_makes_one_round(client):
    event_id = new_event(client, 4).get_json()["id"]
    first = start(client, event_id, **{"Idempotency-Key": "tap-1"})
    again = start(client, event_id, **{"Idempotency-Key": "tap-1"})  # the same key: the same round, none made
    assert again == first
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 409  # no key: refused while it plays
    assert len(client.get(f"/api/events/{event_id}").get_json()["round_list"]) == 1
    assert len(client.get("/api/games").get_json()) == 2


def test_only_games_of_an_event_carry_it(client, make_game):
    assert "event" not in make_game()
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    game_id = start(client, event_id)["tables"][0]["game"]
    assert client.get(f"/api/games/{game_id}").get_json()["event"] == {"id": event_id, "round": 1, "table": 1}


# cyclic results among 0, 1 and 2 (two wins each), everyone beats 3 (RULES of the section: then margins, then points)
BEATS = {frozenset((0, 1)): (0, 200, 100), frozenset((1, 2)): (1, 400, 100), frozenset((0, 2)): (2, 300, 100)}


def scores_of(table):
    a, b = table["entrants"]
    winner, high, low = BEATS.get(frozenset((a, b)), (a if b == 3 else b, 150, 100))
    return (high, low) if winner == a else (low, high)


def test_standings_rank_by_wins_then_margin_then_points(client):
    event_id = new_event(client, 4).get_json()["id"]
    for _ in range(3):
        finish_round(client, start(client, event_id), scores_of)
    rows = client.get(f"/api/events/{event_id}/standings").get_json()
    assert [(r["entrant"], r["place"], r["wins"], r["margin"], r["points"]) for r in rows] == [
        (1, 1, 2, 250, 650), (2, 2, 2, -50, 550), (0, 3, 2, -50, 450), (3, 4, 0, -150, 300)]
    assert set(rows[0]) == {"entrant", "name", "place", "played", "wins", "points", "margin", "vp", "tie_break"}
    # level on wins and on the wins among them: the margin puts 1 first, the points split 2 and 0; 3 was level with no one
    assert [r["tie_break"] for r in rows] == ["margin", "points", "points", None]
    assert rows[0]["name"] == "Pair 1" and rows[0]["vp"] is None and rows[0]["played"] == 3


def test_a_tied_game_shares_the_win_and_the_place(client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    finish_round(client, start(client, event_id), lambda t: (100, 100))
    rows = client.get(f"/api/events/{event_id}/standings").get_json()
    assert [(r["place"], r["wins"], r["tie_break"]) for r in rows] == [(1, 0.5, "shared"), (1, 0.5, "shared")]


def test_standings_by_vp(client):
    event_id = new_event(client, 2, rounds=1, standings="vp",
                         vp_scale=[[0, 10, 10], [100, 15, 5]]).get_json()["id"]
    round_ = start(client, event_id)
    finish(client, round_["tables"][0]["game"], 300, 100)  # margin 200: 15 to 5
    rows = client.get(f"/api/events/{event_id}/standings").get_json()
    winner = round_["tables"][0]["entrants"][0]
    assert [(r["entrant"], r["vp"]) for r in rows] == [(winner, 15), (1 - winner, 5)]
    assert client.get(f"/api/events/{event_id}").get_json()["vp_scale"] == [[0, 10, 10], [100, 15, 5]]


def test_only_finished_games_count_and_one_made_unfinished_stops_counting(client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    game_id = start(client, event_id)["tables"][0]["game"]
    client.post(f"/api/games/{game_id}/hands", json={"entries": [{"melded": 300}, {}]})
    assert [r["played"] for r in client.get(f"/api/events/{event_id}/standings").get_json()] == [0, 0]
    client.post(f"/api/games/{game_id}/end")
    assert sorted(r["played"] for r in client.get(f"/api/events/{event_id}/standings").get_json()) == [1, 1]


def test_a_late_correction_changes_the_standings_and_is_logged(client, marking_locale):
    event_id = new_event(client, 3).get_json()["id"]  # three rounds, one table a round
    first = start(client, event_id)
    table = first["tables"][0]
    finish(client, table["game"], 300, 100)
    winner = table["entrants"][0]
    # corrected before the round closed: not logged
    assert client.put(f"/api/games/{table['game']}/hands/1", json={"entries": [{"melded": 310}, {}]}).status_code == 200
    assert client.get(f"/api/events/{event_id}/log").get_json() == []
    start(client, event_id)  # round 1 closes
    wins = lambda: {r["entrant"]: r["wins"] for r in client.get(f"/api/events/{event_id}/standings").get_json()}  # noqa: E731
    had = wins()
    answer = client.put(f"/api/games/{table['game']}/hands/1", json={"entries": [{}, {"melded": 500}]})
    assert answer.status_code == 200
    loser = table["entrants"][1]
    assert wins() == {**had, winner: had[winner] - 1, loser: had[loser] + 1}
    log = client.get(f"/api/events/{event_id}/log").get_json()
    assert len(log) == 1
    assert log[0]["what"] == ("Round 1, table 1, hand 1 corrected: Pair {0} 310 → 0, Pair {1} 0 → 500; the winner "
                              "changed: Pair {1} (before: Pair {0})").format(*table["entrants"])
    assert (log[0]["game"], log[0]["device"], log[0]["change"]["before"]["scores"],
            log[0]["change"]["after"]["scores"]) == (table["game"], "127.0.0.1", [310, 0], [0, 500])
    # the log is said again in the reader's language from what it keeps (the marking locale marks each part)
    marked = client.get(f"/api/events/{event_id}/log", headers={"Accept-Language": marking_locale}).get_json()
    assert marked[0]["what"] == ("⟦⟦⟦Round 1, table 1, hand 1 corrected⟧: ⟦Pair {0} 310 → 0⟧, ⟦Pair {1} 0 → 500⟧⟧; "
                                 "the winner changed: Pair {1} (before: Pair {0})⟧".format(*table["entrants"]))
    assert client.delete(f"/api/games/{table['game']}/hands/1").status_code == 200
    log = client.get(f"/api/events/{event_id}/log").get_json()
    assert log[-1]["what"] == (f"Round 1, table 1, hand 1 deleted: Pair {loser} 500 → 0; the win is now shared: "
                               f"Pair {min(winner, loser)} and Pair {max(winner, loser)} (before: Pair {loser})")


def test_a_game_made_unfinished_after_its_round_closed_stops_counting_and_holds_the_next_round(client):
    event_id = new_event(client, 3, options={"target": 1000}).get_json()["id"]
    table = start(client, event_id)["tables"][0]
    went_out = {"melded": 500, "natural_canastas": 1, "went_out": True}
    answer = client.post(f"/api/games/{table['game']}/hands", json={"entries": [went_out, {}]})
    assert answer.get_json()["game"]["finished"]  # the target reached, not ended: a deleted hand unfinishes it
    second = start(client, event_id)
    played = lambda: {r["entrant"]: r["played"] for r in client.get(f"/api/events/{event_id}/standings").get_json()}  # noqa: E731
    had = played()
    assert client.delete(f"/api/games/{table['game']}/hands/1").status_code == 200
    assert played() == {**had, **{e: had[e] - 1 for e in table["entrants"]}}
    log = client.get(f"/api/events/{event_id}/log").get_json()
    assert log[-1]["what"].endswith("; the game is no longer finished")
    finish_round(client, second)
    assert client.post(f"/api/events/{event_id}/rounds").status_code == 409
    assert not client.get(f"/api/events/{event_id}").get_json()["round_list"][0]["tables"][0]["finished"]


def test_the_last_round_closes_when_its_last_game_finishes(client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    game_id = start(client, event_id)["tables"][0]["game"]
    finish(client, game_id, 300, 100)
    assert client.get(f"/api/events/{event_id}/log").get_json() == []  # finishing it is not a late change
    client.put(f"/api/games/{game_id}/hands/1", json={"entries": [{"melded": 400}, {"melded": 100}]})
    assert [e["what"] for e in client.get(f"/api/events/{event_id}/log").get_json()] == [
        "Round 1, table 1, hand 1 corrected: Pair 0 300 → 400"]


def test_a_page_correction_is_logged_under_the_devices_name(client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    game_id = start(client, event_id)["tables"][0]["game"]
    finish(client, game_id, 300, 100)
    client.get(f"/games/{game_id}")  # a page visit sets the CSRF cookie the device's name is made from
    token = next(c.value for c in client._cookies.values() if "csrf" in c.key.lower())
    answer = client.post(f"/games/{game_id}/hands/1/delete", data={"csrf_token": token},
                         headers={"X-CSRF-Token": token})
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:300]
    log = client.get(f"/api/events/{event_id}/log").get_json()
    assert len(log) == 1 and log[0]["device"] not in (None, "127.0.0.1") and len(log[0]["device"]) == 16


def test_a_game_of_an_event_cannot_be_deleted(app, client):
    event_id = new_event(client, 2, rounds=1).get_json()["id"]
    game_id = start(client, event_id)["tables"][0]["game"]
    conn = db.connect(app.config["DATABASE"])
    with pytest.raises(Refused) as refused:
        service.delete_game(conn, game_id)
    assert refused.value.status == 409 and "club night" in refused.value.errors[0].message
    assert client.get(f"/api/games/{game_id}").status_code == 200


def played_event(client):
    event_id = new_event(client, 3).get_json()["id"]
    first = start(client, event_id)
    finish_round(client, first)
    start(client, event_id)
    client.put(f"/api/games/{first['tables'][0]['game']}/hands/1", json={"entries": [{}, {"melded": 500}]})
    return event_id


def test_export_and_import_keep_an_event_whole(app, client, tmp_path):
    event_id = played_event(client)
    before = snapshot(client, event_id)
    source = db.connect(app.config["DATABASE"])
    document = json.loads(json.dumps(export.export_games(source)))
    assert document["version"] == export.VERSION and [e["id"] for e in document["events"]] == [event_id]
    assert checks.check_document(document) == []
    target = tmp_path / "moved.sqlite"
    conn = db.connect(str(target))
    db.migrate(conn)
    imports.import_games(conn, document["games"], events=document["events"])
    with pytest.raises(ValueError, match="already"):
        imports.import_games(conn, [], events=document["events"])
    imports.import_games(conn, document["games"], events=document["events"], replace=True)
    moved = create_app({"TESTING": True, "DATABASE": str(target), "SECRET_KEY": "t"}).test_client()
    assert snapshot(moved, event_id) == before
    # a table's game of another file's event, or not in the file, is refused before anything is stored
    broken = json.loads(json.dumps(document))
    broken["events"][0]["round_list"][0]["tables"][0]["game"] = "nosuchgame"
    assert any("nosuchgame" in e for e in checks.check_document(broken))
    old = {k: v for k, v in document.items() if k not in ("events", "rule_sets")} | {"version": 2}
    assert export.upgrade(old)["events"] == [] and checks.check_document(export.upgrade(old)) == []


def test_a_restart_keeps_everything(app, client):
    event_id = played_event(client)
    before = snapshot(client, event_id)
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "t"}).test_client()
    assert snapshot(again, event_id) == before
    game_id = before[0]["round_list"][1]["tables"][0]["game"]
    assert again.get(f"/api/games/{game_id}").get_json()["event"] == {"id": event_id, "round": 2, "table": 1}


def test_a_club_nights_table_pin_locks_every_tables_game(client):
    event = new_event(client, pin="0427").get_json()
    assert event["has_pin"] is True and "pin" not in event and "pin_hash" not in event
    round_ = start(client, event["id"])
    game_id = round_["tables"][0]["game"]
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["has_pin"] is True
    entries = {"entries": [{"melded": 100}, {}]}
    refused = client.post(f"/api/games/{game_id}/hands", json=entries)
    assert refused.status_code == 403
    # a phone that takes the table over (a flat battery) gives the PIN and goes on
    assert client.post(f"/api/games/{game_id}/hands", json=entries, headers={"X-Table-PIN": "0427"}).status_code == 201


def test_a_bad_table_pin_is_refused_naming_its_field(client):
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000}, "entrants": entrants(4),
            "rounds": 3, "movement": "round-robin", "standings": "wins", "pin": "12"}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "pin"
    assert client.get("/api/events").get_json() == []


def test_an_export_carries_a_club_nights_table_pin_and_an_import_keeps_it(app, client, tmp_path):
    import checks
    from app import create_app
    from db import export, imports
    from tests.pin_helpers import unhashed_text
    from web.plumbing.database import get_db

    event = new_event(client, pin="0427").get_json()
    with app.app_context():
        document = export.export_games(get_db())
    assert document["events"][0]["pin_hash"] and "0427" not in unhashed_text(document)
    assert checks.check_document(document) == []  # what `import` checks first
    again = create_app({"DATABASE": str(tmp_path / "other.sqlite"), "TESTING": True, "SECRET_KEY": "test"})
    with again.app_context():
        imports.import_games(get_db(), document["games"], events=document["events"])
    imported = again.test_client()
    assert imported.get(f"/api/events/{event['id']}").get_json()["has_pin"] is True
    round_ = imported.post(f"/api/events/{event['id']}/rounds").get_json()
    assert imported.get(f"/api/games/{round_['tables'][0]['game']}").get_json()["has_pin"] is True
