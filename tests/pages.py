"""Helpers for page tests through Flask's test client: read a page as a player sees it, post a form."""
from __future__ import annotations

from flask import url_for

from .examples import PONYTAIL, form_fields
from .html import Doc, Element  # noqa: F401 (the one HTML reader; page tests import it from here too)

# RULES.md §6 hand 1 (tests/examples.py) as a phone posts it: Us's melded typed with a thousands comma,
# Them's 640 melded counted card by card (4 jokers, 22 twenties)
_HAND_1 = form_fields(PONYTAIL.hands[0].entries)
HAND_1_US = {k: v for k, v in _HAND_1.items() if k.startswith("entries[0].")} | {"went_out": "0",
                                                                                  "entries[0].melded": "1,230"}
HAND_1_THEM = {k: v for k, v in _HAND_1.items() if k.startswith("entries[1].") and k != "entries[1].melded"} | {
    "cut_bonus": "1", "entries[1].melded:mode": "count", "entries[1].melded.jokers": "4",
    "entries[1].melded.twenties": "22"}
assert PONYTAIL.hands[0].entries[0]["melded"] == 1230 and 4 * 50 + 22 * 20 == PONYTAIL.hands[0].entries[1]["melded"]


def token(client) -> str:
    """The CSRF token the pages carry (in their csrf-token meta element)."""
    home = read(client.get("/"))
    return next(e.get("content") for e in home.walk() if e.tag == "meta" and e.get("name") == "csrf-token")


def post(client, path, data=None, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(path, data={"csrf_token": token(client), **(data or {})}, headers=headers)


def url(app, endpoint: str, **values) -> str:
    """The path of a page of the app, as Flask builds it (url_for), so tests follow the routes."""
    with app.test_request_context():
        return url_for(endpoint, **values)


def read(response) -> Doc:
    """A response's page (or a page's HTML) as a Doc."""
    return Doc(response if isinstance(response, str) else response.get_data(as_text=True))


def hand_form(client, game):
    return read(client.get(url(client.application, "hands.new_hand", game_id=game["id"])))


def inline_code(page: Doc) -> list:
    """Elements the Content-Security-Policy would refuse: inline scripts, style attributes, on… handlers."""
    return [e for e in page.walk() if (e.tag == "script" and "src" not in e.attrs) or "style" in e.attrs
            or any(a.startswith("on") for a in e.attrs)]


def error_page(response, heading: str = "That did not work") -> list[str]:
    """An error page in words: it is headed `heading`; returns what it says (its lead paragraphs)."""
    main = read(response).landmark("main")
    assert main.heading(heading, level=1)
    return [p.text for p in main.elements() if p.tag == "p" and "lead" in p.get("class", "").split()]


NAMES = {"sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy",
         "sides[1].players[1]": "Di"}
FIVE = {f"sides[{i}].players[0]": n for i, n in enumerate(("Asha", "Ben", "Cleo", "Dev", "Eve"))}


def new_game(client, variant_id: str) -> Doc:
    return read(client.get(url(client.application, "setup.new_game", variant_id=variant_id)))


def started(client, variant_id: str, data: dict) -> str:
    """The id of the game the new-game form of `variant_id` starts with `data` (it answers 303, to the game)."""
    response = post(client, f"/games/new/{variant_id}", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def press(client, doc: Doc, button: Element, **typed):
    """Tap `button` as a browser without script does: the form's fields, typed ones changed, and the button's own
    name and value, posted to where the button sends them."""
    fields = {**doc.values, **doc.checked, **typed}
    if button.get("name"):
        fields[button.get("name")] = button.get("value", "")
    return client.post(button.action, data=fields)


def games(client) -> list:
    return client.get("/api/games").get_json()


def record(client, game_id, number, values):
    """Record hand `number` from the page form with these field values; it must land (303 to the scores)."""
    response = post(client, f"/games/{game_id}/hands/new", {"number": str(number), **values})
    assert response.status_code == 303, response.get_data(as_text=True)
