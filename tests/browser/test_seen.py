"""Issue 31, items 1 and 2: a refused or unclear entry is seen. A refused hand, or a number typed the other language's
way, brings the form back with a summary at its top that has the focus, is read out and leads to each refused field;
the field being typed in, its message, and the game page's "… plays first" never sit under the pinned bar.
With and without script, on a 360 x 640 phone."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring import VARIANTS as REGISTERED

from .a11y import VARIANTS, make_game as make_seated_game
from .devices import PHONE, Page
from .table import answer_nobody, input_id

pytestmark = pytest.mark.browser

CLASSIC = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                           {"name": "Them", "players": ["Cy", "Di"]}]}
# Classic's two decks hold 1,180 card points (RULES.md §7): 900 melded and 400 in hand is refused at the in-hand box
DECKS = "All sides together recorded 1,300 card points, but 2 decks hold only 1,180."


@pytest.fixture
def phone_with(chromium, server):
    """A phone with its own settings: `locale` (its Accept-Language), `java_script_enabled`."""
    opened = []

    def open_phone(**options) -> Page:
        opened.append(Page(chromium, server, PHONE, **options))
        return opened[-1]

    yield open_phone
    for phone in opened:
        phone.context.close()
    assert [p.console for p in opened] == [[] for _ in opened], "the browser complained (CSP or a script error)"


def make_game(server) -> str:
    """A Classic game of two partnerships, no hand recorded yet."""
    status, game = server.request("POST", "/api/games", CLASSIC)
    assert status == 201, game
    return game["id"]


def uncovered(locator) -> bool:
    """Wholly on the screen and drawn on top: no pinned bar (nor anything else) over any corner or its middle."""
    return locator.evaluate("""e => { const r = e.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
        const d = Math.min(10, r.width / 4, r.height / 4);  // inside a rounded corner
        const points = [[r.left + d, r.top + d], [r.right - d, r.top + d], [r.left + d, r.bottom - d],
                        [r.right - d, r.bottom - d], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
        return points.every(([x, y]) => { const hit = document.elementFromPoint(x, y);
                                          return hit && (e === hit || e.contains(hit)); }); }""")


def focused_id(page) -> str:
    return page.evaluate("document.activeElement.id")


def refuse_a_hand(page, server, fill: dict[str, str]) -> None:
    """Type `fill` (input id → text) on a new Classic hand and tap Record: the form comes back refused."""
    page.goto(f"/games/{make_game(server)}/hands/new")
    for box, text in fill.items():
        page.locator(f"#{box}").fill(text)
    answer_nobody(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/hands/new" in r.url) as answer:
        page.locator(".submit-bar button[type=submit]").click()  # Record, in the phone's language
    assert answer.value.status == 422


def check_summary_leads_to(page, box: str, message: str, script: bool) -> None:
    """The summary has the focus, on the first screen, read out; its link brings `box` on the screen, above the
    pinned bar, with its message, which describes it; with script the focus goes into the box too (a link to a
    part of the page moves no focus by itself)."""
    summary = page.locator("#error-summary")
    expect(summary).to_have_attribute("role", "alert")
    expect(summary).to_be_focused()
    assert uncovered(summary)
    link = summary.get_by_role("link", name=re.compile(re.escape(message)))
    link.click()
    field = page.locator(f"#{box}")
    expect(page.locator(f"#{box}-entry")).to_be_in_viewport()
    assert (focused_id(page) == box) == script
    expect(field).to_have_attribute("aria-invalid", "true")
    error = page.locator(f"#{box}-entry .field-error").filter(has_text=message)
    assert error.get_attribute("id") in field.get_attribute("aria-describedby").split()
    assert uncovered(field) and uncovered(error)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_refused_hand_is_seen_at_its_field(phone_with, server, script):
    phone = phone_with(java_script_enabled=script)
    page = phone.page
    refuse_a_hand(page, server, {input_id(0, "melded"): "900", input_id(0, "in_hand"): "400"})
    check_summary_leads_to(page, input_id(0, "in_hand"), DECKS, script)
    expect(page.locator(f"#{input_id(0, 'in_hand')}")).to_have_value("400")  # what was typed is kept
    phone.shot(f"seen-refused-{'script' if script else 'no-script'}")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_number_typed_the_other_way_is_seen_on_a_german_phone(phone_with, server, script):
    phone = phone_with(locale="de-DE", java_script_enabled=script)
    page = phone.page
    refuse_a_hand(page, server, {input_id(1, "in_hand"): "1,010"})
    check_summary_leads_to(page, input_id(1, "in_hand"), "„1,010“", script)
    phone.shot(f"seen-german-number-{'script' if script else 'no-script'}")


KEYBOARD = {"width": 360, "height": 340}  # a 360 x 640 phone with its keyboard open


def test_the_field_typed_in_never_sits_under_the_pinned_bar(phone_with, server):
    """Each box of the hand form, tapped with the page at its top: once the keyboard opens, the box and its label are
    above the pinned totals and Record (Chromium itself keeps a box in the layout, not clear of a pinned bar)."""
    page = phone_with().page
    page.goto(f"/games/{make_game(server)}/hands/new")
    page.locator(f"#{input_id(0, 'melded')}").fill("150")
    expect(page.locator("#preview-bar")).to_contain_text("+150")
    boxes = page.locator("#hand-form :is(input.points-input, input[type=checkbox]):visible")
    assert boxes.count() == 6  # melded, in hand, went out concealed: a side (the penalty or award folded away)
    for k in range(boxes.count()):
        page.set_viewport_size(PHONE)
        page.evaluate("window.scrollTo(0, 0)")
        box = boxes.nth(k)
        box.focus()
        page.set_viewport_size(KEYBOARD)
        expect(box).to_be_focused()
        page.wait_for_function("innerHeight === 340")
        page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")  # resized
        label = page.locator(f"label[for={box.get_attribute('id')}]").first
        assert uncovered(box) and uncovered(label), f"{box.get_attribute('id')} under the pinned bar"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_short_help_shows_on_a_phone_and_the_card_counter_names_its_cards(phone_with, server, variant):
    """Item 4: under 40rem every help line was hidden ("Exact pick-ups", "Unplayed foot" went unexplained), and the
    card counter said "Twenties" without saying which cards those are."""
    page = phone_with().page
    page.goto(f"/games/{make_seated_game(server, variant, hands=1)}/hands/new")
    # every folded part open (Modern American's special hand and rare penalties)
    page.evaluate("document.querySelectorAll('#hand-form details').forEach(fold => { fold.open = true; })")
    for count in page.locator(".mode label[for$=-count]").all():
        count.click()  # every card counter open
    helps = page.locator("#hand-form .help")
    # each help is said once, under the first side showing its field (the others point to it): every field this
    # table plays (not one its house rules switched off, nor a partnership's flag at sides of one) has its help
    drawn = [f for f in REGISTERED[variant].fields if f.help and page.locator(
        f'#hand-form [name$=".{f.name}"], #hand-form [name$=".{f.name}:chip"], #hand-form [name="{f.name}"]').count()]
    assert drawn and helps.count() >= len(drawn), "a field's help is not drawn"
    for help_line in helps.all():
        expect(help_line).to_be_visible()
    names = page.locator(".card-count .card-names")
    for card, cards in REGISTERED[variant].card_names.items():
        points = f"{REGISTERED[variant].card_values[card]:,}"
        expect(names.filter(has_text=f"{cards} · {points}").first).to_be_visible()
