"""The pages a table confirms its result on (API.md "A table's result, confirmed by both sides") read as every other
page does: axe-core clean in light and dark, one h1 and no skipped level, and at 150% and 200% text on a 360 px phone
nothing scrolls sideways, nothing is covered, every control at least 44 by 44 px; in English and in German (the
longest words). Screenshots go to test-artifacts/screenshots as confirm-a11y-<state>-<lang>-<scheme>-<size>."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .a11y import (AXE_OPTIONS, enlarge_text, headings, hidden_under_pinned_bars, overlapping_controls,
                   skipped_levels, small_controls)
from .devices import PHONE, Page

pytestmark = pytest.mark.browser

DIRECTOR = {"X-Director-PIN": "9876"}
NAMES = ("Annemarie & Bernhard", "Cyrill & Dorothea")  # long names, as a German club's are


@pytest.fixture(scope="module")
def axe():
    return Axe()


def night(server, confirm: str) -> tuple[str, dict]:
    body = {"name": "Donnerstagsturnier", "variant": "classic", "options": {"target": 5000},
            "entrants": [{"name": n, "players": n.split(" & ")} for n in NAMES],
            "rounds": 1, "movement": "round-robin", "standings": "points", "director_pin": "9876",
            "table_pins": True, "deals_per_round": 1, "confirm": confirm}
    status, event = server.request("POST", "/api/events", body)
    assert status == 201, event
    assert server.request("POST", f"/api/events/{event['id']}/rounds", {}, DIRECTOR)[0] == 201
    status, shown = server.request("GET", f"/api/events/{event['id']}", None, DIRECTOR)
    return event["id"], shown["round_list"][0]["tables"][0]


def finished_accept_table(server) -> tuple[str, dict]:
    event_id, table = night(server, "accept")
    pin = {"X-Table-PIN": table["pin"]}
    status, body = server.request("POST", f"/api/games/{table['game']}/hands",
                                  {"entries": [{"melded": 120}, {"melded": 50}]}, pin)
    assert status == 201, body
    return event_id, table


def hand_across(page, server) -> None:
    _, table = finished_accept_table(server)
    page.goto(f"/games/{table['game']}/confirm")
    expect(page.locator(".confirm-accept")).to_be_visible()


def hand_across_wrong_pin(page, server) -> None:
    _, table = finished_accept_table(server)
    page.goto(f"/games/{table['game']}/confirm")
    page.locator("#confirm-pin").fill("0000" if table["pin"] != "0000" else "1111")
    page.locator(".confirm-accept").click()
    expect(page.locator(".field-error")).to_be_visible()


def accepted(page, server) -> None:
    _, table = finished_accept_table(server)
    page.goto(f"/games/{table['game']}/confirm")
    page.locator("#confirm-pin").fill(table["pin"])
    page.locator(".confirm-accept").click()
    expect(page.locator(".confirm-done")).to_be_visible()


def which_side(page, server) -> None:
    _, table = night(server, "both")
    page.goto(f"/games/{table['game']}/confirm")


def side_form(page, server) -> None:
    _, table = night(server, "both")
    page.goto(f"/games/{table['game']}/confirm?side=1")
    expect(page.locator(".confirm-enter")).to_be_visible()


def side_refused(page, server) -> None:
    _, table = night(server, "both")
    page.goto(f"/games/{table['game']}/confirm?side=0")
    page.locator("#totals-0").fill("abc")
    page.locator("#totals-1").fill("50")
    page.locator("#confirm-pin").fill(table["pins"][0])
    page.locator(".confirm-enter button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.locator("#totals-0")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#totals-0-error")).to_contain_text(NAMES[0])


def sent_and_waiting(page, server) -> None:
    _, table = night(server, "both")
    page.goto(f"/games/{table['game']}/confirm?side=0")
    page.locator("#totals-0").fill("150")
    page.locator("#totals-1").fill("0")
    page.locator("#confirm-pin").fill(table["pins"][0])
    page.locator(".confirm-enter button[type=submit]").click()
    expect(page.locator(".confirm-enter [role=status], .notice[role=status]").first).to_be_visible()


def _differ(server) -> tuple[str, dict]:
    event_id, table = night(server, "both")
    for side, totals in ((0, [150, 0]), (1, [100, 50])):
        status, body = server.request("POST", f"/api/games/{table['game']}/results",
                                      {"side": side, "totals": totals}, {"X-Table-PIN": table["pins"][side]})
        assert status in (200, 201, 202), body
    return event_id, table


def differ_player(page, server) -> None:
    _, table = _differ(server)
    page.goto(f"/games/{table['game']}/confirm?side=1")
    expect(page.locator(".confirm-versions")).to_be_visible()


def differ_director(page, server) -> None:
    event_id, table = _differ(server)
    page.goto(f"/events/{event_id}/unlock")
    page.locator("#pin").fill("9876")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"**/events/{event_id}")
    page.goto(f"/games/{table['game']}/confirm")
    expect(page.locator(".confirm-decide")).to_be_visible()


def decided(page, server) -> None:
    _, table = _differ(server)
    status, body = server.request("POST", f"/api/games/{table['game']}/results",
                                  {"decide": [150, 0]}, DIRECTOR)
    assert status in (200, 201), body
    page.goto(f"/games/{table['game']}/confirm?side=1")
    expect(page.locator(".confirm-done")).to_be_visible()


STATES = {"hand-across": hand_across, "hand-across-wrong-pin": hand_across_wrong_pin, "accepted": accepted,
          "which-side": which_side, "side-form": side_form, "side-refused": side_refused,
          "sent-waiting": sent_and_waiting, "differ-player": differ_player, "differ-director": differ_director,
          "decided": decided}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("state", list(STATES))
def test_the_confirm_pages_read_in_light_and_dark_and_at_larger_text(chromium, server, axe, state, locale):
    phone = Page(chromium, server, PHONE, locale=locale)
    short = locale[:2]
    try:
        page = phone.page
        STATES[state](page, server)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            phone.shot(f"confirm-a11y-{state}-{short}-{scheme}-100")
            results = axe.run(page, options=AXE_OPTIONS)
            assert results.violations_count == 0, (scheme, results.generate_report())
        levels = headings(page)
        assert levels.count(1) == 1, levels
        assert skipped_levels(levels) == [], levels
        page.emulate_media(color_scheme="light")
        for percent in (150, 200):
            enlarge_text(page, percent)
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), \
                (percent, page.evaluate("document.scrollingElement.scrollWidth"))
            assert small_controls(page) == [], percent
            assert overlapping_controls(page) == [], percent
            assert hidden_under_pinned_bars(page) == [], percent
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            phone.shot(f"confirm-a11y-{state}-{short}-{scheme}-200")
        assert phone.console == []
    finally:
        phone.context.close()
