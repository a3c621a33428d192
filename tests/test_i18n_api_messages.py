"""The JSON API's error messages follow Accept-Language (or ?lang=); its field names, ids and kept values stay English.

The languages' catalogs are written later, so a tiny catalog of a test-only language ("jbo") marks a few messages
and the answers are checked for the marks.
"""
from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.support import NullTranslations
from babel.messages.mofile import write_mo

import lang
from tests.helpers import PONYTAIL_PAIRS

MARKED = {
    "There is no game with id “%(id)s”.": "[eo] Ne estas ludo “%(id)s”.",
    "The body is not valid JSON.": "[eo] La korpo ne estas JSON.",
    "There is no such address in the Meldbook API.": "[eo] Ne estas tia adreso.",
    "%(method)s is not allowed here.": "[eo] %(method)s ne estas permesata ĉi tie.",
    "Someone else just changed this game. Here is the new version; check it and try again.":
        "[eo] Iu alia ĵus ŝanĝis la ludon.",
}


@pytest.fixture
def marked(tmp_path):
    """A test language "jbo" whose catalog marks the messages of MARKED; gone again after the test."""
    catalog = Catalog(locale="jbo", domain=lang.DOMAIN)
    for msgid, text in MARKED.items():
        catalog.add(msgid, text)
    folder = tmp_path / "catalogs"
    (folder / "jbo" / "LC_MESSAGES").mkdir(parents=True)
    with open(folder / "jbo" / "LC_MESSAGES" / f"{lang.DOMAIN}.mo", "wb") as f:
        write_mo(f, catalog)
    lang.add_catalogs(str(folder), "jbo", "Esperanto", "en")
    yield "jbo"
    lang._extra_dirs.remove(str(folder))
    lang._added.pop("jbo", None)
    lang._babel_of.pop("jbo", None)
    lang._catalogs.clear()


class MarkEverything(NullTranslations):
    """A catalog that marks every text looked up, so anything translated shows."""

    def gettext(self, message):
        return f"[eo] {message}"

    def ngettext(self, singular, plural, n):
        return f"[eo] {singular if n == 1 else plural}"

    def pgettext(self, context, message):
        return f"[eo] {message}"


@pytest.fixture
def everything_marked(marked):
    lang._catalogs[("jbo", lang.DOMAIN)] = MarkEverything()
    yield marked


def errors(answer) -> list[dict]:
    return answer.get_json()["errors"]


def test_without_accept_language_a_refusal_is_english(client, make_game):
    game = make_game()
    answer = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"natural_canastas": -1}, {}]})
    assert answer.status_code == 422
    assert errors(answer) == [{"field": "entries[0].natural_canastas",
                               "message": "Natural canastas cannot be negative (got -1)."}]
    missing = client.get("/api/games/nosuchgame")
    assert missing.status_code == 404
    assert errors(missing) == [{"field": None, "message": "There is no game with id “nosuchgame”."}]


@pytest.mark.parametrize("ask", [{"headers": {"Accept-Language": "jbo"}}, {"query_string": {"lang": "jbo"}},
                                 {"headers": {"Accept-Language": "xx, jbo;q=0.8, en;q=0.5"}}])
def test_a_refusal_is_said_in_the_language_asked_for(client, marked, ask):
    answer = client.get("/api/games/nosuchgame", **ask)
    assert answer.status_code == 404
    assert errors(answer) == [{"field": None, "message": "[eo] Ne estas ludo “nosuchgame”."}]
    assert answer.headers["Content-Language"] == "jbo"


def test_every_kind_of_refusal_follows_the_language(client, make_game, marked):
    eo = {"Accept-Language": "jbo"}
    bad = client.post("/api/games", data="{", content_type="application/json", headers=eo)
    assert bad.status_code == 400 and errors(bad)[0]["message"] == "[eo] La korpo ne estas JSON."
    nowhere = client.get("/api/nowhere", headers=eo)
    assert nowhere.status_code == 404 and errors(nowhere)[0]["message"] == "[eo] Ne estas tia adreso."
    method = client.patch("/api/games", headers=eo)
    assert method.status_code == 405 and errors(method)[0]["message"] == "[eo] PATCH ne estas permesata ĉi tie."
    game = make_game()
    stale = client.post(f"/api/games/{game['id']}/end", json={"revision": 99}, headers=eo)
    assert stale.status_code == 409
    assert errors(stale) == [{"field": "revision", "message": "[eo] Iu alia ĵus ŝanĝis la ludon."}]
    assert stale.get_json()["game"]["id"] == game["id"]  # the game object: English keys and values


def test_field_names_ids_and_kept_values_stay_english(client, make_game, marked):
    eo = {"Accept-Language": "jbo"}
    game = make_game()
    english = client.get(f"/api/games/{game['id']}").get_json()
    asked = client.get(f"/api/games/{game['id']}", headers=eo)
    assert asked.status_code == 200 and asked.get_json() == english
    assert english["variant_name"] == "Ponytail Canasta"
    refused = client.post(f"/api/games/{game['id']}/hands", json={"entries": [{"natural_canastas": -1}, {}]},
                          headers=eo)
    assert refused.status_code == 422 and errors(refused)[0]["field"] == "entries[0].natural_canastas"


def test_declared_texts_in_json_never_fail(client, marked):
    """A declared text (lang.Lazy) reaching the app's JSON is written as text, in any language."""
    for headers in ({}, {"Accept-Language": "jbo"}):
        answer = client.get("/api/variants", headers=headers)
        assert answer.status_code == 200
        assert {v["id"] for v in answer.get_json()} >= {PONYTAIL_PAIRS["variant"]}


def test_the_openapi_document_is_english_in_any_language(client, marked):
    english = client.get("/api/openapi.json").get_json()
    assert client.get("/api/openapi.json", headers={"Accept-Language": "jbo"}).get_json() == english


def test_the_apis_answers_other_than_messages_are_english(client, make_game, everything_marked):
    """Everything an API answer holds but its error messages stays English: names, labels, words, kept texts."""
    game = make_game()
    eo = {"Accept-Language": "jbo"}
    client.post(f"/api/games/{game['id']}/hands", json={"entries": [{}, {}]})
    for address in ("/api/variants", "/api/games", f"/api/games/{game['id']}", "/api/players", "/api/players/Ann",
                    "/api/events", "/api/openapi.json"):
        asked, english = client.get(address, headers=eo), client.get(address)  # asked first: nothing cached yet
        assert asked.status_code == english.status_code == 200, address
        assert asked.get_json() == english.get_json(), address
    assert errors(client.get("/api/games/nosuchgame", headers=eo))[0]["message"].startswith("[eo] ")
