"""The figures of Modern American Canasta, Samba and Bolivia (issue 33): the engine on a 200-hand game of each, and the
hand form on a 360×640 phone (taps to enter a typical hand, the form's height for two sides)."""
from __future__ import annotations

import random

from playwright.sync_api import Error as PlaywrightError, sync_playwright

from lang import LANGUAGES
from scoring import get_variant, new_game

from .devices import Browser
from .engine import game_ms
from .taps import CHROMIUM, PHONE, Hands, form_screens
from .workload import TARGET

NAMES = ["Ann", "Bob", "Cy", "Di"]
# RULES.md §11 (American: 2 partnerships, the most it seats), §12–§13 (Samba, Bolivia: 4 players alone)
ENGINE_SIDES = {"american": 2, "samba": 4, "bolivia": 4, "burraco": 2, "buraco": 2}
PARTNERSHIPS = ("american", "burraco", "buraco")  # seated as 2 partnerships, the most they seat
# Burraco's and Buraco's hands (RULES.md §9 and §10 worked examples), played over and over: each is checked in full
DEALS = {
    "burraco": [
        {"entries": [{"natural_canastas": 1, "semiclean_canastas": 1, "dirty_canastas": 1, "melded": 385,
                      "in_hand": {"tens": 2, "fives": 1}, "went_out": True},
                     {"dirty_canastas": 1, "melded": 170, "in_hand": 95, "kitty_not_taken": True}]},
        {"entries": [{"dirty_canastas": 1, "melded": 205, "in_hand": {"jokers": 1, "fifteens": 1, "tens": 7, "fives": 5}},
                     {"natural_canastas": 2, "melded": 410, "in_hand": 15, "went_out": True}]},
        {"entries": [{"natural_canastas": 1, "melded": 310, "in_hand": 45},
                     {"dirty_canastas": 1, "semiclean_canastas": 1, "melded": 330, "in_hand": 95}]}],
    "buraco": [
        {"entries": [{"natural_canastas": 2, "dirty_canastas": 1, "melded": 420, "in_hand": 30, "went_out": True},
                     {"dirty_canastas": 1, "melded": 180, "in_hand": {"jokers": 1, "fifteens": 1, "tens": 3, "fives": 2},
                      "kitty_not_taken": True}]},
        {"entries": [{"dirty_canastas": 1, "melded": 180, "in_hand": 75},
                     {"natural_canastas": 2, "dirty_canastas": 1, "melded": 420, "in_hand": 0, "went_out": True}]}],
}


def payload(variant_id: str, sides: int) -> dict:
    """A game of `sides` partnerships (American, Burraco, Buraco) or players alone, to a target no benchmark game
    reaches, with no hand limit."""
    if variant_id in DEALS:
        teams = [{"name": f"Side {i + 1}", "players": NAMES[2 * i:2 * i + 2]} for i in range(sides)]
        return {"variant": variant_id, "sides": teams, "options": {"target": TARGET, "max_hands": None}}
    if variant_id == "american":
        teams = [{"name": f"Side {i + 1}", "players": NAMES[2 * i:2 * i + 2]} for i in range(sides)]
    else:
        teams = [{"name": n, "players": [n]} for n in NAMES[:sides]]
    return {"variant": variant_id, "sides": teams, "options": {"target": TARGET}}


def american_hand(rng: random.Random) -> dict:
    """One American hand: canastas, threes, card points, now and then a penalty or a special hand (never a Dream)."""
    if rng.random() < 0.05:
        return {"entries": [{"special_hand": rng.choice(["pairs", "garbage", "straight"])},
                            {"natural_canastas": 1, "melded": 35 + 5 * rng.randint(0, 40)}]}
    out = rng.randrange(2) if rng.random() < 0.8 else None
    entries = []
    for i in range(2):
        natural, mixed = rng.randint(0, 2), rng.randint(0, 2)
        if i == out:
            natural = max(natural, 1)
            mixed = max(mixed, 1)
        entry = {"natural_canastas": natural, "mixed_canastas": mixed, "red_threes": rng.randint(0, 2),
                 "black_threes_laid": rng.randint(0, 1), "went_out": i == out}
        entry["melded"] = 35 * natural + 50 * mixed + 5 * rng.randint(0, 40)
        if i != out:
            entry["in_hand"] = {"tens": rng.randint(0, 4), "fives": rng.randint(0, 3)} if rng.random() < 0.5 \
                else 5 * rng.randint(0, 20)
            entry["aces_penalties"] = int(rng.random() < 0.05)
        entries.append(entry)
    return {"entries": entries}


