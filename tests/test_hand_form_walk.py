"""Issue 39 item 12: the hand form's small findings of the walk-throughs (walk-american-samba-bolivia.md L1, L2, L7,
walk-burraco-evening.md "Doubled punctuation" and "Live preview for an impossible deal")."""
from __future__ import annotations

from tests.examples import BURRACO_PAIRS

from .pages import hand_form, post, read, url

PAIRS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def recorded(client, game, values, number=1):
    form = hand_form(client, game).form_values()
    return post(client, url(client.application, "hands.record_hand", game_id=game["id"]),
                {**form, "went_out": "none", "number": str(number), **values})


def test_every_box_s_problem_is_said_at_once_on_every_side(client, make_game):
    game = make_game()  # L1: text on one side, a number read two ways on the other
    response = recorded(client, game, {"entries[0].melded": "12O", "entries[0].in_hand": "abc",
                                       "entries[1].melded": "1,50"})
    assert response.status_code == 422
    said = read(response).alert().items()
    assert len(said) == 3, said
    assert [s for s in said if s.startswith("Us: ") and "not text" in s] == said[:2]
    assert said[2].startswith("Them: ") and "“1,50” could be read two ways" in said[2]
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


def test_the_two_limits_on_natural_canastas_say_what_each_counts(client, make_game):
    game = make_game({"variant": "american", "sides": PAIRS})  # L2: twelve natural canastas
    response = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"natural_canastas": 12}, {}]})
    messages = [e["message"] for e in response.get_json()["errors"] if e["field"] == "entries[0].natural_canastas"]
    assert len(messages) == 2 and messages[0] != messages[1]
    assert messages[1].startswith("Natural, mixed and aces canastas together: ")


def test_a_question_s_refusal_is_said_without_doubled_punctuation(client, make_game):
    game = make_game({"variant": "burraco", "sides": BURRACO_PAIRS})
    response = recorded(client, game, {"went_out": "0", "entries[0].kitty_not_taken": "on",
                                       "entries[0].natural_canastas:chip": "1", "entries[0].melded": "290"})
    assert response.status_code == 422
    said = read(response).alert().items()
    assert said and said[0].startswith("Who went out? ") and "?:" not in " ".join(said), said


def test_the_bar_says_what_its_figures_are_and_gives_the_totals_so_far(client, make_game):
    game = make_game()
    assert client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 590}, {"melded": 1200}]}
                       ).status_code == 201
    preview = read(post(client, url(client.application, "hands.preview_hand", game_id=game["id"]),
                        {"entries[0].melded": "725", "entries[1].melded": "200"}, htmx=True))
    bar = next(e for e in preview.walk() if e.tag == "hx-partial" and e.get("hx-target") == "#preview-bar")
    assert bar.text.startswith("This hand · total so far")
    assert bar.items() == ["Us +725 · 590", "Them +200 · 1,200"]


def test_a_hand_the_rules_would_refuse_shows_no_score_in_the_bar(client, make_game):
    game = make_game({"variant": "burraco", "sides": BURRACO_PAIRS})  # closing without the pozzetto
    preview = read(post(client, url(client.application, "hands.preview_hand", game_id=game["id"]),
                        {"went_out": "0", "entries[0].kitty_not_taken": "on", "entries[0].natural_canastas": "1",
                         "entries[0].melded": "290"}, htmx=True))
    bar = next(e for e in preview.walk() if e.tag == "hx-partial" and e.get("hx-target") == "#preview-bar")
    assert bar.text == "This deal cannot be recorded as entered: see “Check before recording”."
    assert bar.link("This deal cannot be recorded as entered: see “Check before recording”.").get("href") == "#preview-problems"
    assert bar.all("listitem") == []
