"""Issue 42 part 1 in Chromium: four players follow their own pages (/events/{id}/me/{entrant}) on 360 x 640 phones,
two at 200% text and one in German, through two Mitchell turns while the director records; each page follows the
night by itself (no reload), says where its pair goes next, and axe finds nothing, light and dark."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .a11y import enlarge_text
from .devices import PHONE, Page
from .test_accessibility import AXE_OPTIONS
from .test_club_night import no_violations

pytestmark = pytest.mark.browser

PAIRS = ["Annabelle & Bartholomew", "Carlo & Dino", "Elsa & Fede", "Gino & Ugo", "Ines & Lia", "Marta & Nino"]
# four players: (entrant, language, text size)
PLAYERS = [(0, "en-US", 100), (1, "de-DE", 200), (3, "en-US", 200), (5, "it-IT", 100)]


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.fixture
def phones(chromium, server):
    opened = [Page(chromium, server, PHONE, locale=lang) for _, lang, _ in PLAYERS]
    yield opened
    for p in opened:
        p.context.close()
    assert [p.console for p in opened] == [[] for _ in opened]


def ok(answer, status=200):
    assert answer[0] == status, answer
    return answer[1]


def record_round(server, round_, scores):
    for t, (a, b) in zip(round_["tables"], scores):
        ok(server.request("POST", f"/api/games/{t['game']}/hands", {"entries": [{"melded": a}, {"melded": b}]}), 201)
        ok(server.request("POST", f"/api/games/{t['game']}/end"))


def scrolls_sideways(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth > innerWidth")


def test_four_players_follow_their_own_pages_through_two_turns(server, phones, axe):
    event = ok(server.request("POST", "/api/events", {
        "name": "Venerdì al circolo", "variant": "classic", "options": {"target": 100000},
        "entrants": [{"name": n, "players": n.split(" & ")} for n in PAIRS], "rounds": 3, "movement": "mitchell",
        "standings": "vp", "vp_scale": "fibur-3", "round_minutes": 60}), 201)
    for (entrant, _, size), phone in zip(PLAYERS, phones):
        phone.page.goto(f"/events/{event['id']}/me/{entrant}")
        if size != 100:
            enlarge_text(phone.page, size)
        phone.page.evaluate("window.notReloaded = true")  # gone if the page were loaded again
    first = ok(server.request("POST", f"/api/events/{event['id']}/rounds"), 201)
    seats = {e: t["table"] for t in first["tables"] for e in t["entrants"]}
    words = {"en-US": "Table", "de-DE": "Tisch", "it-IT": "Tavolo"}
    for (entrant, lang, _), phone in zip(PLAYERS, phones):  # round 1 appears by itself
        expect(phone.page.locator(".own-table")).to_contain_text(f"{words[lang]} {seats[entrant]}", timeout=15_000)
    expect(phones[0].page.locator(".own-next")).to_contain_text("you stay at table 1")
    expect(phones[2].page.locator(".own-next")).to_contain_text("Next Mitchell round: table 2")
    expect(phones[1].page.locator(".own-next")).to_contain_text("Sie bleiben an Tisch 2")
    expect(phones[0].page.locator(".round-clock")).to_be_visible()
    for (entrant, lang, size), phone in zip(PLAYERS, phones):
        phone.shot(f"own-page-round-1-{entrant}-{lang}-{size}")
        assert not scrolls_sideways(phone.page), (entrant, lang, size)
    no_violations(axe, phones[1].page, "own page, German, 200%")
    no_violations(axe, phones[2].page, "own page, 200%")

    record_round(server, first, [(400, 100), (200, 100), (300, 150)])  # the director records the slips
    expect(phones[0].page.locator(".own-results")).to_contain_text("400–100 · 13 VP", timeout=15_000)
    expect(phones[3].page.locator(".own-results")).to_contain_text("150–300", timeout=15_000)

    second = ok(server.request("POST", f"/api/events/{event['id']}/rounds"), 201)
    seats = {e: t["table"] for t in second["tables"] for e in t["entrants"]}
    assert seats[3] == 2  # where round 1's page said it would go
    for (entrant, lang, _), phone in zip(PLAYERS, phones):
        expect(phone.page.get_by_role("heading", level=2).first).to_contain_text("2", timeout=15_000)
        expect(phone.page.locator(".own-table")).to_contain_text(f"{words[lang]} {seats[entrant]}")
    record_round(server, second, [(100, 300), (300, 100), (250, 250)])
    expect(phones[1].page.locator(".own-results")).to_contain_text("300–100", timeout=15_000)
    for (entrant, lang, size), phone in zip(PLAYERS, phones):
        assert phone.page.evaluate("window.notReloaded === true"), entrant  # followed without a reload
        assert not scrolls_sideways(phone.page), (entrant, lang, size)
        phone.shot(f"own-page-round-2-{entrant}-{lang}-{size}")
    no_violations(axe, phones[1].page, "own page after two turns, German, 200%")
    no_violations(axe, phones[3].page, "own page after two turns, Italian")


def test_east_west_is_sent_from_its_own_page_to_accept_and_the_page_follows(server, chromium, axe):
    """A night that asks East–West to accept: once the table's last hand is in, East–West's own page (German, 200%
    text) says the result does not count yet and offers the page to accept it; accepted there, its own page follows
    by itself: finished, counted. North–South's page says what it waits for, and offers nothing to tap."""
    event = ok(server.request("POST", "/api/events", {
        "name": "Donnerstagsturnier", "variant": "classic", "options": {"target": 5000},
        "entrants": [{"name": n, "players": n.split(" & ")} for n in PAIRS[:2]], "rounds": 1,
        "movement": "round-robin", "standings": "points", "deals_per_round": 1, "confirm": "accept"}), 201)
    table = ok(server.request("POST", f"/api/events/{event['id']}/rounds"), 201)["tables"][0]
    north, east = table["entrants"]
    phones = [Page(chromium, server, PHONE, locale="de-DE") for _ in range(2)]
    try:
        ns, ew = (p.page for p in phones)
        ns.goto(f"/events/{event['id']}/me/{north}")
        ew.goto(f"/events/{event['id']}/me/{east}")
        enlarge_text(ew, 200)
        ew.evaluate("window.notReloaded = true")
        ok(server.request("POST", f"/api/games/{table['game']}/hands", {"entries": [{"melded": 120}, {"melded": 50}]}),
           201)
        expect(ew.locator(".own-waiting")).to_have_text("Zählt noch nicht: Ost-West prüft und bestätigt die Summen.")
        expect(ns.locator(".own-waiting")).to_have_text("Zählt noch nicht: Ost-West prüft und bestätigt die Summen.")
        expect(ns.locator(".own-confirm")).to_have_count(0)
        assert not scrolls_sideways(ew) and ew.evaluate("window.notReloaded") is True  # followed by itself
        no_violations(axe, ew, "East–West's own page, waiting")
        ew.locator(".own-confirm").click()
        expect(ew.get_by_role("heading", level=1)).to_have_text("Ost-West: prüfen und bestätigen")
        ew.locator(".confirm-accept").click()
        expect(ew.locator(".confirm-done")).to_be_visible()
        expect(ns.locator(".own-waiting")).to_have_count(0)  # North–South's page follows by itself
        expect(ns.locator(".own-state")).to_have_text("Beendet")
        expect(ns.locator(".own-score")).to_have_text("120–50")
        assert phones[0].console == [] and phones[1].console == []
    finally:
        for p in phones:
            p.context.close()
