"""Issue 31, items 2 and 5: what the pinned bar at the foot of the screen may not hide. On the game page "… Bob plays
first" was under Record until one scrolled; at 200% text the totals were a scroll away from the first screen of the
game page, and the hand form's pinned bar dropped the hand's totals. A 360 x 640 phone, text at 100% and 200%."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .a11y import NAMES, PIN, VARIANTS, enlarge_text, make_game
from .table import type_points

pytestmark = pytest.mark.browser


UNDER_A_PINNED_BAR_JS = """e => {
  const r = e.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight) return false;  // off the screen: not hidden by a bar
  return [...document.querySelectorAll('body *')].some(bar => {
    const s = getComputedStyle(bar);
    if (!['sticky', 'fixed'].includes(s.position) || bar.contains(e)) return false;
    const b = bar.getBoundingClientRect();
    return b.height > 0 && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1
      && Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1; });
}"""

ON_TOP_JS = """e => { const r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.width < 1) return false;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!hit && (hit === e || e.contains(hit)); }"""


def scroll_stops(page) -> list[int]:
    end = page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
    return list(range(0, end, 80)) + [end]


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("variant", VARIANTS)
def test_who_deals_and_plays_first_is_never_under_the_pinned_record(phone, server, variant, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server, variant, hands=1)}")
    enlarge_text(page, percent)
    dealing = page.locator(".dealing")
    expect(dealing).not_to_be_empty()  # who deals, or (Pony) how the cards are dealt
    for y in scroll_stops(page):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert not dealing.evaluate(UNDER_A_PINNED_BAR_JS), f"under the pinned bar scrolled to {y}"


@pytest.mark.parametrize("pin", [{}, {"pin": PIN}], ids=["recording", "watching"])  # a PIN: this phone only watches
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_total_is_on_the_first_screen_of_the_game_at_200_percent(phone, server, variant, pin):
    page = phone.page
    game_id = make_game(server, variant, hands=1, **pin)
    page.goto(f"/games/{game_id}")
    enlarge_text(page, 200)
    page.evaluate("window.scrollTo(0, 0)")
    seen = page.evaluate(f"""() => {{ const onTop = {ON_TOP_JS};
        const pinned = [...document.querySelectorAll('.record-totals li')];
        return [...document.querySelectorAll('.scoreboard > li .score')]
          .map((score, i) => onTop(score) || (!!pinned[i] && onTop(pinned[i]))); }}""")
    assert seen == [True] * len(NAMES[variant]), "a side's total is not on the first screen"
    phone.shot(f"pinned-game-{variant}-{'watching' if pin else 'recording'}-200")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_hand_form_s_pinned_bar_keeps_the_totals_at_200_percent(phone, server, variant):
    page = phone.page
    page.goto(f"/games/{make_game(server, variant, hands=1)}/hands/new")
    enlarge_text(page, 200)
    with page.expect_response(lambda r: "/hands/preview" in r.url):
        type_points(page, 0, "melded", 150)
    sides = page.locator("#preview-bar li")
    # +150, or −150 where melded cards count against a side with no canasta yet (Modern American's swing, §11)
    expect(sides.first).to_contain_text(re.compile(r"[+\u2212]150"))
    for y in scroll_stops(page)[:: max(1, len(scroll_stops(page)) // 6)]:
        page.evaluate(f"window.scrollTo(0, {y})")
        assert all(side.evaluate(ON_TOP_JS) for side in sides.all()), f"a total is off the screen scrolled to {y}"
    phone.shot(f"pinned-hand-{variant}-200")
