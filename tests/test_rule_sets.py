"""Named rule sets (RULES.md §14 "Named rule sets", issue 34): the API, a game made from one, the new-game form that
saves and uses them, sharing by file and link, and a game's rules card that lists its house rules."""
from __future__ import annotations

import io

import pdfplumber
import pytest

from app import create_app
from tests.pages import post, read, url

THURSDAY = {"name": "Our Thursday rules", "variant": "classic",
            "options": {"target": 7500, "house_rules": {"going_out_bonus": 200, "red_three_bonus": 150}}}
PAIRS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def saved(client, payload=THURSDAY):
    answer = client.post("/api/rule-sets", json=payload)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_a_rule_set_is_kept_and_listed_with_the_presets(client):
    found = saved(client)
    assert {k: found[k] for k in ("name", "variant", "options", "preset")} == {**THURSDAY, "preset": False}
    listed = client.get("/api/rule-sets").get_json()
    assert listed[0]["id"] == found["id"]
    assert {"pagat-hand-and-foot"} <= {s["id"] for s in listed if s["preset"]}
    assert [s["id"] for s in client.get("/api/rule-sets?variant=classic").get_json() if not s["preset"]] == [found["id"]]


@pytest.mark.parametrize("payload, field, words", [
    ({**THURSDAY, "name": "  "}, "name", "Give the rule set a name"),
    ({**THURSDAY, "name": "x" * 81}, "name", "too long (81 characters; at most 80)"),
    ({**THURSDAY, "variant": "chess"}, "variant", "Choose a variant"),
    ({**THURSDAY, "options": {"finish_at": "2026-12-01T22:00"}}, "options.finish_at", "cannot be kept in a rule set"),
    ({**THURSDAY, "options": {"house_rules": {"going_out_bonus": "lots"}}}, "options.house_rules.going_out_bonus",
     "whole number"),
    ({**THURSDAY, "options": {"house_rules": {"going_out": "lots"}}}, "options.house_rules.going_out", "whole number"),
    ({**THURSDAY, "options": {"house_rules": {"cut_bonus": 100}}}, "options.house_rules.cut_bonus",
     "is not a house rule of Classic Canasta"),
    ({**THURSDAY, "colour": "red"}, "colour", "is not part of a rule set"),
])
def test_a_bad_rule_set_is_refused_naming_its_field(client, payload, field, words):
    answer = client.post("/api/rule-sets", json=payload)
    assert answer.status_code == 422
    assert any(e["field"] == field and words in e["message"] for e in answer.get_json()["errors"]), answer.get_json()
    assert [s for s in client.get("/api/rule-sets").get_json() if not s["preset"]] == []


def test_two_sets_of_a_variant_may_not_share_a_name(client):
    saved(client)
    answer = client.post("/api/rule-sets", json={**THURSDAY, "name": "our thursday RULES"})
    assert answer.status_code == 409 and answer.get_json()["errors"][0]["field"] == "name"


def test_a_game_takes_the_sets_options_and_those_given_beside_it_win_key_by_key(client):
    found = saved(client)
    game = client.post("/api/games", json={"variant": "classic", "sides": PAIRS, "rule_set": found["id"],
                                           "options": {"house_rules": {"red_three": 100}}}).get_json()
    rules = game["options"]["house_rules"]  # red_three given beside the set: its older name, still read (§14)
    assert (game["options"]["target"], rules["going_out_bonus"], rules["red_three_bonus"]) == (7500, 200, 100)
    # RULES.md §7 worked example, A: went out concealed (200 here as by default) with one natural canasta
    hand = client.post(f"/api/games/{game['id']}/hands",
                       json={"entries": [{"natural_canastas": 1, "melded": 140, "went_out": True}, {}]}).get_json()
    assert hand["hand"]["scores"][0]["total"] == 500 + 200 + 140
    # the game keeps its snapshot: changing or deleting the set later changes nothing
    assert client.put(f"/api/rule-sets/{found['id']}", json={**THURSDAY, "options": {"target": 3000}}).status_code == 200
    assert client.delete(f"/api/rule-sets/{found['id']}").status_code == 200
    again = client.get(f"/api/games/{game['id']}").get_json()
    assert again["options"] == game["options"] and again["sides"][0]["score"] == 840


def test_a_game_naming_an_unknown_set_or_one_of_another_variant_is_refused(client):
    found = saved(client)
    for rule_set, words in (("nope", "There is no rule set"), (found["id"], "is for Classic Canasta")):
        answer = client.post("/api/games", json={"variant": "ponytail", "sides": PAIRS, "rule_set": rule_set})
        assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "rule_set"
        assert words in answer.get_json()["errors"][0]["message"]


def test_a_preset_plays_and_cannot_be_changed(client):
    pagat = client.get("/api/rule-sets/pagat-hand-and-foot").get_json()
    assert pagat["options"]["house_rules"]["go_out_needs"] == {"natural": 2, "dirty": 2, "wild": 1}
    assert client.put("/api/rule-sets/pagat-hand-and-foot", json=THURSDAY).status_code == 409
    assert client.delete("/api/rule-sets/pagat-hand-and-foot").status_code == 409
    game = client.post("/api/games", json={"variant": "hand-and-foot", "sides": PAIRS,
                                           "rule_set": "pagat-hand-and-foot"}).get_json()
    # RULES.md §8 worked example B with Pagat's red threes: 995
    b = {"natural_canastas": 1, "dirty_canastas": 1, "red_threes": 1, "melded": 410, "in_hand": 85, "in_foot": 120,
         "red_threes_held": 1, "black_threes": 2}
    a = {"natural_canastas": 2, "dirty_canastas": 2, "wild_canastas": 1, "red_threes": 3, "exact_pickups": 1,
         "melded": 905, "in_hand": 30, "went_out": True}
    answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": [a, b]})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["hand"]["scores"][1]["total"] == 995


