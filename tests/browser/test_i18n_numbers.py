"""A German-language phone at the table (issue 25 §4): "1.230" typed on the hand form is 1230, and the scores say
"1.230"; "1,5" is refused at its field, nothing recorded. Found by role-free locators (ids, classes), so the test
holds once the pages' words are translated."""
import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .table import answer_nobody

pytestmark = pytest.mark.browser


@pytest.fixture
def german_phone(chromium, server):
    """A phone whose browser asks for German (Accept-Language de-DE, de)."""
    opened = Page(chromium, server, PHONE)
    opened.context.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    yield opened
    opened.context.close()
    assert opened.console == [], "the browser complained (CSP or a script error)"


def new_game(page) -> str:
    """A Ponytail game for Us and Them, started through the API; its page's path."""
    answer = page.request.post("/api/games", data={
        "variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                         {"name": "Them", "players": ["Cy", "Di"]}]})
    assert answer.status == 201, answer.text()
    return f"/games/{answer.json()['id']}"


def test_a_german_phone_types_a_thousands_point_and_the_scores_say_it(german_phone):
    page = german_phone.page
    game = new_game(page)
    page.goto(f"{game}/hands/new")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("#entries-0-melded").fill("1.230")
    page.locator("#entries-1-melded").fill("640")
    answer_nobody(page)
    page.locator("#hand-form button.primary[type=submit]").click()
    expect(page.locator("p.score").first).to_have_text("1.230")
    expect(page.locator("p.score").nth(1)).to_have_text("640")
    german_phone.shot("phone-de-hand-1230")
    hands = page.request.get(f"/api{game}").json()["hands"]
    assert [h["entries"][0]["melded"] for h in hands] == [1230]


def test_a_german_phone_is_told_at_the_field_that_1_5_is_no_score(german_phone):
    page = german_phone.page
    game = new_game(page)
    page.goto(f"{game}/hands/new")
    page.locator("#entries-0-melded").fill("1,5")
    page.locator("#entries-1-melded").fill("640")
    answer_nobody(page)
    page.locator("#hand-form button.primary[type=submit]").click()
    error = page.locator("#entries-0-melded-error")
    expect(error).to_contain_text("1,5")
    expect(error).to_contain_text("10.330")  # the example is written the German way, in the German message
    expect(page.locator("#entries-0-melded")).to_have_value("1,5")
    expect(page.locator("#entries-0-melded")).to_have_attribute("aria-invalid", "true")
    german_phone.shot("phone-de-hand-1-5-refused")
    assert page.request.get(f"/api{game}").json()["hands"] == []
