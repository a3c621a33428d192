"""Words in every language (issue 31, 24): the score sheet's Players column and chart title, the game-over line
of a game of a set number of hands, and the German rules card's canastas."""
from __future__ import annotations

import io

import pdfplumber
import pytest

import lang
from scoring import get_variant
from sheets import rules_card_pdf
from tests.sheet_helpers import HAND_1, HAND_2, pdf_pages, played

PAIRS = {"variant": "ponytail", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                          {"name": "Them", "players": ["Cy", "Di"]}]}
ALONE = {"variant": "ponytail", "sides": [{"name": "Ann", "players": ["Ann"]}, {"name": "Bob", "players": ["Bob"]}]}


def sheet_text(client, game_id) -> str:
    response = client.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200
    return "\n".join(page["text"] for page in pdf_pages(response.data))


def test_players_column_only_where_a_side_has_players_of_its_own(client, make_game):
    alone = sheet_text(client, played(client, make_game, ALONE, [HAND_1]))
    assert "Players" not in alone and "Place Side Total Behind" in alone.replace("\n", " ")
    pairs = sheet_text(client, played(client, make_game, PAIRS, [HAND_1]))
    assert "Place Side Players Total Behind" in pairs.replace("\n", " ") and "Ann & Bob" in pairs


def test_chart_title_names_round_0_only_when_something_was_brought_forward(client, make_game):
    fresh = sheet_text(client, played(client, make_game, PAIRS, [HAND_1, HAND_2]))
    assert "Running totals, hand by hand" in fresh and "brought forward" not in fresh
    started = {**PAIRS, "sides": [{**PAIRS["sides"][0], "start_score": 1500}, {**PAIRS["sides"][1], "start_score": 0}]}
    paper = sheet_text(client, played(client, make_game, started, [HAND_1, HAND_2]))
    assert "Running totals, hand by hand (hand 0: brought forward)" in paper


@pytest.mark.parametrize("limit, said", [(1, "The one hand is played."), (2, "Both hands are played."),
                                         (3, "All 3 hands are played.")])
def test_game_over_counts_the_hands_played(client, make_game, limit, said):
    game_id = played(client, make_game, {**PAIRS, "options": {"target": None, "max_hands": limit}},
                     [HAND_1, HAND_2, HAND_1][:limit])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert said in page and "All 2 hands" not in page


def card_text(variant_id: str, locale: str) -> str:
    with lang.using(locale):
        data = rules_card_pdf(get_variant(variant_id), "a4")
    return "\n".join(p.extract_text() for p in pdfplumber.open(io.BytesIO(data)).pages)


def test_german_rules_card_says_der_canasta():
    text = card_text("classic", "de")
    assert "mindestens einen Canasta, echt oder gemischt" in text.replace("\n", " ")
    assert "reine Canasta" not in text.lower() and "eine Canasta" not in text


def test_spanish_rules_card_says_minus_once():
    assert "restan restan" not in card_text("classic", "es")


def test_german_pages_say_the_new_words(client, make_game):
    form = client.get("/games/new/classic", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Höchstzahl der Runden" in form and "Limit (Runde)" not in form
    assert "Standardwerte eingetragen: Klassisches Canasta" in form and "Standardwerte von" not in form
    game_id = played(client, make_game, {**PAIRS, "options": {"target": None, "max_hands": 2}}, [HAND_1, HAND_2])
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Beide Runden sind gespielt." in page
    five = client.get("/games/new/five-person", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Opcional. La mano que esté en juego cuando llegue esa hora será la última." in five
    assert "La reparto" not in five
