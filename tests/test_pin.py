"""The optional table PIN: anyone may watch, changing a PIN game needs the PIN (header or unlocked session)."""
import sqlite3

import pytest
from flask import Blueprint

from web.plumbing.pin import hash_pin, pin_matches

from .helpers import PONY_THREE, PONYTAIL_PAIRS
from .pages import read, token, url

TOKEN = "t" * 43  # a CSRF token of the shape the app makes (see web/plumbing/security.py)

PIN = "0427"


@pytest.fixture
def pin_game(client):
    response = client.post("/api/games", json={**PONYTAIL_PAIRS, "pin": PIN})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def stored_pin_hash(app, game_id):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("SELECT pin_hash FROM games WHERE id = ?", [game_id]).fetchone()[0]


def page(client, endpoint, **values) -> str:
    return url(client.application, endpoint, **values)


def unlock(client, game_id, pin, **form):
    client.set_cookie("meldbook_csrf", TOKEN)
    return client.post(page(client, "pin.unlock", game_id=game_id), data={"pin": pin, "csrf_token": TOKEN, **form})


def test_hash_is_salted_scrypt_and_checks_only_the_right_pin():
    first, second = hash_pin(PIN), hash_pin(PIN)
    assert first.startswith("scrypt:16384:8:1$") and first != second  # Werkzeug's form, the app's cost
    assert pin_matches(PIN, first) and pin_matches(PIN, second)
    assert not pin_matches("0428", first) and not pin_matches("427", first)
    assert not pin_matches(PIN, "not a hash") and not pin_matches(PIN, "md5$x$y$z$00$00")


def test_game_shows_has_pin_never_the_pin(client, app, pin_game):
    assert pin_game["has_pin"] is True and "pin" not in pin_game and "pin_hash" not in pin_game
    listed = client.get("/api/games").get_data(as_text=True)
    assert PIN not in listed and "scrypt" not in listed
    assert pin_matches(PIN, stored_pin_hash(app, pin_game["id"]))


@pytest.mark.parametrize("pin", [None, ""])
def test_default_is_no_pin(client, make_game, pin):
    game = client.post("/api/games", json={**PONYTAIL_PAIRS, "pin": pin}).get_json()
    assert game["has_pin"] is False
    assert client.post(f"/api/games/{game['id']}/end").status_code == 200
    assert make_game()["has_pin"] is False


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", " 1234", 1234, 12345.0, True, ["1234"], "١٢٣٤"])
def test_pin_must_be_four_to_eight_digits(client, pin):
    response = client.post("/api/games", json={**PONYTAIL_PAIRS, "pin": pin})
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == ["pin"]
    assert "4 to 8 digits" in response.get_json()["errors"][0]["message"]
    assert client.get("/api/games").get_json() == []


def test_anyone_can_watch(client, pin_game):
    assert client.get(f"/api/games/{pin_game['id']}").status_code == 200
    assert client.get(f"/api/games/{pin_game['id']}/download").status_code == 200


@pytest.mark.parametrize("method, path", [
    ("post", "/hands"), ("put", "/hands/1"), ("delete", "/hands/1"), ("post", "/sides/0/failed-meld"), ("post", "/end")])
@pytest.mark.parametrize("sent, message", [(None, "X-Table-PIN"), ("9999", "not this table's PIN")])
def test_api_writes_need_the_pin(client, pin_game, method, path, sent, message):
    url = f"/api/games/{pin_game['id']}"
    assert client.post(url + "/hands", json={"entries": [{}, {}]}, headers={"X-Table-PIN": PIN}).status_code == 201
    before = client.get(url).get_json()
    headers = {"X-Table-PIN": sent} if sent else {}
    response = getattr(client, method)(url + path, json={"entries": [{"melded": 50}, {}]}, headers=headers)
    assert response.status_code == 403
    error, = response.get_json()["errors"]
    assert error["field"] == "pin" and message in error["message"]
    assert client.get(url).get_json() == before


def test_api_write_with_the_pin(client, pin_game):
    url = f"/api/games/{pin_game['id']}"
    answer = client.post(url + "/hands", json={"entries": [{"melded": 50}, {}]}, headers={"X-Table-PIN": PIN})
    assert answer.status_code == 201
    assert client.post(url + "/end", headers={"X-Table-PIN": PIN}).get_json()["finished"] is True


