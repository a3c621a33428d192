"""The players pages, renaming and merging players (with what they change and what they refuse)."""
from __future__ import annotations

from .player_helpers import WIN_FIRST, Doc, listed, pairs, play, post


def test_home_links_to_the_players_page_which_lists_everyone(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    assert "/players" in Doc(client.get("/").get_data(as_text=True)).links
    doc = Doc(client.get("/players").get_data(as_text=True))
    rows = {r[0].split(" last played ")[0]: r[1:] for r in doc.rows["players"][1:]}
    assert sorted(rows) == ["Ann", "Bob", "Cy", "Di"]
    assert rows["Ann"][:2] == ["1", "1"] and rows["Cy"][:2] == ["1", "0"]
    assert rows["Ann"][2].endswith(" Ponytail")  # the rating, by variant
    assert "/players/Ann" in doc.links


def test_a_player_page_shows_partners_opponents_bests_and_recent_games(client):
    game = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST, WIN_FIRST)
    doc = Doc(client.get("/players/Ann").get_data(as_text=True))
    assert (doc.text("player-games"), doc.text("player-wins")) == ("1", "1")
    assert doc.rows["partners"][1:] == [["Bob", "1", "1"]]
    assert doc.rows["opponents"][1:] == [["Cy", "1", "1"], ["Di", "1", "1"]]
    assert f"/games/{game['id']}" in doc.links
    assert "Cy & Di 1,200" in doc.text("recent-games")


def test_an_unknown_player_page_is_404_in_words(client):
    r = client.get("/players/Nobody")
    assert r.status_code == 404
    assert "There is no player called “Nobody”" in r.get_data(as_text=True)


def test_rename_shows_what_changes_then_renames_the_player_and_the_sides_named_after_them(client):
    mine = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    named = play(client, {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                            {"name": "Them", "players": ["Cy", "Di"]}]}, WIN_FIRST)
    confirm = client.get("/players/ann/rename?name=Anne")
    doc = Doc(confirm.get_data(as_text=True))
    assert doc.text("change-summary").startswith("2 games change: Ann becomes Anne")
    assert sorted(r[1] for r in doc.rows["changes"][1:]) == ["Player Ann → Anne", "Player Ann → Anne Side Ann & Bob → Anne & Bob"]
    assert listed(client)["Ann"]  # nothing changed by looking
    r = post(client, "/players/Ann/rename", {"name": " Anne "})
    assert r.status_code == 303 and r.headers["Location"].endswith("/players/Anne")
    assert [s["name"] for s in client.get(f"/api/games/{mine['id']}").get_json()["sides"]] == ["Anne & Bob", "Cy & Di"]
    after = client.get(f"/api/games/{named['id']}").get_json()
    assert [s["name"] for s in after["sides"]] == ["Us", "Them"] and after["sides"][0]["players"] == ["Anne", "Bob"]
    assert after["revision"] == named["revision"] + 1  # devices showing the game see the new name
    assert sorted(listed(client)) == ["Anne", "Bob", "Cy", "Di"] and listed(client)["Anne"]["wins"] == 2


def test_a_lone_player_side_follows_a_rename(client):
    sides = [{"name": n, "players": [n]} for n in ("Asha", "Ben", "Cleo")]
    game = client.post("/api/games", json={"variant": "pony", "sides": sides}).get_json()
    assert client.post("/api/players/asha/rename", json={"name": "Asha K"}).status_code == 200
    assert client.get(f"/api/games/{game['id']}").get_json()["sides"][0] == {
        **game["sides"][0], "name": "Asha K", "players": ["Asha K"]}


def test_merge_makes_two_names_one_player(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    typo = play(client, pairs(("Anm", "Bob"), ("Cy", "Di")), WIN_FIRST)
    doc = Doc(client.get("/players/Anm/merge?into=ann").get_data(as_text=True))
    assert doc.text("change-summary").startswith("1 game changes: Anm becomes Ann")
    r = post(client, "/players/Anm/merge", {"into": "ann"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/players/Ann")
    players = listed(client)
    assert sorted(players) == ["Ann", "Bob", "Cy", "Di"] and (players["Ann"]["games"], players["Ann"]["wins"]) == (2, 2)
    assert client.get(f"/api/games/{typo['id']}").get_json()["sides"][0]["name"] == "Ann & Bob"


def refusal(client, url, data):
    """A refused rename or merge: 422, the reason on the page, nothing changed."""
    before = listed(client)
    r = post(client, url, data)
    assert r.status_code == 422
    assert listed(client) == before
    return Doc(r.get_data(as_text=True)).text("main")


def test_rename_and_merge_refusals_change_nothing(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    play(client, pairs(("Eve", "Bob"), ("Cy", "Di")), WIN_FIRST)
    assert "The new name is missing" in refusal(client, "/players/Ann/rename", {"name": "  "})
    assert "already a player called “Cy”" in refusal(client, "/players/Ann/rename", {"name": "cy"})
    assert "cannot be merged into itself" in refusal(client, "/players/Ann/merge", {"into": "ANN"})
    assert "no player called “Zed”" in refusal(client, "/players/Ann/merge", {"into": "Zed"})
    assert "both sat at game" in refusal(client, "/players/Ann/merge", {"into": "Bob"})
    assert post(client, "/players/Zed/rename", {"name": "Zoe"}).status_code == 404
    r = client.post("/api/players/Ann/rename", json={"name": "Bea", "into": "x"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "name"


def test_a_rename_without_the_page_token_is_refused(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    assert client.post("/players/Ann/rename", data={"name": "Anne"}).status_code == 400
    assert "Ann" in listed(client)


def test_the_new_game_form_offers_known_players(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    doc = Doc(client.get("/games/new/ponytail").get_data(as_text=True))
    assert doc.tags["sides-0-players-0"]["list"] == "known-players"
    assert doc.tags["known-players"]["tag"] == "datalist"
    html = client.get("/games/new/ponytail").get_data(as_text=True)
    names = html.split('<datalist id="known-players">')[1].split("</datalist>")[0]
    assert sorted(names.replace('">', "").split('<option value="')[1:]) == ["Ann", "Bob", "Cy", "Di"]


def test_players_pages_have_no_inline_scripts_styles_or_handlers(client):
    import re

    game = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    for path in ("/players", "/players/Ann", "/players/Ann/rename?name=Anne", "/players/Ann/merge?into=Cy",
                 f"/games/{game['id']}"):
        html = client.get(path).get_data(as_text=True)
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>|\sstyle=|\son[a-z]+=", html) == [], path
