"""Trust at a shared table, hunted afresh: two phones, double taps, lost answers, Undo, the PIN prompt."""
from __future__ import annotations

import http.client
import sqlite3
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest

from web.present import scoreboard

from .helpers import PONY_THREE, PONYTAIL_PAIRS
from .pages import post, read, url


def api_game(client, game):
    return client.get(f"/api/games/{game['id']}").get_json()


def melded(client, game) -> list[int]:
    return [h["entries"][0]["melded"] for h in api_game(client, game)["hands"]]


def page(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def hidden_fields(button) -> dict:
    """What the button's form sends besides the CSRF token."""
    return {e.get("name"): e.get("value", "") for e in button.form.walk()
            if e.tag == "input" and e.get("name") and e.get("name") != "csrf_token"}


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
    saved = post(client, save, {**doc.values, "entries[0].melded": "140", "went_out": "none"})
    assert saved.status_code == 303
    assert melded(client, game) == [140]


def played_apart(app, client, game, points: list[int], last_ago: float = 5) -> str:
    """Hands recorded (side 0 melds `points`) as a table plays them: minutes apart, the last `last_ago` seconds
    ago; returns its recording time."""
    for p in points:
        client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": p}, {}]})
    now = datetime.now(timezone.utc)
    times = [now - timedelta(minutes=10 + len(points) - i) for i in range(len(points) - 1)]
    times.append(now - timedelta(seconds=last_ago))
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM hands WHERE game_id = ? ORDER BY id", [game["id"]])]
        for hand_id, at in zip(ids, times):
            conn.execute("UPDATE hands SET recorded_at = ? WHERE id = ?", [at.isoformat(timespec="seconds"), hand_id])
        # a new revision, as the last hand's: nothing derived from the old times is kept, and Undo is offered
        conn.execute("UPDATE games SET revision = revision + 1, hand_revision = revision + 1 WHERE id = ?", [game["id"]])
    return times[-1].isoformat(timespec="seconds")


def game_page(client, game):
    return read(client.get(page(client, "pages.game", game_id=game["id"])))


def undo_form(client, game, number: int) -> tuple[str, dict]:
    """The Undo button of the scores page as this phone has it now: where it posts, and what."""
    button = game_page(client, game).region("Scores").button(f"Undo hand {number}")
    return button.action, hidden_fields(button)


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


def test_an_undo_a_minute_after_the_hand_leaves_it_recorded(app, client, make_game):
    # the phone slept with "Hand 2 recorded. Undo" on its screen; woken minutes later, its Undo is tapped
    game = make_game()
    recorded_at = played_apart(app, client, game, [10, 50], last_ago=scoreboard.UNDO_SECONDS + 120)
    fields = {"revision": str(api_game(client, game)["revision"]), "recorded_at": recorded_at}
    response = post(client, page(client, "hands.undo_hand", game_id=game["id"], number=2), fields)
    assert response.status_code == 303
    assert game_page(client, game).status("Hand 2 was not taken back: Undo is offered for 60 seconds after a hand "
                                          "is recorded. If it is wrong, open it under Hands and delete or correct it.")
    assert melded(client, game) == [10, 50]


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


class Phone:
    """A browser on the real server: its own CSRF cookie, posting the hand form as hands.js does."""

    def __init__(self, server):
        self.server = server
        status, headers, html = self.request("GET", "/")
        self.cookie = headers["Set-Cookie"].split(";", 1)[0]
        self.token = next(e.get("content") for e in read(html).walk()
                          if e.tag == "meta" and e.get("name") == "csrf-token")

    def request(self, method, path, form=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {"Cookie": getattr(self, "cookie", "")}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrf_token": self.token})
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                            "X-CSRF-Token": self.token})
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            connection.close()

    def hand_form(self, game_id) -> dict:
        status, _, html = self.request("GET", f"/games/{game_id}/hands/new")
        assert status == 200
        return {k: v for k, v in read(html).values.items() if k in ("revision", "number", "idempotency_key")}


