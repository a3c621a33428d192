"""The yardstick for the game page's requests/s: one bare Flask route on the same waitress set-up.

Run as `python bench/bare.py --port P --threads T`: waitress on 127.0.0.1 like app.py, same thread count.
"""
from __future__ import annotations

import argparse
import sys

from flask import Flask
from waitress import create_server

PAGE = "<!doctype html><title>bare</title><p>Hello from a bare Flask route.</p>"


def create_app() -> Flask:
    """A Flask app with a single route that returns a short fixed page."""
    bare = Flask(__name__)

    @bare.get("/")
    def hello():
        return PAGE

    return bare


def main(argv: list[str] | None = None) -> int:
    """Serve the bare app until stopped."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    args = parser.parse_args(argv)
    server = create_server(create_app(), host="127.0.0.1", port=args.port, threads=args.threads)
    print("Press Ctrl+C to stop.", flush=True)
    server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
