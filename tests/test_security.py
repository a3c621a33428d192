"""Cross-site protection, response headers, escaping and safe defaults."""
import http.client
import os
import re
import socket
import stat
import threading
import urllib.request

import pytest

from app import _secret_key, create_app

from .pages import inline_code, read, url
from .server import Server

TOKEN = "t" * 43  # a CSRF token of the shape the app makes (see web/plumbing/security.py)

SCRIPT_NAME = '<script>alert("x")</script>'
OUT_OF_DATE = ("This page was out of date (its security token did not match). "
               "Reload the page and try again; nothing was saved.")


def refused_for_the_token(response) -> bool:
    """400, and the page says in words that the page was out of date."""
    main = read(response).landmark("main")
    return response.status_code == 400 and bool(main.by_text(OUT_OF_DATE, tag="p"))


def unlock_page(client, game) -> str:
    return url(client.application, "pin.unlock", game_id=game["id"])


def headers_are_strict(response):
    csp = response.headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "unsafe" not in csp and "*" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("path", ["/api/variants", "/api/games/nope", "/api/openapi.json", "/no/such/page"])
def test_every_response_carries_the_headers(client, path):
    headers_are_strict(client.get(path))


def test_pages_carry_the_headers(client, make_game):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": "A"}, {"name": "B"}]}).get_json()
    headers_are_strict(client.get(unlock_page(client, game)))


@pytest.mark.parametrize("endpoint, values", [
    ("pages.home", {}), ("setup.choose_variant", {}), ("setup.new_game", {"variant_id": "ponytail"}),
    ("pages.game", {"game_id": None}), ("hands.new_hand", {"game_id": None}), ("pages.table", {"game_id": None}),
    ("sheets.game_sheet", {"game_id": None}), ("pages.qr_code", {"game_id": None})],
    ids=["home", "choose variant", "new game", "game", "hand form", "table", "sheet", "qr"])
def test_ui_pages_carry_the_headers(client, make_game, endpoint, values):
    game_id = make_game()["id"]
    response = client.get(url(client.application, endpoint, **{k: v or game_id for k, v in values.items()}))
    assert response.status_code == 200
    headers_are_strict(response)


@pytest.mark.parametrize("endpoint, values", [
    ("hands.record_hand", {}), ("pages.end_game", {}), ("pages.delete_game", {}), ("hands.delete_hand", {"number": 1}),
    ("pages.mark_side", {"side": 0, "action": "failed-meld"})], ids=["record", "end", "delete game", "delete hand", "failed meld"])
@pytest.mark.parametrize("token", [None, "forged"])
def test_ui_page_writes_without_the_token_are_refused(client, make_game, endpoint, values, token):
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    before = client.get(f"/api/games/{game['id']}").get_json()
    client.get("/")  # the session has a token; the request below does not carry it
    form = {"csrf_token": token} if token else {}
    response = client.post(url(client.application, endpoint, game_id=game["id"], **values),
                           data={**form, "entries[0].melded": "50"})
    assert refused_for_the_token(response)
    assert client.get(f"/api/games/{game['id']}").get_json() == before


def end(client, game, **kwargs):
    return client.post(f"/api/games/{game['id']}/end", **kwargs)


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "http://localhost.evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost"},  # another port or subdomain of the same site
])
def test_api_write_from_another_site_is_refused(client, make_game, headers):
    game = make_game()
    response = end(client, game, headers=headers)
    assert response.status_code == 403
    assert "another site" in response.get_json()["errors"][0]["message"]
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is False


@pytest.mark.parametrize("headers", [{}, {"Origin": "http://localhost"}, {"Sec-Fetch-Site": "same-origin"},
                                     {"Sec-Fetch-Site": "none"}])
def test_api_write_from_here_or_a_program_is_accepted(client, make_game, headers):
    assert end(client, make_game(), headers=headers).status_code == 200


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                          "text/plain"])
def test_api_takes_only_json_even_where_there_is_no_body(client, make_game, content_type):
    # a plain HTML form on any site can send these three without asking the browser's permission
    game = make_game()
    response = end(client, game, data="a=b", content_type=content_type)
    assert response.status_code == 415
    assert "application/json" in response.get_json()["errors"][0]["message"]
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is False


