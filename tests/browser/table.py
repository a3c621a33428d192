"""What players do at the table, as Playwright steps: start a game, tap count chips, type or count card points, record."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

ONE_PER_HAND = ("went_out", "cut_bonus", "finished")  # a choice of one side (or nobody) for the hand


def input_id(side: int, field: str, card: str | None = None) -> str:
    return f"entries-{side}-{field}" + (f"-{card}" if card else "")


def tap(page: Page, side: int, field: str, times: int = 1, card: str | None = None, sign: int = 1) -> None:
    """Add `times` (or take away, sign -1) to a count: one tap on its chip (0 to 4), or "5+" and the number typed.

    With `card`, the card counter's +/− stepper is tapped `times` times.
    """
    if card:
        button = page.locator(f'button.step[data-for="{input_id(side, field, card)}"][data-step="{sign}"]')
        for _ in range(times):
            button.click()
        return
    now = value(page, side, field)
    wanted = max(0, (int(now) if now.strip().isdigit() else 0) + sign * times)
    chip = str(wanted) if wanted <= 4 else "more"
    page.locator(f'label[for="{input_id(side, field)}-chip-{chip}"]').click()
    if chip == "more":
        page.locator(f"#{input_id(side, field)}").fill(str(wanted))


def type_points(page: Page, side: int, field: str, points: int) -> None:
    page.locator(f"#{input_id(side, field)}").fill(str(points))


def count_cards(page: Page, side: int, field: str, **taps: int) -> None:
    """Switch a card-points field to the card counter and tap each card value's + button."""
    page.locator(f'label[for="{input_id(side, field)}-count"]').click()
    for card, times in taps.items():
        tap(page, side, field, times, card=card)


def choose(page: Page, flag: str, side: int | None) -> None:
    """Who went out / earned the cut bonus / finished: a side, or nobody."""
    page.locator(f'label[for="{flag}-{"none" if side is None else side}"]').click()


def value(page: Page, side: int, field: str, card: str | None = None) -> str:
    """What an input holds: typed points, a card count, or a count (its chip, or the number typed after "5+")."""
    page.locator(f"#{input_id(side, field, card)}").wait_for(state="attached")
    chips = page.locator(f'input[name="entries[{side}].{field}:chip"]:checked')
    if not card and chips.count() and chips.input_value() != "more":
        return chips.input_value()
    return page.locator(f"#{input_id(side, field, card)}").input_value()


def start_game(page: Page, variant_name: str, players: list, *, target: int | None = None,
               layout: str | None = None) -> str:
    """From the home page: pick the variant, seat the players, start; returns the game page's path.

    `players` is a list of names (alone) or of (player 1, player 2, side name) tuples (partnerships).
    """
    page.goto("/")
    page.get_by_role("link", name="Start a game").click()
    page.get_by_role("link", name=variant_name).click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()  # the form drawn, before asking it
    if layout:
        page.get_by_role("button", name=layout).click()
        expect(page.get_by_role("button", name=layout)).to_have_attribute("aria-pressed", "true")
    for i, who in enumerate(players):
        if not page.locator(f"#sides-{i}-players-0").count():
            page.get_by_role("button", name="Add a").click()
        expect(page.locator(f"#sides-{i}-players-0")).to_be_visible()
        if isinstance(who, tuple):
            page.locator(f"#sides-{i}-players-0").fill(who[0])
            page.locator(f"#sides-{i}-players-1").fill(who[1])
            page.locator(f"#sides-{i}-name").fill(who[2])
        else:
            page.locator(f"#sides-{i}-players-0").fill(who)
    if target is not None:
        page.get_by_label("Play to").fill(str(target))
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("link", name=re.compile(r"^Record \w+ 1$"))).to_be_visible()  # hand, deal, round
    return page.url


def side_score(page: Page, name: str):
    return page.get_by_label(f"{name} total")


