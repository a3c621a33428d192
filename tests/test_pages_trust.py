"""Trust at a shared table, through the test client: the hand form's key, conflicts, Undo, seats, the clock."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

import service
from web import forms
from web.plumbing.database import get_db
from web.present import scoreboard

from .helpers import FIVE
from .html import Doc
from .pages import HAND_1_THEM, HAND_1_US, hand_form, post, read, url


def game_of(client, game):
    return client.get(f"/api/games/{game['id']}").get_json()


def typed_game(client, game):
    """The game as the game service hands it to the pages."""
    with client.application.app_context():
        return service.get_game(get_db(), game["id"])


def page(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def record(client, game) -> str:
    return page(client, "hands.record_hand", game_id=game["id"])


def game_page(client, game) -> Doc:
    return read(client.get(page(client, "pages.game", game_id=game["id"])))


def form_fields(form: Doc) -> dict:
    return {k: form.values[k] for k in ("revision", "number", "idempotency_key")}


def test_each_drawn_hand_form_has_its_own_key(client, make_game):
    game = make_game()
    one, two = hand_form(client, game), hand_form(client, game)
    assert len(one.values["idempotency_key"]) >= 16
    assert one.values["idempotency_key"] != two.values["idempotency_key"]


def test_the_same_form_sent_twice_records_one_hand(client, make_game):
    game = make_game()
    fields = {**form_fields(hand_form(client, game)), **HAND_1_US, **HAND_1_THEM}
    first = post(client, record(client, game), fields)
    again = post(client, record(client, game), fields)
    assert (first.status_code, again.status_code) == (303, 303)
    assert game_of(client, game)["hands_played"] == 1


def test_a_sent_form_changed_afterwards_offers_a_choice_instead_of_a_second_hand(client, make_game):
    # the answer to the first send was lost; the player changed a number and sent again
    game = make_game()
    fields = {**form_fields(hand_form(client, game)), **HAND_1_US}
    post(client, record(client, game), fields)
    response = post(client, record(client, game), {**fields, "entries[0].melded": "1,300"})
    assert response.status_code == 409
    doc = read(response)
    conflict = doc.alert("This phone already recorded hand 1, with other entries")
    assert conflict.under("Hand 1 as it is recorded").items() == ["Us +10,330", "Them 0"]
    assert conflict.under("What you typed (kept below)").items() == ["Us +10,400", "Them 0"]
    assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == "1,300"
    assert doc.values["idempotency_key"] != fields["idempotency_key"]  # the next send is a new request
    assert game_of(client, game)["hands_played"] == 1


def test_replace_from_a_conflict_corrects_the_other_phones_hand(client, make_game):
    game = make_game()
    form = hand_form(client, game)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    conflict = read(post(client, record(client, game), {**form_fields(form), "entries[0].melded": "75"}))
    replace = conflict.alert().button("Replace hand 1 with mine")
    assert replace.action == page(client, "hands.replace_hand", game_id=game["id"], number=1)
    replaced = post(client, replace.action, {**conflict.values, "entries[0].melded": "75", "went_out": "none"})
    assert replaced.status_code == 303
    assert [h["scores"][0]["total"] for h in game_of(client, game)["hands"]] == [75]


def test_undo_takes_back_the_hand_just_recorded(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    scores = game_page(client, game).region("Scores")
    undo_bar = scores.status("Hand 1 was just recorded. Undo hand 1")
    undo = undo_bar.button("Undo hand 1")
    assert undo.action == page(client, "hands.undo_hand", game_id=game["id"], number=1)
    revision = game_of(client, game)["revision"]
    response = post(client, undo.action, {"revision": revision})
    assert response.status_code == 303
    assert game_of(client, game)["hands"] == []
    after = game_page(client, game)
    assert after.status("Hand 1 was taken back; the totals are as they were before it.")
    assert after.region("Scores").all("button", "Undo hand 1") == []


def test_undo_after_another_change_is_refused_and_changes_nothing(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    shown = game_of(client, game)["revision"]
    client.put(f"/api/games/{game['id']}/hands/1", json={"entries": [{"melded": 60}, {}]})
    response = post(client, page(client, "hands.undo_hand", game_id=game["id"], number=1), {"revision": shown})
    assert response.status_code == 303
    assert game_page(client, game).status("Hand 1 was not taken back: the game changed since it was recorded. "
                                          "If it is wrong, open it under Hands and delete or correct it.")
    assert [h["scores"][0]["total"] for h in game_of(client, game)["hands"]] == [60]


def test_undo_is_offered_for_a_minute_and_only_while_nothing_else_changed(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    state = typed_game(client, game)
    recorded = datetime.fromisoformat(state.hands[0].recorded_at)
    assert scoreboard.just_recorded(state, now=recorded + timedelta(seconds=30)) == {
        "number": 1, "recorded_at": state.hands[0].recorded_at}
    assert scoreboard.just_recorded(state, now=recorded + timedelta(seconds=scoreboard.UNDO_SECONDS)) is None
    client.post(f"/api/games/{game['id']}/end")
    assert scoreboard.just_recorded(typed_game(client, game), now=recorded) is None


@pytest.mark.parametrize("typed, offset, stored", [
    ("2026-11-23T21:30", "-08:00", "2026-11-23T21:30:00-08:00"),
    ("2026-11-23T21:30", "+05:30", "2026-11-23T21:30:00+05:30"),
    ("2026-11-23T21:30", "", "2026-11-23T21:30"),  # no script on the phone: the server's local time
    ("2026-11-23T21:30", "nonsense", "2026-11-23T21:30"),
    ("2026-11-23T21:30:00+01:00", "-08:00", "2026-11-23T21:30:00+01:00"),  # an offset typed wins
])
def test_the_finish_time_carries_the_phones_offset(typed, offset, stored):
    assert forms.with_offset(typed, offset) == stored


def test_a_new_game_form_sends_the_finish_time_with_the_phones_offset(client):
    response = post(client, page(client, "setup.create_game", variant_id="ponytail"), {
        "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
        "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di",
        "options.finish_at": "2026-11-23T21:30", "options.finish_at_offset": "-08:00"})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    stored = client.get(f"/api/games/{game_id}").get_json()
    assert stored["options"]["finish_at"] == "2026-11-23T21:30:00-08:00"


def names_seated(doc: Doc) -> list[str]:
    return [doc.group("Who plays").field(f"Seat {i}").value for i in range(1, 6)]


def test_a_resent_seat_draw_shows_the_same_seats_and_a_new_tap_draws_again(client):
    form = read(client.get(page(client, "setup.new_game", variant_id="five-person")))
    five = page(client, "setup.draw_seats", variant_id="five-person")
    fields = {"layout": "solo", "count": "5", "seat_draw": form.values["seat_draw"],
              **{f"sides[{i}].players[0]": n for i, n in enumerate(("Asha", "Ben", "Cleo", "Dev", "Eve"))}}
    first = read(post(client, five, fields))
    resent = read(post(client, five, fields))
    assert names_seated(first) == names_seated(resent)
    assert sorted(names_seated(first)) == ["Asha", "Ben", "Cleo", "Dev", "Eve"]
    draws = set()
    current = first
    for _ in range(6):  # each tap draws anew from what is on the form
        current = read(post(client, five, {**fields, "seat_draw": current.values["seat_draw"]}))
        draws.add(tuple(names_seated(current)))
    assert len(draws) > 1


def test_new_seats_for_the_next_game_are_drawn_once(client, make_game):
    game = make_game(FIVE)
    client.post(f"/api/games/{game['id']}/end")
    again = page(client, "setup.new_game", variant_id="five-person", **{"from": game["id"]})
    first = read(client.get(again))
    assert first.status("Seats drawn at random. Sit down in this order, clockwise.")
    assert names_seated(first) == names_seated(read(client.get(again)))


@pytest.mark.parametrize("recorded_at, finished", [
    ("2026-11-24T05:29:59+00:00", False),  # 21:29:59 at a table in California
    ("2026-11-24T05:30:00+00:00", True),   # 21:30 there: the finish time
    ("2026-11-23T21:30:00+00:00", False),  # 21:30 on a server kept in UTC is not the table's 21:30
])
def test_a_finish_time_with_an_offset_means_that_instant(recorded_at, finished):
    # API.md: "A time with a UTC offset (2026-11-23T21:30:00-08:00) means exactly that instant"
    from scoring import derive_game, get_variant, new_game
    from scoring.game import HandRecord
    variant = get_variant("ponytail")
    sides, options = new_game(variant, {"variant": "ponytail", "sides": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}],
        "options": {"finish_at": "2026-11-23T21:30:00-08:00"}})
    empty = [{f.name: 0 for f in variant.fields if f.kind != "flag"} for _ in sides]
    state = derive_game(variant, options, sides, [HandRecord(empty, recorded_at)])
    assert state["finished"] is finished
    assert ("finish_time" in state["finish_reasons"]) is finished