def test_failed_meld_of_a_pin_pony_game(client):
    game = client.post("/api/games", json={**PONY_THREE, "pin": "12345678"}).get_json()
    url = f"/api/games/{game['id']}/sides/1/failed-meld"
    assert client.post(url).status_code == 403
    assert client.post(url, headers={"X-Table-PIN": "12345678"}).get_json()["sides"][1]["failed_melds"] == 1


def test_wrong_pins_are_limited_per_game(app, client, pin_game):
    app.config["PIN_MAX_FAILURES"] = 3
    url = f"/api/games/{pin_game['id']}/end"
    assert [client.post(url, headers={"X-Table-PIN": p}).status_code for p in ("1111", "2222", "3333")] == [403, 403, 403]
    blocked = client.post(url, headers={"X-Table-PIN": PIN})  # even the right PIN waits now
    assert blocked.status_code == 429 and "Too many wrong PINs" in blocked.get_json()["errors"][0]["message"]
    other = client.post("/api/games", json={**PONYTAIL_PAIRS, "pin": PIN}).get_json()
    assert client.post(f"/api/games/{other['id']}/end", headers={"X-Table-PIN": PIN}).status_code == 200


def test_unlock_page_asks_for_the_pin(client, pin_game):
    response = client.get(page(client, "pin.unlock", game_id=pin_game["id"]))
    assert response.status_code == 200
    doc = read(response)
    assert doc.heading("Enter the table PIN", level=1) and doc.by_text("Us · Them", tag="p")
    pin = doc.field("PIN (4 to 8 digits)")
    assert pin.get("name") == "pin" and pin.get("type") == "password"
    assert doc.button("Unlock").action == page(client, "pin.unlock", game_id=pin_game["id"])
    assert "csrf_token" in {e.get("name") for e in pin.form.walk()}
    assert doc.link("Just watch").get("href") == page(client, "pages.game", game_id=pin_game["id"])


def test_wrong_pin_on_the_unlock_page(client, pin_game):
    response = unlock(client, pin_game["id"], "1111")
    assert response.status_code == 403 and "not this table's PIN" in read(response).alert().text
    assert client.post(f"/api/games/{pin_game['id']}/end").status_code == 403


def test_unlocked_session_may_change_the_game(client, app, pin_game):
    game_page = page(client, "pages.game", game_id=pin_game["id"])
    response = unlock(client, pin_game["id"], PIN, next=game_page)
    assert response.status_code == 303 and response.headers["Location"] == game_page
    assert client.post(f"/api/games/{pin_game['id']}/end").status_code == 200
    stranger = app.test_client()
    other = stranger.put(f"/api/games/{pin_game['id']}/hands/1", json={"entries": [{}, {}]})
    assert other.status_code == 403


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:x"])
def test_unlock_never_redirects_off_site(client, pin_game, target):
    response = unlock(client, pin_game["id"], PIN, next=target)
    assert response.headers["Location"] == page(client, "pages.game", game_id=pin_game["id"])


def test_unlock_of_unknown_game(client):
    response = client.get(page(client, "pin.unlock", game_id="nosuchgame"))
    assert response.status_code == 404
    assert read(response).by_text("There is no game with id “nosuchgame”.", tag="p")


def test_unlock_page_needs_the_csrf_token(client, pin_game):
    response = client.post(page(client, "pin.unlock", game_id=pin_game["id"]), data={"pin": PIN})
    assert response.status_code == 400
    assert client.post(f"/api/games/{pin_game['id']}/end").status_code == 403


@pytest.fixture
def page_write(app):
    """A stand-in page write on a game (the real pages are the UI's), to test the PIN gate on pages.

    Listed before the fixtures that send requests: Flask takes no new routes after the first one."""
    bp = Blueprint("pin_test_pages", __name__)
    calls = []

    @bp.post("/games/<game_id>/pin-test-write")
    def write(game_id):
        calls.append(game_id)
        return "written"

    app.register_blueprint(bp)
    return calls


