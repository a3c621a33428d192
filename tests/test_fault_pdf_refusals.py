"""Issue 31 item 22: a PDF address's refusal (an unknown paper size, game or variant) is a short page in the page's
language for a browser that followed the link, not JSON; a program asking for JSON still gets the API's shape."""
import pytest

from .cli_helpers import PAIRS, client_for

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # what a browser sends for a link


@pytest.fixture
def client(tmp_path):
    return client_for(tmp_path / "games.sqlite")


def addresses(client):
    game = client.post("/api/games", json=PAIRS).get_json()["id"]
    return {  # address → (status, words of the refusal in German)
        "/variants/classic/card.pdf?paper=bogus": (422, "paper muss eines von a4, letter sein"),
        f"/games/{game}/sheet.pdf?paper=a0": (422, "paper muss eines von a4, letter sein"),
        f"/games/{game}/blank-sheet.pdf?hands=0": (422, "hands muss eine ganze Zahl von 1 bis 200 sein"),
        "/variants/classic/blank-sheet.pdf?paper=bogus": (422, "paper muss eines von a4, letter sein"),
        "/variants/nosuch/card.pdf": (404, "Es gibt keine Variante"),
        "/games/nosuch/sheet.pdf": (404, "Es gibt kein Spiel mit der id"),
    }


def test_a_browser_is_shown_a_page_in_its_language(client):
    for address, (status, words) in addresses(client).items():
        answer = client.get(address, headers={"Accept": BROWSER, "Accept-Language": "de"})
        assert (answer.status_code, answer.mimetype) == (status, "text/html"), address
        page = answer.get_data(as_text=True)
        assert '<html lang="de"' in page and words in page, address
        assert "Zurück" in page  # the way back to the games, in German too


def test_a_program_still_gets_json(client):
    for address, (status, words) in addresses(client).items():
        for accept in (None, "application/json"):
            answer = client.get(address, headers={"Accept-Language": "de", **({"Accept": accept} if accept else {})})
            assert (answer.status_code, answer.mimetype) == (status, "application/json"), address
            assert words in answer.get_json()["errors"][0]["message"]
