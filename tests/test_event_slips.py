"""A club night's score slips (issue 32, "Tables without a phone"): a printable slip per table and round, and the
director copying a table's slip into its game from the director's page."""
from __future__ import annotations

import io

import pdfplumber

from tests.pages import post, read, url

ENTRANTS = [{"name": "Rossi & Bianchi", "players": ["Ada Rossi", "Bea Bianchi"]},
            {"name": "Verdi & Neri", "players": ["Carlo Verdi", "Dino Neri"]},
            {"name": "Gallo & Costa", "players": ["Eva Gallo", "Fabio Costa"]},
            {"name": "Russo & Ferri", "players": ["Gina Russo", "Ivo Ferri"]}]


def event_with_round(client, **options):
    body = {"name": "Venerdì al circolo", "variant": "classic", "options": options or {"max_hands": 3, "target": None},
            "entrants": ENTRANTS, "table_size": 2, "rounds": 3, "movement": "round-robin", "standings": "points"}
    event = client.post("/api/events", json=body).get_json()
    round_ = client.post(f"/api/events/{event['id']}/rounds").get_json()
    return event["id"], round_


def pages_text(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() for page in pdf.pages]


def test_a_slip_per_table_with_a_row_per_deal(client):
    event, round_ = event_with_round(client)
    answer = client.get(f"/events/{event}/slips.pdf?round=1")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = "\n".join(pages_text(answer.data))
    for t in round_["tables"]:
        assert f"Venerdì al circolo · round 1 · table {t['table']}" in text
        for e in t["entrants"]:
            assert ENTRANTS[e]["name"] in text
    assert "Ada Rossi, Bea Bianchi" in text or "Ada Rossi & Bea Bianchi" in text
    assert text.count("Total MP") == len(round_["tables"]) and text.count("3 deals") == len(round_["tables"])
    first_slip = text.split("Total MP")[0]
    assert [line.split()[0] for line in first_slip.splitlines() if line[:1].isdigit()][-3:] == ["1", "2", "3"]


def test_a_game_played_to_a_score_gets_four_rows_and_two_slips_share_a_page(client):
    event, round_ = event_with_round(client, target=5000)
    pages = pages_text(client.get(f"/events/{event}/slips.pdf").data)
    assert len(round_["tables"]) == 2 and len(pages) == 1
    assert "deals" not in pages[0]


def test_slips_in_the_page_language(client):
    event, _ = event_with_round(client)
    text = "\n".join(pages_text(client.get(f"/events/{event}/slips.pdf?lang=it").data))
    assert "Firma" in text and "Smazzata" in text


def test_a_round_not_started_or_a_bad_paper_is_refused_with_a_page(client):
    event, _ = event_with_round(client)
    missing = client.get(f"/events/{event}/slips.pdf?round=2")
    assert missing.status_code == 404 and missing.mimetype == "text/html"
    assert "There is no round 2 to print slips for. Rounds 1 to 1 have started." in missing.get_data(as_text=True)
    bad = client.get(f"/events/{event}/slips.pdf?paper=a3")
    assert bad.status_code == 422 and "paper must be one of a4, letter" in bad.get_data(as_text=True)


def test_the_director_copies_a_tables_slip_and_the_standings_count_it(client):
    event, round_ = event_with_round(client)
    page = read(client.get(f"/events/{event}"))
    slips = page.link("Round 1 score slips (PDF)")
    assert slips.get("href").endswith(f"/events/{event}/slips.pdf?round=1")
    table = round_["tables"][0]
    copy = page.link("Copy table 1's slip")
    game = table["game"]
    assert copy.get("href") == url(client.application, "paper.paper_slip", game_id=game)
    slip = read(client.get(copy.get("href")))
    typed = {f"hands[{n}].entries[{i}].total": str(v) for n, row in enumerate([(120, -30), (455, 80), (0, 210)], 1)
             for i, v in enumerate(row)}
    assert post(client, copy.get("href"), {**slip.values, **typed}).status_code == 303
    g = client.get(f"/api/games/{game}").get_json()
    assert g["finished"] and all(h["from_paper"] for h in g["hands"])
    standings = {r["name"]: r["points"] for r in client.get(f"/api/events/{event}/standings").get_json()}
    first, second = (ENTRANTS[e]["name"] for e in table["entrants"])
    assert (standings[first], standings[second]) == (575, 260)