def record(page: Page, number: int) -> None:
    """Tap Record: "Record hand 3", or in the variant's word for its rounds ("Record deal 3", "Record round 3"); a hand
    in which nobody was chosen under "Who went out?" (it has no default) is one where nobody did: "Nobody" is tapped
    first, as the table does."""
    button = page.get_by_role("button", name=re.compile(rf"^Record \w+ {number}$"))
    expect(button).to_be_attached()  # the form drawn, before its questions are read
    answer_nobody(page)
    button.click()


def answer_nobody(page: Page) -> None:
    """Tap "Nobody" under every question of the hand form that has no default and no answer yet ("Who went out?")."""
    for asked in page.locator('input[type="hidden"][name$=":asked"]').all():
        question = asked.get_attribute("name").removesuffix(":asked")
        if not page.locator(f'input[name="{question}"]:checked').count():
            choose(page, question, None)


def enter(page: Page, side: int, entry: dict, *, skip: tuple = ()) -> None:
    """Enter one side's entry as API.md writes it (tests/examples.py): a count by its chips, points typed,
    card counts on the card counter, who went out (cut, finished) chosen, a per-side flag ticked."""
    for field, wanted in entry.items():
        if field in skip:
            continue
        if field in ONE_PER_HAND:
            if wanted:
                choose(page, field, side)
        elif wanted is True:
            page.locator(f"#{input_id(side, field)}").check()
        elif isinstance(wanted, dict):
            count_cards(page, side, field, **wanted)
        else:
            # on the page before asking how it is entered: right after a link to the hand form is tapped, the page may
            # still be the one before it, where a non-waiting count() finds no chips
            page.locator(f"#{input_id(side, field)}").wait_for(state="attached")
            if page.locator(f'label[for="{input_id(side, field)}-chip-0"]').count():
                tap(page, side, field, wanted)
            elif wanted is not False:
                type_points(page, side, field, wanted)


def points(number: int, sign: bool = False) -> str:
    """A number as the pages write it: 10,330 (with sign: +10,330, −415 with a true minus)."""
    text = f"{abs(number):,}"
    if number < 0:
        return "\u2212" + text
    return ("+" if sign else "") + text


def preview(page: Page, side_name: str) -> Locator:
    """The hand form's live preview of one side: "Us this hand +10,330" (this deal, this round: the variant's word)
    and the breakdown under it."""
    return page.get_by_role("group").filter(has_text=re.compile(rf"^\s*{re.escape(side_name)} this \w+ "))


def side_card(page: Page, name: str) -> Locator:
    """A side on the scoreboard: its name, players, total, next meld."""
    return page.get_by_role("listitem").filter(has=page.get_by_role("heading", name=name, exact=True))


def game_over(page: Page) -> Locator:
    """The "Game over" result on the scores page."""
    return page.get_by_role("status").filter(has=page.get_by_role("heading", name="Game over"))


def hand_in_history(page: Page, number: int) -> Locator:
    """A recorded hand under Hands (a disclosure: its summary opens its breakdown)."""
    hands = page.get_by_role("region", name="Hands")
    return hands.get_by_role("group").filter(has_text=re.compile(rf"^\s*Hand {number}\b"))


def open_hand(page: Page, number: int) -> None:
    """Tap a recorded hand's summary to show its breakdown and what can be done with it."""
    hand_in_history(page, number).get_by_text(f"Hand {number}", exact=True).first.click()


def conflict(page: Page, title: str) -> Locator:
    """The choice a phone is given when the game changed under it: an alert headed `title`."""
    alert = page.get_by_role("alert").filter(has=page.get_by_role("heading", name=title, exact=True))
    expect(alert).to_be_visible()
    return alert


# a Ponytail game of two partnerships, Us and Them, started through the API (the two-phone tests start from it)
PAIRS = {"variant": "ponytail",
         "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}


def new_game(server) -> dict:
    """A new game of PAIRS on the test server, as the API answers it."""
    status, game = server.request("POST", "/api/games", PAIRS)
    assert status == 201
    return game


def hands(server, game) -> list[dict]:
    """The game's hands as the server holds them now."""
    return server.request("GET", f"/api/games/{game['id']}")[1]["hands"]
