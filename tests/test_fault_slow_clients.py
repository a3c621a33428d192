"""Issue 31 items 14 and 15: slow clients from several addresses never keep an honest phone waiting, through the
real server process (tests/server.py).

Loopback 127.0.0.0/8 is all this machine on Linux, so 127.0.0.2, 127.0.0.3 … are each another client address,
and each stays under PER_ADDRESS: only the server-wide connection_limit is in play. A probe from 127.0.0.1 is
allowed PROBE seconds, well under every deadline a slow connection could be closed by (HEAD_DEADLINE,
BODY_DEADLINE, the idle timeout): an answer within it can only come from the server making room at once.
"""
import json
import socket
import time

import pytest

from web.plumbing.serving import BODY_DEADLINE, HEAD_DEADLINE, LIMITS, PER_ADDRESS

from .server import PROBE, Server, probe



@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "games.sqlite")
    yield running
    running.stop()


def slow_sockets(port: int, addresses: int, each: int, opening: bytes) -> list[socket.socket]:
    """`each` connections from each of `addresses` loopback addresses, every one having sent `opening` only."""
    assert each < PER_ADDRESS and addresses * each > LIMITS["connection_limit"]
    held = []
    for k in range(addresses):
        for _ in range(each):
            sock = socket.socket()
            sock.bind((f"127.0.0.{k + 2}", 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", port))  # past the connection limit it waits in the queue (backlog)
            sock.sendall(opening)
            held.append(sock)
    return held



def close_all(socks: list[socket.socket]) -> None:
    for sock in socks:
        sock.close()


def test_the_probe_waits_less_than_any_deadline():
    assert PROBE < min(HEAD_DEADLINE, BODY_DEADLINE)


@pytest.mark.slow
@pytest.mark.parametrize("addresses", [7, 10])
def test_trickling_headers_from_several_addresses_do_not_hold_up_a_phone(server, addresses):
    """45 connections from each address, each with a request line and one header so far (the rest trickling)."""
    held = slow_sockets(server.port, addresses, 45, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    try:
        assert [probe(server.port) for _ in range(3)] == [200, 200, 200]
        game = json.dumps({"variant": "ponytail", "sides": [{"name": "Us"}, {"name": "Them"}]}).encode()
        assert probe(server.port, "POST", "/api/games", game) == 201
    finally:
        close_all(held)


@pytest.mark.slow
def test_trickling_bodies_from_several_addresses_do_not_hold_up_a_phone(tmp_path):
    """320 connections from 8 addresses, each with whole headers of POST /api/games for a 60,000-byte body and one
    byte of it so far (the rest would come a byte every 10 seconds), on a server with one worker thread: none of
    them holds it."""
    server = Server(tmp_path / "games.sqlite", "--threads", "1")
    opening = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: 60000\r\n\r\n{")
    held = []
    try:
        held = slow_sockets(server.port, 8, 40, opening)
        assert [probe(server.port) for _ in range(3)] == [200, 200, 200]
        game = json.dumps({"variant": "ponytail", "sides": [{"name": "Us"}, {"name": "Them"}]}).encode()
        assert probe(server.port, "POST", "/api/games", game) == 201
    finally:
        close_all(held)
        server.stop()


@pytest.mark.slow
def test_a_body_that_trickles_past_its_deadline_is_refused_in_words(server):
    """Whole headers at once, then a body byte every 2 seconds: answered 408 in words once BODY_DEADLINE passed."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=BODY_DEADLINE + 10)
    try:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n")
        sock.setblocking(False)
        answer, sent, end = b"", 0, time.monotonic() + BODY_DEADLINE + 10
        while time.monotonic() < end and not answer.endswith(b"}"):
            try:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
            except BlockingIOError:
                pass
            if not answer and sent < 500:
                try:
                    sock.send(b" ")
                    sent += 1
                except OSError:
                    break
            time.sleep(2 if not answer else 0.1)
    finally:
        sock.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b"\r\n")[0] == b"HTTP/1.1 408 Request Timeout", answer
    message = json.loads(body)["errors"][0]["message"]
    assert "too slowly" in message and f"{BODY_DEADLINE} seconds" in message
