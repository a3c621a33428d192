"""A burraco-style evening's choices in Chromium, in Italian (issue 32): the director picks FIBUR's 3-deal scale on
the new-club-night form (its rows fill the rows box, to read or change there), Mitchell, deals and minutes a round;
the director's page shows the round's clock, and "Start round" offers Danish once the Mitchell rounds are played.
Axe finds nothing on the form and the director's page at 360 x 640."""
from __future__ import annotations

import json
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .devices import PHONE, Page
from .a11y import AXE_OPTIONS

pytestmark = pytest.mark.browser


def api(server, method: str, path: str, body=None):
    request = urllib.request.Request(server.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def test_a_burraco_evening_is_set_up_in_italian(chromium, server):
    phone = Page(chromium, server, PHONE, locale="it-IT")
    page = phone.page
    try:
        page.goto("/events/new")
        page.get_by_label("Nome della serata").fill("Venerdì al circolo")
        page.get_by_label("Chi gioca").fill("Ada & Bea\nCarlo & Dino\nElsa & Fede\nGino & Ugo")
        page.get_by_label("Turni", exact=True).fill("3")
        page.get_by_label("Mitchell", exact=True).check()
        page.get_by_label("Punti vittoria", exact=True).check()
        page.get_by_label("Smazzate per turno").fill("3")
        page.get_by_label("Minuti per turno").fill("60")
        page.get_by_label("Scala dei punti vittoria", exact=True).select_option("fibur-3")
        rows = page.get_by_label("Righe della scala dei punti vittoria")
        expect(rows).to_have_value("0 10 10\n55 11 9\n155 12 8\n255 13 7\n355 14 6\n505 15 5\n655 16 4\n805 17 3\n"
                                   "1005 18 2\n1255 19 1\n1505 20 0")
        results = Axe().run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
        phone.shot("tournament-form-it")
        page.get_by_role("button", name="Crea la serata del circolo").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Venerdì al circolo")
        event_id = page.url.rstrip("/").rsplit("/", 1)[1]
        event = api(server, "GET", f"/api/events/{event_id}")
        assert (event["vp_scale_name"], event["movement"], event["deals_per_round"], event["round_minutes"]) == (
            "fibur-3", "mitchell", 3, 60)

        expect(page.get_by_label("Forma il turno 1 con")).to_have_value("mitchell")
        page.get_by_role("button", name="Inizia il turno 1").click()
        expect(page.locator(".round-clock")).to_contain_text("60 min")
        results = Axe().run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
        for number in (1, 2):
            for t in api(server, "GET", f"/api/events/{event_id}")["round_list"][-1]["tables"]:
                api(server, "POST", f"/api/games/{t['game']}/end")
            page.reload()
            if number == 1:
                page.get_by_role("button", name="Inizia il turno 2").click()
        expect(page.get_by_label("Forma il turno 3 con")).to_have_value("danish")  # t = 2 Mitchell rounds played
        phone.shot("tournament-director-it")
        assert phone.console == []
    finally:
        phone.context.close()
