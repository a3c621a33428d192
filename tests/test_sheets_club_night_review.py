"""The club night's PDFs as walk-burraco-evening.md read them (issue 39 items 8 and 12): results.pdf explains a
three-way tie as the director's page does, gives each side's VP per table, names the movements really used and MP
as the TV does, and prints its log's times with their zone; the seating cards and score slips say North-South and
East-West and where an East-West pair goes next (API.md's Mitchell formula); and the Classic rules card follows a
house rule that plays wild canastas (RULES.md §7: going out needs a canasta of the side)."""
from __future__ import annotations

import time

import pytest

from .sheet_helpers import burraco_evening, pdf_pages, render_png


def get_pdf(client, url, language="en"):
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/pdf"
    return response.data


def lines_of(data: bytes) -> list[str]:
    return [" ".join(line.split()) for p in pdf_pages(data) for line in p["text"].splitlines()]


@pytest.fixture
def rome(monkeypatch):
    """The club's computer on Rome time (the review's director's)."""
    monkeypatch.setenv("TZ", "Europe/Rome")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("language, words", [
    ("en", {"tie": "Level: the games between them decide", "rule": "Level on victory points: the victory points in",
            "head": "Mitchell, Danish", "bands": ("Round 1 · Mitchell", "Round 2 · Danish"),
            "tables": "Table Side MP VP Side MP VP Winner By", "when": "When (CET)", "standings": "MP Margin VP"}),
    ("it", {"tie": "Pari: decidono le partite tra loro", "rule": "Pari punti vittoria: decidono i punti vittoria nelle partite tra loro",
            "head": "Mitchell, Danese", "bands": ("Turno 1 · Mitchell", "Turno 2 · Danese"),
            "tables": "MP VP", "when": "Quando (CET)", "standings": "MP"}),
    ("de", {"tie": "Gleichstand: die Spiele untereinander", "rule": "Bei gleichen Siegpunkten entscheiden die Siegpunkte aus den Partien",
            "head": "Mitchell, Dänisch", "bands": ("Runde 1 · Mitchell", "Runde 2 · Dänisch"),
            "tables": "MP SP", "when": "Wann (CET)", "standings": "MP"}),
])
def test_results_pdf_explains_the_three_way_tie_and_gives_vp_per_table(client, rome, language, words):
    event_id = burraco_evening(client)
    data = get_pdf(client, f"/events/{event_id}/results.pdf", language)
    render_png(data, f"results-evening-{language}")
    lines = lines_of(data)
    text = " ".join(lines)
    # Maria & Nino, Sara & Tino and Carla & Dario on 25 VP: placed by the VP between them (11, 9, 0)
    assert text.count(words["tie"]) == 3, text[:1500]
    assert words["rule"] in text
    assert words["head"] in lines[1]  # the header: the movements the turns really used
    for band in words["bands"]:
        assert band in lines, band
    assert words["tables"] in text and words["standings"] in text
    if language == "en":  # turn 1, table 1: 860 - 1,435, margin 575 on the 505-650 row, 5 - 15 (FIBUR 3)
        assert "1 Anna & Bruno 860 5 Maria & Nino 1,435 15 Maria & Nino 575" in lines
        assert "2 Carla & Dario 1,000 10 Vera & Ugo 1,000 10 shared" in lines
        assert "4 Anna & Bruno 1,500 17 Elena & Fabio 500 3 Anna & Bruno 1,000" in lines
    assert words["when"] in text  # no phone to take a zone from: the club computer's, named


@pytest.mark.parametrize("language, north, east", [
    ("en", "North-South", "East-West · next Mitchell round: table 2"),
    ("it", "Nord-Sud", "Est-Ovest · prossimo turno Mitchell: tavolo 2"),
    ("de", "Nord-Süd", "Ost-West · nächste Mitchell-Runde: Tisch 2"),
])
def test_seating_cards_and_slips_say_the_lines_and_where_east_west_goes(client, language, north, east):
    event_id = burraco_evening(client)
    seating = get_pdf(client, f"/events/{event_id}/seating.pdf?round=1", language)
    render_png(seating, f"seating-evening-{language}")
    text = " ".join(lines_of(seating))
    assert text.count(north) == 5 and east in text  # 4 cards and the list's line; table 1's Maria & Nino go to table 2 in turn 3 (k = 2)
    slips = get_pdf(client, f"/events/{event_id}/slips.pdf?round=1", language)
    render_png(slips, f"slips-evening-{language}")
    lines = lines_of(slips)
    assert sum(line.count("Anna & Bruno") for line in lines) == 1, lines[:6]  # the name once, not twice
    assert any(north in line and east in line for line in lines), lines[:6]
    danish = " ".join(lines_of(get_pdf(client, f"/events/{event_id}/seating.pdf?round=2", language)))
    assert north not in danish  # a Danish turn seats by the standings, not by lines


def test_the_slips_name_match_points_as_the_tv_does(client):
    event_id = burraco_evening(client)
    text = " ".join(lines_of(get_pdf(client, f"/events/{event_id}/slips.pdf?round=1", "it")))
    assert "Totale MP" in text and "MP: i punti di ogni coppia" in text


WILD = {"variant": "classic", "sides": [{"name": "Eve & Fay", "players": ["Eve", "Fay"]},
                                        {"name": "Gus & Hal", "players": ["Gus", "Hal"]}],
        "options": {"house_rules": {"wild_canasta_bonus": 1000}}}


def test_a_wild_canasta_alone_lets_a_side_go_out_and_the_card_says_so(client):
    """RULES.md §7: going out needs at least one canasta of the side; §14: wild_canasta_bonus adds wild canastas."""
    game = client.post("/api/games", json=WILD).get_json()
    hand = {"entries": [{"wild_canastas": 1, "melded": 280, "went_out": True}, {"melded": 90, "in_hand": 40}]}
    answer = client.post(f"/api/games/{game['id']}/hands", json=hand)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["hand"]["scores"][0]["total"] == 1000 + 100 + 280
    text = " ".join(lines_of(get_pdf(client, f"/games/{game['id']}/card.pdf")))
    assert "at least one canasta, natural, mixed or wild" in text
    plain = client.post("/api/games", json={**WILD, "options": {}}).get_json()
    assert "at least one canasta, natural or mixed" in " ".join(lines_of(get_pdf(client, f"/games/{plain['id']}/card.pdf")))
