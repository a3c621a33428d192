"""The largest club night the API accepts (issue 31, items 12 and 20): its results.pdf drawn the first time and
again, its standings screen's poll when nothing changed, the home page over 10,000 games, and the server's memory
after the director's page, the screen and the home page in every language.

The event (200 pairs × 100 rounds, 10,000 games) is built in this process through the game service
(bench/large_event.py), and 10,000 finished games of a club's history beside it through db/ (bench/players.py); then
a fresh `python bench/serve.py` answers.
"""
from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path

import lang

from . import large_event, players
from .devices import THREADS, Browser, Server
from .figures import percentile

ROOT = Path(__file__).resolve().parent.parent


def _ok(answer, path: str):
    if answer.status != 200:
        raise RuntimeError(f"GET {path} answered {answer.status}: {answer.body[:300]!r}")
    return answer


def build(workdir: Path, entrants: int, rounds: int, history: int, say) -> tuple[Path, str]:
    """The database: the event and `history` finished games of no event; the path and the event's id."""
    path = workdir / "largest-event.sqlite"
    began = time.perf_counter()
    event_id = large_event.build(str(path), entrants, rounds, say)
    say(f"  the event built in {time.perf_counter() - began:.0f} s")
    players.build_history(str(path), history)
    return path, event_id


def memory(path: Path, event_id: str) -> dict:
    """A fresh server's memory (VmRSS) before and after the director's page, the screen and the home page in every
    language, each asked for twice (the poll key's answer, the pages kept)."""
    server = Server(ROOT / "bench" / "serve.py", "--db", str(path), "--threads", str(THREADS))
    try:
        before = server.rss_mb()
        device = Browser(server.port, timeout=600)
        began = time.perf_counter()
        for code in lang.LANGUAGES:
            for page in (f"/events/{event_id}", f"/events/{event_id}/screen", f"/events/{event_id}/tables", "/"):
                for _ in range(2):
                    _ok(device.get(f"{page}{'&' if '?' in page else '?'}lang={code}"), page)
        took = time.perf_counter() - began
        device.close()
        return {"before": before, "after": server.rss_mb(), "seconds": took}
    finally:
        server.stop()


