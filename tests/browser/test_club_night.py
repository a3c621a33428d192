"""A club night in Chromium (issue 26): the director makes a 4-pair Classic night (2 tables, one hand a game) on a
laptop and starts round 1; two table phones (their own browser contexts) open their tables from the table picker
and play their one hand; the standings screen on the room's TV updates by itself. Axe finds nothing on the club
night's pages and the screen at 1920 x 1080 and 360 x 640, light and dark; the screen's figures are at least 48 px.
"""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .a11y import headings
from .devices import PHONE, Page
from .table import game_over, record, side_score, type_points
from .a11y import AXE_OPTIONS

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}
PAIRS = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"]


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.fixture
def devices(chromium, server):
    """The director's laptop, the room's TV and two table phones; no browser may have complained by the end."""
    opened = {"director": Page(chromium, server, LAPTOP), "screen": Page(chromium, server, TV),
              "table 1": Page(chromium, server, PHONE), "table 2": Page(chromium, server, PHONE)}
    yield opened
    for device in opened.values():
        device.context.close()
    assert {k: d.console for k, d in opened.items()} == {k: [] for k in opened}


def no_violations(axe, page, where: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        results = axe.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, f"{where} ({scheme}): {results.generate_report()}"
        assert headings(page).count(1) == 1, where
    page.emulate_media(color_scheme="light")


def font_px(locator) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def make_night(page) -> str:
    """The director fills in the new-club-night form; the event's id."""
    page.goto("/")
    page.get_by_role("link", name="Club nights").click()
    page.get_by_role("link", name="New club night").click()
    page.get_by_label("Name of the night").fill("Tuesday club")
    page.get_by_label("Classic Canasta", exact=True).check()
    page.get_by_label("Hand limit").fill("1")
    page.get_by_label("Who plays").fill("\n".join(PAIRS[:2] + ["Ed and Flo", "Gus & Hal"]))
    page.get_by_label("Rounds", exact=True).fill("3")
    page.get_by_label("Round robin", exact=True).check()
    page.get_by_role("button", name="Create the club night").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday club")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def play_table(device: Page, event_id: str, table: int, scores: tuple[int, int]) -> list[str]:
    """A phone opens the table picker, taps its table and records the one hand; the names at the table."""
    page = device.page
    page.goto(f"/events/{event_id}/tables")
    page.get_by_role("link", name=re.compile(f"^Table {table}")).click()
    expect(page).to_have_url(re.compile(r"/games/\w+$"))
    expect(page.locator(".side-name").first).to_be_visible()  # the page drawn, not only its address
    names = page.locator(".side-name").all_text_contents()
    page.get_by_role("link", name="Record hand 1").click()
    type_points(page, 0, "melded", scores[0])
    type_points(page, 1, "melded", scores[1])
    record(page, 1)
    expect(side_score(page, names[0])).to_have_text(str(scores[0]))
    expect(game_over(page)).to_be_visible()
    return names


def test_a_club_night_played_on_a_laptop_two_phones_and_the_rooms_screen(devices, axe):
    director, screen = devices["director"].page, devices["screen"].page
    event_id = make_night(director)
    no_violations(axe, director, "the director's page before round 1")
    director.get_by_role("button", name="Start round 1").click()
    expect(director.get_by_role("heading", name="Round 1 of 3")).to_be_visible()
    expect(director.locator(".event-table")).to_have_count(2)
    expect(director.locator(".event-table .table-state")).to_have_text(["Not started", "Not started"])

    screen.goto(f"/events/{event_id}/screen")
    playing = screen.locator(".board-playing")
    expect(playing).to_have_text("Tables 1 and 2 are still playing.")
    figures = screen.locator(".screen-standings td.figure")
    expect(figures).to_have_count(4)
    assert min(font_px(figures.nth(i)) for i in range(4)) >= 48
    assert font_px(screen.locator(".screen-standings .name").first) >= 48
    assert font_px(screen.locator(".screen-standings .place").first) >= 48
    devices["screen"].shot("club-night-screen-round-1")

    first = play_table(devices["table 1"], event_id, 1, (140, 60))
    expect(playing).to_have_text("Table 2 is still playing.")  # by itself: nobody reloads the TV
    top = screen.locator(".screen-standings tbody tr").first
    expect(top.locator(".name bdi")).to_have_text(first[0])
    expect(top.locator(".figure")).to_have_text("1")
    second = play_table(devices["table 2"], event_id, 2, (30, 250))
    expect(playing).to_have_text("Every table has finished.")
    expect(screen.locator(".screen-standings tbody tr .figure")).to_have_text(["1", "1", "0", "0"])
    assert {n for n in screen.locator(".screen-standings tbody tr .name bdi").all_text_contents()[:2]} == {
        first[0], second[1]}
    devices["screen"].shot("club-night-screen-finished")
    screen.emulate_media(color_scheme="dark")
    devices["screen"].shot("club-night-screen-finished-dark")
    no_violations(axe, screen, "the screen at 1920 x 1080")

    director.reload()
    expect(director.locator(".event-table .table-state")).to_have_text(["Finished: 140 – 60 · " + first[0] + " won",
                                                                        "Finished: 30 – 250 · " + second[1] + " won"])
    devices["director"].shot("club-night-director")
    no_violations(axe, director, "the director's page")

    director.get_by_role("button", name="Start round 2").click()
    expect(screen.locator(".board-round")).to_have_text("Round 2 of 3")
    expect(screen.get_by_role("heading", name="Round 2 seating")).to_be_visible()
    expect(playing).to_have_text("Tables 1 and 2 are still playing.")


def test_the_club_nights_pages_on_a_phone_pass_axe(chromium, server, axe):
    phone = Page(chromium, server, PHONE)
    page = phone.page
    try:
        event_id = make_night(page)
        page.goto("/events/new")
        page.get_by_role("button", name="Create the club night").click()  # nothing filled in: refused at the fields
        expect(page.locator(".field-error").first).to_be_visible()
        no_violations(axe, page, "the refused form")
        for path in ("/events", f"/events/{event_id}/tables", f"/events/{event_id}", f"/events/{event_id}/screen"):
            page.goto(path)
            no_violations(axe, page, path)
        page.goto(f"/events/{event_id}")
        page.get_by_role("button", name="Start round 1").click()
        page.get_by_role("button", name="Start round 2").click()
        expect(page.get_by_role("alert")).to_contain_text("Tables 1 and 2 are still playing.")
        no_violations(axe, page, "the director's page saying why round 2 did not start")
        for path in (f"/events/{event_id}/tables", f"/events/{event_id}/screen"):
            page.goto(path)
            no_violations(axe, page, path)
        phone.shot("club-night-screen-phone")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"the screen scrolls sideways on a phone ({wide} px)"
        assert phone.console == []
    finally:
        phone.context.close()
