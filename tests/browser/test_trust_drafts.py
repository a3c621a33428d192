"""Issue 39 item 2: a draft of a new hand knows which hand, and which state of the game, it was typed for. After a
two-phone conflict, a phone that reloads (or opens the next hand's form) instead of answering the conflict panel is
shown the panel's choices again — record mine as the next hand, replace theirs, or drop mine — and never gets its
stale hand pre-filled as the next hand, one tap from recording the deal twice."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table import conflict, hands, new_game, record, side_score, tap, type_points

pytestmark = pytest.mark.browser

FIRST = "Another phone recorded hand 1 first"


def expect_scores(page, us: str, them: str) -> None:
    expect(side_score(page, "Us")).to_have_text(us, timeout=15_000)
    expect(side_score(page, "Them")).to_have_text(them)


def a_conflict(phones, server) -> dict:
    """Both phones on hand 1; the first records 900–500, the second (600 typed) gets the conflict panel."""
    first, second = phones
    game = new_game(server)
    for phone in phones:
        phone.page.goto(f"/games/{game['id']}/hands/new")
    tap(first.page, 0, "natural_canastas")
    type_points(first.page, 0, "melded", 400)
    tap(first.page, 1, "red_threes", 2)
    type_points(first.page, 1, "melded", 300)
    type_points(second.page, 0, "melded", 600)
    record(first.page, 1)
    expect_scores(first.page, "900", "500")
    record(second.page, 1)
    conflict(second.page, FIRST)
    return game


@pytest.mark.parametrize("leave", ["reload", "open the next hand"])
def test_leaving_the_conflict_panel_brings_it_back_not_a_prefilled_next_hand(phones, server, leave):
    game = a_conflict(phones, server)
    page = phones[1].page
    if leave == "reload":
        page.reload()
    else:
        page.goto(f"/games/{game['id']}")
        page.goto(f"/games/{game['id']}/hands/new")
    choice = conflict(page, FIRST)  # said again, with its three choices
    expect(choice.get_by_role("button", name="Record mine as hand 2")).to_be_visible()
    expect(choice.get_by_role("button", name="Replace hand 1 with mine")).to_be_visible()
    expect(choice.get_by_role("link", name="Drop mine")).to_be_visible()
    expect(choice).to_contain_text("+600")  # what was typed is kept
    phones[1].shot("phone-conflict-after-reload")
    assert len(hands(server, game)) == 1


def test_record_tapped_on_a_restored_stale_draft_asks_and_records_nothing(phones, server):
    game = a_conflict(phones, server)
    page = phones[1].page
    page.route("**/hands/draft", lambda route: route.abort())  # the check on restoring does not get through
    page.reload()
    expect(page.locator("#draft-note")).to_contain_text("typed as hand 1")
    record(page, 2)  # the form is hand 2's, but the entries were typed for hand 1, before it was recorded
    conflict(page, FIRST)
    assert len(hands(server, game)) == 1


def test_each_choice_after_the_panel_came_back_does_what_it_says(phones, server):
    game = a_conflict(phones, server)
    page = phones[1].page
    page.reload()
    conflict(page, FIRST).get_by_role("button", name="Record mine as hand 2").click()
    expect_scores(page, "1,500", "500")
    assert [h["number"] for h in hands(server, game)] == [1, 2]
    page.goto(f"/games/{game['id']}/hands/new")
    expect(page.locator("#draft-note")).to_be_hidden()  # recorded: nothing left to restore

    other = a_conflict(phones, server)
    page.reload()
    conflict(page, FIRST).get_by_role("button", name="Replace hand 1 with mine").click()
    expect_scores(page, "600", "0")
    assert len(hands(server, other)) == 1

    dropped = a_conflict(phones, server)
    page.reload()
    conflict(page, FIRST).get_by_role("link", name="Drop mine").click()
    expect_scores(page, "900", "500")
    page.goto(f"/games/{dropped['id']}/hands/new")
    expect(page.locator("#draft-note")).to_be_hidden()
    assert len(hands(server, dropped)) == 1


def test_a_draft_of_the_hand_still_in_play_is_restored_as_before(phones, server):
    first, second = phones
    game = new_game(server)
    second.page.goto(f"/games/{game['id']}/hands/new")
    type_points(second.page, 0, "melded", 600)
    first.page.goto(f"/games/{game['id']}")
    second.page.reload()  # nobody recorded hand 1 meanwhile: the draft is simply back
    expect(second.page.locator("#draft-note")).to_be_visible()
    expect(second.page.get_by_role("alert")).to_have_count(0)
    record(second.page, 1)
    expect_scores(second.page, "600", "0")
    assert len(hands(server, game)) == 1


MINE = "This phone already recorded hand 1, with other entries"


def a_lost_answer_then_changed_entries(phone, server) -> dict:
    """The phone sends hand 1 (600–0), the server records it and the answer never arrives; the player changes an entry
    (700) and taps Record again: the server refuses the used key with another body (API.md "Safety"), and the phone is
    shown the conflict panel."""
    game = new_game(server)
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    type_points(page, 0, "melded", 600)
    lost = []

    def drop_the_answer(route):
        body = route.request.post_data or ""
        if not lost:
            route.fetch(max_redirects=0)  # the server records the hand…
            lost.append(True)
            route.abort("connectionreset")  # …and the phone never hears back
        elif "700" not in body:
            route.abort("connectionreset")  # still out of touch: the first hand is not sent again meanwhile
        else:
            route.continue_()

    page.route(re.compile(r".*/hands/new$"), drop_the_answer)
    record(page, 1)
    expect(page.locator("#send-status")).to_be_visible()  # not answered: the phone says so and keeps it
    type_points(page, 0, "melded", 700)
    record(page, 1)
    conflict(page, MINE)
    page.unroute(re.compile(r".*/hands/new$"))
    assert len(hands(server, game)) == 1
    return game


@pytest.mark.parametrize("leave", ["reload", "open the next hand"])
def test_a_draft_resent_changed_after_a_lost_answer_is_not_offered_as_the_next_hand(phone, server, leave):
    game = a_lost_answer_then_changed_entries(phone, server)
    page = phone.page
    if leave == "reload":
        page.reload()
    else:
        page.goto(f"/games/{game['id']}")
        page.goto(f"/games/{game['id']}/hands/new")
    choice = conflict(page, MINE)  # said again, with its choices, never a pre-filled hand 2
    expect(choice.get_by_role("button", name="Record mine as hand 2")).to_be_visible()
    expect(choice.get_by_role("button", name="Replace hand 1 with mine")).to_be_visible()
    expect(choice.get_by_role("link", name="Drop mine")).to_be_visible()
    expect(choice).to_contain_text("+600")  # hand 1 as recorded
    expect(choice).to_contain_text("+700")  # and what was typed since, kept
    phone.shot(f"phone-resent-after-a-lost-answer-{leave.replace(' ', '-')}")
    assert len(hands(server, game)) == 1

    choice.get_by_role("button", name="Replace hand 1 with mine").click()
    expect_scores(page, "700", "0")
    assert [h["number"] for h in hands(server, game)] == [1]
    page.goto(f"/games/{game['id']}/hands/new")
    expect(page.locator("#draft-note")).to_be_hidden()  # recorded: nothing left to restore


def test_entries_changed_while_a_send_went_unanswered_are_kept_when_the_first_send_lands(phone, server):
    """The answer is lost, the player changes an entry while the phone is out of touch, and the first send then lands
    by itself: hand 1 is recorded as first sent, and the changed entries are not dropped unseen nor offered as hand 2:
    the next hand's form shows the conflict panel's choices."""
    game = new_game(server)
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    type_points(page, 0, "melded", 600)
    state = {"sends": 0, "down": True}

    def drop_the_answer(route):
        state["sends"] += 1
        if state["sends"] == 1:
            route.fetch(max_redirects=0)  # recorded, the answer lost
            route.abort("connectionreset")
        elif state["down"]:
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(re.compile(r".*/hands/new$"), drop_the_answer)
    record(page, 1)
    expect(page.locator("#send-status")).to_be_visible()
    type_points(page, 0, "melded", 700)
    state["down"] = False  # back in touch: the first send goes again, with its key, and lands
    expect_scores(page, "600", "0")
    page.unroute(re.compile(r".*/hands/new$"))
    assert len(hands(server, game)) == 1
    page.goto(f"/games/{game['id']}/hands/new")
    choice = conflict(page, MINE)
    expect(choice).to_contain_text("+600")
    expect(choice).to_contain_text("+700")  # what was typed after Record, kept
    choice.get_by_role("button", name="Record mine as hand 2").click()  # a new key: not taken for hand 1's repeat
    expect_scores(page, "1,300", "0")
    assert [h["number"] for h in hands(server, game)] == [1, 2]
