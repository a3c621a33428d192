"""A whole Ponytail game on a phone: RULES.md §6's worked example, a refusal, a correction, a deletion, game over."""
import re

import pytest
from playwright.sync_api import expect

from tests.examples import PONYTAIL

from .table import (
    choose,
    count_cards,
    enter,
    game_over,
    hand_in_history,
    open_hand,
    points,
    preview,
    record,
    side_score,
    start_game,
    type_points,
    value,
)

pytestmark = pytest.mark.browser

HAND_1, HAND_2 = PONYTAIL.hands  # RULES.md §6: Us 10,330 and Them 1,355, then 20,885 and 940
US, THEM = (side["name"] for side in PONYTAIL.sides)
GOING_OUT = 200


def enter_hand_1(page):
    """RULES.md §6 hand 1 as a phone enters it, Us not yet out (Them's 640 melded counted card by card)."""
    enter(page, 0, HAND_1.entries[0], skip=("went_out",))
    enter(page, 1, HAND_1.entries[1], skip=("melded",))
    count_cards(page, 1, "melded", jokers=4, twenties=1, tens=2)
    page.locator("#entries-1-melded-twenties").fill("21")  # quicker than 21 taps; typing works as well
    assert 4 * 50 + 21 * 20 + 2 * 10 == HAND_1.entries[1]["melded"]

def test_a_whole_game_on_a_phone(phone):
    page = phone.page
    game_url = start_game(page, "Ponytail Canasta", [(*side["players"], side["name"]) for side in PONYTAIL.sides],
                          target=20000)
    expect(page.get_by_role("region", name="Scores")).to_contain_text("Ann deals · Cy deals the ponies · Di cuts")
    phone.shot("phone-ponytail-game-start")

    page.get_by_role("link", name="Record hand 1").click()
    enter_hand_1(page)
    expect(page.locator("#count-entries-1-melded")).to_have_text(f"= {HAND_1.entries[1]['melded']} points")
    expect(preview(page, THEM)).to_contain_text(points(HAND_1.totals[1], sign=True))
    expect(preview(page, US)).to_contain_text(
        f"Natural sevens canastas 1 × {points(HAND_1.parts[0]['sevens_canastas'])}")

    # the preview follows every tap: Us is 10,130 before going out, 10,330 after
    expect(preview(page, US)).to_contain_text(points(HAND_1.totals[0] - GOING_OUT, sign=True))
    choose(page, "went_out", 1)  # wrong side: Them has no sevens or wild-card canasta
    expect(page.get_by_role("heading", name="Check before recording").locator("..")).to_contain_text(
        "Them cannot go out")
    phone.shot("phone-ponytail-hand-form")
    record(page, 1)

    expect(page.get_by_role("group", name="Who went out?")).to_have_accessible_description(
        re.compile("^Them cannot go out"))
    assert value(page, 0, "red_threes") == "3" and value(page, 0, "melded") == "1230"
    assert value(page, 1, "melded", "twenties") == "21" and value(page, 1, "in_hand") == "185"
    them = page.get_by_role("region", name="Them Cy & Di")
    melded = them.get_by_role("radiogroup", name="Melded points, Them, in points", exact=True)
    expect(melded.get_by_role("radio", name="Count cards")).to_be_checked()
    phone.shot("phone-ponytail-refused")

    choose(page, "went_out", 0)
    expect(preview(page, US)).to_contain_text(points(HAND_1.totals[0], sign=True))
    record(page, 1)
    expect(side_score(page, US)).to_have_text(points(HAND_1.running[0]))
    expect(side_score(page, THEM)).to_have_text(points(HAND_1.running[1]))
    assert page.url == game_url

    # a correction: Them had 285 in hand, not 185
    open_hand(page, 1)
    expect(hand_in_history(page, 1)).to_contain_text("Melded points 4 jokers × 50 + 21 twenties × 20 + 2 tens × 10")
    page.get_by_role("link", name="Correct hand 1").click()
    assert value(page, 0, "natural_canastas") == "1" and value(page, 1, "melded", "jokers") == "4"
    type_points(page, 1, "in_hand", 285)
    them_1 = HAND_1.totals[1] - 100  # 1,255
    expect(preview(page, THEM)).to_contain_text(points(them_1, sign=True))
    page.get_by_role("button", name="Save hand 1").click()
    expect(side_score(page, THEM)).to_have_text(points(them_1))

    # hand 2 (RULES.md §6) ends the game (Us passes 20,000) ...
    page.get_by_role("link", name="Record hand 2").click()
    enter(page, 0, HAND_2.entries[0])
    enter(page, 1, HAND_2.entries[1])
    expect(preview(page, THEM)).to_contain_text(points(HAND_2.totals[1]))
    record(page, 2)
    us = HAND_2.running[0]  # 20,885
    expect(game_over(page)).to_contain_text(f"Us win by {points(us - (them_1 + HAND_2.totals[1]))}")

    # ... deleting it (with confirmation) reopens the game and recomputes the totals
    open_hand(page, 2)
    page.get_by_text("Delete hand 2…").click()
    page.get_by_role("button", name="Yes, delete hand 2").click()
    expect(game_over(page)).to_have_count(0)
    expect(side_score(page, US)).to_have_text(points(HAND_1.running[0]))
    expect(page.get_by_role("link", name="Record hand 2")).to_be_visible()

    page.get_by_role("link", name="Record hand 2").click()
    enter(page, 0, HAND_2.entries[0])
    type_points(page, 1, "in_hand", 100)
    record(page, 2)
    over = game_over(page)
    expect(over).to_contain_text("Game over")
    expect(over).to_contain_text(f"Us win by {points(us - (them_1 - 100))}")  # 20,885 − 1,155
    expect(over).to_contain_text("Us reached 20,000.")
    expect(page.get_by_role("link", name="Print the score sheet")).to_have_attribute("href", re.compile(r"/games/\w+/sheet\.pdf$"))
    expect(page.get_by_role("link", name="Print a blank sheet")).to_have_attribute("href", re.compile(r"blank-sheet\.pdf\?hands=12$"))
    expect(page.get_by_role("link", name="Print the rules card")).to_have_attribute("href", "/variants/ponytail/card.pdf")
    phone.shot("phone-ponytail-game-over")

    page.get_by_role("link", name="New game, same players").click()
    expect(page.locator("#sides-0-players-0")).to_have_value("Ann")
    expect(page.locator("#sides-1-name")).to_have_value("Them")
    expect(page.get_by_label("Play to")).to_have_value("20000")

    page.goto("/")
    expect(page.get_by_role("region", name="Finished games")).to_contain_text(f"Us {points(us)}")
    phone.shot("phone-home")
