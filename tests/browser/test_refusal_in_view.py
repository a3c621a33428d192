"""Issue 39 item 6: a number typed so that it could be read two ways ("1,010" on a German phone, "1.010" on an English
one) is said in view in every language: while typing, by the bar pinned at the bottom (a link to the reasons), and
after Record, by the refusal at the top of the form the page opens on."""
import pytest
from playwright.sync_api import expect

from .a11y import in_view, make_game
from .devices import PHONE, Page
from .table import answer_nobody

pytestmark = pytest.mark.browser

TWO_WAY = {"en-US": "1.010", "de-DE": "1,010", "es-ES": "1,010", "it-IT": "1,010", "pt-BR": "1,010"}


@pytest.mark.parametrize("locale", list(TWO_WAY))
def test_a_number_read_two_ways_is_said_in_view(chromium, server, locale):
    phone = Page(chromium, server, PHONE, locale=locale)
    page = phone.page
    page.goto(f"/games/{make_game(server, 'ponytail', hands=1)}/hands/new")
    with page.expect_response(lambda r: "/hands/preview" in r.url):
        page.locator("#entries-1-melded").fill(TWO_WAY[locale])  # the second side's box, far down the form
    bar = page.locator("#preview-bar .bar-refused a")
    expect(bar).to_be_visible()
    assert in_view(bar)
    bar.click()
    expect(page.locator("#preview-problems .check")).to_contain_text(TWO_WAY[locale])
    assert in_view(page.locator("#preview-problems .check h2"))
    answer_nobody(page)
    page.locator("#hand-form button.primary[type=submit]").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text(TWO_WAY[locale])
    assert in_view(summary)
    phone.shot(f"refusal-in-view-{locale}")
    phone.context.close()
