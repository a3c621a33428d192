"""The hand form laid out on a 360 px phone: headings inside their boxes, compact mode switches, nothing off the side."""
import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS

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
    assert all(b["height"] >= 48 for b in labels), "touch targets of at least 48 px"
    assert box(switch)["height"] < 48 * 1.6  # one row, not two
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
    # every stepper's buttons line up, whatever the length of the label beside them
    rights = page.evaluate("[...document.querySelectorAll('.side-panel > .entry > .stepper')].map(s => Math.round(s.getBoundingClientRect().width))")
    assert len(set(rights)) == 1

