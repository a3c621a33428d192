"""Every page and state a player can reach, as one table, and the checks the accessibility tests run on each.

Adding a page is one line in STATES: a name, the variants it exists for, and how a phone gets there. Adding a
variant is none: every variant registered in scoring.VARIANTS is visited on every page it has.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from playwright.sync_api import Page, expect

from scoring import VARIANTS as REGISTERED

from .table import record, type_points

AXE_OPTIONS = {"resultTypes": ["violations"],
               "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}

VARIANTS = tuple(REGISTERED)  # every registered variant: a new one is checked on every page without editing a test
# seatings chosen by hand: the widest each variant has
CHOSEN = {"ponytail": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
          "classic": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
          "pony": [{"name": n, "players": [n]} for n in ("Pat", "Quin", "Ros")],
          "five-person": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")],
          # two teams of three: the widest side there is
          "hand-and-foot": [{"name": "Reds", "players": ["Ann", "Bob", "Cy"]},
                            {"name": "Blues", "players": ["Di", "Ed", "Flo"]}]}
FIRST_NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Olga", "Pia")


def seated(variant: str) -> list[dict]:
    """A variant nobody chose a seating for: its first declared shape at its fewest sides, e.g. two players alone."""
    shape = next(iter(REGISTERED[variant].describe_sides.values()))
    per_side, count = shape["players_per_side"], shape["sides"][0]
    return [{"name": f"Side {k + 1}", "players": list(FIRST_NAMES[per_side * k:per_side * (k + 1)])}
            for k in range(count)]


NAMES = {v: CHOSEN.get(v) or seated(v) for v in VARIANTS}
MARKED = tuple(v for v in VARIANTS if REGISTERED[v].marks)  # a table marks something for a side (Pony's failed meld)
PIN = "0427"
WRONG_TOKEN = "x" * 43  # the shape of a real CSRF token, but not this phone's


def make_game(server, variant: str, hands: int = 0, **extra) -> str:
    """A game made through the API, with `hands` hands recorded; returns its id."""
    status, game = server.request("POST", "/api/games", {"variant": variant, "sides": NAMES[variant], **extra})
    assert status == 201, game
    sides = len(NAMES[variant])
    headers = {"X-Table-PIN": extra["pin"]} if "pin" in extra else None
    for number in range(hands):
        entries = [{"melded": 120 + 10 * number if i == number % sides else 50} for i in range(sides)]
        status, body = server.request("POST", f"/api/games/{game['id']}/hands", {"entries": entries}, headers)
        assert status == 201, body
    return game["id"]


def new_game_form(page: Page, server, variant: str) -> None:
    """The new-game form, after an htmx re-render (switching partnerships/alone, or the seating redrawn)."""
    page.goto(f"/games/new/{variant}")
    switch = page.locator(".chips.layout .chip:not(.on)")
    if switch.count():
        word = switch.first.inner_text()
        switch.first.click()
        expect(page.get_by_role("button", name=word)).to_have_attribute("aria-pressed", "true")
    else:
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.locator("#sides-0-players-0").fill("Asha")
        expect(page.locator("#seating")).to_contain_text("Asha")


def house_rules_open(page: Page, server, variant: str) -> None:
    """The new-game form with its house rules opened: every rule's boxes, a minimum table's rows among them."""
    page.goto(f"/games/new/{variant}")
    page.locator("details.house-rules > summary").click()
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def everything_open(page: Page, server, variant: str) -> None:
    """The hand form with every fold opened (the penalty or award, the rare fields), the card counter of the first
    points field and the "5+" box of the first count: every control the form can show at once."""
    game_id = make_game(server, variant, hands=1)
    page.goto(f"/games/{game_id}/hands/new")
    page.locator(".adjustment-fold > summary").click()
    folded = page.locator("details.rare-fields:not([open]) > summary, details.choice-fold:not([open]) > summary")
    for _ in range(folded.count()):
        folded.first.click()  # opened, it is folded no more: the next one is first
    page.locator('label[for$="-count"]').first.click()
    expect(page.locator(".counter").first).to_be_visible()
    more = page.locator('label[for$="-chip-more"]')
    if more.count():
        more.first.click()
        expect(page.locator(".count-more input").first).to_be_visible()


def game_page(page: Page, server, variant: str) -> None:
    """Hands recorded a moment ago (so the Undo bar shows), one history row opened (loaded by htmx)."""
    game_id = make_game(server, variant, hands=3)
    page.goto(f"/games/{game_id}")
    expect(page.locator(".undo-bar")).to_be_visible()
    page.locator(".history .hand > summary").first.click()
    expect(page.get_by_role("link", name=re.compile(r"^Correct \w+ 3$"))).to_be_visible()  # hand, deal, round


def failed_meld(page: Page, server, variant: str) -> None:
    """A side marked between hands (Pony's failed meld): its minimum raised, shown on the scoreboard."""
    game_id = make_game(server, variant, hands=1)
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name=REGISTERED[variant].marks[0].button).first.click()
    expect(page.locator(".min-meld .raised").first).to_be_visible()


