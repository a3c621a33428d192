"""Issue 44's figures for the largest event and the poll gate, each printed beside its budget.

`python -m bench.championship [--seconds S]`: 512 pairs at 256 tables (a Mitchell), built in this process; then
`python app.py` pinned to core 0 (`taskset -c 0`) and the clients on the other core(s):
- the idle poll (a game's scoreboard poll, nothing changed: the poll gate's 204) requests/s vs a bare Flask route's
  (bench/bare.py, pinned the same), in alternating turns of the same run (budget >= 2 x);
- starting a round of 256 tables, server-side (in this process, the service call the route makes; <= 500 ms);
- the standings of 512 pairs (GET /api/events/<id>/standings, p95 <= 50 ms);
- results.pdf of the whole field (<= 15 s, drawn off the request path) while a phone GETs its game page meanwhile
  (its slowest GET <= 100 ms);
- the server's RSS after all of it (<= 150 MB).
The machine may be shared: every figure says what it was measured on.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

from db import connect, migrate
from service import events, record_hand

from .devices import Server
from .figures import percentile
from .workload import hand

ROOT = Path(__file__).resolve().parent.parent
PAIRS, TABLES = 512, 256


def payload() -> dict:
    return {"name": "Bench national championship", "variant": "ponytail", "options": {"target": None, "max_hands": 1},
            "entrants": [{"name": f"Pair {i + 1}", "players": [f"North {i + 1}", f"South {i + 1}"]}
                         for i in range(PAIRS)],
            "table_size": 2, "rounds": 3, "movement": "mitchell", "standings": "wins"}


def build(path: str) -> tuple[str, float, str]:
    """The event with round 1 played and round 2 started; its id, the round start's ms, and a game of round 2."""
    db = connect(path)
    db.execute("PRAGMA synchronous=OFF")
    migrate(db)
    rng = random.Random(44)
    try:
        event_id = events.create_event(db, payload())["id"]
        for table in events.start_round(db, event_id)["tables"]:
            record_hand(db, table["game"], hand(rng, 2))
        started = time.perf_counter()
        second = events.start_round(db, event_id)
        ms = (time.perf_counter() - started) * 1000
        assert len(second["tables"]) == TABLES
    finally:
        db.conn.close()
    return event_id, ms, second["tables"][0]["game"]


def get(port: int, path: str, conn: http.client.HTTPConnection | None = None) -> tuple[int, bytes]:
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers={"HX-Request": "true"})
    answer = conn.getresponse()
    return answer.status, answer.read()


def drawn(port: int, path: str) -> tuple[int, bytes, float]:
    """GET a drawing until it is ready (503/429 with Retry-After meanwhile, as a phone's retry); seconds in all."""
    started = time.perf_counter()
    while True:
        status, body = get(port, path)
        if status not in (503, 429) or time.perf_counter() - started > 120:
            return status, body, time.perf_counter() - started
        time.sleep(0.25)


def in_process(database: str, poll_path: str, n: int = 20000) -> tuple[float, float]:
    """Microseconds a call of the WSGI app takes, this process alone: the idle poll through the poll gate, and a
    bare Flask route (bench/bare.py's app); no network, no waitress."""
    from app import create_app
    from bench import bare

    def cost(wsgi, path: str) -> float:
        path, _, query = path.partition("?")
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
                   "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "wsgi.url_scheme": "http", "SERVER_PROTOCOL":
                   "HTTP/1.1", "wsgi.input": __import__("io").BytesIO(b""), "wsgi.errors": sys.stderr,
                   "HTTP_HX_REQUEST": "true"}
        start_response = lambda status, headers, exc_info=None: None  # noqa: E731
        for _ in range(200):
            b"".join(wsgi(dict(environ), start_response))
        started = time.perf_counter()
        for _ in range(n):
            b"".join(wsgi(dict(environ), start_response))
        return (time.perf_counter() - started) / n * 1e6

    app = create_app({"DATABASE": database})
    return cost(app.wsgi_app, poll_path), cost(bare.create_app().wsgi_app, "/")


def rate(port: int, path: str, seconds: float, clients: int = 4) -> tuple[float, int]:
    """Answers a second of `clients` kept-alive connections asking back to back (2xx counted; the rest errors)."""
    done, errors = [0] * clients, [0] * clients
    stop = time.perf_counter() + seconds

    def client(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            try:
                status, _ = get(port, path, conn)
                ok = 200 <= status < 300
            except OSError:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                ok = False
            done[k] += ok
            errors[k] += not ok
        conn.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) / (time.perf_counter() - started), sum(errors)


