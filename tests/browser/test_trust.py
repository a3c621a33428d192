"""Trust at a shared table (issue 11): double taps, resends, reloads, the PIN prompt, restarts, a lost
connection, two phones on one hand, Undo and a phone in another time zone — no hand lost, none twice."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.server import Server

from .devices import PHONE, Page
from .table import answer_nobody, conflict, record, side_score, tap, type_points, value

pytestmark = pytest.mark.browser

PAIRS = {"variant": "ponytail",
         "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}


@pytest.fixture
def own_server(tmp_path):
    """A server of this test's own, which the test may stop and start again on the same port."""
    holder = {"server": Server(tmp_path / "games.sqlite"), "path": tmp_path / "games.sqlite"}

    def restart():
        port = holder["server"].port
        holder["server"].stop()
        holder["server"] = Server(holder["path"], port=port)
        return holder["server"]

    def stop():
        holder["server"].stop()

    holder["restart"], holder["stop"] = restart, stop
    yield holder
    holder["server"].stop()


def close(phone: Page) -> None:
    """Close a phone this test opened itself; like the fixtures, the browser must not have complained."""
    phone.context.close()
    # these tests take the server away on purpose: the live preview failing to reach it then is expected
    complaints = [c for c in phone.console if not c.startswith("htmx: htmx:error: Failed to fetch")]
    assert complaints == [], "the browser complained (CSP or a script error)"


def typing_on_a_phone(chromium, own_server) -> tuple[Page, dict]:
    """A phone of this test's own server, halfway through typing hand 1 of a new game."""
    game = new_game(own_server["server"])
    phone = Page(chromium, own_server["server"], PHONE)
    phone.page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(phone.page)
    return phone, game


def new_game(server, **extra) -> dict:
    status, game = server.request("POST", "/api/games", {**PAIRS, **extra})
    assert status == 201
    return game


def hands(server, game) -> list[dict]:
    return server.request("GET", f"/api/games/{game['id']}")[1]["hands"]


def type_a_hand(page) -> None:
    """Us: one natural canasta and 400 melded (900); Them: two red threes and 300 melded (500)."""
    tap(page, 0, "natural_canastas")
    type_points(page, 0, "melded", 400)
    tap(page, 1, "red_threes", 2)
    type_points(page, 1, "melded", 300)


def expect_scores(page, us: str, them: str) -> None:
    expect(side_score(page, "Us")).to_have_text(us, timeout=15_000)
    expect(side_score(page, "Them")).to_have_text(them)


def test_a_double_tap_on_record_records_one_hand(phone, server):
    game = new_game(server)
    phone.page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(phone.page)
    answer_nobody(phone.page)
    phone.page.get_by_role("button", name="Record hand 1").dblclick()
    expect_scores(phone.page, "900", "500")
    # and a third "tap" in the same moment, straight at the form, is sent once too
    assert len(hands(server, game)) == 1


def test_a_resent_form_records_one_hand(phone, server):
    """The browser's "resend form", or a retry after a dropped answer: the same body, the same key."""
    game = new_game(server)
    phone.page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(phone.page)
    answer_nobody(phone.page)
    body = phone.page.evaluate("() => new URLSearchParams(new FormData(document.getElementById('hand-form'))).toString()")
    url = f"{server.url}/games/{game['id']}/hands/new"
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.url}
    first = phone.context.request.post(url, data=body, headers=headers, max_redirects=0)
    again = phone.context.request.post(url, data=body, headers=headers, max_redirects=0)
    assert (first.status, again.status) == (303, 303)
    assert len(hands(server, game)) == 1


def test_an_answer_lost_on_the_way_back_is_sent_again_and_recorded_once(phone, server):
    game = new_game(server)
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(page)
    lost = []

    def drop_the_answer(route):
        if not lost:
            route.fetch(max_redirects=0)  # the server records the hand…
            lost.append(True)
            route.abort("connectionreset")  # …and the phone never hears back
        else:
            route.continue_()

    page.route(re.compile(r".*/hands/new$"), drop_the_answer)
    record(page, 1)
    expect_scores(page, "900", "500")  # sent again by itself, with the same key
    assert lost == [True]
    assert len(hands(server, game)) == 1


