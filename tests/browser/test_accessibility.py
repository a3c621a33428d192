"""Accessible, readable, dark (issue 13 part 3): every page and state, light and dark, at larger text sizes.

axe-core (WCAG 2.1 AA, colour contrast included) finds nothing; one h1 and no skipped heading level;
a description for every page; at 150% and 200% text on a 360 px phone nothing scrolls sideways, nothing
is covered, and every control stays at least 44 by 44 px. Screenshots go to test-artifacts/screenshots.
"""
import importlib

import pytest
from axe_playwright_python.sync_playwright import Axe

from scoring import new_game, register, unregister
from tests.toy_variant import VARIANT as TOY

from . import a11y
from .a11y import (
    AXE_OPTIONS,
    CASE_IDS,
    CASES,
    NAMES,
    VARIANTS,
    enlarge_text,
    headings,
    hidden_under_pinned_bars,
    overlapping_controls,
    skipped_levels,
    small_controls,
    table_display,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def axe():
    return Axe()


def test_every_registered_variant_is_visited_on_every_page_of_a_variant():
    """A variant registered is on the list without editing it (Toy Canasta, known to the tests only, stands in for
    a new one), seated so a game of it starts, on every page each variant has."""
    register(TOY)
    try:
        fresh = importlib.reload(a11y)
        per_variant = {s.name for s in fresh.STATES if len(s.variants) > 1}
        assert per_variant >= {"new-game", "game", "hand-form", "correction", "conflict", "table", "finished", "unlock",
                               "wrong-pin"}, per_variant
        assert {s.name for s, v in fresh.CASES if v == TOY.id} == per_variant
        for variant_id in fresh.VARIANTS:
            new_game(fresh.REGISTERED[variant_id], {"variant": variant_id, "sides": fresh.NAMES[variant_id]})  # no Refused
    finally:
        unregister(TOY.id)
        importlib.reload(a11y)
    assert set(VARIANTS) == set(a11y.REGISTERED) and {v for s, v in CASES if s.name == "game"} == set(VARIANTS)
    assert {v for s, v in CASES if s.name == "failed-meld"} == {v for v in VARIANTS if a11y.REGISTERED[v].marks}


@pytest.mark.parametrize(("state", "variant"), CASES, ids=CASE_IDS)
def test_every_page_reads_in_light_and_dark_and_at_larger_text(phone, server, axe, state, variant):
    """One visit per page and state (the suite's time is spent on visits): axe and the outline in light and dark,
    then 150% and 200% text."""
    page = phone.page
    state.visit(page, server, variant)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        phone.shot(f"a11y-{state.name}-{variant}-{scheme}-100")
        results = axe.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, (scheme, results.generate_report())
    levels = headings(page)
    assert levels.count(1) == 1, levels
    assert skipped_levels(levels) == [], levels
    description = page.locator('meta[name="description"]').get_attribute("content")
    assert len(description.strip()) >= 30, description
    page.emulate_media(color_scheme="light")
    for percent in (150, 200):
        enlarge_text(page, percent)
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), \
            (percent, page.evaluate("document.scrollingElement.scrollWidth"))
        assert small_controls(page) == [], percent
        assert overlapping_controls(page) == [], percent
        assert hidden_under_pinned_bars(page) == [], percent
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        phone.shot(f"a11y-{state.name}-{variant}-{scheme}-200")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_display_totals_read_from_across_the_table(tablet, server, variant, scheme):
    page = tablet.page
    page.emulate_media(color_scheme=scheme)
    table_display(page, server, variant)
    sizes = page.locator(".score").evaluate_all("all => all.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert len(sizes) == len(NAMES[variant]) and min(sizes) >= 64, sizes  # three and a half times the body text
    tablet.shot(f"a11y-table-{variant}-tablet-{scheme}")
