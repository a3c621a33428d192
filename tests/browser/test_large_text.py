"""Issue 23, finding 7: a 360 x 640 phone with text at 150% and 200%. The part pinned to the bottom of the game
page and of the hand form (Record, and the totals while they fit) takes at most a quarter of the screen, Record
stays in reach as the page scrolls, and no number is drawn broken over two lines ("+9,7" over "00")."""
import re

import pytest
from playwright.sync_api import expect

from .a11y import enlarge_text
from .layout import QUARTER, broken_numbers, check_pinned_part, pinned_heights
from .table import tap, type_points
from .words import split_words

pytestmark = pytest.mark.browser

TWO = {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                         {"name": "Them", "players": ["Cy", "Di"]}]}
# Five-person scores run in hundreds; a table's own bonus for a pure super canasta makes five-digit totals
FIVE = {"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")],
        "options": {"target": 50000, "house_rules": {"pure_super_canasta": 4700}}}
GAMES = {"2-sides": TWO, "5-players": FIVE}
RECORD_2 = re.compile(r"^Record \w+ 2$")  # "Record hand 2"; Five-person plays deals
# a recorded hand that makes five-digit totals ...
HANDS = {"2-sides": {"entries": [{"sevens_canastas": 2, "melded": 1230}, {"sevens_canastas": 1, "melded": 985}]},
         "5-players": {"entries": [{"pure_super_canastas": 1, "melded": 150}] * 5}}
# ... and the counts tapped and points typed on the form so that every side's hand shows "+9,700":
# 5,000 + 2,500 + 2 x 500 + 1,200; Five-person: (4,700 + 150) for the seat and as much for its partner
TYPED = {"2-sides": [{"sevens_canastas": 1, "wild_canastas": 1, "natural_canastas": 2, "melded": 1200}] * 2,
         "5-players": [{"pure_super_canastas": 1, "melded": 150}] * 5}


def make_game(server, kind: str) -> str:
    status, game = server.request("POST", "/api/games", GAMES[kind])
    assert status == 201, game
    status, body = server.request("POST", f"/api/games/{game['id']}/hands", HANDS[kind])
    assert status == 201, body
    return game["id"]


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("percent", [150, 200])
def test_the_game_page_pins_little_and_breaks_no_number(phone, server, kind, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server, kind)}")
    enlarge_text(page, percent)
    check_pinned_part(page, page.get_by_role("link", name=RECORD_2), whole_page=False)
    page.locator(".history .hand > summary").first.click()  # the hand's breakdown: more numbers
    expect(page.get_by_role("link", name=re.compile(r"^Correct \w+ 1$"))).to_be_visible()
    assert broken_numbers(page) == []
    phone.shot(f"large-text-game-{kind}-{percent}")


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("percent", [150, 200])
def test_the_hand_form_pins_little_and_breaks_no_number(phone, server, kind, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server, kind)}/hands/new")
    enlarge_text(page, percent)
    for side, entry in enumerate(TYPED[kind]):
        for field, value in entry.items():
            if field == "melded":
                type_points(page, side, field, value)
            else:
                tap(page, side, field, value)
    expect(page.locator("#preview-bar li")).to_have_text([re.compile(r"\+9,700 · ")] * len(TYPED[kind]))
    page.locator(".side-preview summary").first.click()  # how it adds up: more numbers
    check_pinned_part(page, page.get_by_role("button", name=RECORD_2), whole_page=True)
    assert broken_numbers(page) == []
    phone.shot(f"large-text-hand-{kind}-{percent}")


@pytest.mark.parametrize("path", ["/games/{}", "/games/{}/hands/new"])
def test_the_out_of_touch_and_not_sent_notes_scroll_with_the_page_at_200_percent(phone, server, path):
    page = phone.page
    page.goto(path.format(make_game(server, "2-sides")))
    enlarge_text(page, 200)
    # both notes at once, as a phone that lost the Wi-Fi with a hand still to send shows them
    page.evaluate("""() => { for (const e of document.querySelectorAll('.out-of-touch-bar, .send-status')) {
        e.hidden = false; e.insertAdjacentText('afterbegin', 'Out of touch with the table since 21:04. '.repeat(3)); } }""")
    assert page.locator(".out-of-touch-bar, .send-status").count() == 2
    heights = pinned_heights(page)
    assert heights and sum(heights) <= QUARTER, heights


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_table_display_and_a_finished_game_break_no_number_at_200_percent(phone, server, kind):
    page = phone.page
    game_id = make_game(server, kind)
    page.goto(f"/games/{game_id}/table")
    enlarge_text(page, 200)
    assert broken_numbers(page) == []
    assert server.request("POST", f"/api/games/{game_id}/end", {})[0] == 200
    page.goto(f"/games/{game_id}")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    enlarge_text(page, 200)
    assert broken_numbers(page) == []
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
    phone.shot(f"large-text-over-{kind}-200")


@pytest.mark.parametrize("locale", ["en-US", "es-ES", "de-DE"])
@pytest.mark.parametrize("percent", [150, 200])
def test_five_persons_drawn_seats_fit_the_phone_with_every_word_whole(chromium, server, locale, percent):
    """Issue 39, finding 5: "Draw seats" on Five-person's form, its seats, partners and rentraps table 411 px wide on
    a 360 px phone at 150% text; narrowed, its words broke inside ("Se/at", "Play/er")."""
    from .devices import PHONE, Page
    phone = Page(chromium, server, PHONE, locale=locale)
    try:
        page = phone.page
        page.goto("/games/new/five-person")
        for i, name in enumerate(["Alexandra", "Bartholomew", "Cleo", "Dev", "Evangeline"]):
            page.locator(f'[name="sides[{i}].players[0]"]').fill(name)
        page.locator('button[formaction$="/seats"]').click()
        expect(page.locator("#new-game .notice[role=status]")).to_be_visible()
        enlarge_text(page, percent)
        table = page.locator("table.partners")
        assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth"), "the page scrolls sideways"
        assert table.evaluate("t => t.getBoundingClientRect().right <= innerWidth")
        assert split_words(page, "table.partners") == []
        # each seat still says its partner and rentrap, with their heads beside them
        said = table.locator("tbody tr").first.locator("td").evaluate_all(
            "tds => tds.map(td => getComputedStyle(td, '::before').content + td.textContent)")
        assert len(said) == 3 and all(s.startswith('"') for s in said), said
        table.scroll_into_view_if_needed()
        phone.shot(f"large-text-five-seats-{locale}-{percent}")
    finally:
        phone.context.close()
    assert phone.console == []
