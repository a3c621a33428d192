"""Issue 31 item 12: the home page pages its games (30 a page, the most recently changed first, "Older games" and
"Newer games" links) and lists no club night's table one by one (they are on the club night's page): 10,000 games
made a 10 MB home page."""
from __future__ import annotations

from .pages import read

PAIRS = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                        {"name": "Them", "players": ["Cy", "Di"]}]}
EVENT = {"name": "Tuesday club", "variant": "classic", "options": {"target": None, "max_hands": 1},
         "entrants": [{"name": f"Pair {i}", "players": [f"North {i}", f"South {i}"]} for i in range(1, 9)],
         "table_size": 2, "rounds": 2, "movement": "draw", "standings": "wins"}


def cards(page) -> list[str]:
    return [a.get("href") for a in page.walk() if a.tag == "a" and "game-link" in a.get("class", "").split()]


def test_thirty_games_a_page_newest_first_with_older_and_newer_links(client):
    made = [client.post("/api/games", json={**PAIRS, "sides": [{"name": f"Us {n}", "players": ["Ann", "Bob"]},
                                                                {"name": "Them", "players": ["Cy", "Di"]}]}
                        ).get_json()["id"] for n in range(33)]
    event_id = client.post("/api/events", json=EVENT).get_json()["id"]
    tables = client.post(f"/api/events/{event_id}/rounds").get_json()["tables"]
    first = read(client.get("/"))
    shown = cards(first)
    assert shown == [f"/games/{g}" for g in reversed(made[3:])]  # the newest first, no club night's table
    assert not any(f"/games/{t['game']}" in shown for t in tables)
    older = first.link("Older games").get("href")
    assert "Newer games" not in first.text()
    second = read(client.get(older))
    assert cards(second) == [f"/games/{g}" for g in reversed(made[:3])] and "Older games" not in second.text()
    assert second.link("Newer games").get("href") == "/"


def test_a_page_past_the_last_says_so_and_a_bad_page_is_refused_in_words(client):
    client.post("/api/games", json=PAIRS)
    page = read(client.get("/?page=7"))
    assert cards(page) == [] and "There are no games this far back." in page.text()
    assert page.link("Newer games") is not None
    for bad in ("0", "x", "1.5", "99999999999"):
        answer = client.get(f"/?page={bad}")
        assert answer.status_code in (400, 422) and "page" in answer.get_data(as_text=True)
