"""Issue 31, item 3: on a 360 x 640 phone no label breaks inside a word, in any language ("Gemisc / hte", "Ausgel /
egte Punkte", "Canasta / s limpias", "Partnership / s" were seen). Every label, legend, button and chip of every form
is checked, each word's own line boxes (Range.getClientRects) on one line; a break after a hyphen or a slash is a
break between parts, and so allowed. Every house rule and card counter is opened first, so its labels are checked too.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import lang

from .a11y import PIN, VARIANTS, make_game
from .devices import PHONE, Page

pytestmark = pytest.mark.browser

PHONES = {"en": "en-US", "es": "es-ES", "pt_BR": "pt-BR", "it": "it-IT", "de": "de-DE"}  # a phone in each language

BROKEN_WORDS_JS = r"""() => {
  // what opens: every house rule, every card counter
  document.querySelectorAll('form details').forEach(d => d.open = true);
  document.querySelectorAll('.mode input[value=count]').forEach(r => r.checked = true);
  const named = ':is(form, .side-panel) :is(label, legend, .label, summary, button, .chip, th, .who, h2, .group-head)';
  const broken = [];
  for (const root of document.querySelectorAll(named)) {
    if (!root.checkVisibility({visibilityProperty: true}) || root.getBoundingClientRect().width <= 1) continue;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (node.parentElement.closest('.visually-hidden')) continue;
      for (const word of node.data.matchAll(/[^\s\-\u2010\u2013\u2014\/]+/g)) {
        const r = document.createRange();
        r.setStart(node, word.index); r.setEnd(node, word.index + word[0].length);
        const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.bottom)));
        if (lines.size > 1) broken.push(`"${word[0]}" in ${root.tagName.toLowerCase()}.${root.className} "${root.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}"`);
      }
    }
  }
  return [...new Set(broken)];
}"""


def new_game_form(page, server, variant):
    page.goto(f"/games/new/{variant}")


def other_seating(page, server, variant):
    """The new-game form switched to its other seating (partnerships or alone), where a variant has one."""
    page.goto(f"/games/new/{variant}")
    other = [b.get_attribute("value") for b in page.locator(".chips.layout .chip:not(.on)").all()]
    for value in other:  # none, or the one other seating
        page.locator(f'.chips.layout .chip[value="{value}"]').click()
        expect(page.locator(f'.chips.layout .chip[value="{value}"]')).to_have_attribute("aria-pressed", "true")


def hand_form(page, server, variant):
    page.goto(f"/games/{make_game(server, variant, hands=1)}/hands/new")


def correction_form(page, server, variant):
    page.goto(f"/games/{make_game(server, variant, hands=1)}/hands/1/edit")


def club_night_form(page, server, variant):
    page.goto("/events/new")


def unlock_form(page, server, variant):
    page.goto(f"/games/{make_game(server, variant, pin=PIN)}/unlock")


def player_forms(page, server, variant):
    make_game(server, variant, hands=1)
    page.goto("/players/Ann")


FORMS = {"new-game": (new_game_form, VARIANTS), "other-seating": (other_seating, VARIANTS),
         "hand": (hand_form, VARIANTS), "correction": (correction_form, ("classic",)),
         "club-night": (club_night_form, ("ponytail",)), "unlock": (unlock_form, ("ponytail",)),
         "player": (player_forms, ("ponytail",))}
CASES = [(form, variant, code) for code in lang.LANGUAGES for form, (_visit, variants) in FORMS.items()
         for variant in variants]


@pytest.fixture(scope="module")
def phones(chromium, server):
    """One phone per language for the whole module (a new browser context per form was most of the time spent)."""
    opened: dict[str, Page] = {}
    yield opened
    for phone in opened.values():
        phone.context.close()


@pytest.fixture
def phone_in(phones, chromium, server):
    def open_phone(code: str) -> Page:
        if code not in phones:
            phones[code] = Page(chromium, server, PHONE, locale=PHONES[code])
        return phones[code]

    yield open_phone
    complaints = {code: phone.console[:] for code, phone in phones.items() if phone.console}
    for phone in phones.values():
        phone.console.clear()
    assert complaints == {}, "the browser complained (CSP or a script error)"


def test_every_language_has_a_phone():
    assert set(PHONES) == set(lang.LANGUAGES)


@pytest.mark.parametrize("form, variant, code", CASES, ids=[f"{f}-{v}-{c}" for f, v, c in CASES])
def test_no_label_breaks_inside_a_word_at_360_px(phone_in, server, form, variant, code):
    phone = phone_in(code)
    page = phone.page
    FORMS[form][0](page, server, variant)
    expect(page.locator("html")).to_have_attribute("lang", code.replace("_", "-"))
    broken = page.evaluate(BROKEN_WORDS_JS)
    assert broken == [], "\n".join(broken)
