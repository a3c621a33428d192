"""API.md, Safety (every route): "Known hosts only".

A request whose Host is not one this server answers to is refused with 400 before anything runs
(DNS rebinding). It answers to localhost, 127.0.0.1, [::1], the address given to --host (for
0.0.0.0 / ::, every address of the machine's own interfaces), and names added with
--allow-host NAME (repeatable) or MELDBOOK_ALLOWED_HOSTS (comma-separated).
"""
import http.client
import json

import pytest

from app import create_app, main
from web.plumbing import hosts
from web.plumbing.network import own_addresses

from .faults import PONYTAIL
from .pages import error_page
from .server import Server


@pytest.mark.parametrize("host", ["localhost", "localhost:5000", "127.0.0.1", "127.0.0.1:8080", "[::1]",
                                  "[::1]:5000", "[0:0:0:0:0:0:0:1]:5000", "LOCALHOST:5000", "localhost."])
def test_the_loopback_names_are_answered(client, host):
    assert client.get("/api/variants", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:5000", "localhost.evil.example", "127.0.0.1.nip.io",
                                  "127.0.0.2", "[::2]", "[::1]x", "localhost:http", "local host", "", "xn--80ak6aa92e"])
def test_any_other_host_is_refused_with_400_in_words(client, host):
    response = client.get("/api/variants", headers={"Host": host})
    assert response.status_code == 400
    error, = response.get_json()["errors"]
    assert error["field"] == "Host"
    assert error["message"].startswith("This Meldbook does not answer to ")
    assert "--allow-host NAME" in error["message"]


def test_a_page_for_another_host_is_refused_with_a_page(client):
    response = client.get("/", headers={"Host": "rebound.example"})
    assert response.status_code == 400 and response.mimetype == "text/html"
    [said] = error_page(response)
    assert said.startswith("This Meldbook does not answer to the name “rebound.example”.")
    assert "--allow-host NAME" in said


def test_nothing_runs_for_another_host(client, make_game):
    game = make_game()
    # a write another site's page sends: refused for its host before the cross-site check would say 403
    stranger = {"Host": "evil.example", "Origin": "http://evil.example"}
    cross = client.post(f"/api/games/{game['id']}/end", headers=stranger)
    assert cross.status_code == 400 and cross.get_json()["errors"][0]["field"] == "Host"
    created = client.post("/api/games", json=PONYTAIL, headers={"Host": "evil.example"})
    assert created.status_code == 400
    # and before routing: an address that does not exist is no 404 for a stranger
    assert client.get("/api/nowhere", headers={"Host": "evil.example"}).status_code == 400
    assert [g["id"] for g in client.get("/api/games").get_json()] == [game["id"]]
    assert client.get(f"/api/games/{game['id']}").get_json()["finished"] is False


def test_names_from_the_environment_are_answered(tmp_path, monkeypatch):
    monkeypatch.setenv("MELDBOOK_ALLOWED_HOSTS", " table.lan , meldbook.local,fe80::1")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "x"})
    client = app.test_client()
    for host in ("table.lan", "meldbook.local:5000", "[fe80::1]:5000", "localhost"):
        assert client.get("/api/variants", headers={"Host": host}).status_code == 200, host
    assert client.get("/api/variants", headers={"Host": "other.lan"}).status_code == 400


def test_the_whole_network_means_every_address_of_this_machine(tmp_path):
    allowed = hosts.for_server("0.0.0.0", own_addresses(), [])
    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "x",
                         "ALLOWED_HOSTS": allowed}).test_client()
    addresses = own_addresses()
    assert "127.0.0.1" in addresses and "::1" in addresses
    for address in addresses:
        host = f"[{address}]:5000" if ":" in address else f"{address}:5000"
        assert client.get("/api/variants", headers={"Host": host}).status_code == 200, host
    assert client.get("/api/variants", headers={"Host": "192.0.2.254"}).status_code == 400


def test_one_address_means_that_address_only(tmp_path):
    assert hosts.for_server("192.168.1.20", ["192.168.1.20", "10.0.0.5"], ["pi.local"])[-2:] == ["192.168.1.20",
                                                                                                  "pi.local"]
    assert "10.0.0.5" not in hosts.for_server("192.168.1.20", ["192.168.1.20", "10.0.0.5"], [])


def test_a_name_that_can_never_match_is_refused_at_start(capsys):
    assert main(["--allow-host", "bad name!"]) == 1
    err = capsys.readouterr().err
    assert "“bad name!” is not a host name or address" in err and len(err.splitlines()) == 1


def ask(port: int, host: str, method: str = "GET", path: str = "/api/games", body: bytes | None = None):
    """A request naming `host` in its Host header, sent to the server on 127.0.0.1."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Host": host, "Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


@pytest.mark.slow
def test_the_real_server_answers_its_names_and_refuses_others(tmp_path):
    server = Server(tmp_path / "games.sqlite", "--allow-host", "meldbook.local", "--allow-host", "table.lan")
    try:
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "meldbook.local", "table.lan:80"):
            assert ask(server.port, host)[0] == 200, host
        status, body = ask(server.port, "attacker.example", "POST", "/api/games", json.dumps(PONYTAIL).encode())
        assert status == 400 and body["errors"][0]["field"] == "Host"
        assert ask(server.port, f"127.0.0.1:{server.port}") == (200, [])  # nothing was created
    finally:
        server.stop()
