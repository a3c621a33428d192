"""Club night: many tables, every device polling the scoreboard, each table recording a hand a minute.

Each device is a thread with its own address, kept-alive connection and session, polling its game's
scoreboard every 0.6 s the way the page does (static/meldbook.js POLL_MS) (GET …/live?key=K: 204 while nothing changed, the
new scoreboard after a hand). One device per table records a hand: it opens the hand form,
sends a few live previews while "typing", posts the hand and follows the redirect to the scores.
Latency is measured on the client (request sent to answer read), so it includes the server's queue;
the devices open their pages one by one before the measured minute (that first load is not timed).
"""
from __future__ import annotations

import random
import re
import threading
import time
from dataclasses import dataclass, field

from . import workload
from .devices import Browser
from .figures import seed_game

POLL_SECONDS = 0.6  # static/meldbook.js POLL_MS: a hand shows on the other phones within a second
PREVIEWS_PER_HAND = 5  # the form asks for a live preview as the players type (after a 250 ms pause)
LIVE_URL = re.compile(r'data-poll="(/games/[^"]+/live\?[^"]+)"')
POLL_URL = re.compile(r'data-poll="([^"]+)"')  # a page that polls: its address with the key it was drawn with


@dataclass
class Tally:
    """Every request's latency and every failure, shared by the device threads."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hands: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float | None, error: str | None = None) -> None:
        with self.lock:
            if error:
                self.errors.append(error)
            else:
                self.latencies.append(seconds)


def _live_url(html: str) -> str:
    found = LIVE_URL.search(html)
    if not found:
        raise RuntimeError("the game page has no polling scoreboard (data-poll …/live)")
    return found[1].replace("&amp;", "&")


def _ask(browser: Browser, tally: Tally, method: str, path: str, ok: tuple[int, ...], **kw):
    try:
        answer = browser.request(method, path, **kw)
    except Exception as err:  # a refused or timed-out connection is an error the players would see
        tally.add(None, f"{method} {path.split('?')[0]}: {type(err).__name__}: {err}")
        return None
    if answer.status not in ok:
        tally.add(None, f"{method} {path.split('?')[0]}: {answer.status}")
        return None
    tally.add(answer.seconds)
    return answer


def device_address(n: int) -> str:
    """The n-th device's own loopback address: every phone on the club's Wi-Fi has its own, and the server
    caps the connections of one address (web/plumbing/serving.py PER_ADDRESS)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def _device(port: int, game_id: str, hand_at: float | None, start: float, stop: float, tally: Tally,
            rng: random.Random, source: str, deal=workload.hand) -> None:
    browser = Browser(port, timeout=30, source=source)
    time.sleep(rng.uniform(0, max(0.0, start - time.perf_counter() - 0.5)))  # players arrive one by one
    try:  # opening the page is before the evening is measured: only its failure counts
        page = browser.get(f"/games/{game_id}")
    except OSError as err:
        tally.add(None, f"GET /games/{game_id}: {err}")
        return
    if page.status != 200:
        tally.add(None, f"GET /games/{game_id}: {page.status}")
        return
    live = _live_url(page.text())
    next_poll = start + rng.uniform(0, POLL_SECONDS)  # devices joined at different moments
    while True:
        wake = min(next_poll, hand_at if hand_at is not None else next_poll)
        if wake >= stop:
            break
        time.sleep(max(0.0, wake - time.perf_counter()))
        if hand_at is not None and wake == hand_at:
            _record_hand(browser, game_id, tally, rng, deal)
            hand_at = None
            continue
        answer = _ask(browser, tally, "GET", live, (200, 204))
        if answer is not None and answer.status == 200:
            live = _live_url(answer.text())
        next_poll += POLL_SECONDS
    browser.close()


