"""Issue 39 (the club-night pages' LOW points): a figure is written in the page's language on the director's page and
the standings screen ("Vittorie 1,5" in Italian, not 1.5), and one figure has one name on both (a VP night's match
points are "MP" on the screen and on the director's page, not "MP" on one and "Punti" on the other)."""
from __future__ import annotations

import pytest

from tests.pages import read

IT = {"Accept-Language": "it"}


def night(client, standings: str = "wins") -> str:
    """Four pairs, round 1 played: table 1 level (150 all: a shared win, half a win each), table 2 won 300-100."""
    body = {"name": "Serata", "variant": "classic", "options": {"target": 100000},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in
                         ("Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca")],
            "rounds": 2, "movement": "round-robin", "standings": standings}
    if standings == "vp":
        body["vp_scale"] = "fibur-3"
    event = client.post("/api/events", json=body).get_json()
    tables = client.post(f"/api/events/{event['id']}/rounds").get_json()["tables"]
    for table, (first, second) in zip(tables, [(150, 150), (300, 100)]):
        hand = {"entries": [{"melded": first}, {"melded": second}]}
        assert client.post(f"/api/games/{table['game']}/hands", json=hand).status_code == 201
        assert client.post(f"/api/games/{table['game']}/end").status_code == 200
    return event["id"]


def column(table, head: str) -> list[str]:
    rows = table.cells()
    at = rows[0].index(head)
    return [r[at] for r in rows[1:]]


@pytest.mark.parametrize("path, table_name", [("/events/{}", "Classifica per vittorie"),
                                              ("/events/{}/screen", "Classifica per vittorie")])
def test_a_shared_win_is_written_in_the_pages_language(client, path, table_name):
    event_id = night(client)
    page = read(client.get(path.format(event_id), headers=IT))
    wins = column(page.table(table_name), "Vittorie")
    assert sorted(wins) == ["0", "0,5", "0,5", "1"]


def test_a_shared_win_in_english_keeps_its_point(client):
    page = read(client.get(f"/events/{night(client)}"))
    assert sorted(column(page.table("Standings, by wins"), "Wins")) == ["0", "0.5", "0.5", "1"]


def test_a_vp_nights_match_points_have_one_name_on_the_screen_and_the_directors_page(client):
    event_id = night(client, "vp")
    heads = {}
    for where, path in (("director", f"/events/{event_id}"), ("screen", f"/events/{event_id}/screen")):
        table = read(client.get(path, headers=IT)).table("Classifica per punti vittoria")
        heads[where] = {th.text: th for th in table.walk() if th.tag == "th" and th.get("scope") == "col"}
    assert "MP" in heads["director"] and "MP" in heads["screen"] and "Punti" not in heads["director"]
    titles = {where: next(a.get("title") for a in h["MP"].walk() if a.tag == "abbr") for where, h in heads.items()}
    assert titles["director"] == titles["screen"] == "Punti partita (MP)"
