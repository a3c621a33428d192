"""A table's own rules by name on a phone (RULES.md §14, issue 34): three house rules set on the new-game form, saved
as "Our Thursday rules", chosen again on a fresh form next time, a game started with them, and the game's rules card
printing them under "House rules of this game" (read with pdfplumber, rendered with pdftoppm to look at)."""
import io
import re

import pdfplumber
import pytest
from playwright.sync_api import expect

from tests.sheet_helpers import render_png

pytestmark = pytest.mark.browser

RULES = {"natural_canasta_bonus": "600", "going_out_bonus": "300", "go_out_canastas": "1"}


def seat(page) -> None:
    for i, (a, b, name) in enumerate([("Ann", "Bob", "A"), ("Cy", "Di", "B")]):
        page.locator(f"#sides-{i}-players-0").fill(a)
        page.locator(f"#sides-{i}-players-1").fill(b)
        page.locator(f"#sides-{i}-name").fill(name)


def test_three_house_rules_saved_by_name_chosen_next_time_and_on_the_rules_card(phone):
    page = phone.page
    page.goto("/")
    page.get_by_role("link", name="Start a game").click()
    page.get_by_role("link", name="Samba").click()
    rules = page.locator("details.house-rules")
    expect(rules.locator("summary")).to_have_text("House rules (Samba defaults filled in)")
    rules.locator("summary").click()
    for key, typed in RULES.items():
        page.locator(f"#options-house_rules-{key}").fill(typed)
    page.get_by_label("Save these house rules as").fill("Our Thursday rules")
    page.get_by_role("button", name="Save as a new rule set").click()
    expect(page.get_by_text("House rules saved as “Our Thursday rules”.")).to_be_visible()

    # next time: a fresh form offers them by name; one tap fills them in
    page.goto("/games/new/samba")
    expect(page.locator("details.house-rules summary")).to_have_text("House rules (Samba defaults filled in)")
    page.locator("fieldset.rule-sets").get_by_role("button", name="Our Thursday rules").click()
    summary = page.locator("details.house-rules summary")
    expect(summary).to_have_text("House rules: 3 changes from the Samba defaults")
    changes = page.locator(".rule-changes li")
    expect(changes).to_have_count(3)
    expect(changes.nth(0)).to_contain_text("600 (usually 500)")
    for key, typed in RULES.items():
        expect(page.locator(f"#options-house_rules-{key}")).to_have_value(typed)
    seat(page)
    phone.shot("phone-rule-set-chosen")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("link", name=re.compile(r"^Record \w+ 1$"))).to_be_visible()
    game_id = page.url.rstrip("/").split("/")[-1]

    card = page.request.get(f"/games/{game_id}/card.pdf")
    assert card.ok and card.headers["content-type"] == "application/pdf"
    with pdfplumber.open(io.BytesIO(card.body())) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    said = text[text.index("House rules of this game"):]
    assert "600 (usually 500)" in said and "300 (usually 200)" in said and re.search(r"\b1 \(usually 2\)", said), said
    render_png(card.body(), "rules-card-our-thursday-rules")  # to look at: test-artifacts/
