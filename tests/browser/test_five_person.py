"""Five-person on a phone: draw seats, partners and rentraps, a deal counted with fifteens, re-seat."""
import pytest
from playwright.sync_api import expect

from .table import (
    choose,
    count_cards,
    game_over,
    preview,
    record,
    side_score,
    tap,
    type_points,
)

pytestmark = pytest.mark.browser

NAMES = ["Asha", "Ben", "Cleo", "Dev", "Eve"]


def test_draw_seats_play_a_deal_and_reseat(phone):
    page = phone.page
    page.goto("/games/new/five-person")
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Seat {i + 1}", exact=True).fill(name)
    seats = page.get_by_role("table", name="Seats, partners and rentraps").get_by_role("row")
    expect(seats.nth(1)).to_contain_text("Asha")
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_role("status").filter(has_text="Seats drawn at random")).to_be_visible()
    seated = [page.get_by_label(f"Seat {i + 1}", exact=True).input_value() for i in range(5)]
    assert sorted(seated) == sorted(NAMES)
    # each seat's partner is two seats on, the rentrap two seats back
    expect(seats.nth(1)).to_contain_text(f"{seated[0]}{seated[2]}{seated[3]}")
    page.get_by_label("Play to").fill("500")
    phone.shot("phone-five-person-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("table", name="Partners this game")).to_contain_text(f"{seated[1]}{seated[3]}{seated[4]}")

    page.get_by_role("link", name="Record deal 1").click()  # Five-person plays deals (RULES.md §3)
    tap(page, 0, "pure_canastas")
    tap(page, 0, "kitties")
    count_cards(page, 0, "melded", fifteens=4, tens=10, fives=2)
    expect(page.locator("#count-entries-0-melded")).to_have_text("= 170 points")
    choose(page, "finished", 0)
    type_points(page, 2, "melded", 380)
    type_points(page, 2, "in_hand", 30)
    type_points(page, 3, "in_hand", 40)
    # seat 0's own score: 170 + 100 + 50 + 50 = 370; partner (seat 2) 350; deal score 720
    expect(preview(page, seated[0])).to_contain_text("+720")
    expect(preview(page, seated[0])).to_contain_text(f"Partner's share {seated[2]}'s own score")
    expect(preview(page, seated[3])).to_contain_text("+330")  # own −40, partner seat 0: 370
    phone.shot("phone-five-person-hand")
    record(page, 1)

    expect(side_score(page, seated[0])).to_have_text("720")
    expect(game_over(page)).to_contain_text(f"{seated[0]} wins by 370")  # runner-up: seat 2 with 350
    page.get_by_role("link", name="New game, new seats").click()
    again = [page.get_by_label(f"Seat {i + 1}", exact=True).input_value() for i in range(5)]
    assert sorted(again) == sorted(NAMES)
    expect(page.get_by_role("status").filter(has_text="Seats drawn at random")).to_be_visible()
