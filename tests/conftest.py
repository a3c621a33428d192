"""Fixtures: an app on a fresh database in tmp_path, its test client, and a game factory."""
from __future__ import annotations

import pytest

from app import create_app
from tests.server import Server


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "meldbook.sqlite"), "SECRET_KEY": "test"})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def server(tmp_path):
    """`python app.py` as a real process on a fresh database (tests/server.py)."""
    running = Server(tmp_path / "games.sqlite")
    yield running
    running.stop()


from tests.helpers import FIVE, PONY_THREE, PONYTAIL_PAIRS  # noqa: F401 (tests import them from tests.helpers)


@pytest.fixture
def make_game(client):
    """Create a game through the API and return its object."""

    def make(payload=PONYTAIL_PAIRS, **options):
        body = dict(payload)
        if options:
            body["options"] = options
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    return make


@pytest.fixture(scope="session")
def marking_locale(tmp_path_factory):
    """The marking locale (tests/i18n_helpers.py): every marked text of the current code said as ⟦itself⟧, as "eo"."""
    from tests.i18n_helpers import install_marking_locale

    return install_marking_locale(str(tmp_path_factory.mktemp("marking-locale")))


@pytest.fixture(scope="module")
def marked_app(marking_locale, tmp_path_factory):
    """An app on a fresh database (one a test module) for pages read in the marking locale."""
    folder = tmp_path_factory.mktemp("marked-app")
    return create_app({"TESTING": True, "DATABASE": str(folder / "meldbook.sqlite"), "SECRET_KEY": "test"})


@pytest.fixture
def marked_client(marked_app, marking_locale):
    """A test client whose device chose the marking locale (the language menu's cookie)."""
    client = marked_app.test_client()
    client.set_cookie("meldbook_lang", marking_locale)
    return client
