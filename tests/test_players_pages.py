"""The players pages, renaming and merging players (with what they change and what they refuse)."""
from __future__ import annotations

import re

from .pages import inline_code, read, url
from .player_helpers import WIN_FIRST, listed, pairs, play, post


def link(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def test_home_links_to_the_players_page_which_lists_everyone(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    home = read(client.get(link(client, "pages.home")))
    assert home.link("Players, partners and ratings").get("href") == link(client, "players.players")
    doc = read(client.get(link(client, "players.players")))
    table = doc.table("Everyone who has played, most games first")
    assert table.cells()[0] == ["Player", "Games", "Wins", "Rating"]
    rows = {r[0].split(" last played ")[0]: r[1:] for r in table.cells()[1:]}
    assert sorted(rows) == ["Ann", "Bob", "Cy", "Di"]
    assert rows["Ann"][:2] == ["1", "1"] and rows["Cy"][:2] == ["1", "0"]
    assert rows["Ann"][2].endswith(" Ponytail")  # the rating, by variant
    assert table.link("Ann").get("href") == link(client, "players.player", name="Ann")


def test_a_player_page_shows_partners_opponents_bests_and_recent_games(client):
    game = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST, WIN_FIRST)
    doc = read(client.get(link(client, "players.player", name="Ann")))
    assert doc.heading("Ann", level=1)
    facts = doc.terms()
    assert (facts["Games"], facts["Wins"]) == ("1", "1")
    together = doc.region("Partners and opponents")
    assert together.table_rows("Partners")[1:] == [["Bob", "1", "1"]]
    assert together.table_rows("Opponents")[1:] == [["Cy", "1", "1"], ["Di", "1", "1"]]
    recent = doc.region("Recent games").link(re.compile(r"^Ponytail Canasta · won Ann & Bob 2,000 Cy & Di 1,200 "))
    assert recent.get("href") == link(client, "pages.game", game_id=game["id"])


def test_an_unknown_player_page_is_404_in_words(client):
    r = client.get(link(client, "players.player", name="Nobody"))
    assert r.status_code == 404
    main = read(r).landmark("main")
    assert main.heading("Not found", level=1)
    assert main.by_text(re.compile("^There is no player called “Nobody”"), tag="p")


def test_rename_shows_what_changes_then_renames_the_player_and_the_sides_named_after_them(client):
    mine = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    named = play(client, {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                            {"name": "Them", "players": ["Cy", "Di"]}]}, WIN_FIRST)
    # the new name is the query's "name" (the path's is the player's): url_for cannot write both
    doc = read(client.get(link(client, "players.rename", name="ann") + "?name=Anne"))
    assert doc.heading("Rename Ann to Anne?", level=1)
    assert doc.by_text("2 games change: Ann becomes Anne.", tag="p")
    changes = doc.table_rows("What changes")
    assert sorted(r[1] for r in changes[1:]) == ["Player Ann → Anne", "Player Ann → Anne Side Ann & Bob → Anne & Bob"]
    assert doc.button("Yes, rename").action == link(client, "players.rename", name="Ann")
    assert listed(client)["Ann"]  # nothing changed by looking
    r = post(client, link(client, "players.rename", name="Ann"), {"name": " Anne "})
    assert r.status_code == 303 and r.headers["Location"] == link(client, "players.player", name="Anne")
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
    doc = read(client.get(link(client, "players.merge", name="Anm", into="ann")))
    assert doc.by_text(re.compile("^1 game changes: Anm becomes Ann, and their games"), tag="p")
    r = post(client, link(client, "players.merge", name="Anm"), {"into": "ann"})
    assert r.status_code == 303 and r.headers["Location"] == link(client, "players.player", name="Ann")
    players = listed(client)
    assert sorted(players) == ["Ann", "Bob", "Cy", "Di"] and (players["Ann"]["games"], players["Ann"]["wins"]) == (2, 2)
    assert client.get(f"/api/games/{typo['id']}").get_json()["sides"][0]["name"] == "Ann & Bob"


def refusal(client, what, data):
    """A refused rename or merge of Ann: 422, the reason in the alert, nothing changed."""
    before = listed(client)
    r = post(client, link(client, f"players.{what}", name="Ann"), data)
    assert r.status_code == 422
    assert listed(client) == before
    alert = read(r).alert()
    assert alert.heading("Nothing was changed")
    return alert.items()


def test_rename_and_merge_refusals_change_nothing(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    play(client, pairs(("Eve", "Bob"), ("Cy", "Di")), WIN_FIRST)
    [missing] = refusal(client, "rename", {"name": "  "})
    assert missing.startswith("The new name is missing")
    assert refusal(client, "rename", {"name": "cy"}) == [
        "There is already a player called “Cy”. To make “Ann” and “Cy” one player, merge them instead."]
    [itself] = refusal(client, "merge", {"into": "ANN"})
    assert "cannot be merged into itself" in itself
    [unknown] = refusal(client, "merge", {"into": "Zed"})
    assert "no player called “Zed”" in unknown
    [together] = refusal(client, "merge", {"into": "Bob"})
    assert together == "“Ann” and “Bob” played at the same table in 1 game, so they are two people; they were not merged."
    assert post(client, link(client, "players.rename", name="Zed"), {"name": "Zoe"}).status_code == 404
    r = client.post("/api/players/Ann/rename", json={"name": "Bea", "into": "x"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "name"


def test_a_rename_without_the_page_token_is_refused(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    assert client.post(link(client, "players.rename", name="Ann"), data={"name": "Anne"}).status_code == 400
    assert "Ann" in listed(client)


def test_the_new_game_form_offers_known_players(client):
    play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    doc = read(client.get(link(client, "setup.new_game", variant_id="ponytail")))
    offered = doc.by_id(doc.under("Partnership 1").field("Player 1").get("list"))
    assert offered.tag == "datalist"
    assert sorted(option.get("value") for option in offered.elements()) == ["Ann", "Bob", "Cy", "Di"]


def test_players_pages_have_no_inline_scripts_styles_or_handlers(client):
    game = play(client, pairs(("Ann", "Bob"), ("Cy", "Di")), WIN_FIRST)
    for endpoint, values in (("players.players", {}), ("players.player", {"name": "Ann"}),
                             ("players.rename", {"name": "Ann", "name_": "Anne"}),
                             ("players.merge", {"name": "Ann", "into": "Cy"}), ("pages.game", {"game_id": game["id"]})):
        path = link(client, endpoint, **{k: v for k, v in values.items() if k != "name_"})
        if "name_" in values:
            path += f"?name={values['name_']}"
        assert inline_code(read(client.get(path))) == [], path
