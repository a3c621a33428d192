"""A Burraco deal on an Italian phone at 360×640 (RULES.md §9, worked example hand 2): chips for the burracos,
the pozzetto's cards counted card by card, who closed chosen once, the live preview and the scores, all in
Italian, with nothing written for Burraco outside scoring/."""
import pytest
from playwright.sync_api import expect

from tests.examples import BURACO, BURRACO

from .devices import PHONE, Page
from .table import choose, count_cards, tap, type_points

pytestmark = pytest.mark.browser


@pytest.fixture
def italian_phone(chromium, server):
    opened = Page(chromium, server, PHONE, locale="it-IT")
    yield opened
    opened.context.close()
    assert opened.console == [], "the browser complained (CSP or a script error)"


def test_a_burraco_deal_in_italian_on_a_phone(italian_phone):
    page = italian_phone.page
    created = page.request.post("/api/games", data=BURRACO.game)
    assert created.status == 201
    game = created.json()
    page.goto(f"/games/{game['id']}")
    expect(page.locator(".hands-played")).to_have_text("Smazzata 1 di 3")
    expect(page.locator(".min-meld")).to_have_count(0)  # Burraco has no opening minimum: nothing said of one

    page.get_by_role("link", name="Registra smazzata 1").click()
    expect(page.get_by_role("heading", name="Smazzata 1 di 3")).to_be_visible()
    # RULES.md §9 lines 471–475: EW closed with 2 puliti, 410 melded, 15 in hand; NS 1 sporco, 205 melded, its
    # pozzetto taken and never played: 1 jolly, 1 asso, 7 dieci, 5 cinque in hand = 140
    tap(page, 0, "dirty_canastas")
    type_points(page, 0, "melded", 205)
    count_cards(page, 0, "in_hand", jokers=1, fifteens=1, tens=7, fives=5)
    # the card counter names the 20s the pinelle and the 15s the aces
    expect(page.locator('label[for="entries-0-in_hand-twenties"]')).to_contain_text("Pinelle")
    expect(page.locator('label[for="entries-0-in_hand-fifteens"]')).to_contain_text("Assi")
    expect(page.locator("#preview-side-0")).to_contain_text("+165")  # 100 + 205 − 140
    tap(page, 1, "natural_canastas", 2)
    type_points(page, 1, "melded", 410)
    type_points(page, 1, "in_hand", 15)
    # closing without the pozzetto: the preview says so in Italian before anything is sent
    page.locator('label[for="entries-1-kitty_not_taken"]').click()
    choose(page, "went_out", 1)
    expect(page.locator("#preview-problems")).to_contain_text("EW non può chiudere: per chiudere bisogna aver "
                                                              "preso il pozzetto")
    page.locator('label[for="entries-1-kitty_not_taken"]').click()
    expect(page.locator("#preview-side-1")).to_contain_text("+895")  # 400 + 100 + 410 − 15
    expect(page.get_by_role("group", name="Chi ha chiuso?")).to_be_visible()
    expect(page.get_by_text("Puliti").first).to_be_visible()
    italian_phone.shot("phone-burraco-it-hand-form")
    page.get_by_role("button", name="Registra smazzata 1").click()

    expect(page.get_by_label("Totale di NS")).to_have_text("165")
    expect(page.get_by_label("Totale di EW")).to_have_text("895")
    expect(page.locator(".hands-played")).to_have_text("Smazzata 2 di 3")
    italian_phone.shot("phone-burraco-it-scores")


@pytest.fixture
def brazilian_phone(chromium, server):
    opened = Page(chromium, server, PHONE, locale="pt-BR")
    yield opened
    opened.context.close()
    assert opened.console == [], "the browser complained (CSP or a script error)"


def test_a_buraco_hand_in_brazilian_portuguese_on_a_phone(brazilian_phone):
    """RULES.md §10 lines 584–588: A 990, B 105; B's batida without a limpa is refused first."""
    page = brazilian_phone.page
    game = page.request.post("/api/games", data=BURACO.game).json()
    page.goto(f"/games/{game['id']}/hands/new")
    tap(page, 0, "natural_canastas", 2)
    tap(page, 0, "dirty_canastas")
    type_points(page, 0, "melded", 420)
    type_points(page, 0, "in_hand", 30)
    tap(page, 1, "dirty_canastas")
    type_points(page, 1, "melded", 180)
    count_cards(page, 1, "in_hand", jokers=1, fifteens=1, tens=3, fives=2)
    page.locator('label[for="entries-1-kitty_not_taken"]').click()
    choose(page, "went_out", 1)  # B holds only a suja and never took its morto
    expect(page.locator("#preview-problems")).to_contain_text("EW não pode bater: a batida final exige ter pego "
                                                              "o morto")
    choose(page, "went_out", 0)
    expect(page.locator("#preview-side-0")).to_contain_text("+990")
    expect(page.locator("#preview-side-1")).to_contain_text("+105")
    brazilian_phone.shot("phone-buraco-pt-hand-form")
    page.get_by_role("button", name="Registrar mão 1").click()
    expect(page.get_by_label("Total de NS")).to_have_text("990")
    expect(page.locator(".min-meld")).to_have_count(0)
