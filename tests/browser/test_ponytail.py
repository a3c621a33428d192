"""A whole Ponytail game on a phone: RULES.md §6's worked example, a refusal, a correction, a deletion, game over."""
import re

import pytest
from playwright.sync_api import expect

from .table import choose, count_cards, record, side_score, start_game, tap, type_points, value

pytestmark = pytest.mark.browser


def enter_hand_1(page):
    """RULES.md §6 hand 1: Us 10,330, Them 1,355 (Them's 640 melded counted card by card)."""
    tap(page, 0, "natural_canastas")
    tap(page, 0, "dirty_canastas", 2)
    tap(page, 0, "sevens_canastas")
    tap(page, 0, "wild_canastas")
    tap(page, 0, "red_threes", 3)
    type_points(page, 0, "melded", 1230)
    tap(page, 1, "natural_canastas")
    tap(page, 1, "dirty_canastas")
    tap(page, 1, "red_threes", 2)
    tap(page, 1, "black_threes", 2)
    count_cards(page, 1, "melded", jokers=4, twenties=1, tens=2)
    page.locator("#entries-1-melded-twenties").fill("21")  # quicker than 21 taps; typing works as well
    type_points(page, 1, "in_hand", 185)
    choose(page, "cut_bonus", 1)



def us_go_out_as_in_worked_hand_2(page):
    """RULES.md §6, hand 2, side A: 2 natural, 1 dirty, 1 sevens, 1 wild, 1 red three, 1,455 melded, out."""
    for field, times in (("natural_canastas", 2), ("dirty_canastas", 1), ("sevens_canastas", 1),
                         ("wild_canastas", 1), ("red_threes", 1)):
        tap(page, 0, field, times)
    type_points(page, 0, "melded", 1455)
    choose(page, "went_out", 0)

def test_a_whole_game_on_a_phone(phone):
    page = phone.page
    game_url = start_game(page, "Ponytail Canasta", [("Ann", "Bob", "Us"), ("Cy", "Di", "Them")], target=20000)
    expect(page.locator(".dealing")).to_contain_text("Ann deals · Cy deals the ponies · Di cuts")
    phone.shot("phone-ponytail-game-start")

    page.get_by_role("link", name="Record hand 1").click()
    enter_hand_1(page)
    expect(page.locator("#count-entries-1-melded")).to_have_text("= 640 points")
    expect(page.locator("#preview-side-1")).to_contain_text("+1,355")
    expect(page.locator("#preview-side-0")).to_contain_text("Natural sevens canastas 1 × 5,000")

    # the preview follows every tap: Us is 10,130 before going out, 10,330 after
    expect(page.locator("#preview-side-0")).to_contain_text("+10,130")
    choose(page, "went_out", 1)  # wrong side: Them has no sevens or wild-card canasta
    expect(page.locator("#preview-problems")).to_contain_text("Them cannot go out")
    phone.shot("phone-ponytail-hand-form")
    record(page, 1)

    expect(page.locator("#went_out-error")).to_contain_text("Them cannot go out")
    assert value(page, 0, "red_threes") == "3" and value(page, 0, "melded") == "1230"
    assert value(page, 1, "melded", "twenties") == "21" and value(page, 1, "in_hand") == "185"
    expect(page.locator("#entries-1-melded-count")).to_be_checked()
    phone.shot("phone-ponytail-refused")

    choose(page, "went_out", 0)
    expect(page.locator("#preview-side-0")).to_contain_text("+10,330")
    record(page, 1)
    expect(side_score(page, "Us")).to_have_text("10,330")
    expect(side_score(page, "Them")).to_have_text("1,355")
    assert page.url == game_url

    # a correction: Them had 285 in hand, not 185
    page.locator(".hand summary").first.click()
    expect(page.locator(".hand-detail").first).to_contain_text("Melded points 4 jokers × 50 + 21 twenties × 20 + 2 tens × 10")
    page.get_by_role("link", name="Correct hand 1").click()
    assert value(page, 0, "natural_canastas") == "1" and value(page, 1, "melded", "jokers") == "4"
    type_points(page, 1, "in_hand", 285)
    expect(page.locator("#preview-side-1")).to_contain_text("+1,255")
    page.get_by_role("button", name="Save hand 1").click()
    expect(side_score(page, "Them")).to_have_text("1,255")

    # hand 2 ends the game (Us passes 20,000) ...
    page.get_by_role("link", name="Record hand 2").click()
    us_go_out_as_in_worked_hand_2(page)
    type_points(page, 1, "melded", 220)
    type_points(page, 1, "in_hand", 410)
    tap(page, 1, "black_threes")
    type_points(page, 1, "unpicked_pony", 125)
    expect(page.locator("#preview-side-1")).to_contain_text("−415")
    record(page, 2)
    expect(page.locator(".game-over")).to_contain_text("Us win by 20,045")

    # ... deleting it (with confirmation) reopens the game and recomputes the totals
    page.locator(".hand summary").first.click()
    page.get_by_text("Delete hand 2…").click()
    page.get_by_role("button", name="Yes, delete hand 2").click()
    expect(page.locator(".game-over")).to_have_count(0)
    expect(side_score(page, "Us")).to_have_text("10,330")
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()

    page.get_by_role("link", name="Record hand 2").click()
    us_go_out_as_in_worked_hand_2(page)
    type_points(page, 1, "in_hand", 100)
    record(page, 2)
    over = page.locator(".game-over")
    expect(over).to_contain_text("Game over")
    expect(over).to_contain_text("Us win by 19,730")
    expect(over).to_contain_text("Us reached 20,000.")
    expect(page.get_by_role("link", name="Print the score sheet")).to_have_attribute("href", re.compile(r"/games/\w+/sheet\.pdf$"))
    expect(page.get_by_role("link", name="Print a blank sheet")).to_have_attribute("href", re.compile(r"blank-sheet\.pdf\?hands=12$"))
    expect(page.get_by_role("link", name="Print the rules card")).to_have_attribute("href", "/variants/ponytail/card.pdf")
    phone.shot("phone-ponytail-game-over")

    page.get_by_role("link", name="New game, same players").click()
    expect(page.locator("#sides-0-players-0")).to_have_value("Ann")
    expect(page.locator("#sides-1-name")).to_have_value("Them")
    expect(page.locator("#options-target")).to_have_value("20000")

    page.goto("/")
    expect(page.locator(".game-card.finished")).to_contain_text("Us 20,885")
    phone.shot("phone-home")
