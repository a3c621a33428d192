"""Hand and Foot played whole on a 360 x 640 phone (issue 24, "How it is checked"; RULES.md §8): two partnerships
through the real hand form for all four rounds to the game-over box, its chart, score sheet and CSV; three
partnerships playing to 10,000 past round 4; axe and larger text on the Hand and Foot pages.

Every expected number is worked out by hand from RULES.md §8 (clean book 500, dirty 300, wild 1500, red three laid
down 100, going out 100, exact pick-up 100, melded points added, in-hand and unplayed-foot points taken off, red
three held −500, black three held −5), never by calling the scoring code.
"""
from __future__ import annotations

import csv
import io
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.sheet_helpers import hand_rows, pdf_pages, render_png

from .a11y import (
    AXE_OPTIONS,
    enlarge_text,
    headings,
    hidden_under_pinned_bars,
    in_view,
    overlapping_controls,
    small_controls,
)
from .layout import QUARTER, broken_numbers, check_pinned_part, pinned_heights
from .table import (
    enter,
    game_over,
    points,
    preview,
    record,
    side_score,
    tap,
    type_points,
)

pytestmark = pytest.mark.browser

PAIRS = (("Ann", "Bob"), ("Cy", "Di"))
US, THEM = "Ann & Bob", "Cy & Di"  # no name typed: the side is called by its players

# Four rounds, two partnerships, 5 decks. Each round: its minimum, every side's entry, each side's round score and
# the running totals after it, all worked out by hand.
FOUR_ROUNDS = [
    (50,
     [{"natural_canastas": 2, "dirty_canastas": 1, "red_threes": 2, "exact_pickups": 1, "melded": 620,
       "went_out": True},
      {"natural_canastas": 1, "red_threes": 1, "melded": 310, "in_hand": 65, "in_foot": 80, "black_threes": 1}],
     # Us: 2 x 500 + 300 + 2 x 100 red threes + 100 out + 100 pick-up + 620 = 2,320
     # Them: 500 + 100 + 310 − 65 − 80 − 5 (black three held) = 760
     [2320, 760], [2320, 760]),
    (90,
     [{"dirty_canastas": 1, "red_threes_held": 1, "exact_pickups": 2, "melded": 240, "in_hand": 45, "in_foot": 150},
      {"natural_canastas": 3, "dirty_canastas": 2, "wild_canastas": 1, "red_threes": 3, "melded": 1150,
       "went_out": True}],
     # Us: 300 + 2 x 100 pick-ups + 240 − 45 − 150 − 500 (red three held) = 45 → 2,320 + 45 = 2,365
     # Them: 3 x 500 + 2 x 300 + 1,500 + 3 x 100 + 100 out + 1,150 = 5,150 → 760 + 5,150 = 5,910
     [45, 5150], [2365, 5910]),
    (120,
     [{"natural_canastas": 2, "dirty_canastas": 2, "red_threes": 2, "melded": 870, "in_hand": 110, "black_threes": 2},
      {"natural_canastas": 1, "red_threes_held": 1, "melded": 400, "in_hand": 35, "in_foot": 95}],
     # nobody went out (the stock ran out)
     # Us: 2 x 500 + 2 x 300 + 2 x 100 + 870 − 110 − 2 x 5 = 2,550 → 2,365 + 2,550 = 4,915
     # Them: 500 + 400 − 35 − 95 − 500 = 270 → 5,910 + 270 = 6,180
     [2550, 270], [4915, 6180]),
    (150,
     [{"natural_canastas": 4, "dirty_canastas": 1, "wild_canastas": 1, "red_threes": 1, "exact_pickups": 1,
       "melded": 1335, "went_out": True},
      {"red_threes": 1, "melded": 180, "in_hand": 210, "in_foot": 175, "black_threes": 1}],
     # Us: 4 x 500 + 300 + 1,500 + 100 + 100 out + 100 pick-up + 1,335 = 5,435 → 4,915 + 5,435 = 10,350
     # Them: 100 + 180 − 210 − 175 − 5 = −110 → 6,180 − 110 = 6,070
     [5435, -110], [10350, 6070]),
]
# Us win by 10,350 − 6,070 = 4,280

