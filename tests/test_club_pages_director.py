"""Issue 32 item 6: the director's page follows the room by itself, as the screen and the table picker do: its poll
answers 204 while nothing changed, and the tables, standings and log drawn again once a game or a round did."""
from __future__ import annotations

from tests.pages import read
from tests.event_page_helpers import create, finish, rounds, start


def test_the_directors_page_polls_and_draws_the_room_again_when_a_table_changes(client):
    event_id = create(client)
    page = read(client.get(f"/events/{event_id}"))
    poll = page.by_id("room").get("data-poll")
    assert client.get(poll).status_code == 204
    start(client, event_id)
    answer = client.get(poll)
    assert answer.status_code == 200
    room = read(answer)
    assert room.by_id("room") and "Table 2" in room.text() and "Not started" in room.text()
    again = room.by_id("room").get("data-poll")
    assert client.get(again).status_code == 204
    finish(client, rounds(client, event_id)[0]["tables"][0]["game"])
    answer = client.get(again)
    assert answer.status_code == 200 and "Finished" in read(answer).text()
    assert "Start round 2" in read(answer).text()  # the start form comes along, with its own key
    assert read(answer).by_id("room").get("data-poll") != again


def test_the_room_poll_of_an_unknown_night_is_404_in_words(client):
    answer = client.get("/events/nope/live")
    assert answer.status_code == 404
