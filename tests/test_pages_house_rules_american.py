"""The new-game form's house rules of kinds by_score, values and a list of a set size (Modern American Canasta,
RULES.md §11; Samba's minimums by score, §12): the form as filled in starts a game with the defaults, and what a
table types there is kept."""
from __future__ import annotations

import pytest

from scoring import get_variant

from .html import Doc
from .pages import post, read, url

NAMES = {"sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy",
         "sides[1].players[1]": "Di"}
RULES = "options.house_rules"


def form_values(doc: Doc) -> dict:
    """Every input of the new-game form with the value it shows, as a browser would post it untouched."""
    found = {}
    for e in doc.walk():
        name = e.get("name")
        if e.tag == "input" and name and e.get("type") not in ("checkbox", "radio", "submit", "button"):
            found[name] = e.get("value") or ""
        elif e.tag == "input" and name and e.get("type") == "checkbox" and e.get("checked") is not None:
            found[name] = "on"
    return found


def start(client, variant_id: str, changes: dict) -> dict:
    path = url(client.application, "setup.new_game", variant_id=variant_id)
    shown = {k: v for k, v in form_values(read(client.get(path))).items() if k.startswith(RULES)}
    response = post(client, path, {"layout": "pairs", "count": "2", **NAMES, **shown, **changes})
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return client.get("/api" + response.headers["Location"]).get_json()


@pytest.mark.parametrize("variant_id", ["american", "samba", "bolivia"])
def test_the_form_untouched_starts_a_game_with_every_default(client, variant_id):
    game = start(client, variant_id, {})
    assert game["options"]["house_rules"] == get_variant(variant_id).house_rules


def test_what_a_table_types_is_kept(client):
    game = start(client, "american", {
        f"{RULES}.meld_minimums_by_score[1].at": "2500",  # the first row has no "from": below the next row
        f"{RULES}.special_hands.garbage": "2000",  # Pagat's Garbage
        f"{RULES}.special_hands.quads": "",  # not played at this table
        f"{RULES}.threes_table[3]": "1200",
        f"{RULES}.meld_minimums[0]": "125", f"{RULES}.meld_minimums[1]": "155", f"{RULES}.meld_minimums[2]": "180",
    })
    rules = game["options"]["house_rules"]
    assert rules["meld_minimums_by_score"] == [[None, 125], [2500, 155], [5000, 180]]
    assert rules["special_hands"]["garbage"] == 2000 and rules["special_hands"]["quads"] is None
    assert rules["threes_table"] == [100, 300, 500, 1200]
    assert rules["meld_minimums"] == [125, 155, 180]
    assert game["sides"][0]["next_min_meld"] == 125


def test_a_refused_row_is_said_at_the_form(client):
    path = url(client.application, "setup.new_game", variant_id="american")
    shown = {k: v for k, v in form_values(read(client.get(path))).items() if k.startswith(RULES)}
    response = post(client, path, {"layout": "pairs", "count": "2", **NAMES, **shown,
                                   f"{RULES}.meld_minimums_by_score[2].at": "2000"})  # not rising
    assert response.status_code == 422
    assert "row 3: “from” 2,000 must be above the row before, 3,000" in response.get_data(as_text=True)