TRIO_NAMES = ("Reds", "Blues", "Greens")
THREE_PAIRS = (("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"))
# Three partnerships (7 decks) playing to 10,000: rounds past 4 keep round 4's minimum, 150.
TO_10000 = [
    (50,
     [{"natural_canastas": 1, "dirty_canastas": 1, "melded": 200, "went_out": True},
      {"natural_canastas": 1, "melded": 150, "in_hand": 40},
      {"melded": 90, "in_hand": 60}],
     # Reds 500 + 300 + 100 out + 200 = 1,100; Blues 500 + 150 − 40 = 610; Greens 90 − 60 = 30
     [1100, 610, 30], [1100, 610, 30]),
    (90,
     [{"natural_canastas": 1, "melded": 120, "in_hand": 25},
      {"natural_canastas": 2, "dirty_canastas": 1, "wild_canastas": 1, "melded": 600, "went_out": True},
      {"dirty_canastas": 1, "red_threes": 1, "melded": 180, "in_hand": 55}],
     # Reds 500 + 120 − 25 = 595 → 1,695; Blues 1,000 + 300 + 1,500 + 100 + 600 = 3,500 → 4,110;
     # Greens 300 + 100 + 180 − 55 = 525 → 555
     [595, 3500, 525], [1695, 4110, 555]),
    (120,
     [{"natural_canastas": 1, "dirty_canastas": 1, "melded": 300, "in_hand": 70},
      {"melded": 130, "in_hand": 20, "in_foot": 200},
      {"natural_canastas": 3, "dirty_canastas": 2, "melded": 700, "went_out": True}],
     # Reds 500 + 300 + 300 − 70 = 1,030 → 2,725; Blues 130 − 20 − 200 = −90 → 4,020;
     # Greens 1,500 + 600 + 100 + 700 = 2,900 → 3,455
     [1030, -90, 2900], [2725, 4020, 3455]),
    (150,
     [{"natural_canastas": 2, "dirty_canastas": 2, "wild_canastas": 1, "red_threes": 2, "melded": 800,
       "went_out": True},
      {"natural_canastas": 1, "melded": 200, "in_hand": 30},
      {"natural_canastas": 1, "dirty_canastas": 1, "melded": 250, "in_hand": 15, "black_threes": 1}],
     # Reds 1,000 + 600 + 1,500 + 200 + 100 + 800 = 4,200 → 6,925; Blues 500 + 200 − 30 = 670 → 4,690;
     # Greens 500 + 300 + 250 − 15 − 5 = 1,030 → 4,485
     [4200, 670, 1030], [6925, 4690, 4485]),
    (150,
     [{"natural_canastas": 2, "melded": 400, "in_hand": 45},
      {"natural_canastas": 2, "dirty_canastas": 1, "melded": 500, "went_out": True},
      {"dirty_canastas": 1, "red_threes_held": 1, "melded": 160, "in_hand": 80}],
     # round 5, past the list of minimums: still 150
     # Reds 1,000 + 400 − 45 = 1,355 → 8,280; Blues 1,000 + 300 + 100 + 500 = 1,900 → 6,590;
     # Greens 300 + 160 − 80 − 500 = −120 → 4,365 (nobody at 10,000 yet: the game goes on)
     [1355, 1900, -120], [8280, 6590, 4365]),
    (150,
     [{"natural_canastas": 3, "dirty_canastas": 1, "wild_canastas": 1, "red_threes": 1, "melded": 700,
       "went_out": True},
      {"natural_canastas": 1, "melded": 200, "in_hand": 50},
      {"natural_canastas": 1, "dirty_canastas": 1, "exact_pickups": 1, "melded": 300}],
     # Reds 1,500 + 300 + 1,500 + 100 + 100 + 700 = 4,200 → 12,480 (past 10,000: the game ends);
     # Blues 500 + 200 − 50 = 650 → 7,240; Greens 500 + 300 + 100 + 300 = 1,200 → 5,565
     [4200, 650, 1200], [12480, 7240, 5565]),
]
# Reds win by 12,480 − 7,240 = 5,240


def fill_pairs(page, pairs, names=None) -> None:
    for i, pair in enumerate(pairs):
        group = page.get_by_role("group", name=f"Partnership {i + 1}")
        for j, name in enumerate(pair):
            group.get_by_label(f"Player {j + 1}").fill(name)
        if names:
            group.get_by_label("Name on the scoreboard").fill(names[i])


