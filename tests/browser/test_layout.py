"""The hand form laid out on a 360 px phone: headings inside their boxes, counts as chips, compact mode switches,
Record always in reach, nothing off the side (also at 200% text)."""
import re

import pytest
from playwright.sync_api import expect

from .devices import SCREENSHOTS

pytestmark = pytest.mark.browser

GAMES = {
    "ponytail": {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                  {"name": "Them", "players": ["Cy", "Di"]}]},
    "pony": {"variant": "pony", "sides": [{"name": n, "players": [n]} for n in ("Pat", "Quin", "Ros")]},
    "five-person": {"variant": "five-person",
                    "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]},
}


def box(locator) -> dict:
    return locator.bounding_box()


def open_hand_form(page, server, variant: str) -> str:
    status, game = server.request("POST", "/api/games", GAMES[variant])
    assert status == 201
    page.goto(f"/games/{game['id']}/hands/new")
    return game["id"]


def test_who_went_out_headings_sit_inside_their_boxes(phone, server):
    page = phone.page
    open_hand_form(page, server, "ponytail")
    for fieldset in page.locator("fieldset.once").all():
        legend, first_choice = fieldset.locator("legend"), fieldset.locator(".chip").first
        outer, heading, choice = box(fieldset), box(legend), box(first_choice)
        # below the box's top border (a legend on the border has the same top as its fieldset) ...
        assert heading["y"] >= outer["y"] + 8, legend.inner_text()
        # ... inside it left and right, and above the choices
        assert outer["x"] < heading["x"] and heading["x"] + heading["width"] < outer["x"] + outer["width"]
        assert heading["y"] + heading["height"] <= choice["y"]
    expect(page.locator("fieldset.once legend").nth(1)).to_have_text("Who earned the cut bonus?")
    page.locator("fieldset.once").nth(1).scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-hand-legends.png"), caret="initial")  # the viewport only


def test_points_mode_is_one_compact_switch_that_the_keyboard_works(phone, server):
    page = phone.page
    open_hand_form(page, server, "ponytail")
    switch = page.get_by_role("radiogroup", name="Melded points").first
    typed, counted = switch.get_by_role("radio", name="Type points"), switch.get_by_role("radio", name="Count cards")
    expect(typed).to_be_checked()
    labels = [box(page.locator('label[for="entries-0-melded-typed"]')), box(page.locator('label[for="entries-0-melded-count"]'))]
    assert labels[0]["y"] == labels[1]["y"], "both choices on one line"
    assert all(b["height"] >= 44 and b["width"] >= 44 for b in labels), "touch targets of at least 44 px"
    assert box(switch)["height"] < 48 * 1.6  # one row, not two
    points = box(page.locator("#entries-0-melded"))
    assert points["y"] < labels[0]["y"] + labels[0]["height"], "the points box on the same row as the switch"
    typed.focus()
    page.keyboard.press("ArrowRight")
    expect(counted).to_be_checked()
    expect(page.locator("#entries-0-melded-jokers")).to_be_visible()
    expect(page.locator("#entries-0-melded")).to_be_hidden()
    page.keyboard.press("ArrowLeft")
    expect(typed).to_be_checked()
    expect(page.locator("#entries-0-melded")).to_be_visible()


@pytest.mark.parametrize("variant", list(GAMES))
def test_nothing_runs_off_a_side_panel_at_360(phone, server, variant):
    page = phone.page
    open_hand_form(page, server, variant)
    for label in page.locator('label[for$="-count"]').all():
        label.click()  # every card counter open: the widest the form gets
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    overflowing = page.evaluate("""() => [...document.querySelectorAll('.side-panel')].flatMap(panel => {
        const edge = panel.getBoundingClientRect().right;
        return [...panel.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge + 0.5)
          .map(e => e.id || e.className || e.tagName);
    })""")
    assert overflowing == []
    # every card counter's buttons line up, whatever the length of the label beside them
    rights = page.evaluate("[...document.querySelectorAll('.card-count > .stepper')].map(s => Math.round(s.getBoundingClientRect().right))")
    assert rights and len(set(rights)) == 1
    # and every count's chips too
    chips = page.evaluate("[...document.querySelectorAll('.count-chips')].map(s => Math.round(s.getBoundingClientRect().right))")
    assert chips and len(set(chips)) == 1


def test_a_count_is_one_tap_on_a_named_group_of_big_chips(phone, server):
    page = phone.page
    open_hand_form(page, server, "ponytail")
    group = page.get_by_role("group", name="Natural canastas, Them")
    expect(group.get_by_role("radio", name="0")).to_be_checked()  # nothing to tap when there is none
    for chip in group.locator("label.chip").all():
        size = box(chip)
        assert size["width"] >= 44 and size["height"] >= 44, chip.inner_text()
    legend, first = box(group.locator("legend")), box(group.locator("label.chip").first)
    assert legend["x"] + legend["width"] <= first["x"] + 1 and legend["y"] < first["y"] + first["height"], \
        "the name beside its chips, on the same row"
    group.get_by_text("2", exact=True).click()
    expect(group.get_by_role("radio", name="2")).to_be_checked()
    expect(page.locator("#preview-side-1")).to_contain_text("+1,000")  # no melded points yet: the bar says it
    # cannot be recorded so, the side's own score shows what the canastas make
    # 5+ opens a box with the cursor in it; the number typed counts
    expect(page.locator("#entries-1-natural_canastas")).to_be_hidden()
    group.locator("label", has_text="5+").click()
    expect(page.locator("#entries-1-natural_canastas")).to_be_focused()
    page.keyboard.type("6")
    expect(page.locator("#preview-side-1")).to_contain_text("+3,000")
    expect(page.locator("#entries-1-natural_canastas")).to_be_visible()


