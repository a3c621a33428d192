"""The single-request figures: a hand recorded, the game page, the PDFs, the page's weight, requests/s."""
from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import threading
import time
from collections.abc import Callable
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from db import quiet_mark

from . import workload
from .devices import Browser


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def seed_game(port: int, sides: int, hand_count: int, *, partnerships: bool = False, seed: int = 6) -> str:
    """Create a game through the JSON API and record `hand_count` hands; returns its id."""
    api = Browser(port)
    created = api.request("POST", "/api/games", json_body=workload.new_game_payload(sides, partnerships=partnerships))
    if created.status != 201:
        raise RuntimeError(f"could not create a game: {created.status} {created.text()}")
    game_id = created.json()["id"]
    for hand in workload.hands(hand_count, sides, seed):
        answer = api.request("POST", f"/api/games/{game_id}/hands", json_body=hand)
        if answer.status != 201:
            raise RuntimeError(f"could not record a hand: {answer.status} {answer.text()}")
    api.close()
    return game_id


def record_hand_ms(port: int, game_id: str, samples: int) -> tuple[list[float], str]:
    """Server-side ms of recording a hand from the page's form; the hand is deleted after, so it stays a 50-hand game."""
    device, api = Browser(port), Browser(port)
    token = device.csrf_token(f"/games/{game_id}/hands/new")
    posted = workload.hands(samples, _sides(api, game_id), seed=7)
    times, answered = [], set()
    for hand in posted:
        revision = api.get(f"/api/games/{game_id}").json()["revision"]
        form = {"csrf_token": token, "revision": str(revision), **workload.form_fields(hand["entries"])}
        answer = device.request("POST", f"/games/{game_id}/hands/new", form=form,
                                headers={"HX-Request": "true", "X-CSRF-Token": token})
        if answer.status not in (200, 303):
            raise RuntimeError(f"recording a hand answered {answer.status}: {answer.text()[:500]}")
        answered.add(f"{answer.status}{' → ' + answer.headers.get('Location', '') if answer.status == 303 else ''}")
        times.append(answer.server_ms)
        delete_last_hand(api, game_id)
    device.close()
    api.close()
    return times, ", ".join(sorted(answered))


def delete_last_hand(api: Browser, game_id: str) -> None:
    """Delete the game's last hand again (through the API): the game is as it was, at a new revision."""
    hands = api.get(f"/api/games/{game_id}").json()["hands_played"]
    removed = api.request("DELETE", f"/api/games/{game_id}/hands/{hands}")
    if removed.status != 200:
        raise RuntimeError(f"could not delete the hand again: {removed.status}")


def _sides(api: Browser, game_id: str) -> int:
    return len(api.get(f"/api/games/{game_id}").json()["sides"])


def get_ms(port: int, path: str, samples: int, before: Callable[[], None] | None = None) -> list[float]:
    """Server-side ms of GETting `path`, from one device with its session cookie (`before`: run before each GET)."""
    device = Browser(port)
    device.get(path)  # the first visit makes the session (CSRF token); every later one is a returning device
    times = []
    for _ in range(samples):
        if before is not None:
            before()
        answer = device.get(path)
        if answer.status != 200:
            raise RuntimeError(f"GET {path} answered {answer.status}")
        times.append(answer.server_ms)
    device.close()
    return times


def drawing_ms(port: int, game_id: str, path: str, samples: int) -> list[float]:
    """Server-side ms of a PDF drawn anew: a paper answer is drawn once per game state and kept, so before each GET
    the game is changed (a hand recorded through the API and deleted again: the same 50 hands at a new revision)."""
    api = Browser(port)
    hand = workload.hands(1, _sides(api, game_id), seed=8)[0]

    def change_the_game() -> None:
        if api.request("POST", f"/api/games/{game_id}/hands", json_body=hand).status != 201:
            raise RuntimeError("could not record a hand to change the game before drawing its sheet")
        delete_last_hand(api, game_id)

    try:
        return get_ms(port, path, samples, before=change_the_game)
    finally:
        api.close()


class _References(HTMLParser):
    """Every address a page makes the browser load: scripts, styles, icons, images, the manifest."""

    LOADED = {("script", "src"), ("link", "href"), ("img", "src"), ("img", "srcset"), ("source", "src"),
              ("source", "srcset"), ("iframe", "src"), ("audio", "src"), ("video", "src"), ("embed", "src"),
              ("object", "data"), ("input", "src"), ("video", "poster")}

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if (tag, name) in self.LOADED and value:
                if tag == "link" and name == "href" and not set((dict(attrs).get("rel") or "").split()) & {
                        "stylesheet", "icon", "apple-touch-icon", "manifest", "preload", "modulepreload", "mask-icon"}:
                    continue  # a link to another page is not loaded with this one
                self.found.extend(part.split()[0] for part in value.split(",") if part.strip())


ACCEPT_ENCODING = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # Chromium's


