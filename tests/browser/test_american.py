"""A whole Modern American Canasta game (RULES.md §11) on two phones at 360×640: the swing of a hand with no
canasta told before Record, a special hand recorded by one tap (asking first for the other side's hand), the minimum with its clean triple climbing 125 → 155 → 180,
and the game ending at 8,500."""
import re

import pytest
from playwright.sync_api import expect

from .table import choose, record, side_card, side_score, start_game, tap, type_points

pytestmark = pytest.mark.browser

SWING = "No canasta yet: your threes and melded cards count against you."


def fold(page, side: int, kind: str):
    """Open one side's folded part: "rare-fields" (penalties)."""
    page.locator(".side-panel").nth(side).locator(f".{kind} > summary").click()


def minimum(page, name: str):
    return side_card(page, name).locator(".min-meld strong")


def test_a_whole_game_on_two_phones(phones):
    first, second = (p.page for p in phones)
    scores = start_game(first, "Modern American Canasta", [("Ann", "Bob", "A"), ("Cy", "Di", "B")])
    expect(minimum(first, "A")).to_have_text("125, with a clean triple")  # RULES.md §11: below 3,000

    # hand 1 (RULES.md §11 worked example) on the first phone: B completed no canasta
    first.get_by_role("link", name="Record hand 1").click()
    for field, n in (("natural_canastas", 1), ("mixed_canastas", 1), ("sevens_canastas", 1), ("red_threes", 2),
                     ("black_threes_laid", 1)):
        tap(first, 0, field, n)
    type_points(first, 0, "melded", 480)
    type_points(first, 0, "in_hand", 35)
    choose(first, "went_out", 0)
    tap(first, 1, "red_threes", 1)
    tap(first, 1, "black_threes_laid", 2)
    type_points(first, 1, "melded", 230)
    type_points(first, 1, "in_hand", 185)
    fold(first, 1, "rare-fields")
    first.locator("#entries-1-incomplete_aces").check()
    # before Record: the swing is said, and the score shows it
    expect(first.locator("#note-side-1")).to_have_text(SWING)
    expect(first.locator("#note-side-0")).to_have_text("")
    expect(first.locator("#preview-side-1")).to_contain_text("−3,315")
    # one mixed canasta more and the threes count nothing, the melded cards for B (RULES.md §11: −2,155)
    tap(first, 1, "mixed_canastas", 1)
    expect(first.locator("#note-side-1")).to_contain_text("One canasta")
    expect(first.locator("#preview-side-1")).to_contain_text("−2,155")
    tap(first, 1, "mixed_canastas", 1, sign=-1)
    expect(first.locator("#preview-side-1")).to_contain_text("−3,315")
    phones[0].shot("phone-american-swing")
    record(first, 1)
    expect(side_score(first, "A")).to_have_text("4,245")
    expect(side_score(first, "B")).to_have_text("−3,315")
    expect(minimum(first, "A")).to_have_text("155, with a clean triple")
    expect(minimum(first, "B")).to_have_text("125, with a clean triple")

    # hand 2 on the second phone: A entered, then B's Garbage: one tap, and the hand is recorded
    second.goto(scores)
    expect(side_score(second, "A")).to_have_text("4,245")
    second.get_by_role("link", name="Record hand 2").click()
    expect(second.locator(".side-minimum").first).to_have_text("Opening meld: 155, with a clean triple")
    tap(second, 0, "natural_canastas", 1)
    tap(second, 0, "red_threes", 1)
    type_points(second, 0, "melded", 340)
    type_points(second, 0, "in_hand", 260)
    fold(second, 0, "rare-fields")
    tap(second, 0, "sevens_penalties", 1)
    expect(second.locator("#preview-side-0")).to_contain_text("−920")
    # the special hands are asked first, in one row beside the question: one tap, no fold to open (a hand further
    # along the row is brought in by a swipe)
    expect(second.locator(".side-panel").nth(1).locator(".choice-fold")).to_have_count(0)
    phones[1].shot("phone-american-special-hand")
    second.get_by_role("button", name="Garbage, B").dblclick()  # a double tap records it once
    expect(side_score(second, "B")).to_have_text("−315")
    expect(side_score(second, "A")).to_have_text("3,325")
    # the first phone follows by itself
    expect(side_score(first, "B")).to_have_text("−315", timeout=15_000)

    # hand 3: A's Straight tapped first: the form asks for B's hand before recording it, A's Straight kept
    first.get_by_role("link", name="Record hand 3").click()
    first.get_by_role("button", name="Straight, A").click()
    expect(first.locator(".empty-hand")).to_contain_text("Nothing is entered yet for B")
    expect(first.locator(".side-panel").nth(0).locator(".side-fields")).to_be_hidden()  # the rest folds away
    expect(first.locator("#preview-side-0")).to_contain_text("+3,000")
    first.reload()  # the phone's draft keeps the Straight chosen: nothing tapped is lost
    expect(first.locator("#draft-note")).to_be_visible()
    expect(first.locator(".side-panel").nth(0).locator(".side-fields")).to_be_hidden()
    expect(first.locator("#preview-side-0")).to_contain_text("+3,000")
    tap(first, 1, "natural_canastas", 1)
    type_points(first, 1, "melded", 60)
    record(first, 3)
    expect(side_score(first, "A")).to_have_text("6,325")
    expect(minimum(first, "A")).to_have_text("180, with a clean triple")
    assert first.evaluate(f"fetch('/api/games/{scores.rstrip('/').split('/')[-1]}').then(r => r.json())"
                          ".then(g => g.hands_played)") == 3

    # hand 4: A goes out with a natural aces canasta and passes 8,500: the game is over
    first.get_by_role("link", name="Record hand 4").click()
    tap(first, 0, "aces_canastas", 1)
    tap(first, 0, "natural_canastas", 1)
    type_points(first, 0, "melded", 300)
    choose(first, "went_out", 0)
    record(first, 4)
    expect(side_score(first, "A")).to_have_text("9,725")  # 6,325 + 2,500 + 500 + 100 + 300
    expect(first.locator(".game-over")).to_contain_text("A reached 8,500")
    expect(first.locator(".game-over")).to_contain_text(re.compile(r"A\s+wins? by 9,4"))
    expect(side_score(second, "A")).to_have_text("9,725", timeout=15_000)
