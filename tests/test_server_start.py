"""Issue 23: `python app.py` that cannot start says why in one line and exits 1, never a traceback: the port in
use, a --host the machine does not have, a database damaged all through (through the real process)."""
import os
import socket
import sqlite3

import pytest

from .faults import start_refused


def one_line(refused) -> str:
    """The one line (stdout and stderr together) of a refusal with exit status 1."""
    assert refused.returncode == 1
    lines = [line for line in (refused.stdout + refused.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0]
    return lines[0]


@pytest.mark.slow
def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(start_refused(tmp_path / "games.sqlite", "--port", str(port)))
    assert line == (f"Meldbook cannot listen on 127.0.0.1:{port}: the port is in use already (by another "
                    "Meldbook, or another program); stop that one, or choose another port with --port.")


@pytest.mark.slow
@pytest.mark.parametrize("host, why", [
    ("192.0.2.1", "this machine has no such address"),  # TEST-NET-1: documentation only, never a machine's
    ("no-such-machine.invalid", "no machine of that name is known"),
])
def test_a_host_the_machine_does_not_have_is_one_line(tmp_path, host, why):
    line = one_line(start_refused(tmp_path / "games.sqlite", "--host", host))
    assert line.startswith(f"Meldbook cannot listen on {host}:")
    assert why in line and "--host" in line


def damaged_all_through(path) -> None:
    """A database whose pages are overwritten here and there (a failing disk): a hundred findings and more."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("CREATE INDEX notes_text ON notes (text)")
    conn.executemany("INSERT INTO notes (text) VALUES (?)", [(f"note {i} " * 5,) for i in range(3000)])
    conn.commit()
    conn.close()
    pages = os.path.getsize(path) // 4096
    with open(path, "r+b") as f:
        for page in range(3, pages, 3):
            f.seek(page * 4096 + 100)
            f.write(bytes(range(200)))
    conn = sqlite3.connect(path)
    found = "\n".join(row[0] for row in conn.execute("PRAGMA quick_check"))
    conn.close()
    assert len(found.splitlines()) > 30  # what the server used to print, one line each


@pytest.mark.slow
def test_a_database_damaged_all_through_is_one_line_naming_the_file(tmp_path):
    database = tmp_path / "damaged.sqlite"
    damaged_all_through(database)
    line = one_line(start_refused(database))
    assert line.startswith(f"Meldbook cannot use {database}: the file is damaged (")
    assert "more problems" in line and "put back a backup" in line