def pages(server: Server, event_id: str, samples: int) -> dict:
    """Server-side ms of the screen's poll when nothing changed, and of the home page; the home page's size."""
    device = Browser(server.port, timeout=600)
    screen = _ok(device.get(f"/events/{event_id}/screen"), "screen").text()
    poll = screen.split('data-poll="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    polls = []
    for _ in range(samples):
        answer = device.get(poll)
        if answer.status != 204:
            raise RuntimeError(f"the screen's poll answered {answer.status}, not 204 (nothing changed)")
        polls.append(answer.server_ms)
    home = [_ok(device.get("/"), "/") for _ in range(samples)]
    device.close()
    return {"poll": polls, "home": [a.server_ms for a in home], "home_bytes": len(home[-1].body)}


def results(server: Server, event_id: str, samples: int, file: str = "results.pdf") -> dict:
    """results.pdf (or results.html) asked for as a phone would, every half second until it comes (503 "being
    prepared" meanwhile), while another phone reads the home page every half second; then asked for again (kept)."""
    path = f"/events/{event_id}/{file}"
    device, other = Browser(server.port, timeout=600), Browser(server.port, timeout=600)
    busy, meanwhile, done = 0, [], threading.Event()

    def reader():
        while not done.is_set():
            meanwhile.append(_ok(other.get("/"), "/").seconds * 1000)
            time.sleep(0.5)

    thread = threading.Thread(target=reader)
    thread.start()
    began, cpu = time.perf_counter(), server.cpu_seconds()
    try:
        while True:
            answer = device.get(path)
            if answer.status == 200:
                break
            if answer.status != 503 or "Retry-After" not in answer.headers:
                raise RuntimeError(f"GET {path} answered {answer.status} without Retry-After")
            busy += 1
            time.sleep(0.5)
        first, cpu = time.perf_counter() - began, server.cpu_seconds() - cpu
    finally:
        done.set()
        thread.join()
    again = [_ok(device.get(path), path).server_ms for _ in range(samples)]
    device.close()
    other.close()
    return {"first_s": first, "cpu_s": cpu, "busy_answers": busy, "kb": len(answer.body) / 1024, "again": again,
            "meanwhile": meanwhile}


def measure(workdir: Path, entrants: int, rounds: int, history: int, samples: int, say) -> dict:
    """Every figure of the largest event (see run.py's FIGURES)."""
    say(f"the largest club night: {entrants} pairs x {rounds} rounds, and {history:,} other games…")
    path, event_id = build(workdir, entrants, rounds, history, say)
    say("  memory after its pages in every language (fresh python bench/serve.py)…")
    found = {"memory": memory(path, event_id)}
    server = Server(ROOT / "bench" / "serve.py", "--db", str(path), "--threads", str(THREADS))
    try:
        say("  its results.pdf, the screen's poll, the home page…")
        found["results"] = results(server, event_id, samples)
        say("  its results.html (issue 42: the results to take home)…")
        found["html"] = results(server, event_id, samples, "results.html")
        found["pages"] = pages(server, event_id, samples)
    finally:
        server.stop()
    found["games"] = entrants // 2 * rounds
    return found


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms, p95 {percentile(times, 95):.1f} ms, max {max(times):.1f} ms"


def put_figures(found: dict, entrants: int, rounds: int, history: int, put, html_index: int | None = None) -> None:
    """`measure`'s findings as run.py's figures 22 to 26 and results.html's (`html_index`; `put(index, value, met,
    how)`)."""
    drawn, shown, memory = found["results"], found["pages"], found["memory"]
    size = (f"{entrants} pairs x {rounds} rounds, {found['games']:,} games played to the end "
            "(one hand each)")
    put(22, f"{drawn['first_s']:.1f} s", drawn["first_s"] <= 60,
        f"client-side, from the first GET until the PDF came ({drawn['kb']:.0f} KB; the server's CPU time meanwhile "
        f"{drawn['cpu_s']:.1f} s, the drawing and every other answer), asked again every 0.5 s: "
        f"{drawn['busy_answers']} answers 503 \"being prepared\" with Retry-After meanwhile; another phone's home page "
        f"meanwhile p95 {percentile(drawn['meanwhile'], 95):.0f} ms (max {max(drawn['meanwhile']):.0f} ms, "
        f"client-side); {size}")
    p95 = percentile(drawn["again"], 95)
    put(23, f"{p95:.1f} ms", p95 <= 50, f"server-side, {len(drawn['again'])} GETs, {summary(drawn['again'])}")
    p95 = percentile(shown["poll"], 95)
    put(24, f"{p95:.1f} ms", p95 <= 5,
        f"server-side, {len(shown['poll'])} GETs of /events/<id>/screen/live with the page's key (204), "
        f"{summary(shown['poll'])}; {size}")
    kb, p95 = shown["home_bytes"] / 1024, percentile(shown["home"], 95)
    put(25, f"{kb:.0f} KB, {p95:.1f} ms", kb <= 100 and p95 <= 50,
        f"server-side, {len(shown['home'])} GETs of /, {summary(shown['home'])}; 30 games a page, the page "
        f"as sent uncompressed; {history:,} finished games and the event's {found['games']:,} tables "
        "(not listed one by one) in the database")
    if html_index is not None:
        html = found["html"]
        slowest = max(html["meanwhile"], default=0.0)
        put(html_index, f"{html['first_s']:.2f} s, {slowest:.0f} ms", html["first_s"] <= 2 and slowest <= 100,
            f"client-side, from the first GET until the file came ({html['kb']:.0f} KB, self-contained; the "
            f"server's CPU time meanwhile {html['cpu_s']:.1f} s), asked again every 0.5 s: {html['busy_answers']} "
            f"answers 503 \"being prepared\" meanwhile; another phone's home page meanwhile, slowest {slowest:.0f} ms "
            f"of {len(html['meanwhile'])}; {size}")
    put(26, f"{memory['after']:.1f} MB", memory["after"] <= 80,
        f"VmRSS of a fresh python bench/serve.py on that database ({memory['before']:.1f} MB after its first answer), "
        f"after the director's page, the standings screen, the table picker and the home page in each of the 5 "
        f"languages, twice each ({memory['seconds']:.0f} s in all)")
