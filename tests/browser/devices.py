"""The devices of the browser tests: phone and tablet viewports, and a page that collects the browser's complaints."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.server import Server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 640}
TABLET = {"width": 1024, "height": 768}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


class Page:
    """A phone (or tablet) at the table; collects Content-Security-Policy complaints from the console."""

    def __init__(self, chromium, server: Server, viewport: dict, **options):
        """`options`: more of the browser context's settings, e.g. the phone's `locale` (its Accept-Language)."""
        self.context = chromium.new_context(viewport=viewport, base_url=server.url, **options)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.console: list[str] = []
        # a refused entry's 422 is logged by Chromium as a failed load; that is the page working
        self.page.on("console", lambda m: self.console.append(m.text) if m.type == "error"
                     and "Failed to load resource" not in m.text else None)
        self.page.on("pageerror", lambda e: self.console.append(str(e)))

    def shot(self, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        # caret="initial": Playwright's caret hiding would add an inline style the page's CSP refuses
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, caret="initial")
