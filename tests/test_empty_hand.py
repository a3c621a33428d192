"""Issue 23 (8, 9) through the test client: a hand with nothing entered is recorded only when asked for, a used
hand form records nothing more, and an Undo is named on the other phones for a minute."""
from __future__ import annotations

from datetime import datetime, timedelta

import checks
import service
from db import export
from web.plumbing.database import get_db
from web.present import scoreboard

from .pages import HAND_1_US, hand_form, post, read, url

EMPTY = "Nothing was entered for any side. Fill in the hand, or tap “Record an empty hand” if nobody scored."


def page(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def hands_of(client, game) -> list[dict]:
    return client.get(f"/api/games/{game['id']}").get_json()["hands"]


def drawn(form) -> dict:
    """What the server put in the form to come back with it: the revision, hand number and key."""
    return {k: form.values[k] for k in ("revision", "number", "idempotency_key")}


def as_sent(form) -> dict:
    """The hand form as a phone posts it untouched but for "Nobody" tapped under "Who went out?" (it has no default):
    every chip at 0, every box blank."""
    return {**{k: v for k, v in form.form_values().items() if k != "csrf_token"}, "went_out": "none"}


def test_an_empty_hand_is_refused_with_words_and_a_way_to_record_it(client, make_game):
    game = make_game()
    response = post(client, page(client, "hands.record_hand", game_id=game["id"]), as_sent(hand_form(client, game)))
    assert response.status_code == 422
    doc = read(response)
    ask = doc.alert(f"Nothing was saved yet {EMPTY} Record an empty hand")
    assert ask.button("Record an empty hand").get("name") == "empty_hand"
    assert doc.heading("Hand 1", level=1)
    assert hands_of(client, game) == []
    # the player says so: the same form, with the button's choice
    again = post(client, page(client, "hands.record_hand", game_id=game["id"]), {**doc.form_values(), "empty_hand": "yes"})
    assert again.status_code == 303
    assert [[s["total"] for s in h["scores"]] for h in hands_of(client, game)] == [[0, 0]]


def test_the_api_still_records_an_entry_with_every_number_left_out(client, make_game):
    game = make_game()  # API.md: "A number left out is 0"; the explicit choice is the page form's alone
    response = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    assert response.status_code == 201


def test_a_hand_with_something_entered_is_recorded_as_before(client, make_game):
    game = make_game()
    form = as_sent(hand_form(client, game))
    response = post(client, page(client, "hands.record_hand", game_id=game["id"]), {**form, "cut_bonus": "1"})
    assert response.status_code == 303 and len(hands_of(client, game)) == 1


def test_record_mine_after_a_conflict_asks_before_recording_nothing(client, make_game):
    game = make_game()
    form = as_sent(hand_form(client, game))
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})  # another phone
    response = post(client, page(client, "hands.record_hand", game_id=game["id"]), form)
    assert response.status_code == 422
    doc = read(response)
    assert doc.alert(f"Nothing was saved yet {EMPTY} Record an empty hand")
    assert doc.all("button", "Record mine as hand 2") == []
    assert len(hands_of(client, game)) == 1