def test_a_reload_mid_hand_keeps_the_draft_until_it_is_recorded(phone, server):
    game = new_game(server)
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(page)
    page.locator('label[for="cut_bonus-1"]').click()
    page.locator('label[for="entries-1-in_hand-count"]').click()
    tap(page, 1, "in_hand", 3, card="tens")
    page.reload()
    expect(page.locator("#draft-note")).to_contain_text(re.compile(r"Draft from \d\d:\d\d restored"))
    assert (value(page, 0, "natural_canastas"), value(page, 0, "melded")) == ("1", "400")
    assert value(page, 1, "in_hand", "tens") == "3"  # counted cards too
    expect(page.locator("#cut_bonus-1")).to_be_checked()
    expect(page.locator("#entries-1-in_hand-count")).to_be_checked()
    expect(page.locator("#preview-bar")).to_contain_text("+570")  # the preview shows the restored hand
    # going to the scores and back keeps it too
    page.get_by_role("link", name="Scores", exact=True).click()
    page.go_back()
    expect(page.locator("#draft-note")).to_be_visible()
    record(page, 1)
    expect_scores(page, "900", "570")
    page.goto(f"/games/{game['id']}/hands/new")
    expect(page.locator("#draft-note")).to_be_hidden()  # recorded: the draft is gone
    assert value(page, 0, "melded") == ""


def test_a_draft_can_be_discarded(phone, server):
    game = new_game(server)
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(page)
    page.reload()
    page.get_by_role("button", name="Discard it").click()
    expect(page.locator("#draft-note")).to_be_hidden()
    assert value(page, 0, "melded") == ""
    page.reload()
    expect(page.locator("#draft-note")).to_be_hidden()


def test_the_pin_prompt_mid_hand_loses_nothing_and_records_once(phone, server):
    game = new_game(server, pin="2468")
    page = phone.page
    page.goto(f"/games/{game['id']}/hands/new")  # a phone that has not entered the PIN
    type_a_hand(page)
    record(page, 1)
    expect(page.get_by_role("heading", level=1)).to_contain_text("PIN")
    page.get_by_label("PIN (4 to 8 digits)").fill("2468")
    page.get_by_role("button", name="Unlock").click()
    expect_scores(page, "900", "500")  # back at the form, the waiting hand was sent by itself
    assert len(hands(server, game)) == 1


def test_record_with_the_server_unreachable_then_back(chromium, own_server):
    phone, game = typing_on_a_phone(chromium, own_server)
    page = phone.page
    own_server["stop"]()
    record(page, 1)
    expect(page.locator("#send-status")).to_contain_text("Hand 1: Not sent yet — will send when the table's computer answers")
    expect(page.get_by_role("button", name="Send now")).to_be_visible()
    expect(page.locator("#out-of-touch")).to_contain_text("Out of touch with the table's computer")
    phone.shot("phone-hand-not-sent")
    server = own_server["restart"]()
    expect_scores(page, "900", "500")  # sent by itself once the server answers
    expect(page.locator("#out-of-touch")).to_be_hidden()
    assert len(hands(server, game)) == 1
    close(phone)


def test_a_hand_waiting_on_the_phone_is_sent_from_the_scores_page_too(chromium, own_server):
    phone, game = typing_on_a_phone(chromium, own_server)
    page = phone.page
    own_server["stop"]()
    record(page, 1)
    expect(page.locator("#send-status")).to_contain_text("Not sent yet")
    page.close()  # the phone went on to other things while the table's computer was away
    server = own_server["restart"]()
    scores = phone.context.new_page()
    scores.goto(f"/games/{game['id']}")
    expect_scores(scores, "900", "500")
    assert len(hands(server, game)) == 1
    close(phone)


def test_a_server_restart_mid_hand_loses_nothing(chromium, own_server):
    phone, game = typing_on_a_phone(chromium, own_server)
    page = phone.page
    server = own_server["restart"]()
    page.reload()
    assert value(page, 1, "melded") == "300"
    record(page, 1)
    expect_scores(page, "900", "500")
    assert len(hands(server, game)) == 1
    close(phone)