def line(name: str, value: str, budget: str, met: bool, how: str) -> str:
    return f"{name:<58} {value:>14}  {budget:<14} {'ok' if met else 'MISSED'}\n    ({how})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0, help="each of the 3 turns of the requests/s figure")
    args = parser.parse_args(argv)
    cores = os.cpu_count() or 1
    pin = "0" if cores > 1 else None
    if pin:
        os.sched_setaffinity(0, set(range(1, cores)))  # the clients (and the build) off the server's core
    where = f"server pinned to core 0, clients on core(s) 1-{cores - 1}" if pin else "one core: unpinned"
    work = Path(tempfile.mkdtemp(prefix="meldbook-championship-"))
    database = str(work / "bench.sqlite")
    print("building 512 pairs, round 1 played …", flush=True)
    event_id, start_ms, game_id = build(database)
    out = [line("championship: start a round of 256 tables (server-side)", f"{start_ms:.0f} ms", "<= 500 ms",
                start_ms <= 500, f"service.events.start_round of a Mitchell of 512 pairs, round 2, in-process; {where}")]
    server = Server(ROOT / "app.py", "--db", database, "--backup-dir", str(work), cpus=pin)
    bare = Server(ROOT / "bench" / "bare.py", "--threads", "8", cpus=pin)
    try:
        _, page = get(server.port, f"/games/{game_id}")
        poll = re.search(rb'id="live"[^>]*data-poll="([^"]+)"', page) or re.search(rb'data-poll="([^"]+)"', page)
        poll_path = poll[1].decode().replace("&amp;", "&")
        assert get(server.port, poll_path)[0] == 204, poll_path
        polls, bares, errors = [], [], 0
        for _ in range(3):
            r, e = rate(server.port, poll_path, args.seconds)
            polls.append(r)
            errors += e
            r, e = rate(bare.port, "/", args.seconds)
            bares.append(r)
            errors += e
        ratio = sum(polls) / sum(bares)
        out.append(line("championship: idle poll requests/s vs bare Flask route", f"{ratio:.2f} x", ">= 2 x",
                        ratio >= 2 and not errors, f"{sum(polls) / 3:.0f} vs {sum(bares) / 3:.0f} req/s, {errors} "
                        f"errors, a game's scoreboard poll answered 204, 4 kept-alive clients, 3 turns of "
                        f"{args.seconds:.0f} s each; {where}"))
        times = []
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        for _ in range(40):
            started = time.perf_counter()
            status, _ = get(server.port, f"/api/events/{event_id}/standings", conn)
            times.append((time.perf_counter() - started) * 1000)
            assert status == 200
        p95 = percentile(times, 95)
        out.append(line("championship: standings of 512 pairs p95", f"{p95:.0f} ms", "<= 50 ms", p95 <= 50,
                        f"40 GETs of /api/events/<id>/standings, client-side, round 1 played; first {times[0]:.0f} ms; "
                        f"{where}"))
        phone: list[float] = []
        drawing = {"done": False}

        def a_phone() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            while not drawing["done"]:
                started = time.perf_counter()
                get(server.port, f"/games/{game_id}", conn)
                phone.append((time.perf_counter() - started) * 1000)
                time.sleep(0.2)

        watcher = threading.Thread(target=a_phone)
        watcher.start()
        started = time.perf_counter()
        status, pdf, pdf_s = drawn(server.port, f"/events/{event_id}/results.pdf")
        drawing["done"] = True
        watcher.join()
        worst = max(phone) if phone else 0.0
        out.append(line("championship: results.pdf of 512 pairs", f"{pdf_s:.1f} s", "<= 15 s",
                        status == 200 and pdf_s <= 15, f"{len(pdf) / 1024:.0f} KB, status {status}; {where}"))
        out.append(line("championship: a phone's game page GET meanwhile (slowest)", f"{worst:.0f} ms", "<= 100 ms",
                        worst <= 100, f"{len(phone)} GETs of a table's game page, one each 0.2 s while the PDF was "
                        f"drawn; {where}"))
        for path in (f"/events/{event_id}", f"/events/{event_id}/screen", f"/events/{event_id}/results.csv",
                     f"/events/{event_id}/results.html"):
            status, body, took = drawn(server.port, path)
            out.append(f"    (GET {path.replace(event_id, '<id>')}: {status}, {len(body) / 1024:.0f} KB, "
                       f"{took * 1000:.0f} ms the first time, retries after 503/429 included)")
        rss = server.rss_mb()
        out.append(line("championship: RSS after the night", f"{rss:.0f} MB", "<= 150 MB", rss <= 150,
                        f"python app.py's VmRSS after every figure above; {where}"))
    finally:
        server.stop()
        bare.stop()
    gate_us, bare_us = in_process(database, poll_path)
    out.append(line("championship: idle poll WSGI call vs bare Flask route's", f"{bare_us / gate_us:.1f} x",
                    ">= 2 x", bare_us / gate_us >= 2, f"{gate_us:.1f} vs {bare_us:.1f} µs a call, in this process "
                    f"(no network, no waitress): the server's own cost, which a Python client cannot outrun"))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