@pytest.mark.slow
def test_phones_recording_different_hands_at_once_one_lands_the_others_keep_theirs(server):
    status, game = server.request("POST", "/api/games", PONYTAIL_PAIRS)
    phones = [Phone(server) for _ in range(4)]
    forms = [phone.hand_form(game["id"]) for phone in phones]
    typed = [{**form, "entries[0].melded": str(100 + 10 * i)} for i, form in enumerate(forms)]
    # phone 0 also double-taps: its form goes twice, under its one key
    sends = [(phones[i], typed[i]) for i in range(4)] + [(phones[0], typed[0])]
    start = threading.Barrier(len(sends))

    def send(sent):
        start.wait()
        return sent[0].request("POST", f"/games/{game['id']}/hands/new", sent[1])

    with ThreadPoolExecutor(len(sends)) as pool:
        answers = list(pool.map(send, sends))
    _, final = server.request("GET", f"/api/games/{game['id']}")
    assert final["hands_played"] == 1
    won = final["hands"][0]["entries"][0]["melded"]
    for (phone, sent), (status, _, html) in zip(sends, answers):
        if sent["entries[0].melded"] == str(won):
            assert status == 303  # the hand, or its repeat, landed
            continue
        assert status == 409
        doc = read(html)
        assert doc.alert("Another phone recorded hand 1 first")
        assert doc.region("Us Ann & Bob").field("Melded points, Us, in points").value == sent["entries[0].melded"]
        assert doc.button("Record mine as hand 2")


PIN = {"X-Table-PIN": "1234"}


def scores_shown(doc, game) -> list[int]:
    live = doc.region("Scores")
    return [int(live.labelled(f"{s['name']} total").text.replace(",", "").replace("−", "-")) for s in game["sides"]]


def scores_of_hands(game) -> list[int]:
    return [s.get("start_score", 0) + sum(h["scores"][s["index"]]["total"] for h in game["hands"])
            for s in game["sides"]]


def record_on_page(client, game):
    form = read(client.get(page(client, "hands.new_hand", game_id=game["id"])))
    fields = {k: form.values[k] for k in ("revision", "number", "idempotency_key")}
    assert post(client, page(client, "hands.record_hand", game_id=game["id"]),
                {**fields, "entries[0].melded": "120"}, htmx=True).status_code == 303


def undo_on_page(client, game):
    number = api_game(client, game)["hands_played"]
    action, fields = undo_form(client, game, number)
    assert post(client, action, fields).status_code == 303


def record_by_api(client, game):
    assert client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 70}, {"melded": 50}, {}]},
                       headers=PIN).status_code == 201


def failed_meld_on_page(client, game):
    action = page(client, "pages.mark_side", game_id=game["id"], side=2, action="failed-meld")
    assert post(client, action, {"revision": api_game(client, game)["revision"]}, htmx=True).status_code == 200


def correct_on_page(client, game):
    form = read(client.get(page(client, "hands.edit_hand", game_id=game["id"], number=1)))
    fields = {k: form.values[k] for k in ("revision", "number", "idempotency_key", "recorded_at")}
    assert post(client, page(client, "hands.replace_hand", game_id=game["id"], number=1),
                {**fields, "entries[0].melded": "200"}).status_code == 303


def delete_on_page(client, game):
    action = page(client, "hands.delete_hand", game_id=game["id"], number=1)
    assert post(client, action, {"revision": api_game(client, game)["revision"]}, htmx=True).status_code == 200


def rename_a_player(client, game):
    assert post(client, "/players/P2/rename", {"name": "Pat"}).status_code == 303


def end_on_page(client, game):
    action = page(client, "pages.end_game", game_id=game["id"])
    assert post(client, action, {"revision": api_game(client, game)["revision"]}).status_code == 303


