"""Which addresses `python app.py --host 0.0.0.0` tells the table to open."""
import pytest

from web.plumbing import network

from .server import Server


def test_interfaces_are_asked_of_the_kernel():
    # the loopback interface always has 127.0.0.1: the kernel query works on this machine
    assert "127.0.0.1" in network._interface_addresses()


def test_lan_addresses_leave_out_loopback(monkeypatch):
    monkeypatch.setattr(network, "_interface_addresses", lambda: ["127.0.0.1", "192.168.1.20"])
    monkeypatch.setattr(network.socket, "getaddrinfo", lambda *a: [(0, 0, 0, "", ("127.0.1.1", 0))])
    assert network.lan_addresses() == ["192.168.1.20"]


@pytest.mark.slow
def test_whole_network_start_prints_every_lan_address(tmp_path):
    server = Server(tmp_path / "games.sqlite", "--host", "0.0.0.0")
    try:
        assert f"http://127.0.0.1:{server.port}/" in server.banner
        for address in network.lan_addresses():
            assert f"http://{address}:{server.port}/" in server.banner
    finally:
        server.stop()
