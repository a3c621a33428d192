"""The new-game form's buttons: each posts to its own view (formaction, and hx-post for htmx), a stale page's
`change` never starts a game, and each partnership's players are a group named after it."""
from __future__ import annotations

import pytest

from .pages import FIVE, NAMES, games, new_game, post, press, read, url


@pytest.mark.parametrize("variant_id, button, endpoint", [
    ("ponytail", "Partnerships", "setup.change_layout"),
    ("ponytail", "Everyone alone", "setup.change_layout"),
    ("ponytail", "Add a partnership", "setup.change_layout"),
    ("five-person", "Draw seats", "setup.draw_seats"),
    ("ponytail", "Print a blank sheet", "setup.blank_sheet"),
    ("ponytail", "Start the game", "setup.create_game"),
])
def test_each_button_posts_to_its_own_view(client, variant_id, button, endpoint):
    doc = new_game(client, variant_id)
    found = doc.button(button)
    assert found.action == url(client.application, endpoint, variant_id=variant_id)
    if found.get("hx-post"):  # with script, htmx posts to the same view
        assert found.get("hx-post") == found.action
    assert found.get("name") != "change"


def test_remove_the_last_posts_to_the_layout_view(client):
    doc = new_game(client, "ponytail")
    three = read(press(client, doc, doc.button("Add a partnership")))
    assert three.button("Remove the last partnership").action == url(client.application, "setup.change_layout",
                                                                     variant_id="ponytail")


def test_the_seats_table_is_redrawn_by_the_layout_view_as_posted(client):
    doc = new_game(client, "five-person")
    seating = doc.by_id("seating")
    assert seating.get("hx-post") == url(client.application, "setup.change_layout", variant_id="five-person")
    assert "hx-vals" not in seating.attrs
    response = post(client, seating.get("hx-post"), {"layout": "solo", "count": "5", **FIVE}, htmx=True)
    assert read(response).table_rows("Seats, partners and rentraps")[1][:2] == ["1", "Asha"]
    assert games(client) == []


def test_without_script_each_seating_button_shows_the_whole_page_again_keeping_the_names(client):
    doc = new_game(client, "ponytail")
    typed = {"sides[0].players[0]": "Ann"}
    three = read(press(client, doc, doc.button("Add a partnership"), **typed))
    assert three.heading("New game of Ponytail Canasta", level=1)  # a whole page, not the htmx fragment
    assert three.group("Partnership 3") and three.group("Partnership 1").field("Player 1").value == "Ann"
    two = read(press(client, three, three.button("Remove the last partnership")))
    assert [g.name for g in two.all("group") if g.name.startswith("Partnership ")] == ["Partnership 1",
                                                                                         "Partnership 2"]
    alone = read(press(client, two, two.button("Everyone alone")))
    assert alone.button("Everyone alone").get("aria-pressed") == "true"
    assert alone.group("Who plays").field("Player 1").value == "Ann"
    assert games(client) == []


def test_without_script_draw_seats_seats_the_five_again(client):
    doc = new_game(client, "five-person")
    drawn = read(press(client, doc, doc.button("Draw seats"), **FIVE))
    assert drawn.status("Seats drawn at random. Sit down in this order, clockwise.")
    assert sorted(drawn.group("Who plays").field(f"Seat {i}").value for i in range(1, 6)) == sorted(FIVE.values())
    assert games(client) == []


def test_without_script_start_the_game_starts_it(client):
    doc = new_game(client, "ponytail")
    response = press(client, doc, doc.button("Start the game"), **NAMES)
    assert response.status_code == 303
    [game] = games(client)
    assert response.headers["Location"] == url(client.application, "pages.game", game_id=game["id"])


@pytest.mark.parametrize("variant_id, change, shown", [
    ("ponytail", "more", "Partnership 3"),
    ("ponytail", "solo", "Everyone alone"),
    ("five-person", "draw", "Seats drawn at random. Sit down in this order, clockwise."),
    ("five-person", "seating", "Seats, partners and rentraps"),
    ("ponytail", "", "Partnership 2"),
])
def test_a_stale_page_posting_change_to_start_gets_its_buttons_job_and_no_game(client, variant_id, change, shown):
    layout = {"layout": "solo", "count": "5", **FIVE} if variant_id == "five-person" else {"layout": "pairs",
                                                                                           "count": "2", **NAMES}
    response = post(client, url(client.application, "setup.create_game", variant_id=variant_id),
                    {**layout, "change": change})
    assert response.status_code == 200
    doc = read(response)
    if change == "solo":
        assert doc.button(shown).get("aria-pressed") == "true"
    elif change == "draw":
        assert doc.status(shown)
    elif variant_id == "five-person":
        assert doc.table(shown)
    else:
        assert doc.group(shown)
    assert games(client) == []


@pytest.mark.parametrize("endpoint", ["setup.draw_seats", "setup.change_layout"])
@pytest.mark.parametrize("token", [None, "forged"])
def test_the_new_views_refuse_a_post_without_the_token(client, endpoint, token):
    client.get("/")  # the session has a token; the post below does not carry it
    sent = {"csrf_token": token} if token else {}
    response = client.post(url(client.application, endpoint, variant_id="ponytail"),
                           data={"layout": "pairs", "count": "2", "to": "more", **sent})
    assert response.status_code == 400
    assert "security token did not match" in response.get_data(as_text=True)


@pytest.mark.parametrize("endpoint", ["setup.draw_seats", "setup.change_layout"])
def test_the_new_views_know_only_real_variants(client, endpoint):
    assert post(client, url(client.application, endpoint, variant_id="bridge"), {"to": "more"}).status_code == 404


def test_each_partnerships_players_are_a_group_named_after_it(client):
    doc = new_game(client, "ponytail")
    for n in (1, 2):
        side = doc.group(f"Partnership {n}")
        assert [f.name for f in side.all("textbox")] == ["Player 1", "Player 2", "Name on the scoreboard"]
        assert side.get("aria-labelledby") == doc.heading(f"Partnership {n}", level=2).get("id")
    assert doc.group("Who plays").group("Partnership 1")
