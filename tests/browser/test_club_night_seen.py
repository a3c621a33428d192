"""Issue 31 items 7 and 9, issue 32 item 6, in Chromium: the standings screen fills a 1920 x 1080 TV, read from 5 m,
with the ranking figure and the margin (the tie-break); the standings fit a 360 px phone in every language, no
word broken; a table's game page names its night, round and table, and its game over goes back to the night; the
director's page follows the room by itself."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .layout import LAPTOP, TV, broken_words, overflowing
from .table import game_over, record, type_points

pytestmark = pytest.mark.browser

NAMES = ["Annabelle & Bartholomew", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ivy & Jo", "Kit & Lou", "Max & Ned",
         "Ola & Pim", "Quinn & Rosalind", "Sam & Tess", "Ugo & Vera", "Walt & Xena", "Yves & Zoe", "Abe & Bea",
         "Cal & Dot", "Eli & Fay", "Gil & Hope", "Ike & Joy", "Ken & Liv", "Mo & Nia"]
LANGUAGES = ["en-US", "es-ES", "pt-BR", "it-IT", "de-DE"]


def night(server, pairs: int, standings: str = "wins", play: bool = True) -> tuple[str, dict]:
    """A Classic night of `pairs` pairs, one hand a game; round 1 started and (with `play`) played: its id, round 1."""
    body = {"name": "Tuesday club", "variant": "classic", "options": {"target": 5000, "max_hands": 1},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in NAMES[:pairs]], "table_size": 2,
            "rounds": 3, "movement": "round-robin", "standings": standings}
    if standings == "vp":
        body["vp_scale"] = [[0, 10, 10], [100, 15, 5]]
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    status, round_1 = server.request("POST", f"/api/events/{event['id']}/rounds")
    assert status == 201, round_1
    for i, t in enumerate(round_1["tables"] if play else ()):
        hand = {"entries": [{"melded": 200 + 20 * i}, {"melded": 150 + 30 * (i % 3)}]}
        assert server.request("POST", f"/api/games/{t['game']}/hands", hand)[0] == 201
    return event["id"], round_1


def px(locator) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def bottom(locator) -> float:
    return float(locator.evaluate("e => e.getBoundingClientRect().bottom"))


@pytest.mark.parametrize("pairs", [8, 20])
def test_the_screen_fills_the_tv_with_the_figure_and_the_margin_read_from_across_the_room(chromium, server, pairs):
    event_id, _ = night(server, pairs)
    tv = Page(chromium, server, TV)
    try:
        screen = tv.page
        screen.goto(f"/events/{event_id}/screen")
        heads = screen.locator(".screen-standings thead").first.locator("th")
        expect(heads).to_have_text(["Place", "Name", "Wins", "Margin"])
        expect(screen.locator(".screen-standings tbody tr")).to_have_count(pairs)
        margins = screen.locator(".screen-standings tbody td.margin").all_text_contents()
        assert len(margins) == pairs and any(m.startswith("+") for m in margins)
        expect(screen.locator(".tie-break")).to_contain_text("Level on wins: the wins in the games between them "
                                                             "decide, then the margin")
        # the whole TV, no more: nothing below the screen's foot, and the list reaches down into its lower half
        assert screen.evaluate("document.documentElement.scrollHeight") <= TV["height"]
        last_row = screen.locator(".screen-standings tbody tr").last
        assert TV["height"] * 0.5 <= bottom(last_row) <= TV["height"]
        assert bottom(screen.locator(".board-seating li").last) <= TV["height"]
        smallest = 48 if pairs <= 10 else 38  # two lists side by side past 10 entrants
        for part in (".name", ".figure", ".place"):
            assert px(screen.locator(f".screen-standings tbody {part}").last) >= smallest, part
        assert not overflowing(screen, ".screen-standings")
        tv.shot(f"club-night-seen-screen-{pairs}")
    finally:
        tv.context.close()
    assert tv.console == []


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_standings_fit_a_360_px_phone_in_every_language_without_breaking_a_word(chromium, server, locale):
    event_id, _ = night(server, 8, standings="vp" if locale in ("it-IT", "de-DE") else "wins")
    phone = Page(chromium, server, PHONE, locale=locale)
    try:
        for path in (f"/events/{event_id}", f"/events/{event_id}/screen"):
            phone.page.goto(path)
            expect(phone.page.locator("table.standings tbody tr")).to_have_count(8)
            assert not overflowing(phone.page, "table.standings"), (locale, path)
            assert broken_words(phone.page, "table.standings") == [], (locale, path)
        phone.shot(f"club-night-seen-standings-{locale}")
    finally:
        phone.context.close()
    assert phone.console == []


def test_a_table_game_says_where_it_is_its_game_over_goes_back_and_the_directors_page_follows(chromium, server):
    event_id, round_1 = night(server, 4, play=False)
    director, table = Page(chromium, server, LAPTOP), Page(chromium, server, PHONE)
    try:
        director.page.goto(f"/events/{event_id}")
        states = director.page.locator(".event-table .table-state")
        expect(states).to_have_text(["Not started", "Not started"])
        page = table.page
        page.goto(f"/events/{event_id}/tables")
        page.get_by_role("link", name=re.compile("^Table 2")).click()
        seat = page.locator(".club-seat")
        expect(seat).to_contain_text("Round 1 of 3 · Table 2")
        expect(seat.get_by_role("link", name="← Tuesday club")).to_be_visible()
        table.shot("club-night-seen-table-game")
        page.get_by_role("link", name="Record hand 1").click()
        type_points(page, 0, "melded", 90)
        type_points(page, 1, "melded", 50)
        record(page, 1)
        expect(game_over(page)).to_be_visible()
        expect(page.get_by_role("link", name="New game, same players")).to_have_count(0)
        # the director's page, never reloaded, shows the table finished
        expect(states.nth(1)).to_contain_text("Finished: 90 – 50")
        expect(director.page.locator(".standings tbody tr .figure").first).to_have_text("1")
        page.get_by_role("link", name="Back to Tuesday club").click()
        expect(page).to_have_url(re.compile(f"/events/{event_id}$"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday club")
    finally:
        director.context.close()
        table.context.close()
    assert director.console == [] and table.console == []