def test_the_scores_say_when_this_phone_is_out_of_touch(chromium, own_server):
    server = own_server["server"]
    game = new_game(server)
    phone = Page(chromium, server, PHONE)
    phone.page.goto(f"/games/{game['id']}")
    expect(phone.page.locator("#out-of-touch")).to_be_hidden()
    own_server["stop"]()
    expect(phone.page.locator("#out-of-touch")).to_contain_text(re.compile(r"since \d\d:\d\d"), timeout=10_000)
    phone.shot("phone-out-of-touch")
    server = own_server["restart"]()
    server.request("POST", f"/api/games/{game['id']}/hands", {"entries": [{"melded": 50}, {}]})
    expect(phone.page.locator("#out-of-touch")).to_be_hidden(timeout=10_000)
    expect_scores(phone.page, "50", "0")
    close(phone)


def test_two_phones_on_hand_1_replace_or_drop_never_lose_silently(phones, server):
    first, second = phones
    game = new_game(server)
    for phone in phones:
        phone.page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(first.page)
    type_points(second.page, 0, "melded", 600)
    record(first.page, 1)
    expect_scores(first.page, "900", "500")
    record(second.page, 1)
    choice = conflict(second.page, "Another phone recorded hand 1 first")
    second.shot("phone-conflict")
    choice.get_by_role("button", name="Replace hand 1 with mine").click()
    expect_scores(second.page, "600", "0")
    assert len(hands(server, game)) == 1
    expect_scores(first.page, "600", "0")  # the first phone sees the replacement by itself

    # again, and this time the second phone drops what it typed
    for phone in phones:
        phone.page.goto(f"/games/{game['id']}/hands/new")
    type_points(first.page, 0, "melded", 100)
    type_points(second.page, 0, "melded", 200)
    record(first.page, 2)
    expect_scores(first.page, "700", "0")
    record(second.page, 2)
    conflict(second.page, "Another phone recorded hand 2 first").get_by_role("link", name="Drop mine").click()
    expect_scores(second.page, "700", "0")
    second.page.goto(f"/games/{game['id']}/hands/new")
    expect(second.page.locator("#draft-note")).to_be_hidden()
    assert len(hands(server, game)) == 2


def test_undo_on_one_phone_is_seen_on_the_other(phones, server):
    first, second = phones
    game = new_game(server)
    second.page.goto(f"/games/{game['id']}")
    first.page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(first.page)
    record(first.page, 1)
    expect(undo_bar(first.page, 1)).to_contain_text("Hand 1 recorded.")
    bar = undo_bar(second.page, 1)
    expect(bar).to_contain_text("Hand 1 recorded by another phone.", timeout=15_000)
    second.shot("phone-undo-by-another")
    bar.get_by_role("button", name="Undo hand 1").click()
    expect(second.page.get_by_role("status").filter(has_text="Hand 1 was taken back")).to_be_visible()
    expect_scores(second.page, "0", "0")
    expect_scores(first.page, "0", "0")
    expect(undo_bar(first.page, 1)).to_have_count(0)
    assert hands(server, game) == []


def test_undo_is_refused_once_the_game_changed(phone, server):
    game = new_game(server)
    server.request("POST", f"/api/games/{game['id']}/hands", {"entries": [{"melded": 50}, {}]})
    page = phone.page
    page.goto(f"/games/{game['id']}")
    undo = page.get_by_role("button", name="Undo hand 1")
    expect(undo).to_be_visible()
    # this phone stops hearing news (the Undo stays on its screen) while another corrects hand 1
    page.evaluate("() => document.querySelector('[data-poll]').removeAttribute('data-poll')")
    current = server.request("GET", f"/api/games/{game['id']}")[1]
    server.request("PUT", f"/api/games/{game['id']}/hands/1", {"entries": [{"melded": 60}, {}]},
                   {"If-Match": str(current["revision"])})
    undo.click()
    expect(page.get_by_role("status").filter(has_text="Hand 1 was not taken back")).to_be_visible()
    assert [h["scores"][0]["total"] for h in hands(server, game)] == [60]


