"""Issue 39 item 13: a device that asks and never reads holds no worker thread (API.md "Safety", "No client holds
the room"), through the real server process (tests/server.py).

Eight connections from one address each send 150 pipelined GETs of a large answer (every saved rule set, about
160 kB) and read nothing. Waitress kept a thread waiting on each until the client read (up to 16 MB of answers
held for it): every other client then waited until those sockets closed. The server now holds at most
UNREAD_ANSWERS for such a connection and closes it; another device's GET is answered within PROBE seconds
throughout, well under the idle timeout (the only other way those connections would go).
"""
import socket
import time

import pytest

from db import connect, migrate, write
from db.rule_sets import insert_rule_set
from web.plumbing.serving import IDLE_TIMEOUT, LIMITS, UNREAD_ANSWERS

from .server import PROBE, Server, probe

ANOTHER = "127.0.0.3"  # the probing device: another address than the unread connections'

SETS = 500  # the most a server keeps (RULES.md §14)


def big_rule_sets(path) -> None:
    """SETS saved Hand and Foot sets, each with a long name and a few house rules: /api/rule-sets is ~160 kB."""
    db = connect(str(path))
    migrate(db)
    options = {"target": 10000, "house_rules": {"going_out_bonus": [100, 200, 300, 400], "red_three_penalty": 100,
                                                "go_out_strict": True, "joker_value": 20}}
    with write(db):
        for n in range(SETS):
            insert_rule_set(db, {"id": f"set{n:04d}", "name": f"Thursday rules of the back room, table {n:04d}",
                                 "variant": "hand-and-foot", "options": options, "created": "2026-01-01T00:00:00Z",
                                 "updated": "2026-01-01T00:00:00Z"})
    db.close()



def closed(server: Server) -> int:
    """How many connections the server has said it closed for not reading their answers."""
    return sum("closed a connection from 127.0.0.2: it holds more than" in line for line in list(server.output))


def test_the_probe_waits_less_than_the_idle_timeout():
    assert PROBE < IDLE_TIMEOUT and LIMITS["outbuf_high_watermark"] == UNREAD_ANSWERS == 1024 * 1024


@pytest.mark.slow
def test_pipelined_requests_never_read_do_not_hold_the_server(tmp_path):
    big_rule_sets(tmp_path / "games.sqlite")
    server = Server(tmp_path / "games.sqlite")
    held = []
    try:
        ask = b"GET /api/rule-sets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        for _ in range(8):  # as many as the server has threads
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # it reads nothing anyway
            sock.bind(("127.0.0.2", 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(ask * 150)
            held.append(sock)
        # until the server has closed all eight (each holds a thread while its answers wait), every probe is
        # answered; before the fix every thread waited on them within some 20 seconds, and the probes with them
        deadline = time.monotonic() + 90
        while closed(server) < 8 and time.monotonic() < deadline:
            assert probe(server.port, source=ANOTHER) == 200
            time.sleep(0.5)
        assert closed(server) == 8, server.output
        assert [probe(server.port, source=ANOTHER) for _ in range(3)] == [200, 200, 200]
    finally:
        for sock in held:
            sock.close()
        server.stop()