def page_weight(port: int, path: str) -> dict:
    """The page and every asset it loads (CSS url()s too): bytes, count, outside hosts, missing.

    The manifest's icons are fetched and checked (present, same host) but not counted: a browser
    loads them when the app is installed, not with the page.
    """
    device = Browser(port)
    here = f"http://127.0.0.1:{port}"
    page = device.get(path, headers=ACCEPT_ENCODING)
    text = device.get(path).text()  # the same page unencoded, to read what it loads
    queue, seen, outside, missing = [(urljoin(here + path, u), "html") for u in _html_refs(text)], set(), [], []
    total, count, install_only = len(page.body), 1, 0
    while queue:
        url, source = queue.pop(0)
        if url in seen or url.startswith("data:"):
            continue
        seen.add(url)
        parts = urlsplit(url)
        if parts.netloc != f"127.0.0.1:{port}":
            outside.append(url)
            continue
        # as a phone's browser asks, so what is counted is what travels
        answer = device.get(parts.path + (f"?{parts.query}" if parts.query else ""), headers=ACCEPT_ENCODING)
        if answer.status != 200:
            missing.append(f"{parts.path} ({answer.status})")
            continue
        if source == "manifest":
            install_only += len(answer.body)
            continue
        total += len(answer.body)
        count += 1
        kind = answer.headers.get("Content-Type", "")
        if "css" in kind:
            text = device.get(parts.path).text()  # the same stylesheet unencoded, to read what it loads
            queue += [(urljoin(url, u), "css") for u in re.findall(r"url\(\s*['\"]?([^'\")]+)", text)]
            queue += [(urljoin(url, u), "css") for u in re.findall(r"@import\s+['\"]([^'\"]+)", text)]
        elif "manifest" in kind or parts.path.endswith((".webmanifest", "manifest.json")):
            queue += [(urljoin(url, icon["src"]), "manifest") for icon in json.loads(answer.body).get("icons", [])]
    device.close()
    return {"bytes": total, "requests": count, "outside": outside, "missing": missing, "install_only": install_only}


def _html_refs(html: str) -> list[str]:
    parser = _References()
    parser.feed(html)
    return parser.found


LOAD_TOOL = shutil.which("wrk")  # a load generator in C: on a small machine the server, not the client, sets the pace


def requests_per_second(port: int, path: str, seconds: float, connections: int) -> tuple[float, int]:
    """GETs of `path` answered per second with `connections` kept-alive devices asking back to back; and errors.

    With wrk when it is installed (`make bench` installs it), else with Python clients, which take a good
    part of a two-core machine themselves, more for a long answer than a short one. Each device first GETs
    the path once and sends the cookies it was given (its CSRF token) with every request, as a phone does.
    """
    if LOAD_TOOL:
        return _wrk(port, path, seconds, connections)
    done, errors = [0] * connections, [0] * connections
    stop = time.perf_counter() + seconds

    def device(k: int):
        browser = Browser(port)
        browser.get(path)
        while time.perf_counter() < stop:
            try:
                ok = browser.get(path).status == 200
            except OSError:
                ok = False
            done[k] += ok
            errors[k] += not ok
        browser.close()

    threads = [threading.Thread(target=device, args=(k,)) for k in range(connections)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) / (time.perf_counter() - start), sum(errors)


def _wrk(port: int, path: str, seconds: float, connections: int) -> tuple[float, int]:
    browser = Browser(port)
    browser.get(path)
    browser.close()
    cookie = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    command = [LOAD_TOOL, "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "-H", f"Cookie: {cookie}",
               f"http://127.0.0.1:{port}{path}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    errors += int(m[1]) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out)) else 0
    return rate, errors


def rates(targets: dict[str, tuple[int, str]], turn: int, connections: int, turns: int = 3
          ) -> dict[str, tuple[float, int]]:
    """Requests/s and errors of each (port, path), measured in turns of `turn` whole seconds (wrk counts
    in seconds), so that a slow spell of a shared machine falls on every target alike; the mean rate."""
    done = {name: [0.0, 0] for name in targets}
    for _ in range(turns):
        for name, (port, path) in targets.items():
            rate, errors = requests_per_second(port, path, turn, connections)
            done[name][0] += rate / turns
            done[name][1] += errors
    return {name: (rate, errors) for name, (rate, errors) in done.items()}


def wait_until_quiet(database: str, limit: float = 30.0) -> tuple[float, bool]:
    """Seconds waited until nothing has been written to `database` for a while (db.quiet_mark), as the game
    stands between hands when the table's phones poll it; and whether it got there within `limit`."""
    start = time.perf_counter()
    while (quiet := quiet_mark(database) is not None) is False and time.perf_counter() - start < limit:
        time.sleep(0.2)
    return time.perf_counter() - start, quiet


def median_ms(times: list[float]) -> float:
    return statistics.median(times)