def test_a_correction_emptied_is_saved_only_when_asked_for(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    form = read(client.get(page(client, "hands.edit_hand", game_id=game["id"], number=1)))
    emptied = {**as_sent(form), "entries[0].melded": ""}
    response = post(client, page(client, "hands.replace_hand", game_id=game["id"], number=1), emptied)
    assert response.status_code == 422
    assert read(response).alert().button("Save an empty hand")
    assert [h["scores"][0]["total"] for h in hands_of(client, game)] == [50]
    saved = post(client, page(client, "hands.replace_hand", game_id=game["id"], number=1),
                 {**emptied, "empty_hand": "yes"})
    assert saved.status_code == 303
    assert [h["scores"][0]["total"] for h in hands_of(client, game)] == [0]


def test_a_used_form_sent_again_empty_goes_to_the_scores_and_records_nothing(client, make_game):
    """Back after Record brought the used form back, empty (its draft went with the hand), and Record was tapped."""
    game = make_game()
    form = hand_form(client, game)
    recorded = post(client, page(client, "hands.record_hand", game_id=game["id"]), {**drawn(form), **HAND_1_US})
    assert recorded.status_code == 303
    again = post(client, page(client, "hands.record_hand", game_id=game["id"]), as_sent(form))
    assert again.status_code == 303
    assert again.headers["Location"] == page(client, "pages.game", game_id=game["id"])
    scores = read(client.get(again.headers["Location"]))
    assert scores.status("This form was recorded already, as hand 1; nothing more was recorded. "
                         "Here is the game as it is now.")
    assert scores.all("alert") == []
    assert len(hands_of(client, game)) == 1


def test_the_hand_form_is_never_kept_by_the_browser(client, make_game):
    """Back asks the server again, which draws the next hand with a new key, not the used form."""
    game = make_game()
    response = client.get(page(client, "hands.new_hand", game_id=game["id"]))
    assert response.headers["Cache-Control"] == "no-store"
    refused = post(client, page(client, "hands.record_hand", game_id=game["id"]), {"entries[0].melded": "7"})
    assert refused.headers["Cache-Control"] == "no-store"


def test_a_used_form_is_told_that_this_phone_recorded_it(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    post(client, page(client, "hands.record_hand", game_id=game["id"]), {**drawn(form), **HAND_1_US})
    poll = form.by_id("hand-notice").get("data-poll")
    notice = read(client.get(poll)).text()
    assert notice == "This phone recorded this form already, as hand 1. See the scores"
    # a form nobody sent yet still hears of another device's change
    other = hand_form(client, game)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    assert read(client.get(other.by_id("hand-notice").get("data-poll"))).text().startswith(
        "Another device just changed this game.")


def undo_from(client, game) -> None:
    scores = read(client.get(page(client, "pages.game", game_id=game["id"])))
    undo = scores.region("Scores").button("Undo hand 1")
    fields = {e.get("name"): e.value for e in undo.form.walk() if e.tag == "input" and e.get("name")}
    assert post(client, undo.action, fields).status_code == 303


def note_on(client, game) -> list[str]:
    scores = read(client.get(page(client, "pages.game", game_id=game["id"]))).region("Scores")
    return [s.text for s in scores.all("status")]


def test_an_undo_is_named_on_every_other_phone(app, client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    other = app.test_client()  # another phone: its own cookies
    assert note_on(other, game) == ["Hand 1 was just recorded. Undo hand 1"]
    undo_from(client, game)
    assert note_on(other, game) == ["Hand 1 was taken back on another phone."]
    assert read(other.get(page(client, "pages.live", game_id=game["id"]))).status().text == (
        "Hand 1 was taken back on another phone.")
    assert note_on(client, game) == []  # the phone that did it said so once, in its own words
    assert note_on(app.test_client(), game) == ["Hand 1 was taken back on another phone."]


def test_the_undo_note_lasts_a_minute_and_until_the_game_changes(app, client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    undo_from(client, game)
    with app.test_request_context():
        state = service.get_game(get_db(), game["id"])
        at = datetime.fromisoformat(state.updated)
        assert scoreboard.taken_back(state, now=at + timedelta(seconds=59))["number"] == 1
        assert scoreboard.taken_back(state, now=at + timedelta(seconds=scoreboard.UNDO_SECONDS)) is None
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 70}, {}]})
    assert note_on(app.test_client(), game) == ["Hand 1 was just recorded. Undo hand 1"]


def test_a_game_with_an_undo_note_exports_imports_and_restores(app, client, make_game, tmp_path):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    undo_from(client, game)
    with app.app_context():
        from web.plumbing.database import get_db
        document = export.export_games(get_db())
    assert checks.check_document(document) == []
    assert checks.check_backup(app.config["DATABASE"]) == []
