"""Issue 39 (walk-american-samba-bolivia.md, L3 and L11), on a 360 x 640 phone: the game-over box's final scores keep
a side's name whole ("Nosotro|s" was seen in Spanish), and the "Open this game on another phone" panel gives the
game's address in words beside its QR code, for a phone that cannot scan."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .devices import PHONE, Page
from .words import split_words

pytestmark = pytest.mark.browser

BOLIVIA = {"variant": "bolivia", "sides": [{"name": "Nosotros", "players": ["Ana", "Beto"]},
                                          {"name": "Ellos", "players": ["Carmen", "Diego"]}]}


def finished_game(server) -> str:
    status, game = server.request("POST", "/api/games", BOLIVIA)
    assert status == 201, game
    hand = {"entries": [{"melded": 300}, {"melded": 100}]}
    assert server.request("POST", f"/api/games/{game['id']}/hands", hand)[0] == 201
    assert server.request("POST", f"/api/games/{game['id']}/end", {})[0] == 200
    return game["id"]


@pytest.mark.parametrize("locale", ["es-ES", "it-IT"])
def test_the_final_scores_keep_a_sides_name_whole(chromium, server, locale):
    phone = Page(chromium, server, PHONE, locale=locale)
    try:
        page = phone.page
        page.goto(f"/games/{finished_game(server)}")
        expect(page.locator("table.final tbody th").first).to_have_text("Nosotros")
        assert split_words(page, "table.final") == []
        assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
        phone.shot(f"game-over-final-scores-{locale}")
    finally:
        phone.context.close()
    assert phone.console == []


def test_the_share_panel_says_the_games_address_in_words(phone, server):
    page = phone.page
    game_id = finished_game(server)
    page.goto(f"/games/{game_id}")
    page.get_by_text("Open this game on another phone or a table display").click()
    address = page.locator(".share-address .address")
    expect(address).to_be_visible()
    expect(address).to_have_text(re.compile(rf"^http://[^/]+/games/{game_id}$"))
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
    phone.shot("game-share-address")