def samba_hand(rng: random.Random, sides: int, bolivia: bool) -> dict:
    """One Samba (or Bolivia) hand for `sides` players alone: canastas, sambas (escaleras), red threes, card points."""
    out = rng.randrange(sides) if rng.random() < 0.8 else None
    entries = []
    for i in range(sides):
        natural, mixed, sequences = rng.randint(0, 1), rng.randint(0, 1), int(rng.random() < 0.3)
        if i == out:
            natural, sequences = max(natural, 1), 1
        entry = {"natural_canastas": natural, "mixed_canastas": mixed, "sequence_canastas": sequences,
                 "red_threes": rng.randint(0, 1), "went_out": i == out}
        entry["melded"] = 35 * natural + 50 * mixed + 50 * sequences + 5 * rng.randint(0, 30)
        if i != out:
            entry["in_hand"] = 5 * rng.randint(0, 20)
            if bolivia:
                entry["black_threes"] = int(rng.random() < 0.1)
        entries.append(entry)
    return {"entries": entries}


def hands(variant_id: str, count: int, seed: int = 6) -> list[dict]:
    rng = random.Random(seed)
    sides = ENGINE_SIDES[variant_id]
    if variant_id in DEALS:
        return [DEALS[variant_id][k % len(DEALS[variant_id])] for k in range(count)]
    if variant_id == "american":
        return [american_hand(rng) for _ in range(count)]
    return [samba_hand(rng, sides, variant_id == "bolivia") for _ in range(count)]


def engine_ms(variant_id: str, hand_count: int, runs: int) -> float:
    """Median milliseconds to validate every hand of a `hand_count`-hand game, then derive it (as bench/engine.py)."""
    variant = get_variant(variant_id)
    sides, options = new_game(variant, payload(variant_id, ENGINE_SIDES[variant_id]))
    return game_ms(variant, sides, options, hands(variant_id, hand_count), runs)


# The worked examples' hands (RULES.md §11–§13), as the cards lie: per side its counts (its chips), card points
# typed, flags ticked; who went out; the totals they must be recorded as. Read back through the API.
EXAMPLES = {
    "american": [([{"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1, "red_threes": 2,
                    "black_threes_laid": 1, "melded": 480, "in_hand": 35},
                   {"red_threes": 1, "black_threes_laid": 2, "melded": 230, "in_hand": 185,
                    "incomplete_aces": True}], 0, [4245, -3315])],
    "samba": [([{"natural_canastas": 2, "mixed_canastas": 1, "sequence_canastas": 1, "red_threes": 2, "melded": 820,
                 "in_hand": 40}, {"natural_canastas": 1, "red_threes": 3, "melded": 480, "in_hand": 235}], 0,
               [3980, 445])],
    "bolivia": [([{"sequence_canastas": 1, "wild_canastas": 1, "natural_canastas": 1, "mixed_canastas": 1,
                   "red_threes": 6, "melded": 910, "in_hand": 55, "black_threes": 1},
                  {"natural_canastas": 1, "mixed_canastas": 1, "melded": 530, "in_hand": 145, "black_threes": 2}], 0,
                 [6755, 985]),
                ([{"sequence_canastas": 2, "red_threes": 1, "melded": 640},
                  {"wild_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "melded": 400, "in_hand": 90,
                   "black_threes": 1}], 0, [3940, 3210])],
}
# The typical hand of each, whose taps meet the budget: American's hand 1 as most hands are, with no penalty (B's
# incomplete aces meld left out: B = −400 − 230 − 185); Samba's hand 1; Bolivia's hand 2 (its hand 1 lays all six
# red threes and four kinds of canasta at once). The worked examples' hands are measured too and printed beside it.
TYPICAL = {
    "american": ([EXAMPLES["american"][0][0][0], {k: v for k, v in EXAMPLES["american"][0][0][1].items()
                                                 if k != "incomplete_aces"}], 0, [4245, -815]),
    "samba": EXAMPLES["samba"][0],
    "bolivia": EXAMPLES["bolivia"][1],
}
TYPICAL_SAID = {"american": "RULES.md §11 hand 1 with no penalty", "samba": "RULES.md §12 hand 1",
                "bolivia": "RULES.md §13 hand 2"}


def enter(hands: Hands, hand: tuple) -> None:
    """A hand on the new hand form, as a player would: nothing already right is touched; a fold is opened with a
    tap when a field in it is needed."""
    entries, out, _ = hand
    page = hands.page
    hands.tap(f'label[for="went_out-{out}"]')
    for i, entry in enumerate(entries):
        for field, value in entry.items():
            box = f"#entries-{i}-{field}"
            if value is True:
                rare = page.locator(f".side-panel >> nth={i}").locator(".rare-fields")
                if rare.count() and not rare.get_attribute("open"):
                    hands.tap(f".side-panel >> nth={i} >> .rare-fields > summary")
                hands.tap(f'label[for="entries-{i}-{field}"]')
            elif field in ("melded", "in_hand"):
                hands.type_number(box, value)
            elif value <= 4:
                hands.tap(f'label[for="entries-{i}-{field}-chip-{value}"]')
            else:
                hands.tap(f'label[for="entries-{i}-{field}-chip-more"]')
                for digit in str(value):
                    page.keyboard.press(digit)
                    hands.count += 1


