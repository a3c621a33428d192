"""Issue 39 items 3 and 4: what only the director may do at a table (API.md "What only the director may do at a
table", settled turn 6). On a night with a director's PIN, ending a table's game before its deals_per_round are
played, and any change to a table's game once its round is closed (a later round has started), need the director's
PIN: a table's PIN alone gets 403 and changes nothing; each such change is an entry of the night's log."""
from __future__ import annotations

import pytest

from .pages import post, read, token

DIRECTOR = "9876"
AS_DIRECTOR = {"X-Director-PIN": DIRECTOR}
HAND = {"entries": [{"melded": 100}, {}]}
OTHER = {"entries": [{"melded": 50}, {"melded": 20}]}
PAIRS = [{"name": f"Pair {i}", "players": [f"N{i}", f"S{i}"]} for i in range(1, 5)]
NIGHT = {"name": "Venerdì", "variant": "classic", "options": {"target": 5000}, "entrants": PAIRS, "rounds": 3,
         "movement": "mitchell", "standings": "points", "deals_per_round": 3, "director_pin": DIRECTOR,
         "table_pins": True}


def night(client, **changes) -> tuple[str, list[dict]]:
    """A night (with its director's PIN and a PIN a table unless `changes` say otherwise), round 1 started."""
    event = client.post("/api/events", json={**NIGHT, **changes})
    assert event.status_code == 201, event.get_json()
    event_id = event.get_json()["id"]
    answer = client.post(f"/api/events/{event_id}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201, answer.get_json()
    return event_id, answer.get_json()["tables"]


def game(client, game_id) -> dict:
    return client.get(f"/api/games/{game_id}").get_json()


def log(client, event_id) -> list[dict]:
    return client.get(f"/api/events/{event_id}/log").get_json()


def table_pin(table) -> dict:
    return {"X-Table-PIN": table["pin"]}


def refused(answer, words: str) -> None:
    assert answer.status_code == 403, answer.get_json()
    [error] = answer.get_json()["errors"]
    assert words in error["message"], error["message"]


def round_two(client, event_id, tables) -> list[dict]:
    """Round 1 played out (3 deals a table, with each table's PIN), then round 2 started by the director."""
    for t in tables:
        for _ in range(3):
            assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers=table_pin(t)).status_code == 201
    answer = client.post(f"/api/events/{event_id}/rounds", headers=AS_DIRECTOR)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["tables"]


# -- item 3: ending a table early ---------------------------------------------------------------------------------

def test_a_tables_pin_alone_cannot_end_its_game_before_its_deals(client):
    event_id, tables = night(client)
    t = tables[0]
    assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers=table_pin(t)).status_code == 201
    before = game(client, t["game"])
    refused(client.post(f"/api/games/{t['game']}/end", headers=table_pin(t)),
            "Only the director can end a table's game before its 3 hands are played")
    assert game(client, t["game"]) == before and not before["finished"]
    assert log(client, event_id) == []
    assert client.get(f"/api/events/{event_id}/standings").get_json()[0]["played"] == 0


def test_the_refusal_speaks_the_requests_language(client):
    _, tables = night(client, variant="burraco", options={})
    t = tables[0]
    answer = client.post(f"/api/games/{t['game']}/end", headers={**table_pin(t), "Accept-Language": "it"})
    refused(answer, "Solo l'arbitro")


@pytest.mark.parametrize("headers", [AS_DIRECTOR, {"X-Table-PIN": DIRECTOR}], ids=["director-header", "as-table-pin"])
def test_the_directors_pin_ends_a_table_early_and_the_log_keeps_it(client, headers):
    event_id, tables = night(client)
    t = tables[1]
    assert client.post(f"/api/games/{t['game']}/hands", json=HAND, headers=table_pin(t)).status_code == 201
    answer = client.post(f"/api/games/{t['game']}/end", headers=headers)
    assert answer.status_code == 200 and answer.get_json()["finished"]
    [entry] = log(client, event_id)
    assert entry["game"] == t["game"] and entry["change"]["action"] == "ended_early"
    assert (entry["change"]["hand"], entry["change"]["planned"]) == (1, 3)
    assert entry["what"].startswith("Round 1, table 2, game ended early (hands played: 1 of 3)")


def test_a_table_that_played_its_deals_needs_no_director_and_a_night_without_one_logs_an_early_end(client):
    event_id, tables = night(client)
    t = tables[0]
    for _ in range(3):
        client.post(f"/api/games/{t['game']}/hands", json=HAND, headers=table_pin(t))
    assert game(client, t["game"])["finished"]  # its 3 deals: over, no end needed; a correction is the table's
    assert client.put(f"/api/games/{t['game']}/hands/3", json=OTHER, headers=table_pin(t)).status_code == 200
    assert log(client, event_id) == []
    open_id, open_tables = night(client, director_pin=None, table_pins=False)
    u = open_tables[0]
    assert client.post(f"/api/games/{u['game']}/end").status_code == 200  # no director: the table may
    [entry] = log(client, open_id)
    assert entry["change"]["action"] == "ended_early" and entry["change"]["hand"] == 0


