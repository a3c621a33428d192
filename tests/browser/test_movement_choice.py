"""The new-club-night form offers Modified Danish for pairs with its one line of help (issue 41), on a phone; the
night made with it names it on the director's page."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page

pytestmark = pytest.mark.browser


def test_the_form_offers_modified_danish_with_its_help_and_makes_the_night(chromium, server):
    phone = Page(chromium, server, PHONE)
    try:
        page = phone.page
        page.goto("/events/new")
        choice = page.get_by_label("Modified Danish", exact=True)
        expect(choice).to_have_attribute("aria-describedby", "movement-danish-modified-help")
        expect(page.locator("#movement-danish-modified-help")).to_have_text(
            "As Danish, by the standings, but two pairs who met in the last round do not meet again, except in the "
            "last round. Two at a table only.")
        page.get_by_label("Name of the night").fill("Venerdì")
        page.get_by_label("Classic Canasta", exact=True).check()
        page.get_by_label("Who plays").fill("Ann & Bob\nCy & Di\nEd & Flo\nGus & Hal")
        page.get_by_label("Rounds", exact=True).fill("3")
        choice.check()
        page.get_by_role("button", name="Create the club night").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Venerdì")
        expect(page.locator("p.lead")).to_contain_text("Modified Danish")
        phone.shot("new-event-modified-danish")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"]
        assert phone.console == []
    finally:
        phone.context.close()
