"""This machine's addresses on the table's network, for the start-up message and the QR code."""
from __future__ import annotations

import socket
import struct

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def lan_addresses() -> list[str]:
    """The IPv4 addresses other devices on the network can reach this machine at (no loopback)."""
    found = set(_interface_addresses())
    try:  # elsewhere, or as well: what the host name resolves to
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def _interface_addresses() -> list[str]:
    """Each network interface's address, asked of the kernel (sends nothing on the network).

    Debian and Raspberry Pi OS resolve the host name to 127.0.1.1, so the name alone would
    find no address a phone can reach.
    """
    try:
        import fcntl
        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError):
        return []
    addresses = []
    for name in names:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # no IPv4 address on this interface
            addresses.append(socket.inet_ntoa(packed[20:24]))
    return addresses
