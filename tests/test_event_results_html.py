"""API.md "Every player's own page, and results to take home": GET /events/{id}/results.html, the night's results as
one self-contained file (no script, no stylesheet link or @import, no src but data:, no href or url() to another
host; `<html lang>` the request's language): the standings with their tie-breaks, every round's tables with MP and
VP, the adjustments with their reasons and the VP scale; a night in play marked as not final; and, once the night
is over, its link and QR code on the director's page and the room's TV."""
import re
from urllib.parse import urlsplit

import pytest

from tests.html import Doc
from tests.results_helpers import (ADJUSTMENTS, NAME, PAIRS, STANDINGS, TABLES, client_call, finished_evening,
                                   new_evening, play_round)


@pytest.fixture
def evening(client):
    return finished_evening(client_call(client))


def results(client, event_id, **headers):
    answer = client.get(f"/events/{event_id}/results.html", headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    return answer, Doc(answer.get_data(as_text=True))


def outside(address: str) -> bool:
    """Whether an address reaches beyond the file itself: any scheme or host (a data: image only where allowed)."""
    parts = urlsplit(address.strip())
    return bool(parts.scheme or parts.netloc or address.strip().startswith("//"))


def test_the_file_is_self_contained(client, evening):
    answer, doc = results(client, evening)
    tags = list(doc.walk())
    assert [e.tag for e in tags if e.tag in ("script", "iframe", "object", "embed", "link", "base")] == []
    assert all(e.get("src", "").startswith("data:") for e in tags if "src" in e.attrs)
    assert [e.get("href") for e in tags if "href" in e.attrs and outside(e.get("href"))] == []
    styles = " ".join([e.text for e in tags if e.tag == "style"] + [e.get("style", "") for e in tags])
    assert "@import" not in styles
    assert [u for u in re.findall(r"url\(\s*['\"]?([^'\")]*)", styles) if not u.startswith("data:")] == []
    assert [k for e in tags for k in e.attrs if k.startswith("on")] == []  # no script in an attribute either
    assert "default-src 'none'" in answer.headers["Content-Security-Policy"]


def test_it_is_a_file_named_for_the_night_that_also_opens_in_the_browser(client, evening):
    answer, _ = results(client, evening)
    assert answer.headers["Content-Disposition"] == (
        "inline; filename=\"venerdi-al-circolo.html\"; filename*=UTF-8''Venerd%C3%AC%20al%20circolo.html")


@pytest.mark.parametrize("headers, expected", [
    ({}, "en"), ({"Accept-Language": "de-DE,de;q=0.9"}, "de"), ({"Accept-Language": "pt-BR"}, "pt-BR"),
    ({"Accept-Language": "it"}, "it"), ({"Accept-Language": "es"}, "es")])
def test_html_lang_is_the_request_s_language(client, evening, headers, expected):
    _, doc = results(client, evening, **headers)
    assert [e.get("lang") for e in doc.walk() if e.tag == "html"] == [expected]


def test_the_chosen_language_wins_and_numbers_are_written_its_way(client, evening):
    client.get("/language/de")
    _, doc = results(client, evening, **{"Accept-Language": "en"})
    assert [e.get("lang") for e in doc.walk() if e.tag == "html"] == ["de"]
    scale = doc.one("table", "Siegpunkte-Skala").cells()
    assert scale[-2:] == [["1.255", "19", "1"], ["1.505", "20", "0"]]  # German grouping
    assert doc.one("heading", "Tabelle", level=2)


def test_the_standings_with_their_places_and_tie_breaks(client, evening):
    _, doc = results(client, evening)
    rows = doc.one("table", "Standings, by victory points").cells()[1:]
    assert [(r[0], r[1].split(" (")[0].split(" Level")[0], r[2]) for r in rows] == [
        (str(p), n, str(vp)) for p, n, vp in STANDINGS]
    # Gino & Ugo and Carlo & Dino: level on VP and on their games between them; the margin splits them
    assert [r[1] for r in rows[1:3]] == ["Gino & Ugo Level: the margin decides", "Carlo & Dino Level: the margin decides"]
    assert "Level on victory points: the victory points in the games between them decide" in doc.text()


def test_every_round_s_tables_with_mp_vp_the_winner_and_the_movement(client, evening):
    _, doc = results(client, evening)
    for number, tables in TABLES.items():
        shown = doc.one("table", f"Round {number}").cells()
        assert shown[0] == ["Table", "Name", "MP", "VP"]
        expected = []
        for table, sides in tables:
            best = max(mp for _, mp, _ in sides)
            for seat, (name, mp, vp) in enumerate(sides):
                expected.append(([str(table)] if seat == 0 else []) + [name + (" (won)" if mp == best else ""),
                                                                       str(mp), str(vp)])
        assert shown[1:] == expected
    assert [e.text for e in doc.walk() if e.get("class") == "seated"] == [
        "Seated by: Mitchell", "Seated by: Mitchell", "Seated by: Danish"]


def test_the_adjustments_with_their_reasons_and_the_vp_scale(client, evening):
    _, doc = results(client, evening)
    assert doc.one("heading", "Penalties and awards").level == 2
    assert doc.items() == [f"Round {a['round']} · {PAIRS[a['entrant']]} · {words} · {a['reason']}"
                           for a, words in zip(ADJUSTMENTS, ["VP −1", "points +5"])]
    scale = doc.one("table", "Victory point scale").cells()
    assert scale[0] == ["MP difference from", "Winner", "Loser"]
    assert scale[1:] == [["0", "10", "10"], ["55", "11", "9"], ["155", "12", "8"], ["255", "13", "7"],
                         ["355", "14", "6"], ["505", "15", "5"], ["655", "16", "4"], ["805", "17", "3"],
                         ["1,005", "18", "2"], ["1,255", "19", "1"], ["1,505", "20", "0"]]
    assert "Final standings after 3 rounds" in doc.text()
    assert "Not final" not in doc.text()


def test_a_night_in_play_shows_the_results_so_far_marked_not_final(client):
    call = client_call(client)
    event_id = new_evening(call)["id"]
    play_round(call, event_id, 1)
    play_round(call, event_id, 2, finish=False)
    _, doc = results(client, event_id)
    assert "Not final: the night is still being played (round 2 of 3). These are the results so far." in doc.text()
    assert "Final standings" not in doc.text()
    second = doc.one("table", "Round 2").cells()[1:]
    assert second == [["1 not finished", "Ada & Bea", "100", ""], ["Gino & Ugo", "300", ""],
                      ["2 not finished", "Carlo & Dino", "300", ""], ["Elsa & Fede", "100", ""]]
    assert doc.one("table", "Round 1").cells()[1] == ["1", "Ada & Bea (won)", "400", "13"]
    assert doc.all("list") == [] and "No penalties or awards." in doc.text()


def test_an_unknown_event_is_404(client):
    assert client.get("/events/nosuchevent/results.html").status_code == 404
    assert client.get("/events/nosuchevent/results-qr.svg").status_code == 404


def test_the_director_s_page_and_the_tv_link_to_the_file_and_its_qr_code_once_the_night_is_over(client):
    call = client_call(client)
    event_id = new_evening(call, rounds=1)["id"]
    play_round(call, event_id, 1, finish=False)
    for page in (f"/events/{event_id}", f"/events/{event_id}/screen"):
        assert Doc(client.get(page).get_data(as_text=True)).all("heading", "Results to take home") == []
    play_round_end = [t["game"] for t in client.get(f"/api/events/{event_id}").get_json()["round_list"][0]["tables"]]
    for game in play_round_end:
        assert client.post(f"/api/games/{game}/end").status_code == 200
    for page in (f"/events/{event_id}", f"/events/{event_id}/screen"):
        doc = Doc(client.get(page).get_data(as_text=True))
        assert doc.heading("Results to take home", level=2)
        assert doc.link("Results (HTML file)").get("href") == f"/events/{event_id}/results.html"
        qr = doc.one("img", f"QR code that opens the results of {NAME}")
        assert qr.get("src") == f"/events/{event_id}/results-qr.svg"
    answer = client.get(f"/events/{event_id}/results-qr.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