def play_round(phone, number: int, heading: str, entries: list, scores: list, totals: list, sides: list) -> None:
    """From the scores page: open the hand form, check its heading, enter every side, check each side's live preview,
    record, and check the running totals on the scores page."""
    page = phone.page
    page.get_by_role("link", name=f"Record round {number}", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    for side, entry in enumerate(entries):
        enter(page, side, entry)
    for side, (name, score) in enumerate(zip(sides, scores)):
        expect(preview(page, name)).to_contain_text(points(score, sign=True))
        expect(page.locator(f"#preview-side-{side}")).to_contain_text(points(score, sign=True))
    expect(page.locator("#preview-bar li")).to_have_text(
        [re.compile(rf"{re.escape(name)}\s+{re.escape(points(s, sign=True))} · ") for name, s in zip(sides, scores)])
    if number == 1:
        phone.shot(f"hand-and-foot-{len(sides)}-sides-round-1-form")
    record(page, number)
    for name, total in zip(sides, totals):
        expect(side_score(page, name)).to_have_text(points(total))


def test_two_partnerships_play_four_rounds_to_the_end(phone):
    page = phone.page
    assert page.viewport_size == {"width": 360, "height": 640}
    page.goto("/games/new/hand-and-foot")
    expect(page.get_by_role("button", name="Partnerships")).to_have_attribute("aria-pressed", "true")  # the default
    fill_pairs(page, PAIRS)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{US} v {THEM}")

    for number, (minimum, entries, scores, totals) in enumerate(FOUR_ROUNDS, start=1):
        expect(page.get_by_text(f"Round {number} of 4", exact=True)).to_be_visible()
        expect(page.locator(".min-meld.everyone")).to_have_text(f"Minimum {minimum} for everyone")
        play_round(phone, number, f"Round {number} of 4 \u2014 minimum {minimum} for everyone", entries, scores,
                   totals, [US, THEM])
        if number < 4:
            expect(page.get_by_role("heading", name="Game over")).to_have_count(0)

    over = game_over(page)
    expect(over).to_contain_text(f"{US} win by 4,280.")  # 10,350 − 6,070
    expect(over.get_by_role("table", name="Final scores")).to_contain_text("10,350")
    assert over.get_by_role("table", name="Final scores").locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))") == [
        ["1", US, "10,350"], ["2", THEM, "6,070"]]
    expect(page.get_by_role("link", name=re.compile(r"^Record round"))).to_have_count(0)  # no round 5
    expect(page.locator(".min-meld")).to_have_count(0)
    rounds = page.get_by_role("region", name="Rounds")
    expect(rounds.locator(".hand > summary")).to_have_count(4)
    expect(rounds.locator(".hand > summary").first).to_contain_text("Round 4")
    expect(rounds.locator(".hand > summary").first).to_contain_text("\u2212110")
    phone.shot("hand-and-foot-game-over")

    chart = page.get_by_role("img", name=re.compile("^Running totals, round by round"))
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)
    expect(chart).to_have_accessible_name(re.compile(
        rf"{US}: 0, 2,320, 2,365, 4,915, 10,350\. {THEM}: 0, 760, 5,910, 6,180, 6,070\."))
    page.locator("#chart").scroll_into_view_if_needed()
    phone.shot("hand-and-foot-chart")

    # the score sheet: the link on the game-over box opens a PDF with every round's totals and the books' words
    with page.expect_response(re.compile(r"/sheet\.pdf$")) as answer:
        page.get_by_role("link", name="Print the score sheet").click()
    assert answer.value.ok and answer.value.headers["content-type"] == "application/pdf"
    # the browser shows it in its PDF viewer (whose page is the answer's body here): the same address, downloaded
    download = page.request.get(answer.value.url)
    assert download.ok and download.headers["content-type"] == "application/pdf"
    sheet = download.body()
    assert sheet.startswith(b"%PDF")
    page.go_back()
    expect(game_over(page)).to_be_visible()
    text = " ".join(pdf_pages(sheet)[0]["text"].split())
    for words in ("Score sheet · Hand and Foot", "4 rounds", f"Result: {US} won with 10,350, by 4,280",
                  "C clean books", "D dirty books", "W wild books", "Running totals, round by round"):
        assert words in text, (words, text)
    rows = {number: " ".join(word for word, _ in row) for number, row in hand_rows(sheet).items()}
    assert sorted(rows) == ["1", "2", "3", "4"]
    for number, (_, _, scores, totals) in enumerate(FOUR_ROUNDS, start=1):
        # each side's round score, then its running total, Us first: "... 2,320 2,320 1 1 1 310 65 80 760 760"
        said = [f"{points(score)} {points(total)}" for score, total in zip(scores, totals)]
        assert re.search(rf"{said[0]} .* {said[1]}$", rows[str(number)]), (number, said, rows[str(number)])
    render_png(sheet, "hand-and-foot-score-sheet")  # test-artifacts/hand-and-foot-score-sheet.png, to look at

    with page.expect_download() as download:
        page.get_by_role("link", name="Download the scores (CSV)").click()
    table = list(csv.DictReader(io.StringIO(open(download.value.path(), encoding="utf-8-sig").read())))
    assert [r["Round"] for r in table] == ["1", "2", "3", "4"]
    for row, (_, entries, scores, totals) in zip(table, FOUR_ROUNDS):
        for name, entry, score, total in zip((US, THEM), entries, scores, totals):
            assert int(row[f"{name}: round score"]) == score
            assert int(row[f"{name}: running total"]) == total
            assert int(row[f"{name}: Clean books"]) == entry.get("natural_canastas", 0)


