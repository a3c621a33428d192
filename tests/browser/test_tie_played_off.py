"""A Modern American Canasta game with the house rule tie_plays_another_hand (RULES.md §14, "Added (turn 6)"), on two
phones at 360×640: the sides end a hand level at 8,500, both phones say so and keep offering the next hand, and the
hand played off ends the game."""
import re

import pytest
from playwright.sync_api import expect

from .table import choose, record, side_score, tap, type_points

pytestmark = pytest.mark.browser

LEVEL = "Level at 8,500: one more hand"


def test_a_tie_at_8500_is_played_off_on_two_phones(phones):
    first, second = (p.page for p in phones)
    # the new-game form, the house rule ticked among the others
    first.goto("/")
    first.get_by_role("link", name="Start a game").click()
    first.get_by_role("link", name="Modern American Canasta").click()
    for i, (one, two, name) in enumerate((("Ann", "Bob", "A"), ("Cy", "Di", "B"))):
        first.locator(f"#sides-{i}-players-0").fill(one)
        first.locator(f"#sides-{i}-players-1").fill(two)
        first.locator(f"#sides-{i}-name").fill(name)
    first.locator("details.house-rules > summary").click()
    first.get_by_label("A tie at the target is played off: one more hand until one side is ahead").check()
    first.get_by_role("button", name="Start the game").click()
    expect(first.get_by_role("link", name="Record hand 1")).to_be_visible()
    scores = first.url
    game_id = scores.rstrip("/").split("/")[-1]
    # hand 1 copied from a score slip through the API: A 7,200, B 7,100
    answer = first.request.post(f"/api/games/{game_id}/hands", data={"entries": [{"total": 7200}, {"total": 7100}]})
    assert answer.status == 201, answer.text()

    # hand 2 on the first phone: A goes out (1,000 + 100 + 200), B melds its two canastas (1,000 + 400): 8,500 each
    first.goto(scores)
    first.get_by_role("link", name="Record hand 2").click()
    tap(first, 0, "natural_canastas", 2)
    type_points(first, 0, "melded", 200)
    choose(first, "went_out", 0)
    tap(first, 1, "natural_canastas", 2)
    type_points(first, 1, "melded", 400)
    record(first, 2)
    expect(side_score(first, "A")).to_have_text("8,500")
    expect(side_score(first, "B")).to_have_text("8,500")
    expect(first.get_by_role("status").filter(has_text=LEVEL)).to_be_visible()
    expect(first.locator(".game-over")).to_have_count(0)
    expect(first.get_by_role("link", name="Record hand 3")).to_be_visible()
    phones[0].shot("phone-american-tie-played-off")

    # the second phone sees the same, and records the hand played off: A ahead by 50
    second.goto(scores)
    expect(second.get_by_role("status").filter(has_text=LEVEL)).to_be_visible()
    second.get_by_role("link", name="Record hand 3").click()
    tap(second, 0, "natural_canastas", 1)
    type_points(second, 0, "melded", 100)
    tap(second, 1, "natural_canastas", 1)
    type_points(second, 1, "melded", 50)
    record(second, 3)
    expect(side_score(second, "A")).to_have_text("9,100")
    expect(second.locator(".game-over")).to_contain_text(re.compile(r"A\s+wins? by 50"))
    expect(second.get_by_text(LEVEL)).to_have_count(0)
    # the first phone follows by itself
    expect(first.locator(".game-over")).to_contain_text(re.compile(r"A\s+wins? by 50"), timeout=15_000)
    expect(first.get_by_text(LEVEL)).to_have_count(0)
    expect(first.get_by_role("link", name="Record hand 4")).to_have_count(0)
