"""Helpers for page tests through Flask's test client: read a page as a player sees it, post a form."""
from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

HAND_1_US = {"entries[0].natural_canastas": "1", "entries[0].dirty_canastas": "2", "entries[0].sevens_canastas": "1",
             "entries[0].wild_canastas": "1", "entries[0].red_threes": "3", "entries[0].melded": "1,230",
             "went_out": "0"}
HAND_1_THEM = {"entries[1].natural_canastas": "1", "entries[1].dirty_canastas": "1", "entries[1].red_threes": "2",
               "cut_bonus": "1", "entries[1].melded:mode": "count", "entries[1].melded.jokers": "4",
               "entries[1].melded.twenties": "22", "entries[1].in_hand": "185", "entries[1].black_threes": "2"}


class Doc(HTMLParser):
    """Just enough of a page to check what a player sees: text by element id, form values by name."""

    def __init__(self, html: str):
        super().__init__()
        self.open: list[str | None] = []
        self.texts: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.checked: dict[str, str] = {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input":
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    self.checked[a["name"]] = a.get("value", "on")
            else:
                self.values[a.get("name")] = a.get("value", "")
        self.handle_data(" ")  # elements apart read apart: table cells, list items
        if tag in VOID:
            return
        self.open.append(a.get("id"))
        if a.get("id"):
            self.texts[a["id"]] = ""

    def handle_endtag(self, tag):
        if tag not in VOID and self.open:
            self.open.pop()

    def handle_data(self, data):
        for element_id in self.open:
            if element_id:
                self.texts[element_id] += data

    def text(self, element_id: str) -> str:
        return " ".join(self.texts[element_id].split())


def token(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'<meta name="csrf-token" content="([^"]+)"', page)[1]


def post(client, url, data=None, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, data={"csrf_token": token(client), **(data or {})}, headers=headers)


def hand_form(client, game):
    return Doc(client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True))
