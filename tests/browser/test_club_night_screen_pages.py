"""Issue 39, finding 7, in Chromium: the standings screen on a 1280 x 720 TV (and 1920 x 1080) shows every row of the
standings and every table of the seating, 8, 20 or 40 entrants: what fits at once, else in pages that turn by
themselves, each saying "Pagina 1 di 2"; the page never scrolls and no row is cut off at the screen's foot. A pair's
name keeps one line where the figures leave it room, with its penalty and its tie-break on the line under it.

The screen's clock is Playwright's (page.clock): a page turn is run, not waited for."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .devices import Page

pytestmark = pytest.mark.browser

SCREENS = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
PAGE_MS = 10_000  # static/screen.js turns a page every 10 s
ITALIAN = ["Anna & Bruno", "Carla & Dario", "Elena & Fabio", "Giulia & Luca", "Maria & Nino", "Paola & Renzo",
           "Sara & Tino", "Vera & Ugo"]


def names(count: int) -> list[str]:
    if count == len(ITALIAN):
        return ITALIAN
    return [f"{'Annabella' if i % 3 == 0 else 'Gino'} {i} & {'Bartolomeo' if i % 4 == 0 else 'Ugo'} {i}"
            for i in range(count)]


def night(server, count: int) -> str:
    """A VP night of `count` pairs: round 1 played (one hand a table), a penalty, round 2 seated and playing."""
    body = {"name": "Serata del circolo", "variant": "classic", "options": {"target": 5000, "max_hands": 1},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in names(count)], "table_size": 2,
            "rounds": 3, "movement": "round-robin", "standings": "vp", "vp_scale": [[0, 10, 10], [100, 15, 5]]}
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    status, round_1 = server.request("POST", f"/api/events/{event['id']}/rounds")
    assert status == 201, round_1
    for i, t in enumerate(round_1["tables"]):
        # every third table level (10-10): entrants level on VP, placed by the games between them or the margin
        hand = {"entries": [{"melded": 300 if i % 3 == 0 else 200 + 20 * i}, {"melded": 300 if i % 3 == 0 else 150}]}
        assert server.request("POST", f"/api/games/{t['game']}/hands", hand)[0] == 201
    adjustment = {"entrant": 4, "round": 1, "vp": -1, "points": 0, "reason": "telefono squillato"}
    assert server.request("POST", f"/api/events/{event['id']}/adjustments", adjustment)[0] == 201
    assert server.request("POST", f"/api/events/{event['id']}/rounds")[0] == 201
    return event["id"]


SHOWN_JS = """(part) => {
    const box = document.querySelector(part === 'standings' ? '.board-standings' : '.board-tables');
    const foot = Math.min(box.getBoundingClientRect().bottom, innerHeight) + 0.5;
    const items = [...box.querySelectorAll(part === 'standings' ? 'tbody tr' : '.board-seating li')];
    const line = box.querySelector('.board-page');
    const paging = line && line.checkVisibility();
    const shown = items.filter(e => e.checkVisibility()).concat(paging ? [line] : []);
    return {cut: shown.filter(e => e.getBoundingClientRect().bottom > foot).map(e => e.textContent.trim()),
            seen: shown.filter(e => e !== line).map(e => (e.querySelector('.name bdi, .table-no') || e).textContent.trim()),
            line: paging ? line.textContent : ''};
}"""


def shown(screen, part: str) -> dict:
    now = screen.evaluate(SHOWN_JS, part)
    assert now["cut"] == [], f"{part}: cut off at the screen's foot: {now['cut']}"
    return now


@pytest.mark.parametrize("size", list(SCREENS))
@pytest.mark.parametrize("count", [8, 20, 40])
def test_every_row_of_the_standings_and_every_table_is_shown_on_the_tv(chromium, server, count, size):
    event_id = night(server, count)
    tv = Page(chromium, server, SCREENS[size], locale="it-IT")
    try:
        screen = tv.page
        screen.clock.install()
        screen.goto(f"/events/{event_id}/screen")
        expect(screen.locator(".screen-standings tbody tr")).to_have_count(count)
        standings, seating = shown(screen, "standings"), shown(screen, "seating")
        tv.shot(f"club-night-screen-pages-{count}-{size}")
        pages = {}
        for part, now in (("standings", standings), ("seating", seating)):
            said = re.fullmatch(r"Pagina 1 di (\d+)", now["line"])
            assert said or now["line"] == "", now["line"]
            pages[part] = int(said.group(1)) if said else 1
        seen = {"standings": set(standings["seen"]), "seating": set(seating["seen"])}
        for turn in range(1, max(pages.values())):
            screen.clock.run_for(PAGE_MS)
            for part in seen:
                if pages[part] > 1:
                    expect(screen.locator(f".{'board-standings' if part == 'standings' else 'board-tables'} "
                                          ".board-page")).to_have_text(f"Pagina {turn % pages[part] + 1} di {pages[part]}")
                seen[part] |= set(shown(screen, part)["seen"])
        assert seen["standings"] == set(names(count))
        assert seen["seating"] == {f"Tavolo {n}" for n in range(1, count // 2 + 1)}
        # the screen is the TV: nothing below its foot, no scrolling
        assert screen.evaluate("document.scrollingElement.scrollHeight") <= SCREENS[size]["height"]
        if count == 8:  # one list with room for the names: each on one line, its penalty on the line under it
            lines = screen.locator(".screen-standings .name > bdi").evaluate_all(
                "bs => bs.map(b => Math.round(b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight)))")
            assert lines == [1] * count
            assert pages == {"standings": 1, "seating": 1}
    finally:
        tv.context.close()
    assert tv.console == []


def test_the_pages_keep_turning_while_hands_are_recorded(chromium, server):
    """A busy evening redraws the board every few seconds: the first page must not be held up by it."""
    event_id = night(server, 20)
    tv = Page(chromium, server, SCREENS["720p"], locale="it-IT")
    try:
        screen = tv.page
        screen.clock.install()
        screen.goto(f"/events/{event_id}/screen")
        line = screen.locator(".board-standings .board-page")
        expect(line).to_have_text("Pagina 1 di 2")
        screen.clock.run_for(6_000)
        status, event = server.request("GET", f"/api/events/{event_id}")
        game = event["round_list"][-1]["tables"][0]["game"]
        hand = {"entries": [{"melded": 300}, {"melded": 100}]}
        assert server.request("POST", f"/api/games/{game}/hands", hand)[0] == 201
        screen.clock.run_for(1_000)  # the screen's poll brings the board again, drawn anew
        expect(screen.locator(".board-seating li.finished")).to_have_count(1)
        expect(line).to_have_text("Pagina 1 di 2")
        screen.clock.run_for(PAGE_MS - 7_000 + 500)  # 10.5 s after the page was drawn
        expect(line).to_have_text("Pagina 2 di 2")
    finally:
        tv.context.close()
    assert tv.console == []
