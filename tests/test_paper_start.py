"""A game begun on paper: start_score counts in totals, meld minimums and the end of the game."""
from __future__ import annotations

import re

import pytest

from scoring import Refused, derive_game, new_game
from scoring.game import HandRecord
from scoring.variants.ponytail import VARIANT as PONYTAIL

from .pages import read, url
from .player_helpers import WIN_FIRST, post


def sides(*starts):
    return [{"name": n, "players": [n + "1", n + "2"], **({"start_score": s} if s is not None else {})}
            for n, s in zip(("Us", "Them"), starts)]


def test_totals_minimums_and_the_end_count_the_score_from_paper():
    s, options = new_game(PONYTAIL, {"variant": "ponytail", "sides": sides(14500, None), "options": {"target": 16000}})
    state = derive_game(PONYTAIL, options, s, [])
    assert [(x["start_score"], x["score"], x["next_min_meld"]) for x in state["sides"]] == [(14500, 14500, 50),
                                                                                         (0, 0, 50)]
    one = [HandRecord(WIN_FIRST, "2026-11-20T20:00:00+00:00")]
    state = derive_game(PONYTAIL, options, s, one)
    # 14,500 + 1,000 = 15,500: past the 15,000 tier, so the minimum is 90; below the 16,000 target
    assert [(x["score"], x["next_min_meld"]) for x in state["sides"]] == [(15500, 90), (600, 50)]
    assert state["finished"] is False
    state = derive_game(PONYTAIL, options, s, one * 2)
    assert (state["finished"], state["winner"], state["margin"]) == (True, [0], 16500 - 1200)
    assert state["hands"][0]["scores"][0]["running_total"] == 15500


@pytest.mark.parametrize("value, message", [
    ("12", "Side 1's starting score must be a whole number, not text."),
    (1.5, "Side 1's starting score must be a whole number (no fractions): 1.5 is not."),
    (True, "Side 1's starting score must be a whole number, not true/false."),
    (10**9, "Side 1's starting score must be from -1,000,000 to 1,000,000 (got 1,000,000,000)."),
    (50000, "Side 1's starting score 50,000 already reaches the target (50,000); that game is over. "
            "Give a lower score or a higher target."),
])
def test_a_bad_start_score_is_refused_at_its_field(value, message):
    with pytest.raises(Refused) as refused:
        new_game(PONYTAIL, {"variant": "ponytail", "sides": sides(value, None)})
    assert [(e.field, e.message) for e in refused.value.errors] == [("sides[0].start_score", message)]


def test_a_negative_start_and_no_start_are_stored_as_given(client):
    r = client.post("/api/games", json={"variant": "ponytail", "sides": sides(-350, 0)})
    assert [(s["start_score"], s["score"]) for s in r.get_json()["sides"]] == [(-350, -350), (0, 0)]
    exported = client.get(f"/api/games/{r.get_json()['id']}/download").get_json()["games"][0]
    assert exported["sides"][0]["start_score"] == -350 and "start_score" not in exported["sides"][1]


def test_export_and_import_carry_the_start_score(app, client, tmp_path):
    from checks import check_document
    from db import connect, export, imports, migrate

    game = client.post("/api/games", json={"variant": "ponytail", "sides": sides(12340, None)}).get_json()
    document = client.get(f"/api/games/{game['id']}/download").get_json()
    assert check_document(document) == []
    other = connect(str(tmp_path / "other.sqlite"))
    migrate(other)
    imports.import_games(other, document["games"])
    assert export.export_games(other)["games"][0]["sides"] == document["games"][0]["sides"]
    bad = {**document, "games": [{**document["games"][0], "sides": sides("x", None)}]}
    assert any("start_score" in e for e in check_document(bad))


def test_the_new_game_form_takes_a_starting_score_per_side(client):
    form = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
            "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "sides[0].start_score": "12,340"}
    new_game = url(client.application, "setup.new_game", variant_id="ponytail")
    doc = read(client.get(new_game))
    assert doc.field("Starting score (from paper), partnership 1").value == ""
    r = post(client, new_game, {**form, "sides[1].start_score": "lots"})
    assert r.status_code == 422
    refused = read(r).field("Starting score (from paper), partnership 2")
    assert refused.value == "lots" and refused.invalid
    assert refused.description == "Side 2's starting score must be a whole number, not text."
    assert read(r).field("Starting score (from paper), partnership 1").value == "12,340"
    r = post(client, new_game, form)
    assert r.status_code == 303
    game = client.get("/api" + r.headers["Location"]).get_json()
    assert [s["score"] for s in game["sides"]] == [12340, 0]


def test_the_game_page_shows_the_brought_forward_row(client):
    game = client.post("/api/games", json={"variant": "ponytail", "sides": sides(12340, None)}).get_json()
    hands = read(client.get(url(client.application, "pages.game", game_id=game["id"]))).region("Hands")
    assert hands.by_text("Brought forward Us 12,340 Them 0", tag="p")
    assert hands.by_text("Scored on paper before this game was kept here.", tag="p")
    plain = client.post("/api/games", json={"variant": "ponytail", "sides": sides(None, None)}).get_json()
    hands = read(client.get(url(client.application, "pages.game", game_id=plain["id"]))).region("Hands")
    assert hands.by_text(re.compile("Brought forward")) == []
