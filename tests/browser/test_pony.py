"""Pony on a tablet: three players alone, RULES.md §6's worked example, a failed meld, ending by hand."""
import pytest
from playwright.sync_api import expect

from .table import choose, count_cards, record, side_score, start_game, tap, type_points

pytestmark = pytest.mark.browser


def test_three_players_alone_on_a_tablet(tablet):
    page = tablet.page
    start_game(page, "Pony Canasta", ["Pat", "Quin", "Ros"])
    expect(page.locator(".dealing")).to_contain_text("No dealer")

    # Quin laid down too little and could not mend it: the minimum rises by 10 for this hand
    page.get_by_role("button", name="Failed meld: +10 for Quin").click()
    expect(page.locator(".side-card").nth(1).locator(".min-meld")).to_contain_text("60")
    tablet.shot("tablet-pony-game")

    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("#entries-0-failed_going_out")).to_have_count(0)  # alone: nobody to ask
    for field, times in (("wild_canastas", 1), ("surprise_wild", 1), ("sevens_canastas", 1),
                         ("natural_canastas", 2), ("black_canastas", 1), ("red_treys", 5)):
        tap(page, 0, field, times)
    type_points(page, 0, "melded", 1610)
    choose(page, "went_out", 0)
    tap(page, 1, "natural_canastas")
    tap(page, 1, "red_treys", 3)
    tap(page, 1, "black_treys")
    count_cards(page, 1, "melded", jokers=2, twenties=10, tens=24)
    expect(page.locator("#count-entries-1-melded")).to_have_text("= 540 points")
    type_points(page, 1, "in_hand", 230)
    expect(page.locator("#preview-side-0")).to_contain_text("+9,610")
    expect(page.locator("#preview-side-0")).to_contain_text("Red treys 5")
    expect(page.locator("#preview-side-0")).to_contain_text("…of them surprise wild 1 × 500")
    expect(page.locator("#preview-side-1")).to_contain_text("+1,010")
    tablet.shot("tablet-pony-hand-form")
    record(page, 1)

    expect(side_score(page, "Pat")).to_have_text("9,610")
    expect(side_score(page, "Quin")).to_have_text("1,010")
    expect(page.locator(".side-card").nth(1).locator(".min-meld")).to_contain_text("50")  # the next hand starts afresh

    page.get_by_text("End the game now…").click()
    page.get_by_role("button", name="Yes, end the game").click()
    expect(page.locator(".game-over")).to_contain_text("Pat wins by 8,600")
    expect(page.locator(".game-over")).to_contain_text("The table ended the game.")
    tablet.shot("tablet-pony-game-over")
