"""Issue 39 (the director's pages, LOW points): the log of changes says when in the director's own time zone, as every
other time on the pages does (the server here keeps UTC, the laptop São Paulo's time), and on a 360 px phone its
heads and cells break between words only ("Qu/an/do", "Portat/ile del/dirett/ore" were seen); the paper-copy
page's "Smazzata" head stays in its column ("SmazzatElena & Fabio" was seen at 1280 px)."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.server import Server

from .devices import PHONE, Page
from .words import split_words

pytestmark = pytest.mark.browser

ZONE = "America/Sao_Paulo"  # three hours behind UTC, all year


@pytest.fixture(scope="module")
def utc_server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("utc") / "games.sqlite", env={"TZ": "UTC"})
    yield running
    running.stop()


def night_with_a_log(server, variant: str = "classic") -> str:
    body = {"name": "Serata", "variant": variant, "options": {"target": 5000, "max_hands": 1},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in
                         ("Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca")],
            "rounds": 2, "movement": "round-robin", "standings": "wins"}
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    assert server.request("POST", f"/api/events/{event['id']}/rounds")[0] == 201
    penalty = {"entrant": 1, "round": 1, "vp": 0, "points": -50, "reason": "telefono squillato al tavolo"}
    assert server.request("POST", f"/api/events/{event['id']}/adjustments", penalty)[0] == 201
    return event["id"]


def test_the_log_says_when_in_the_directors_time_zone_and_keeps_its_words_whole(chromium, utc_server):
    event_id = night_with_a_log(utc_server)
    phone = Page(chromium, utc_server, PHONE, locale="it-IT", timezone_id=ZONE)
    try:
        page = phone.page
        page.goto(f"/events/{event_id}")
        when = page.locator(".event-log tbody time").first
        at = datetime.fromisoformat(when.get_attribute("datetime")).astimezone(ZoneInfo(ZONE))
        today = datetime.now(ZoneInfo(ZONE)).date() == at.date()
        if today:
            expect(when).to_have_text(f"oggi, {at:%H:%M}")
        else:  # the test runs just after midnight there: "mer 2 dic 2026, 00:10"
            expect(when).to_contain_text(f", {at:%H:%M}")
        assert split_words(page, ".event-log") == []
        assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
        page.locator(".event-log").scroll_into_view_if_needed()
        phone.shot("club-night-director-log-it-360")
    finally:
        phone.context.close()
    assert phone.console == []


@pytest.mark.parametrize("width", [360, 1280])
def test_the_paper_copy_pages_hand_head_stays_in_its_column(chromium, utc_server, width):
    event_id = night_with_a_log(utc_server, "burraco")
    status, event = utc_server.request("GET", f"/api/events/{event_id}")
    device = Page(chromium, utc_server, {"width": width, "height": 800}, locale="it-IT")
    try:
        page = device.page
        page.goto(f"/games/{event['round_list'][0]['tables'][0]['game']}/paper")
        head = page.locator("table.slip thead th").first
        expect(head).to_have_text("Smazzata")
        assert head.evaluate("th => th.scrollWidth <= th.clientWidth"), "the head runs into the next column"
        assert split_words(page, "table.slip thead") == []
        device.shot(f"club-night-paper-copy-it-{width}")
    finally:
        device.context.close()
    assert device.console == []
