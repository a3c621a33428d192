"""A week at the club on a 360 px phone: the players pages, a merge of a typo, the chart and sharing a result."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .a11y import VARIANTS, enlarge_text, make_game
from .devices import SCREENSHOTS
from .table import game_over

pytestmark = pytest.mark.browser

WIN_FIRST = [{"natural_canastas": 1, "melded": 500}, {"dirty_canastas": 1, "melded": 300}]
WIN_SECOND = [WIN_FIRST[1], WIN_FIRST[0]]


def play(server, us, them, hands, start=None):
    """A finished game of two partnerships through the API; returns its id."""
    sides = [{"name": " & ".join(us), "players": list(us)}, {"name": " & ".join(them), "players": list(them)}]
    if start:
        sides[0]["start_score"] = start
    status, game = server.request("POST", "/api/games", {"variant": "ponytail", "sides": sides})
    assert status == 201, game
    for entries in hands:
        status, answer = server.request("POST", f"/api/games/{game['id']}/hands", {"entries": entries})
        assert status == 201, answer
    status, _ = server.request("POST", f"/api/games/{game['id']}/end")
    assert status == 200
    return game["id"]


@pytest.fixture(scope="module")
def week(server):
    """Seven evenings of the same four, and one where Ann was typed 'Anm'."""
    games = [play(server, ("Ann", "Bob"), ("Cy", "Di"), [WIN_FIRST, WIN_SECOND if day % 3 == 0 else WIN_FIRST])
             for day in range(6)]
    games.append(play(server, ("Ann", "Cy"), ("Bob", "Di"), [WIN_SECOND, WIN_SECOND]))
    games.append(play(server, ("Anm", "Bob"), ("Cy", "Di"), [WIN_FIRST], start=12340))
    return games


def fits(page) -> None:
    """Nothing runs off a 360 px screen sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_players_page_and_a_players_page(phone, week):
    page = phone.page
    page.goto("/")
    page.get_by_role("link", name="Players, partners and ratings").click()
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    everyone = page.get_by_role("table", name="Everyone who has played, most games first")
    assert sorted(everyone.get_by_role("link").all_inner_texts()) == ["Anm", "Ann", "Bob", "Cy", "Di"]
    bob = everyone.get_by_role("row").filter(has=page.get_by_role("link", name="Bob", exact=True))
    expect(bob.get_by_role("cell").nth(0)).to_have_text("8")  # games
    phone.shot("players-360")
    fits(page)
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    expect(page.get_by_role("definition").first).to_have_text("7")  # Games
    partner = page.get_by_role("table", name="Partners").get_by_role("row").nth(1)
    expect(partner.get_by_role("rowheader")).to_have_text("Bob")
    expect(partner.get_by_role("cell").nth(0)).to_have_text("6")
    expect(page.get_by_role("region", name="Recent games").get_by_role("listitem")).to_have_count(7)
    phone.shot("player-360")
    fits(page)


def test_merge_a_typo_into_the_right_name(phone, week):
    page = phone.page
    page.goto("/players/Anm")
    page.get_by_label("Same person as").fill("Ann")
    page.get_by_role("button", name="Merge…").click()
    expect(page.get_by_role("heading", name="Merge Anm into Ann?")).to_be_visible()
    expect(page.get_by_text(re.compile("^1 game changes: Anm becomes Ann"))).to_be_visible()
    expect(page.get_by_role("table", name="What changes")).to_contain_text("Side Anm & Bob → Ann & Bob")
    fits(page)
    phone.shot("merge-confirm-360")
    page.get_by_role("button", name="Yes, merge").click()
    expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("“Anm” was merged into “Ann” (1 game).")
    expect(page.get_by_role("definition").first).to_have_text("8")  # Games
    page.goto("/players")
    everyone = page.get_by_role("table", name="Everyone who has played, most games first")
    assert sorted(everyone.get_by_role("link").all_inner_texts()) == ["Ann", "Bob", "Cy", "Di"]


def test_the_chart_and_sharing_the_result(phone, week):
    page = phone.page
    page.add_init_script("navigator.canShare = () => true;"
                         "navigator.share = (data) => { window.sharedText = data.text; return Promise.resolve(); };")
    page.goto(f"/games/{week[-1]}")
    chart = page.get_by_role("img", name=re.compile("^Running totals, hand by hand"))
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)
    expect(chart).to_have_accessible_name(re.compile("Ann & Bob: 12,340, 13,340."))
    expect(page.get_by_role("region", name="Hands")).to_contain_text("Brought forward")
    fits(page)
    page.locator("#chart").scroll_into_view_if_needed()
    phone.shot("game-chart-360")
    page.emulate_media(color_scheme="dark")  # the chart keeps its contrast on a phone in dark mode
    assert page.locator("#chart").evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(20, 32, 30)"
    assert page.locator("#chart polyline").first.evaluate("e => getComputedStyle(e).stroke") == "rgb(127, 209, 185)"
    page.locator("#chart").screenshot(path=str(SCREENSHOTS / "game-chart-dark-360.png"), caret="initial")
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name="Share the result").click()
    expect(game_over(page).get_by_role("status")).to_have_text("Shared.")  # the share button's own status
    assert page.evaluate("window.sharedText") == ("Ponytail Canasta: Ann & Bob won by 12,740. "
                                                  "Ann & Bob 13,340 · Cy & Di 600 (1 hand).")


def test_without_a_share_sheet_the_result_is_copied(phone, week):
    page = phone.page
    page.add_init_script("Object.defineProperty(navigator, 'share', {value: undefined});"
                         "Object.defineProperty(navigator, 'clipboard', {value: {writeText: (t) => {"
                         " window.copiedText = t; return Promise.resolve(); }}});")
    page.goto(f"/games/{week[0]}")  # the first evening was a tie
    page.get_by_role("button", name="Share the result").click()
    expect(game_over(page).get_by_role("status")).to_have_text("Copied — paste it into a message.")
    assert page.evaluate("window.copiedText") == ("Ponytail Canasta: Ann & Bob and Cy & Di shared the win. "
                                                  "Ann & Bob 1,600 · Cy & Di 1,600 (2 hands).")
    phone.shot("game-over-copied-360")


def test_a_regular_of_every_variant_at_200_percent_text_does_not_scroll_the_page_sideways(phone, server):
    """Found in the merge of Hand and Foot: a player rated in every variant ("14.9 Hand and Foot") widened the
    players table past a 360 px phone at 200% text; the table scrolls within itself, the page never does."""
    for _ in range(40):  # 120 games for Ann: three-digit counts beside the ratings
        for variant in VARIANTS:
            server.request("POST", f"/api/games/{make_game(server, variant, hands=1)}/end", {})
    page = phone.page
    page.goto("/players")
    enlarge_text(page, 200)
    expect(page.get_by_role("table", name=re.compile("Everyone who has played"))).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.evaluate("innerWidth")
