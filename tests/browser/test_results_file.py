"""results.html in Chromium (API.md "results to take home"): a player opens it from the director's page of a finished
night on a phone, in German, keeps the file, and reads it again with the network off: it asks for nothing, fits the
phone's width and shows the standings, the rounds and the VP scale. Screenshots of the file and of the director's
page's link and QR code."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.results_helpers import STANDINGS, finished_evening

from .devices import PHONE, SCREENSHOTS, Page

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_de(chromium, server):
    opened = Page(chromium, server, PHONE, locale="de-DE")
    yield opened
    opened.context.close()
    assert opened.console == []


def test_the_results_file_from_a_finished_night_opens_off_line_on_a_phone(phone_de, server, tmp_path):
    event_id = finished_evening(lambda method, path, body=None: server.request(method, path, body))
    page = phone_de.page
    page.goto(f"/events/{event_id}")
    take_home = page.get_by_role("region", name="Ergebnisse zum Mitnehmen")
    expect(take_home.get_by_role("img", name="QR-Code, der die Ergebnisse von Venerdì al circolo öffnet")).to_be_visible()
    take_home.scroll_into_view_if_needed()
    phone_de.shot("results-file-director-link-de")
    with page.expect_response(f"**/events/{event_id}/results.html") as answer:
        take_home.get_by_role("link", name="Ergebnisse (HTML-Datei)").click()
    assert answer.value.status == 200
    saved = tmp_path / "venerdi-al-circolo.html"
    saved.write_bytes(answer.value.body())

    phone_de.context.set_offline(True)
    asked: list[str] = []
    offline = phone_de.context.new_page()
    offline.on("request", lambda r: asked.append(r.url))
    offline.goto(saved.as_uri())
    assert asked == [saved.as_uri()]  # nothing but the file itself: no style sheet, font, image or script
    expect(offline.locator("html")).to_have_attribute("lang", "de")
    expect(offline.get_by_role("heading", name="Tabelle")).to_be_visible()
    names = offline.get_by_role("table", name="Tabelle nach Siegpunkten").locator("tbody th bdi")
    expect(names).to_have_text([name for _, name, _ in STANDINGS])
    expect(offline.get_by_role("table", name="Runde 3")).to_be_visible()
    expect(offline.get_by_role("table", name="Siegpunkte-Skala")).to_contain_text("1.505")
    assert offline.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    offline.screenshot(path=str(SCREENSHOTS / "results-file-offline-de.png"), full_page=True)
    offline.close()


@pytest.mark.parametrize("locale, percent", [("en-US", 100), ("de-DE", 100), ("de-DE", 150)])
def test_the_results_files_standings_fit_a_360_px_phone_without_scrolling_sideways(chromium, server, locale, percent):
    """The standings of results.html (place, name, every figure) fit the phone's width: the table does not scroll
    sideways inside its box, in English and German, at 100% and 150% text, and no figure is cut across lines."""
    opened = Page(chromium, server, PHONE, locale=locale)
    try:
        event_id = finished_evening(lambda method, path, body=None: server.request(method, path, body))
        page = opened.page
        page.goto(f"/events/{event_id}/results.html")
        page.evaluate("p => document.documentElement.style.fontSize = `${p}%`", percent)  # a phone's larger text
        table = page.locator("table.standings")
        expect(table).to_be_visible()
        expect(page.get_by_role("table", name=re.compile("Standings|Tabelle"))).to_be_visible()  # still a table
        box = table.evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth, t.scrollWidth]")
        wide = table.evaluate("""t => [...t.querySelectorAll('th, td')].filter(c => c.getBoundingClientRect().right >
            t.parentElement.getBoundingClientRect().right + 1).map(c => c.className + ': ' + c.textContent.trim())""")
        assert box[0] <= box[1], f"the standings scroll sideways: {box[0]} px in a box of {box[1]} px: {wide[:6]}"
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        cut = table.evaluate("""t => [...t.querySelectorAll('tbody .num')].filter(c => {
            const r = document.createRange(); r.selectNodeContents(c);
            return new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top))).size > 1;
          }).map(c => c.textContent)""")
        assert cut == [], f"numbers cut across lines: {cut}"
        opened.shot(f"results-file-standings-{locale}-{percent}")
    finally:
        opened.context.close()
