"""German (the longest words) and Brazilian Portuguese on a 360 x 640 phone with text at 200% (issue 25): the home page,
the new-game form, a game page and the hand form scroll only down, axe finds nothing, nothing is cut off or covered,
no number breaks over two lines; and the language menu switches a phone to German for good.

The phone asks in its own language (Playwright's locale sets Accept-Language), as a phone at the table would.
Until the catalogs are written the pages are English with `<html lang="de">`; from then on each page must also read
differently from its English self, so a catalog that compiles but is not used fails here.
Screenshots: test-artifacts/screenshots/i18n-*.png.
"""
from __future__ import annotations

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import lang

from .a11y import enlarge_text, hidden_under_pinned_bars, make_game, overlapping_controls, small_controls
from .devices import PHONE, SCREENSHOTS, Page
from .table import type_points
from .layout import broken_numbers

pytestmark = pytest.mark.browser
AXE_OPTIONS = {"resultTypes": ["violations"],
               "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
LANGUAGES = {"de": "de-DE", "pt_BR": "pt-BR"}  # Meldbook's code → the phone's own locale
VARIANTS = ("ponytail", "hand-and-foot")  # partnerships, and the game with the most words (books, foot, hand)


def has_catalog(code: str) -> bool:
    return os.path.exists(os.path.join(lang.TRANSLATIONS, code, "LC_MESSAGES", f"{lang.DOMAIN}.mo"))


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.fixture
def phone_in(chromium, server):
    opened = []

    def open_phone(locale: str | None) -> Page:
        """A phone whose browser speaks `locale` (its Accept-Language)."""
        opened.append(Page(chromium, server, PHONE, **({"locale": locale} if locale else {})))
        return opened[-1]

    yield open_phone
    for phone in opened:
        phone.context.close()
    assert [p.console for p in opened] == [[] for _ in opened], "the browser complained (CSP or a script error)"


def home(page, server, variant):
    make_game(server, variant, hands=1)
    page.goto("/")


def new_game_form(page, server, variant):
    page.goto(f"/games/new/{variant}")


def game_page(page, server, variant):
    """Hands recorded a moment ago (the Undo bar shows), the first hand's breakdown opened."""
    page.goto(f"/games/{make_game(server, variant, hands=3)}")
    expect(page.locator(".undo-bar")).to_be_visible()
    summary = page.locator(".history .hand > summary").first
    summary.click()
    expect(summary.locator("xpath=..")).to_have_attribute("open", "")
    page.wait_for_load_state("networkidle")


def hand_form(page, server, variant):
    """The hand form with a number typed, so the live preview has been drawn."""
    page.goto(f"/games/{make_game(server, variant, hands=1)}/hands/new")
    with page.expect_response(lambda r: "/hands/preview" in r.url):
        type_points(page, 0, "melded", 1230)


PAGES = {"home": (home, ("ponytail",)), "new-game": (new_game_form, VARIANTS), "game": (game_page, VARIANTS),
         "hand-form": (hand_form, VARIANTS)}
CASES = [(name, variant, code) for code in LANGUAGES for name, (_visit, variants) in PAGES.items()
         for variant in variants]


def cut_off(page) -> list[str]:
    """Text clipped by its box (overflow hidden or an ellipsis with more inside than shown), or drawn past the
    screen's right edge: a long German word that does not fit."""
    return page.evaluate("""() => {
      const out = [], W = document.documentElement.clientWidth;
      for (const e of document.querySelectorAll('body *')) {
        if (!e.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const s = getComputedStyle(e), r = e.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2 || s.clipPath !== 'none' || s.clip !== 'auto') continue;  // visually hidden
        const name = `${e.tagName}.${e.className} "${(e.textContent || '').trim().slice(0, 40)}"`;
        const clips = ['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis';
        if (clips && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim()) out.push(`${name} clipped sideways`);
        const clipsY = ['hidden', 'clip'].includes(s.overflowY);
        if (clipsY && e.scrollHeight > e.clientHeight + 1 && e.textContent.trim()) out.push(`${name} clipped below`);
        if (r.right > W + 1 && e.closest('main, header, footer')) out.push(`${name} past the right edge`);
      }
      return out;
    }""")


def broken_words(page) -> list[str]:
    """Words drawn over two lines without a hyphen ("Partnership" / "s" in a narrow chip)."""
    return page.evaluate(r"""() => {
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), broken = [];
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          if (!node.parentElement.checkVisibility()) continue;
          for (const w of node.data.matchAll(/\p{L}{2,}/gu)) {
            const r = document.createRange();
            r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
            const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
            if (lines.size > 1) broken.push(`${w[0]} in ${node.parentElement.tagName}.${node.parentElement.className}`);
          }
        }
        return broken; }""")


def note_broken_words(name: str, words: list[str]) -> None:
    """Words broken mid-word are written down for a person to judge (the CSS breaks a long word rather than scroll
    sideways, so this is no failure): test-artifacts/i18n-broken-words.txt."""
    if words:
        SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
        with open(SCREENSHOTS.parent / "i18n-broken-words.txt", "a", encoding="utf-8") as out:
            out.write(f"{name}: {', '.join(dict.fromkeys(words))}\n")


def english_text(chromium, server, path: str) -> str:
    """The same page's text as an English phone reads it."""
    context = chromium.new_context(viewport=PHONE, base_url=server.url, locale="en-US")
    try:
        page = context.new_page()
        page.goto(path)
        return page.locator("main").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize(("name", "variant", "code"), CASES, ids=[f"{n}-{v}-{c}" for n, v, c in CASES])
def test_a_long_language_fits_a_phone_at_200_percent(phone_in, chromium, server, axe, name, variant, code):
    phone = phone_in(LANGUAGES[code])
    page = phone.page
    PAGES[name][0](page, server, variant)
    assert page.locator("html").get_attribute("lang") == code.replace("_", "-")
    if has_catalog(code):  # once the language is translated, the page must be in it
        assert page.locator("main").inner_text() != english_text(chromium, server, page.url), \
            f"{name} reads the same as in English although {code}'s catalog exists"
    enlarge_text(page, 200)
    phone.shot(f"i18n-{name}-{variant}-{code}-200")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), \
        f"scrolls sideways: {page.evaluate('document.scrollingElement.scrollWidth')} px wide"
    assert cut_off(page) == []
    assert broken_numbers(page) == []
    note_broken_words(f"{name}-{variant}-{code}-200", broken_words(page))
    assert small_controls(page) == []
    assert overlapping_controls(page) == []
    assert hidden_under_pinned_bars(page) == []
    page.evaluate("window.scrollTo(0, 0)")
    results = axe.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_the_language_menu_switches_to_german_for_good(phone_in, server):
    phone = phone_in(None)  # a phone with no language of its own: English
    page = phone.page
    game_id = make_game(server, "ponytail", hands=1)
    page.goto(f"/games/{game_id}/hands/new")
    assert page.locator("html").get_attribute("lang") == "en"
    menu = page.locator("footer.language-menu")
    german = menu.locator('a[hreflang="de"]')
    expect(german).to_be_hidden()  # one row at the foot until it is opened
    menu.get_by_text("Language: English").click()
    expect(german).to_have_text("Deutsch")
    german.click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/games/{game_id}/hands/new"), "the menu went back to the page it was chosen on"
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(menu.locator('a[hreflang="de"]')).to_have_attribute("aria-current", "true")
    with lang.using("de"):
        label = lang._("Language")
    expect(menu.locator("nav")).to_have_attribute("aria-label", label)
    phone.shot("i18n-menu-german")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    phone.shot("i18n-menu-german-home")
    # and back to English the same way
    with lang.using("de"):
        opener = lang._("Language") + ": Deutsch"
    menu.get_by_text(opener).click()
    menu.locator('a[hreflang="en"]').click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
