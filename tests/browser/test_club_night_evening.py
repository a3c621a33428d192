"""A whole club night in Chromium (issue 26): the director's laptop, four table phones and the room's screen, each
its own browser context. Eight pairs, Classic, one hand a game, round robin, two rounds, ranked by wins.

Round 1's four tables each play their hand from the table picker and the screen follows by itself; round 2 starts
(round 1 closes) and table 1's phone goes back to its round-1 game and corrects hand 1 so the other pair wins: the
screen's standings change by themselves and the director's log names the change and the phone that made it. Then a
table phone dies mid-round and a fresh phone picks its game up from the table picker. A club night's games have no
PIN (service.events.start_round makes them with new_stored, pin_hash None, and no page sets one afterwards), so the
fresh phone records without being asked for one.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .table import game_over, open_hand, record, side_score, type_points

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}
PAIRS = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ivy & Jo", "Kit & Lou", "Max & Ned", "Oz & Pia"]
SCORES = {1: (140, 60), 2: (30, 250), 3: (200, 90), 4: (15, 120)}  # one hand a table: its first side wins 1 and 3


@pytest.fixture
def devices(chromium, server):
    """The director's laptop, the room's TV, four table phones and a spare; no browser may have complained."""
    opened = {"director": Page(chromium, server, LAPTOP), "screen": Page(chromium, server, TV)}
    opened |= {f"table {n}": Page(chromium, server, PHONE) for n in (1, 2, 3, 4)}
    opened["spare"] = Page(chromium, server, PHONE)
    yield opened
    for device in opened.values():
        device.context.close()
    assert {k: d.console for k, d in opened.items()} == {k: [] for k in opened}


def make_night(page) -> str:
    """The director fills in the new-club-night form: 8 pairs, Classic, hand limit 1, 2 rounds, round robin, wins."""
    page.goto("/events/new")
    page.get_by_label("Name of the night").fill("Thursday evening")
    page.get_by_label("Classic Canasta", exact=True).check()
    page.get_by_label("Hand limit").fill("1")
    page.get_by_label("Who plays").fill("\n".join(PAIRS))
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Round robin", exact=True).check()
    page.get_by_label("Wins", exact=True).check()
    page.get_by_role("button", name="Create the club night").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday evening")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def open_table(page, event_id: str, table: int) -> list[str]:
    """From the table picker to the table's game page; the names at the table."""
    page.goto(f"/events/{event_id}/tables")
    page.get_by_role("link", name=re.compile(f"^Table {table}")).click()
    expect(page).to_have_url(re.compile(r"/games/\w+$"))
    expect(page.locator(".side-name").first).to_be_visible()  # the page drawn, not only its address
    assert "/unlock" not in page.url
    return page.locator(".side-name").all_text_contents()


def play_hand(page, scores: tuple[int, int]) -> None:
    """Record hand 1 through the hand form: melded points typed for each side."""
    page.get_by_role("link", name="Record hand 1").click()
    type_points(page, 0, "melded", scores[0])
    type_points(page, 1, "melded", scores[1])
    record(page, 1)
    expect(game_over(page)).to_be_visible()


def standings(screen) -> dict[str, str]:
    rows = screen.locator(".screen-standings tbody tr")
    return dict(zip(rows.locator(".name bdi").all_text_contents(), rows.locator(".figure").all_text_contents()))


