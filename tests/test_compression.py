"""The stylesheet, scripts and pages travel compressed to a browser that asks; JSON answers do not,
so their ETags (API.md: the game's revision) stay exactly as given."""
from pathlib import Path

import brotli
import pytest

STATIC = Path(__file__).resolve().parent.parent / "static"
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize("name", ["meldbook.css", "meldbook.js", "vendor/htmx-4.0.1.min.js"])
def test_assets_arrive_compressed_and_whole(client, name):
    answer = client.get(f"/static/{name}", headers=BROWSER)
    assert answer.status_code == 200
    assert answer.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in answer.headers["Vary"]
    wire = answer.get_data()
    original = (STATIC / name).read_bytes()
    assert len(wire) < len(original) / 2
    assert brotli.decompress(wire) == original
    again = client.get(f"/static/{name}", headers={**BROWSER, "If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_a_client_that_asks_for_nothing_gets_the_plain_file(client):
    answer = client.get("/static/meldbook.css")
    assert "Content-Encoding" not in answer.headers
    assert answer.get_data() == (STATIC / "meldbook.css").read_bytes()


def test_json_answers_keep_their_etag_and_are_not_encoded(client, make_game):
    game = make_game()
    answer = client.get(f"/api/games/{game['id']}", headers=BROWSER)
    assert "Content-Encoding" not in answer.headers
    assert answer.headers["ETag"] == f'"{game["revision"]}"'
    assert "Accept-Encoding" not in answer.headers.get("Vary", "")


def test_pages_arrive_compressed_and_whole(client, make_game):
    # issue 23 item 13: the page weight a phone downloads is counted as sent, compressed
    game = make_game()
    plain = client.get(f"/games/{game['id']}")
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    page = client.get(f"/games/{game['id']}", headers=BROWSER)
    assert page.status_code == 200
    assert page.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in page.headers["Vary"]
    wire = page.get_data()
    assert len(wire) < len(plain.get_data()) / 2
    assert brotli.decompress(wire) == plain.get_data()
