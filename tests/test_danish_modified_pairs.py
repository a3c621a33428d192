"""`danish-modified` for fixed pairs, end to end (API.md "Partners who change": "also for fixed pairs"): the API makes
the event and seats its rounds so that last round's opponents do not meet again (except in the last planned round),
the new-event form offers it with its line of help, the director's page names it, and the results sheet says it in
the sheet's language."""
from __future__ import annotations

import pytest

from .sheet_helpers import pdf_pages

PAIRS = ["Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca"]
# round 1 is by lot; each table's first side scores these, so the standings after it are known from the seating
WIN, LOSE = 1500, 500


def night(client, rounds=3):
    body = {"name": "Venerdì", "variant": "classic", "options": {"max_hands": 1, "target": None},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in PAIRS], "rounds": rounds,
            "movement": "danish-modified", "standings": "points"}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def play(client, event_id, scores):
    """Start the next round; each table's sides score `scores` in order; its tables' entrants."""
    answer = client.post(f"/api/events/{event_id}/rounds", json={})
    assert answer.status_code == 201, answer.get_json()
    tables = answer.get_json()["tables"]
    for table, (first, second) in zip(tables, scores):
        hand = {"entries": [{"total": first}, {"total": second}]}
        assert client.post(f"/api/games/{table['game']}/hands", json=hand).status_code == 201
    return [tuple(t["entrants"]) for t in tables]


def test_danish_modified_seats_pairs_apart_from_last_rounds_opponents_then_plain_danish_last(client):
    event_id = night(client)
    (a, b), (c, d) = play(client, event_id, [(1500, 1400), (600, 500)])  # round 1 by lot
    # standings a 1500, b 1400, c 600, d 500: plain Danish would seat a v b and c v d again, who met last round;
    # table 1 is the best placed against the best placed it did not meet
    assert play(client, event_id, [(1000, 1500), (600, 100)]) == [(a, c), (b, d)]
    # now a 2500, c 2100, b 2000, d 600: the last planned round is plain Danish, though a met c and b met d last
    # round
    rows = client.get(f"/api/events/{event_id}/standings").get_json()
    rows = rows["rows"] if isinstance(rows, dict) else rows
    order = [row["entrant"] for row in rows]
    assert order == [a, c, b, d]
    assert play(client, event_id, [(5, 0), (5, 0)]) == [(a, c), (b, d)]


def test_the_api_and_the_form_refuse_a_movement_for_players_only_naming_movement(client):
    body = {"name": "Venerdì", "variant": "classic", "entrants": [{"name": n, "players": n.split(" & ")}
                                                                   for n in PAIRS], "rounds": 3,
            "movement": "rotation", "standings": "points"}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 422
    assert [e["field"] for e in answer.get_json()["errors"]] == ["movement"]
    event_id = night(client)
    answer = client.post(f"/api/events/{event_id}/rounds", json={"movement": "progressive"})
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "movement"
    assert "players who change partners" in answer.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("language, label, help_words", [
    ("en", "Modified Danish", "two pairs who met in the last round do not meet again"),
    ("it", "Danese modificato", "due coppie che si sono incontrate nel turno precedente"),
    ("de", "Dänisch modifiziert", "zwei Paare, die sich in der letzten Runde trafen"),
])
def test_the_form_offers_it_with_its_line_of_help_and_the_pages_name_it(client, language, label, help_words):
    page = client.get("/events/new", headers={"Accept-Language": language}).get_data(as_text=True)
    assert 'value="danish-modified"' in page and label in page and help_words in page
    event_id = night(client)
    page = client.get(f"/events/{event_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    assert label in page


@pytest.mark.parametrize("language, word", [("en", "modified Danish"), ("it", "Danese modificato"),
                                            ("es", "danés modificado"), ("pt-BR", "dinamarquês modificado"),
                                            ("de", "Dänisch modifiziert")])
def test_the_results_sheet_names_the_movement_in_its_language(client, language, word):
    event_id = night(client)
    play(client, event_id, [(WIN, LOSE), (WIN, LOSE)])
    response = client.get(f"/events/{event_id}/results.pdf", headers={"Accept-Language": language})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(" ".join(p["text"].split()) for p in pdf_pages(response.data))
    assert word in text, text[:400]
    assert text.count(word) >= 2  # the subtitle's movements and round 1's band
