"""Meldbook's benchmarks (issue 6): `python bench/run.py [--quick]`.

Starts the real server (`python app.py`, waitress, 127.0.0.1, a fresh database in a temporary
folder), measures, and prints each figure next to its budget.

Full mode exits 1 when any budget is missed. `--quick` runs small sizes in well under a minute
so the test suite can run it; its figures are printed with their verdicts, but only a failure to
run (exit 2) makes it exit non-zero, because small sizes on a busy test machine say nothing about
the budgets. `--strict` makes quick mode exit 1 on a missed budget too. `--engine` measures the
engine figures alone, in this process, and prints them with their budgets (no server, no browser); `--large-event`
the largest club night's figures alone (bench/heavy.py: results.pdf, the screen's poll, the home page, memory);
`--tournament` the burraco tournament's alone (bench/tournament.py: 100 tables, the server on one core).

Which server answers what:
- `python app.py` itself: start to first answer, page weight, requests/s, club night, memory.
- `python bench/serve.py` (app.py's main() with a Server-Timing header added): the server-side
  times of recording a hand, the game page and the PDFs, read from each answer's header.
- `python bench/bare.py`: the yardstick for requests/s, one bare Flask route on waitress with the
  same thread count.
- Club nights (bench/events.py): the standings and round-start times from `python bench/serve.py` on a database of
  their own; the club night event from a fresh `python app.py` pinned to core 0 (`taskset -c 0`, a Raspberry Pi's
  stand-in; unpinned, and said so, where taskset is missing).
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import (clubnight, engine, events, figures, heavy, own_page, players, seasons, statements,  # noqa: E402
                   sync, taps, tournament, variants)
from bench.devices import THREADS, Browser, Server, taskset_found  # noqa: E402
from db.connection import SETTLE_SECONDS  # noqa: E402
from service.events import HASHING_THREADS  # noqa: E402  (how many table PINs a round start hashes at once)


@dataclass(frozen=True)
class Sizes:
    engine_hands: int = 200
    engine_runs: int = 31
    engine_games: int = 200  # different whole 4-round Hand and Foot games, replayed in runs of engine_batch
    engine_batch: int = 20
    samples: int = 200  # requests per latency figure
    pdf_runs: int = 15
    starts: int = 3
    rps_seconds: float = 6.0  # per target, in 3 turns
    tables: int = 50
    devices: int = 4
    club_seconds: float = 60.0
    hands_before: int = 10  # hands each club-night table has played when the evening is measured
    shown_hands: int = 50  # hands recorded on one phone and timed until another phone shows them
    history: int = 2000  # finished games behind the players pages
    event_tables: int = 30  # the club night event: 60 pairs, round 1 seated at 30 tables
    event_phones: int = 4
    event_screens: int = 2
    event_seconds: float = 60.0
    standings_entrants: int = 40
    standings_rounds: int = 6
    round_pairs: int = 40  # 20 tables a round
    round_events: int = 5  # events whose rounds 1 and 2 are timed
    large_entrants: int = 200  # the longest club night (MAX_ROUNDS); the widest one is bench/championship.py's
    large_rounds: int = 100
    large_history: int = 10_000  # other games beside it: the home page's
    tournament_pairs: int = 200  # the burraco tournament (issue 32): 100 tables, 3 Mitchell turns and a Danish
    tournament_seconds: float = 60.0
    season_players: int = 400  # a club's season (issue 43): paired anew each night
    season_nights: int = 40


FULL = Sizes()
QUICK = Sizes(engine_runs=5, engine_games=40, samples=20, pdf_runs=3, starts=1, rps_seconds=1.0, tables=5,
              club_seconds=10.0, hands_before=3, shown_hands=8, history=200, event_tables=4, event_seconds=4.0,
              standings_rounds=3, round_events=1, large_entrants=20, large_rounds=4, large_history=300,
              tournament_pairs=8, tournament_seconds=4.0, season_players=40, season_nights=4)

# (figure, budget) in the order; the test checks every name is printed.
FIGURES = [
    ("engine: validate + score + derive a 200-hand game", "<= 5 ms"),
    ("engine: validate + score + derive a 4-round Hand and Foot game", "<= 0.15 ms"),
    ("record a hand (POST) on a 50-hand game, p95", "<= 15 ms"),
    ("game page GET on a 50-hand game, p95", "<= 15 ms"),
    ("game page requests/s vs bare Flask route", ">= 0.5 x"),
    ("game sheet PDF, 50 hands, 4 sides", "<= 150 ms"),
    ("blank sheet PDF", "<= 50 ms"),
    ("game page with all its assets", "<= 60 KB, 0 outside"),
    ("server memory (RSS) with a 50-hand game", "<= 60 MB"),
    ("python app.py start to first answer", "<= 1.5 s"),
    ("club night", "0 errors, p99 <= 50 ms"),
    ("a hand shows on another phone, p95", "<= 1 s"),
    ("players page, 2,000 finished games, p95", "<= 50 ms"),
    ("a player's page, 2,000 finished games, p95", "<= 50 ms"),
    ("SQL statements per recorded hand", "<= 4"),
    ("JSON game GET requests/s vs bare Flask route", ">= 0.5 x"),
    ("taps to enter §6 hand 1", "<= 25"),
    ("hand form height, 2 sides", "<= 2.5 screens"),
    ("hand form height, 5 players", "<= 4 screens"),
    ("club night event: 30 tables x 4 phones + 2 standings screens, one core", "0 errors, p99 <= 100 ms"),
    ("standings, 40 entrants x 6 rounds, p95", "<= 50 ms"),
    ("start a round of 20 tables", "<= 200 ms"),
    ("largest event (200 x 100 rounds): results.pdf, first drawing", "<= 60 s"),
    ("largest event: results.pdf again (kept), p95", "<= 50 ms"),
    ("largest event: standings screen poll, nothing changed, p95", "<= 5 ms"),
    ("home page beside 10,000 other games: size, p95", "<= 100 KB, 50 ms"),
    ("server memory after the largest event's pages in 5 languages", "<= 80 MB"),
    # issue 33: Modern American Canasta, Samba and Bolivia (bench/variants.py)
    ("engine: validate + score + derive a 200-hand Modern American game", "<= 5 ms"),
    ("engine: validate + score + derive a 200-hand Samba game", "<= 5 ms"),
    ("engine: validate + score + derive a 200-hand Bolivia game", "<= 5 ms"),
    ("taps to enter a typical Modern American hand", "<= 25"),
    ("taps to enter a typical Samba hand", "<= 25"),
    ("taps to enter a typical Bolivia hand", "<= 25"),
    ("hand form height, Modern American, 2 sides", "<= 2.5 screens"),
    ("hand form height, Samba, 2 sides", "<= 2.5 screens"),
    ("hand form height, Bolivia, 2 sides", "<= 2.5 screens"),
    ("taps to record a Modern American special hand, its side", "<= 1"),
    ("engine: validate + score + derive a 200-hand Burraco game", "<= 5 ms"),
    ("engine: validate + score + derive a 200-hand Buraco game", "<= 5 ms"),
    *tournament.FIGURES,  # issue 32: the burraco tournament (bench/tournament.py)
    ("start a round of 20 tables, each with its own PIN", "<= 1 s"),
    ("season standings of 400 players over 40 nights, p95", "<= 50 ms"),  # issue 43 (bench/seasons.py)
    *own_page.FIGURES,  # issue 42: an entrant's own page's idle poll beside the game page's (bench/own_page.py)
    # issue 42: results.html of the largest night (bench/heavy.py), and a phone's GET while it is drawn
    ("largest event (200 pairs): results.html, first drawing; a phone's GET meanwhile", "<= 2 s, 100 ms"),
]
RESULTS_HTML = FIGURES[-1][0]
LARGE = [name for name, _ in FIGURES[22:27]] + [RESULTS_HTML]  # what `--large-event` measures alone
NEW_VARIANTS = {"american": "Modern American", "samba": "Samba", "bolivia": "Bolivia"}
ENGINE_VARIANTS = {**NEW_VARIANTS, "burraco": "Burraco", "buraco": "Buraco"}  # the engine figure of each


@dataclass
class Result:
    name: str
    value: str
    met: bool
    how: str


def measure(sizes: Sizes, workdir: Path, say, engine_only: bool = False, large_only: bool = False,
            tournament_only: bool = False, season_only: bool = False, own_only: bool = False) -> list[Result]:
    """Every figure, in FIGURES order (the engine's alone with `engine_only`, the largest event's with
    `large_only`, the burraco tournament's with `tournament_only`)."""
    names = [name for name, _ in FIGURES]
    results: dict[str, Result] = {}

    def put(index: int, value: str, met: bool, how: str) -> None:
        results[names[index]] = Result(names[index], value, met, how)
        say(f"  measured: {names[index]}: {value}")

    if large_only or tournament_only or season_only or own_only:
        (large if large_only else burraco if tournament_only else season if season_only else own_poll)(
            sizes, workdir, say, put)
        return [results[name] for name in names if name in results]
    if not engine_only:
        say("SQL statements per recorded hand, in this process…")
        counts = statements.statements_per_hand(workdir)
        most = max(n for n, _ in counts.values())
        put(14, str(most), most <= 4, "; ".join(f"{way}: {n} (+{frame} BEGIN/COMMIT)"
                                               for way, (n, frame) in counts.items())
            + "; on a 50-hand game, SQLite's trace callback")

    say("engine, in this process…")
    ms = engine.engine_ms(sizes.engine_hands, sizes.engine_runs)
    put(0, f"{ms:.2f} ms", ms <= 5, f"median of {sizes.engine_runs}; 4 sides; every hand checked, then one replay")
    ms = engine.hand_and_foot_ms(sizes.engine_games, sizes.engine_batch, sizes.engine_runs)
    runs = sizes.engine_runs * sizes.engine_games // sizes.engine_batch
    put(1, f"{ms:.3f} ms", ms <= 0.15, f"per game, median of {runs} runs of {sizes.engine_batch} games "
                                       f"({sizes.engine_games} different games, seeded, each replayed {sizes.engine_runs} "
                                       "times); 2 partnerships, the defaults (5 decks); every round checked, then one "
                                       "replay to the end")
    for variant_id, word in ENGINE_VARIANTS.items():
        ms = variants.engine_ms(variant_id, sizes.engine_hands, sizes.engine_runs)
        sides = variants.ENGINE_SIDES[variant_id]
        pairs = variant_id in variants.PARTNERSHIPS
        dealt = f"; the worked example's {len(variants.DEALS[variant_id])} hands over and over" \
            if variant_id in variants.DEALS else ""
        put(names.index(f"engine: validate + score + derive a 200-hand {word} game"), f"{ms:.2f} ms", ms <= 5,
            f"median of {sizes.engine_runs}; {sides} {'partnerships' if pairs else 'sides'} "
            f"(the most it seats{', 4 players' if pairs else ''}){dealt}; every hand checked, then one replay")
    if engine_only:
        return [results[name] for name in names if name in results]

    say("starting python app.py…")
    starts, real = [], None
    for n in range(sizes.starts):
        if real:
            real.stop()
        real_db = str(workdir / f"app-{n}.sqlite")
        real = Server(ROOT / "app.py", "--db", real_db, "--threads", str(THREADS),
                      "--backup-dir", str(workdir))
        starts.append(real.seconds_to_first_answer)
    start_s = statistics.median(starts)
    put(9, f"{start_s:.2f} s", start_s <= 1.5, f"median of {len(starts)} starts, fresh database, until GET / answers 200")
    timed = bare = None
    try:
        say("server-side times (bench/serve.py)…")
        timed = Server(ROOT / "bench" / "serve.py", "--db", str(workdir / "timed.sqlite"), "--threads", str(THREADS),
                       "--backup-dir", str(workdir))
        game = figures.seed_game(timed.port, 4, 50)
        times, answered = figures.record_hand_ms(timed.port, game, sizes.samples)
        p95 = figures.percentile(times, 95)
        put(2, f"{p95:.1f} ms", p95 <= 15, f"server-side (Server-Timing), {len(times)} posts of the hand form, "
                                            f"median {statistics.median(times):.1f} ms; answer {answered}")
        times = figures.get_ms(timed.port, f"/games/{game}", sizes.samples)
        p95 = figures.percentile(times, 95)
        put(3, f"{p95:.1f} ms", p95 <= 15, f"server-side, {len(times)} GETs, 4 sides, "
                                            f"median {statistics.median(times):.1f} ms")
        # drawn anew each time (a PDF is kept per game state: fetched again it costs nothing, which is not its figure)
        times = figures.drawing_ms(timed.port, game, f"/games/{game}/sheet.pdf", sizes.pdf_runs)
        med = statistics.median(times)
        put(5, f"{med:.0f} ms", med <= 150, f"server-side, median of {len(times)} drawings, each of a new game "
                                            f"state, max {max(times):.0f} ms")
        times = figures.drawing_ms(timed.port, game, f"/games/{game}/blank-sheet.pdf", sizes.pdf_runs)
        med = statistics.median(times)
        put(6, f"{med:.0f} ms", med <= 50, f"server-side, median of {len(times)} drawings, each of a new game state, "
                                           f"max {max(times):.0f} ms")
        timed.stop()
        timed = None

        say(f"players pages over {sizes.history:,} finished games (bench/serve.py)…")
        history = workdir / "history.sqlite"
        built = time.perf_counter()
        regular = players.build_history(str(history), sizes.history)
        built = time.perf_counter() - built
        timed = Server(ROOT / "bench" / "serve.py", "--db", str(history), "--threads", str(THREADS))
        device = Browser(timed.port)
        first = device.get("/players").server_ms  # the first visit summarizes every game once
        device.close()
        for index, path in ((12, "/players"), (13, f"/players/{regular}")):
            times = figures.get_ms(timed.port, path, sizes.samples)
            p95 = figures.percentile(times, 95)
            put(index, f"{p95:.1f} ms", p95 <= 50,
                f"server-side, {len(times)} GETs of {path}, median {statistics.median(times):.1f} ms; "
                f"{sizes.history:,} games written through db/ in {built:.1f} s; the first visit after they "
                f"were written (every game summarized once) took {first:.0f} ms")
        timed.stop()
        timed = None

        say(f"club nights: standings of {sizes.standings_entrants} entrants x {sizes.standings_rounds} rounds, "
            f"starting rounds of {sizes.round_pairs} pairs (bench/serve.py)…")
        timed = Server(ROOT / "bench" / "serve.py", "--db", str(workdir / "events.sqlite"), "--threads",
                       str(THREADS), "--backup-dir", str(workdir))
        times, first = events.start_round_ms(timed.port, sizes.round_pairs, sizes.round_events)
        p95 = figures.percentile(times, 95)
        put(21, f"{p95:.0f} ms", p95 <= 200,
            f"server-side p95 of {len(times)} starts, rounds 1 and 2 of {sizes.round_events} Swiss "
            f"event{'' if sizes.round_events == 1 else 's'} of "
            f"{sizes.round_pairs} pairs (every table of round 1 finished first); {events.summary(times)}; the first "
            f"start in the server's life {first:.0f} ms")
        times, _ = events.start_round_ms(timed.port, sizes.round_pairs, sizes.round_events, table_pins=True)
        p95 = figures.percentile(times, 95)
        put(names.index("start a round of 20 tables, each with its own PIN"), f"{p95:.0f} ms", p95 <= 1000,
            f"server-side p95 of {len(times)} starts as above, each table's PIN drawn and hashed (scrypt, "
            f"{HASHING_THREADS} at once: one per core); {events.summary(times)}")
        times, seen = events.standings_ms(timed.port, sizes.standings_entrants, sizes.standings_rounds, sizes.samples)
        p95 = figures.percentile(times, 95)
        put(20, f"{p95:.1f} ms", p95 <= 50,
            f"server-side, {len(times)} GETs of /api/events/<id>/standings, {events.summary(times)}; a finished "
            f"Swiss event of {sizes.standings_entrants} pairs, {seen['games']} games played to the end (one hand "
            f"each, max_hands 1); the first GET after the last hand {seen['first_ms']:.0f} ms")
        timed.stop()
        timed = None

        say("python app.py: page weight, requests/s…")
        game = figures.seed_game(real.port, 4, 50)
        weight = figures.page_weight(real.port, f"/games/{game}")
        kb = weight["bytes"] / 1024
        missing = f"; missing: {', '.join(weight['missing'])}" if weight["missing"] else ""
        put(7, f"{kb:.0f} KB, {len(weight['outside'])} outside", kb <= 60 and not weight["outside"] and not missing,
            f"50-hand game page + {weight['requests'] - 1} assets it loads, as they travel to a phone (page, CSS and scripts compressed); manifest icons "
            f"({weight['install_only'] / 1024:.0f} KB, loaded on install) checked, not counted{missing}")
        bare = Server(ROOT / "bench" / "bare.py", "--threads", str(THREADS))
        waited, quiet = figures.wait_until_quiet(real_db)
        turn = max(1, round(sizes.rps_seconds / 3))
        found = figures.rates({"page": (real.port, f"/games/{game}"), "json": (real.port, f"/api/games/{game}"),
                               "bare": (bare.port, "/")}, turn, THREADS)
        bare.stop()
        bare = None
        (page_rps, page_errors), (json_rps, json_errors), (bare_rps, bare_errors) = found.values()
        when = (f"as between hands: nothing written for {SETTLE_SECONDS} s (waited {waited:.0f} s)"
                if quiet else f"the database was still being written after {waited:.0f} s")
        how = f"{THREADS} kept-alive clients, 3 turns of {turn} s each, same run; {when}"
        ratio = page_rps / bare_rps
        put(4, f"{ratio:.2f} x", ratio >= 0.5 and not (page_errors or bare_errors),
            f"{page_rps:.0f} vs {bare_rps:.0f} req/s, 50-hand game, {how}")
        ratio = json_rps / bare_rps
        put(15, f"{ratio:.2f} x", ratio >= 0.5 and not (json_errors or bare_errors),
            f"{json_rps:.0f} vs {bare_rps:.0f} req/s, GET /api/games/<id> of a 50-hand game, {how}")
        rss = real.rss_mb()
        put(8, f"{rss:.1f} MB", rss <= 60, "VmRSS of the python app.py process serving one 50-hand game, after the "
                                            "page weight and requests/s runs")

        say(f"club night: {sizes.tables} tables x {sizes.devices} devices, {sizes.club_seconds:.0f} s…")
        night = clubnight.club_night(real.port, sizes.tables, sizes.devices, sizes.club_seconds, sizes.hands_before)
        errors = night["errors"]
        detail = f"; first error: {errors[0]}" if errors else ""
        put(10, f"{len(errors)} errors, p99 {night['p99']:.0f} ms", not errors and night["p99"] <= 50,
            f"{night['requests']} requests ({night['rate']:.0f}/s), {night['hands']} hands, "
            f"p50 {night['p50']:.1f} ms, max {night['max']:.0f} ms, client-side{detail}")
        say(f"a hand shows on another phone: {sizes.shown_hands} hands, headless Chromium…")
        shown = sync.hand_shows_ms(real.port, sizes.shown_hands)
        p95 = figures.percentile(shown, 95) / 1000
        put(11, f"{p95:.2f} s", p95 <= 1, f"{len(shown)} hands sent through the API at random moments, until the "
                                         f"other phone's scoreboard shows each; median {statistics.median(shown):.0f} ms, "
                                         f"max {max(shown):.0f} ms")
        say(f"  server memory after the club night (not a budget): {real.rss_mb():.1f} MB")
        say("the hand form on a 360x640 phone, headless Chromium…")
        form = taps.measure(real.port)
        put(16, str(form["taps"]), form["taps"] <= 25,
            "RULES.md §6 hand 1 on a fresh 2-partnership Ponytail game: every tap on a chip, checkbox or "
            "radio, a tap to focus each number box, each digit, the Record tap; recorded as "
            f"A {form['scores'][0]:,} and B {form['scores'][1]:,}, read back through the API")
        put(17, f"{form['screens_2']:.2f} screens", form["screens_2"] <= 2.5,
            "the fresh hand form page down to the end of its main part (the language menu below it not counted) "
            "/ 640, 2-partnership Ponytail, 360x640")
        put(18, f"{form['screens_5']:.2f} screens", form["screens_5"] <= 4,
            "the fresh hand form page down to the end of its main part (the language menu below it not counted) "
            "/ 640, 5-player Five-person, 360x640")
        found = variants.measure(real.port)
        for variant_id, word in NEW_VARIANTS.items():
            form = found[variant_id]
            put(names.index(f"taps to enter a typical {word} hand"), str(form["taps"]), form["taps"] <= 25,
                f"{variants.TYPICAL_SAID[variant_id]} on a fresh 2-partnership game (a fold opened when a field in it "
                f"is needed); recorded as A {form['scores'][0]:,} and B {form['scores'][1]:,}, read back through "
                f"the API; the worked example's hands as printed: {', '.join(map(str, form['examples']))} taps")
            put(names.index(f"hand form height, {word}, 2 sides"), f"{form['screens_2']:.2f} screens",
                form["screens_2"] <= 2.5, "the fresh hand form down to the end of its main part / 640, "
                "2 partnerships, 360x640, the highest of the five languages: " + ", ".join(
                    f"{code} {x:.2f}" for code, x in form["screens_by_language"].items()))
        whole, own = found["american"]["special"]
        put(names.index("taps to record a Modern American special hand, its side"), str(own), own <= 1,
            f"RULES.md §11 hand 2: A's hand entered, then B's Garbage: tap Garbage in the special hands' row (the "
            f"sixth: a swipe of the row brings it in, no tap) and the hand is recorded, no Record tap; {whole} taps "
            f"for the whole hand, read back as A −920 and B 3,000")
        real.stop()
        real = None

        pin = taskset_found()
        say(f"club night event: {sizes.event_tables} tables x {sizes.event_phones} phones + {sizes.event_screens} "
            f"standings screens, {sizes.event_seconds:.0f} s, python app.py {'on core 0' if pin else 'unpinned'}…")
        real = Server(ROOT / "app.py", "--db", str(workdir / "clubnight.sqlite"), "--threads", str(THREADS),
                      "--backup-dir", str(workdir), cpus="0" if pin else None)
        night = events.club_night(real, sizes.event_tables, sizes.event_phones, sizes.event_screens,
                                  sizes.event_seconds, sizes.hands_before)
        errors = night["errors"]
        detail = f"; first error: {errors[0]}" if errors else ""
        where = ("python app.py pinned to core 0 (taskset -c 0)" if pin
                 else "taskset is missing: python app.py ran unpinned, on every core")
        clients = (f"the clients on core(s) {', '.join(map(str, night['clients_on']))}" if night["clients_on"]
                   else "the clients on the same core")
        put(19, f"{len(errors)} errors, p99 {night['p99']:.0f} ms", not errors and night["p99"] <= 100,
            f"{night['requests']} requests ({night['rate']:.0f}/s) in {sizes.event_seconds:.0f} s, "
            f"{sizes.event_tables} tables of round 1 of a {2 * sizes.event_tables}-pair event, {night['hands']} hands; "
            f"p50 {night['p50']:.1f} ms, max {night['max']:.0f} ms, client-side; the standings screens "
            f"{night['screen_requests']} GETs, p99 {night['screen_p99']:.0f} ms; {where}, busy {night['busy']:.0%} of the "
            f"evening (its CPU time over the time the phones were there, their page loads included), {clients}{detail}")
    finally:
        for server in (timed, bare, real):
            if server:
                server.stop()
    large(sizes, workdir, say, put)
    burraco(sizes, workdir, say, put)
    season(sizes, workdir, say, put)
    own_poll(sizes, workdir, say, put)
    return [results[name] for name in names]



def large(sizes: Sizes, workdir: Path, say, put) -> None:
    """The largest club night's figures, FIGURES 22 to 26 (bench/heavy.py)."""
    heavy.put_figures(heavy.measure(workdir, sizes.large_entrants, sizes.large_rounds, sizes.large_history,
                                    sizes.samples, say), sizes.large_entrants, sizes.large_rounds,
                      sizes.large_history, put, [name for name, _ in FIGURES].index(RESULTS_HTML))

def burraco(sizes: Sizes, workdir: Path, say, put) -> None:
    """The burraco tournament's figures (bench/tournament.py)."""
    say(f"burraco tournament: {sizes.tournament_pairs} pairs, {len(tournament.TURNS)} turns of {tournament.DEALS} "
        f"deals, the server on one core…")
    found = tournament.measure(workdir, sizes.tournament_pairs, sizes.tournament_seconds, sizes.samples, say)
    names = [name for name, _ in FIGURES]
    tournament.put_figures(found, sizes.tournament_pairs, sizes.tournament_seconds,
                           lambda name, *rest: put(names.index(name), *rest))


def machine() -> str:
    """This machine in one line: CPU model and count, memory, Python."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        mem_kb = int(next(ln for ln in Path("/proc/meminfo").read_text().splitlines()
                          if ln.startswith("MemTotal")).split()[1])
        memory = f"{mem_kb / 1024 / 1024:.1f} GB RAM"
    except (OSError, StopIteration, ValueError):
        memory = "memory unknown"
    import os
    return f"{model}, {os.cpu_count()} CPUs, {memory}, Python {platform.python_version()}, {platform.system()} {platform.release()}"


def report(results: list[Result], quick: bool) -> str:
    budgets = dict(FIGURES)
    width = max(len(r.name) for r in results)
    lines = [f"{'figure'.ljust(width)}  {'measured':>24}  {'budget':<22} verdict"]
    for r in results:
        verdict = "ok" if r.met else "MISSED"
        lines.append(f"{r.name.ljust(width)}  {r.value:>24}  {budgets[r.name]:<22} {verdict}")
        lines.append(f"{'':{width}}    ({r.how})")
    missed = [r.name for r in results if not r.met]
    mode = "quick (small sizes: indicative only)" if quick else "full"
    lines.append(f"{len(results) - len(missed)} of {len(results)} budgets met; mode: {mode}.")
    return "\n".join(lines)


def season(sizes: Sizes, workdir: Path, say, put) -> None:
    """Issue 43: a season's standings (GET /api/seasons/{id}/standings) over its nights, server-side."""
    say(f"a season of {sizes.season_players} players over {sizes.season_nights} nights (bench/seasons.py)…")
    path = workdir / "season.sqlite"
    built = time.perf_counter()
    season_id = seasons.build_season(str(path), sizes.season_players, sizes.season_nights)
    built = time.perf_counter() - built
    timed = Server(ROOT / "bench" / "serve.py", "--db", str(path), "--threads", str(THREADS))
    try:
        device = Browser(timed.port)
        first = device.get(f"/api/seasons/{season_id}/standings").server_ms  # every night's standings worked out
        device.close()
        times = figures.get_ms(timed.port, f"/api/seasons/{season_id}/standings", sizes.samples)
    finally:
        timed.stop()
    p95 = figures.percentile(times, 95)
    put([name for name, _ in FIGURES].index("season standings of 400 players over 40 nights, p95"), f"{p95:.1f} ms",
        p95 <= 50,
        f"server-side, {len(times)} GETs, median {statistics.median(times):.1f} ms; best 30, ranked from 5 nights; "
        f"{sizes.season_nights} nights of {sizes.season_players // 4} tables written through db/ in {built:.1f} s; "
        f"the first GET (every night's standings worked out) took {first:.0f} ms")


def own_poll(sizes: Sizes, workdir: Path, say, put) -> None:
    """Issue 42: the own page's idle poll beside the game page's (bench/own_page.py), server-side."""
    say("an entrant's own page: its idle poll beside the game page's (bench/own_page.py)…")
    timed = Server(ROOT / "bench" / "serve.py", "--db", str(workdir / "own-page.sqlite"), "--threads", str(THREADS))
    try:
        found = own_page.measure(timed.port, sizes.samples)
    finally:
        timed.stop()
    names = [name for name, _ in FIGURES]
    own_page.put_figures(found, lambda name, *rest: put(names.index(name), *rest))


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print the figures; the exit code says whether the budgets were met."""
    parser = argparse.ArgumentParser(prog="python bench/run.py", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, under a minute (what the tests run)")
    parser.add_argument("--strict", action="store_true", help="in quick mode, exit 1 when a budget is missed")
    parser.add_argument("--engine", action="store_true", help="the engine figures alone, in this process (no server, "
                                                               "no browser)")
    parser.add_argument("--large-event", action="store_true", help="the largest club night's figures alone (results.pdf, "
                                                                    "the screen's poll, the home page, memory)")
    parser.add_argument("--tournament", action="store_true", help="the burraco tournament's figures alone (100 tables, "
                                                                   "the server on one core)")
    parser.add_argument("--season", action="store_true", help="the season standings figure alone (400 players over "
                                                               "40 nights)")
    parser.add_argument("--own-page", action="store_true", help="the own page's idle poll beside the game page's "
                                                                 "alone")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    began = time.perf_counter()
    print(f"Meldbook benchmarks ({'quick' if args.quick else 'full'}) on {machine()}", flush=True)
    say = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731  progress, apart from the figures
    with tempfile.TemporaryDirectory(prefix="meldbook-bench-") as tmp:
        try:
            results = measure(sizes, Path(tmp), say, engine_only=args.engine, large_only=args.large_event,
                              tournament_only=args.tournament, season_only=args.season,
                              own_only=args.own_page)
        except Exception as err:  # the bench itself broke: say so plainly, with a different exit code
            print(f"The benchmark could not run: {type(err).__name__}: {err}", flush=True)
            return 2
    print(report(results, args.quick))
    print(f"Took {time.perf_counter() - began:.0f} s.")
    missed = any(not r.met for r in results)
    return 1 if missed and (not args.quick or args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
