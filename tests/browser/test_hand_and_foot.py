"""Hand and Foot on a phone (RULES.md §8): two teams of three, the worked example's first round through the form,
'Round 2 of 4' and one minimum for everyone, and a table that plays to 10,000 instead; nothing written for Hand
and Foot outside scoring/."""
import pytest
from playwright.sync_api import expect

from .table import choose, record, side_score, tap, type_points

pytestmark = pytest.mark.browser
TEAMS = (("Ann", "Bob", "Cy"), ("Di", "Ed", "Flo"))


def test_teams_of_three_play_the_worked_example_round_by_round(phone):
    page = phone.page
    page.goto("/games/new/hand-and-foot")
    page.get_by_role("button", name="Teams of three").click()
    expect(page.get_by_role("group", name="Team 2")).to_be_visible()
    for i, team in enumerate(TEAMS):
        for j, name in enumerate(team):
            page.get_by_role("group", name=f"Team {i + 1}").get_by_label(f"Player {j + 1}").fill(name)
    page.get_by_role("button", name="Start the game").click()

    expect(page.get_by_text("Round 1 of 4", exact=True)).to_be_visible()
    expect(page.locator(".min-meld.everyone")).to_have_text("Minimum 50 for everyone")
    expect(page.locator(".to-go")).to_have_count(0)
    page.get_by_role("link", name="Record round 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 4 \u2014 minimum 50 for everyone")
    # RULES.md §8's worked example, side A: 2 clean, 2 dirty and 1 wild book, 3 red threes, an exact pick-up
    for field, times in (("natural_canastas", 2), ("dirty_canastas", 2), ("wild_canastas", 1), ("red_threes", 3),
                         ("exact_pickups", 1)):
        tap(page, 0, field, times)
    type_points(page, 0, "melded", 905)
    type_points(page, 0, "in_hand", 30)
    choose(page, "went_out", 0)
    expect(page.locator("#preview-side-0")).to_contain_text("+4,475")
    tap(page, 1, "natural_canastas")
    type_points(page, 1, "melded", 50)
    type_points(page, 1, "in_foot", 120)
    expect(page.locator("#preview-side-1")).to_contain_text("+430")  # 500 + 50 − 120 (a foot nobody picked up)
    phone.shot("phone-hand-and-foot-hand-form")
    record(page, 1)

    expect(side_score(page, "Ann, Bob & Cy")).to_have_text("4,475")
    expect(side_score(page, "Di, Ed & Flo")).to_have_text("430")
    expect(page.get_by_text("Round 2 of 4", exact=True)).to_be_visible()
    expect(page.locator(".min-meld.everyone")).to_have_text("Minimum 90 for everyone")
    expect(page.locator(".dealing")).to_contain_text("Round 2: Di deals")
    phone.shot("phone-hand-and-foot-scores")


def test_a_table_playing_to_10000_says_so_on_the_form_and_the_scores(phone):
    page = phone.page
    page.goto("/games/new/hand-and-foot")
    page.get_by_role("group", name="Partnership 1").get_by_label("Player 1").fill("Ann")
    page.get_by_role("button", name="Play to a score instead of 4 rounds").click()
    expect(page.get_by_label("Play to")).to_have_value("10000")
    expect(page.get_by_label("Round limit")).to_have_value("")
    expect(page.get_by_role("group", name="Partnership 1").get_by_label("Player 1")).to_have_value("Ann")
    for i, name in ((1, "Bob"),):
        page.get_by_role("group", name="Partnership 1").get_by_label(f"Player {i + 1}").fill(name)
    page.get_by_role("group", name="Partnership 2").get_by_label("Player 1").fill("Cy")
    page.get_by_role("group", name="Partnership 2").get_by_label("Player 2").fill("Di")
    page.get_by_text("House rules (Hand and Foot defaults filled in)").click()
    page.get_by_label("Wild books are not allowed").check()
    phone.shot("phone-hand-and-foot-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("0 rounds played · to 10,000", exact=True)).to_be_visible()
    expect(page.locator(".to-go").first).to_have_text("10,000 to go")
    page.get_by_role("link", name="Record round 1").click()
    expect(page.locator("#entries-0-wild_canastas")).to_have_count(0)  # no wild books at this table
