"""A Classic Canasta hand on a phone (RULES.md §7): the worked example through the form, its live preview and a
refusal, with nothing written for Classic outside scoring/."""
import pytest
from playwright.sync_api import expect

from .table import choose, record, side_score, start_game, tap, type_points

pytestmark = pytest.mark.browser


def test_the_worked_example_on_a_phone(phone):
    page = phone.page
    start_game(page, "Classic Canasta", [("Ann", "Bob", "A"), ("Cy", "Di", "B")])
    expect(page.locator(".dealing")).to_contain_text("Ann deals")

    page.get_by_role("link", name="Record hand 1").click()
    tap(page, 0, "natural_canastas")
    type_points(page, 0, "melded", 140)
    page.locator('label[for="entries-0-concealed"]').click()
    # concealed needs Went out: the preview says so before anything is sent
    expect(page.locator("#preview-problems")).to_contain_text("not as going out")
    choose(page, "went_out", 0)
    expect(page.locator("#preview-side-0")).to_contain_text("+840")  # 500 + 200 + 140
    tap(page, 1, "red_threes", 2)
    type_points(page, 1, "in_hand", 15)
    expect(page.locator("#preview-side-1")).to_contain_text("−215")  # melded nothing: red 3s count against B
    phone.shot("phone-classic-hand-form")
    record(page, 1)

    expect(side_score(page, "A")).to_have_text("840")
    expect(side_score(page, "B")).to_have_text("−215")
    expect(page.locator(".dealing")).to_contain_text("Cy deals")
