"""Trust at a shared table, hunted afresh: two phones, double taps, lost answers, Undo, the PIN prompt."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from .pages import post, read, url


def api_game(client, game):
    return client.get(f"/api/games/{game['id']}").get_json()


def melded(client, game) -> list[int]:
    return [h["entries"][0]["melded"] for h in api_game(client, game)["hands"]]


def page(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def test_a_correction_saved_again_with_other_entries_stays_a_correction(client, make_game):
    # the phone saved a correction of hand 1 (the answer was lost, or Back brought the form back),
    # the player changed a number and saved again: that is still hand 1, never a new hand
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 100}, {}]})
    form = read(client.get(page(client, "hands.edit_hand", game_id=game["id"], number=1)))
    fields = {k: form.values[k] for k in ("revision", "number", "idempotency_key", "recorded_at")}
    save = page(client, "hands.replace_hand", game_id=game["id"], number=1)
    assert post(client, save, {**fields, "entries[0].melded": "130"}).status_code == 303
    again = post(client, save, {**fields, "entries[0].melded": "140"})
    assert again.status_code == 409
    doc = read(again)
    conflict = doc.alert("This phone already saved hand 1, with other entries")
    assert conflict.under("Hand 1 as it is recorded").items() == ["Us +130", "Them 0"]
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "140"
    assert doc.all("button", "Record mine as hand 2") == []
    assert doc.button("Save mine as hand 1").action == save
    assert doc.values["idempotency_key"] != fields["idempotency_key"]
    assert melded(client, game) == [130]
    saved = post(client, save, {**doc.values, "entries[0].melded": "140"})
    assert saved.status_code == 303
    assert melded(client, game) == [140]


def played_apart(app, client, game, points: list[int]) -> None:
    """Hands recorded (side 0 melds `points`) as a table plays them: minutes apart, the last a few seconds ago."""
    for p in points:
        client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": p}, {}]})
    now = datetime.now(timezone.utc)
    times = [now - timedelta(minutes=len(points) - i) for i in range(len(points) - 1)] + [now - timedelta(seconds=5)]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM hands WHERE game_id = ? ORDER BY id", [game["id"]])]
        for hand_id, at in zip(ids, times):
            conn.execute("UPDATE hands SET recorded_at = ? WHERE id = ?", [at.isoformat(timespec="seconds"), hand_id])
        # a new revision, as the last hand's: nothing derived from the old times is kept, and Undo is offered
        conn.execute("UPDATE games SET revision = revision + 1, hand_revision = revision + 1 WHERE id = ?", [game["id"]])


def game_page(client, game):
    return read(client.get(page(client, "pages.game", game_id=game["id"])))


def undo_form(client, game, number: int) -> tuple[str, dict]:
    """The Undo button of the scores page as this phone has it now: where it posts, and what."""
    button = game_page(client, game).region("Scores").button(f"Undo hand {number}")
    fields = {e.get("name"): e.get("value", "") for e in button.form.walk()
              if e.tag == "input" and e.get("name") and e.get("name") != "csrf_token"}
    return button.action, fields


def other_phone_undoes(client, game, hands_before):
    action, fields = undo_form(client, game, len(hands_before))
    assert post(client, action, fields).status_code == 303


def other_phone_deletes_hand_1(client, game, hands_before):
    assert client.delete(f"/api/games/{game['id']}/hands/1").status_code == 200


def other_phone_corrects_the_hand(client, game, hands_before):
    client.put(f"/api/games/{game['id']}/hands/{len(hands_before)}", json={"entries": [{"melded": 75}, {}]})


def other_phone_records_a_hand(client, game, hands_before):
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 90}, {}]})


@pytest.mark.parametrize("hands, meanwhile, says, left", [
    # a double tap: the first tap took the hand back
    ([50], other_phone_undoes, "Hand 1 was already taken back; the totals are as they were before it.", []),
    ([10, 50], other_phone_undoes, "Hand 2 was already taken back; the totals are as they were before it.", [10]),
    # another phone took it back, and a new hand was recorded since
    ([50], lambda c, g, h: (other_phone_undoes(c, g, h), other_phone_records_a_hand(c, g, [])),
     "Hand 1 was already taken back; the totals are as they were before it.", [90]),
    # another phone deleted an earlier hand: the hand just recorded is hand 1 now, and stays
    ([10, 50], other_phone_deletes_hand_1, "Hand 2 was not taken back: the game changed since it was recorded. "
                                           "If it is wrong, open it under Hands and delete or correct it.", [50]),
    ([50], other_phone_corrects_the_hand, "Hand 1 was not taken back: the game changed since it was recorded. "
                                          "If it is wrong, open it under Hands and delete or correct it.", [75]),
])
def test_an_undo_sent_after_the_game_changed_says_what_became_of_the_hand(app, client, make_game, hands, meanwhile,
                                                                          says, left):
    game = make_game()
    played_apart(app, client, game, hands)
    action, fields = undo_form(client, game, len(hands))  # this phone's Undo, drawn before the change
    meanwhile(client, game, hands)
    response = post(client, action, fields)
    assert response.status_code == 303
    assert game_page(client, game).status(says)
    assert melded(client, game) == left


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("hands, delete, meanwhile, left", [
    ([10, 20], 2, "same", [10]),        # a double tap on the last hand's Delete
    ([10, 20], 1, "same", [20]),        # on an earlier hand's: hand 2 moved up to 1 and is not deleted too
    ([10, 20, 30], 3, "undo", [10, 20]),  # another phone took the hand back first
])
def test_a_delete_sent_after_the_game_changed_shows_the_scores_as_they_are(client, make_game, hands, delete,
                                                                          meanwhile, left, htmx):
    game = make_game()
    for points in hands:
        client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": points}, {}]})
    revision = api_game(client, game)["revision"]
    action = page(client, "hands.delete_hand", game_id=game["id"], number=delete)
    if meanwhile == "same":
        assert post(client, action, {"revision": revision}, htmx=htmx).status_code in (200, 303)
    else:
        client.delete(f"/api/games/{game['id']}/hands/{delete}")
    again = post(client, action, {"revision": revision}, htmx=htmx)
    if htmx:  # the scoreboard, as it is now, replaces the one on the phone (and keeps being polled)
        assert again.status_code == 409
        live = read(again).region("Scores")
        assert live.status("Someone else just changed this — here is the new version.")
        assert live.get("data-poll")
    else:
        assert again.status_code == 303
        assert game_page(client, game).status("Someone else just changed this — here is the new version.")
    assert melded(client, game) == left


def test_a_resent_api_delete_of_the_last_hand_is_stale_with_the_game(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 10}, {}]})
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 20}, {}]})
    stated = {"If-Match": str(api_game(client, game)["revision"])}
    assert client.delete(f"/api/games/{game['id']}/hands/2", headers=stated).status_code == 200
    again = client.delete(f"/api/games/{game['id']}/hands/2", headers=stated)
    assert again.status_code == 409
    assert again.get_json()["game"]["hands_played"] == 1
    assert melded(client, game) == [10]
