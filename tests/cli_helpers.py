"""Helpers for the command-line tests: `python app.py COMMAND` as a real process, a database with games, its contents."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import db
from app import create_app
from db import export

from .server import ROOT

PIN = "2468"
PAIRS = {"variant": "ponytail",
         "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]}
HAND = {"entries": [{"melded": 50}, {}]}


def run_app(*args, strict_permissions: bool = False, umask: int | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess:
    """`python app.py ARGS` as its own process.

    `strict_permissions`: file modes apply even when the tests run as root (setpriv drops root's
    right to read and write every file), so a permission refusal can be seen.
    """
    env = {k: v for k, v in os.environ.items() if k != "MELDBOOK_DB"}
    prefix = []
    if strict_permissions and os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("running as root without setpriv: every file is readable")
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    return subprocess.run([*prefix, sys.executable, str(ROOT / "app.py"), *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=(lambda: os.umask(umask)) if umask is not None else None)


def run_flask(*args, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """`flask --app app ARGS` as its own process (`python -m flask`: the venv's own interpreter)."""
    clean = {k: v for k, v in os.environ.items() if k != "MELDBOOK_DB" and not k.startswith("FLASK_")}
    return subprocess.run([sys.executable, "-m", "flask", "--app", "app", *map(str, args)], cwd=ROOT,
                          env={**clean, **(env or {})}, capture_output=True, text=True, timeout=timeout)


def assert_refused(result: subprocess.CompletedProcess, *named: object) -> str:
    """Exit status 1, nothing on stdout, one line on stderr naming each of `named`, no traceback."""
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout == "" and "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for name in named:
        assert str(name) in lines[0], (name, lines[0])
    return lines[0]


def client_for(path: Path):
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"}).test_client()


def make_database(path: Path) -> list[dict]:
    """A database with two games, one with a PIN and a hand; returns their game objects."""
    client = client_for(path)
    plain = client.post("/api/games", json=PAIRS).get_json()
    guarded = client.post("/api/games", json={**PAIRS, "pin": PIN}).get_json()
    client.post(f"/api/games/{guarded['id']}/hands", json=HAND, headers={"X-Table-PIN": PIN})
    return [client.get(f"/api/games/{g['id']}").get_json() for g in (plain, guarded)]


def dump(path: Path) -> dict:
    """Every game in the database at `path`, as `export` writes them."""
    conn = db.connect(str(path))
    try:
        return export.export_games(conn)
    finally:
        conn.conn.close()


def file_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


def wait_for(check, seconds: float = 20.0):
    """Poll `check()` until it returns something truthy (bounded); returns that value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"still not so after {seconds} s: {check}")


def one_value(path: Path, sql: str):
    """The first value `sql` reads from the database file at `path`, read directly (no app, no migration)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


def integrity(path: Path) -> str:
    return one_value(path, "PRAGMA integrity_check")
