"""Pony on a tablet: three players alone, RULES.md §6's worked example, a failed meld, ending by hand."""
import pytest
from playwright.sync_api import expect

from tests.examples import PONY

from .table import (
    count_cards,
    enter,
    game_over,
    points,
    preview,
    record,
    side_card,
    side_score,
    start_game,
)

pytestmark = pytest.mark.browser

HAND = PONY.hands[0]  # RULES.md §6: 9,610 and 1,010


def test_three_players_alone_on_a_tablet(tablet):
    page = tablet.page
    start_game(page, "Pony Canasta", ["Pat", "Quin", "Ros"])
    expect(page.get_by_role("region", name="Scores")).to_contain_text("No dealer")

    # Quin laid down too little and could not mend it: the minimum rises by 10 for this hand
    page.get_by_role("button", name="Failed meld: +10 for Quin").click()
    expect(side_card(page, "Quin")).to_contain_text("Next meld 60")
    tablet.shot("tablet-pony-game")

    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_role("checkbox")).to_have_count(0)  # alone: nobody to ask whether they may go out
    enter(page, 0, HAND.entries[0])
    enter(page, 1, HAND.entries[1], skip=("melded",))
    count_cards(page, 1, "melded", jokers=2, twenties=10, tens=24)  # Quin counts the 540 card by card
    expect(page.locator("#count-entries-1-melded")).to_have_text(f"= {HAND.entries[1]['melded']} points")
    expect(preview(page, "Pat")).to_contain_text(points(HAND.totals[0], sign=True))
    expect(preview(page, "Pat")).to_contain_text(f"Red treys {HAND.entries[0]['red_treys']}")
    expect(preview(page, "Pat")).to_contain_text(
        f"…of them surprise wild 1 × {points(HAND.parts[0]['surprise_wild'])}")
    expect(preview(page, "Quin")).to_contain_text(points(HAND.totals[1], sign=True))
    tablet.shot("tablet-pony-hand-form")
    record(page, 1)

    expect(side_score(page, "Pat")).to_have_text(points(HAND.running[0]))
    expect(side_score(page, "Quin")).to_have_text(points(HAND.running[1]))
    expect(side_card(page, "Quin")).to_contain_text("Next meld 50")  # the next hand starts afresh

    page.get_by_text("End the game now…").click()
    page.get_by_role("button", name="Yes, end the game").click()
    expect(game_over(page)).to_contain_text(f"Pat wins by {points(HAND.running[0] - HAND.running[1])}")
    expect(game_over(page)).to_contain_text("The table ended the game.")
    tablet.shot("tablet-pony-game-over")