def hand_form(page: Page, server, variant: str) -> None:
    """The hand form with a number typed, so the live preview has been drawn."""
    game_id = make_game(server, variant, hands=1)
    page.goto(f"/games/{game_id}/hands/new")
    with page.expect_response(lambda r: "/hands/preview" in r.url):
        type_points(page, 0, "melded", 150)


def refused_hand(page: Page, server, variant: str) -> None:
    """A hand the rules refuse (more card points than the decks hold): the form again, its summary on top (issue 31)."""
    game_id = make_game(server, variant, hands=1)
    page.goto(f"/games/{game_id}/hands/new")
    type_points(page, 0, "melded", 99995)
    record(page, 2)
    expect(page.locator("#error-summary")).to_be_focused()


def correction_form(page: Page, server, variant: str) -> None:
    game_id = make_game(server, variant, hands=2)
    page.goto(f"/games/{game_id}/hands/1/edit")


def conflict_box(page: Page, server, variant: str) -> None:
    """Another phone recorded the hand first: this phone's form comes back with both versions."""
    game_id = make_game(server, variant)
    page.goto(f"/games/{game_id}/hands/new")
    type_points(page, 0, "melded", 200)
    make_hand = {"entries": [{"melded": 90}] + [{}] * (len(NAMES[variant]) - 1)}
    assert server.request("POST", f"/api/games/{game_id}/hands", make_hand)[0] == 201
    record(page, 1)
    expect(page.locator(".conflict")).to_be_visible()


def table_display(page: Page, server, variant: str) -> None:
    page.goto(f"/games/{make_game(server, variant, hands=2)}/table")


def finished_game(page: Page, server, variant: str) -> None:
    """Game over: the result, the chart, Share the result."""
    game_id = make_game(server, variant, hands=4)
    if not server.request("GET", f"/api/games/{game_id}")[1]["finished"]:  # a game of 4 rounds is over by now
        assert server.request("POST", f"/api/games/{game_id}/end", {})[0] == 200
    page.goto(f"/games/{game_id}")
    expect(page.get_by_role("button", name="Share the result")).to_be_visible()


def unlock_page(page: Page, server, variant: str) -> None:
    page.goto(f"/games/{make_game(server, variant, pin=PIN)}/unlock")


def wrong_pin(page: Page, server, variant: str) -> None:
    unlock_page(page, server, variant)
    page.locator("#pin").fill("9999")
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("alert")).to_be_visible()


def not_found(page: Page, server, variant: str) -> None:
    page.goto("/games/no-such-game")


def stale_csrf(page: Page, server, variant: str) -> None:
    """A form whose security token no longer matches (a page left open from an earlier visit)."""
    page.goto(f"/games/new/{variant}")
    page.evaluate("t => document.querySelector('input[name=csrf_token]').value = t", WRONG_TOKEN)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("That did not work")


def home(page: Page, server, variant: str) -> None:
    make_game(server, variant, hands=1)
    finished = make_game(server, variant, hands=1)
    server.request("POST", f"/api/games/{finished}/end", {})
    page.goto("/")


def choose_variant(page: Page, server, variant: str) -> None:
    page.goto("/games/new")


def players(page: Page, server, variant: str) -> None:
    """Players rated in every variant: the widest the rating column gets."""
    for each in VARIANTS:
        server.request("POST", f"/api/games/{make_game(server, each, hands=1)}/end", {})
    page.goto("/players")


def player(page: Page, server, variant: str) -> None:
    make_game(server, variant, hands=1)
    page.goto("/players/Ann")


def rename(page: Page, server, variant: str) -> None:
    make_game(server, variant, hands=1)
    page.goto("/players/Ann/rename?name=Annie")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rename Ann to Annie?")


@dataclass(frozen=True)
class State:
    name: str
    visit: Callable[[Page, object, str], None]
    variants: tuple[str, ...] = VARIANTS


STATES = [
    State("new-game", new_game_form),
    State("house-rules", house_rules_open),
    State("hand-form-open", everything_open),
    State("game", game_page),
    State("failed-meld", failed_meld, MARKED),
    State("hand-form", hand_form),
    State("refused", refused_hand),
    State("correction", correction_form),
    State("conflict", conflict_box),
    State("table", table_display),
    State("finished", finished_game),
    State("unlock", unlock_page),
    State("wrong-pin", wrong_pin),
    State("not-found", not_found, ("ponytail",)),
    State("stale-csrf", stale_csrf, ("ponytail",)),
    State("home", home, ("ponytail",)),
    State("choose-variant", choose_variant, ("ponytail",)),
    State("players", players, ("ponytail",)),
    State("player", player, ("ponytail",)),
    State("rename", rename, ("ponytail",)),
]
CASES = [(state, variant) for state in STATES for variant in state.variants]
CASE_IDS = [f"{state.name}-{variant}" for state, variant in CASES]


