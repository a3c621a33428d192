"""Issue 31 items 7 and 8 (issue 32 item 6): a club night's table game says which night, round and table it is and
links back; at its game over the primary button goes back to the night; its game is not offered for deletion."""
from __future__ import annotations

from tests.pages import read
from tests.event_page_helpers import create, finish, rounds, start


def primary(page) -> list:
    return [e for e in page.walk() if e.tag == "a" and "primary" in e.get("class", "").split()]


def test_a_table_game_names_its_night_round_and_table_and_links_back(client):
    event_id = create(client)
    start(client, event_id)
    table = rounds(client, event_id)[0]["tables"][1]
    page = read(client.get(f"/games/{table['game']}"))
    seat = page.landmark("main").text
    assert "Tuesday club" in seat and "Round 1 of 3 · Table 2" in seat
    assert f"/events/{event_id}" in page.links
    finish(client, table["game"])
    over = read(client.get(f"/games/{table['game']}"))
    buttons = primary(over)
    assert [b.text for b in buttons] == ["Back to Tuesday club"]
    assert buttons[0].get("href") == f"/events/{event_id}"
    assert "New game, same players" not in over.text()


def test_an_ordinary_game_still_offers_a_new_game_and_no_night(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/end")
    over = read(client.get(f"/games/{game['id']}"))
    assert "Tuesday club" not in over.text() and "/events/" not in " ".join(over.links)
    assert [b.text for b in primary(over)] == ["New game, same players"]


def test_the_home_page_offers_no_deletion_of_a_club_nights_game(client, make_game):
    game = make_game()
    event_id = create(client)
    start(client, event_id)
    tables = [t["game"] for t in rounds(client, event_id)[0]["tables"]]
    home = read(client.get("/"))
    deletes = [f.get("action") for f in home.walk() if f.tag == "form" and f.get("action", "").endswith("/delete")]
    assert deletes == [f"/games/{game['id']}/delete"]
    assert not any(t in d for t in tables for d in deletes)
    # its tables are on the club night's own pages, not listed on the home page (issue 31 item 12)
    assert not any(a.get("href", "").endswith(f"/games/{t}") for a in home.walk() if a.tag == "a" for t in tables)
