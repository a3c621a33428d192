"""The new-game form without script: each button's plain form post (its formaction) does its job."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .devices import PHONE

pytestmark = pytest.mark.browser


def test_the_form_works_without_script(chromium, server):
    context = chromium.new_context(viewport=PHONE, base_url=server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/games/new/ponytail")
        page.get_by_role("group", name="Partnership 1").get_by_label("Player 1").fill("Ann")
        page.get_by_role("button", name="Add a partnership").click()
        expect(page.get_by_role("group", name="Partnership 3")).to_be_visible()
        expect(page.get_by_role("group", name="Partnership 1").get_by_label("Player 1")).to_have_value("Ann")
        page.get_by_role("button", name="Everyone alone").click()
        expect(page.get_by_role("button", name="Everyone alone")).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ann")
        page.get_by_label("Player 2", exact=True).fill("Cy")
        page.get_by_label("Player 3", exact=True).fill("Di")
        page.get_by_role("button", name="Start the game").click()
        expect(page.get_by_role("link", name="Record hand 1")).to_be_visible()

        page.goto("/games/new/five-person")
        for i, name in enumerate(["Asha", "Ben", "Cleo", "Dev", "Eve"]):
            page.get_by_label(f"Seat {i + 1}", exact=True).fill(name)
        page.get_by_role("button", name="Draw seats").click()
        expect(page.get_by_role("status").filter(has_text="Seats drawn at random")).to_be_visible()
        seated = sorted(page.get_by_label(f"Seat {i + 1}", exact=True).input_value() for i in range(5))
        assert seated == ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    finally:
        context.close()
