"""Words drawn broken over two lines (a break inside a word: "Qu/an/do", "Se/at"), for the browser tests."""
from __future__ import annotations

SPLIT_WORDS_JS = r"""sel => { const broken = [];
  for (const root of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const hidden = node.parentElement.closest('.visually-hidden, thead'); // a head only screen readers hear
      if ((hidden && hidden.getBoundingClientRect().width <= 1) || !node.parentElement.checkVisibility()) continue;
      for (const w of node.data.matchAll(/[^\s\-\/]+/g)) {
        const r = document.createRange(); r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
        if (new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.bottom))).size > 1)
          broken.push(w[0]);
      } } }
  return broken; }"""


def split_words(page, selector: str) -> list[str]:
    """Every word inside `selector` (a hyphen or a slash may end a line) whose letters are drawn on two lines."""
    return page.evaluate(SPLIT_WORDS_JS, selector)
