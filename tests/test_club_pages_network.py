"""Issue 31 item 6: `make run` serves the room's network and says so; `python app.py` keeps API.md's loopback default
and says phones cannot reach it; every page that shows an address or a QR code says so too, and how to fix it."""
from __future__ import annotations

import socket
import subprocess

import pytest

from app import create_app
from tests.pages import read
from tests.server import ROOT, Server
from web.plumbing.network import lan_addresses
from tests.event_page_helpers import create, rounds, start

NOTE = "Phones cannot open this address yet"


def test_make_run_serves_the_network_and_a_later_host_still_wins():
    said = subprocess.run(["make", "--no-print-directory", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert said.strip().splitlines()[-1].endswith("app.py --host 0.0.0.0")
    said = subprocess.run(["make", "--no-print-directory", "-n", "run", "ARGS=--host 127.0.0.1"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout
    assert said.strip().splitlines()[-1].endswith("app.py --host 0.0.0.0 --host 127.0.0.1")


@pytest.mark.parametrize("host, words", [
    (None, "running on this computer only: phones cannot reach it"),  # python app.py: API.md's default
    ("0.0.0.0", "running on the network: phones and tablets on the same Wi-Fi can join"),
])
def test_the_server_says_whether_phones_can_join(tmp_path, host, words):
    with socket.socket() as s:  # free on every address (a port just freed on 127.0.0.1 may still wait on another)
        s.bind(("0.0.0.0", 0))
        port = s.getsockname()[1]
    running = Server(tmp_path / "games.sqlite", *(["--host", host] if host else []), port=port)
    try:
        assert words in running.banner
        assert "http://127.0.0.1:" in running.banner
    finally:
        running.stop()


def test_make_runs_banner_lists_the_phones_addresses_first_and_says_which_is_this_computers(tmp_path):
    """walk-american-samba-bolivia L14: 127.0.0.1 came first under "Open one of these addresses", nothing saying that
    phones need the other one."""
    running = Server(tmp_path / "games.sqlite", "--host", "0.0.0.0")
    try:
        lines = running.banner.splitlines()
        here = next(i for i, line in enumerate(lines) if "127.0.0.1" in line)
        assert "phones cannot open this one" in lines[here - 1]
        for address in lan_addresses():  # each phone's address under "On the phones and tablets", before it
            at = next(i for i, line in enumerate(lines) if f"http://{address}:{running.port}/" in line)
            assert at < here and "On the phones and tablets, open:" in lines[:at]
        if not lan_addresses():
            assert any("No network address was found" in line for line in lines)
    finally:
        running.stop()


def pages(tmp_path, listening: str | None):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{listening}.sqlite"), "SECRET_KEY": "test",
                      **({"LISTEN_HOST": listening} if listening else {})})
    client = app.test_client()
    event_id = create(client)
    start(client, event_id)
    game_id = rounds(client, event_id)[0]["tables"][0]["game"]
    return read(client.get(f"/events/{event_id}")), read(client.get(f"/games/{game_id}"))


@pytest.mark.parametrize("listening", ["127.0.0.1", "::1", "localhost"])
def test_pages_with_an_address_say_phones_cannot_reach_a_server_on_this_computer_only(tmp_path, listening):
    for page in pages(tmp_path, listening):
        note = next(p for p in page.walk() if "only-here" in p.get("class", "").split())
        assert NOTE in note.text and "make run" in note.text and "--host 0.0.0.0" in note.text


@pytest.mark.parametrize("listening", ["0.0.0.0", "::", "192.168.1.20", None])
def test_pages_say_nothing_when_phones_can_reach_it(tmp_path, listening):
    for page in pages(tmp_path, listening):
        assert NOTE not in page.text()
