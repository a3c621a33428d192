"""Several devices at one table: each sees the others' hands without reloading, and no typing is lost."""
import re

import pytest
from playwright.sync_api import expect

from tests.helpers import PONYTAIL_PAIRS as PAIRS

from .devices import PHONE, TABLET, Page
from .table import (
    choose,
    conflict,
    hand_in_history,
    record,
    side_score,
    tap,
    type_points,
    value,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def devices(chromium, server):
    opened = [Page(chromium, server, PHONE), Page(chromium, server, PHONE), Page(chromium, server, TABLET)]
    yield opened
    for device in opened:
        device.context.close()
    assert [d.console for d in opened] == [[], [], []]


def test_two_phones_and_a_table_display_follow_one_game(devices, server):
    first, second, display = devices
    status, game = server.request("POST", "/api/games", PAIRS)
    assert status == 201
    scores = f"/games/{game['id']}"
    second.page.goto(scores)
    display.page.goto(f"{scores}/table")

    # the second phone starts typing hand 1 while the first phone records it
    second.page.goto(f"{scores}/hands/new")
    tap(second.page, 1, "red_threes", 2)
    type_points(second.page, 1, "melded", 300)

    first.page.goto(f"{scores}/hands/new")
    tap(first.page, 0, "natural_canastas")
    type_points(first.page, 0, "melded", 400)
    record(first.page, 1)
    expect(side_score(first.page, "Us")).to_have_text("900")

    # the table display redraws itself; the second phone keeps what it typed and is told
    expect(side_score(display.page, "Us")).to_have_text("900", timeout=15_000)
    expect(display.page.get_by_role("region", name="Scores")).to_contain_text("Hand 1: Us +900 · Them 0")
    # the notice comes into a live region (aria-live, no role): found by its words
    expect(second.page.get_by_text(re.compile("^Another device just changed this game"))).to_be_visible(
        timeout=15_000)
    assert value(second.page, 1, "red_threes") == "2" and value(second.page, 1, "melded") == "300"
    display.shot("tablet-table-display")

    # recording on the old version shows both hands and asks; typing kept; "record mine as hand 2" counts
    record(second.page, 1)
    choice = conflict(second.page, "Another phone recorded hand 1 first")
    expect(choice.get_by_role("heading", name="Hand 1 as it is recorded").locator("..")).to_contain_text("Us +900")
    expect(choice.get_by_role("heading", name="What you typed (kept below)").locator("..")).to_contain_text(
        "Them +500")
    expect(second.page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert value(second.page, 1, "red_threes") == "2" and value(second.page, 1, "melded") == "300"
    choice.get_by_role("button", name="Record mine as hand 2").click()
    expect(side_score(second.page, "Them")).to_have_text("500")

    # the first phone, on the scoreboard, sees hand 2 appear in the history by itself
    expect(hand_in_history(first.page, 2)).to_be_visible(timeout=15_000)
    expect(side_score(first.page, "Them")).to_have_text("500")
    expect(side_score(display.page, "Them")).to_have_text("500", timeout=15_000)

    # a correction on one phone reaches the other too
    second.page.goto(f"{scores}/hands/1/edit")
    choose(second.page, "went_out", None)
    type_points(second.page, 0, "melded", 450)
    second.page.get_by_role("button", name="Save hand 1").click()
    expect(side_score(second.page, "Us")).to_have_text("950")
    expect(side_score(first.page, "Us")).to_have_text("950", timeout=15_000)


def test_the_game_page_offers_a_qr_code_for_other_phones(phone, server):
    status, game = server.request("POST", "/api/games", PAIRS)
    phone.page.goto(f"/games/{game['id']}")
    phone.page.get_by_text("Open this game on another phone").click()
    qr = phone.page.get_by_alt_text("QR code that opens this game on another phone")
    expect(qr).to_be_visible()
    assert phone.page.evaluate("img => img.naturalWidth", qr.element_handle()) > 100
    phone.shot("phone-game-qr")
