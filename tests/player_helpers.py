"""Shared helpers of the players tests: games played through the API, pages read by element id."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from .pages import post, token  # noqa: F401 (page forms post with the CSRF token, as in tests/pages.py)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "circle", "line", "polyline"}

# a Ponytail hand the first side wins: 500 + 500 = 1,000 against 300 + 300 = 600
WIN_FIRST = [{"natural_canastas": 1, "melded": 500}, {"dirty_canastas": 1, "melded": 300}]
WIN_SECOND = [WIN_FIRST[1], WIN_FIRST[0]]
LEVEL = [{"melded": 100}, {"melded": 100}]


def pairs(us, them, **extra) -> dict:
    """A Ponytail game of two partnerships named 'A & B' as the form names them."""
    return {"variant": "ponytail", "sides": [{"name": " & ".join(us), "players": list(us), **extra.get("us", {})},
                                             {"name": " & ".join(them), "players": list(them)}]}


def play(client, payload: dict, *hands: list, end: bool = True) -> dict:
    """Create a game, record the hands, end it (unless told not to); returns the game object."""
    r = client.post("/api/games", json=payload)
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    for entries in hands:
        r = client.post(f"/api/games/{game['id']}/hands", json={"entries": entries})
        assert r.status_code == 201, r.get_json()
        game = r.get_json()["game"]
    if end:
        r = client.post(f"/api/games/{game['id']}/end")
        assert r.status_code == 200, r.get_json()
        game = r.get_json()
    return game


def player(client, name: str) -> dict:
    r = client.get(f"/api/players/{name}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def listed(client) -> dict:
    """GET /api/players by name."""
    r = client.get("/api/players")
    assert r.status_code == 200
    return {p["name"]: p for p in r.get_json()}


class Doc(HTMLParser):
    """A page as a player reads it: text by element id, rows of tables by id, links."""

    def __init__(self, html: str):
        super().__init__()
        self.open: list[str | None] = []
        self.texts: dict[str, str] = {}
        self.tags: dict[str, dict] = {}
        self.rows: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self._table: str | None = None
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "table":
            self._table = a.get("id")
            if self._table:
                self.rows[self._table] = []
        if tag == "tr" and self._table:
            self.rows[self._table].append([])
        if tag in ("td", "th") and self._table:
            self._cell = []
        self.handle_data(" ")
        if a.get("id"):
            self.tags[a["id"]] = {"tag": tag, **a}
        if tag in VOID:
            return
        self.open.append(a.get("id"))
        if a.get("id"):
            self.texts[a["id"]] = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._table and self._cell is not None:
            self.rows[self._table][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        if tag == "table":
            self._table = None
        if tag not in VOID and self.open:
            self.open.pop()

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        for element_id in self.open:
            if element_id:
                self.texts[element_id] += data

    def text(self, element_id: str) -> str:
        return " ".join(self.texts[element_id].split())