def test_page_write_without_csrf_token_is_refused(client, make_game):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": "A"}, {"name": "B"}]}).get_json()
    client.get(unlock_page(client, game))  # the session now has a token
    for sent in ({}, {"csrf_token": "forged"}):
        response = client.post(unlock_page(client, game), data={"pin": "1234", **sent})
        assert refused_for_the_token(response)
    response = client.post(unlock_page(client, game), data={"pin": "1234"}, headers={"X-CSRF-Token": "é"})
    assert response.status_code == 400
    assert end(client, game).status_code == 403  # still locked: nothing was accepted


def test_page_write_with_the_token_in_form_or_header(client):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": "A"}, {"name": "B"}]}).get_json()
    form = read(client.get(unlock_page(client, game))).field("PIN (4 to 8 digits)").form
    token = next(e.get("value") for e in form.walk() if e.get("name") == "csrf_token")
    wrong = client.post(unlock_page(client, game), data={"pin": "9999"}, headers={"X-CSRF-Token": token})
    assert wrong.status_code == 403  # past the token check, refused for the PIN
    right = client.post(unlock_page(client, game), data={"pin": "1234", "csrf_token": token})
    assert right.status_code == 303


def test_page_write_from_another_site_is_refused_even_with_token(client):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": "A"}, {"name": "B"}]}).get_json()
    client.set_cookie("meldbook_csrf", TOKEN)
    response = client.post(unlock_page(client, game), data={"pin": "1234", "csrf_token": TOKEN},
                           headers={"Origin": "http://evil.example"})
    assert response.status_code == 403


def test_session_cookie_is_http_only_and_same_site(client):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": "A"}, {"name": "B"}]}).get_json()
    cookie = client.get(unlock_page(client, game)).headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_names_are_escaped_in_html(client):
    game = client.post("/api/games", json={"variant": "ponytail", "pin": "1234",
                                           "sides": [{"name": SCRIPT_NAME}, {"name": "B & <b>C</b>"}]}).get_json()
    assert game["sides"][0]["name"] == SCRIPT_NAME  # kept exactly as typed
    response = client.get(unlock_page(client, game))
    assert "<script>alert" not in response.get_data(as_text=True)
    page = read(response)  # the names read as typed, as text: no script, no bold
    assert page.by_text(f"{SCRIPT_NAME} · B & <b>C</b>", tag="p")
    assert inline_code(page) == [] and [e for e in page.walk() if e.tag == "b"] == []


def test_names_are_escaped_on_the_scoreboard(client):
    game = client.post("/api/games", json={"variant": "ponytail",
                                           "sides": [{"name": SCRIPT_NAME}, {"name": "B"}]}).get_json()
    for endpoint, values in (("pages.game", {"game_id": game["id"]}), ("pages.home", {}),
                             ("pages.table", {"game_id": game["id"]}), ("hands.new_hand", {"game_id": game["id"]})):
        response = client.get(url(client.application, endpoint, **values))
        assert "<script>alert" not in response.get_data(as_text=True), endpoint
        page = read(response)
        assert inline_code(page) == [] and page.by_text(re.compile(re.escape(SCRIPT_NAME))), endpoint


MARKUP_NAMES = ["<font size=80>big</font>", "<para>x</para> & <b>y", "&amp; &lt;", "<img src=x/>"]


def test_names_print_literally_in_the_pdf(client):
    from .sheet_helpers import pdf_pages
    sides = [{"name": n, "players": [n]} for n in MARKUP_NAMES]
    game = client.post("/api/games", json={"variant": "ponytail", "sides": sides}).get_json()
    assert game["sides"][0]["name"] == MARKUP_NAMES[0]
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}] * 4})
    response = client.get(f"/games/{game['id']}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(" ".join(page["text"].split()) for page in pdf_pages(response.data))
    for name in MARKUP_NAMES:
        assert name in text, name


def test_api_answers_are_json_not_html(client):
    game = client.post("/api/games", json={"variant": "ponytail",
                                           "sides": [{"name": SCRIPT_NAME}, {"name": "B"}]})
    assert game.mimetype == "application/json"
    assert client.get("/api/games").mimetype == "application/json"


def test_debug_is_off_and_errors_show_no_traceback(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "x"})
    assert app.debug is False and app.testing is False

    @app.get("/api/crash-for-test")
    def crash():
        raise RuntimeError("secret detail")

    response = app.test_client().get("/api/crash-for-test")
    assert response.status_code == 500
    assert "secret detail" not in response.get_data(as_text=True)
    assert response.get_json()["errors"][0]["field"] is None