def enlarge_text(page: Page, percent: int) -> None:
    """A phone's larger text setting: the root font size times percent (every size in rem/em follows).

    Set through the CSSOM, which the page's CSP allows (an injected <style> would be refused);
    Chromium's device-scale or page-scale factors magnify pixels and would not reflow the text.
    """
    page.wait_for_load_state()  # the stylesheet in place, after a form's answer too
    page.evaluate("document.documentElement.style.fontSize = ''")  # from the page's own size, however often called
    before = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    page.evaluate("p => document.documentElement.style.fontSize = `${112.5 * p / 100}%`", percent)
    after = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert after == before * percent / 100, (before, after)


def in_view(locator) -> bool:
    """Whether the element is wholly on the screen as the page is scrolled now."""
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); "
                            "return r.top >= 0 && r.bottom <= innerHeight; }")


def headings(page: Page) -> list[int]:
    return page.evaluate("""[...document.querySelectorAll('h1,h2,h3,h4,h5,h6')]
        .filter(h => !h.closest('[hidden], template')).map(h => Number(h.tagName[1]))""")


def skipped_levels(levels: list[int]) -> list[tuple[int, int]]:
    """Pairs (heading, next heading) where the next goes down more than one level."""
    return [(a, b) for a, b in zip([0, *levels], levels) if b > a + 1]


# Controls the players tap; a link in a sentence is exempt (WCAG 2.5.8), a hidden chip radio's label is the target.
CONTROLS_JS = """() => {
  // checkVisibility: not inside a closed <details> (whose content keeps a layout box), nor see-through
  const seen = e => { const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && e.checkVisibility({opacityProperty: true, visibilityProperty: true}); };
  const inSentence = a => getComputedStyle(a).display === 'inline'
    && a.parentElement.textContent.trim().length > a.textContent.trim().length;
  return [...document.querySelectorAll('a[href], button, summary, select, textarea, input:not([type=hidden]), label.chip')]
    .filter(seen).filter(e => !(e.tagName === 'A' && inSentence(e)));
}"""


def small_controls(page: Page, least: float = 44) -> list[str]:
    return page.evaluate(f"""least => ({CONTROLS_JS})().filter(e => {{
        const r = e.getBoundingClientRect(); return r.width < least - 0.5 || r.height < least - 0.5; }})
      .map(e => `${{e.tagName}} "${{(e.textContent || e.id || e.name).trim().slice(0, 40)}}" ` +
                `${{Math.round(e.getBoundingClientRect().width)}}x${{Math.round(e.getBoundingClientRect().height)}}`)""",
                         least)


def overlapping_controls(page: Page) -> list[str]:
    """Pairs of controls drawn over each other (a label around its own input does not count)."""
    return page.evaluate(f"""() => {{
      const all = ({CONTROLS_JS})(), out = [];
      const pinned = e => {{ for (; e; e = e.parentElement) {{
        if (['sticky', 'fixed'].includes(getComputedStyle(e).position)) return e; }} return null; }};
      const name = e => `${{e.tagName}} "${{(e.textContent || e.id || e.name).trim().slice(0, 30)}}"`;
      for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {{
        const a = all[i], b = all[j];
        if (a.contains(b) || b.contains(a)) continue;
        if (pinned(a) !== pinned(b)) continue;  // content passing under a sticky bar: hidden_under_pinned_bars
        const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 1 && h > 1) out.push(`${{name(a)}} / ${{name(b)}}`);
      }}
      return out;
    }}""")


def hidden_under_pinned_bars(page: Page) -> list[str]:
    """Scrolled to the very end: what in the page is still covered by a sticky or fixed bar."""
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    return page.evaluate("""() => {
      const bars = [...document.querySelectorAll('body *')].filter(e => {
        const s = getComputedStyle(e); return (s.position === 'sticky' || s.position === 'fixed')
          && e.getBoundingClientRect().height > 0; });
      const under = [];
      for (const bar of bars) {
        const b = bar.getBoundingClientRect();
        for (const e of document.querySelectorAll('main *')) {
          if (bar.contains(e) || e.contains(bar) || !e.checkVisibility({visibilityProperty: true})) continue;
          if (e.children.length && !e.matches('a, button, summary, label, input')) continue;  // leaves and controls
          const r = e.getBoundingClientRect();
          if (r.width < 1 || r.height < 1) continue;
          const w = Math.min(r.right, b.right) - Math.max(r.left, b.left);
          const h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
          if (w > 1 && h > 1) under.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 30)}"`);
        }
      }
      return under;
    }""")
