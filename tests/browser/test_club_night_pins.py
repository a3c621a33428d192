"""Who may change a club night, in Chromium (API.md "Who may change what"): the director's page asks for the
director's PIN before it shows its controls, then shows each table's own PIN; a table phone is refused table 2's PIN
at table 1, enters table 1's and records a hand there."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .table import record, side_score, type_points

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
NIGHT = {"name": "Thursday pairs", "variant": "classic", "options": {"target": 5000},
         "entrants": [{"name": n, "players": n.split(" & ")} for n in ("Ann & Bob", "Cy & Di", "Ed & Flo",
                                                                       "Gus & Hal")],
         "rounds": 3, "movement": "round-robin", "standings": "wins", "director_pin": "9876", "table_pins": True}


def test_the_director_enters_the_pin_and_a_table_phone_its_own_tables_pin(chromium, server):
    director, phone = Page(chromium, server, LAPTOP), Page(chromium, server, PHONE)
    try:
        made = director.page.request.post("/api/events", data=NIGHT)
        assert made.status == 201
        event_id = made.json()["id"]
        page = director.page
        page.goto(f"/events/{event_id}")
        expect(page.get_by_role("heading", level=1)).to_have_text("Enter the director's PIN")
        expect(page.get_by_role("button", name="Start round 1")).to_have_count(0)
        director.shot("club-night-director-pin")
        page.get_by_label("PIN (4 to 8 digits)").fill("9876")
        page.get_by_role("button", name="Unlock").click()
        page.get_by_role("button", name="Start round 1").click()
        pins = page.locator(".table-pin")
        expect(pins).to_have_count(2)
        one, two = (re.search(r"PIN: (\d{4})$", t)[1] for t in pins.all_text_contents())
        director.shot("club-night-director-table-pins")

        table = phone.page
        table.goto(f"/events/{event_id}/tables")
        table.get_by_role("link", name=re.compile("^Table 1")).click()
        table.locator("#unlock-link").click()
        expect(table.get_by_text("printed on your table's card")).to_be_visible()
        table.get_by_label("PIN (4 to 8 digits)").fill(two)
        table.get_by_role("button", name="Unlock").click()
        expect(table.get_by_role("alert")).to_contain_text("That is not this table's PIN")
        phone.shot("club-night-table-pin-refused")
        table.get_by_label("PIN (4 to 8 digits)").fill(one)
        table.get_by_role("button", name="Unlock").click()
        type_points(table, 0, "melded", 120)
        type_points(table, 1, "melded", 50)
        record(table, 1)
        expect(side_score(table, "Ann & Bob")).to_have_text("120")
        assert director.console == [] and phone.console == []
    finally:
        director.context.close()
        phone.context.close()
