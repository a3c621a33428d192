"""Server limits a real deployment has (issue 12, README "Server limits"): through the real server process.

A client that stalls mid-request ties up nothing: others are answered meanwhile and the stalled
connection is closed after the idle timeout; oversized headers and bodies are cut off by the
server itself; every limit is documented in the README.
"""
import socket
import urllib.request

import pytest

from web.plumbing.serving import IDLE_TIMEOUT, LIMITS

from .server import ROOT, Server

STALL = 2  # seconds of --idle-timeout for these tests; the default is IDLE_TIMEOUT


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "games.sqlite", "--idle-timeout", str(STALL))
    yield running
    running.stop()


def answered(server: Server) -> int:
    with urllib.request.urlopen(f"{server.url}/api/variants", timeout=30) as response:
        return response.status


def stalled(server: Server, sent: bytes) -> socket.socket:
    """A connection that sends `sent` and then nothing more."""
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=60)
    conn.sendall(sent)
    return conn


@pytest.mark.slow
@pytest.mark.parametrize("sent", [
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Content-Length: 200\r\n\r\n{\"var",
    b"GET /api/games HTTP/1.1\r\nHost: 127.0",
    b"",
], ids=["half a body", "half the headers", "nothing at all"])
def test_a_stalled_client_ties_up_nothing_and_is_closed(server, sent):
    stuck = [stalled(server, sent) for _ in range(20)]  # more than the server has threads
    try:
        for _ in range(3):
            assert answered(server) == 200
        for conn in stuck:
            # closed by the server, without an answer to half a request; well before the default timeout,
            # so the option is what closed it
            conn.settimeout(IDLE_TIMEOUT - 5)
            assert conn.recv(1024) == b""
    finally:
        for conn in stuck:
            conn.close()
    assert answered(server) == 200


def raw_status(server: Server, request: bytes) -> int:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
        conn.sendall(request)
        first = conn.makefile("rb").readline()
    return int(first.split()[1])


@pytest.mark.slow
def test_headers_beyond_the_limit_are_refused_by_the_server(server):
    cookie = b"x" * (LIMITS["max_request_header_size"] + 1)
    request = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + cookie + b"\r\n\r\n"
    assert raw_status(server, request) == 431
    assert answered(server) == 200


@pytest.mark.slow
def test_a_body_beyond_the_limit_is_refused_before_the_app_reads_it(server):
    size = LIMITS["max_request_body_size"] + 1
    request = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: " + str(size).encode() + b"\r\n\r\n")
    assert raw_status(server, request) == 413  # refused on the declared length, before a byte of it arrives
    assert answered(server) == 200


def test_every_limit_is_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Server limits", 1)[1].split("\n## ", 1)[0]
    for name in [*LIMITS, "channel_timeout", "MAX_CONTENT_LENGTH", "busy_timeout"]:
        assert f"`{name}`" in section, name
    assert f"{IDLE_TIMEOUT} seconds" in section
