"""Results both sides sign, in Chromium at 360×640 (API.md "A table's result, confirmed by both sides"): one table's
phone records the last hand and is handed across to East–West, who accept on the page made for it; at a `both`
night two phones send differing totals, both see both versions, and the director decides."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .table import record, type_points

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
DIRECTOR = {"X-Director-PIN": "9876"}


def night(page, confirm: str) -> tuple[str, dict]:
    body = {"name": "Thursday pairs", "variant": "classic", "options": {"target": 5000},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in ("Ann & Bob", "Cy & Di")],
            "rounds": 1, "movement": "round-robin", "standings": "points", "director_pin": "9876",
            "table_pins": True, "deals_per_round": 1, "confirm": confirm}
    made = page.request.post("/api/events", data=body)
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    assert page.request.post(f"/api/events/{event_id}/rounds", headers=DIRECTOR).status == 201
    table = page.request.get(f"/api/events/{event_id}", headers=DIRECTOR).json()["round_list"][0]["tables"][0]
    return event_id, table


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_phone_is_handed_across_and_east_west_accept(chromium, server):
    phone = Page(chromium, server, PHONE)
    try:
        page = phone.page
        event_id, table = night(page, "accept")
        page.goto(f"/games/{table['game']}/unlock?next=/games/{table['game']}/hands/new")
        page.get_by_label("PIN (4 to 8 digits)").fill(table["pin"])
        page.get_by_role("button", name="Unlock").click()
        type_points(page, 0, "melded", 120)
        type_points(page, 1, "melded", 50)
        record(page, 1)
        page.wait_for_url(f"**/games/{table['game']}")
        expect(page.get_by_text("Not counted yet: East–West checks and accepts the totals.")).to_be_visible()
        phone.shot("confirm-game-over-hand-across")
        page.get_by_role("link", name="Hand the phone to East–West: check and accept").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("East–West: check and accept")
        expect(page.locator(".confirm-score").first).to_have_text("120")
        no_sideways_scroll(page)
        phone.shot("confirm-hand-across")
        page.goto(f"/events/{event_id}/screen")
        expect(page.get_by_text("Waiting for E–W", exact=True)).to_be_visible()
        phone.shot("confirm-screen-waiting")
        page.go_back()
        page.get_by_role("button", name="We accept these totals").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Accepted")
        no_sideways_scroll(page)
        phone.shot("confirm-accepted")
        standings = page.request.get(f"/api/events/{event_id}/standings").json()
        assert [r["played"] for r in standings] == [1, 1]
        assert phone.console == []
    finally:
        phone.context.close()


def test_two_phones_disagree_and_the_director_decides(chromium, server):
    north, east, director = Page(chromium, server, PHONE), Page(chromium, server, PHONE), Page(chromium, server, LAPTOP)
    try:
        event_id, table = night(director.page, "both")
        for device, side, totals in ((north, 0, ("150", "0")), (east, 1, ("100", "50"))):
            page = device.page
            page.goto(f"/games/{table['game']}/confirm")
            expect(page.get_by_text("Which side are you?")).to_be_visible()
            page.get_by_role("link", name=("North–South: Ann & Bob" if side == 0 else "East–West: Cy & Di")).click()
            page.get_by_label("Total of Ann & Bob").fill(totals[0])
            page.get_by_label("Total of Cy & Di").fill(totals[1])
            page.get_by_label("This side's table PIN").fill("0000" if table["pins"][side] != "0000" else "1111")
            page.get_by_role("button", name="Send our totals").click()
            expect(page.locator(".field-error")).to_contain_text("not this side's PIN")
            expect(page.get_by_label("Total of Ann & Bob")).to_have_value(totals[0])  # nothing typed is lost
            page.get_by_label("This side's table PIN").fill(table["pins"][side])
            page.get_by_role("button", name="Send our totals").click()
        for device in (north, east):  # North–South's page follows the table by itself: no reload
            expect(device.page.get_by_role("heading", level=1)).to_have_text("The two sides' totals differ")
            no_sideways_scroll(device.page)
        east.shot("confirm-both-differ-phone")
        page = director.page
        page.goto(f"/events/{event_id}/unlock")
        page.get_by_label("PIN (4 to 8 digits)").fill("9876")
        page.get_by_role("button", name="Unlock").click()
        page.goto(f"/events/{event_id}")
        expect(page.get_by_text("Totals differ: the director decides")).to_be_visible()
        page.get_by_role("link", name="Table 1: accept or decide").click()
        page.get_by_role("textbox", name="Ann & Bob").fill("150")
        page.get_by_role("textbox", name="Cy & Di").fill("0")
        director.shot("confirm-both-director-decides")
        page.get_by_role("button", name="Decide these totals").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Result recorded")
        expect(east.page.get_by_role("heading", level=1)).to_have_text("Result recorded")  # followed, no reload
        east.shot("confirm-both-decided-phone")
        assert north.console == [] and east.console == [] and director.console == []
    finally:
        for device in (north, east, director):
            device.context.close()