def test_page_write_goes_to_the_unlock_page(page_write, client, pin_game):
    client.set_cookie("meldbook_csrf", TOKEN)
    write = page(client, "pin_test_pages.write", game_id=pin_game["id"])
    hand_form = page(client, "hands.new_hand", game_id=pin_game["id"])
    plain = client.post(write, data={"csrf_token": TOKEN}, headers={"Referer": f"http://localhost{hand_form}"})
    assert plain.status_code == 303
    assert plain.headers["Location"] == page(client, "pin.unlock", game_id=pin_game["id"], next=hand_form)
    htmx = client.post(write, headers={"X-CSRF-Token": TOKEN, "HX-Request": "true"})
    unlocking = page(client, "pin.unlock", game_id=pin_game["id"])
    assert htmx.status_code == 200 and htmx.headers["HX-Redirect"].startswith(unlocking)
    assert page_write == []
    unlock(client, pin_game["id"], PIN)
    assert client.post(write, data={"csrf_token": TOKEN}).get_data(as_text=True) == "written"


def test_page_write_to_a_game_without_pin_is_not_gated(page_write, client, make_game):
    game = make_game()
    client.set_cookie("meldbook_csrf", TOKEN)
    write = page(client, "pin_test_pages.write", game_id=game["id"])
    assert client.post(write, data={"csrf_token": TOKEN}).status_code == 200


@pytest.mark.parametrize("endpoint, values", [
    ("hands.record_hand", {}), ("hands.replace_hand", {"number": 1}), ("hands.delete_hand", {"number": 1}),
    ("pages.mark_side", {"side": 0, "action": "failed-meld"}), ("pages.end_game", {}), ("pages.delete_game", {})],
    ids=["record", "correct", "delete hand", "failed meld", "end", "delete game"])
def test_the_ui_page_writes_ask_for_the_pin(client, pin_game, endpoint, values):
    api = f"/api/games/{pin_game['id']}"
    client.post(api + "/hands", json={"entries": [{}, {}]}, headers={"X-Table-PIN": PIN})
    before = client.get(api).get_json()
    form = {"csrf_token": token(client), "revision": str(before["revision"]), "entries[0].melded": "50"}
    write, game_page = page(client, endpoint, game_id=pin_game["id"], **values), page(client, "pages.game",
                                                                                      game_id=pin_game["id"])
    response = client.post(write, data=form, headers={"Referer": f"http://localhost{game_page}"})
    assert response.status_code == 303
    assert response.headers["Location"] == page(client, "pin.unlock", game_id=pin_game["id"], next=game_page)
    assert client.get(api).get_json() == before
    htmx = client.post(write, data=form, headers={"HX-Request": "true"})
    assert htmx.headers["HX-Redirect"].startswith(page(client, "pin.unlock", game_id=pin_game["id"]))
    assert client.get(api).get_json() == before


def test_after_unlocking_the_hand_form_records(client, pin_game):
    unlock(client, pin_game["id"], PIN)
    form = {"csrf_token": token(client), "revision": str(pin_game["revision"]), "entries[0].melded": "50"}
    response = client.post(page(client, "hands.record_hand", game_id=pin_game["id"]), data=form)
    assert response.status_code == 303
    assert response.headers["Location"] == page(client, "pages.game", game_id=pin_game["id"])
    assert client.get(f"/api/games/{pin_game['id']}").get_json()["hands_played"] == 1


def test_watchers_may_use_the_live_preview(client, pin_game):
    response = client.post(page(client, "hands.preview_hand", game_id=pin_game["id"]),
                           data={"csrf_token": token(client), "entries[0].melded": "50"})
    assert response.status_code == 200


@pytest.mark.parametrize("pin, status", [("12", 422), ("12ab", 422), ("123456789", 422), ("4321", 303), ("", 303)])
def test_the_new_game_form_takes_a_pin(client, pin, status):
    response = client.post(page(client, "setup.create_game", variant_id="ponytail"), data={
        "csrf_token": token(client), "layout": "pairs", "count": "2", "sides[0].players[0]": "Ann",
        "sides[0].players[1]": "Bob", "sides[1].players[0]": "Cy", "sides[1].players[1]": "Di", "pin": pin})
    assert response.status_code == status
    games = client.get("/api/games").get_json()
    if status == 422:
        field = read(response).field("Table PIN")
        assert games == [] and field.invalid and "4 to 8 digits" in field.description
    else:
        game = client.get(f"/api/games/{games[0]['id']}").get_json()
        assert game["has_pin"] is bool(pin)
