"""Modern American Canasta's hand form through the test client (issue 33, RULES.md §11): a special hand is recorded by
one tap on it, once however often it is sent, and never with the other side left out unasked; the minimum is said
with its clean triple on the hand form, the game page and the score sheet."""
from __future__ import annotations

import pytest

from .examples import AMERICAN
from .pages import hand_form, press, read, url
from .sheet_helpers import pdf_pages

# RULES.md §11 hand 2, A's side as typed on the form (chips for counts, boxes for card points): one natural canasta,
# one red three, 340 melded, 260 in hand, a player holding three 7s — A = 500 + 0 + 340 − 260 − 1500 = −920
A_HAND_2 = {"entries[0].natural_canastas:chip": "1", "entries[0].red_threes:chip": "1", "entries[0].melded": "340",
            "entries[0].in_hand": "260", "entries[0].sevens_penalties:chip": "1"}


@pytest.fixture
def game(make_game):
    return make_game({"variant": "american", "sides": AMERICAN.sides})


def hands_of(client, game) -> list[dict]:
    return client.get(f"/api/games/{game['id']}").get_json()["hands"]


def totals(client, game) -> list[list[int]]:
    return [[s["total"] for s in h["scores"]] for h in hands_of(client, game)]


def test_a_special_hand_is_recorded_by_one_tap_and_once(client, game):
    doc = hand_form(client, game)
    garbage = doc.button("Garbage, Them")
    assert garbage.get("type") == "submit" and garbage.get("name") == "entries[1].special_hand"
    # Enter (a phone's Go key) taps the form's first submit button: a plain Record, never a special hand
    first = next(e for e in doc.walk() if e.tag == "button" and e.get("type") == "submit" and e.form is not None)
    assert not first.get("name") and first.text == "Record hand 1"
    answer = press(client, doc, garbage, **A_HAND_2)
    assert answer.status_code == 303
    assert totals(client, game) == [[-920, 3000]]
    assert hands_of(client, game)[0]["entries"][1]["special_hand"] == "garbage"
    # a double tap, or the browser sending the form again: the same key, recorded once
    again = press(client, doc, garbage, **A_HAND_2)
    assert again.status_code == 303
    assert totals(client, game) == [[-920, 3000]]


def test_a_special_hand_tapped_before_the_other_side_is_entered_asks_for_it(client, game):
    doc = hand_form(client, game)
    answer = press(client, doc, doc.button("Garbage, Them"))
    assert answer.status_code == 422
    assert hands_of(client, game) == []
    asked = read(answer)
    alert = asked.alert()
    assert "Nothing is entered yet for Us: enter what they scored, then tap “Record hand 1”." in alert.text
    assert asked.checked["entries[1].special_hand"] == "garbage"  # the tap is kept: chosen, the side's fields folded
    # Us entered, Record: recorded once, under the form's own key
    record = next(e for e in asked.walk() if e.tag == "button" and e.text == "Record hand 1" and e.form is not None)
    assert press(client, asked, record, **A_HAND_2).status_code == 303
    assert totals(client, game) == [[-920, 3000]]


def test_the_other_side_may_be_said_to_have_scored_nothing(client, game):
    doc = hand_form(client, game)
    asked = read(press(client, doc, doc.button("Straight, Us")))
    nothing = asked.button("Record: Them scored nothing")
    assert press(client, asked, nothing).status_code == 303
    assert totals(client, game) == [[3000, 0]]


