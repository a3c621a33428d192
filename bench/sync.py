"""How soon a hand recorded on one phone shows on another: a real headless Chromium on the game page.

The other phone records each hand through the JSON API (at a random moment against the page's
polling), and the time counts from sending the hand until the scoreboard on the watching page
shows it: request, the page's next poll, the new scoreboard drawn.
"""
from __future__ import annotations

import random
import time

from playwright.sync_api import sync_playwright

from . import workload
from .devices import Browser
from .figures import seed_game

CHROMIUM = "/usr/bin/chromium"
SHOWN = "n => (document.querySelector('.hands-played') || {}).textContent?.trim().startsWith(n + ' hand')"


def hand_shows_ms(port: int, hands: int, seed: int = 11) -> list[float]:
    """Milliseconds from sending each of `hands` hands to seeing it on another phone's game page."""
    game_id = seed_game(port, 2, 0, partnerships=True)
    rng = random.Random(seed)
    api = Browser(port)
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 360, "height": 640}, base_url=f"http://127.0.0.1:{port}")
        page.goto(f"/games/{game_id}")
        for n, hand in enumerate(workload.hands(hands, 2, seed), start=1):
            time.sleep(rng.uniform(0.05, 0.7))  # any moment between two polls
            began = time.perf_counter()
            answer = api.request("POST", f"/api/games/{game_id}/hands", json_body=hand)
            if answer.status != 201:
                raise RuntimeError(f"recording a hand answered {answer.status}")
            page.wait_for_function(SHOWN, arg=n, polling="raf", timeout=10_000)
            times.append((time.perf_counter() - began) * 1000)
        browser.close()
    api.close()
    return times
