"""Heavy drawings (the PDFs): each drawn once per revision of what it draws, kept, and never holding every worker.

The results of the largest club night (10,000 games) take tens of seconds to draw, and a game sheet a tenth of a
second; drawn afresh on every request, a few phones asking for results.pdf would hold every server thread. So:

- A drawing is kept under its key (what it draws at which revision, its language and paper: `drawn`'s caller
  names it), in a cache bounded in bytes; the next request for the same key is answered from it.
- A drawing is made in a thread of its own (at most DRAWERS at once, never a server thread), once per key: a request
  for a drawing under way waits for the same one.
- A request waits at most DRAWING_WAIT_SECONDS for its drawing, and at most DRAWING_WAITERS requests wait at once
  (one a device); any other is answered at once, and one that waited too long then, with 503 "being prepared, try
  again in a few seconds" and Retry-After. The drawing goes on, and the retry finds it kept.
- One device (its client address: a cookie it could drop at will) has at most PER_DEVICE drawings asked for and not
  yet made, and at most one of them is being drawn at once (its second waits for its first, not for a drawing
  thread), so it never takes every drawing thread nor fills the queue: a further one is refused, 429 in words
  (issue 39 item 16). Each key names only what the drawing shows, every query value read and normalised first, so
  asking with ever-new query strings draws nothing new for the same state.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import threading
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, TimeoutError as WaitedTooLong
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Hashable

from flask import current_app, request
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

import lang
from db import connect
from service.cache import Recent

DRAWERS = 2  # drawings made at once: a long one never keeps a game sheet waiting behind it
QUEUED = 8  # drawings asked for and not yet made, at most: beyond it a request is told to come back
PER_DEVICE = 2  # drawings one device has asked for and not yet got, at most (API.md "Safety")
# what the app's config may change (the tests do): a game sheet or a club night's seating is ready within the wait;
# of the server's 8 threads at most 3 wait for a drawing at once, one of each device
DEFAULTS = {"DRAWING_WAIT_SECONDS": 3.0, "DRAWING_WAITERS": 3, "DRAWING_RETRY_SECONDS": 5}
# drawings by key; the largest results.pdf is about 1.1 MB (6 MB held five languages' of it: 82 MB after the night)
_kept = Recent(4 * 2 ** 20, len)
_pool = ThreadPoolExecutor(max_workers=DRAWERS, thread_name_prefix="meldbook-drawing")
_jobs: dict[Hashable, Future] = {}  # each drawing asked for and not yet made, by key
_asked: dict[str, list[tuple[Hashable, Callable[[], bytes], Future]]] = {}  # by device, in turn: the first is drawn
_jobs_lock = threading.Lock()
_waiting_lock = threading.Lock()
_waiting: dict[str, int] = {}  # requests waiting for a drawing, by device

PREPARING = lang.L_("This sheet is being prepared. Try again in a few seconds (it opens at once when it is ready).")
TOO_MANY = lang.L_("This device has asked for two sheets that are still being prepared. Wait until one of them "
                   "opens, then ask for the next one.")


class _RetryAfter:
    """An HTTP refusal that says, in its Retry-After header, when to ask again; its text is the class's `said`."""

    said: str

    def __init__(self, retry_after: int):
        super().__init__(str(self.said))
        self.retry_after = retry_after

    def get_headers(self, environ=None, scope=None):
        return [*super().get_headers(environ, scope), ("Retry-After", str(self.retry_after))]


class Preparing(_RetryAfter, ServiceUnavailable):
    """503 with Retry-After: the drawing is being made (or waits for its turn); the same request later gets it."""

    said = PREPARING


class TooManyDrawings(_RetryAfter, TooManyRequests):
    """429 with Retry-After: this device has PER_DEVICE drawings under way already."""

    said = TOO_MANY


def _start(device: str) -> None:
    """Give the device's first drawing in turn to a drawing thread (called holding _jobs_lock)."""
    key, make, job = _asked[device][0]
    _pool.submit(_make, device, key, make, job)


def _libc():
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:  # no C library of that name: nothing to give back
        return None


_LIBC = _libc()