def test_a_night_with_the_directors_pin_and_no_table_pins_asks_it_for_an_early_end(client):
    event_id, tables = night(client, table_pins=False)
    t = tables[0]
    refused(client.post(f"/api/games/{t['game']}/end"), "X-Director-PIN")
    refused(client.post(f"/api/games/{t['game']}/end", headers={"X-Director-PIN": "1111"}),
            "not this club night's director's PIN")
    assert not game(client, t["game"])["finished"]
    assert client.post(f"/api/games/{t['game']}/end", headers={"X-Table-PIN": DIRECTOR}).status_code == 200


def test_the_game_page_of_a_table_phone_leads_its_early_end_to_the_directors_pin(app, client):
    event_id, tables = night(client)
    t = tables[0]
    phone = app.test_client()
    assert post(phone, f"/games/{t['game']}/unlock", {"pin": t["pin"]}).status_code == 303
    page = read(phone.get(f"/games/{t['game']}"))
    assert page.all("button", "Yes, end the game", visible=False) == []
    link = page.link("Enter the director's PIN")
    assert link.get("href").startswith(f"/events/{event_id}/unlock")
    assert "Only the director can end a table's game before its 3 hands are played" in page.text()
    answer = phone.post(f"/games/{t['game']}/end", data={"csrf_token": token(phone)},
                        headers={"Referer": f"http://localhost/games/{t['game']}"})
    assert answer.status_code == 303 and f"/events/{event_id}/unlock" in answer.headers["Location"]
    assert not game(client, t["game"])["finished"]
    assert post(phone, f"/events/{event_id}/unlock", {"pin": DIRECTOR}).status_code == 303
    page = read(phone.get(f"/games/{t['game']}"))
    assert len(page.all("button", "Yes, end the game", visible=False)) == 1
    assert post(phone, f"/games/{t['game']}/end").status_code == 303
    assert game(client, t["game"])["finished"] and len(log(client, event_id)) == 1


# -- item 4: a closed round's tables ------------------------------------------------------------------------------

@pytest.mark.parametrize("method, path, body", [
    ("put", "/hands/1", OTHER), ("delete", "/hands/3", None), ("post", "/hands", HAND), ("post", "/end", None),
])
def test_a_closed_rounds_table_changes_only_with_the_directors_pin(client, method, path, body):
    event_id, tables = night(client)
    round_two(client, event_id, tables)
    t = tables[0]
    before = game(client, t["game"])
    answer = getattr(client, method)(f"/api/games/{t['game']}{path}", json=body, headers=table_pin(t))
    refused(answer, "Round 1 of this club night is closed (round 2 has started): only the director can change")
    assert game(client, t["game"]) == before and log(client, event_id) == []


def test_the_director_corrects_a_closed_round_and_the_log_keeps_it(client):
    event_id, tables = night(client)
    round_two(client, event_id, tables)
    t = tables[0]
    answer = client.put(f"/api/games/{t['game']}/hands/1", json=OTHER, headers=AS_DIRECTOR)
    assert answer.status_code == 200, answer.get_json()
    [entry] = log(client, event_id)
    assert entry["change"]["action"] == "corrected" and entry["what"].startswith("Round 1, table 1, hand 1 corrected")


def test_the_hand_form_of_a_closed_round_says_so_and_leads_to_the_directors_pin(app, client):
    event_id, tables = night(client)
    round_two(client, event_id, tables)
    t = tables[0]
    phone = app.test_client()
    assert post(phone, f"/games/{t['game']}/unlock", {"pin": t["pin"]}).status_code == 303
    form = read(phone.get(f"/games/{t['game']}/hands/1/edit"))
    [note] = form.all("note")
    assert "Round 1 of this club night is closed (round 2 has started): only the director can change" in note.text
    assert note.link("Enter the director's PIN").get("href").startswith(f"/events/{event_id}/unlock?next=")
    answer = phone.post(f"/games/{t['game']}/hands/1/edit", data={"csrf_token": token(phone), "revision": "*"},
                        headers={"HX-Request": "true"})
    assert f"/events/{event_id}/unlock" in answer.headers["HX-Redirect"]
    undo = phone.post(f"/games/{t['game']}/hands/3/undo", data={"csrf_token": token(phone)})
    assert undo.status_code == 303 and f"/events/{event_id}/unlock" in undo.headers["Location"]
    paper = phone.post(f"/games/{t['game']}/paper", data={"csrf_token": token(phone)})
    assert paper.status_code == 303 and f"/events/{event_id}/unlock" in paper.headers["Location"]
    assert log(client, event_id) == []
    assert post(phone, f"/events/{event_id}/unlock", {"pin": DIRECTOR}).status_code == 303
    form = read(phone.get(f"/games/{t['game']}/hands/1/edit"))
    [note] = form.all("note")
    assert "the change is kept in the night's log" in note.text
