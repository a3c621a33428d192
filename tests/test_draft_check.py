"""Issue 39 item 2, on the server: a new hand's form drawn with a conflict names the hand and revision its entries
were typed for (hands.js keeps them with the draft), and a draft restored later is checked against the game: when
another phone recorded that hand since, the conflict panel's choices come back (409); otherwise nothing (204)."""
from __future__ import annotations

from .pages import post, read, url


def check(client, game, typed_for, revision, **entries):
    return post(client, url(client.application, "hands.check_draft", game_id=game["id"]),
                {"typed_for": str(typed_for), "number": str(typed_for), "revision": str(revision),
                 "entries[0].melded": "600", **entries})


def test_a_conflicts_form_names_the_hand_and_revision_typed_for(client, make_game):
    game = make_game()
    form = read(client.get(url(client.application, "hands.new_hand", game_id=game["id"])))
    assert form.values["typed_for"] == "1"
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})  # another phone
    answer = post(client, url(client.application, "hands.record_hand", game_id=game["id"]),
                  {**form.values, "entries[0].melded": "600"})
    assert answer.status_code == 409
    page = read(answer)
    [element] = [e for e in page.walk() if e.get("id") == "hand-form"]
    assert (element.get("data-typed-number"), element.get("data-typed-revision")) == ("1", form.values["revision"])
    assert page.values["typed_for"] == "2" and page.values["revision"] != form.values["revision"]


def test_a_restored_draft_of_a_hand_recorded_since_brings_the_conflict_back(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    answer = check(client, game, 1, game["revision"])
    assert answer.status_code == 409
    page = read(answer)
    assert page.heading("Another phone recorded hand 1 first", level=2)
    assert page.button("Record mine as hand 2") and page.button("Replace hand 1 with mine")
    assert page.link("Drop mine")
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1  # it records nothing


def test_a_draft_still_current_or_of_a_hand_still_free_is_left_alone(client, make_game):
    game = make_game()
    assert check(client, game, 1, game["revision"]).status_code == 204  # nothing changed
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    assert check(client, game, 2, game["revision"]).status_code == 204  # hand 2 is still to be recorded
    assert check(client, game, "x", game["revision"]).status_code == 204
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1


def test_a_form_sent_again_changed_after_a_lost_answer_names_the_hand_it_recorded(client, make_game):
    # the answer to the first send was lost, the player changed an entry and sent again: the entries were typed for
    # hand 1, recorded now, so a draft of them restored later asks again, and says the hand is this phone's own
    game = make_game()
    form = read(client.get(url(client.application, "hands.new_hand", game_id=game["id"])))
    sent = {**form.values, "entries[0].melded": "600", "went_out": "none"}
    record = url(client.application, "hands.record_hand", game_id=game["id"])
    assert post(client, record, sent).status_code == 303
    answer = post(client, record, {**sent, "entries[0].melded": "700"})
    assert answer.status_code == 409
    page = read(answer)
    [element] = [e for e in page.walk() if e.get("id") == "hand-form"]
    assert (element.get("data-typed-number"), element.get("data-typed-revision")) == ("1", form.values["revision"])
    assert page.values["typed_key"] == form.values["idempotency_key"]
    assert page.values["idempotency_key"] != form.values["idempotency_key"]

    restored = check(client, game, 1, form.values["revision"], **{"entries[0].melded": "700",
                                                                   "typed_key": form.values["idempotency_key"]})
    assert restored.status_code == 409
    again = read(restored)
    assert again.heading("This phone already recorded hand 1, with other entries", level=2)
    assert again.button("Record mine as hand 2") and again.button("Replace hand 1 with mine")
    assert again.values["typed_key"] == form.values["idempotency_key"]  # still kept with the draft
    # another key, or none: the hand was another phone's
    other = read(check(client, game, 1, form.values["revision"], typed_key="someone-else"))
    assert other.heading("Another phone recorded hand 1 first", level=2)
    assert len(client.get(f"/api/games/{game['id']}").get_json()["hands"]) == 1
