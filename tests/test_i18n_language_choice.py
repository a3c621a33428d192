"""Which language a page speaks, through the test client: the browser's Accept-Language with region fallback, the
address's ?lang=, the language menu's choice kept on the device, `<html lang>`, Content-Language and Vary, and the
drawn-once pages kept apart by language."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.pages import read

COOKIE = "meldbook_lang"


def spoken(response) -> str:
    """The language a page says it is in: its `<html lang>` (and Content-Language must agree)."""
    doc = read(response)
    html = next(e for e in doc.walk() if e.tag == "html")
    assert response.headers.get("Content-Language") == html.get("lang"), (
        response.headers.get("Content-Language"), html.get("lang"))
    return html.get("lang")


def where(response) -> str:
    assert response.status_code in (302, 303), response.status_code
    parts = urlsplit(response.headers["Location"])
    assert parts.netloc in ("", "localhost"), f"sent to another site: {response.headers['Location']}"
    return parts.path + (f"?{parts.query}" if parts.query else "")


def cookie_set(response) -> str | None:
    """The language the answer made this device remember (its Set-Cookie), None when it set none."""
    for header in response.headers.getlist("Set-Cookie"):
        if header.startswith(f"{COOKIE}="):
            return header.split(";", 1)[0].split("=", 1)[1]
    return None


@pytest.mark.parametrize("header, language", [
    ("es-UY", "es"), ("es-AR", "es"), ("es-419", "es"), ("es", "es"),
    ("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("pt-BR", "pt-BR"), ("PT-br", "pt-BR"),
    ("de-AT", "de"), ("de-CH", "de"), ("de-DE", "de"),
    ("it-CH", "it"), ("it", "it"),
    ("fr", "en"), ("fr-CA, ja", "en"), ("*", "en"), ("", "en"), ("en-GB", "en"),
    ("fr, de;q=0.8", "de"), ("fr;q=0.9, it;q=0.5, es;q=0.7", "es"), ("de;q=0.2, pt-BR", "pt-BR"),
    ("en-US, de;q=0.9", "en"),
])
def test_the_browser_language_with_region_fallback(client, header, language):
    answer = client.get("/", headers={"Accept-Language": header} if header else {})
    assert spoken(answer) == language


def test_without_any_choice_pages_are_english(client):
    assert spoken(client.get("/")) == "en"


def test_the_address_wins_over_the_header_and_the_device(client):
    client.set_cookie(COOKIE, "it")
    assert spoken(client.get("/?lang=de", headers={"Accept-Language": "es"})) == "de"
    assert spoken(client.get("/?lang=pt-br")) == "pt-BR"
    assert spoken(client.get("/?lang=pt_BR")) == "pt-BR"


def test_html_lang_says_pt_BR_as_bcp47_writes_it(client):
    answer = client.get("/games/new", headers={"Accept-Language": "pt-BR"})
    assert spoken(answer) == "pt-BR" and answer.headers["Content-Language"] == "pt-BR"


@pytest.mark.parametrize("path", ["/", "/games/new", "/players", "/events", "/no/such/page"])
def test_answers_say_they_depend_on_the_language(client, path):
    answer = client.get(path)
    vary = {v.strip().lower() for v in answer.headers.get("Vary", "").split(",")}
    assert {"accept-language", "cookie"} <= vary, answer.headers.get("Vary")
    assert answer.headers.get("Content-Language") == "en"


def test_the_menu_remembers_the_choice_and_goes_back_to_the_page(client):
    answer = client.get("/language/de", headers={"Referer": "http://localhost/games/new?x=1"})
    assert where(answer) == "/games/new?x=1" and cookie_set(answer) == "de"
    header = next(h for h in answer.headers.getlist("Set-Cookie") if h.startswith(f"{COOKIE}="))
    assert "samesite=lax" in header.lower() and "httponly" in header.lower()
    max_age = next(int(p.split("=")[1]) for p in header.split("; ") if p.lower().startswith("max-age="))
    assert max_age >= 180 * 24 * 3600, "a phone keeps the table's language for months"
    # the device's choice wins over the browser's language, page after page
    assert spoken(client.get("/games/new", headers={"Accept-Language": "es-UY"})) == "de"
    assert spoken(client.get("/players", headers={"Accept-Language": "it"})) == "de"


def test_the_menu_prefers_next_over_the_referer_and_drops_a_lang_in_it(client):
    answer = client.get("/language/pt_BR?next=/players", headers={"Referer": "http://localhost/games/new"})
    assert where(answer) == "/players" and cookie_set(answer) == "pt_BR"
    answer = client.get("/language/it?next=/games/new?lang=de")
    assert where(answer) == "/games/new", "a ?lang= kept in the address would undo the choice"
    assert spoken(client.get(where(answer))) == "it"
    assert where(client.get("/language/es")) == "/"


@pytest.mark.parametrize("back", [
    {"query_string": {"next": "https://elsewhere.example/steal"}},
    {"query_string": {"next": "//elsewhere.example/steal"}},
    {"query_string": {"next": "javascript:alert(1)"}},
    {"query_string": {"next": "/language/de"}},
    {"headers": {"Referer": "https://elsewhere.example/page"}},
    {"headers": {"Referer": "//elsewhere.example/page"}},
])
def test_the_menu_never_sends_to_another_site(client, back):
    answer = client.get("/language/de", **back)
    assert where(answer) == "/"
    assert cookie_set(answer) == "de"


@pytest.mark.parametrize("code", ["xx", "klingon", "zz-ZZ", "..", "fr"])
def test_an_unknown_language_changes_nothing(client, code):
    client.set_cookie(COOKIE, "it")
    answer = client.get(f"/language/{code}", headers={"Referer": "http://localhost/players"})
    assert where(answer) == "/players" and cookie_set(answer) is None
    assert spoken(client.get("/players")) == "it"
    assert spoken(client.get(f"/players?lang={code}")) == "it"


def test_an_unknown_cookie_or_address_falls_back_to_the_browser(client):
    client.set_cookie(COOKIE, "xx")
    assert spoken(client.get("/?lang=zz", headers={"Accept-Language": "de-CH"})) == "de"


def test_the_menu_is_on_every_page_offering_each_language_in_itself(client, make_game):
    game = make_game()
    for path in ("/", "/games/new", f"/games/{game['id']}", f"/games/{game['id']}/hands/new", "/players",
                 "/events", "/no/such/page"):
        doc = read(client.get(path, headers={"Accept-Language": "de"}))
        links = {e.get("href"): e for e in doc.walk()
                 if e.tag == "a" and (e.get("href") or "").startswith("/language/")}
        assert set(links) == {f"/language/{c}" for c in ("en", "es", "pt_BR", "it", "de")}, (path, list(links))
        assert {links[h].get("lang") for h in links} == {"en", "es", "pt-BR", "it", "de"}
        assert [h for h, e in links.items() if e.get("aria-current")] == ["/language/de"], path
        assert links["/language/de"].text == "Deutsch" and links["/language/pt_BR"].text == "Português (Brasil)"


def test_one_game_page_in_two_languages_is_drawn_for_each(client, make_game, marking_locale):
    """The drawn-once page cache is keyed by the language: English is never served from the marked drawing, nor the
    other way round (the marking locale shows its ⟦…⟧, so a page drawn for it is told apart at a glance)."""
    game = make_game()
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"melded": 50}, {}]})
    path = f"/games/{game['id']}"
    for _ in range(2):
        marked = client.get(path, headers={"Accept-Language": marking_locale})
        english = client.get(path, headers={"Accept-Language": "en"})
        german = client.get(path, headers={"Accept-Language": "de"})
        assert spoken(marked) == marking_locale and "⟦" in marked.get_data(as_text=True)
        assert spoken(english) == "en" and "⟦" not in english.get_data(as_text=True)
        assert spoken(german) == "de" and "⟦" not in german.get_data(as_text=True)
    live = client.get(f"{path}/table", headers={"Accept-Language": marking_locale})
    assert "⟦" in live.get_data(as_text=True)
    assert "⟦" not in client.get(f"{path}/table").get_data(as_text=True)


def test_the_api_keeps_its_fields_english_and_its_messages_follow_the_language(client, marking_locale):
    """Field names and ids stay English in every language; an error's message is said in the asker's language."""
    answer = client.post("/api/games", json={"variant": "no-such-variant", "sides": []},
                         headers={"Accept-Language": marking_locale})
    english = client.post("/api/games", json={"variant": "no-such-variant", "sides": []})
    assert answer.status_code == english.status_code >= 400
    marked, plain = answer.get_json(), english.get_json()
    assert set(marked) == set(plain)

    def messages(body):
        found = []
        if isinstance(body, dict):
            found += [v for k, v in body.items() if k == "message" and isinstance(v, str)]
            found += [m for k, v in body.items() if k != "message" for m in messages(v)]
        elif isinstance(body, list):
            found += [m for v in body for m in messages(v)]
        return found

    assert messages(plain) and all("⟦" not in m for m in messages(plain))
    assert all(m.startswith("⟦") for m in messages(marked)), messages(marked)
    assert [m.replace("⟦", "").replace("⟧", "") for m in messages(marked)] == messages(plain)