@pytest.mark.parametrize("language, first, hand_2, sheet", [
    ("en", "Opening meld: 125, with a clean triple", ("Opening meld: 155, with a clean triple",
                                                      "Opening meld: 125, with a clean triple"),
     "Next meld: Us 155, with a clean triple; Them 125, with a clean triple"),
    ("de", "Erstmeldung: 125, mit einem reinen Drilling", ("Erstmeldung: 155, mit einem reinen Drilling",
                                                           "Erstmeldung: 125, mit einem reinen Drilling"),
     "Nächste Erstmeldung: Us 155, mit einem reinen Drilling; Them 125, mit einem reinen Drilling"),
])
def test_the_minimum_is_said_with_its_clean_triple(client, game, language, first, hand_2, sheet):
    """RULES.md §11: the hand form and the sheet print the requirement with the number ("155, with a clean
    triple"); after hand 1 of the worked example A needs 155 (4,245), B 125 (negative scores included)."""
    def minimums(path):
        doc = read(client.get(f"{path}?lang={language}"))
        return [e.text for e in doc.walk() if "side-minimum" in e.get("class", "").split()]

    new = url(client.application, "hands.new_hand", game_id=game["id"])
    assert minimums(new) == [first, first]
    client.post(f"/api/games/{game['id']}/hands", json={"entries": AMERICAN.hands[0].entries})
    assert minimums(new) == list(hand_2)
    # a correction of hand 1 says the minimum that hand had
    assert minimums(url(client.application, "hands.edit_hand", game_id=game["id"], number=1)) == [first, first]
    page = client.get(f"/games/{game['id']}?lang={language}").get_data(as_text=True)
    assert hand_2[0].split(": ")[1] in page and hand_2[1].split(": ")[1] in page
    text = " ".join(pdf_pages(client.get(f"/games/{game['id']}/sheet.pdf?lang={language}").data)[0]["text"].split())
    assert sheet in text


def test_variants_whose_minimum_is_a_number_say_nothing_more(client, make_game):
    samba = make_game({"variant": "samba", "sides": AMERICAN.sides})
    doc = hand_form(client, samba)
    assert not [e for e in doc.walk() if "side-minimum" in e.get("class", "").split()]
    text = " ".join(pdf_pages(client.get(f"/games/{samba['id']}/sheet.pdf").data)[0]["text"].split())
    assert "Next meld" not in text


def test_the_form_is_short_chips_only_as_far_as_the_cards_go_and_each_help_said_once(client, game):
    """Issue 33 item 4 (≤ 2.5 screens at 360×640, measured in bench/variants.py): a count shows no chip above what
    the 108 cards allow (RULES.md §11 checks: one aces or sevens canasta, four threes of a colour a side), and a
    field's short help is drawn once, under the first side, the second side's field pointing to it."""
    doc = hand_form(client, game)

    def chips(side, field):
        return [e.get("value") for e in doc.walk() if e.get("name") == f"entries[{side}].{field}:chip"]

    assert chips(1, "aces_canastas") == chips(1, "sevens_canastas") == ["0", "1"]
    assert chips(1, "red_threes") == ["0", "1", "2", "3", "4"]
    assert chips(1, "natural_canastas") == ["0", "1", "2", "3", "4", "more"]
    helps = [e for e in doc.walk() if "help" in e.get("class", "").split() and e.get("id", "").endswith("-help")]
    assert [e.get("id") for e in helps if "natural_canastas" in e.get("id")] == ["entries-0-natural_canastas-help"]
    assert doc.by_id("entries-1-natural_canastas-entry").get("aria-describedby") == "entries-0-natural_canastas-help"
    assert doc.by_id("entries-1-melded").get("aria-describedby") == "entries-0-melded-help"


def test_the_special_hands_are_asked_first_in_one_row_with_only_those_the_table_plays(client, make_game):
    """No fold to open: each side's special hands are buttons above its fields; a hand the table set to null is not
    offered (RULES.md §11: "a table that does not play a hand sets its value to null")."""
    played = make_game({"variant": "american", "sides": AMERICAN.sides,
                        "options": {"house_rules": {"special_hands": {"garbage": None, "dream_plus_5": None}}}})
    doc = hand_form(client, played)
    for side in ("Us", "Them"):
        offered = [e.get("value") for e in doc.walk() if e.tag == "button" and e.get("aria-label", "").endswith(
            f", {side}") and e.get("name", "").endswith(".special_hand")]
        assert offered == ["pairs", "wild_pairs", "miami_pairs", "zip_code", "straight", "blast_off", "triples",
                           "quads", "dream_plus_4"]
    assert not [e for e in doc.walk() if "choice-fold" in e.get("class", "").split()]
    # the whole list where every hand is played
    every = hand_form(client, make_game({"variant": "american", "sides": AMERICAN.sides}))
    assert len([e for e in every.walk() if e.tag == "button" and e.get("name") == "entries[0].special_hand"]) == 11
