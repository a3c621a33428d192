"""What the PIN tests share: the table's PIN, a wrong one, a stranger's address, a clock moved by hand, and
reading the stored wrong-PIN counts."""
from __future__ import annotations

import http.client
import json
import sqlite3

PIN = "0427"
WRONG = "1111"
STRANGER = {"REMOTE_ADDR": "10.0.0.66"}


class Clock:
    """The app's clock, moved by hand (app config CLOCK), so no test waits 30 seconds."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


def failures(app, game_id):
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return dict(conn.execute("SELECT client, failures FROM pin_failures WHERE game_id = ?", [game_id]).fetchall())
    finally:
        conn.close()


def call(server, method, path, body=None, pin=None, source="127.0.0.1"):
    """One request from the client address `source`: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json", **({"X-Table-PIN": pin} if pin else {})}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), json.loads(response.read() or b"null")
    finally:
        connection.close()


def counted(path, game_id):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT coalesce(sum(failures), 0) FROM pin_failures WHERE game_id = ?",
                            [game_id]).fetchone()[0]
    finally:
        conn.close()


def unhashed_text(document) -> str:
    """Every text in an exported document but its PIN hashes and its tables' own PINs (printed for the director, so
    exported as they are), one after another: what the director's PIN must not be found in. A 4-digit PIN is found by
    chance inside a 128-digit hexadecimal hash about once in five hundred exports, and is a table's own PIN about once
    in three thousand."""
    if isinstance(document, dict):
        table = "table" in document  # a round's table: its "pin" is that table's own
        return " ".join(f"{key} {unhashed_text(value)}" for key, value in document.items()
                        if not (table and key == "pin"))
    if isinstance(document, list):
        return " ".join(unhashed_text(value) for value in document)
    text = str(document)
    return "" if text.startswith("scrypt:") else text
