"""Trust at a shared table, hunted afresh: two phones, double taps, lost answers, Undo, the PIN prompt."""
from __future__ import annotations

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
