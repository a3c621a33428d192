"""Export and import (and so backup and restore) keep a tournament whole: deals and minutes a round, the bye, the
shipped scale's name, each round's movement, a Mitchell round's table numbers with a gap, and the adjustments; and
refuse such data that is wrong, naming where, never crashing."""
import json

import pytest

import checks
import db
from db import export
from tests.events_helpers import entrants, finish, imported_client, snapshot


def tournament(client):
    body = {"name": "Venerdì", "variant": "classic", "entrants": entrants(5), "rounds": 3, "movement": "mitchell",
            "standings": "vp", "vp_scale": "fibur-3", "deals_per_round": 3, "round_minutes": 60,
            "bye": {"vp": 12, "points": 150}}
    event = client.post("/api/events", json=body).get_json()
    for movement in ("mitchell", "mitchell", "danish"):
        round_ = client.post(f"/api/events/{event['id']}/rounds", json={"movement": movement}).get_json()
        for t in round_["tables"]:
            finish(client, t["game"], 300, 100)
    client.post(f"/api/events/{event['id']}/adjustments",
                json={"entrant": 2, "round": 2, "vp": -1, "points": -20, "reason": "slow play"})
    return event["id"]


def test_export_and_import_keep_a_tournament_whole(app, client, tmp_path):
    event_id = tournament(client)
    before = snapshot(client, event_id)
    assert [t["table"] for t in before[0]["round_list"][1]["tables"]] == [2, 3]  # Mitchell: table 1's pair sits out
    document = json.loads(json.dumps(export.export_games(db.connect(app.config["DATABASE"]))))
    assert checks.check_document(document) == []
    moved = imported_client(tmp_path / "moved.sqlite", document)
    assert snapshot(moved, event_id) == before
    assert moved.get(f"/events/{event_id}/results.csv").data == client.get(f"/events/{event_id}/results.csv").data


@pytest.mark.parametrize("break_it, words", [
    (lambda e: e["round_list"][0].update(movement={}), "round 1"),
    (lambda e: e["round_list"][0].update(movement="howell"), "round 1"),
    (lambda e: e["adjustments"][0].update(points=7), "adjustment 1"),
    (lambda e: e["adjustments"][0].update(round=9), "adjustment 1"),
    (lambda e: e["adjustments"].append({"id": "x"}), "adjustment 2"),
    (lambda e: e.update(adjustments={}), "adjustments"),
    (lambda e: e.update(bye={"vp": "x", "points": 0}), "bye"),
    (lambda e: e.update(round_minutes=1), "round_minutes"),
    (lambda e: e["round_list"][1]["tables"][1].update(table=2), "table 2"),
])
def test_wrong_tournament_data_is_refused_naming_where(app, client, break_it, words):
    tournament(client)
    document = json.loads(json.dumps(export.export_games(db.connect(app.config["DATABASE"]))))
    break_it(document["events"][0])
    problems = checks.check_document(document)
    assert problems and any(words in p for p in problems), problems
