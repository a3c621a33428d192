"""A federation evening moves whole: a Mitchell round of an odd count (its tables' numbers skip the pair that sits out)
and a director's adjustment export and import on a fresh database with the same standings (API.md, "Tournaments as
federations run them"; README "Keeping games safe")."""
from __future__ import annotations

from app import create_app
from app import main as app_main

EVENING = {"name": "Venerdì", "variant": "burraco", "table_size": 2, "rounds": 3, "movement": "mitchell",
           "standings": "vp", "vp_scale": "fibur-3", "deals_per_round": 3,
           "entrants": [{"name": f"P{i}", "players": [f"A{i}", f"B{i}"]} for i in range(5)]}


def test_a_mitchell_evening_with_an_adjustment_exports_and_imports_whole(client, app, tmp_path):
    event = client.post("/api/events", json=EVENING).get_json()["id"]
    first = client.post(f"/api/events/{event}/rounds").get_json()
    for table in first["tables"]:
        for _ in range(3):
            client.post(f"/api/games/{table['game']}/hands", json={"entries": [{"total": 300}, {"total": 100}]})
    assert client.post(f"/api/events/{event}/adjustments", json={"entrant": 1, "round": 1, "vp": -1, "points": 0,
                                                                 "reason": "late start"}).status_code == 201
    second = client.post(f"/api/events/{event}/rounds").get_json()
    assert [t["table"] for t in second["tables"]] != list(range(1, len(second["tables"]) + 1))  # a table skipped
    exported, moved = tmp_path / "evening.json", tmp_path / "moved.sqlite"
    assert app_main(["export", str(exported), "--db", app.config["DATABASE"]]) in (0, None)
    assert app_main(["import", str(exported), "--db", str(moved)]) in (0, None)
    other = create_app({"TESTING": True, "DATABASE": str(moved), "SECRET_KEY": "t"}).test_client()
    assert other.get(f"/api/events/{event}/standings").get_json() == \
        client.get(f"/api/events/{event}/standings").get_json()
    assert [e["change"].get("adjustment", {}).get("reason") for e in other.get(f"/api/events/{event}/log").get_json()] \
        == ["late start"]
