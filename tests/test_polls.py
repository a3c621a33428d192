"""Issue 44 item 3: a poll that finds nothing changed is answered by the poll gate (web/plumbing/polls.py) without
entering Flask, and never answers "unchanged" after a change: one made by this server, by another connection, by
`python app.py import` in another process, or across a restart; its 204 carries every header Flask's carries."""
from __future__ import annotations

import urllib.request

import pytest

from app import create_app
from web.plumbing.security import HEADERS

from .cli_helpers import run_app, wait_for
from .pages import read
from .server import Server

GAME = {"variant": "ponytail",
        "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}
HAND = {"entries": [{"melded": 50}, {}]}
EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": None, "max_hands": 1},
         "entrants": [{"name": f"Pair {i}", "players": [f"North {i}", f"South {i}"]} for i in range(1, 5)],
         "table_size": 2, "rounds": 2, "movement": "draw", "standings": "wins"}
EVENT_HAND = {"entries": [{"melded": 150}, {"melded": 100}]}


def entered(app) -> list[str]:
    """The paths Flask itself answered from now on."""
    seen: list[str] = []
    from flask import request

    app.before_request_funcs.setdefault(None, []).append(lambda: seen.append(request.path) and None)
    return seen


def game_poll(client, game_id: str) -> str:
    return read(client.get(f"/games/{game_id}")).by_id("live").get("data-poll")


def new_game(client, hands: int = 1) -> str:
    game_id = client.post("/api/games", json=GAME).get_json()["id"]
    for _ in range(hands):
        assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    return game_id


def new_event_table(client) -> tuple[str, str]:
    event_id = client.post("/api/events", json=EVENT).get_json()["id"]
    tables = client.post(f"/api/events/{event_id}/rounds").get_json()["tables"]
    return event_id, tables[0]["game"]


def test_an_unchanged_game_is_answered_without_flask_with_every_header_flask_gives(app, client):
    game_id = new_game(client, hands=0)
    poll = game_poll(client, game_id)
    seen = entered(app)
    first, second = client.get(poll), client.get(poll)
    assert first.status_code == second.status_code == 204
    assert seen == [poll.split("?")[0]]  # the second one never entered Flask
    for name, value in HEADERS.items():
        assert second.headers.get(name) == value, name
    assert dict(second.headers) == dict(first.headers)
    assert second.data == b""


@pytest.mark.parametrize("write", ["this server", "another connection"])
def test_a_hand_recorded_meanwhile_is_drawn_on_the_next_poll(app, client, write):
    game_id = new_game(client)
    poll = game_poll(client, game_id)
    assert client.get(poll).status_code == client.get(poll).status_code == 204
    writer = client if write == "this server" else create_app(
        {"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"}).test_client()
    assert writer.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    changed = client.get(poll)
    assert changed.status_code == 200 and read(changed).by_id("live") is not None
    assert client.get(game_poll(client, game_id)).status_code == 204  # the new key: unchanged again


def test_a_write_by_the_command_line_is_seen_on_the_next_poll(app, client, tmp_path):
    game_id = new_game(client)
    exported = tmp_path / "one-hand.json"
    assert run_app("export", exported, "--db", app.config["DATABASE"]).returncode == 0
    assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    poll = game_poll(client, game_id)
    assert client.get(poll).status_code == client.get(poll).status_code == 204
    result = run_app("import", exported, "--replace", "--db", app.config["DATABASE"])
    assert result.returncode == 0, result.stderr
    assert client.get(poll).status_code == 200  # the game as imported (one hand), at a new revision


def test_after_a_restart_a_poll_is_answered_from_the_database(app, client):
    game_id = new_game(client)
    poll = game_poll(client, game_id)
    assert client.get(poll).status_code == 204
    restarted = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"})
    assert restarted.test_client().get(poll).status_code == 204
    assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"}).test_client()
    assert again.get(poll).status_code == 200


def test_the_hand_forms_notice_follows_the_revision(app, client):
    game_id = new_game(client)
    poll = f"/games/{game_id}/hands/live?revision=2&key=k"
    seen = entered(app)
    assert client.get(poll).status_code == client.get(poll).status_code == 204
    assert len(seen) == 1
    assert client.post(f"/api/games/{game_id}/hands", json=HAND).status_code == 201
    assert client.get(poll).status_code == 200