def taps(page, api: Browser, port: int, variant_id: str, hand: tuple) -> tuple[int, dict]:
    """Taps to enter `hand` on a fresh 2-partnership game's form and record it; and the game's body."""
    body = {"variant": variant_id, "sides": [{"name": "A", "players": NAMES[:2]}, {"name": "B", "players": NAMES[2:]}]}
    created = api.request("POST", "/api/games", json_body=body).json()
    page.goto(f"http://127.0.0.1:{port}/games/{created['id']}/hands/new")
    hands = Hands(page)
    enter(hands, hand)
    # as a player looks at the preview before Record: it shows the hand's totals once every typed value has reached
    # the page's form (on a loaded machine a tap right after the last key could send the form before the 5+ box took
    # its digits); a hand the form reads otherwise is said here, before it is recorded
    page.wait_for_load_state("networkidle")
    try:
        page.wait_for_function("""wanted => [...document.querySelectorAll('#preview-bar strong')].map(
            total => total.textContent.replace(/\\D/g, '')).join(' ') === wanted""",
                               arg=" ".join(str(abs(score)) for score in hand[2]))
    except PlaywrightError as err:
        shown = page.locator("#preview-bar").inner_text()
        raise RuntimeError(f"a {variant_id} hand's preview shows {shown!r}, not {hand[2]}") from err
    with page.expect_navigation():
        hands.tap('#hand-form .submit-bar button[type="submit"]')
    scores = [s["score"] for s in api.get(f"/api/games/{created['id']}").json()["sides"]]
    if scores != hand[2]:
        raise RuntimeError(f"a {variant_id} hand was recorded as {scores}, not {hand[2]} (the page then: {page.url})")
    return hands.count, body


def special_taps(page, api: Browser, port: int) -> tuple[int, int]:
    """RULES.md §11 hand 2 on a fresh game as the cards lie: A's hand entered, then B's Garbage (one tap on its chip
    in the special hands' row: recorded at once, no Record tap). The taps in all and B's own; read back through the API."""
    body = {"variant": "american", "sides": [{"name": "A", "players": NAMES[:2]}, {"name": "B", "players": NAMES[2:]}]}
    created = api.request("POST", "/api/games", json_body=body).json()
    page.goto(f"http://127.0.0.1:{port}/games/{created['id']}/hands/new")
    hands = Hands(page)
    for field, n in (("natural_canastas", 1), ("red_threes", 1)):
        hands.tap(f'label[for="entries-0-{field}-chip-{n}"]')
    hands.type_number("#entries-0-melded", 340)
    hands.type_number("#entries-0-in_hand", 260)
    hands.tap(".side-panel >> nth=0 >> .rare-fields > summary")
    hands.tap('label[for="entries-0-sevens_penalties-chip-1"]')
    page.wait_for_load_state("networkidle")
    # a loaded machine may still be putting the digits in: the special hand records the form as it is at the tap
    page.wait_for_function("""() => ['#entries-0-melded', '#entries-0-in_hand'].every(
        s => document.querySelector(s).value.replace(/\\D/g, '').length === 3)""")
    before = hands.count
    with page.expect_navigation():
        hands.tap("#entries-1-special_hand-garbage")
    scores = [s["score"] for s in api.get(f"/api/games/{created['id']}").json()["sides"]]
    if scores != [-920, 3000]:
        raise RuntimeError(f"§11 hand 2 was recorded as {scores}, not [-920, 3000]")
    return hands.count, hands.count - before


def measure(port: int) -> dict:
    """Per variant: {'taps': n, 'scores': [a, b], 'examples': [taps of each worked example hand], 'screens_2': x
    (the highest of the five languages), 'screens_by_language': {code: x}}; American's also 'special': (taps in all,
    the special hand's side's)."""
    api = Browser(port)
    found = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport=PHONE)
            page.set_default_timeout(15_000)
            for variant_id, hand in TYPICAL.items():
                count, body = taps(page, api, port, variant_id, hand)
                examples = [taps(page, api, port, variant_id, example)[0] for example in EXAMPLES[variant_id]]
                screens = {code: form_screens(page, port, api, body, code) for code in LANGUAGES}
                found[variant_id] = {"taps": count, "scores": hand[2], "examples": examples,
                                     "screens_2": max(screens.values()), "screens_by_language": screens}
            found["american"]["special"] = special_taps(page, api, port)
            browser.close()
    finally:
        api.close()
    return found
