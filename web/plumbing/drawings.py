"""Heavy drawings (the PDFs): each drawn once per revision of what it draws, kept, and never holding every worker.

The results of the largest club night (10,000 games) take tens of seconds to draw, and a game sheet a tenth of a
second; drawn afresh on every request, a few phones asking for results.pdf would hold every server thread. So:

- A drawing is kept under its key (what it draws at which revision, its language and paper: `drawn`'s caller
  names it), in a cache bounded in bytes; the next request for the same key is answered from it.
- A drawing is made in a thread of its own (at most DRAWERS at once, never a server thread), once per key: a request
  for a drawing under way waits for the same one.
- A request waits at most DRAWING_WAIT_SECONDS for its drawing, and at most DRAWING_WAITERS requests wait at once;
  any other is answered at once, and one that waited too long then, with 503 "being prepared, try again in a few
  seconds" and Retry-After. The drawing goes on, and the retry finds it kept.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError as WaitedTooLong
from typing import Callable, Hashable

from flask import current_app
from werkzeug.exceptions import ServiceUnavailable

import lang
from service.cache import Recent

DRAWERS = 2  # drawings made at once: a long one never keeps a game sheet waiting behind it
QUEUED = 8  # drawings asked for and not yet made, at most: beyond it a request is told to come back
# what the app's config may change (the tests do): a game sheet or a club night's seating is ready within the wait;
# of the server's 8 threads at most 2 wait for a drawing at once
DEFAULTS = {"DRAWING_WAIT_SECONDS": 3.0, "DRAWING_WAITERS": 2, "DRAWING_RETRY_SECONDS": 5}
_kept = Recent(6 * 2 ** 20, len)  # drawings by key; the largest results.pdf is about 1 MB
_pool = ThreadPoolExecutor(max_workers=DRAWERS, thread_name_prefix="meldbook-drawing")
_jobs: dict[Hashable, Future] = {}
_jobs_lock = threading.Lock()
_waiting_lock = threading.Lock()
_waiting = 0

PREPARING = lang.L_("This sheet is being prepared. Try again in a few seconds (it opens at once when it is ready).")


class Preparing(ServiceUnavailable):
    """503 with Retry-After: the drawing is being made (or waits for its turn); the same request later gets it."""

    def __init__(self, retry_after: int):
        super().__init__(str(PREPARING))
        self.retry_after = retry_after

    def get_headers(self, environ=None, scope=None):
        return [*super().get_headers(environ, scope), ("Retry-After", str(self.retry_after))]


def _make(key: Hashable, make: Callable[[], bytes]) -> bytes:
    try:
        data = make()
        _kept.put(key, data)
        return data
    finally:
        with _jobs_lock:
            _jobs.pop(key, None)


def drawn(key: Hashable, make: Callable[[], bytes]) -> bytes:
    """The drawing kept under `key`, else made by `make()` in a drawing thread (so `make` reads nothing of the
    request: it opens its own database connection and speaks the language it is given); raises Preparing when
    it is not ready in time. What `make` raises (a refusal) is raised here."""
    global _waiting
    key = (current_app.config["DATABASE"], key)
    found = _kept.get(key)
    if found is not None:
        return found
    # under test a drawing is waited for as long as it takes (a test reads the PDF, not the time; the shared test
    # machine can be thirty times slower than a table's), unless the test sets the wait
    defaults = {**DEFAULTS, "DRAWING_WAIT_SECONDS": 120.0} if current_app.testing else DEFAULTS
    config = {**defaults, **{k: v for k, v in current_app.config.items() if k in DEFAULTS}}
    with _jobs_lock:
        job = _jobs.get(key)
        if job is None:
            if len(_jobs) >= QUEUED:
                raise Preparing(config["DRAWING_RETRY_SECONDS"])
            job = _jobs[key] = _pool.submit(_make, key, make)
    with _waiting_lock:
        if _waiting >= config["DRAWING_WAITERS"]:
            raise Preparing(config["DRAWING_RETRY_SECONDS"])
        _waiting += 1
    try:
        return job.result(timeout=config["DRAWING_WAIT_SECONDS"])
    except WaitedTooLong:
        raise Preparing(config["DRAWING_RETRY_SECONDS"]) from None
    finally:
        with _waiting_lock:
            _waiting -= 1


def under_way() -> int:
    """How many drawings are being made or wait for a drawing thread (for the tests)."""
    with _jobs_lock:
        return len(_jobs)


def forget_all() -> None:
    """Drop every kept drawing (the tests start each from nothing)."""
    global _kept
    _kept = Recent(_kept.max_bytes, len)

