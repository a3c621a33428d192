"""Issue 23, findings 8 and 9, on real phones: Back after Record shows the game as it is now, an empty hand is
recorded only when asked for, and an Undo on one phone is named on the other."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .table import hands, new_game, record, side_score, tap, type_points

pytestmark = pytest.mark.browser

EMPTY = "Nothing was entered for any side. Fill in the hand, or tap “Record an empty hand” if nobody scored."


def undo_bar(page, number: int):
    """The "Hand N recorded" bar with its Undo button."""
    return page.get_by_role("status").filter(has=page.get_by_role("button", name=f"Undo hand {number}"))


def record_from_the_scores(page, game: dict, number: int, melded: int) -> None:
    """On the scores, tap "Record hand N", type Us's melded points, tap Record: back on the scores."""
    page.goto(f"/games/{game['id']}")
    page.get_by_role("link", name=f"Record hand {number}").click()
    type_points(page, 0, "melded", melded)
    record(page, number)
    expect(page.get_by_role("link", name=f"Record hand {number + 1}")).to_be_visible()


def test_back_after_record_shows_the_game_as_it_is_now(phones, server):
    mine, other = phones
    game = new_game(server)
    other.page.goto(f"/games/{game['id']}")  # a second phone watching: the game is shared
    record_from_the_scores(mine.page, game, 1, 50)
    record_from_the_scores(mine.page, game, 2, 100)
    page = mine.page
    page.go_back()
    # where the game is now: hand 2 recorded, by this phone; never the used form of hand 2 again
    expect(undo_bar(page, 2)).to_contain_text("Hand 2 recorded.")
    expect(side_score(page, "Us")).to_have_text("150")
    expect(page.get_by_role("heading", name="Hand 2", exact=True)).to_have_count(0)
    expect(page.get_by_text("Another device just changed this game")).to_have_count(0)
    expect(undo_bar(other.page, 2)).to_contain_text("Hand 2 recorded by another phone.", timeout=15_000)
    assert len(hands(server, game)) == 2


def test_a_used_form_shown_again_goes_to_the_scores_not_to_another_hand(phones, server):
    """However the used form comes back (a browser's cache, a restored tab), it records nothing more."""
    page = phones[0].page
    game = new_game(server)
    used = page.goto(f"/games/{game['id']}/hands/new").text()  # the form of hand 1 as drawn: its revision and key
    type_points(page, 0, "melded", 50)
    record(page, 1)
    expect(side_score(page, "Us")).to_have_text("50")
    page.route("**/hands/new", lambda route: route.fulfill(body=used, content_type="text/html")
               if route.request.method == "GET" else route.continue_())
    page.goto(f"/games/{game['id']}/hands/new")  # the same copy again, empty: its draft went when it was recorded
    expect(page.get_by_role("heading", name="Hand 1", exact=True)).to_have_count(0)
    expect(undo_bar(page, 1)).to_contain_text("Hand 1 recorded.")
    expect(page.get_by_text("Another device just changed this game")).to_have_count(0)
    assert len(hands(server, game)) == 1


def test_an_empty_hand_is_recorded_only_when_asked_for(phones, server):
    page = phones[0].page
    game = new_game(server)
    page.goto(f"/games/{game['id']}/hands/new")
    record(page, 1)
    refusal = page.get_by_role("alert").filter(has_text=EMPTY)
    expect(refusal).to_be_visible()
    phones[0].shot("phone-empty-hand-refused")
    assert hands(server, game) == []
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/hands/new")) as answer:
        page.locator("#entries-0-melded").press("Enter")  # the keyboard's Go is a plain Record, not the choice
    assert answer.value.status == 422
    expect(refusal).to_be_visible()
    assert hands(server, game) == []
    refusal.get_by_role("button", name="Record an empty hand").click()
    expect(side_score(page, "Us")).to_have_text("0")
    expect(undo_bar(page, 1)).to_contain_text("Hand 1 recorded.")
    assert len(hands(server, game)) == 1


def test_record_mine_after_a_conflict_does_not_record_an_empty_hand(phones, server):
    first, second = phones
    game = new_game(server)
    for phone in phones:
        phone.page.goto(f"/games/{game['id']}/hands/new")
    type_points(first.page, 0, "melded", 50)
    record(first.page, 1)
    expect(side_score(first.page, "Us")).to_have_text("50")
    tap(second.page, 0, "natural_canastas")
    tap(second.page, 0, "natural_canastas", sign=-1)  # typed, then taken away again: nothing entered
    record(second.page, 1)
    expect(second.page.get_by_role("alert").filter(has_text=EMPTY)).to_be_visible()
    assert len(hands(server, game)) == 1


def test_undo_on_one_phone_is_named_on_the_other(phones, server):
    first, second = phones
    game = new_game(server)
    server.request("POST", f"/api/games/{game['id']}/hands", {"entries": [{"melded": 50}, {}]})
    for phone in phones:
        phone.page.goto(f"/games/{game['id']}")
    first.page.get_by_role("link", name="Record hand 2").click()
    type_points(first.page, 0, "melded", 100)
    record(first.page, 2)
    expect(undo_bar(second.page, 2)).to_contain_text("Hand 2 recorded by another phone.", timeout=15_000)
    undo_bar(first.page, 2).get_by_role("button", name="Undo hand 2").click()
    expect(first.page.get_by_role("status").filter(has_text="Hand 2 was taken back")).to_be_visible()
    expect(side_score(first.page, "Us")).to_have_text("50")
    # the other phone, which only polls, is told what became of the hand it saw recorded
    note = second.page.get_by_role("status").filter(has_text="Hand 2 was taken back on another phone.")
    expect(note).to_be_visible(timeout=15_000)
    expect(side_score(second.page, "Us")).to_have_text("50")
    expect(undo_bar(second.page, 2)).to_have_count(0)
    second.shot("phone-undo-taken-back-elsewhere")
    # the phone that took it back is not told it happened "on another phone", not even after a reload
    first.page.reload()
    expect(side_score(first.page, "Us")).to_have_text("50")
    expect(first.page.get_by_text("was taken back on another phone")).to_have_count(0)
    # a phone opening the game now sees it too
    third = Page(first.page.context.browser, server, PHONE)
    try:
        third.page.goto(f"/games/{game['id']}")
        expect(third.page.get_by_text("Hand 2 was taken back on another phone.")).to_be_visible()
    finally:
        third.context.close()
    assert [h["scores"][0]["total"] for h in hands(server, game)] == [50]
