"""The pages a table confirms its result on (API.md "A table's result, confirmed by both sides") read as every other
page does: axe-core clean in light and dark, one h1 and no skipped level, and at 150% and 200% text on a 360 px phone
nothing scrolls sideways, nothing is covered or cut, a word of up to eleven letters stays whole in the heading, the
big button and a total (even "−999.995"), longer ones break with the language's hyphens, every control at least 44 by
44 px; in English, German (the longest words) and Italian. Screenshots go to test-artifacts/screenshots as confirm-a11y-<state>-<lang>-<scheme>-<size>."""
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


def director_decides(page, event_id: str, game_id: str) -> None:
    """The director unlocks the night and opens the table's confirm page, with the decision form."""
    page.goto(f"/events/{event_id}/unlock")
    page.locator("#pin").fill("9876")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"**/events/{event_id}")
    page.goto(f"/games/{game_id}/confirm")
    expect(page.locator(".confirm-decide")).to_be_visible()


def differ_director(page, server) -> None:
    event_id, table = _differ(server)
    director_decides(page, event_id, table["game"])


def director_one_side_sent(page, server) -> None:
    """One side sent, the other cannot: the director's page of the table, with the decision form."""
    event_id, table = night(server, "both")
    status, body = server.request("POST", f"/api/games/{table['game']}/results", {"side": 0, "totals": [150, 0]},
                                  {"X-Table-PIN": table["pins"][0]})
    assert status == 200, body
    director_decides(page, event_id, table["game"])


def decided(page, server) -> None:
    _, table = _differ(server)
    status, body = server.request("POST", f"/api/games/{table['game']}/results",
                                  {"decide": [150, 0]}, DIRECTOR)
    assert status in (200, 201), body
    page.goto(f"/games/{table['game']}/confirm?side=1")
    expect(page.locator(".confirm-done")).to_be_visible()


def big_totals(page, server) -> None:
    """Seven figures and a minus, the widest totals a slip gives ("−999.995"), shown side by side."""
    _, table = night(server, "both")
    for side, totals in ((0, [999995, -999995]), (1, [555550, -55550])):
        status, body = server.request("POST", f"/api/games/{table['game']}/results",
                                      {"side": side, "totals": totals}, {"X-Table-PIN": table["pins"][side]})
        assert status == 200, body
    page.goto(f"/games/{table['game']}/confirm?side=1")
    expect(page.locator(".confirm-versions")).to_be_visible()


def differ_from_hands(page, server) -> None:
    """The table's phone played it to the end; both sides then sent other totals: three versions, the director's."""
    _, table = night(server, "both")
    status, body = server.request("POST", f"/api/games/{table['game']}/hands",
                                  {"entries": [{"melded": 120}, {"melded": 50}]}, {"X-Table-PIN": table["pins"][0]})
    assert status == 201, body
    for side in (0, 1):
        status, body = server.request("POST", f"/api/games/{table['game']}/results",
                                      {"side": side, "totals": [150, 50]}, {"X-Table-PIN": table["pins"][side]})
        assert status == 200, body
    page.goto(f"/games/{table['game']}/confirm?side=0")
    expect(page.locator(".confirm-versions")).to_be_visible()


def cut(page) -> list[str]:
    """The page's elements whose content is wider than their box (cut, or spilling over the next)."""
    return page.evaluate("""[...document.querySelectorAll('main *')]
        .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
        .map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)""")


def broken_words(page, selector: str, longest: int = 11) -> list[str]:
    """The words of at most `longest` letters ("bestätigen", "entscheiden") in the elements that `selector` finds that
    are split across two lines: a line of the heading or the big button holds such a word whole."""
    return page.evaluate(r"""([selector, longest]) => {
        const broken = [];
        for (const el of document.querySelectorAll(selector)) {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const m of node.data.matchAll(/[\p{L}\p{N}.,−-]+/gu)) {
                    if (m[0].length > longest) continue;
                    const range = document.createRange();
                    range.setStart(node, m.index);
                    range.setEnd(node, m.index + m[0].length);
                    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                    if (tops.size > 1) broken.push(m[0]);
                }
            }
        }
        return broken;
    }""", [selector, longest])


def words_break_by_language(page) -> dict:
    """What decides where a long word breaks: the page's language and the hyphenation and wrapping of its words."""
    return page.evaluate("""() => {
        const style = e => e && getComputedStyle(e);
        const h1 = style(document.querySelector('#confirm h1'));
        const name = style(document.querySelector('.confirm-name'));
        return {lang: document.documentElement.lang, h1: [h1.hyphens, h1.overflowWrap],
                name: name ? [name.hyphens, name.overflowWrap] : null};
    }""")


STATES = {"hand-across": hand_across, "hand-across-wrong-pin": hand_across_wrong_pin, "accepted": accepted,
          "which-side": which_side, "side-form": side_form, "side-refused": side_refused,
          "sent-waiting": sent_and_waiting, "differ-player": differ_player, "differ-director": differ_director,
          "decided": decided, "big-totals": big_totals, "differ-from-hands": differ_from_hands,
          "director-one-side-sent": director_one_side_sent}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "it-IT"])
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
            assert cut(page) == [], percent
            # a word of up to eleven letters stays whole in the heading, the big button and a total
            assert broken_words(page, "#confirm h1, #confirm .button.big, .confirm-score") == [], percent
        # longer compounds ("Turnierleitung", "Donnerstagsturnier") break with the language's hyphens where the
        # phone knows them (this headless Chromium has no dictionaries: there, anywhere), never sideways
        breaking = words_break_by_language(page)
        assert breaking["lang"] == short and breaking["h1"] == ["auto", "anywhere"], breaking
        assert breaking["name"] in (None, ["auto", "anywhere"]), breaking
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            phone.shot(f"confirm-a11y-{state}-{short}-{scheme}-200")
        assert phone.console == []
    finally:
        phone.context.close()
