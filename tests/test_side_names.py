"""Issue 23, finding 11: a finished game shows no "to go", and a side the new-game form named after its players
("Ann & Bob", typed names left empty) shows that name once: game page, table display, game-over box, score sheet."""
from __future__ import annotations

import pytest

from .pages import NAMES, games, new_game, press, read, url
from .sheet_helpers import pdf_pages

HAND = [{"natural_canastas": 1, "melded": 500}, {"dirty_canastas": 1, "melded": 300}]  # 1,000 and 600


def started_from_the_form(client, **typed) -> dict:
    """A Ponytail game started on the new-game form with the sides' names left empty, one hand recorded."""
    doc = new_game(client, "ponytail")
    assert press(client, doc, doc.button("Start the game"), **NAMES, **typed).status_code == 303
    [listed] = games(client)
    assert client.post(f"/api/games/{listed['id']}/hands", json={"entries": HAND}).status_code == 201
    return client.get(f"/api/games/{listed['id']}").get_json()


def side_cards(client, endpoint: str, game: dict) -> list[str]:
    doc = read(client.get(url(client.application, endpoint, game_id=game["id"])))
    return [e.text for e in doc.walk() if "side-card" in e.get("class", "").split()]


@pytest.mark.parametrize("endpoint", ["pages.game", "pages.table"])
def test_a_side_named_after_its_players_shows_the_name_once(client, endpoint):
    game = started_from_the_form(client, **{"sides[1].name": "Them"})
    assert [s["name"] for s in game["sides"]] == ["Ann & Bob", "Them"]  # how the form names a pair
    ann_bob, them = side_cards(client, endpoint, game)
    assert ann_bob.count("Ann & Bob") == 1, ann_bob
    assert ann_bob.startswith("Ann & Bob 1,000")
    assert them.startswith("Them Cy & Di 600"), them  # a name of its own still says who plays


def test_the_name_counts_as_the_players_whatever_its_case_and_spacing(client):
    game = started_from_the_form(client, **{"sides[0].name": "ann  &bob", "sides[1].name": "Cy and Di"})
    ann_bob, cy_di = side_cards(client, "pages.game", game)
    assert "Ann & Bob" not in ann_bob and "Cy & Di" not in cy_di, (ann_bob, cy_di)


@pytest.mark.parametrize("endpoint", ["pages.game", "pages.table"])
def test_a_finished_game_has_nothing_to_go(client, endpoint):
    game = started_from_the_form(client)
    before = side_cards(client, endpoint, game)
    assert "49,000 to go" in before[0] and "49,400 to go" in before[1]  # while it is played
    assert client.post(f"/api/games/{game['id']}/end", json={}).status_code == 200
    page = read(client.get(url(client.application, endpoint, game_id=game["id"])))
    assert "to go" not in page.landmark("main").text
    if endpoint == "pages.game":
        [over] = [e for e in page.walk() if "game-over" in e.get("class", "").split()]
        assert over.text.count("Ann & Bob") == 2, over.text  # "Ann & Bob win by 400." and its row of the scores
        assert over.table_rows("Final scores")[1:] == [["1", "Ann & Bob", "1,000"], ["2", "Cy & Di", "600"]]


def test_the_score_sheet_heads_a_side_named_after_its_players_once(client):
    game = started_from_the_form(client, **{"sides[1].name": "Them"})
    text = pdf_pages(client.get(url(client.application, "sheets.game_sheet", game_id=game["id"])).data)[0]["text"]
    lines = text.splitlines()
    assert "Sides: Ann & Bob; Them (Cy & Di)" in lines
    # the score table's heading (between the result and the column heads): each side's name, and under it the
    # players of a side named otherwise
    head = lines[next(i for i, x in enumerate(lines) if x.startswith("Result:")) + 1:
                 next(i for i, x in enumerate(lines) if x.startswith("# "))]
    assert sorted(" ".join(head).split(" ")) == sorted("Ann & Bob Them Cy & Di".split(" ")), head
