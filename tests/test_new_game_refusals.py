"""Issue 39 item 11 (walk-through M3): a refused new-game form says every problem at its top, in the form's own words
(the house rule by its label on the form, the row of a minimum table), in the page's language, and each one again at
its field. The API's own messages keep the API's words."""
from __future__ import annotations

import pytest

from .pages import NAMES, new_game, post, read, url

RULES = "options.house_rules"
API_WORDS = ("meld_minimums_by_score", "threes_table", "null", "[[", "House rule '")


def refused(client, variant="american", language="en", **typed):
    form = new_game(client, variant).form_values()
    sent = {**form, **NAMES, "sides[1].players[0]": "Ann", f"{RULES}.meld_minimums_by_score[2].at": "2000",
            f"{RULES}.threes_table[0]": "103", **typed}
    response = post(client, url(client.application, "setup.create_game", variant_id=variant) + f"?lang={language}",
                    sent)
    assert response.status_code == 422
    assert client.get("/api/games").get_json() == []
    return read(response)


def test_every_problem_is_listed_at_the_top_in_the_form_s_words_and_at_its_field(client):
    doc = refused(client)
    summary = doc.alert().items()
    assert summary == [
        "Initial meld minimum by score, row 3: “from” 2,000 must be above the row before, 3,000.",
        "“Ann” already sits at side 1, seat 1; give each person at the table their own name (e.g. “Ann B.”).",
        "Threes of one colour: 1, 2, 3, 4, 1 of a colour must be a multiple of 5: 103 is not."]
    assert not [w for w in API_WORDS if w in " ".join(summary)]
    rows = doc.group("Initial meld minimum by score")
    assert rows.all("textbox", "From a score of")[1].invalid
    assert summary[0] in rows.all("textbox", "From a score of")[1].description
    assert doc.field("1 of a colour").invalid and summary[2] in doc.field("1 of a colour").description
    assert summary[1] in doc.group("Partnership 2").field("Player 1").description


def test_a_row_with_letters_or_without_its_minimum_is_named_by_its_row(client):
    doc = refused(client, **{f"{RULES}.meld_minimums_by_score[2].at": "5000",
                             f"{RULES}.meld_minimums_by_score[1].min": "", f"{RULES}.meld_minimums_by_score[2].min": "abc",
                             "sides[1].players[0]": "Cy", f"{RULES}.threes_table[0]": "100"})
    assert doc.alert().items() == ["Initial meld minimum by score, row 2: type its minimum, or empty the whole row.",
                                   "Initial meld minimum by score, row 3: “abc” is not a whole number."]


@pytest.mark.parametrize("language, row, clash", [
    ("de", "Zeile 3", "Ann"), ("es", "fila 3", "Ann"), ("it", "riga 3", "Ann"), ("pt_BR", "linha 3", "Ann")])
def test_the_messages_are_in_the_page_s_language(client, language, row, clash):
    summary = " ".join(refused(client, language=language).alert().items())
    assert row in summary and clash in summary
    assert not [w for w in API_WORDS if w in summary]


def test_the_api_keeps_its_own_words(client):
    response = client.post("/api/games", json={"variant": "american", "sides": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
        "options": {"house_rules": {"meld_minimums_by_score": [[None, 125], [3000, 155], [2000, 180]]}}})
    assert response.status_code == 422 and "meld_minimums_by_score" in response.get_data(as_text=True)