def test_every_phone_polling_sees_each_change_and_totals_that_add_up(app, client):
    game = client.post("/api/games", json={**PONY_THREE, "pin": "1234"}).get_json()
    assert post(client, page(client, "pin.unlock", game_id=game["id"]), {"pin": "1234"}).status_code == 303
    watcher, table = app.test_client(), app.test_client()  # a locked phone, and the table display
    polls = {"mine": (client, read(client.get(page(client, "pages.game", game_id=game["id"])))),
             "watcher": (watcher, read(watcher.get(page(client, "pages.game", game_id=game["id"])))),
             "table": (table, read(table.get(page(client, "pages.table", game_id=game["id"]))))}
    polls = {who: (c, doc.region("Scores").get("data-poll")) for who, (c, doc) in polls.items()}
    for write in (record_on_page, undo_on_page, record_on_page, record_by_api, failed_meld_on_page,
                  correct_on_page, delete_on_page, rename_a_player, end_on_page):
        write(client, game)
        now = api_game(client, game)
        for who, (phone, poll) in polls.items():
            answer = phone.get(poll)
            assert answer.status_code == 200, (write.__name__, who)
            doc = read(answer)
            assert [s["score"] for s in now["sides"]] == scores_of_hands(now)
            assert scores_shown(doc, now) == scores_of_hands(now), (write.__name__, who)
            poll = doc.region("Scores").get("data-poll")
            assert phone.get(poll).status_code == 204, (write.__name__, who)
            polls[who] = (phone, poll)


NEW_PAIRS = {"layout": "pairs", "count": "2", "sides[0].players[0]": "Ann", "sides[0].players[1]": "Bob",
             "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di"}


@pytest.mark.parametrize("pin", ["", "2468"])
def test_start_the_game_tapped_twice_starts_one_game(app, client, pin):
    # a double tap, the form resent, or a tap again after no answer: the table would split its hands over two games
    form = read(client.get(page(client, "setup.new_game", variant_id="ponytail")))
    fields = {**NEW_PAIRS, "seat_draw": form.values["seat_draw"], "idempotency_key": form.values["idempotency_key"],
              "pin": pin}
    start = page(client, "setup.create_game", variant_id="ponytail")
    resent_from = app.test_client()  # the first answer never arrived: nothing of it reached the phone
    first, again = post(client, start, fields), post(resent_from, start, fields)
    assert (first.status_code, again.status_code) == (303, 303)
    assert first.headers["Location"] == again.headers["Location"]
    assert len(client.get("/api/games").get_json()) == 1
    hand = read(resent_from.get(again.headers["Location"] + "/hands/new"))
    assert hand.by_id("locked-notice") is None  # whoever typed the PIN need not unlock
    # a new form is a new game
    other = read(client.get(page(client, "setup.new_game", variant_id="ponytail")))
    assert other.values["idempotency_key"] != fields["idempotency_key"]
    assert post(client, start, {**fields, "idempotency_key": other.values["idempotency_key"]}).status_code == 303
    assert len(client.get("/api/games").get_json()) == 2


def test_deleting_a_game_from_a_home_page_drawn_before_its_last_hand_keeps_it(client, make_game):
    game = make_game()
    home = read(client.get("/"))
    delete = home.button("Yes, delete the game")
    fields = hidden_fields(delete)
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})  # another phone
    response = post(client, delete.action, fields)
    assert response.status_code == 303
    assert read(client.get("/")).status("Someone else just changed this — here is the new version. "
                                        "The game was not deleted.")
    assert melded(client, game) == [50]
    again = read(client.get("/")).button("Yes, delete the game")
    assert post(client, again.action, hidden_fields(again)).status_code == 303
    assert client.get(f"/api/games/{game['id']}").status_code == 404


def test_the_same_new_game_form_sent_again_with_another_pin_starts_that_game(app, client):
    # Back after starting, the PIN changed, Start again: the table is told the new PIN, so that is the game's
    form = read(client.get(page(client, "setup.new_game", variant_id="ponytail")))
    fields = {**NEW_PAIRS, "seat_draw": form.values["seat_draw"], "idempotency_key": form.values["idempotency_key"]}
    start = page(client, "setup.create_game", variant_id="ponytail")
    first = post(client, start, {**fields, "pin": "1234"})
    again = post(client, start, {**fields, "pin": "5678"})
    assert first.headers["Location"] != again.headers["Location"]
    game_id = again.headers["Location"].rsplit("/", 1)[1]
    recorded = client.post(f"/api/games/{game_id}/hands", json={"entries": [{}, {}]}, headers={"X-Table-PIN": "5678"})
    assert recorded.status_code == 201
    assert post(client, start, {**fields, "pin": "5678"}).headers["Location"] == again.headers["Location"]
