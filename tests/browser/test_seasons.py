"""API.md "Seasons", in Chromium: an Italian club's circuit of four burraco evenings, the best three counting, made
from its page on a phone; its standings page (counted nights bold, the dropped one in brackets), the screen for the
room's TV, and the standings PDF drawn to a picture (pdftoppm) — in Italian, and the page in German too."""
from __future__ import annotations

import subprocess
import urllib.request

import pytest
from playwright.sync_api import expect

from .devices import PHONE, SCREENSHOTS, Page

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
PAIRS = ["Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Gina & Ugo"]
# each evening's one turn: the pair's MP (fibur-3 VP from the margin)
EVENINGS = [{"Anna & Bruno": 900, "Carla & Dario": 200, "Elena & Fabio": 600, "Gina & Ugo": 500},
            {"Anna & Bruno": 300, "Carla & Dario": 800, "Elena & Fabio": 700, "Gina & Ugo": 650},
            {"Anna & Bruno": 1000, "Carla & Dario": 100, "Elena & Fabio": 400, "Gina & Ugo": 450},
            {"Anna & Bruno": 550, "Carla & Dario": 500, "Elena & Fabio": 1200, "Gina & Ugo": 100}]


def evening(server, number: int) -> str:
    """A finished burraco evening of one 1-deal turn, ranked by FIBUR VP: its id."""
    body = {"name": f"Serata {number}", "variant": "burraco", "entrants": [
        {"name": p, "players": p.split(" & ")} for p in PAIRS], "table_size": 2, "rounds": 1, "movement": "draw",
        "standings": "vp", "vp_scale": "fibur-3", "deals_per_round": 1}
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    status, round_1 = server.request("POST", f"/api/events/{event['id']}/rounds")
    assert status == 201, round_1
    for table in round_1["tables"]:
        names = [PAIRS[i] for i in table["entrants"]]
        hand = {"entries": [{"total": EVENINGS[number - 1][n]} for n in names]}
        assert server.request("POST", f"/api/games/{table['game']}/hands", hand)[0] == 201
    return event["id"]


@pytest.fixture(scope="module")
def circuit(server):
    return [evening(server, n) for n in range(1, 5)]


def test_an_italian_circuit_of_four_evenings_best_three(chromium, server, circuit):
    phone = Page(chromium, server, PHONE, locale="it-IT")
    page = phone.page
    page.goto("/events")
    page.get_by_role("link", name="Circuiti").click()
    page.get_by_label("Nome del circuito").fill("Circuito invernale 2027")
    page.get_by_label("Migliori serate che contano").fill("3")
    for n in range(1, 5):
        page.get_by_label(f"Serata {n}").check()
    page.get_by_role("button", name="Crea il circuito").click()
    expect(page.get_by_role("heading", name="Circuito invernale 2027")).to_be_visible()
    standings = page.get_by_role("table", name="Classifica del circuito")
    expect(standings).to_be_visible()
    rows = standings.locator("tbody tr")
    expect(rows).to_have_count(8)  # four pairs: each player ranked
    # every player played four evenings: three count (bold), one is dropped (in brackets)
    first = rows.nth(0)
    expect(first.locator("td.counted")).to_have_count(3)
    expect(first.locator("td.dropped")).to_have_count(1)
    expect(first.locator("td.dropped")).to_contain_text("(")
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1") or \
        page.locator(".table-scroll").count() > 0  # a wide table scrolls in its box, not the page
    expect(page.locator("#season-nights li")).to_have_text([f"Serata {n} · finita" for n in range(1, 5)])
    phone.shot("season-page-it-360")
    season_url = page.url
    phone.context.close()
    assert phone.console == []

    german = Page(chromium, server, PHONE, locale="de-DE")
    german.page.goto(season_url)
    expect(german.page.get_by_role("table", name="Rangliste der Saison")).to_be_visible()
    expect(german.page.get_by_text("Die besten 3 Abende jedes Spielers zählen.")).to_be_visible()
    german.shot("season-page-de-360")
    # a player's federation number, given on the player's page (API.md "Players' federation numbers")
    german.page.goto("/players/Anna")
    german.page.get_by_label("Mitgliedsnummer des Verbands oder Clubs").fill("IT-004512")
    german.page.get_by_role("button", name="Nummer speichern").click()
    expect(german.page.locator("#player-member")).to_have_text("IT-004512")
    german.shot("player-member-de-360")
    german.context.close()
    assert german.console == []

    tv = Page(chromium, server, TV, locale="it-IT")
    tv.page.goto(season_url + "/screen")
    board = tv.page.locator("#board")
    expect(board.get_by_role("heading", name="Circuito invernale 2027")).to_be_visible()
    expect(board.get_by_text("Dopo 4 serate")).to_be_visible()
    names = board.locator("table.screen-standings th.name")
    expect(names).to_have_count(8)
    size = float(names.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 40, size  # read from the back of the room
    tv.shot("season-screen-it-tv")
    tv.context.close()
    assert tv.console == []

    request = urllib.request.Request(server.url + season_url.removeprefix(server.url) + "/standings.pdf",
                                     headers={"Accept-Language": "it"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        pdf = answer.read()
    assert pdf.startswith(b"%PDF-")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "season-standings.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(SCREENSHOTS / "season-standings.pdf"),
                    str(SCREENSHOTS / "season-standings-pdf")], check=True)
    text = subprocess.run(["pdftotext", "-layout", str(SCREENSHOTS / "season-standings.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Circuito invernale 2027" in text and "Anna" in text and "Serata 4: Serata 4" in text and "(" in text