@pytest.mark.parametrize("variant", list(GAMES))
def test_record_stays_in_reach_while_the_form_scrolls(phone, server, variant):
    page = phone.page
    open_hand_form(page, server, variant)
    phone.shot(f"phone-hand-form-{variant}")
    page.screenshot(path=str(SCREENSHOTS / f"phone-hand-form-{variant}-viewport.png"), caret="initial")
    record = page.get_by_role("button", name=re.compile(r"^Record \w+ 1$"))  # hand, or Five-person's deal
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 640, "the form is taller than one screen, so this checks something"
    for y in range(0, height, 160):
        page.evaluate(f"window.scrollTo(0, {y})")
        place = page.evaluate("() => { const r = document.querySelector('#hand-form button[type=submit]').getBoundingClientRect();"
                              " return [r.top, r.bottom]; }")
        assert 0 <= place[0] and place[1] <= 640, f"Record off screen at scroll {y}: {place}"
        expect(record).to_be_visible()
    # the button is on top: a tap at its middle reaches it
    middle = page.evaluate("() => { const r = document.querySelector('#hand-form button[type=submit]').getBoundingClientRect();"
                           " const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
                           " return !!e.closest('button[type=submit]'); }")
    assert middle


def test_the_form_works_at_200_percent_text(phone, server):
    page = phone.page
    open_hand_form(page, server, "ponytail")
    page.evaluate("document.documentElement.style.fontSize = '225%'")  # twice the page's own 112.5 %
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for chip in page.get_by_role("group", name="Red threes, Us").locator("label.chip").all():
        assert box(chip)["width"] >= 44 and box(chip)["height"] >= 44
    page.get_by_role("group", name="Red threes, Us").locator("label", has_text="3").click()
    expect(page.locator("#preview-bar")).to_contain_text("+300")
    phone.shot("phone-hand-form-200-percent")



def test_groups_points_and_card_counters_are_named_as_read_out(phone, server):
    """Chromium reads a hidden ', Us' inside a label as a block ('Melded points , Us'); the names are exact."""
    page = phone.page
    open_hand_form(page, server, "ponytail")
    us = page.get_by_role("region", name="Us Ann & Bob")
    for heading, shown in (("Canastas", 1), ("Threes", 0), ("Cards", 0)):
        group = us.get_by_role("group", name=f"{heading}, Us", exact=True)
        # a heading is drawn only over short names it completes ("Natural" under "Canastas"); "Red threes" and
        # "Melded points" say it all, so their groups are named for a screen reader only
        expect(group.get_by_role("heading", name=heading, exact=True, level=3)).to_have_count(shown)
    cards = us.get_by_role("group", name="Cards, Us", exact=True)
    expect(cards.get_by_role("textbox", name="Melded points, Us, in points", exact=True)).to_have_attribute("name", "entries[0].melded")
    melded = cards.get_by_role("radiogroup", name="Melded points, Us, in points", exact=True)
    melded.locator("label", has_text="Count").click()
    twenties = us.get_by_label("Twenties (20 points each), Melded points, Us", exact=True)
    expect(twenties).to_have_attribute("name", "entries[0].melded.twenties")
    twenties.fill("2")
    expect(us.locator(".counted").first).to_contain_text("40")


def test_the_next_meld_with_its_condition_takes_two_lines_at_most_at_360(phone, server):
    """Issue 39, walk L12: "125, with a clean triple" in a side's card of two at 360 px, never a word a line."""
    status, game = server.request("POST", "/api/games", {"variant": "american", "sides": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]})
    assert status == 201, game
    page = phone.page
    page.goto(f"/games/{game['id']}")
    said = page.locator(".min-meld strong.said")
    expect(said.first).to_have_text("125, with a clean triple")
    for box in said.all():
        lines = box.evaluate("e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
        assert lines < 2.5, lines


def test_the_special_hands_row_says_how_many_it_holds_and_that_it_scrolls(phone, server):
    """Issue 39, walk L10: the row of eleven special hands shows three at 360 px; its question says how many and that
    the row is swiped for the rest, each hand still one tap."""
    status, game = server.request("POST", "/api/games", {"variant": "american", "sides": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]})
    assert status == 201, game
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    row = page.locator(".choice-field.at-once").first
    expect(row.locator(".strip-count")).to_have_text("11, swipe ›")
    assert row.locator(".chips.strip").evaluate("e => e.scrollWidth > e.clientWidth")  # it does scroll
    assert row.get_by_role("button").count() == 11