@pytest.mark.parametrize("page, part", [("screen", "board"), ("tables", "picker"), ("me/0", "own")])
def test_an_events_screen_and_table_picker_follow_every_table(app, client, page, part):
    event_id, game_id = new_event_table(client)
    poll = read(client.get(f"/events/{event_id}/{page}")).by_id(part).get("data-poll")
    seen = entered(app)
    assert client.get(poll).status_code == client.get(poll).status_code == 204
    assert len(seen) == 1
    assert client.post(f"/api/games/{game_id}/hands", json=EVENT_HAND).status_code == 201
    changed = client.get(poll)
    assert changed.status_code == 200 and read(changed).by_id(part) is not None


def test_an_unknown_host_is_refused_though_the_same_poll_was_answered(app, client):
    game_id = new_game(client)
    poll = game_poll(client, game_id)
    assert client.get(poll).status_code == client.get(poll).status_code == 204
    assert client.get(poll, headers={"Host": "evil.example"}).status_code == 400


def test_undo_gone_makes_the_gate_ask_flask_again(app, client):
    from web.present.scoreboard import UNDO_SECONDS, live_until
    from datetime import datetime

    game_id = new_game(client)
    with app.test_request_context():
        from web.plumbing.database import get_db
        import service

        game = service.get_game(get_db(), game_id)
        until = live_until(game)
        recorded = datetime.fromisoformat(game.hands[-1].recorded_at).timestamp()
    assert until == pytest.approx(recorded + UNDO_SECONDS, abs=0.01)


def get(url: str) -> int:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"HX-Request": "true"}), timeout=10) as answer:
        return answer.status


def test_a_real_server_answers_polls_and_sees_the_command_lines_write(tmp_path):
    path = tmp_path / "games.sqlite"
    server = Server(path)
    try:
        status, game = server.request("POST", "/api/games", GAME)
        assert status == 201
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
        exported = tmp_path / "one-hand.json"
        assert run_app("export", exported, "--db", path).returncode == 0
        assert server.request("POST", f"/api/games/{game['id']}/hands", HAND)[0] == 201
        with urllib.request.urlopen(f"{server.url}/games/{game['id']}", timeout=10) as page:
            poll = server.url + read(page.read().decode()).by_id("live").get("data-poll")
        assert get(poll) == get(poll) == 204
        assert run_app("import", exported, "--replace", "--db", path).returncode == 0
        assert wait_for(lambda: get(poll) == 200, seconds=1.0)
    finally:
        server.stop()



# -- issue 44 item 2: the largest event, and the body it takes (API.md "Big events": 512 pairs, 512 kB) ----------

def pairs(n: int) -> dict:
    return {**EVENT, "entrants": [{"name": f"Pair {i}", "players": [f"North {i}", f"South {i}"]} for i in range(n)],
            "rounds": 3, "movement": "mitchell"}


def test_512_pairs_at_256_tables_are_accepted_and_a_round_seats_them_all(client):
    made = client.post("/api/events", json=pairs(512))
    assert made.status_code == 201, made.get_json()
    started = client.post(f"/api/events/{made.get_json()['id']}/rounds")
    assert started.status_code == 201 and len(started.get_json()["tables"]) == 256


def test_513_pairs_are_refused_naming_the_entrants_and_the_tables(client):
    refused = client.post("/api/events", json=pairs(513))
    assert refused.status_code == 422
    said = {e["field"]: e["message"] for e in refused.get_json()["errors"]}
    assert "At most 256 tables can play a round" in said["entrants"] and "at most 512 entrants" in said["entrants"]


def test_a_new_event_takes_a_body_of_512_kB_and_every_other_route_keeps_64_kB(client):
    padded = {**pairs(4), "name": "x" * 300_000}  # over 64 kB, under 512 kB: read, and refused for its name
    answer = client.post("/api/events", json=padded)
    assert answer.status_code == 422 and "name" in [e["field"] for e in answer.get_json()["errors"]]
    too_big = client.post("/api/events", json={**pairs(4), "name": "x" * 530_000})
    assert too_big.status_code == 413
    assert "(at most 512 kB)" in too_big.get_json()["errors"][0]["message"]
    other = client.post("/api/games", json={**GAME, "name": "x" * 70_000})
    assert other.status_code == 413 and "at most 64 kB" in other.get_json()["errors"][0]["message"]
