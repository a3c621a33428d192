"""Big events in sections (API.md "Big events: sections") in Chromium: a Mitchell of 72 pairs in 3 sections of 24
(12 tables each: A 1–12, B 13–24, C 25–36). The director's page and the room's screen for the whole field and for
section B, a player's own page and the score slip of table B 13 (drawn to a picture with pdftoppm), and the
new-event form saying which tables each section gets. Screenshots go to /tmp/sections-*.png."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .devices import Page

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp")
TV = {"width": 1280, "height": 720}


def national(server) -> dict:
    """72 pairs in 3 sections, round 1 started, table 1 of each section finished."""
    body = {"name": "Campionato nazionale", "variant": "classic", "options": {"target": 5000},
            "entrants": [{"name": f"Coppia {i}", "players": [f"A{i}", f"B{i}"]} for i in range(72)],
            "table_size": 2, "rounds": 3, "movement": "mitchell", "standings": "points", "sections": 3}
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    status, round_1 = server.request("POST", f"/api/events/{event['id']}/rounds")
    assert status == 201, round_1
    for t in round_1["tables"]:
        if t["table"] in (1, 13, 25):
            hand = {"entries": [{"melded": 300 + 5 * t["table"]}, {"melded": 100}]}
            assert server.request("POST", f"/api/games/{t['game']}/hands", hand)[0] == 201
            assert server.request("POST", f"/api/games/{t['game']}/end")[0] == 200
    return event


def marks(page) -> list[str]:
    return [m.strip() for m in page.locator(".table-no").all_inner_texts()]


def test_the_directors_page_and_the_screen_for_the_field_and_for_one_section(chromium, server):
    event = national(server)
    director = Page(chromium, server, {"width": 1024, "height": 900})
    page = director.page
    page.goto(f"/events/{event['id']}")
    nav = page.get_by_role("navigation", name="Sections")
    expect(nav.get_by_role("link")).to_have_text(["All", "A", "B", "C"])
    shown = marks(page)
    assert shown[0] == "Table A 1" and shown[12] == "Table B 13" and shown[-1] == "Table C 36" and len(shown) == 36
    page.screenshot(path=str(SHOTS / "sections-director-all.png"), caret="initial")

    nav.get_by_role("link", name="Section B").click()
    expect(page).to_have_url(re.compile(r"section=B"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Campionato nazionale · Section B")
    assert marks(page) == [f"Table B {n}" for n in range(13, 25)]
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(24)
    # the field's places stay, each row says its place in section B: its winner of table B 13 first
    expect(rows.first.locator("td.section-place")).to_have_text("1")
    expect(rows.first.locator("td.place")).not_to_have_text("1")
    page.screenshot(path=str(SHOTS / "sections-director-b.png"), caret="initial", full_page=False)

    tv = Page(chromium, server, TV)
    tv.page.goto(f"/events/{event['id']}/screen")
    expect(tv.page.locator(".board-seating .table-no").first).to_have_text("Table A 1")
    tv.page.screenshot(path=str(SHOTS / "sections-screen-all.png"), caret="initial")
    tv.page.goto(f"/events/{event['id']}/screen?section=B")
    expect(tv.page.get_by_role("heading", level=1)).to_have_text("Campionato nazionale · Section B")
    expect(tv.page.locator(".board-seating .table-no").first).to_have_text("Table B 13")
    assert all(m.startswith("Table B ") for m in marks(tv.page))
    tv.page.screenshot(path=str(SHOTS / "sections-screen-b.png"), caret="initial")

    tv.page.goto(f"/events/{event['id']}/screen?section=Q")
    expect(tv.page.get_by_role("heading", level=1)).to_have_text("Not found")
    expect(tv.page.get_by_text("its sections are A, B and C")).to_be_visible()
    for opened in (director, tv):
        opened.context.close()
    assert director.console == [] and [c for c in tv.console if "404" not in c] == []


def test_a_players_own_page_and_slip_say_b_13(chromium, server):
    event = national(server)
    phone = Page(chromium, server, {"width": 360, "height": 640})
    phone.page.goto(f"/events/{event['id']}/me/24")  # B's first pair: North-South at B's first table
    expect(phone.page.locator(".own-table strong")).to_have_text("Table B 13")
    phone.page.screenshot(path=str(SHOTS / "sections-own-page.png"), caret="initial")

    for _ in range(30):  # a loaded machine answers 503 "being prepared" (Retry-After) while the slips are drawn
        answer = phone.page.request.get(f"/events/{event['id']}/slips.pdf?round=1")
        if answer.status != 503:
            break
        phone.page.wait_for_timeout(1_000)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    pdf = SHOTS / "sections-slips.pdf"
    pdf.write_bytes(answer.body())
    # two slips a page: table B 13's is the 13th, on page 7 (with B 14)
    text = subprocess.run(["pdftotext", "-f", "7", "-l", "7", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Campionato nazionale · round 1 · table B 13" in text and "table B 14" in text
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "7", "-l", "7", "-singlefile", str(pdf),
                    str(SHOTS / "sections-slip-b13")], check=True)
    assert (SHOTS / "sections-slip-b13.png").stat().st_size > 5_000
    phone.context.close()
    assert phone.console == []


def test_the_new_event_form_says_which_tables_each_section_gets(chromium, server):
    opened = Page(chromium, server, {"width": 1024, "height": 900})
    page = opened.page
    page.goto("/events/new")
    page.get_by_label("Who plays").fill("\n".join(f"P{i} & Q{i}" for i in range(13)))
    page.get_by_label("Sections", exact=True).fill("3")
    expect(page.locator("#sections-tables")).to_have_text(
        "Section A: 5 entrants, tables 1–3 · Section B: 4 entrants, tables 4–5 · Section C: 4 entrants, tables 6–7")
    page.locator(".entry:has(#sections)").screenshot(path=str(SHOTS / "sections-form-box.png"), caret="initial")
    page.screenshot(path=str(SHOTS / "sections-form.png"), caret="initial", full_page=True)
    page.get_by_label("Sections", exact=True).fill("9")
    page.get_by_role("button", name="Create the club night").click()
    expect(page.locator("#sections-error")).to_contain_text("choose at most 6 sections")
    opened.context.close()
    assert opened.console == []
