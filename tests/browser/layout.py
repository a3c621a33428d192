"""What the browser tests measure of a page's layout: the boxes pinned to the screen, numbers and words drawn over two
lines, elements wider than their box, and the sizes of a laptop and a TV (kept here so that no test module imports
another)."""
from __future__ import annotations

from .a11y import in_view

QUARTER = 640 / 4  # a quarter of a 360 x 640 phone's screen
TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}


def pinned_heights(page) -> list[float]:
    """The height of every sticky or fixed box the page draws (a hidden one has none)."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => {
        const s = getComputedStyle(e); return s.position === 'sticky' || s.position === 'fixed'; })
      .map(e => e.getBoundingClientRect().height).filter(h => h > 0)""")


def broken_numbers(page) -> list[str]:
    """Every number on the page (a sign, digits and thousands commas) that is drawn on more than one line."""
    return page.evaluate(r"""() => {
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), broken = [];
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          for (const n of node.data.matchAll(/[+\-\u2212]?\d[\d,.]*/g)) {
            const r = document.createRange();
            r.setStart(node, n.index); r.setEnd(node, n.index + n[0].length);
            const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
            if (lines.size > 1) broken.push(`${n[0]} in ${node.parentElement.className || node.parentElement.tagName}`);
          }
        }
        return broken; }""")


def check_pinned_part(page, record, whole_page: bool) -> None:
    """At most a quarter of the screen is pinned, and Record is in it at the top of the page (and, on the hand
    form, all the way down; the game page's Record stops at its place under the scores)."""
    heights = pinned_heights(page)
    assert heights and sum(heights) <= QUARTER, heights
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth"), "the page scrolls sideways"
    end = page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
    for y in (0, end // 2, end) if whole_page else (0,):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert in_view(record), f"Record is off the screen scrolled to {y}"
    page.evaluate("window.scrollTo(0, 0)")


def broken_words(page, selector: str) -> list[str]:
    """Words inside `selector` drawn over two lines (a break inside a word)."""
    return page.evaluate(r"""(selector) => {
        const broken = [];
        for (const root of document.querySelectorAll(selector)) {
          const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walk.nextNode(); node; node = walk.nextNode()) {
            if (!node.parentElement.checkVisibility()) continue;
            for (const w of node.data.matchAll(/\S{2,}/gu)) {
              const r = document.createRange();
              r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
              const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
              if (lines.size > 1) broken.push(w[0]);
            }
          }
        }
        return broken; }""", selector)


def overflowing(page, selector: str) -> list[str]:
    """Elements matching `selector` wider than the screen, or than the box they sit in."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter(e =>
        e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
        || e.scrollWidth > e.parentElement.clientWidth + 0.5).map(e => e.className)""", selector)
