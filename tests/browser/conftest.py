"""Browser tests: a real `python app.py` on a free port and headless Chromium driven by Playwright."""
from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from tests.server import Server

from .devices import CHROMIUM_ARGS, PHONE, TABLET, Page


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("browser") / "games.sqlite")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def chromium():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _device(chromium, server, viewport: dict):
    opened = Page(chromium, server, viewport)
    yield opened
    opened.context.close()
    assert opened.console == [], "the browser complained (CSP or a script error)"


@pytest.fixture
def phone(chromium, server):
    yield from _device(chromium, server, PHONE)


@pytest.fixture
def tablet(chromium, server):
    yield from _device(chromium, server, TABLET)


@pytest.fixture
def phones(chromium, server):
    """Two phones at one table; neither browser may have complained by the end."""
    opened = [Page(chromium, server, PHONE), Page(chromium, server, PHONE)]
    yield opened
    for device in opened:
        device.context.close()
    assert [d.console for d in opened] == [[], []]