def give_back_memory() -> None:
    """Hand the memory a drawing freed back to the system (glibc's malloc_trim): the largest night's results.pdf
    takes some 80 MB while it is drawn, and glibc would keep that heap for the process ever after (161 MB after
    the night's PDFs instead of the README's 80 MB; issue 39 item 20). Other C libraries: left as they are."""
    trim = getattr(_LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


def _make(device: str, key: Hashable, make: Callable[[], bytes], job: Future) -> None:
    try:
        data = make()
        _kept.put(key, data)
        job.set_result(data)
    except Exception as err:  # a refusal: said to every request waiting for it
        job.set_exception(err)
    finally:
        give_back_memory()
        with _jobs_lock:
            _jobs.pop(key, None)
            turn = _asked[device]
            turn.pop(0)
            if turn:
                _start(device)
            else:
                del _asked[device]


def drawn(key: Hashable, make: Callable[[], bytes]) -> bytes:
    """The drawing kept under `key`, else made by `make()` in a drawing thread (so `make` reads nothing of the
    request: it opens its own database connection and speaks the language it is given); raises Preparing when
    it is not ready in time. What `make` raises (a refusal) is raised here."""
    key = (current_app.config["DATABASE"], key)
    found = _kept.get(key)
    if found is not None:
        return found
    # under test a drawing is waited for as long as it takes (a test reads the PDF, not the time; the shared test
    # machine can be thirty times slower than a table's), unless the test sets the wait
    defaults = {**DEFAULTS, "DRAWING_WAIT_SECONDS": 120.0} if current_app.testing else DEFAULTS
    config = {**defaults, **{k: v for k, v in current_app.config.items() if k in DEFAULTS}}
    device = request.remote_addr or "unknown"
    with _jobs_lock:
        job = _jobs.get(key)
        if job is None:
            if len(_asked.get(device, ())) >= PER_DEVICE:
                raise TooManyDrawings(config["DRAWING_RETRY_SECONDS"])
            if len(_jobs) >= QUEUED:
                raise Preparing(config["DRAWING_RETRY_SECONDS"])
            job = _jobs[key] = Future()
            _asked.setdefault(device, []).append((key, make, job))
            if len(_asked[device]) == 1:
                _start(device)
    with _waiting_lock:
        if sum(_waiting.values()) >= config["DRAWING_WAITERS"] or _waiting.get(device):
            raise Preparing(config["DRAWING_RETRY_SECONDS"])
        _waiting[device] = 1
    try:
        return job.result(timeout=config["DRAWING_WAIT_SECONDS"])
    except WaitedTooLong:
        raise Preparing(config["DRAWING_RETRY_SECONDS"]) from None
    finally:
        with _waiting_lock:
            del _waiting[device]


def under_way() -> int:
    """How many drawings are being made or wait for a drawing thread (for the tests)."""
    with _jobs_lock:
        return len(_jobs)


def on_own_connection(draw: Callable[[object], bytes]) -> Callable[[], bytes]:
    """`draw(db)` as a drawing thread runs it: on a database connection of its own, in the request's language."""
    path, language = current_app.config["DATABASE"], lang.current()
    return lambda: with_connection(path, language, draw)


def with_connection(path: str, language: str, draw: Callable[[object], bytes]) -> bytes:
    """`draw(db)` on a connection of its own to the database at `path`, in `language` (no request needed)."""
    conn = connect(path)
    try:
        with lang.using(language):
            return draw(conn)
    finally:
        conn.conn.close()


_apart_lock = threading.Lock()


def _in_a_process(draw: Callable[..., bytes], *args: Hashable) -> bytes:
    """`draw(*args)` in a fresh process of its own (spawned: no lock of this process's threads is copied into it), one
    at a time, so all it took is given back when it ends. The pool lives for this one drawing and is shut down, its
    process joined, before the answer is given: no idle process is left behind to outlive a server that is stopped
    (it would hold the server's output open)."""
    with _apart_lock, ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(draw, *args).result()


def apart(draw: Callable[..., bytes], *args: Hashable) -> Callable[[], bytes]:
    """A club night's sheet made in a process of its own (`draw(database path, language, *args)`, a module-level
    function, its arguments plain values): the largest night's results take some 80 MB while they are drawn, its
    seating some 30, reportlab itself 16, and a process keeps what it took ever after (freed, not given back to the
    system: 113 to 160 MB after the night's sheets against the README's 80; issue 39 item 20). Under test (unless
    DRAWING_APART is set) it is drawn in the drawing thread, where a test can watch it."""
    path, language = current_app.config["DATABASE"], lang.current()
    if current_app.testing and not current_app.config.get("DRAWING_APART"):
        return lambda: draw(path, language, *args)

    def make() -> bytes:
        try:
            return _in_a_process(draw, path, language, *args)
        except (BrokenProcessPool, OSError):  # no process could be started (or it died): drawn here after all
            return draw(path, language, *args)
    return make


def forget_all() -> None:
    """Drop every kept drawing (the tests start each from nothing)."""
    global _kept
    _kept = Recent(_kept.max_bytes, len)