def test_secret_key_is_made_once_private_and_kept(tmp_path):
    keys = []
    threads = [threading.Thread(target=lambda: keys.append(_secret_key(str(tmp_path)))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(keys) == 8 and len(set(keys)) == 1 and len(keys[0]) == 64
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert _secret_key(str(tmp_path)) == keys[0]
    assert sorted(os.listdir(tmp_path)) == ["secret_key"]


def test_app_uses_the_instance_secret_key(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    with open(os.path.join(app.instance_path, "secret_key")) as f:
        assert app.secret_key == f.read().strip()


def _answers(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def _chunked_post(port, path, content_type, size):
    """POST `size` bytes without a Content-Length (chunked), as a client hiding the body's size would."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        chunks = (b"x" * 1000 for _ in range(size // 1000))
        conn.request("POST", path, body=chunks, headers={"Content-Type": content_type}, encode_chunked=True)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@pytest.mark.slow
def test_real_server_listens_only_on_localhost_and_caps_bodies(tmp_path):
    server = Server(tmp_path / "games.sqlite")
    try:
        assert f"http://127.0.0.1:{server.port}/" in server.banner
        assert _answers(f"{server.url}/api/variants")
        # another loopback address reaches this machine too, but not a socket bound to 127.0.0.1 alone
        assert not _answers(f"http://127.0.0.2:{server.port}/api/variants")
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.2", server.port)) != 0
        status, body = _chunked_post(server.port, "/api/games", "application/json", 300_000)
        assert status == 413 and b"too large" in body
        status, _ = _chunked_post(server.port, "/games/new/ponytail", "application/x-www-form-urlencoded", 300_000)
        assert status == 413
        assert server.request("GET", "/api/games") == (200, [])
    finally:
        server.stop()


def test_the_csrf_token_only_counts_with_its_own_cookie(client, make_game):
    # double submit: the form's token must be the one in this browser's cookie
    game = make_game()
    client.set_cookie("meldbook_csrf", "a" * 43)
    end_game = url(client.application, "pages.end_game", game_id=game["id"])
    refused = client.post(end_game, data={"csrf_token": "b" * 43})
    assert refused.status_code == 400
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is False
    accepted = client.post(end_game, data={"csrf_token": "a" * 43})
    assert accepted.status_code == 303
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is True


def test_first_page_gives_the_csrf_cookie_once(client):
    first = client.get("/")
    cookie = next(v for v in first.headers.getlist("Set-Cookie") if v.startswith("meldbook_csrf="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    token = cookie.split(";")[0].split("=", 1)[1]
    assert page_token(first) == token
    again = client.get("/")
    assert not any(v.startswith("meldbook_csrf=") for v in again.headers.getlist("Set-Cookie"))
    assert page_token(again) == token


def page_token(response) -> str:
    [meta] = [e for e in read(response).walk() if e.tag == "meta" and e.get("name") == "csrf-token"]
    return meta.get("content")


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_the_csrf_cookie_is_the_one_werkzeug_writes_for_the_new_token(client, scheme):
    """The cookie is written once around a stand-in token (web/plumbing/security.py): each new token gets exactly
    Werkzeug's own cookie for it, Secure over HTTPS, with Max-Age and no Expires date."""
    from werkzeug.http import dump_cookie
    first = client.get("/", base_url=f"{scheme}://localhost")
    cookie = next(v for v in first.headers.getlist("Set-Cookie") if v.startswith("meldbook_csrf="))
    assert cookie == dump_cookie("meldbook_csrf", page_token(first), max_age=400 * 24 * 3600, httponly=True,
                                 samesite="Lax", secure=scheme == "https", sync_expires=False)
    assert ("; Secure" in cookie) is (scheme == "https") and "Expires" not in cookie


def test_a_cookie_whose_name_only_contains_the_tokens_is_not_taken_for_it(client):
    """The raw Cookie header is looked at before it is parsed: another cookie whose name holds "meldbook_csrf" (or
    whose value does) is not the token, and a new one is made."""
    client.set_cookie("xmeldbook_csrf", "a" * 43)
    client.set_cookie("other", "meldbook_csrf")
    first = client.get("/")
    cookie = next(v for v in first.headers.getlist("Set-Cookie") if v.startswith("meldbook_csrf="))
    assert page_token(first) == cookie.split(";")[0].split("=", 1)[1] != "a" * 43
