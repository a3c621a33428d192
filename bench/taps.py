"""How much work the hand form is on a phone (issue 13): taps to enter RULES.md §6 hand 1, and the form's height.

A real headless Chromium on a 360×640 viewport opens the hand form of a fresh two-partnership Ponytail
game and enters §6 hand 1 as a player with the cards in front of them would: a tap on each chip,
checkbox or radio, a tap to focus each number box, a key press for each digit, and the Record tap.
Every tap and key press is counted; the recorded hand must score A 10,330 and B 1,355 (read back
through the JSON API) or the figure is refused. The height is the hand form page's document scroll
height over the viewport's 640 px, for a 2-side Ponytail game and a 5-player Five-person game.
"""
from __future__ import annotations

from playwright.sync_api import sync_playwright

from .devices import Browser

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 360, "height": 640}
PONYTAIL = {"variant": "ponytail", "sides": [{"name": "A", "players": ["Ann", "Bob"]},
                                             {"name": "B", "players": ["Cy", "Di"]}]}
FIVE = {"variant": "five-person", "sides": [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo", "Dev", "Eve")]}
EXPECTED = [10330, 1355]

# §6 hand 1, as the cards lie: per side, its counts (field: how many) and its card points (field: points)
HAND_1 = [
    {"went_out": True, "counts": {"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1,
                                  "wild_canastas": 1, "red_threes": 3}, "points": {"melded": 1230}},
    {"cut_bonus": True, "counts": {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "black_threes": 2},
     "points": {"melded": 640, "in_hand": 185}},
]


class Hands:
    """A player's fingers on the page: every tap and key press is counted."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def type_number(self, selector: str, number: int) -> None:
        self.tap(selector)  # a tap to focus the box (the phone's number pad opens)
        for digit in str(number):
            self.page.keyboard.press(digit)
            self.count += 1


def new_game(api: Browser, payload: dict) -> str:
    created = api.request("POST", "/api/games", json_body=payload)
    if created.status != 201:
        raise RuntimeError(f"could not create a game: {created.status} {created.text()}")
    return created.json()["id"]


def enter_hand_1(hands: Hands) -> None:
    """§6 hand 1 on the new hand form, the way a player would: nothing that is already right is touched."""
    for i, side in enumerate(HAND_1):
        for flag in ("went_out", "cut_bonus"):
            if side.get(flag):
                hands.tap(f'label[for="{flag}-{i}"]')
        for field, n in side["counts"].items():
            if n <= 4:
                hands.tap(f'label[for="entries-{i}-{field}-chip-{n}"]')
            else:
                hands.tap(f'label[for="entries-{i}-{field}-chip-more"]')  # the box gets the cursor by itself
                for digit in str(n):
                    hands.page.keyboard.press(digit)
                    hands.count += 1
        for field, points in side["points"].items():
            hands.type_number(f"#entries-{i}-{field}", points)


def form_screens(page, port: int, api: Browser, payload: dict, language: str | None = None) -> float:
    """The fresh hand form's height in 640 px screens: the page down to the end of its main part, all a player
    scrolls through to enter a hand (the language menu at the page's foot comes after it, as on every page); in
    `language` where given (?lang=), else as the browser asks (English)."""
    game_id = new_game(api, payload)
    page.goto(f"http://127.0.0.1:{port}/games/{game_id}/hands/new" + (f"?lang={language}" if language else ""))
    return page.evaluate("document.querySelector('main').getBoundingClientRect().bottom + scrollY") / PHONE["height"]


def measure(port: int) -> dict:
    """{'taps': n, 'scores': [a, b], 'screens_2': x, 'screens_5': y} on the server at `port`."""
    api = Browser(port)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport=PHONE)
            page.set_default_timeout(15_000)
            game_id = new_game(api, PONYTAIL)
            page.goto(f"http://127.0.0.1:{port}/games/{game_id}/hands/new")
            hands = Hands(page)
            enter_hand_1(hands)
            with page.expect_navigation():
                hands.tap('#hand-form .submit-bar button[type="submit"]')
            game = api.get(f"/api/games/{game_id}").json()
            scores = [s["score"] for s in game["sides"]]
            if scores != EXPECTED:
                raise RuntimeError(f"§6 hand 1 was recorded as {scores}, not {EXPECTED}")
            result = {"taps": hands.count, "scores": scores,
                      "screens_2": form_screens(page, port, api, PONYTAIL),
                      "screens_5": form_screens(page, port, api, FIVE)}
            browser.close()
    finally:
        api.close()
    return result
