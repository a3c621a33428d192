"""RULES.md §14 "One vocabulary" (issue 34): the older house-rule keys of Ponytail, Pony, Five-person and Classic are
still read wherever a request, a stored game or an export brings them, and answered in the new names; a game stored
with them scores exactly as before."""
from __future__ import annotations

import json
import sqlite3

import pytest

from scoring import VARIANTS, get_variant, vocabulary

from .cli_helpers import client_for, dump, run_app
from .helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS

CLASSIC = {"variant": "classic", "sides": [{"name": "Us", "players": ["Ann", "Bob"]},
                                           {"name": "Them", "players": ["Cy", "Di"]}]}


@pytest.mark.parametrize("payload, sent, answered", [
    (PONYTAIL_PAIRS, {"natural_canasta": 600, "black_three": 50, "going_out": 300},
     {"natural_canasta_bonus": 600, "black_three_penalty": 50, "going_out_bonus": 300}),
    (PONYTAIL_PAIRS, {"min_meld": 60}, {"meld_minimums_by_score": [[None, 60], [15000, 90], [30000, 120]]}),
    (PONYTAIL_PAIRS, {"min_meld_tiers": [[20000, 100]]}, {"meld_minimums_by_score": [[None, 50], [20000, 100]]}),
    (PONY_THREE, {"red_trey": 150, "red_trey_set": 1200, "black_trey": 50, "surprise_wild": 700,
                  "failed_going_out": 150, "black_canasta": 350},
     {"red_three_bonus": 150, "four_red_threes_bonus": 1200, "black_three_penalty": 50,
      "surprise_wild_canasta_bonus": 700, "failed_going_out_penalty": 150, "black_canasta_bonus": 350}),
    (FIVE, {"pure_canasta": 150, "kitty": 60, "finishing": 75, "opening_minimum": 100, "opening_minimum_reduced": 30},
     {"pure_canasta_bonus": 150, "kitty_bonus": 60, "going_out_bonus": 75, "meld_minimum": 100,
      "meld_minimum_reduced": 30}),
    (CLASSIC, {"red_three_all_four": 1000, "going_out_concealed": 300, "mixed_canasta": 250,
               "min_meld": 10, "min_meld_tiers": [[2000, 100], [0, 50]]},
     {"four_red_threes_bonus": 1000, "going_out_concealed_bonus": 300, "mixed_canasta_bonus": 250,
      "meld_minimums_by_score": [[None, 10], [0, 50], [2000, 100]]}),
], ids=["ponytail bonuses", "ponytail min_meld", "ponytail tiers", "pony", "five-person", "classic"])
def test_older_keys_are_read_and_answered_in_the_new_names(client, payload, sent, answered):
    game = client.post("/api/games", json={**payload, "options": {"house_rules": sent}}).get_json()
    rules = game["options"]["house_rules"]
    assert {k: rules[k] for k in answered} == answered
    assert not set(rules) & set(sent)  # no older key in the answer
    again = client.post("/api/games", json={**payload, "options": {"house_rules": answered}}).get_json()
    assert again["options"] == game["options"]


def test_the_variants_list_shows_only_the_new_names(client):
    for v in client.get("/api/variants").get_json():
        keys = set(v["options"]["house_rules"])
        assert not keys & set(vocabulary.older_keys(v["id"])), v["id"]
        assert "tie_goes_to_going_out" in keys, v["id"]  # RULES.md §14: every variant


@pytest.mark.parametrize("sent, field, words", [
    ({"natural_canasta": 500, "natural_canasta_bonus": 600}, "options.house_rules.natural_canasta",
     "'natural_canasta' is the older name of house rule 'natural_canasta_bonus'; send only 'natural_canasta_bonus'."),
    ({"natural_canasta": "lots"}, "options.house_rules.natural_canasta", "House rule 'natural_canasta' must be"),
    ({"min_meld": -5}, "options.house_rules.min_meld", "cannot be negative"),
    ({"min_meld_tiers": [[1, 2, 3]]}, "options.house_rules.min_meld_tiers", "Meld-minimum tiers must be a list"),
    ({"red_trey": 100}, "options.house_rules.red_trey", "'red_trey' is not a house rule of Ponytail Canasta"),
], ids=["old and new together", "old key, bad value", "min_meld below 0", "bad tiers", "another variant's key"])
def test_an_older_key_is_refused_by_the_name_it_was_sent(client, sent, field, words):
    answer = client.post("/api/games", json={**PONYTAIL_PAIRS, "options": {"house_rules": sent}})
    assert answer.status_code == 422
    assert [(e["field"], words in e["message"]) for e in answer.get_json()["errors"]] == [(field, True)]


# RULES.md §6, Ponytail hand 1, at a table playing natural canastas for 600, black threes held for 50 and a higher
# first minimum: A = 600 + 600 + 5000 + 2500 + 300 + 200 + 1230, B = 600 + 300 + 200 + 100 + 640 − 185 − 100
OLD = {"natural_canasta": 600, "dirty_canasta": 300, "sevens_canasta": 5000, "wild_canasta": 2500, "red_three": 100,
       "black_three": 50, "going_out": 200, "cut_bonus": 100, "unpicked_pony_counts": True, "min_meld": 60,
       "min_meld_tiers": [[10000, 100], [30000, 120]]}