def test_three_partnerships_play_past_round_4_to_10000(phone):
    page = phone.page
    page.goto("/games/new/hand-and-foot")
    page.get_by_role("button", name="Add a partnership").click()
    expect(page.get_by_role("group", name="Partnership 3")).to_be_visible()
    fill_pairs(page, THREE_PAIRS, TRIO_NAMES)
    page.get_by_role("button", name="Play to a score instead of 4 rounds").click()
    expect(page.get_by_label("Play to")).to_have_value("10000")
    expect(page.get_by_label("Round limit")).to_have_value("")
    expect(page.get_by_role("group", name="Partnership 3").get_by_label("Name on the scoreboard")).to_have_value(
        "Greens")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Reds v Blues v Greens")
    expect(page.locator(".side-card")).to_have_count(3)

    for number, (minimum, entries, scores, totals) in enumerate(TO_10000, start=1):
        played = {1: "0 rounds", 2: "1 round"}.get(number, f"{number - 1} rounds")
        expect(page.get_by_text(f"{played} played \u00b7 to 10,000", exact=True)).to_be_visible()
        expect(page.locator(".min-meld.everyone")).to_have_text(f"Minimum {minimum} for everyone")
        play_round(phone, number, f"Round {number} \u2014 minimum {minimum} for everyone", entries, scores, totals,
                   list(TRIO_NAMES))
        if number < len(TO_10000):
            expect(page.get_by_role("heading", name="Game over")).to_have_count(0)
            expect(page.get_by_role("link", name=f"Record round {number + 1}", exact=True)).to_be_visible()
        if number == 4:  # the rounds limit is off: round 5 is offered, at round 4's minimum
            expect(page.locator(".min-meld.everyone")).to_have_text("Minimum 150 for everyone")
            expect(page.locator(".to-go")).to_have_text(["3,075 to go", "5,310 to go", "5,515 to go"])

    over = game_over(page)
    expect(over).to_contain_text("Reds win by 5,240.")  # 12,480 − 7,240
    expect(over).to_contain_text("Reds reached 10,000.")
    expect(page.get_by_text("6 rounds played \u00b7 to 10,000", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(r"^Record round"))).to_have_count(0)  # no round 7
    expect(page.locator(".side-card.winner .side-name")).to_have_text(["Reds"])
    phone.shot("hand-and-foot-three-pairs-game-over")


# ---- axe and larger text on the Hand and Foot pages -------------------------------------------------------------

def make_game(server, pairs: int = 2, rounds: int = 1, **options) -> str:
    """A Hand and Foot game of `pairs` partnerships with the first `rounds` rounds of FOUR_ROUNDS recorded through
    the API (a third partnership scoring nothing)."""
    sides = [{"name": n, "players": list(p)} for n, p in zip(("Us", "Them", "Others"), THREE_PAIRS)][:pairs]
    status, game = server.request("POST", "/api/games", {"variant": "hand-and-foot", "sides": sides,
                                                         **({"options": options} if options else {})})
    assert status == 201, game
    for _, entries, _, _ in FOUR_ROUNDS[:rounds]:
        hand = {"entries": [*entries, *[{}] * (pairs - 2)]}
        status, body = server.request("POST", f"/api/games/{game['id']}/hands", hand)
        assert status == 201, body
    return game["id"]


