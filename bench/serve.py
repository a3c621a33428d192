"""`python app.py` with one bench-only addition: every answer says how long the app took to make it.

The header is the standard Server-Timing (`app;dur=1.234`, milliseconds), measured around the
WSGI call, body included, so the bench reads the server-side time of each request from the answer
itself. Everything else (arguments, waitress, threads, database) is app.py's own main().
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import app as meldbook  # noqa: E402  (after the path: this file runs as a script from bench/)


class ServerTiming:
    """WSGI middleware: time the wrapped app, body included, and add the Server-Timing header."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        start = time.perf_counter()
        answer = {}

        def hold(status, headers, exc_info=None):
            answer.update(status=status, headers=headers, exc_info=exc_info)
            return lambda data: None  # Flask never uses the write() callable

        body = self.wsgi_app(environ, hold)
        try:
            chunks = list(body)  # a response rendered lazily is still the app's time
        finally:
            if hasattr(body, "close"):
                body.close()
        took = (time.perf_counter() - start) * 1000
        start_response(answer["status"], [*answer["headers"], ("Server-Timing", f"app;dur={took:.3f}")],
                       answer["exc_info"])
        return chunks


_create_app = meldbook.create_app


def create_app(test_config=None):
    """Meldbook's own app, wrapped in ServerTiming."""
    flask_app = _create_app(test_config)
    flask_app.wsgi_app = ServerTiming(flask_app.wsgi_app)
    return flask_app


if __name__ == "__main__":
    meldbook.create_app = create_app  # main() builds the app through this module-level name
    sys.exit(meldbook.main())