NEW = {"natural_canasta_bonus": 600, "black_three_penalty": 50,
       "meld_minimums_by_score": [[None, 60], [10000, 100], [30000, 120]]}
HAND_1 = {"entries": [{"natural_canastas": 1, "dirty_canastas": 2, "sevens_canastas": 1, "wild_canastas": 1,
                       "red_threes": 3, "melded": 1230, "went_out": True},
                      {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 2, "cut_bonus": True, "melded": 640,
                       "in_hand": 185, "black_threes": 2}]}


@pytest.fixture
def stored_with_older_keys(tmp_path):
    """A database holding a game whose rules snapshot has the older keys (as a Meldbook before §14 stored it), and
    the game object the same game answers when made with the new names."""
    path = tmp_path / "old.sqlite"
    client = client_for(path)
    game = client.post("/api/games", json={**PONYTAIL_PAIRS, "options": {"house_rules": NEW}}).get_json()
    client.post(f"/api/games/{game['id']}/hands", json=HAND_1)
    expected = client.get(f"/api/games/{game['id']}").get_json()
    assert [s["score"] for s in expected["sides"]] == [10430, 1555]
    assert [s["next_min_meld"] for s in expected["sides"]] == [100, 60]
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE games SET options = ?, revision = revision + 1 WHERE id = ?",
                     [json.dumps({**expected["options"], "house_rules": OLD}), game["id"]])
    conn.close()
    return path, expected


def test_a_game_stored_with_older_keys_scores_the_same_and_answers_the_new_names(stored_with_older_keys):
    path, expected = stored_with_older_keys
    client = client_for(path)
    found = client.get(f"/api/games/{expected['id']}").get_json()
    assert {k: v for k, v in found.items() if k not in ("revision", "last_hand_revision")} == \
        {k: v for k, v in expected.items() if k not in ("revision", "last_hand_revision")}
    # the next hand is scored by the older rules too: a black three held still costs 50
    hand = client.post(f"/api/games/{expected['id']}/hands",
                       json={"entries": [{"melded": 50}, {"in_hand": 20, "black_threes": 1}]}).get_json()
    assert [s["total"] for s in hand["hand"]["scores"]] == [50, -70]
    page = client.get(f"/games/{expected['id']}/sheet.pdf")
    assert page.status_code == 200


def test_an_export_with_older_keys_imports_and_exports_in_the_new_names(stored_with_older_keys, tmp_path):
    path, expected = stored_with_older_keys
    document = dump(path)
    assert document["games"][0]["options"]["house_rules"] == OLD  # what export reads from that database
    exported = tmp_path / "out.json"
    assert run_app("export", exported, "--db", path).returncode == 0
    written = json.loads(exported.read_text(encoding="utf-8"))
    assert written["games"][0]["options"] == expected["options"]  # export answers the new names
    old_file = tmp_path / "old.json"
    old_file.write_text(json.dumps(document), encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    result = run_app("import", old_file, "--db", fresh)
    assert result.returncode == 0, result.stderr
    found = client_for(fresh).get(f"/api/games/{expected['id']}").get_json()
    assert found["options"] == expected["options"]
    assert [s["score"] for s in found["sides"]] == [10430, 1555]
    assert dump(fresh)["games"][0]["options"] == expected["options"]  # stored in the new names


def test_a_rule_set_with_older_keys_is_kept_in_the_new_names(client):
    answer = client.post("/api/rule-sets", json={"name": "Old style", "variant": "classic",
                                                 "options": {"house_rules": {"going_out": 150, "min_meld": 20}}})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["options"]["house_rules"] == {
        "going_out_bonus": 150, "meld_minimums_by_score": [[None, 20], [0, 50], [1500, 90], [3000, 120]]}


@pytest.mark.parametrize("variant_id", sorted(vocabulary.RENAMED))
def test_every_older_key_names_a_house_rule_of_its_variant(variant_id):
    variant = VARIANTS[variant_id]
    assert set(vocabulary.older_keys(variant_id).values()) <= set(variant.house_rules)
    assert not set(vocabulary.older_keys(variant_id)) & set(variant.house_rules)


def test_a_stored_snapshot_gets_the_rules_it_predates_at_their_defaults():
    classic = get_variant("classic")
    old = {"target": 5000, "max_hands": None, "decks": 2, "finish_at": None,
           "house_rules": {"natural_canasta": 500, "mixed_canasta": 300, "red_three": 100, "red_three_all_four": 800,
                           "going_out": 100, "going_out_concealed": 200, "min_meld": 15,
                           "min_meld_tiers": [[0, 50], [1500, 90], [3000, 120]]}}
    assert vocabulary.current(classic, old) == {**old, "house_rules": classic.house_rules}
    assert vocabulary.current(classic, vocabulary.current(classic, old)) == vocabulary.current(classic, old)
