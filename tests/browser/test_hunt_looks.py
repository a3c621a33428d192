"""What a picky player saw on a 360 px phone, each pinned after it was fixed: real scores (five digits) and
real long names at larger text, table headings broken in the middle of a word, the variant's name cut off
in the top bar, the share panel that did not look like it opens, and the chart's words."""
import pytest
from playwright.sync_api import expect

from .a11y import enlarge_text

pytestmark = pytest.mark.browser

PAIRS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
# a real Greek surname: one word longer than a phone is wide at 200% text
LONG = "Konstantinopoulos"


def make_game(server, sides, hands=(), **options) -> str:
    status, game = server.request("POST", "/api/games", {"variant": "ponytail", "sides": sides, "options": options})
    assert status == 201, game
    for hand in hands:
        status, body = server.request("POST", f"/api/games/{game['id']}/hands", hand)
        assert status == 201, body
    return game["id"]


def scrolls_sideways(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth > innerWidth")


def broken_words(locator) -> list[str]:
    """Words drawn on two lines or more (a word's range has one box per line it takes)."""
    return locator.evaluate_all("""all => all.flatMap(e => {
        const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), broken = [];
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          for (const word of node.data.matchAll(/\\S+/g)) {
            const r = document.createRange();
            r.setStart(node, word.index); r.setEnd(node, word.index + word[0].length);
            if ([...r.getClientRects()].filter(b => b.width > 0).length > 1) broken.push(word[0]);
          }
        }
        return broken; })""")


# a hand of the middle of a Ponytail game: two sevens canastas make five-digit totals
BIG_HAND = {"entries": [{"sevens_canastas": 2, "natural_canastas": 1, "melded": 400}, {"melded": 120}]}
BIG_TOTAL = "21,800"  # (2 × 5,000 + 500 + 400) × 2


@pytest.mark.parametrize("percent", [150, 200])
def test_five_digit_totals_of_two_sides_stay_inside_their_cards_at_larger_text(phone, server, percent):
    # the scoreboard kept two columns at any text size: at 150% and 200% "12,345" ran out of its card
    page = phone.page
    page.goto(f"/games/{make_game(server, PAIRS, [BIG_HAND] * 2)}")
    expect(page.locator(".score").first).to_have_text(BIG_TOTAL)
    enlarge_text(page, percent)
    assert not scrolls_sideways(page)
    spill = page.locator(".side-card > *").evaluate_all("all => all.filter(e => e.scrollWidth > e.clientWidth + 1)"
                                                      ".map(e => e.className)")
    assert spill == []
    phone.shot(f"hunt-scoreboard-{percent}")


def test_the_table_display_total_fits_a_phone_at_200_percent(phone, server):
    page = phone.page
    page.goto(f"/games/{make_game(server, PAIRS, [BIG_HAND] * 2)}/table")
    enlarge_text(page, 200)
    assert not scrolls_sideways(page)


def test_a_long_one_word_name_wraps_on_every_page_at_200_percent(phone, server):
    # h1 of the player page, the game cards of home and of the player page, the history rows, the hand form's chips
    sides = [{"name": n, "players": [n]} for n in (LONG, "Ann", "Bob")]
    game_id = make_game(server, sides, [{"entries": [{"melded": 120}, {"melded": 90}, {}]}])
    page = phone.page
    for path in ("/", f"/players/{LONG}", f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        page.goto(path)
        enlarge_text(page, 200)
        assert not scrolls_sideways(page), path


def test_table_headings_and_numbers_keep_their_words_whole_at_normal_text(phone, server):
    # overflow-wrap: anywhere let a narrow column break "Games" into "Ga / me / s" at 100% text
    sides = [{"name": "Us", "players": ["Bartholomew Fitzgerald", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
    server.request("POST", f"/api/games/{make_game(server, sides, [BIG_HAND] * 2)}/end", {})
    page = phone.page
    page.goto("/players")
    assert broken_words(page.locator("#players thead th, #players td.num strong, #players .rating-variant")) == []
    page.goto("/players/Bob")
    assert broken_words(page.locator("thead th, td.num, .player-variants tbody :is(th, td)")) == []
    assert not scrolls_sideways(page)


NAMES = {"ponytail": "Ponytail Canasta", "five-person": "Five-person Canasta", "classic": "Classic Canasta"}
SIDES = {"ponytail": PAIRS, "classic": PAIRS, "five-person": [{"name": n, "players": [n]} for n in "ABCDE"]}


@pytest.mark.parametrize("variant", list(NAMES))
def test_the_top_bar_shows_the_whole_variant_name(phone, server, variant):
    status, game = server.request("POST", "/api/games", {"variant": variant, "sides": SIDES[variant]})
    assert status == 201, game
    page = phone.page
    page.goto(f"/games/{game['id']}")
    title = page.locator(".topbar-title")
    expect(title).to_have_text(NAMES[variant])
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth"), "the name is cut off with …"
    assert page.locator(".topbar").bounding_box()["height"] < 80, "one bar, not two rows"


def test_the_share_panel_shows_that_it_opens(phone, server):
    page = phone.page
    page.goto(f"/games/{make_game(server, PAIRS)}")
    summary = page.locator(".share summary")
    mark = "e => getComputedStyle(e, '::after').content"
    assert summary.evaluate(mark) == '"▸"'
    summary.click()
    expect(page.get_by_role("link", name="Table display (big type, read only)")).to_be_visible()
    assert summary.evaluate(mark) == '"▾"'


def test_the_chart_numbers_are_whole_and_in_plain_words(phone, server):
    # a long game past 100,000: its gridline label was cut to ",00,000" at the chart's left edge
    game_id = make_game(server, PAIRS, [BIG_HAND] * 11, target=1_000_000)
    page = phone.page
    page.goto(f"/games/{game_id}")
    labels = page.locator("#chart text.axis")
    expect(labels.filter(has_text="100,000")).to_have_count(1)
    left = labels.evaluate_all("all => Math.min(...all.map(t => t.getBBox().x))")
    assert left >= 0
    assert "b/f" not in labels.all_inner_texts()  # bookkeeping shorthand; the first point is the start
    expect(labels.filter(has_text="Start")).to_have_count(1)


def test_a_finished_game_offers_each_download_once(phone, server):
    # the game-over box's "Print the score sheet" and "Download the scores (CSV)" were repeated further down
    # as "Score sheet (PDF)" and "Scores (CSV)": two words for one thing on one page
    game_id = make_game(server, PAIRS, [BIG_HAND])
    page = phone.page
    page.goto(f"/games/{game_id}")
    expect(page.get_by_role("link", name="Score sheet (PDF)")).to_be_visible()  # while it is played
    assert server.request("POST", f"/api/games/{game_id}/end", {})[0] == 200
    page.goto(f"/games/{game_id}")
    for path in (f"/games/{game_id}/sheet.pdf", f"/games/{game_id}/scores.csv"):
        expect(page.locator(f'a[href="{path}"]')).to_have_count(1)
    expect(page.get_by_role("link", name="Print the score sheet")).to_be_visible()


def test_sides_with_equal_totals_share_their_place_in_the_final_scores(phone, server):
    # the table numbered its rows 1, 2, 3: a side that tied for the win was shown in second place
    sides = [{"name": n, "players": [n]} for n in ("Pat", "Quin", "Ros")]
    status, game = server.request("POST", "/api/games", {"variant": "pony", "sides": sides})
    assert status == 201
    hand = {"entries": [{"melded": 150}, {"melded": 150}, {"melded": 90}]}
    assert server.request("POST", f"/api/games/{game['id']}/hands", hand)[0] == 201
    assert server.request("POST", f"/api/games/{game['id']}/end", {})[0] == 200
    page = phone.page
    page.goto(f"/games/{game['id']}")
    expect(page.get_by_role("status").filter(has_text="Game over")).to_contain_text("Pat and Quin share the win")
    places = page.get_by_role("table", name="Final scores").locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[0].textContent.trim(), r.cells[1].textContent.trim()])")
    assert places == [["1", "Pat"], ["1", "Quin"], ["3", "Ros"]]


def test_record_hand_is_on_the_first_screen_of_a_five_player_game(phone, server):
    # five score cards one under the other put "Record deal 1" three screens down a 360 x 640 phone
    sides = [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]
    status, game = server.request("POST", "/api/games", {"variant": "five-person", "sides": sides})
    assert status == 201
    page = phone.page
    page.goto(f"/games/{game['id']}")
    record = page.get_by_role("link", name="Record deal 1")  # Five-person plays deals
    place = record.bounding_box()
    assert place["y"] >= 0 and place["y"] + place["height"] <= 640
    middle = page.evaluate("""() => { const r = document.querySelector('.record a').getBoundingClientRect();
        return !!document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2).closest('.record a'); }""")
    assert middle, "nothing drawn over it"
    record.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 1")  # a kitty may lower one side's minimum