def test_unknown_sets_answer_404(client):
    assert client.get("/api/rule-sets/nope").status_code == 404
    assert client.put("/api/rule-sets/nope", json=THURSDAY).status_code == 404
    assert client.delete("/api/rule-sets/nope").status_code == 404


# -- the pages ------------------------------------------------------------------------------------------------------

def form(client, variant="classic", **args):
    return read(client.get(url(client.application, "setup.new_game", variant_id=variant, **args)))


def test_the_new_game_form_saves_its_house_rules_and_fills_them_in_next_time(client):
    doc = form(client)
    typed = {**doc.values, **doc.checked, "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy",
             "sides[1].players[1]": "Di", "options.house_rules.going_out_bonus": "250", "rule_set_name": "Thursdays",
             "save": "new"}
    answer = post(client, url(client.application, "setup.save_rule_set", variant_id="classic"), typed)
    assert answer.status_code == 303
    found = client.get("/api/rule-sets?variant=classic").get_json()[0]
    assert (found["name"], found["options"]["house_rules"]["going_out_bonus"]) == ("Thursdays", 250)
    # next time: the form offers it, and tapping it fills in its rules with the names kept
    doc = form(client)
    button = doc.button("Thursdays")
    again = read(post(client, button.get("formaction"), {**doc.values, **doc.checked, "sides[0].players[0]": "Eve",
                                                         "rule_set": found["id"]}))
    assert again.by_id("options-house_rules-going_out_bonus").get("value") == "250"
    assert again.by_id("sides-0-players-0").get("value") == "Eve"
    assert "House rules: 1 change from the Classic Canasta defaults" in again.text()
    assert "Going out: 250 (usually 100)" in again.text()


def test_the_form_refuses_a_set_without_a_name_at_its_box(client):
    doc = form(client)
    answer = post(client, url(client.application, "setup.save_rule_set", variant_id="classic"),
                  {**doc.values, **doc.checked, "rule_set_name": "", "save": "new"})
    assert answer.status_code == 422
    assert "Give the rule set a name" in read(answer).by_id("rule_set_name-error").text


def test_the_rule_sets_page_lists_changes_and_deletes(client):
    found = saved(client)
    page = read(client.get("/rule-sets"))
    assert page.heading("Our Thursday rules", level=2)
    assert "Going out: 200 (usually 100)" in page.text() and "Play to: 7,500 (usually 5,000)" in page.text()
    assert post(client, f"/rule-sets/{found['id']}/delete").status_code == 303
    assert client.get(f"/api/rule-sets/{found['id']}").status_code == 404


def test_a_set_shared_by_file_or_link_is_kept_on_another_meldbook(client, tmp_path):
    found = saved(client)
    shared_file = client.get(f"/rule-sets/{found['id']}.json").data
    page = read(client.get("/rule-sets"))
    link = next(a.get("href") for a in page.walk() if a.tag == "a" and "/rule-sets/add?set=" in a.get("href", ""))
    assert client.get(f"/rule-sets/{found['id']}/qr.svg").mimetype == "image/svg+xml"
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite"), "SECRET_KEY": "t"}).test_client()
    # by link: pasted into the other Meldbook's box
    assert post(other, "/rule-sets/add", {"set": link}).status_code == 303
    kept = [s for s in other.get("/api/rule-sets").get_json() if not s["preset"]]
    assert [(s["name"], s["options"]) for s in kept] == [(THURSDAY["name"], THURSDAY["options"])]
    # by file, under the same name: refused, saying so
    from tests.pages import token
    answer = other.post("/rule-sets/add", data={"csrf_token": token(other),
                                                "file": (io.BytesIO(shared_file), "rules.json")})
    assert answer.status_code == 409 and "already called" in answer.get_data(as_text=True)
    # the same link opened on a Meldbook shows what it holds before keeping it
    shown = read(other.get(link.split("://", 1)[1].split("/", 1)[1].join(["/", ""])))
    assert shown.heading("Our Thursday rules", level=2) and "Going out: 200 (usually 100)" in shown.text()


def test_a_bad_shared_link_is_refused_with_words(client):
    answer = post(client, "/rule-sets/add", {"set": "http://x/rule-sets/add?set=%%%"})
    assert answer.status_code == 422 and "That is not a shared rule set" in answer.get_data(as_text=True)


def test_a_games_rules_card_lists_its_house_rules(client):
    found = saved(client)
    game = client.post("/api/games", json={"variant": "classic", "sides": PAIRS, "rule_set": found["id"]}).get_json()
    answer = client.get(f"/games/{game['id']}/card.pdf")
    assert answer.status_code == 200
    with pdfplumber.open(io.BytesIO(answer.data)) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    assert "House rules of this game" in text and "200 (usually 100)" in text and "150 (usually 100)" in text
    plain = client.post("/api/games", json={"variant": "classic", "sides": PAIRS}).get_json()
    with pdfplumber.open(io.BytesIO(client.get(f"/games/{plain['id']}/card.pdf").data)) as pdf:
        assert "None: the usual rules." in pdf.pages[0].extract_text()
