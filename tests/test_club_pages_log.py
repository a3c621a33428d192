"""Issue 31 item 10: the night's log names a device as people do ("Table 1's phone", or the name the device gave
itself), says when a correction changed a game's winner, and the correction form of a game in a closed round warns
that saving changes the standings."""
from __future__ import annotations

from tests.pages import post, read, url
from tests.sheet_helpers import pdf_pages
from tests.event_page_helpers import create, finish, rounds, start


def closed_round_1(client):
    """A night whose round 1 is played (the first side of each table won 150 to 100) and closed by round 2."""
    event_id = create(client)
    start(client, event_id)
    tables = rounds(client, event_id)[0]["tables"]
    for t in tables:
        finish(client, t["game"])
    start(client, event_id, "k2")
    return event_id, tables


def correct(client, game_id, first, second):
    """A phone's correction of hand 1 through the form: the first side's and the second side's melded points."""
    form = read(client.get(url(client.application, "hands.edit_hand", game_id=game_id, number=1)))
    typed = {**form.form_values(), "entries[0].melded": str(first), "entries[1].melded": str(second)}
    answer = post(client, url(client.application, "hands.replace_hand", game_id=game_id, number=1), typed)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:3000]
    return form


def log(client, event_id) -> list[list[str]]:
    page = read(client.get(f"/events/{event_id}"))
    table = next(e for e in page.walk() if e.tag == "table" and "event-log" in e.get("class", "").split())
    return [[c.text for c in row.walk() if c.tag == "td"] for row in table.walk() if row.tag == "tr"][1:]


def test_a_phone_that_opened_its_table_is_that_tables_phone_and_a_new_winner_is_said(app, client):
    event_id, tables = closed_round_1(client)
    assert client.get(f"/events/{event_id}/tables/1").status_code == 303  # in round 2: this phone is table 1's
    correct(client, tables[0]["game"], 100, 400)
    [(_, what, by)] = log(client, event_id)
    assert by == "Table 1's phone"
    names = [s["name"] for s in client.get(f"/api/games/{tables[0]['game']}").get_json()["sides"]]
    assert what.endswith(f"; the winner changed: {names[1]} (before: {names[0]})")
    assert client.get(f"/api/events/{event_id}/log").get_json()[0]["device"] == "table:1"
    results = " ".join(p["text"] for p in pdf_pages(client.get(f"/events/{event_id}/results.pdf").data))
    assert "Table 1's phone" in results and "table:1" not in results


def test_a_device_may_give_itself_a_name_the_log_then_uses(client):
    event_id, tables = closed_round_1(client)
    answer = post(client, f"/events/{event_id}/device-name", {"device_name": "  Director's   laptop "})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/events/{event_id}#device-name")
    page = read(client.get(f"/events/{event_id}"))
    assert "In the log this device is now “Director's laptop”." in page.text()
    assert page.by_id("device_name").value == "Director's laptop"
    correct(client, tables[1]["game"], 200, 100)  # the same winner: nothing said of one
    [(_, what, by)] = log(client, event_id)
    assert by == "Director's laptop" and "winner" not in what


def test_a_device_with_neither_is_a_short_code_and_a_bad_name_is_refused_in_words(client):
    event_id, tables = closed_round_1(client)
    refused = post(client, f"/events/{event_id}/device-name", {"device_name": "x" * 41, "back": "tables"})
    assert refused.headers["Location"].endswith(f"/events/{event_id}/tables#device-name")
    page = read(client.get(f"/events/{event_id}/tables"))
    assert "The name was not kept: A device's name is at most 40 characters; this one has 41." in page.text()
    correct(client, tables[0]["game"], 150, 120)
    [(_, what, by)] = log(client, event_id)
    assert by.startswith("A device with no name (") and len(by) == len("A device with no name (123456)")


def test_the_correction_form_of_a_closed_round_warns_that_it_changes_the_standings(client):
    event_id = create(client)
    start(client, event_id)
    game_id = rounds(client, event_id)[0]["tables"][0]["game"]
    finish(client, game_id)
    form = url(client.application, "hands.edit_hand", game_id=game_id, number=1)
    warning = "Round 1 of Tuesday club is closed: saving a change here changes the night's standings"
    assert warning not in read(client.get(form)).text()  # round 1 still open
    for t in rounds(client, event_id)[0]["tables"][1:]:
        finish(client, t["game"])
    start(client, event_id, "k2")
    note = next(p for p in read(client.get(form)).walk() if "closed-round" in p.get("class", "").split())
    assert warning in note.text