def _record_hand(browser: Browser, game_id: str, tally: Tally, rng: random.Random, deal=workload.hand) -> None:
    """The hand form opened, previewed while typing and posted (`deal(rng, sides)`: the hand, as the API takes it)."""
    form_page = _ask(browser, tally, "GET", f"/games/{game_id}/hands/new", (200,))
    if form_page is None:
        return
    html = form_page.text()
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)[1]
    revision = re.search(r'name="revision" value="(\d+)"', html)[1]
    fields = {"csrf_token": token, "revision": revision, **workload.form_fields(deal(rng, 2)["entries"])}
    headers = {"X-CSRF-Token": token, "HX-Request": "true"}
    for _ in range(PREVIEWS_PER_HAND):
        _ask(browser, tally, "POST", f"/games/{game_id}/hands/preview", (200,), form=fields, headers=headers)
    posted = _ask(browser, tally, "POST", f"/games/{game_id}/hands/new", (303,), form=fields)
    if posted is not None:
        with tally.lock:
            tally.hands += 1
        _ask(browser, tally, "GET", posted.headers["Location"], (200,))


def club_night(port: int, tables: int, devices: int, seconds: float, hands_before: int) -> dict:
    """Run the evening; returns request count, errors, p50/p99 latency (ms) and hands recorded."""
    games = [seed_game(port, 2, hands_before, partnerships=True, seed=100 + t) for t in range(tables)]
    return evening(port, games, devices, seconds)


def _screen(port: int, path: str, start: float, stop: float, tally: Tally, rng: random.Random, source: str,
            every: float) -> None:
    """A screen on the wall polling one address every `every` seconds: a JSON one (a club night's standings) again
    and again, or a page that polls (the standings screen's data-poll, 204 while nothing changed) as its page does."""
    browser = Browser(port, timeout=30, source=source)
    poll, ok = path, (200,)
    if not path.startswith("/api/"):  # the page itself is opened before the evening is measured
        page = browser.get(path)
        found = POLL_URL.search(page.text()) if page.status == 200 else None
        if found is None:
            tally.add(None, f"GET {path}: {page.status}, no data-poll")
            return
        poll, ok = found[1].replace("&amp;", "&"), (200, 204)
    next_poll = start + rng.uniform(0, every)
    while next_poll < stop:
        time.sleep(max(0.0, next_poll - time.perf_counter()))
        answer = _ask(browser, tally, "GET", poll, ok)
        found = POLL_URL.search(answer.text()) if answer is not None and answer.status == 200 and ok != (200,) else None
        poll = found[1].replace("&amp;", "&") if found else poll
        next_poll += every
    browser.close()


def evening(port: int, games: list[str], devices: int, seconds: float, screens: tuple[str, ...] = (),
            screen_every: float = POLL_SECONDS, deal=workload.hand) -> dict:
    """`devices` phones on each of these games (one records a hand in the minute: `deal(rng, sides)`) and a screen
    polling each of `screens` (_screen) for `seconds`; the figures of club_night, and the screens' own."""
    tally, shown = Tally(), Tally()
    tables = len(games)
    # every device has opened its page, at its own moment, before the clock starts
    start = time.perf_counter() + min(10.0, 1.0 + 0.05 * tables * devices)
    stop = start + seconds
    hand_window = min(60.0, seconds)  # one hand per table per minute
    threads = []
    for t, game_id in enumerate(games):
        for d in range(devices):
            rng = random.Random(t * 100 + d)
            hand_at = start + rng.uniform(0, hand_window * 0.9) if d == 0 else None
            threads.append(threading.Thread(target=_device, daemon=True, args=(
                port, game_id, hand_at, start, stop, tally, rng, device_address(t * devices + d), deal)))
    for s, path in enumerate(screens):
        threads.append(threading.Thread(target=_screen, daemon=True, args=(
            port, path, start, stop, shown, random.Random(-1 - s), device_address(tables * devices + s),
            screen_every)))
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=seconds + 60)
    ordered = sorted(tally.latencies + shown.latencies)
    def pick(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000 if values else float("nan")
    return {"requests": len(ordered) + len(tally.errors) + len(shown.errors), "errors": tally.errors + shown.errors,
            "p50": pick(ordered, 50), "p99": pick(ordered, 99), "max": ordered[-1] * 1000 if ordered else float("nan"),
            "hands": tally.hands, "rate": len(ordered) / seconds, "screen_requests": len(shown.latencies),
            "screen_p99": pick(sorted(shown.latencies), 99)}