def test_a_phone_in_another_time_zone_ends_the_game_at_the_tables_clock(chromium, tmp_path):
    server = Server(tmp_path / "games.sqlite", env={"TZ": "UTC"})
    try:
        california = chromium.new_context(viewport=PHONE, base_url=server.url, timezone_id="America/Los_Angeles")
        page = california.new_page()
        page.goto("/games/new/ponytail")
        page.locator("#sides-0-players-0").fill("Ann")
        page.locator("#sides-0-players-1").fill("Bob")
        page.locator("#sides-1-players-0").fill("Cy")
        page.locator("#sides-1-players-1").fill("Di")
        page.locator("#options-finish_at").fill("2026-11-23T21:30")
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".finish-time time")).to_have_text("21:30")
        game_id = page.url.rstrip("/").split("/")[-1]
        stored = server.request("GET", f"/api/games/{game_id}")[1]
        assert stored["options"]["finish_at"] == "2026-11-23T21:30:00-08:00"
        berlin = chromium.new_context(viewport=PHONE, base_url=server.url, timezone_id="Europe/Berlin")
        other = berlin.new_page()
        other.goto(f"/games/{game_id}")
        expect(other.locator(".finish-time time")).to_have_text("06:30")  # the same instant, on a Berlin clock
        california.close()
        berlin.close()
    finally:
        server.stop()


def test_the_screen_is_kept_awake_on_the_scores_and_again_after_being_hidden(phone, server):
    game = new_game(server)
    page = phone.page
    page.add_init_script("""
        window.__locks = 0;
        Object.defineProperty(navigator, 'wakeLock', {value: {request: function () {
            window.__locks += 1; return Promise.resolve({released: false});
        }}});
    """)
    page.goto(f"/games/{game['id']}/table")
    page.wait_for_function("() => window.__locks === 1")
    # hidden and shown again (the phone slept): the lock is taken again
    page.evaluate("""() => {
        Meldbook.wakeLock().released = true;
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("() => window.__locks === 2")


def test_seats_and_dealer_are_the_same_after_a_reload_and_on_another_phone(phones, server):
    first, second = phones
    status, game = server.request("POST", "/api/games", {
        "variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]})
    server.request("POST", f"/api/games/{game['id']}/hands", {"entries": [{}, {}, {}, {}, {}]})
    first.page.goto(f"/games/{game['id']}")
    dealing = first.page.locator(".dealing").inner_text()
    first.page.reload()
    assert first.page.locator(".dealing").inner_text() == dealing
    second.page.goto(f"/games/{game['id']}")
    assert second.page.locator(".dealing").inner_text() == dealing
    # a new game with new seats draws once: a reload or another phone shows the same draw
    server.request("POST", f"/api/games/{game['id']}/end", None)
    first.page.goto(f"/games/new/five-person?from={game['id']}")
    seats = seated(first.page)
    first.page.reload()
    assert seated(first.page) == seats
    second.page.goto(f"/games/new/five-person?from={game['id']}")
    assert seated(second.page) == seats


def undo_bar(page, number: int):
    """The "Hand N recorded" bar with its Undo button."""
    return page.get_by_role("status").filter(has=page.get_by_role("button", name=f"Undo hand {number}"))


def seated(page) -> list[str]:
    return [page.get_by_label(f"Seat {i}", exact=True).input_value() for i in range(1, 6)]


def test_a_send_left_unanswered_is_given_up_and_sent_again_once(phone, server):
    """The Wi-Fi drops mid-send: the server saved the hand, the phone never hears. The phone gives up
    waiting (15 s), sends again under the same key, and the hand is recorded once."""
    game = new_game(server)
    page = phone.page
    page.clock.install()
    page.goto(f"/games/{game['id']}/hands/new")
    type_a_hand(page)
    first, held = [], []

    def never_answer(route):
        if not first:  # marked before the fetch: under load the resend can come before this fetch has its answer
            first.append(route.request)
            held.append(route.fetch(max_redirects=0).status)  # the server records the hand, the answer never comes
        else:
            route.continue_()

    page.route(re.compile(r".*/hands/new$"), never_answer)
    record(page, 1)
    expect(page.locator("#send-status")).to_contain_text("Sending")
    page.clock.run_for(16_000)  # no answer by 15 s: given up ...
    # ... once the browser has dropped the request (real time: under load it comes after the fake clock's run)
    expect(page.locator("#send-status")).to_contain_text("Not sent yet")
    page.clock.run_for(4_000)  # ... and sent again 3 s later
    expect_scores(page, "900", "500")
    for _ in range(200):  # the held send's answer reaches its handler only while Playwright is called
        if held:
            break
        page.evaluate("0")
        time.sleep(0.05)
    assert held == [303]  # the first send was recorded ...
    assert len(hands(server, game)) == 1  # ... and the second, under the same key, recorded nothing more
