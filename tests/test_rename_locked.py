"""Issue 23 (4): renaming or merging a player never edits a game with a table PIN that this device has
not unlocked. The refusal names those games as the players know them and changes nothing; the pages
say which games are locked and link to unlocking each."""
from __future__ import annotations

import re

import pytest

from .pages import post, read, url
from .player_helpers import listed, pairs

PIN = "0427"
LOCKED_SIDES = "Ann & Bob · Cy & Di"  # how the refusal names the locked game


def link(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def rename_page(client, who="Ann", to="Anne") -> str:
    # the new name is the query's "name" (the path's is the player's): url_for cannot write both
    return link(client, "players.rename", name=who) + f"?name={to}"


@pytest.fixture
def games(client):
    """Ann plays in a game with a PIN and in one without: {"locked": game, "open": game}."""
    locked = client.post("/api/games", json={**pairs(("Ann", "Bob"), ("Cy", "Di")), "pin": PIN}).get_json()
    open_ = client.post("/api/games", json=pairs(("Ann", "Eve"), ("Fay", "Gus"))).get_json()
    return {"locked": locked, "open": open_}


def unchanged(client, games):
    for game in games.values():
        now = client.get(f"/api/games/{game['id']}").get_json()
        assert (now["revision"], now["sides"]) == (game["revision"], game["sides"])
    assert "Ann" in listed(client) and "Anne" not in listed(client)


def unlock(client, game):
    r = post(client, link(client, "pin.unlock", game_id=game["id"]), {"pin": PIN})
    assert r.status_code == 303


def test_the_api_refuses_a_rename_touching_a_locked_game_naming_it(client, games):
    r = client.post("/api/players/Ann/rename", json={"name": "Anne"})
    assert r.status_code == 403
    [error] = r.get_json()["errors"]
    assert error["field"] is None
    assert LOCKED_SIDES in error["message"] and "Ann & Eve" not in error["message"]
    assert "Nothing was renamed" in error["message"]
    unchanged(client, games)
    unlock(client, games["locked"])  # this session entered the PIN: the rename goes through
    assert client.post("/api/players/Ann/rename", json={"name": "Anne"}).status_code == 200
    assert client.get(f"/api/games/{games['locked']['id']}").get_json()["sides"][0]["name"] == "Anne & Bob"


def test_the_api_refuses_a_merge_touching_a_locked_game(client, games):
    client.post("/api/games", json=pairs(("Anm", "Hal"), ("Ivy", "Jo")))
    r = client.post("/api/players/Ann/merge", json={"into": "Anm"})
    assert r.status_code == 403
    [error] = r.get_json()["errors"]
    assert LOCKED_SIDES in error["message"] and "Nothing was merged" in error["message"]
    unchanged(client, games)


def test_the_api_renames_with_the_locked_games_pin(client, games):
    wrong = client.post("/api/players/Ann/rename", json={"name": "Anne"}, headers={"X-Table-PIN": "1111"})
    assert wrong.status_code == 403 and LOCKED_SIDES in wrong.get_json()["errors"][0]["message"]
    unchanged(client, games)
    r = client.post("/api/players/Ann/rename", json={"name": "Anne"}, headers={"X-Table-PIN": PIN})
    assert r.status_code == 200 and r.get_json()["name"] == "Anne"
    after = client.get(f"/api/games/{games['locked']['id']}").get_json()
    assert after["sides"][0]["name"] == "Anne & Bob" and after["revision"] == games["locked"]["revision"] + 1


def test_the_confirmation_page_lists_locked_games_with_a_link_to_unlock_each_then_renames(client, games):
    doc = read(client.get(rename_page(client)))
    locked = doc.region("Games with a table PIN")
    unlocking = locked.link(re.compile(f"^Unlock {re.escape(LOCKED_SIDES)}"))
    assert unlocking.get("href") == link(client, "pin.unlock", game_id=games["locked"]["id"],
                                         next=rename_page(client))
    assert not doc.all("button", "Yes, rename")  # nothing to confirm until it is unlocked here
    r = post(client, link(client, "players.rename", name="Ann"), {"name": "Anne"})
    assert r.status_code == 403
    alert = read(r).alert()
    assert alert.heading("Nothing was changed")
    [message] = alert.items()
    assert LOCKED_SIDES in message and "Ann & Eve" not in message
    assert read(r).region("Games with a table PIN").link(re.compile(f"^Unlock {re.escape(LOCKED_SIDES)}"))
    unchanged(client, games)
    unlock(client, games["locked"])  # the link's page: once unlocked on this device, the rename goes through
    doc = read(client.get(rename_page(client)))
    assert not doc.all("region", "Games with a table PIN")
    assert doc.button("Yes, rename")
    r = post(client, link(client, "players.rename", name="Ann"), {"name": "Anne"})
    assert r.status_code == 303
    assert client.get(f"/api/games/{games['locked']['id']}").get_json()["sides"][0]["name"] == "Anne & Bob"


def test_the_merge_page_refuses_too(client, games):
    client.post("/api/games", json=pairs(("Anm", "Hal"), ("Ivy", "Jo")))
    doc = read(client.get(link(client, "players.merge", name="Ann", into="Anm")))
    assert doc.region("Games with a table PIN") and not doc.all("button", "Yes, merge")
    r = post(client, link(client, "players.merge", name="Ann"), {"into": "Anm"})
    assert r.status_code == 403 and LOCKED_SIDES in read(r).alert().items()[0]
    unchanged(client, games)


def test_the_player_page_says_which_games_are_locked(client, games):
    doc = read(client.get(link(client, "players.player", name="Ann")))
    cards = doc.region("Recent games").all("link", re.compile("^Ponytail Canasta"))
    marked = {card.get("href"): "PIN" in card.text.split() for card in cards}
    assert marked == {link(client, "pages.game", game_id=games["locked"]["id"]): True,
                      link(client, "pages.game", game_id=games["open"]["id"]): False}
    fix = doc.region("Fix the name")
    assert fix.by_text(re.compile("1 game has a table PIN"), tag="p")
    assert fix.link(re.compile(f"^Unlock {re.escape(LOCKED_SIDES)}"))
    unlock(client, games["locked"])
    fix = read(client.get(link(client, "players.player", name="Ann"))).region("Fix the name")
    assert not fix.by_text(re.compile("table PIN"))
