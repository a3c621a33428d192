"""Storage faults for the safety tests: a small disk that fills up, a read-only folder, a damaged database file,
another program holding the database, and starting the real server where it must refuse."""
from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from .cli_helpers import one_value
from .pages import token
from .server import ROOT, free_port

PONYTAIL = {"variant": "ponytail",
            "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}


def csrf_token(client) -> str:
    """The CSRF token a page gives this test client (and the cookie that goes with it)."""
    return token(client)


def start_refused(db_path: Path, *extra: str) -> subprocess.CompletedProcess:
    """Run `python app.py --db PATH` expecting it to refuse to start; its exit status and output."""
    env = {k: v for k, v in os.environ.items() if k != "MELDBOOK_DB"}
    try:
        return subprocess.run([sys.executable, str(ROOT / "app.py"), "--port", str(free_port()), "--db", str(db_path),
                               *extra], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired as err:
        raise AssertionError(f"the server started instead of refusing: {err.stdout}") from None


def _mount(*args: str) -> None:
    subprocess.run(["mount", *args], check=True, capture_output=True)


def _unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)  # lazy: a process may still hold a file


@contextmanager
def small_disk(folder: Path, size: str = "8m"):
    """A small filesystem of its own at `folder` (tmpfs), so that filling it fills nothing else."""
    folder.mkdir()
    try:
        _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder))
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("a small disk of its own needs `mount` (root)")
    try:
        yield folder
    finally:
        _unmount(folder)


def fill(folder: Path) -> Path:
    """Write a file into `folder` until its disk is full; remove the returned file to free the space again."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for _ in range(1_000_000):  # bounded: 4 GB
            os.write(fd, b"\0" * 4096)
        raise AssertionError("the disk never filled up")
    except OSError as err:
        assert err.errno == errno.ENOSPC, err
    finally:
        os.close(fd)
    return filler


@contextmanager
def read_only(folder: Path):
    """`folder` as a read-only place: a read-only bind mount of it for root (who ignores file modes), else modes."""
    if os.geteuid() != 0:
        modes = {path: path.stat().st_mode for path in [folder, *folder.iterdir()]}
        for path in modes:
            path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield folder
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    view = folder.parent / f"{folder.name}-read-only"
    view.mkdir()
    _mount("--bind", str(folder), str(view))
    try:
        _mount("-o", "remount,bind,ro", str(view))
        yield view
    finally:
        _unmount(view)


def damage(path: Path, how: str) -> None:
    """Damage a database file as a failing disk or a wrong copy would: 'truncated' or 'overwritten'.

    A truncated file is one whose pages are all in it (checkpointed), cut in half.
    """
    if how == "truncated":
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        os.truncate(path, os.path.getsize(path) // 2)
        return
    with open(path, "r+b") as f:
        f.write(b"this is no database " * 10)
    shm = Path(f"{path}-shm")
    if shm.exists():  # a running server re-reads the file once the shared index says it changed
        shm.write_bytes(b"\0" * shm.stat().st_size)


@contextmanager
def held(path: Path, how: str = "IMMEDIATE"):
    """Another program holding the database for writing (BEGIN IMMEDIATE or EXCLUSIVE) until the block ends."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"BEGIN {how}")
    try:
        yield conn
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def call(url: str, method: str = "GET", body: Any = None, headers: dict | None = None) -> tuple[int, dict, Any]:
    """One HTTP request: (status, headers, body as JSON when it is JSON, else text)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        response = urllib.request.urlopen(request, timeout=60)
    except urllib.error.HTTPError as err:
        response = err
    with response:
        raw = response.read().decode()
        kind = response.headers.get("Content-Type", "")
        return response.status, dict(response.headers), json.loads(raw) if kind.startswith("application/json") else raw


def hand_count(path: Path) -> int:
    """How many hands the database file holds, read directly."""
    return one_value(path, "SELECT count(*) FROM hands")
