"""The production server (waitress) with the limits a real deployment has; README "Server limits" lists them.

Waitress reads each request completely on its event loop before a worker thread runs the app,
so a slow or stalled client costs one open connection, never a thread; the idle timeout then
closes it.
"""
from __future__ import annotations

from flask import Flask
from waitress import create_server

IDLE_TIMEOUT = 30  # seconds a connection may sit without sending anything (mid-request or kept alive)

LIMITS = {
    "max_request_body_size": 1024 * 1024,  # the app refuses bodies over 64 kB in words; waitress cuts off far larger
    "max_request_header_size": 32 * 1024,  # headers and cookies of a phone are a few kB
    "connection_limit": 100,  # open connections at once; a table is about ten devices
    "backlog": 64,  # connections the system queues while all are busy
    "expose_tracebacks": False,  # a crash answers 500 without the code's insides
    "ident": "Meldbook",  # the Server header names the app, not the server software's version
}


def make_server(app: Flask, host: str, port: int, threads: int, idle_timeout: int = IDLE_TIMEOUT):
    """A waitress server for `app` on host:port, not yet running (call .run())."""
    return create_server(app, host=host, port=port, threads=threads, channel_timeout=idle_timeout,
                         # stalled connections are looked for this often
                         cleanup_interval=max(1, min(10, idle_timeout // 3)), **LIMITS)