def fill_big_round(page, pairs: int) -> None:
    """Every side's round on the form: books, threes and points, so the preview draws five-digit numbers."""
    tap(page, 0, "natural_canastas", 6)  # 5+ and the number typed
    tap(page, 0, "wild_canastas", 2)
    tap(page, 0, "red_threes", 3)
    type_points(page, 0, "melded", 1450)
    for side in range(1, pairs):
        tap(page, side, "dirty_canastas", 2)
        tap(page, side, "black_threes", 1)
        type_points(page, side, "melded", 300)
        type_points(page, side, "in_hand", 85)
    # 6 x 500 + 2 x 1,500 + 3 x 100 + 1,450 = 7,750; 2 x 300 − 5 + 300 − 85 = 810
    expect(page.locator("#preview-bar li")).to_have_text(
        [re.compile(r"\+7,750 · "), *[re.compile(r"\+810 · ")] * (pairs - 1)])


def visit_game(page, server) -> None:
    page.goto(f"/games/{make_game(server, rounds=2)}")
    page.locator(".history .hand > summary").first.click()
    expect(page.get_by_role("link", name="Correct round 2")).to_be_visible()


def visit_hand_form(page, server) -> None:
    page.goto(f"/games/{make_game(server)}/hands/new")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 4 \u2014 minimum 90 for everyone")
    fill_big_round(page, 2)
    page.locator(".side-preview summary").first.click()


def visit_game_over(page, server) -> None:
    page.goto(f"/games/{make_game(server, rounds=4)}")
    expect(game_over(page)).to_contain_text("Us win by 4,280.")


PAGES = {"game": visit_game, "hand-form": visit_hand_form, "game-over": visit_game_over}


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("where", list(PAGES))
def test_axe_finds_nothing_on_the_hand_and_foot_pages(phone, server, axe, where, scheme):
    page = phone.page
    page.emulate_media(color_scheme=scheme)
    PAGES[where](page, server)
    results = axe.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert headings(page).count(1) == 1
    phone.shot(f"hand-and-foot-axe-{where}-{scheme}")


def record_in_view_scrolled_down(page, record) -> None:
    """test_large_text's check_pinned_part without its first screen (see the test after this one): at most a quarter
    of the screen pinned, nothing sideways, and Record whole on the screen half way down and at the end."""
    heights = pinned_heights(page)
    assert heights and sum(heights) <= QUARTER, heights
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    end = page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
    for y in (end // 2, end):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert in_view(record), f"Record is off the screen scrolled to {y}"
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("pairs", [2, 3])
@pytest.mark.parametrize("percent", [150, 200])
def test_the_hand_form_at_larger_text(phone, server, pairs, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server, pairs)}/hands/new")
    enlarge_text(page, percent)
    fill_big_round(page, pairs)
    page.locator(".side-preview summary").first.click()  # how it adds up: more numbers
    record_in_view_scrolled_down(page, page.get_by_role("button", name="Record round 2"))
    assert broken_numbers(page) == []
    assert small_controls(page) == []
    assert overlapping_controls(page) == []
    assert hidden_under_pinned_bars(page) == []
    phone.shot(f"hand-and-foot-hand-form-{pairs}-pairs-{percent}")


@pytest.mark.parametrize("percent", [150, 200])
def test_record_is_whole_on_the_first_screen_of_the_hand_form(phone, server, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server)}/hands/new")
    enlarge_text(page, percent)
    check_pinned_part(page, page.get_by_role("button", name="Record round 2"), whole_page=True)


@pytest.mark.parametrize("pairs", [2, 3])
@pytest.mark.parametrize("percent", [150, 200])
def test_the_game_page_at_larger_text(phone, server, pairs, percent):
    page = phone.page
    page.goto(f"/games/{make_game(server, pairs, rounds=2, target=10000, max_hands=None)}")
    enlarge_text(page, percent)
    check_pinned_part(page, page.get_by_role("link", name="Record round 3"), whole_page=False)
    page.locator(".history .hand > summary").first.click()  # the round's breakdown: more numbers
    expect(page.get_by_role("link", name="Correct round 2")).to_be_visible()
    assert broken_numbers(page) == []
    assert small_controls(page) == []
    assert overlapping_controls(page) == []
    assert hidden_under_pinned_bars(page) == []
    phone.shot(f"hand-and-foot-game-{pairs}-pairs-{percent}")
