"""Issue 39 (the club-night pages' LOW points): the paper-copy page and the PIN page of a club night's table say
which round and table they are ("Turno 1 di 2 · Tavolo 2", "Tavolo 2 · Turno 1": a director copying four slips, or
a phone at the wrong table, sees it), and the paper copy's refusal names the pair and the variant's own hand word
("I punti di Carla & Dario nella smazzata 1 devono essere un multiplo di 5…", not "I punti della mano del lato 2
deve…")."""
from __future__ import annotations

from tests.pages import post, read

IT = {"Accept-Language": "it"}
PAIRS = ("Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca")


def burraco_night(client, **more) -> list[dict]:
    """Four pairs of Burraco (3 deals a round), round 1 started: its tables."""
    body = {"name": "Serata Burraco", "variant": "burraco", "deals_per_round": 3,
            "entrants": [{"name": n, "players": n.split(" & ")} for n in PAIRS], "rounds": 2,
            "movement": "round-robin", "standings": "vp", "vp_scale": "fibur-3", **more}
    event = client.post("/api/events", json=body)
    assert event.status_code == 201, event.get_json()
    return client.post(f"/api/events/{event.get_json()['id']}/rounds").get_json()["tables"]


def test_the_paper_copy_page_of_a_club_nights_table_names_its_round_and_table(client):
    table = burraco_night(client)[1]
    page = read(client.get(f"/games/{table['game']}/paper", headers=IT))
    assert "Serata Burraco · Turno 1 di 2 · Tavolo 2" in page.text()


def test_a_wrong_total_on_the_slip_names_the_pair_and_the_deal(client):
    table = burraco_night(client)[1]
    first, second = (PAIRS[i] for i in table["entrants"])
    rows = {"hands[1].entries[0].total": "480", "hands[1].entries[1].total": "767"}
    for language, said in (("it", f"I punti di {second} nella smazzata 1 devono essere un multiplo di 5 (ogni "
                                   "carta vale 5 o più): 767 non lo è."),
                           ("en", f"{second}'s score in deal 1 must be a multiple of 5 (every card counts 5 or "
                                  "more): 767 is not.")):
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        answer = post(client, f"/games/{table['game']}/paper", rows)
        assert answer.status_code == 422
        assert said in read(answer).text(), read(answer).text()
    game = client.get(f"/api/games/{table['game']}").get_json()
    assert game["hands_played"] == 0  # nothing stored
    assert first  # the row's other pair, typed right, is not named


def test_the_pin_page_of_a_club_nights_table_says_which_table_and_round(client):
    table = burraco_night(client, table_pins=True)[1]
    answer = client.get(f"/games/{table['game']}/unlock", headers=IT)
    assert answer.status_code == 200
    page = read(answer)
    assert page.heading("Inserisci il PIN del tavolo") and "Tavolo 2 · Turno 1" in page.text()