def test_a_whole_evening_four_tables_a_late_correction_and_a_dead_phone(devices):
    director, screen = devices["director"].page, devices["screen"].page
    event_id = make_night(director)
    director.get_by_role("button", name="Start round 1").click()
    expect(director.get_by_role("heading", name="Round 1 of 2")).to_be_visible()
    expect(director.locator(".event-table")).to_have_count(4)

    screen.goto(f"/events/{event_id}/screen")
    playing = screen.locator(".board-playing")
    still = screen.locator(".board-seating li.playing")
    expect(playing).to_have_text("Tables 1, 2, 3 and 4 are still playing.")
    expect(still).to_have_count(4)
    expect(screen.locator(".screen-standings tbody tr")).to_have_count(8)

    # round 1: every phone plays its table; the TV (never reloaded) follows table by table
    seats, games = {}, {}
    words = {1: "Tables 2, 3 and 4 are still playing.", 2: "Tables 3 and 4 are still playing.",
             3: "Table 4 is still playing.", 4: "Every table has finished."}
    for n in (1, 2, 3, 4):
        phone = devices[f"table {n}"].page
        seats[n] = open_table(phone, event_id, n)
        games[n] = phone.url
        play_hand(phone, SCORES[n])
        expect(playing).to_have_text(words[n])
        expect(still).to_have_count(4 - n)
        winners = {seats[t][0 if SCORES[t][0] > SCORES[t][1] else 1] for t in seats}
        expect(screen.locator(".screen-standings td.figure").filter(has_text=re.compile(r"^1$"))).to_have_count(n)
        assert {name for name, wins in standings(screen).items() if wins == "1"} == winners
    assert sorted(standings(screen).values()) == ["0"] * 4 + ["1"] * 4

    # round 2 starts: round 1 closes
    director.get_by_role("button", name="Start round 2").click()
    expect(director.get_by_role("heading", name="Round 2 of 2")).to_be_visible()
    expect(screen.locator(".board-round")).to_have_text("Round 2 of 2")
    expect(playing).to_have_text("Tables 1, 2, 3 and 4 are still playing.")

    # table 1's phone goes back to its round-1 game and corrects hand 1: the second pair won after all
    phone = devices["table 1"].page
    phone.goto(games[1])
    expect(side_score(phone, seats[1][0])).to_have_text("140")
    open_hand(phone, 1)
    phone.get_by_role("link", name="Correct hand 1").click()
    type_points(phone, 0, "melded", 40)
    type_points(phone, 1, "melded", 160)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(side_score(phone, seats[1][1])).to_have_text("160")
    expect(game_over(phone)).to_contain_text(seats[1][1])

    first, second = seats[1]
    expect(screen.locator(".screen-standings tbody tr").filter(has_text=second)
           .locator(".figure")).to_have_text("1")  # by itself
    expect(screen.locator(".screen-standings tbody tr").filter(has_text=first).locator(".figure")).to_have_text("0")
    assert sorted(standings(screen).values()) == ["0"] * 4 + ["1"] * 4
    devices["screen"].shot("club-night-evening-screen-corrected")

    director.reload()
    log = director.locator(".event-log tbody tr")
    expect(log).to_have_count(1)
    expect(log.locator("td").nth(1)).to_have_text(
        f"Round 1, table 1, hand 1 corrected: {first} 140 → 40, {second} 60 → 160; the winner changed: {second} "
        f"(before: {first})")
    expect(log.locator(".device")).to_have_text("Table 1's phone")  # it opened table 1 from the table picker
    devices["director"].shot("club-night-evening-director-log")

    # round 2, table 2: the phone starts the hand form, then its battery dies; a fresh phone takes the game over
    dead = devices["table 2"]
    at_table = open_table(dead.page, event_id, 2)
    game = dead.page.url
    dead.page.get_by_role("link", name="Record hand 1").click()
    type_points(dead.page, 0, "melded", 90)
    dead.context.close()

    fresh = devices["spare"].page
    assert open_table(fresh, event_id, 2) == at_table
    assert fresh.url == game
    wins = int(standings(screen)[at_table[0]])
    play_hand(fresh, (90, 10))  # no PIN asked: a club night's games have none
    expect(side_score(fresh, at_table[0])).to_have_text("90")
    expect(playing).to_have_text("Tables 1, 3 and 4 are still playing.")
    expect(screen.locator(".screen-standings tbody tr").filter(has_text=at_table[0])
           .locator(".figure")).to_have_text(str(wins + 1))
